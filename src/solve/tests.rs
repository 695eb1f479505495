//! The solver's fast paths against the ordinary evaluation of the same rules.

use crate::session::{Mode, Session};

/// Every answer of a program, as text, errors included.
fn run(text: &str) -> Vec<String> {
    let mut s = Session::new(100_000);
    let mut out = Vec::new();
    s.run_text("t.game", text, Mode::Run, &mut |s, r| match r {
        Ok(a) => out.push(format!("{a:?}")),
        Err(e) => out.push(e.render_plain(&s.sources)),
    });
    out
}

/// `A` has move lines of the affine shape (one range, arguments linear in
/// the loop variable); `B` is the same game written so that no line has it
/// (the identity function hides the shape). Their options, in order, and
/// values must agree everywhere.
#[test]
fn affine_move_lines_list_the_same_options() {
    let rules = |g: &str, wrap: &str| {
        format!(
            "game {g}(a, b) {{\n\
             move {g}({wrap}(a - k), b) for k in 1..=a\n\
             move {g}({wrap}(a - 2 * k + 1), b - k) for k in 1..=b if a - 2 * k + 1 >= 0\n\
             move {g}({wrap}(a), b - 3 * k) for k in 1..b / 3 + 1\n\
             move {g}({wrap}(b - k), k * 1 - 1 + a - a) for k in 1..min(a, b) if (a + k) % 3 != 0\n\
             move {g}({wrap}(a - k), (b - k) * 2 - b) for k in 0..a if 2 * k < a and b - k >= 0 and (b - k) * 2 - b >= 0 and (b - k) * 2 - b < b\n\
             }}\n"
        )
    };
    let mut text = String::from("fn id(x) = x\n");
    text.push_str(&rules("A", ""));
    text.push_str(&rules("B", "id"));
    for a in 0..9 {
        for b in 0..9 {
            text.push_str(&format!("moves A({a}, {b})\nmoves B({a}, {b})\n"));
        }
    }
    let out = run(&text);
    assert_eq!(out.len(), 2 * 81);
    for pair in out.chunks(2) {
        assert!(!pair[0].contains("rror"), "{}", pair[0]);
        assert_eq!(pair[0], pair[1].replace("B(", "A("));
    }
}

/// An argument, or a part of one, that leaves the 64-bit integers somewhere
/// in the range is reported as the ordinary evaluation reports it.
#[test]
fn affine_move_lines_report_overflow() {
    for target in [
        "O(n * 4611686018427387904 - k)",
        "O(n + 9223372036854775807 - 9223372036854775807 - k)",
        "O(k * 4611686018427387904 - k)",
        "O(n - k * 4611686018427387904 * 4)",
    ] {
        let text = format!("game O(n) {{ move {target} for k in 0..n }}\ngrundy O(3)\n");
        let out = run(&text);
        assert_eq!(out.len(), 1);
        assert!(out[0].contains("overflow"), "{target}: {}", out[0]);
    }
    // Within range at every k: no error.
    let out = run(
        "game O(n) { move O(n - 9223372036854775807 + 9223372036854775806 + k) for k in 0..n }\n\
                   grundy O(0)\ngrundy O(1)\n",
    );
    assert!(out.iter().all(|a| a.starts_with("Grundy")), "{out:?}");
}

/// A component whose options start single and then include a sum and the
/// empty position (the per-option ends are written for the earlier ones
/// then) has the values of the same game with its sum written first.
#[test]
fn mixed_option_sizes() {
    let single = "move {g}(n - k) for k in 1..=n if k % 3 != 1\n";
    let sum = "move {g}(n - 2) + {g}(1) for k in 0..1 if n >= 2\n";
    let rest = "move 0 for k in 0..n if n % 3 == 1\nmove {g}(n - 1) for k in 0..1 if n >= 1\n";
    let m = format!("game M(n) {{\n{single}{sum}{rest}}}\n").replace("{g}", "M");
    let n = format!("game N(n) {{\n{sum}{single}{rest}}}\n").replace("{g}", "N");
    let mut text = m + &n;
    for k in 0..12 {
        text.push_str(&format!("grundy M({k})\ngrundy N({k})\n"));
    }
    let out = run(&text);
    assert_eq!(out.len(), 24, "{out:?}");
    let values: Vec<String> = out.iter().map(|a| a.replace("N(", "M(")).collect();
    for pair in values.chunks(2) {
        assert!(pair[0].starts_with("Grundy"), "{}", pair[0]);
        assert_eq!(pair[0], pair[1]);
    }
    assert!(
        values
            .iter()
            .any(|v| !v.contains("Finite(0)") && !v.contains("Finite(1)")),
        "{values:?}"
    );
}
