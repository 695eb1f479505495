//! The builtin `rays` against the rules it replaces: examples/konane.game
//! and amazons.game list their moves with `rays`; here the same games are
//! written as before it existed (the jumps and the queen's rays as
//! recursive `fn`s), and on random boards both give the same options
//! (`moves`) and the same values. Then `rays` itself: its diagnostics.

use crate::common;

use grundy::Session;
use proptest::prelude::*;

/// The rules of examples/konane.game before `rays`: each jump a call.
const KONANE_BY_FN: &str = r#"
game Konane(b) {
    left move parts(j) for (r, c) in cells(b, "x"), (dr, dc) in [(-1, 0), (0, -1), (0, 1), (1, 0)], j in jumps(b, r, c, dr, dc, "x", "o")
    right move parts(j) for (r, c) in cells(b, "o"), (dr, dc) in [(-1, 0), (0, -1), (0, 1), (1, 0)], j in jumps(b, r, c, dr, dc, "o", "x")
}
fn jumps(b, r, c, dr, dc, me, you) =
    if b[(r + dr, c + dc)] == you and b[(r + 2 * dr, c + 2 * dc)] == "." then
        [hop(b, r, c, dr, dc, me)] + jumps(hop(b, r, c, dr, dc, me), r + 2 * dr, c + 2 * dc, dr, dc, me, you)
    else []
fn hop(b, r, c, dr, dc, me) = put(put(b, [(r, c), (r + dr, c + dc)], "."), (r + 2 * dr, c + 2 * dc), me)
fn parts(b) = sum([Konane(canonical(p)) for p in components(b)])
"#;

/// The rules of examples/amazons.game before `rays`.
const AMAZONS_BY_FN: &str = r##"
game Amazons(b) {
    left move parts(put(a, s, "#")) for (r, c) in cells(b, "x"), t in queen(b, r, c), a in [put(put(b, (r, c), "."), t, "x")], s in queen(a, t[0], t[1])
    right move parts(put(a, s, "#")) for (r, c) in cells(b, "o"), t in queen(b, r, c), a in [put(put(b, (r, c), "."), t, "o")], s in queen(a, t[0], t[1])
}
fn queen(b, r, c) = [t for (dr, dc) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)], t in walk(b, r, c, dr, dc)]
fn walk(b, r, c, dr, dc) = if b[(r + dr, c + dc)] == "." then [(r + dr, c + dc)] + walk(b, r + dr, c + dc, dr, dc) else []
fn parts(b) = sum([Amazons(canonical(p)) for p in components(b, "diagonal")])
"##;

fn answers(definitions: &str, queries: &str) -> Vec<String> {
    let mut s = Session::new(5_000_000);
    common::answers_or_codes(&mut s, &format!("{definitions}\n{queries}"), false)
}

/// The same answers, moves and values, from the example and the old rules.
fn same(example: &str, by_fn: &str, game: &str, boards: &[String]) -> Result<(), TestCaseError> {
    let queries: Vec<String> = boards
        .iter()
        .flat_map(|b| {
            [
                format!("moves {game}(grid(\"{b}\"))"),
                format!("value {game}(grid(\"{b}\"))"),
            ]
        })
        .collect();
    let queries = queries.join("\n");
    let new = answers(&common::definitions(example), &queries);
    let old = answers(by_fn, &queries);
    prop_assert_eq!(new.len(), 2 * boards.len());
    for a in &new {
        prop_assert!(!a.starts_with("error"), "{}", a);
    }
    prop_assert_eq!(new, old);
    Ok(())
}

const KONANE: &str = include_str!("../examples/konane.game");
const AMAZONS: &str = include_str!("../examples/amazons.game");

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn konane_by_rays_is_konane_by_recursive_jumps(bs in prop::collection::vec(common::board_text(b"xxoo..#", 16), 1..4)) {
        same(KONANE, KONANE_BY_FN, "Konane", &bs)?;
    }

    #[test]
    fn amazons_by_rays_is_amazons_by_recursive_rays(bs in prop::collection::vec(common::board_text(b"xo.....#", 9), 1..4)) {
        same(AMAZONS, AMAZONS_BY_FN, "Amazons", &bs)?;
    }
}

/// What `rays` gives, square and board, and what it refuses.
#[test]
fn rays_walks_slides_and_jumps() {
    let got = common::texts_or_error_codes(
        r#"rays(grid("x.o"), (0, 0), (0, 1))
rays(grid("x.o|..."), "x", [(0, 1), (1, 0), (1, 1)])
rays(grid("xo.o.|....."), (0, 0), (0, 1), "o")
rays(grid("x.."), (0, 0), (0, 0))
rays(grid("x.."), (0, 0), (0, 1), ".")
rays(grid("x.."), (0, 0), "up")
rays(grid("x.."), (0, 0), (0, 1), "oo")
rays(grid("x.."), 3, (0, 1))
"#,
    );
    assert_eq!(
        got,
        [
            "[((0, 1), grid(\".xo\"))]",
            "[((0, 1), grid(\".xo|...\")), ((1, 0), grid(\"..o|x..\")), ((1, 1), grid(\"..o|.x.\"))]",
            "[((0, 2), grid(\"..xo.|.....\")), ((0, 4), grid(\"....x|.....\"))]",
            "[]",
            "error grundy::eval::type_error",
            "error grundy::eval::type_error",
            "error grundy::eval::type_error",
            "error grundy::eval::type_error",
        ]
    );
}

/// examples/konane.game's 4 × 6 board answers under the default budgets
/// (before `rays` it needed `--max-steps 3000000000`). About 9 s of CPU
/// in release, so ignored in CI; run it with
/// `cargo test --release --test folded rays:: -- --ignored`.
#[test]
#[ignore]
fn konane_4x6_answers_under_the_default_budgets() {
    let text = format!(
        "{}\nvalue Konane(grid(\"xoxoxo|oxox.x|xoxoxo|oxoxox\"))",
        common::definitions(KONANE)
    );
    assert_eq!(
        common::texts_or_error_codes(&text),
        ["value Konane(grid(\"xoxoxo|oxox.x|xoxoxo|oxoxox\")) = -1"]
    );
}
