//! Boards drawn: `dot` of partizan positions (checked against the impartial
//! drawing of the same game, and rendered by Graphviz), boards as squares
//! in the nodes, board rows under positions in text answers, and games'
//! `show_` functions.

use crate::common;

use std::process::Command;

use common::{answers, texts_or_codes};
use grundy::Answer;
use proptest::prelude::*;

const CLOBBER: &str = r##"
game Clobber(b) {
    left move parts(put(put(b, c, "#"), d, "x")) for c in cells(b, "x"), d in neighbours(b, c) if b[d] == "o"
    right move parts(put(put(b, c, "#"), d, "o")) for c in cells(b, "o"), d in neighbours(b, c) if b[d] == "x"
}
fn parts(b) = sum([Clobber(canonical(p)) for p in components(b)])
"##;

fn dot_of(text: &str) -> String {
    match answers(text).pop() {
        Some(Answer::Dot { dot, .. }) => dot,
        other => panic!("not a dot answer: {other:?}"),
    }
}

/// The vertices of DOT text (`vN [label=...`) with their label, and the
/// edges (from, to, attributes).
fn parse_dot(dot: &str) -> (Vec<String>, Vec<(usize, usize, String)>) {
    let mut vertices = Vec::new();
    let mut edges = Vec::new();
    for line in dot.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix('v') {
            if let Some((a, b)) = rest.split_once(" -> v") {
                let (b, attrs) = b.split_once([' ', ';']).unwrap_or((b, ""));
                edges.push((a.parse().unwrap(), b.parse().unwrap(), attrs.to_string()));
            } else if let Some((n, label)) = rest.split_once(" [label=") {
                assert_eq!(n.parse::<usize>().unwrap(), vertices.len());
                vertices.push(label.to_string());
            }
        }
    }
    (vertices, edges)
}

/// A label's text lines (the name and the value), quoted labels only.
fn label_text(label: &str) -> String {
    let end = label.find("\", fillcolor").expect("a quoted label");
    label[1..end].replace("\\n", "\n").replace(" (final)", "")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// A game written with the same `left move` and `right move` lines is
    /// the impartial game: its partizan `dot` has the impartial one's
    /// vertices in the same order, every move twice (once each player's),
    /// and the nimber of each Grundy value.
    #[test]
    fn partizan_dot_of_an_impartial_game_is_the_impartial_dot(
        set in prop::collection::btree_set(1i64..=4, 1..=3),
        n in 0i64..=9,
        m in 0i64..=4,
    ) {
        let s: Vec<String> = set.iter().map(std::string::ToString::to_string).collect();
        let s = s.join(", ");
        let text = format!(
            "game A(n) {{ move A(n - k) for k in [{s}] if k <= n }}\n\
             game B(n) {{\n  left move B(n - k) for k in [{s}] if k <= n\n  right move B(n - k) for k in [{s}] if k <= n\n}}\n"
        );
        let (va, ea) = parse_dot(&dot_of(&format!("{text}dot A({n}) + A({m})")));
        let (vb, eb) = parse_dot(&dot_of(&format!("{text}dot B({n}) + B({m})")));
        prop_assert_eq!(va.len(), vb.len());
        for (a, b) in va.iter().zip(&vb) {
            let (a, b) = (label_text(a), label_text(b));
            let (name_a, g) = a.split_once('\n').unwrap();
            let (name_b, value) = b.split_once('\n').unwrap();
            prop_assert_eq!(name_a.replace('A', "B"), name_b);
            let nimber = match g {
                "0" => "0".to_string(),
                "1" => "*".to_string(),
                g => format!("*{g}"),
            };
            prop_assert_eq!(value, nimber.as_str());
        }
        let plain: std::collections::BTreeSet<(usize, usize)> =
            ea.iter().map(|(a, b, _)| (*a, *b)).collect();
        prop_assert_eq!(eb.len(), 2 * plain.len());
        for (a, b, attrs) in &eb {
            prop_assert!(plain.contains(&(*a, *b)));
            prop_assert!(attrs.contains("color="), "{}", attrs);
        }
        let left = eb.iter().filter(|(.., at)| !at.contains("dashed")).count();
        prop_assert_eq!(left, plain.len());
    }
}

