//! The explorer against what is known without it: Nim sums by the nim-sum
//! (Bouton) and by misère Nim's rule, random small cases; Domineering's
//! winning moves against the outcomes of the options.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use proptest::prelude::*;
use serde_json::Value;

use super::*;

fn explored(text: &str, position: &str, misere: bool) -> Value {
    let req = ExploreRequest {
        text,
        position,
        misere,
    };
    let v = explore(&req, Limits::default(), Arc::new(AtomicBool::new(false)));
    assert!(v.get("error").is_none(), "{position}: {v}");
    v
}

/// The heaps of a sum of Nim heaps as printed (`Nim(1) + Nim(4)`), sorted,
/// empty heaps left out.
fn heaps(text: &str) -> Vec<u32> {
    let mut h: Vec<u32> = text
        .split(" + ")
        .map(|p| {
            p.trim()
                .strip_prefix("Nim(")
                .and_then(|p| p.strip_suffix(')'))
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("a heap, not {p:?}"))
        })
        .filter(|&n| n > 0)
        .collect();
    h.sort_unstable();
    h
}

/// Whether the player to move wins Nim on these heaps.
fn wins(heaps: &[u32], misere: bool) -> bool {
    let xor = heaps.iter().fold(0, |a, h| a ^ h);
    if misere && heaps.iter().all(|&h| h <= 1) {
        // Misère Nim of heaps of one: the mover wins with an even count.
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 0
    } else {
        xor != 0
    }
}

/// Every position one move away, as sorted heaps, once each.
fn moves(h: &[u32]) -> Vec<Vec<u32>> {
    let mut out: Vec<Vec<u32>> = Vec::new();
    for i in 0..h.len() {
        for k in 0..h[i] {
            let mut next = h.to_vec();
            next[i] = k;
            next.retain(|&n| n > 0);
            next.sort_unstable();
            if !out.contains(&next) {
                out.push(next);
            }
        }
    }
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn nim_sums_explore_as_bouton_says(h in prop::collection::vec(0u32..6, 1..=3), misere in any::<bool>()) {
        let position: Vec<String> = h.iter().map(|n| format!("Nim({n})")).collect();
        let v = explored("", &position.join(" + "), misere);
        let mut sorted: Vec<u32> = h.iter().copied().filter(|&n| n > 0).collect();
        sorted.sort_unstable();
        prop_assert_eq!(&v["kind"], "impartial");
        let xor = h.iter().fold(0, |a, b| a ^ b);
        prop_assert_eq!(v["value"].as_str().unwrap(), format!("*{xor}"));
        let outcome = if wins(&sorted, misere) { "N" } else { "P" };
        prop_assert_eq!(v["outcome"].as_str().unwrap(), outcome);
        let options = v["options"].as_array().unwrap();
        let mut seen: Vec<Vec<u32>> = options.iter().map(|o| heaps(o["to"].as_str().unwrap())).collect();
        seen.sort();
        prop_assert_eq!(seen, moves(&sorted));
        for o in options {
            let to = heaps(o["to"].as_str().unwrap());
            let to_xor = to.iter().fold(0, |a, b| a ^ b);
            prop_assert_eq!(o["value"].as_str().unwrap(), format!("*{to_xor}"));
            prop_assert_eq!(o["outcome"].as_str().unwrap(), if wins(&to, misere) { "N" } else { "P" });
            prop_assert_eq!(o["winning"].as_bool().unwrap(), !wins(&to, misere), "{}", o);
        }
    }
}

