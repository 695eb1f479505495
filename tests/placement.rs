//! The bitboard search of placement games (`src/solve/placement.rs`,
//! THEORY.md §6.15 "Placement games by bitboards") against the canonical
//! value: `outcome P by search` and `winning P for left|right by search`
//! of random boards with holes, and of sums of two, agree with `outcome
//! P` and `winning P for ...` for Domineering, a partizan tromino game
//! (Left the four L-trominoes, Right a straight tromino across, parts
//! split and mirrored), the same shapes unsplit (one L), and Cram
//! (impartial: dominoes either way, all eight symmetries). The published
//! Domineering outcomes are in tests/search.rs (every rectangle up to 6×7
//! in CI since the search runs on bitboards).

use crate::common;

use grundy::{Answer, Limits, Session};
use proptest::prelude::*;

/// Placement rulesets, each of a shape the native search takes.
const RULES: &str = r#"
game Dom(b) {
    left move dom_parts(c) for c in place(b, [(0, 0), (1, 0)])
    right move dom_parts(c) for c in place(b, [(0, 0), (0, 1)])
}
fn dom_parts(b) = sum([Dom(canonical(p, "mirror")) for p in components(b)])
game Ell(b) {
    left move ell_parts(c) for c in place(b, [(0, 0), (1, 0), (1, 1)])
    left move ell_parts(c) for c in place(b, [(0, 0), (0, 1), (1, 0)])
    left move ell_parts(c) for c in place(b, [(0, 0), (0, 1), (1, 1)])
    left move ell_parts(c) for c in place(b, [(0, 1), (1, 0), (1, 1)])
    right move ell_parts(c) for c in place(b, [(0, 0), (0, 1), (0, 2)])
}
fn ell_parts(b) = sum([Ell(canonical(p, "mirror")) for p in components(b)])
game Corner(b) {
    left move Corner(c) for c in place(b, [(0, 0), (1, 0), (1, 1)])
    right move Corner(c) for c in place(b, [(0, 0), (0, 1), (0, 2)])
}
game Cram(b) {
    move cram_parts(c) for c in place(b, [(0, 0), (1, 0)])
    move cram_parts(c) for c in place(b, [(0, 0), (0, 1)])
}
fn cram_parts(b) = sum([Cram(canonical(p)) for p in components(b)])
"#;

fn run(queries: &str, limits: Limits) -> Vec<Answer> {
    let mut s = Session::with_limits(limits);
    common::answers_in(&mut s, &format!("{RULES}\n{queries}"))
}

fn said(a: &Answer) -> String {
    match a {
        Answer::PartizanOutcome { outcome, .. } => outcome.to_string(),
        Answer::PartizanWinning { moves, .. } => moves.join("; "),
        Answer::Outcome { outcome, .. } => outcome.to_string(),
        other => format!("{other:?}"),
    }
}

/// A random board of at most `max` squares, `#` a hole.
fn board(max: usize) -> impl Strategy<Value = String> {
    (1usize..=4, 1usize..=5)
        .prop_filter("small", move |(r, c)| r * c <= max)
        .prop_flat_map(|(rows, cols)| {
            prop::collection::vec(prop::sample::select(&b"....#"[..]), rows * cols).prop_map(
                move |sq| {
                    let rows: Vec<String> = sq
                        .chunks(cols)
                        .map(|r| format!("\"{}\"", String::from_utf8_lossy(r)))
                        .collect();
                    format!("grid([{}])", rows.join(", "))
                },
            )
        })
}

/// Each board and the sum of the first two, by search and by value.
fn check(game: &str, boards: &[String], winning: bool) -> Result<(), TestCaseError> {
    let mut positions: Vec<String> = boards.iter().map(|b| format!("{game}({b})")).collect();
    if boards.len() > 1 {
        positions.push(format!("{game}({}) + {game}({})", boards[0], boards[1]));
    }
    let asks: &[&str] = if winning {
        &["outcome {}", "winning {} for left", "winning {} for right"]
    } else {
        &["outcome {}"]
    };
    let (mut by_value, mut by_search) = (Vec::new(), Vec::new());
    for p in &positions {
        for q in asks {
            by_value.push(q.replace("{}", p));
            by_search.push(format!("{} by search", q.replace("{}", p)));
        }
    }
    let limits = Limits::default();
    let expected: Vec<String> = run(&by_value.join("\n"), limits).iter().map(said).collect();
    let got: Vec<String> = run(&by_search.join("\n"), limits)
        .iter()
        .map(said)
        .collect();
    for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
        prop_assert_eq!(g, e, "{}", by_search[i]);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn placement_searches_agree_with_values(
        dom in prop::collection::vec(board(14), 1..4),
        ell in prop::collection::vec(board(15), 1..4),
        corner in prop::collection::vec(board(15), 1..4),
        cram in prop::collection::vec(board(12), 1..4),
    ) {
        check("Dom", &dom, true)?;
        check("Ell", &ell, true)?;
        check("Corner", &corner, true)?;
        check("Cram", &cram, false)?;
    }
}

/// Published rows as the bitboard search sees them: Cram on even × even
/// boards is a second-player win (the point-symmetry strategy), on a
/// board with one odd side a first-player win (Gardner; Winning Ways).
#[test]
fn cram_rectangles_follow_the_symmetry_strategies() {
    let boards = [
        (2, 2, 'P'),
        (2, 4, 'P'),
        (4, 4, 'P'),
        (3, 4, 'N'),
        (2, 5, 'N'),
        (3, 6, 'N'),
    ];
    let queries: Vec<String> = boards
        .iter()
        .map(|(r, c, _)| format!("outcome Cram(grid({r}, {c})) by search"))
        .collect();
    let answers = run(&queries.join("\n"), Limits::default());
    for ((r, c, o), a) in boards.iter().zip(&answers) {
        assert_eq!(said(a), o.to_string(), "Cram {r}×{c}");
    }
}

/// The bitboard search keeps to the budgets: steps (a step a node and a
/// placement listed) and memory (its table reserved before it is made).
#[test]
fn a_placement_search_over_a_budget_fails_with_that_budget() {
    for (limits, code) in [
        (
            // A small table: reserving it counts a step per 64 bytes.
            Limits {
                max_steps: 1_000_000,
                search_table: 1 << 20,
                ..Limits::default()
            },
            "grundy::eval::steps",
        ),
        (
            Limits {
                max_memory: 64 << 20,
                search_table: 1 << 30,
                ..Limits::default()
            },
            "grundy::solve::memory",
        ),
    ] {
        let mut s = Session::with_limits(limits);
        let out = common::answers_or_codes(
            &mut s,
            &format!(
                "{RULES}\noutcome Dom(grid(8, 8)) by search\noutcome Dom(grid(4, 4)) by search"
            ),
            false,
        );
        assert_eq!(out[0], format!("error {code}"), "{limits:?}");
        if code == "grundy::eval::steps" {
            assert!(out[1].contains(" by search = N "), "{}", out[1]);
        }
    }
}