#[test]
fn clobber_dot_draws_boards_and_both_players_moves() {
    let dot = dot_of(&format!("{CLOBBER}dot Clobber(grid([\"xo\", \"ox\"]))"));
    let (vertices, edges) = parse_dot(&dot);
    // xo|ox (*), its Left option xo|x# (^), its Right option oo|x# (v),
    // the lone xo (*) they both reach, and the end of the game.
    assert_eq!(vertices.len(), 5, "{dot}");
    assert_eq!(edges.len(), 8, "{dot}");
    let boards = vertices.iter().filter(|l| l.starts_with("<<TABLE")).count();
    assert_eq!(boards, 4, "every position with a board is drawn as one");
    assert!(
        vertices[0].contains("<TR><TD>*</TD></TR>"),
        "{}",
        vertices[0]
    );
    assert!(vertices[1].contains("<TR><TD>^</TD></TR>"));
    assert!(vertices[2].contains("<TR><TD>v</TD></TR>"));
    assert_eq!(label_text(&vertices[3]), "0\n0");
    // Four cells of the first board: two of Left's stones, two of Right's.
    assert_eq!(vertices[0].matches("#2c5d9e").count(), 2);
    assert_eq!(vertices[0].matches("#b23a30").count(), 2);
    // The holes the moves leave have no border.
    assert!(vertices[1].contains("<TD BORDER=\"0\""));
    let (left, right): (Vec<_>, Vec<_>) = edges.iter().partition(|e| !e.2.contains("dashed"));
    assert_eq!(left.len(), 4);
    assert_eq!(right.len(), 4);
    assert!(dot.contains("L: Left wins") && dot.contains("R: Right wins"));
    assert!(dot.contains("red dashed arrow: a move of Right's"));
}

#[test]
fn impartial_boards_are_drawn_in_dot_too() {
    let cram = r"
game Cram(b) {
    move Cram(c) for c in place(b, [(0, 0), (0, 1)])
    move Cram(c) for c in place(b, [(0, 0), (1, 0)])
}
dot Cram(grid(2, 2))
";
    let dot = dot_of(cram);
    let (vertices, _) = parse_dot(&dot);
    // 2×2, the four boards with one domino laid, and the full board.
    assert_eq!(vertices.len(), 6, "{dot}");
    let boards = vertices.iter().filter(|l| l.starts_with("<<TABLE")).count();
    assert_eq!(boards, 5, "all but the end of the game: {dot}");
    assert!(dot.contains("(final)"));
    assert!(dot.contains("peripheries=2"), "the kernel is still marked");
}

#[test]
fn partizan_dot_refuses_large_graphs() {
    let out = texts_or_codes(&format!(
        "{CLOBBER}dot Clobber(grid([\"xoxo\", \"oxox\", \"xoxo\", \"oxox\"]))"
    ));
    assert!(
        out[0].starts_with("error grundy::query::unsupported"),
        "{out:?}"
    );
}

#[test]
fn text_answers_draw_boards_under_positions() {
    let out = texts_or_codes(&format!(
        "{CLOBBER}moves Clobber(grid([\"xo\", \"ox\"]))\nClobber(grid([\"xo\", \"ox\"])) + Clobber(grid(\"xo\"))\nwinning Clobber(grid(\"xo\")) for left"
    ));
    assert_eq!(
        out[0],
        "moves Clobber(grid(\"xo|ox\")):\n  left  Clobber(grid(\"xo|x#\"))  [value ^]\n          xo\n          x#\n  right Clobber(grid(\"oo|x#\"))  [value v]\n          oo\n          x#"
    );
    assert_eq!(
        out[1],
        "Clobber(grid(\"xo|ox\")) + Clobber(grid(\"xo\"))\n  xo + xo\n  ox"
    );
    // One-row boards are not drawn again.
    assert_eq!(out[2].lines().count(), 2, "{}", out[2]);
}

#[test]
fn show_functions_print_positions_and_never_merge_them() {
    let game = "game G(n) { move G(n - k) for k in 1..=n }\n";
    let out = texts_or_codes(&format!(
        "{game}fn show_G(n) = if n % 2 == 0 then \"even\" else \"odd\"\nmoves G(3)\ngrundy G(3)\n[G(1), G(2)]\nsequence k in 0..=3: G(k)"
    ));
    assert_eq!(
        out[0],
        "moves G(odd):\n  G(even)  [grundy 2]\n  G(odd)  [grundy 1]\n  G(even)  [grundy 0]"
    );
    assert_eq!(out[1], "grundy G(odd) = 3");
    assert_eq!(out[2], "[G(odd), G(even)]");
    // Values are the positions', not the texts'.
    assert!(out[3].ends_with(": 0 1 2 3"), "{}", out[3]);
    // JSON prints positions the same way.
    let mut s = grundy::Session::default();
    let mut json = Vec::new();
    s.run_text(
        "t.game",
        &format!("{game}fn show_G(n) = \"g\" + \"!\"\nwinning G(2)"),
        grundy::Mode::Run,
        &mut |_, r| json.push(grundy::render::json(&r.unwrap()).to_string()),
    );
    assert!(json[0].contains("\"position\":\"G(g!)\""), "{}", json[0]);
}

