//! `outcome P by search` and `winning P for left|right by search` agree
//! with the canonical-value path (`outcome P`, `winning P for ...`) on
//! random small boards of Domineering, Snort, Clobber and Konane (the
//! examples' rules) and their sums, by df-pn and by the depth-first search,
//! with every part searched (`search_parts` 0) and with parts of up to 4
//! or 24 options valued; and the
//! published outcomes of Domineering on rectangles (Breuker, Uiterwijk and
//! van den Herik, 2000) come out of the search: the boards of at most 25
//! cells here, the larger ones up to 8×8 ignored in CI
//! (`cargo test --release --test folded search:: -- --ignored`).

use crate::common;

use grundy::{Answer, DEFAULT_SEARCH_PARTS, Limits, SearchAlgo, Session};
use proptest::prelude::*;

/// The definitions of an example file (its `game`/`fn` lines and the
/// lines of their bodies), without its queries; its `parts` renamed.
fn definitions(text: &str, name: &str) -> String {
    let keep = |l: &&str| {
        l.starts_with("game ") || l.starts_with("fn ") || l.starts_with("    ") || *l == "}"
    };
    let parts = format!("{}_parts", name.to_lowercase());
    text.lines()
        .filter(keep)
        .collect::<Vec<_>>()
        .join("\n")
        .replace("parts(", &format!("{parts}("))
}

fn rules() -> String {
    [
        (include_str!("../examples/domineering.game"), "Domineering"),
        (include_str!("../examples/snort.game"), "Snort"),
        (include_str!("../examples/clobber.game"), "Clobber"),
        (include_str!("../examples/konane.game"), "Konane"),
    ]
    .iter()
    .map(|(t, n)| definitions(t, n))
    .collect::<Vec<_>>()
    .join("\n")
}

/// The answers' texts of `queries` in a fresh session (nothing cached from
/// another path) with `search_parts` and the default search.
fn run(queries: &str, search_parts: usize) -> Vec<Answer> {
    run_by(queries, search_parts, Limits::default().search_algo)
}

/// The same with the search `search_algo`.
fn run_by(queries: &str, search_parts: usize, search_algo: SearchAlgo) -> Vec<Answer> {
    let mut s = Session::with_limits(Limits {
        max_positions: 2_000_000,
        search_parts,
        search_algo,
        ..Limits::default()
    });
    common::answers_in(&mut s, &format!("{}\n{queries}", rules()))
}

/// What an answer says, whichever path found it: the outcome, or the
/// winning moves.
fn said(a: &Answer) -> String {
    match a {
        Answer::PartizanOutcome { outcome, .. } => outcome.to_string(),
        Answer::PartizanWinning { moves, .. } => moves.join("; "),
        other => panic!("not an outcome or winning moves: {other:?}"),
    }
}

/// Random boards of at most `max` squares drawn from `alphabet`.
pub(crate) fn board(alphabet: &'static [u8], max: usize) -> impl Strategy<Value = String> {
    (1usize..=4, 1usize..=4)
        .prop_filter("small", move |(r, c)| r * c <= max)
        .prop_flat_map(move |(rows, cols)| {
            prop::collection::vec(prop::sample::select(alphabet), rows * cols).prop_map(move |sq| {
                let rows: Vec<String> = sq
                    .chunks(cols)
                    .map(|r| format!("\"{}\"", String::from_utf8_lossy(r)))
                    .collect();
                format!("grid([{}])", rows.join(", "))
            })
        })
}

