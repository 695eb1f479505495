//! Amazons by search (issue 41): `outcome P by search` and `winning P for
//! left|right by search` agree with the canonical-value path on random
//! small Amazons boards and their sums (examples/amazons.game's rules,
//! every part searched and with parts of up to 4 or 24 options valued),
//! and the starting positions whose outcomes Song and Müller published
//! (docs/THEORY.md §6.15, "Amazons starts") come out of the search:
//! 4×5 and 5×4 (columns × rows) first-player wins. Those two are ignored
//! in CI (minutes of CPU; `cargo test --release --test folded
//! amazons_search:: -- --ignored`). Since the parts where a player is
//! stuck only for now are searched instead of valued (2026-12-05,
//! docs/PERFORMANCE.md "Amazons 4×5 and 5×4 reached"), both finish under
//! the 4 GiB budget of `start_outcome`: 5×4 is N, as published (1,217,766
//! positions, 122 s of CPU, 0.97 GiB); 4×5 comes out P (5,196,735
//! positions, 580 s, 1.54 GiB; at `--search-parts 8` too, 3.2 million
//! positions, 683 s), against the published N, so its test fails: either the start drawn for 4-wide boards is not the papers'
//! (docs/THEORY.md §6.15 says that layout is this repository's reading)
//! or the search is wrong there. Before, by the depth-first search and
//! then by df-pn, neither had finished (4×5: 2.3 million positions after
//! 12.4 min of CPU).

use crate::common;

use grundy::{Answer, DEFAULT_SEARCH_PARTS, Limits, Session};
use proptest::prelude::*;