#[test]
fn a_show_function_may_give_a_board() {
    let text = r#"
game Strip(s) {
    left move Strip(s - 1) if s > 0
    right move Strip(s - 2) if s > 1
}
fn show_Strip(s) = put(grid(2, s + 1), (0, 0), "x")
moves Strip(2)
dot Strip(2)
"#;
    let out = texts_or_codes(text);
    assert!(
        out[0].starts_with("moves Strip(grid(\"x..|...\")):\n  left  Strip(grid(\"x.|..\"))"),
        "{}",
        out[0]
    );
    assert!(out[0].contains("\n          x\n          ."), "{}", out[0]);
    assert!(out[1].contains("<<TABLE"), "{}", out[1]);
}

#[test]
fn show_function_errors_are_diagnostics() {
    let game = "game G(n) { move G(n - 1) if n > 0 }\n";
    let cases = [
        ("fn show_G(n) = n", "grundy::eval::type_error"),
        ("fn show_G(n, m) = \"x\"", "grundy::eval::type_error"),
        (
            "fn show_G(n) = \"x\" + 1 / (n - n)",
            "grundy::eval::division_by_zero",
        ),
    ];
    for (f, code) in cases {
        for q in ["grundy G(2)", "moves G(2)", "dot G(2)", "[G(2)]"] {
            let out = texts_or_codes(&format!("{game}{f}\n{q}"));
            assert!(
                out[0].starts_with(&format!("error {code}")),
                "{f} / {q}: {out:?}"
            );
        }
    }
    // A show function's errors are the query's only: the next query runs.
    let out = texts_or_codes(&format!("{game}fn show_G(n) = n\ngrundy G(1)\n1 + 1"));
    assert_eq!(out[1], "2");
}

#[test]
fn strings_sum_to_their_concatenation() {
    let out = texts_or_codes("sum([\"T\", \".\", \"F\"])\nsum([\"a\", 1])");
    assert_eq!(out[0], "\"T.F\"");
    assert!(
        out[1].starts_with("error grundy::eval::type_error"),
        "{out:?}"
    );
}

#[test]
fn graphviz_draws_a_clobber_position() {
    if Command::new("dot").arg("-V").output().is_err() {
        eprintln!("skipped: Graphviz's dot is not installed");
        return;
    }
    let d_tmp = tempfile::Builder::new()
        .prefix("grundy-draw-")
        .tempdir()
        .unwrap();
    let d = d_tmp.path();
    let game = d.join("c.game");
    std::fs::write(
        &game,
        format!("{CLOBBER}dot Clobber(grid([\"xo\", \"ox\"]))\n"),
    )
    .unwrap();
    for file in ["c.svg", "c.png"] {
        let out = d.join(file);
        let o = Command::new(common::grundy_bin())
            .args([
                "run",
                game.to_str().unwrap(),
                "--svg",
                out.to_str().unwrap(),
            ])
            .output()
            .expect("run grundy");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let bytes = std::fs::read(&out).expect("picture written");
        if file.ends_with(".png") {
            assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
            assert!(bytes.len() > 5_000, "a picture with something in it");
            continue;
        }
        let svg = String::from_utf8(bytes).unwrap();
        // The squares of the stones, filled by their owner, with their
        // letters; Right's arrows dashed.
        assert!(svg.contains("fill=\"#2c5d9e\""), "{svg}");
        assert!(svg.contains("fill=\"#b23a30\""), "{svg}");
        assert!(
            svg.contains(">x</text>") && svg.contains(">o</text>"),
            "{svg}"
        );
        assert!(svg.contains("stroke=\"#b2182b\"") && svg.contains("stroke-dasharray"));
        assert!(svg.contains(">^</text>") && svg.contains(">v</text>"));
    }
    let _ = std::fs::remove_dir_all(d);
}
