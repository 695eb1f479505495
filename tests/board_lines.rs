//! The board move lines' fast paths (src/games/rules/boards.rs) against
//! the ordinary evaluation: the examples' rules (`(t, a) in rays(..)`
//! walked reach by reach, `parts(x)` computed straight into the parts)
//! and the same rules written so that neither fast path takes them (the
//! binding a single name, `parts`' comprehension with a condition) give
//! the same options, values and outcomes on random boards, and spend
//! exactly the same steps: the least step budget under which a query
//! answers is the same for both.

use crate::common;

use grundy::{Limits, Redefine, Session};
use proptest::prelude::*;

const KONANE: &str = include_str!("../examples/konane.game");
const AMAZONS: &str = include_str!("../examples/amazons.game");
const DOMINEERING: &str = include_str!("../examples/domineering.game");
const CLOBBER: &str = include_str!("../examples/clobber.game");

/// The examples' rules with neither fast path: `for r in rays(..)` and
/// `r[1]` for `(_, a)`, `if true` in `parts` (neither costs a step).
fn ordinary(rules: &str) -> String {
    common::definitions(rules)
        .replace(
            "for (_, a) in rays(b, \"x\", [(-1, 0), (0, -1), (0, 1), (1, 0)], \"o\")",
            "for r in rays(b, \"x\", [(-1, 0), (0, -1), (0, 1), (1, 0)], \"o\")",
        )
        .replace(
            "for (_, a) in rays(b, \"o\", [(-1, 0), (0, -1), (0, 1), (1, 0)], \"x\")",
            "for r in rays(b, \"o\", [(-1, 0), (0, -1), (0, 1), (1, 0)], \"x\")",
        )
        .replace("move parts(a) for r in", "move parts(r[1]) for r in")
        .replace(
            "parts(put(a, s, \"#\")) for (t, a) in rays(b, ",
            "parts(put(r[1], s2[0], \"#\")) for r in rays(b, ",
        )
        .replace(
            "(s, _) in rays(a, t, queen)",
            "s2 in rays(r[1], r[0], queen)",
        )
        .replace(
            "for p in components(b)])",
            "for p in components(b) if true])",
        )
        .replace(
            "for p in components(b, \"diagonal\")])",
            "for p in components(b, \"diagonal\") if true])",
        )
}

fn answers(definitions: &str, queries: &str) -> Vec<String> {
    let mut s = Session::new(5_000_000);
    common::answers_or_codes(&mut s, &format!("{definitions}\n{queries}"), false)
}

/// Whether `query` answers (no error) under `max_steps`.
fn answers_within(definitions: &str, query: &str, max_steps: u64) -> bool {
    let mut s = Session::with_limits(Limits {
        max_steps,
        ..Limits::default()
    });
    let got = common::answers_or_codes(&mut s, &format!("{definitions}\n{query}"), false);
    got.len() == 1 && !got[0].starts_with("error")
}

/// The least step budget under which `query` answers.
fn least_steps(definitions: &str, query: &str) -> u64 {
    let (mut lo, mut hi) = (0u64, 1u64 << 32);
    assert!(answers_within(definitions, query, hi), "{query}");
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if answers_within(definitions, query, mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// The same moves, values and outcomes from the example and from its
/// rules without the fast paths.
fn same(example: &str, game: &str, boards: &[String]) -> Result<(), TestCaseError> {
    let fast = common::definitions(example);
    let slow = ordinary(example);
    prop_assert_ne!(&fast, &slow, "the rewriting changed nothing");
    let queries: Vec<String> = boards
        .iter()
        .flat_map(|b| {
            [
                format!("moves {game}(grid(\"{b}\"))"),
                format!("value {game}(grid(\"{b}\"))"),
                format!("outcome {game}(grid(\"{b}\")) by search"),
            ]
        })
        .collect();
    let queries = queries.join("\n");
    let new = answers(&fast, &queries);
    prop_assert_eq!(new.len(), 3 * boards.len());
    for a in &new {
        prop_assert!(!a.starts_with("error"), "{}", a);
    }
    // Of a search, the outcome is compared, not the size of the search or
    // the winning move it shows: the placement search (solve/placement.rs)
    // takes the example's rules, not the rewritten ones, and orders and
    // counts its moves its own way (its moves are checked against values
    // in tests/placement.rs).
    let unsized_ = |xs: Vec<String>| -> Vec<String> {
        xs.iter()
            .map(|a| {
                if a.starts_with("outcome") {
                    a.lines().next().unwrap_or_default().to_string()
                } else {
                    a.clone()
                }
            })
            .collect()
    };
    prop_assert_eq!(unsized_(new), unsized_(answers(&slow, &queries)));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn konane_lines_are_the_ordinary_evaluation(bs in prop::collection::vec(common::board_text(b"xxoo..#", 16), 1..4)) {
        same(KONANE, "Konane", &bs)?;
    }

    #[test]
    fn amazons_lines_are_the_ordinary_evaluation(bs in prop::collection::vec(common::board_text(b"xo.....#", 9), 1..3)) {
        same(AMAZONS, "Amazons", &bs)?;
    }

    #[test]
    fn domineering_lines_are_the_ordinary_evaluation(bs in prop::collection::vec(common::board_text(b"....#", 12), 1..4)) {
        same(DOMINEERING, "Domineering", &bs)?;
    }

    #[test]
    fn clobber_lines_are_the_ordinary_evaluation(bs in prop::collection::vec(common::board_text(b"xo.#", 9), 1..4)) {
        same(CLOBBER, "Clobber", &bs)?;
    }
}

/// The fast paths count the steps the ordinary evaluation counts: the
/// least budget a query answers under is the same, to the step.
#[test]
fn board_lines_spend_the_steps_of_the_ordinary_evaluation() {
    for (rules, query) in [
        (KONANE, "value Konane(grid(\"xoxo|ox.x|x.xo\"))"),
        (AMAZONS, "value Amazons(grid(\"x..|..o\"))"),
        (DOMINEERING, "value Domineering(grid(\"...|..#|...\"))"),
        (CLOBBER, "value Clobber(grid(\"xox|o.o\"))"),
    ] {
        let fast = least_steps(&common::definitions(rules), query);
        let slow = least_steps(&ordinary(rules), query);
        assert_eq!(fast, slow, "{query}");
    }
}

/// A redefined `parts` is the one used: the plan made of the first
/// definition is dropped with it.
#[test]
fn a_redefined_parts_function_is_followed() {
    let first = common::definitions(KONANE);
    let second = "fn parts(b) = sum([Konane(canonical(p, \"mirror\")) for p in components(b, \"diagonal\")])";
    let query = "moves Konane(grid(\"xo.|.ox|x.o\"))";
    let mut s = Session::new(5_000_000);
    s.set_redefine(Redefine::Replace);
    let mut got = common::answers_or_codes(&mut s, &format!("{first}\n{query}"), false);
    got.extend(common::answers_or_codes(
        &mut s,
        &format!("{second}\n{query}"),
        false,
    ));
    let replaced = first.replace(
        "fn parts(b) = sum([Konane(canonical(p)) for p in components(b)])",
        second,
    );
    assert_ne!(replaced, first);
    let fresh = answers(&replaced, query);
    assert_eq!(got.len(), 2);
    assert_eq!(got[1], fresh[0]);
    assert_ne!(got[0], got[1], "the second definition changes the options");
}
