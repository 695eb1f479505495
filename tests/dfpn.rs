//! Proof-number search (df-pn, `--search-algo dfpn`, the default of
//! `outcome P by search`; THEORY.md §6.15, "df-pn") against the canonical
//! values and the depth-first search (`--search-algo alphabeta`) on random
//! small positions of Amazons, Domineering (written so that the bitboard
//! search of placement games does not take it), Konane, Snort and
//! Clobber, and their sums: the same outcome and the same winning moves for each
//! player, the winning first move an `outcome` answer shows is one of
//! them, with every part searched, with small parts valued, and with a
//! table of a few entries that drops nodes (whose proof and disproof
//! numbers df-pn then works out again).

use crate::common;
use crate::search::board;

use grundy::{Answer, DEFAULT_SEARCH_PARTS, Limits, SearchAlgo, Session};
use proptest::prelude::*;

/// Domineering written with `place`'s third argument (the bitboard search
/// does not take it), Snort, Konane, Amazons and Clobber (the examples'
/// rules).
fn rules() -> String {
    let dom = r##"
game Dom(b) {
    left move dom_parts(c) for c in place(b, [(0, 0), (1, 0)], "#")
    right move dom_parts(c) for c in place(b, [(0, 0), (0, 1)], "#")
}
fn dom_parts(b) = sum([Dom(canonical(p, "mirror")) for p in components(b)])
"##;
    let renamed = |text: &str, name: &str| {
        common::definitions(text).replace("parts(", &format!("{name}_parts("))
    };
    [
        dom.to_string(),
        renamed(include_str!("../examples/snort.game"), "snort"),
        renamed(include_str!("../examples/konane.game"), "konane"),
        renamed(include_str!("../examples/amazons.game"), "amazons"),
        renamed(include_str!("../examples/clobber.game"), "clobber"),
    ]
    .join("\n")
}

/// The answers of `queries` in a fresh session with `limits`.
fn run(queries: &str, limits: Limits) -> Vec<Answer> {
    let mut s = Session::with_limits(limits);
    common::answers_in(&mut s, &format!("{}\n{queries}", rules()))
}

/// What an answer says (the outcome, or the winning moves), and the
/// winning first moves an outcome shows.
fn said(a: &Answer) -> (String, [Option<String>; 2]) {
    match a {
        Answer::PartizanOutcome {
            outcome, searched, ..
        } => {
            let shown = searched.as_ref().map_or([None, None], |s| {
                [s.left_move.clone(), s.right_move.clone()]
            });
            (outcome.to_string(), shown)
        }
        Answer::PartizanWinning { moves, .. } => (moves.join("; "), [None, None]),
        other => panic!("not an outcome or winning moves: {other:?}"),
    }
}

fn moves(a: &Answer) -> Vec<String> {
    match a {
        Answer::PartizanWinning { moves, .. } => moves.clone(),
        other => panic!("not winning moves: {other:?}"),
    }
}

/// The searches compared with the values: df-pn with every part searched,
/// with small parts valued (those of at most 4 options, and the default)
/// and with a table of a few entries, and the depth-first search.
const SEARCHES: [(SearchAlgo, usize, usize); 5] = [
    (SearchAlgo::Dfpn, 0, 0),
    (SearchAlgo::Dfpn, 4, 0),
    (SearchAlgo::Dfpn, DEFAULT_SEARCH_PARTS, 0),
    (SearchAlgo::Dfpn, 0, 600),
    (SearchAlgo::AlphaBeta, 0, 0),
];

/// Each position (each board, and the sum of the first two) asked by
/// value and by each search: the same outcome and winning moves, and the
/// first moves an outcome shows are winning.
fn check(game: &str, boards: &[String]) -> Result<(), TestCaseError> {
    let mut positions: Vec<String> = boards.iter().map(|b| format!("{game}({b})")).collect();
    if boards.len() > 1 {
        positions.push(format!("{game}({}) + {game}({})", boards[0], boards[1]));
    }
    let mut by_value = Vec::new();
    for p in &positions {
        for q in ["outcome {}", "winning {} for left", "winning {} for right"] {
            by_value.push(q.replace("{}", p));
        }
    }
    let by_search: Vec<String> = by_value.iter().map(|q| format!("{q} by search")).collect();
    let limits = |search_algo, search_parts, search_table| Limits {
        max_positions: 2_000_000,
        search_parts,
        search_table,
        search_algo,
        ..Limits::default()
    };
    let values = run(&by_value.join("\n"), limits(SearchAlgo::Dfpn, 8, 0));
    for (algo, parts, table) in SEARCHES {
        let got = run(&by_search.join("\n"), limits(algo, parts, table));
        for (i, (g, e)) in got.iter().zip(&values).enumerate() {
            let (g, shown) = said(g);
            let what = format!("{} ({algo:?}, parts {parts}, table {table})", by_search[i]);
            prop_assert_eq!(&g, &said(e).0, "{}", what);
            if i % 3 != 0 {
                continue;
            }
            for (k, m) in shown.iter().enumerate() {
                // Outcomes come in threes: the outcome, Left's and Right's
                // winning moves.
                let winning = moves(&values[i + 1 + k]);
                prop_assert_eq!(m.is_some(), !winning.is_empty(), "{}", what);
                if let Some(m) = m {
                    prop_assert!(winning.contains(m), "{}: {} is not winning", what, m);
                }
            }
        }
    }
    Ok(())
}

