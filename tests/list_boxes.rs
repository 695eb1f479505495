//! Positions that are pairs and triples of small integers, found in the
//! solver's direct-indexed boxes (`ListTable` in `src/solve/keys.rs`) and
//! listed a run at a time (`Solver::byte_run`), against the same games
//! written on quadruples (a constant 0 or two appended to every position),
//! which no box holds: the same values, whatever order the queries come
//! in, as the boxes grow past their first size and elements leave the
//! bytes.

use grundy::{Mode, Session};
use proptest::prelude::*;

/// The Grundy values a program answers (errors included, as text).
fn values(text: &str) -> Vec<String> {
    let mut s = Session::new(1_000_000);
    let mut out = Vec::new();
    s.run_text("t.game", text, Mode::Run, &mut |s, r| match r {
        Ok(a) => out.push(format!("{a:?}")),
        Err(e) => out.push(e.render_plain(s.sources())),
    });
    out
}

/// Move lines on `p`, a tuple or list of `dim` heaps; `PAD` stands for the
/// padding of the reference game. Each line is a run of a literal target
/// (the boxes' stride), a growing move (an element past a box's first size,
/// or past 255), a target behind `id` (the ordinary evaluation, looked up
/// by value) or a list of the same heaps (another kind).
fn line(dim: usize, which: usize, c: i64, jump: i64) -> String {
    let last = dim - 1;
    let tuple = |xs: Vec<String>, list: bool| {
        let body = format!("{}PAD", xs.join(", "));
        if list {
            format!("[{body}]")
        } else {
            format!("({body})")
        }
    };
    // The heaps, those at `at` less `k`, and the last one plus `jump`
    // when `grow` is set.
    let heaps = |at: &[usize], grow: bool| -> Vec<String> {
        (0..dim)
            .map(|i| {
                if at.contains(&i) {
                    format!("p[{i}] - k")
                } else if grow && i == last {
                    format!("p[{i}] + {jump}")
                } else {
                    format!("p[{i}]")
                }
            })
            .collect()
    };
    match which {
        0 => format!(
            "move P({}) for k in 1..=p[0]",
            tuple(heaps(&[0], false), false)
        ),
        1 => format!(
            "move P({}) for k in 1..=min(p[{last}], {c})",
            tuple(heaps(&[last], false), false)
        ),
        2 => format!(
            "move P({}) for k in 1..=min(p[0], p[{last}])",
            tuple(heaps(&[0, last], false), false)
        ),
        3 => format!(
            "move P({}) for k in 1..=min(p[0], 1)",
            tuple(heaps(&[0], true), false)
        ),
        4 => format!(
            "move P(id({})) for k in 1..=min(p[0], {c})",
            tuple(heaps(&[0], false), false)
        ),
        _ => format!(
            "move P({}) for k in 1..=min(p[{last}], {c})",
            tuple(heaps(&[last], false), true)
        ),
    }
}

/// The program: the game and a `grundy` query per start, in order.
fn program(dim: usize, lines: &[(usize, i64, i64)], starts: &[Vec<i64>], pad: &str) -> String {
    let mut text = String::from("fn id(x) = x\ngame P(p) {\n");
    for &(which, c, jump) in lines {
        text += &format!("    {}\n", line(dim, which, c, jump).replace("PAD", pad));
    }
    text += "}\n";
    for s in starts {
        let xs: Vec<String> = s.iter().map(i64::to_string).collect();
        text += &format!("grundy P(({}{pad}))\n", xs.join(", "));
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn boxed_pairs_and_triples_give_the_values_of_unboxed_quadruples(
        dim in 2usize..=3,
        lines in prop::collection::vec((0usize..6, 1i64..=4, prop_oneof![Just(0i64), 1i64..=40, 100i64..=250]), 1..=4),
        starts in prop::collection::vec(prop::collection::vec(0i64..=14, 3), 1..=4),
    ) {
        let starts: Vec<Vec<i64>> = starts.iter().map(|s| s[..dim].to_vec()).collect();
        let pad = if dim == 2 { ", 0, 0" } else { ", 0" };
        let boxed = values(&program(dim, &lines, &starts, ""));
        let plain = values(&program(dim, &lines, &starts, pad));
        // The positions differ by the padding; their values must not.
        let clean = |xs: Vec<String>| -> Vec<String> {
            xs.iter().map(|s| s.replace(pad, "")).collect()
        };
        prop_assert_eq!(clean(boxed), clean(plain));
    }
}

/// Wythoff's game on a pair, queried small then large (the box made for
/// the small start grows), against its known P-positions.
#[test]
fn wythoff_on_a_pair_after_a_box_grows() {
    let text = "game WP(p) {\n\
        move WP((p[0] - k, p[1])) for k in 1..=p[0]\n\
        move WP((p[0], p[1] - k)) for k in 1..=p[1]\n\
        move WP((p[0] - k, p[1] - k)) for k in 1..=min(p[0], p[1])\n}\n\
        grundy WP((3, 5))\ngrundy WP((119, 193))\ngrundy WP((193, 119))\ngrundy WP((100, 160))\n";
    let out = values(text);
    assert_eq!(out.len(), 4, "{out:?}");
    // (3, 5) and (119, 193) are P-positions (⌊nφ⌋, ⌊nφ²⌋ for n = 2, 74);
    // (100, 160) is not (n = 62 gives (100, 162)).
    for (i, want_zero) in [(0, true), (1, true), (2, true), (3, false)] {
        assert_eq!(out[i].contains("value: Finite(0)"), want_zero, "{}", out[i]);
    }
}