/// The rules of examples/amazons.game (its `let`, `game` and `fn` lines),
/// without its queries.
fn rules() -> String {
    include_str!("../examples/amazons.game")
        .lines()
        .filter(|l| {
            ["let ", "game ", "fn ", "    "]
                .iter()
                .any(|p| l.starts_with(p))
                || *l == "}"
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The answers of `queries` in a fresh session with `limits`.
fn run(queries: &str, limits: Limits) -> Vec<Answer> {
    let mut s = Session::with_limits(limits);
    common::answers_in(&mut s, &format!("{}\n{queries}", rules()))
}

/// What an answer says: the outcome, or the winning moves.
fn said(a: &Answer) -> String {
    match a {
        Answer::PartizanOutcome { outcome, .. } => outcome.to_string(),
        Answer::PartizanWinning { moves, .. } => moves.join("; "),
        other => panic!("not an outcome or winning moves: {other:?}"),
    }
}

/// A random board of at most 9 squares, amazons of both colours, empty
/// and burnt squares.
fn board() -> impl Strategy<Value = String> {
    (1usize..=3, 1usize..=3).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(prop::sample::select(&b"xo....#"[..]), rows * cols).prop_map(
            move |sq| {
                let rows: Vec<String> = sq
                    .chunks(cols)
                    .map(|r| format!("\"{}\"", String::from_utf8_lossy(r)))
                    .collect();
                format!("Amazons(grid([{}]))", rows.join(", "))
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Each board, and the sum of the first two, asked by value and by
    /// search (three ways of valuing parts): the same outcome and the same
    /// winning moves for each player. (A table of a few entries is
    /// `a_tiny_table_drops_positions_and_the_answers_stay`: on these
    /// random boards the search without transpositions takes minutes.)
    #[test]
    fn amazons_by_search_agrees_with_values(boards in prop::collection::vec(board(), 1..4)) {
        let mut positions = boards.clone();
        if boards.len() > 1 {
            positions.push(format!("{} + {}", boards[0], boards[1]));
        }
        let mut by_value = Vec::new();
        for p in &positions {
            for q in ["outcome {}", "winning {} for left", "winning {} for right"] {
                by_value.push(q.replace("{}", p));
            }
        }
        let by_search: Vec<String> = by_value.iter().map(|q| format!("{q} by search")).collect();
        let limits = |search_parts, search_table| Limits {
            max_positions: 2_000_000,
            search_parts,
            search_table,
            ..Limits::default()
        };
        let expected: Vec<String> = run(&by_value.join("\n"), limits(DEFAULT_SEARCH_PARTS, 0))
            .iter()
            .map(said)
            .collect();
        for (parts, table) in [(0, 0), (4, 0), (24, 0)] {
            let got: Vec<String> = run(&by_search.join("\n"), limits(parts, table)).iter().map(said).collect();
            for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
                prop_assert_eq!(g, e, "{} (search_parts {}, search_table {})", by_search[i], parts, table);
            }
        }
    }
}

/// A search whose table holds a few entries drops decided positions (the
/// answer counts them) and still finds the outcome and winning moves the
/// values give, on boards whose searches decide hundreds of positions.
#[test]
fn a_tiny_table_drops_positions_and_the_answers_stay() {
    let boards = [
        r#"Amazons(grid(["x..o", "....", "o..x"]))"#,
        r#"Amazons(grid([".o.", "...", "x.x"]))"#,
    ];
    for b in boards {
        let queries = ["outcome {}", "winning {} for left", "winning {} for right"]
            .map(|q| q.replace("{}", b));
        let by_search: Vec<String> = queries.iter().map(|q| format!("{q} by search")).collect();
        let expected: Vec<String> = run(&queries.join("\n"), Limits::default())
            .iter()
            .map(said)
            .collect();
        let tiny = Limits {
            search_parts: 0,
            search_table: 512,
            ..Limits::default()
        };
        let got = run(&by_search.join("\n"), tiny);
        let mut dropped = 0;
        for (i, a) in got.iter().enumerate() {
            assert_eq!(said(a), expected[i], "{}", by_search[i]);
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
        assert!(dropped > 0, "{b}: the table never filled");
    }
}

/// The starting position on a board of `cols` columns and `rows` rows as
/// Song and Müller draw it (docs/THEORY.md §6.15): four amazons a side,
/// Left's (`x`) on the bottom two rows at the ends of the second row and
/// in the second and second-last squares of the first, Right's (`o`) the
/// same at the top.
fn start(cols: usize, rows: usize) -> String {
    let mut b = vec![vec!['.'; cols]; rows];
    for (r, piece) in [(rows - 1, 'x'), (0, 'o')] {
        b[r][1] = piece;
        b[r][cols - 2] = piece;
        let next = if r == 0 { 1 } else { rows - 2 };
        b[next][0] = piece;
        b[next][cols - 1] = piece;
    }
    let rows: Vec<String> = b
        .iter()
        .map(|r| format!("\"{}\"", r.iter().collect::<String>()))
        .collect();
    format!("Amazons(grid([{}]))", rows.join(", "))
}

/// The start on `cols` × `rows` by search, under budgets that let it run.
fn start_outcome(cols: usize, rows: usize) -> String {
    let limits = Limits {
        max_positions: usize::MAX,
        max_memory: 4 << 30,
        max_steps: u64::MAX,
        ..Limits::default()
    };
    said(&run(&format!("outcome {} by search", start(cols, rows)), limits)[0])
}

#[test]
fn the_start_is_drawn_as_the_papers_draw_it() {
    assert_eq!(
        start(6, 5),
        r#"Amazons(grid([".o..o.", "o....o", "......", "x....x", ".x..x."]))"#
    );
    assert_eq!(
        start(4, 5),
        r#"Amazons(grid([".oo.", "o..o", "....", "x..x", ".xx."]))"#
    );
}

/// Published: a first-player win (Song and Müller, 2014). This search
/// answers P on the start drawn here (module comment).
#[test]
#[ignore = "minutes: 4×5 answers P (not the published N) after 5.2 million positions, 580 s of CPU, 1.54 GiB (docs/PERFORMANCE.md)"]
fn amazons_4x5_start_is_a_first_player_win() {
    assert_eq!(start_outcome(4, 5), "N");
}

/// Published: a first-player win (Song and Müller, 2014).
#[test]
#[ignore = "minutes: 5×4 is N after 1.2 million positions, 122 s of CPU, 0.97 GiB (docs/PERFORMANCE.md)"]
fn amazons_5x4_start_is_a_first_player_win() {
    assert_eq!(start_outcome(5, 4), "N");
}
