//! Nimber arithmetic in the partizan store and misère forms of nim heaps
//! from theory (issue 20, engine half): each fast path checked against the
//! expansion by definition on small cases, and each reproduction of the
//! issue ends quickly with an answer or a coded error.

use std::time::{Duration, Instant};

use grundy::Limits;
use grundy::render;
use grundy::{Mode, Session};
use grundy_theory::misere::{Forms, Genus};
use grundy_theory::partizan::{Dyadic, GameStore, ValueId};
use proptest::prelude::*;

/// Each statement's result: the answer's text (or JSON), or the code.
fn run_with(limits: Limits, text: &str, json: bool) -> Vec<String> {
    let mut s = Session::with_limits(limits);
    let mut out = Vec::new();
    s.run_text("store.game", text, Mode::Run, &mut |_, r| match r {
        Ok(a) if json => out.push(render::json(&a).to_string()),
        Ok(a) => out.push(render::text(&a)),
        Err(e) => out.push(format!(
            "error {}",
            miette::Diagnostic::code(&e)
                .map(|c| c.to_string())
                .unwrap_or_default()
        )),
    });
    out
}

fn run(limits: Limits, text: &str) -> Vec<String> {
    run_with(limits, text, false)
}

fn small() -> Limits {
    Limits {
        max_positions: 200_000,
        max_memory: 64 << 20,
        max_steps: 2_000_000,
        ..Limits::default()
    }
}

/// Runs `text` and checks it took at most 20 seconds.
fn quick(limits: Limits, text: &str) -> Vec<String> {
    let t = Instant::now();
    let out = run(limits, text);
    assert!(
        t.elapsed() < Duration::from_secs(20),
        "{text} took {:?}: {out:?}",
        t.elapsed()
    );
    out
}

/// `*a + *b` by the definition of the sum, canonicalised by `game` only
/// (never `add`): the slow path the nim addition is checked against.
fn slow_nim_sum(
    s: &mut GameStore,
    memo: &mut Vec<Vec<Option<ValueId>>>,
    a: usize,
    b: usize,
) -> ValueId {
    if let Some(v) = memo[a][b] {
        return v;
    }
    let mut opts = Vec::new();
    for i in 0..a {
        opts.push(slow_nim_sum(s, memo, i, b));
    }
    for j in 0..b {
        opts.push(slow_nim_sum(s, memo, a, j));
    }
    let v = s.game(&opts, &opts).unwrap();
    memo[a][b] = Some(v);
    v
}