const DOMINEERING: &str = "game Domineering(b) {
    left move parts(c) for c in place(b, [(0, 0), (1, 0)])
    right move parts(c) for c in place(b, [(0, 0), (0, 1)])
}
fn parts(b) = sum([Domineering(canonical(p, \"mirror\")) for p in components(b)])
";

/// A move wins for its player when that player wins with the other to
/// move: an option of outcome P, or the player's own letter.
#[test]
fn domineering_winning_moves_are_those_to_a_won_option() {
    for (rows, cols) in [(1, 2), (2, 2), (2, 3), (3, 2), (3, 3), (1, 4)] {
        for misere in [false, true] {
            let position = format!("Domineering(grid({rows}, {cols}))");
            let v = explored(DOMINEERING, &position, misere);
            assert_eq!(v["kind"], "partizan");
            for o in v["options"].as_array().unwrap() {
                let mine = if o["side"] == "left" { "L" } else { "R" };
                let outcome = o["outcome"].as_str().unwrap();
                let wins = outcome == "P" || outcome == mine;
                assert_eq!(o["winning"], wins, "{position} misère {misere}: {o}");
            }
        }
    }
}

#[test]
fn a_loopy_game_shows_its_draws() {
    let text = "game G(n) {\n    move G((n + 1) % 3)\n    move 0 if n == 2\n}\n";
    let v = explored(text, "G(0)", false);
    assert_eq!(v["options"].as_array().unwrap().len(), 1);
    let v = explored("game Loop(n) { move Loop(1 - n) }\n", "Loop(0)", false);
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["options"][0]["outcome"], "D");
    assert_eq!(v["options"][0]["winning"], false);
}

#[test]
fn a_worksheet_with_an_error_is_said_so_in_the_explorer() {
    let req = ExploreRequest {
        text: "game G(n) { move G(n - 1) if n > 0 }\ngame G(n) { }\n",
        position: "G(3)",
        misere: false,
    };
    let v = explore(&req, Limits::default(), Arc::new(AtomicBool::new(false)));
    assert!(
        v["error"]["code"].as_str().unwrap().starts_with("grundy::"),
        "{v}"
    );
    assert_eq!(v["error"]["line"], 2, "{v}");
}

#[test]
fn a_raised_flag_stops_a_run() {
    let v = run(
        "grundy *1\ngrundy *2\n",
        Limits::default(),
        Arc::new(AtomicBool::new(true)),
    );
    assert_eq!(v["complete"], false);
    assert_eq!(
        v["results"][0]["error"]["code"],
        "grundy::solve::interrupted"
    );
}

/// Each answer carries its statement as written and its lines, so the
/// worksheet shows the answer under it; a query over two lines has both.
#[test]
fn answers_carry_their_statements() {
    let text = "game T(n) { move T(n - 1) if n > 0 }\ngrundy T(3)\ngrundy T(\n  2)\n";
    let v = run(text, Limits::default(), Arc::new(AtomicBool::new(false)));
    assert_eq!(v["complete"], true, "{v}");
    let items = v["results"].as_array().unwrap();
    let got: Vec<(Value, Value, Value)> = items
        .iter()
        .map(|i| {
            (
                i["line"].clone(),
                i["end_line"].clone(),
                i["source"].clone(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (2.into(), 2.into(), "grundy T(3)".into()),
            (3.into(), 4.into(), "grundy T(\n  2)".into()),
        ]
    );
}

/// A `dot` answer is drawn by Graphviz where it is installed (its text
/// stays the answer either way), and a graph too large to draw at once
/// stays text.
#[test]
fn dot_answers_are_drawn_when_graphviz_is_there() {
    let has_dot = std::process::Command::new("dot")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    let small = run(
        "game T(n) { move T(n - k) for k in 1..=2 if k <= n }\ndot T(3)\n",
        Limits::default(),
        Arc::new(AtomicBool::new(false)),
    );
    let item = &small["results"][0];
    assert!(item["text"].as_str().unwrap().contains("digraph"), "{item}");
    if has_dot {
        assert!(item["svg"].as_str().unwrap().contains("<svg"), "{item}");
    } else {
        eprintln!("Graphviz is not installed: the drawing is not checked");
        assert!(item["svg"].is_null());
    }
    // 400 vertices, every move to any smaller heap: 79,800 edges.
    let large = run(
        "game T(n) { move T(k) for k in 0..n }\ndot T(399)\n",
        Limits::default(),
        Arc::new(AtomicBool::new(false)),
    );
    let item = &large["results"][0];
    assert!(item["text"].as_str().unwrap().len() > MAX_DOT, "{item}");
    assert!(item["svg"].is_null());
}