/// Each position (each board, and the sum of the first two) asked both
/// ways: the outcome and each player's winning moves agree.
fn check(game: &str, boards: &[String]) -> Result<(), TestCaseError> {
    let mut positions: Vec<String> = boards.iter().map(|b| format!("{game}({b})")).collect();
    if boards.len() > 1 {
        positions.push(format!("{game}({}) + {game}({})", boards[0], boards[1]));
    }
    let mut by_value = Vec::new();
    let mut by_search = Vec::new();
    for p in &positions {
        for q in ["outcome {}", "winning {} for left", "winning {} for right"] {
            by_value.push(q.replace("{}", p));
            by_search.push(format!("{} by search", q.replace("{}", p)));
        }
    }
    let expected: Vec<String> = run(&by_value.join("\n"), DEFAULT_SEARCH_PARTS)
        .iter()
        .map(said)
        .collect();
    for algo in [SearchAlgo::Dfpn, SearchAlgo::AlphaBeta] {
        for parts in [0, 4, 24] {
            let got: Vec<String> = run_by(&by_search.join("\n"), parts, algo)
                .iter()
                .map(said)
                .collect();
            for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
                prop_assert_eq!(
                    g,
                    e,
                    "{} ({:?}, search_parts {})",
                    by_search[i],
                    algo,
                    parts
                );
            }
        }
    }
    Ok(())
}

/// Up to five random boards of at most `max` squares each.
fn boards(alphabet: &'static [u8], max: usize) -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(board(alphabet, max), 1..6)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn boards_by_search_agree_with_values(
        domineering in boards(b"....#", 12),
        snort in boards(b"....lr#", 9),
        clobber in boards(b"xxoo.#", 9),
        konane in boards(b"xxoo...", 9),
    ) {
        check("Domineering", &domineering)?;
        check("Snort", &snort)?;
        check("Clobber", &clobber)?;
        check("Konane", &konane)?;
    }
}

/// The outcome of Domineering on every rectangle up to 8×8, Left vertical:
/// `(rows, columns, outcome)` for rows ≤ columns; the transposed board
/// swaps L and R (Breuker, Uiterwijk and van den Herik, 2000, whose table
/// Lachmann, Moore and Rapaport extend).
const PUBLISHED: &[(usize, usize, char)] = &[
    (1, 1, 'P'),
    (1, 2, 'R'),
    (1, 3, 'R'),
    (1, 4, 'R'),
    (1, 5, 'R'),
    (1, 6, 'R'),
    (1, 7, 'R'),
    (1, 8, 'R'),
    (2, 2, 'N'),
    (2, 3, 'N'),
    (2, 4, 'R'),
    (2, 5, 'L'),
    (2, 6, 'N'),
    (2, 7, 'N'),
    (2, 8, 'R'),
    (3, 3, 'N'),
    (3, 4, 'R'),
    (3, 5, 'R'),
    (3, 6, 'R'),
    (3, 7, 'R'),
    (3, 8, 'R'),
    (4, 4, 'N'),
    (4, 5, 'L'),
    (4, 6, 'N'),
    (4, 7, 'L'),
    (4, 8, 'R'),
    (5, 5, 'P'),
    (5, 6, 'R'),
    (5, 7, 'R'),
    (5, 8, 'R'),
    (6, 6, 'N'),
    (6, 7, 'L'),
    (6, 8, 'R'),
    (7, 7, 'N'),
    (7, 8, 'R'),
    (8, 8, 'N'),
];

/// Every rectangle of the table (both ways round) whose cells `keep`
/// selects, searched, against the table.
fn check_published(keep: impl Fn(usize) -> bool, budget: Limits) {
    let swap = |o: char| match o {
        'L' => 'R',
        'R' => 'L',
        o => o,
    };
    let mut boards = Vec::new();
    for &(m, n, o) in PUBLISHED {
        boards.push((m, n, o));
        if m != n {
            boards.push((n, m, swap(o)));
        }
    }
    boards.retain(|&(m, n, _)| keep(m * n));
    let queries: Vec<String> = boards
        .iter()
        .map(|(m, n, _)| format!("outcome Domineering(grid({m}, {n})) by search"))
        .collect();
    let mut s = Session::with_limits(budget);
    let answers = common::answers_in(&mut s, &format!("{}\n{}", rules(), queries.join("\n")));
    for ((m, n, o), a) in boards.iter().zip(&answers) {
        assert_eq!(said(a), o.to_string(), "Domineering {m}×{n}");
    }
}