#[test]
fn nim_addition_equals_the_sum_by_definition() {
    let mut s = GameStore::new();
    let n = 12;
    let mut memo = vec![vec![None; n]; n];
    for a in 0..n {
        for b in 0..n {
            let slow = slow_nim_sum(&mut s, &mut memo, a, b);
            let (x, y) = (s.nimber(a).unwrap(), s.nimber(b).unwrap());
            assert_eq!(s.add(x, y).unwrap(), slow, "*{a} + *{b}");
            assert_eq!(s.as_nimber(slow), Some(a ^ b));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `n·G` equals `G + G + … + G` added one copy at a time, for nimbers,
    /// numbers plus nimbers, and up-star forms.
    #[test]
    fn multiples_equal_repeated_sums(m in 0usize..9, num in -4i64..5, ups in -2i64..3, n in 0u64..7) {
        let mut s = GameStore::new();
        let star = s.nimber(m).unwrap();
        let x = s.number(Dyadic::new(num, 1).unwrap());
        let u = s.ups(ups).unwrap();
        let xs = s.add(x, star).unwrap();
        let g = s.add(xs, u).unwrap();
        for base in [star, xs, g] {
            let mut acc = s.zero();
            for _ in 0..n {
                acc = s.add(acc, base).unwrap();
            }
            prop_assert_eq!(s.multiple(base, n).unwrap(), acc);
        }
    }

    /// The genus of a sum of nim heaps from theory equals the genus of its
    /// canonical form built by expansion.
    #[test]
    fn nim_genus_equals_the_expansion(heaps in proptest::collection::vec(0u64..7, 0..4)) {
        let mut f = Forms::new(100_000);
        let mut parts = Vec::new();
        for &h in &heaps {
            parts.push(f.nim(h as u32).unwrap());
        }
        let sum = f.sum(&parts).unwrap();
        prop_assert_eq!(Some(f.genus(sum).clone()), Genus::nim_sum(&heaps));
    }
}

#[test]
fn nim_forms_from_theory_equal_the_expansion() {
    // Sums whose form theory gives (at most one heap of 2 or more once
    // pairs of 1-heaps cancel), through the language and by expansion.
    for heaps in [
        vec![0],
        vec![1],
        vec![1, 1],
        vec![1, 1, 1],
        vec![5],
        vec![1, 1, 6],
        vec![0, 1, 0, 1, 3],
        vec![2, 1],
    ] {
        let mut f = Forms::new(100_000);
        let parts: Vec<_> = heaps.iter().map(|&h| f.nim(h).unwrap()).collect();
        let sum = f.sum(&parts).unwrap();
        let pos: Vec<String> = heaps.iter().map(|h| format!("*{h}")).collect();
        let pos = pos.join(" + ");
        let out = run(small(), &format!("misere_form {pos}\n"));
        let expected = format!(
            "misere_form {pos} = {} (tame, genus {}, misère outcome {})",
            f.display(sum, 10_000),
            f.genus(sum),
            match f.outcome(sum) {
                grundy_theory::misere::Outcome::P => "P",
                grundy_theory::misere::Outcome::N => "N",
            }
        );
        assert_eq!(out, [expected], "{heaps:?}");
    }
}

#[test]
fn the_reproductions_end_quickly() {
    let out = quick(
        Limits::default(),
        "value(*60) * 3\nvalue(*138) + value(*138)\nvalue(*138) * 4\nvalue(*5) + value(*3)\n",
    );
    assert_eq!(out, ["*60", "0", "0", "*6"]);
    let out = quick(
        small(),
        "genus *100 + *100 + *100\ngenus *4 + *1364\nmisere_form *544\nmisere_form *1000000\n",
    );
    assert_eq!(
        out,
        [
            "genus *100 + *100 + *100 = 100^{100,102}",
            "genus *4 + *1364 = 1360^{1360,1362}",
            "misere_form *544 = *544 (tame, genus 544^{544,546}, misère outcome N)",
            "misere_form *1000000 = *1000000 (tame, genus 1000000^{1000000,1000002}, misère outcome N)",
        ]
    );
}

#[test]
fn misere_expansion_stops_at_the_step_budget() {
    // No shortcut: two big heaps are expanded, and the steps run out.
    let out = quick(small(), "misere_form *4 + *1364\ngrundy Nim(2)\n");
    assert!(
        out[0] == "error grundy::eval::steps" || out[0] == "error grundy::misere::budget",
        "{out:?}"
    );
    assert_eq!(out[1], "grundy Nim(2) = 2");
}

#[test]
fn misere_expansion_ends_under_a_small_memory_budget() {
    let limits = Limits {
        max_memory: 8 << 20,
        ..Limits::default()
    };
    let out = quick(limits, "misere_form *40 + *41 + *42\n");
    assert!(
        [
            "error grundy::eval::steps",
            "error grundy::solve::memory",
            "error grundy::misere::budget",
        ]
        .contains(&out[0].as_str()),
        "{out:?}"
    );
}

#[test]
fn partizan_arithmetic_stops_at_the_step_budget() {
    let limits = Limits {
        max_steps: 2_000,
        ..Limits::default()
    };
    let out = quick(
        limits,
        "value((up(1) + value(*3) + num(1, 2)) * 3000) == 0\ngrundy Nim(2)\n",
    );
    assert_eq!(out[0], "error grundy::eval::steps", "{out:?}");
    assert_eq!(out[1], "grundy Nim(2) = 2");
}

#[test]
fn long_forms_are_whole_in_json_and_cut_in_text() {
    let q = "misere_form *2 + *3 + *4 + *5\n";
    let text = run(small(), q);
    let json = run_with(small(), q, true);
    let v: serde_json::Value = serde_json::from_str(&json[0]).unwrap();
    let form = v["form"].as_str().unwrap();
    assert!(form.len() > 2_000 && !form.contains('…'), "{}", form.len());
    assert!(
        text[0].contains(&format!(
            "[{} characters in all; `--json` prints the whole form]",
            form.len()
        )),
        "{}",
        &text[0][..100]
    );
    assert!(text[0].contains(&form[..1_000]));
}