fn boards(alphabet: &'static [u8], max: usize, most: usize) -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(board(alphabet, max), 1..=most)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn dfpn_agrees_with_values_and_alphabeta(
        dom in boards(b"....#", 12, 3),
        snort in boards(b"....lr#", 9, 3),
        konane in boards(b"xxoo...", 9, 3),
        amazons in boards(b"xo....#", 9, 2),
        clobber in boards(b"xxoo.#", 9, 3),
    ) {
        check("Dom", &dom)?;
        check("Snort", &snort)?;
        check("Konane", &konane)?;
        check("Amazons", &amazons)?;
        check("Clobber", &clobber)?;
    }
}

/// The root of `outcome P by search` is the position as written: its
/// moves include those in a part the search holds as a value, and such a
/// move can come back to the root's node. Here `oox|x.#` is a part of value
/// 0 with a move for Right, which Left's reply in the value takes back to
/// 0: the search once reported that as a cycle ("a position of the search
/// can come back") at `--search-parts 4`, which values that part.
#[test]
fn a_move_in_a_valued_part_of_the_root_that_comes_back_is_no_cycle() {
    let p = r#"Clobber(grid(["xoo", ".xx", "oxx"])) + Clobber(grid(["oox", "x.#"]))"#;
    let queries =
        ["outcome {}", "winning {} for left", "winning {} for right"].map(|q| q.replace("{}", p));
    let expected = run(&queries.join("\n"), Limits::default());
    assert_eq!(said(&expected[0]).0, "L");
    let by_search: Vec<String> = queries.iter().map(|q| format!("{q} by search")).collect();
    for parts in [4, DEFAULT_SEARCH_PARTS] {
        let limits = Limits {
            search_parts: parts,
            search_algo: SearchAlgo::Dfpn,
            ..Limits::default()
        };
        let got = run(&by_search.join("\n"), limits);
        for (i, a) in got.iter().enumerate() {
            assert_eq!(
                said(a).0,
                said(&expected[i]).0,
                "{} (parts {parts})",
                by_search[i]
            );
        }
    }
}

/// Positions whose searches take hundreds of nodes, with the table at a
/// few entries: df-pn drops undecided nodes and still answers as the
/// values do, and says it dropped them.
#[test]
fn dfpn_with_a_tiny_table_drops_nodes_and_the_answers_stay() {
    let positions = [
        r#"Amazons(grid(["x..o", "....", "o..x"]))"#,
        r#"Amazons(grid([".o.", "...", "x.x"]))"#,
        "Dom(grid(3, 4))",
        r#"Konane(grid(["xoxo", "o.ox", "xo.o"]))"#,
    ];
    for p in positions {
        let queries = ["outcome {}", "winning {} for left", "winning {} for right"]
            .map(|q| q.replace("{}", p));
        let by_search: Vec<String> = queries.iter().map(|q| format!("{q} by search")).collect();
        let expected = run(&queries.join("\n"), Limits::default());
        let tiny = Limits {
            search_parts: 0,
            search_table: 512,
            search_algo: SearchAlgo::Dfpn,
            ..Limits::default()
        };
        let got = run(&by_search.join("\n"), tiny);
        let mut dropped = 0;
        for (i, a) in got.iter().enumerate() {
            assert_eq!(said(a).0, said(&expected[i]).0, "{}", by_search[i]);
            dropped += match a {
                Answer::PartizanOutcome {
                    searched: Some(s), ..
                }
                | Answer::PartizanWinning {
                    searched: Some(s), ..
                } => s.dropped,
                other => panic!("not a searched answer: {other:?}"),
            };
        }
        assert!(dropped > 0, "{p}: the table never filled");
    }
}
