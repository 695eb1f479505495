//! Pictures: every kind rendered to PNG (size and a few pixels checked), the
//! real parameter on the axes, infinite values and draws marked apart.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use resvg::tiny_skia::Pixmap;

fn grundy(args: &[&str]) -> std::process::Output {
    Command::new(common::grundy_bin())
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run grundy")
}

/// A fresh folder of this test's own, removed when it is dropped.
fn dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("grundy-pictures-{name}-"))
        .tempdir()
        .unwrap()
}

/// Run a game file with `--plot FILE` (or `--svg FILE`).
fn run(d: &Path, source: &str, flag: &str, file: &str) -> PathBuf {
    let game = d.join("g.game");
    std::fs::write(&game, source).unwrap();
    let out = d.join(file);
    let o = grundy(&["run", game.to_str().unwrap(), flag, out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out
}

fn png(path: &Path) -> Pixmap {
    let bytes = std::fs::read(path).expect("picture written");
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{path:?} is a PNG");
    Pixmap::decode_png(&bytes).expect("a PNG tiny-skia reads")
}

/// The pixel (r, g, b) at (x, y).
fn px(p: &Pixmap, x: u32, y: u32) -> (u8, u8, u8) {
    let c = p.pixel(x, y).expect("inside the picture");
    (c.red(), c.green(), c.blue())
}

/// How many pixels of the box are far from white.
fn inked(p: &Pixmap, x0: u32, y0: u32, x1: u32, y1: u32) -> usize {
    let mut n = 0;
    for y in y0..y1.min(p.height()) {
        for x in x0..x1.min(p.width()) {
            let (r, g, b) = px(p, x, y);
            if u32::from(r) + u32::from(g) + u32::from(b) < 600 {
                n += 1;
            }
        }
    }
    n
}

/// Opaque white corners: no transparent strip anywhere at the edges.
fn white_corners(p: &Pixmap) {
    let (w, h) = (p.width(), p.height());
    for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
        let c = p.pixel(x, y).unwrap();
        assert_eq!(c.alpha(), 255, "opaque at ({x}, {y})");
        assert_eq!(px(p, x, y), (255, 255, 255), "white at ({x}, {y})");
    }
}

const TAKE: &str = "game S(n) {\n    move S(n - k) for k in [1, 2, 3] if k <= n\n}\n";

/// A loopy game: 4 <-> 5 (and 11 <-> 12, …) are traps, so most values are ∞.
const LOOPY: &str = "game L(n) {\n    move L(n + 1) if n % 7 == 4\n    move L(n - 1) if n % 7 == 5\n    \
                     move L(n - k) for k in [1, 2, 3] if k <= n and n % 7 != 4 and n % 7 != 5\n}\n";

#[test]
fn sequence_axis_starts_at_the_first_n() {
    let d_tmp = dir("axis");
    let d = d_tmp.path();
    let svg = run(
        d,
        &format!("{TAKE}sequence S 100..=160\n"),
        "--plot",
        "s.svg",
    );
    let text = std::fs::read_to_string(svg).unwrap();
    assert!(text.contains("n from 100"));
    // x ticks are centred numbers: the first is 100, the last 160, none is 0.
    assert!(
        text.contains(r#"text-anchor="middle">100</text>"#),
        "{text}"
    );
    assert!(text.contains(r#"text-anchor="middle">160</text>"#));
    assert!(!text.contains(r#"text-anchor="middle">0</text>"#));
    assert!(!text.contains(r#"text-anchor="middle">60</text>"#));
}

#[test]
fn sequence_png() {
    let d_tmp = dir("seq");
    let d = d_tmp.path();
    let p = png(&run(
        d,
        &format!("{TAKE}sequence S 100..=160\n"),
        "--plot",
        "s.png",
    ));
    assert_eq!((p.width(), p.height()), (900, 500));
    white_corners(&p);
    assert!(inked(&p, 300, 5, 600, 30) > 50, "a title");
    assert!(inked(&p, 60, 455, 760, 475) > 50, "x tick labels");
    assert!(inked(&p, 75, 40, 750, 445) > 100, "points");
}

#[test]
fn loopy_values_are_hollow_marks_not_zeros() {
    let d_tmp = dir("loopy");
    let d = d_tmp.path();
    let svg = run(d, &format!("{LOOPY}sequence L 0..=14\n"), "--plot", "l.svg");
    let text = std::fs::read_to_string(&svg).unwrap();
    // 0..=3 finite (one of them 0), 4..=14 infinite: 11 hollow circles and
    // one in the legend; only n = 0 sits on the zero line.
    assert_eq!(text.matches(r#"<g fill="white" stroke="black""#).count(), 1);
    let hollow = text
        .split(r#"<g fill="white" stroke="black""#)
        .nth(1)
        .unwrap();
    let hollow = hollow.split("</g>").next().unwrap();
    assert_eq!(hollow.matches("<circle").count(), 11);
    assert!(text.contains("∞ (loopy)"));
    assert!(text.contains(">∞</text>"), "the ∞ row has a tick");
    let p = png(&run(
        d,
        &format!("{LOOPY}sequence L 0..=14\n"),
        "--plot",
        "l.png",
    ));
    assert_eq!((p.width(), p.height()), (900, 500));
    white_corners(&p);
    assert!(
        inked(&p, 750, 30, 900, 60) > 20,
        "the legend, right of the plot"
    );
}

#[test]
fn table_png_has_ticks_colour_bar_and_black_zeros() {
    let d_tmp = dir("table");
    let d = d_tmp.path();
    let src = format!("{TAKE}table a in 0..=6, b in 0..=6: S(a) + S(b)\n");
    let svg = std::fs::read_to_string(run(d, &src, "--plot", "t.svg")).unwrap();
    // Integer sizes, ticks with the parameters, a colour bar.
    assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="560" height="410""#));
    assert!(svg.contains(r#"text-anchor="end">6</text>"#), "row ticks");
    assert!(svg.contains("linearGradient"), "a colour bar");
    assert!(svg.contains("0..=6, 0..=6"), "the ranges in the title");
    let p = png(&run(d, &src, "--plot", "t.png"));
    assert_eq!((p.width(), p.height()), (560, 410));
    white_corners(&p);
    // The cells start at (70, 70), 40 pixels each: (0, 0) is 0 (black),
    // (0, 1) is 1 (a colour, not black, not white).
    assert_eq!(px(&p, 90, 90), (0, 0, 0));
    let (r, g, b) = px(&p, 130, 90);
    assert!(u32::from(r) + u32::from(g) + u32::from(b) > 100 && (r, g, b) != (255, 255, 255));
    assert!(inked(&p, 60, 40, 360, 66) > 30, "column ticks");
    assert!(inked(&p, 30, 70, 66, 350) > 30, "row ticks");
    assert!(inked(&p, 370, 70, 560, 330) > 200, "legend and colour bar");
}

#[test]
fn small_tables_have_integer_sizes() {
    let d_tmp = dir("small");
    let d = d_tmp.path();
    let src = format!("{TAKE}table a in 0..=3, b in 0..=9: S(a) + S(b)\n");
    let svg = std::fs::read_to_string(run(d, &src, "--plot", "t.svg")).unwrap();
    let head = svg.lines().next().unwrap();
    let size = |attr: &str| -> String {
        head.split(&format!("{attr}=\""))
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .to_string()
    };
    assert!(size("width").parse::<u32>().is_ok(), "{head}");
    assert!(size("height").parse::<u32>().is_ok(), "{head}");
    let p = png(&run(d, &src, "--plot", "t.png"));
    white_corners(&p);
}

#[test]
fn infinite_cells_are_hatched_with_their_value() {
    let d_tmp = dir("loopytable");
    let d = d_tmp.path();
    let src = format!("{LOOPY}table a in 0..=7, b in 0..=3: L(a) + L(b)\n");
    let svg = std::fs::read_to_string(run(d, &src, "--plot", "t.svg")).unwrap();
    assert!(svg.contains("(6, 0): ∞{3}"), "hover text is the value");
    assert!(!svg.contains("18446744073709551615"));
    assert_eq!(svg.matches(r#"fill="url(#hatch)"><title>"#).count(), 4 * 4);
    assert!(svg.contains("∞ (loopy)"));
    let p = png(&run(d, &src, "--plot", "t.png"));
    white_corners(&p);
    // Row 4 (cells from y = 70 + 4 * 40): hatched, white and grey lines.
    let mut shades = std::collections::BTreeSet::new();
    for x in 72..108 {
        shades.insert(px(&p, x, 70 + 4 * 40 + 20));
    }
    assert!(
        shades.contains(&(255, 255, 255)) && shades.len() > 2,
        "{shades:?}"
    );
}

#[test]
fn misere_pictures_mark_draws() {
    let d_tmp = dir("misere");
    let d = d_tmp.path();
    let src = format!(
        "{LOOPY}sequence misere L 0..=14\ntable misere a in 0..=5, b in 0..=5: L(a) + L(b)\n"
    );
    let first = run(d, &src, "--plot", "m.svg");
    let seq = std::fs::read_to_string(&first).unwrap();
    assert!(seq.contains("D (draw)") && seq.contains(">D</text>"));
    let table = std::fs::read_to_string(d.join("m-2.svg")).unwrap();
    assert!(table.contains("D (draw)"));
    assert!(table.contains("(4, 4): D"));
    run(d, &src, "--plot", "m.png");
    let p = png(&d.join("m.png"));
    assert_eq!((p.width(), p.height()), (900, 500));
    white_corners(&p);
    let p = png(&d.join("m-2.png"));
    white_corners(&p);
    // (0, 1) is misère P: black.
    assert_eq!(px(&p, 130, 90), (0, 0, 0));
}

#[test]
fn octal_png_marks_the_period_and_keeps_the_legend_outside() {
    let d_tmp = dir("octal");
    let d = d_tmp.path();
    let svg = d.join("o.svg");
    let o = grundy(&["octal", "0.07", "--plot", svg.to_str().unwrap()]);
    assert!(o.status.success());
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("period 34") && text.contains("from n = 53"));
    assert!(
        text.contains("stroke-dasharray"),
        "a marker at the preperiod"
    );
    let out = d.join("o.png");
    let o = grundy(&["octal", "0.07", "--plot", out.to_str().unwrap()]);
    assert!(o.status.success());
    let p = png(&out);
    assert_eq!((p.width(), p.height()), (900, 500));
    white_corners(&p);
    // The legend is right of the plot area (which ends at x = 750).
    assert!(inked(&p, 760, 30, 900, 110) > 50, "legend");
    // The dashed green line somewhere over the plot.
    let green = (0..500)
        .flat_map(|y| (70..750).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let (r, g, b) = px(&p, x, y);
            let (r, g, b) = (u32::from(r), u32::from(g), u32::from(b));
            g > 120 && g > r + 60 && g > b + 60
        })
        .count();
    assert!(green > 100, "{green}");
}

#[test]
fn dot_png_through_graphviz() {
    if Command::new("dot").arg("-V").output().is_err() {
        return; // Graphviz missing: tests/cli.rs checks the diagnostic.
    }
    let d_tmp = dir("dot");
    let d = d_tmp.path();
    let src = "graph T { a -> b; b -> a; b -> c; d -> c; e -> f; f -> e }\ndot T\n";
    let p = png(&run(d, src, "--svg", "g.png"));
    assert!(p.width() > 100 && p.height() > 100);
    white_corners(&p);
    // Somewhere a draw (grey) and a P-position (blue) are filled.
    let mut grey = 0;
    let mut blue = 0;
    for y in 0..p.height() {
        for x in 0..p.width() {
            match px(&p, x, y) {
                (0xee, 0xee, 0xee) => grey += 1,
                (0x6b, 0xae, 0xd6) => blue += 1,
                _ => {}
            }
        }
    }
    assert!(grey > 100 && blue > 100, "{grey} {blue}");
}

#[test]
fn svg_to_png_keeps_the_size_and_paints_white() {
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="31" height="17"><rect x="0" y="0" width="5" height="5" fill="black"/></svg>"#;
    let (bytes, _fonts) = grundy::render::svg_to_png(svg).unwrap();
    let p = Pixmap::decode_png(&bytes).unwrap();
    assert_eq!((p.width(), p.height()), (31, 17));
    assert_eq!(px(&p, 2, 2), (0, 0, 0));
    assert_eq!(px(&p, 30, 16), (255, 255, 255));
    assert_eq!(p.pixel(30, 16).unwrap().alpha(), 255);
    assert!(grundy::render::svg_to_png("<svg").is_err());
}

/// `pictures::svg_of` (the Python package's pictures) draws in memory the
/// same SVG `--plot`/`--svg` write, and nothing for an answer without one.
#[test]
fn svg_of_is_the_picture_plot_writes() {
    use grundy::{Mode, Session};
    let cases = [
        ("game K = octal 0.77\nsequence K 0..=20\n", true),
        (
            "game W(a, b) { move W(a - k, b) for k in 1..=a }\ntable W 0..=3, 0..=4\n",
            true,
        ),
        (
            "game S = subtraction {1, 2}\nsequence misere S 0..=9\n",
            true,
        ),
        ("grundy Nim(3) + Nim(5)\n", false),
    ];
    let d_tmp = dir("svg_of");
    let d = d_tmp.path();
    for (i, (source, has_picture)) in cases.into_iter().enumerate() {
        let mut session = Session::new(1_000_000);
        let mut answers = Vec::new();
        assert!(session.run_text("g.game", source, Mode::Run, &mut |_, r| {
            answers.push(r.expect("the query answers"));
        }));
        let [answer] = &answers[..] else {
            panic!("one answer for {source}")
        };
        let svg = grundy::render::svg_of(answer).map(|r| r.expect("drawn"));
        assert_eq!(svg.is_some(), has_picture, "{source}");
        if let Some(svg) = svg {
            let file = run(d, source, "--plot", &format!("p{i}.svg"));
            assert_eq!(svg, std::fs::read_to_string(file).unwrap(), "{source}");
        }
    }
}

/// A sequence and a table over bindings of integers (and booleans) are
/// drawn as a plot and a heatmap, as LANGUAGE.md says; a sequence of other
/// values (game values) has no plot.
#[test]
fn sequences_and_tables_of_values_are_drawn() {
    let d_tmp = dir("values");
    let d = d_tmp.path();
    let seq = run(d, "sequence n in 0..=20: n * 3 % 7\n", "--plot", "seq.png");
    let p = png(&seq);
    white_corners(&p);
    assert!(inked(&p, 0, 0, p.width(), p.height()) > 100, "points drawn");
    let table = run(
        d,
        "table a in 0..=5, b in 0..=5: xor(a, b)\n",
        "--plot",
        "t.svg",
    );
    let svg = std::fs::read_to_string(&table).expect("the table drawn");
    assert!(svg.starts_with("<svg"), "{svg}");
    let bools = run(d, "sequence n in 0..=9: n % 3 == 0\n", "--plot", "b.svg");
    assert!(bools.exists(), "booleans are drawn as 0 and 1");
    let game = d.join("g.game");
    std::fs::write(&game, "sequence n in 1..=3: value(*n + *1)\n").unwrap();
    let out = d.join("none.svg");
    let o = grundy(&[
        "run",
        game.to_str().unwrap(),
        "--plot",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(!out.exists(), "game values have no plot");
}
