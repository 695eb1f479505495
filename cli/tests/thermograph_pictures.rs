//! `thermograph P` drawn as a picture: by `grundy run --plot` (SVG or PNG
//! by the file name) and by the REPL's `:plot`, the same file either way;
//! Left's wall on the left (values run from + to −), the mast and the
//! temperature marked.

use std::path::PathBuf;
use std::process::Command;

use grundy_cli::repl::Repl;

const BIN: &str = env!("CARGO_BIN_EXE_grundy");

const DOMINEERING: &str = "game Domineering(cells) {
    left move Domineering(cells - {(r, c), (r + 1, c)}) for (r, c) in cells if (r + 1, c) in cells
    right move Domineering(cells - {(r, c), (r, c + 1)}) for (r, c) in cells if (r, c + 1) in cells
}
";

/// The 2 × 3 board: {2|-1/2}, mean 3/4, temperature 5/4.
const QUERY: &str = "thermograph Domineering({(r, c) for r in 0..2, c in 0..3})";

/// A fresh folder of this test's own, removed when it is dropped.
fn dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("grundy-thermo-{name}-"))
        .tempdir()
        .unwrap()
}

fn run_plot(d: &std::path::Path, file: &str) -> PathBuf {
    let game = d.join("t.game");
    std::fs::write(&game, format!("{DOMINEERING}{QUERY}\n")).unwrap();
    let out = d.join(file);
    let o = Command::new(BIN)
        .arg("run")
        .arg(&game)
        .arg("--plot")
        .arg(&out)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("Thermograph(3/4,[5/4]"), "{stdout}");
    out
}

/// The x coordinates of a polyline's points.
fn xs(svg: &str, class: &str) -> Vec<f64> {
    let key = format!("class=\"{class}\" points=\"");
    let start = svg.find(&key).unwrap() + key.len();
    let pts = &svg[start..start + svg[start..].find('"').unwrap()];
    pts.split(' ')
        .map(|p| p.split(',').next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn run_plot_writes_the_thermograph_as_svg() {
    let d_tmp = dir("svg");
    let d = d_tmp.path();
    let svg = std::fs::read_to_string(run_plot(d, "th.svg")).unwrap();
    let (l, r) = (xs(&svg, "left-wall"), xs(&svg, "right-wall"));
    // Left's wall starts at value 3, Right's at −3/2, and + is on the left.
    assert!(l[0] < r[0], "{l:?} {r:?}");
    // Both walls end on the mast, at the same x.
    assert!((l.last().unwrap() - r.last().unwrap()).abs() < 1e-6);
    for mark in [
        "class=\"mast\"",
        "class=\"temperature\"",
        "temperature 5/4",
        "mean 3/4",
        "+ (Left)",
        "− (Right)",
        "temperature t",
        "thermograph of Domineering(",
    ] {
        assert!(svg.contains(mark), "{mark} missing");
    }
}

#[test]
fn run_plot_writes_a_png_with_blue_left_and_red_right() {
    let d_tmp = dir("png");
    let d = d_tmp.path();
    let bytes = std::fs::read(run_plot(d, "th.png")).unwrap();
    let p = resvg::tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    let (w, h) = (p.width(), p.height());
    let (mut blue, mut red) = ((0u32, 0u64), (0u32, 0u64));
    for y in 0..h {
        for x in 0..w {
            let c = p.pixel(x, y).unwrap();
            let (r, g, b) = (c.red(), c.green(), c.blue());
            if b > 150 && r < 80 && g < 130 {
                blue.0 += 1;
                blue.1 += u64::from(x);
            }
            if r > 180 && g < 80 && b < 80 {
                red.0 += 1;
                red.1 += u64::from(x);
            }
        }
    }
    assert!(blue.0 > 200 && red.0 > 200, "{blue:?} {red:?}");
    // Left's (blue) wall lies left of Right's (red) on average.
    assert!(blue.1 / u64::from(blue.0) < red.1 / u64::from(red.0));
}

#[test]
fn repl_plot_draws_the_same_thermograph() {
    let d_tmp = dir("repl");
    let d = d_tmp.path();
    let mut r = Repl::new(1_000_000);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    r.handle(DOMINEERING, &mut out, &mut err);
    r.handle(QUERY, &mut out, &mut err);
    let mine = d.join("repl.svg");
    out.clear();
    r.handle(&format!(":plot {}", mine.display()), &mut out, &mut err);
    assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("wrote {}\n", mine.display())
    );
    let theirs = run_plot(d, "run.svg");
    assert_eq!(
        std::fs::read_to_string(mine).unwrap(),
        std::fs::read_to_string(theirs).unwrap()
    );
}

#[test]
fn the_picture_in_the_docs_is_what_grundy_draws() {
    let d_tmp = dir("docs");
    let d = d_tmp.path();
    let drawn = std::fs::read_to_string(run_plot(d, "docs.svg")).unwrap();
    let docs = include_str!("../../docs/pictures/thermograph-domineering.svg");
    assert_eq!(
        drawn, docs,
        "docs/pictures/thermograph-domineering.svg is out of date: write it again with `grundy run --plot`"
    );
}