/// Every rectangle up to 6×7 and 7×6: Domineering is a placement game, so
/// the search runs on bitboards (`src/solve/placement.rs`): about 1.5 s
/// in all (6×7 0.8 s; with the interpreter 6×7 alone took 65 s).
#[test]
fn domineering_rectangles_up_to_6x7_have_their_published_outcomes() {
    let budget = Limits {
        max_positions: 50_000_000,
        max_memory: 4 << 30,
        max_steps: u64::MAX,
        ..Limits::default()
    };
    check_published(|cells| cells <= 42, budget);
}

/// 7×7, 7×8, 8×7 and 8×8 on bitboards: 7×7 under a second (122 k
/// positions); 8×8 alone answered N in 195 s of CPU, 123 M positions, with
/// `--search-table 1G` (docs/PERFORMANCE.md, "The unpaired region …
/// seventh round"; 284 s and 157 M in the sixth round), the budget this
/// test gives it.
#[test]
#[ignore = "minutes: 7×7 to 8×8"]
fn domineering_rectangles_from_7x7_to_8x8_have_their_published_outcomes() {
    let budget = Limits {
        max_positions: 1_000_000_000,
        max_memory: 3 << 30,
        max_steps: u64::MAX,
        search_table: 1 << 30,
        ..Limits::default()
    };
    check_published(|cells| cells > 42, budget);
}

/// The answer says how it was found: the positions searched and a winning
/// first move for each player who has one, in text and in JSON.
#[test]
fn a_search_answer_shows_its_size_and_first_moves() {
    let a = run("outcome Domineering(grid(3, 3)) by search", 0);
    let Answer::PartizanOutcome {
        searched: Some(s), ..
    } = &a[0]
    else {
        panic!("not a searched outcome: {a:?}")
    };
    assert!(s.positions > 0);
    assert!(s.left_move.is_some() && s.right_move.is_some());
    let out = common::texts_or_codes(&format!(
        "{}\noutcome Domineering(grid(5, 5)) by search",
        rules()
    ));
    assert!(out[0].starts_with("outcome Domineering(grid(5, 5)) by search = P"));
    assert!(out[0].contains("positions searched"), "{}", out[0]);
    assert!(!out[0].contains("moving first wins"), "{}", out[0]);
}

/// Domineering written so that the bitboard search of placement games
/// does not take it (`place` with its third argument): the general
/// search's budgets are tested on it.
const SLOW: &str = r##"
game Slow(b) {
    left move slow_parts(c) for c in place(b, [(0, 0), (1, 0)], "#")
    right move slow_parts(c) for c in place(b, [(0, 0), (0, 1)], "#")
}
fn slow_parts(b) = sum([Slow(canonical(p, "mirror")) for p in components(b)])
"##;

/// A search that runs out of a budget is that budget's error, and the
/// next query (the same search under the next budget, or another) answers
/// as in a fresh session: a failed search leaves nothing behind.
#[test]
fn a_search_over_a_budget_fails_and_the_next_query_answers() {
    let fresh = said(
        &run(
            &format!("{SLOW}\noutcome Slow(grid(3, 5)) by search"),
            DEFAULT_SEARCH_PARTS,
        )[0],
    );
    for (limits, code) in [
        (
            Limits {
                max_steps: 2_000_000,
                ..Limits::default()
            },
            "grundy::eval::steps",
        ),
        (
            Limits {
                max_positions: 2_000,
                ..Limits::default()
            },
            "grundy::solve::budget",
        ),
        (
            // The search's table shrinks to fit the budget (6×6 answers in
            // 4 MiB), so only a budget too small for its stack and parts
            // stops it.
            Limits {
                max_memory: 3 << 19,
                ..Limits::default()
            },
            "grundy::solve::memory",
        ),
    ] {
        let mut s = Session::with_limits(limits);
        let out = common::answers_or_codes(
            &mut s,
            &format!(
                "{}\n{SLOW}\noutcome Slow(grid(6, 6)) by search\noutcome Slow(grid(3, 5)) by search",
                rules()
            ),
            false,
        );
        assert_eq!(out[0], format!("error {code}"), "{limits:?}");
        assert!(
            out[1].starts_with("outcome Slow(")
                && out[1].contains(&format!(" by search = {fresh} ")),
            "{limits:?}: {}",
            out[1]
        );
    }
}
