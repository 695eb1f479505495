//! Misère theory in the language: `outcome misere` of sums of octal heaps
//! (read from the game's misère quotient) agrees with the expansion of the
//! same game written as move rules (which has no quotient); `genus` and
//! `misere_form` agree with the `misere` library on the same games; the
//! diagnostics of `quotient`.

use crate::common;

use common::{answers_in, one, outcome};
use grundy::Answer;
use grundy::{Mode, Session};
use grundy_theory::misere::{Forms, GameGraph, HeapRules, RuleFn};
use grundy_theory::octal::OctalCode;
use proptest::prelude::*;

/// Each code as an octal game `O…` and as move rules `R…` (expanded).
const GAMES: &str = "
game O07 = octal 0.07
game R07(n) {
    move R07(a) + R07(n - 2 - a) for a in 0..=n - 2
}
game O77 = octal 0.77
game R77(n) {
    move R77(a) + R77(n - k - a) for k in 1..=2, a in 0..=n - k
}
game O137 = octal 0.137
game R137(n) {
    move 0 if n == 1
    move R137(n - 2) if n >= 2
    move R137(a) + R137(n - 3 - a) for a in 0..=n - 3
}
game OS = subtraction {1, 2, 5}
game RS(n) {
    move RS(n - k) for k in [1, 2, 5] if k <= n
}
";

fn sum(game: &str, heaps: &[u64]) -> String {
    let parts: Vec<String> = heaps.iter().map(|h| format!("{game}({h})")).collect();
    parts.join(" + ")
}

fn session() -> Session {
    let mut s = Session::new(2_000_000);
    answers_in(&mut s, GAMES);
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn quotient_outcomes_are_the_expansions(
        code in 0usize..4,
        heaps in prop::collection::vec(0u64..=11, 2..=5),
    ) {
        let (o, r) = [("O07", "R07"), ("O77", "R77"), ("O137", "R137"), ("OS", "RS")][code];
        let mut s = session();
        let a = answers_in(&mut s, &format!(
            "outcome misere {}\noutcome misere {}\n", sum(o, &heaps), sum(r, &heaps)
        ));
        prop_assert_eq!(outcome(&a[0]), outcome(&a[1]), "{:?}", heaps);
    }

    /// `genus` and `misere_form` of a random acyclic game (a rule game over
    /// a list of edges) are the library's on the same graph.
    #[test]
    fn genus_and_form_of_random_dags(
        edges in prop::collection::vec(prop::collection::vec(any::<prop::sample::Index>(), 0..4), 1..9),
        root in any::<prop::sample::Index>(),
        second in any::<prop::sample::Index>(),
    ) {
        // Vertex v moves to vertices below v only.
        let opts: Vec<Vec<usize>> = edges
            .iter()
            .enumerate()
            .map(|(v, es)| {
                let mut o: Vec<usize> = if v == 0 { Vec::new() } else { es.iter().map(|i| i.index(v)).collect() };
                o.sort_unstable();
                o.dedup();
                o
            })
            .collect();
        let n = opts.len();
        let (a, b) = (root.index(n), second.index(n));
        let list: Vec<String> = opts
            .iter()
            .map(|o| format!("[{}]", o.iter().map(std::string::ToString::to_string).collect::<Vec<_>>().join(", ")))
            .collect();
        let program = format!(
            "let E = [{}]\ngame D(v) {{\n    move D(w) for w in E[v]\n}}\ngenus D({a}) + D({b})\nmisere_form D({a}) + D({b})\n",
            list.join(", ")
        );
        let mut s = Session::new(2_000_000);
        let ans = answers_in(&mut s, &program);
        let graph = GameGraph::from_options(
            opts.iter().map(|o| o.iter().map(|&w| vec![w]).collect()).collect(),
        ).unwrap();
        let mut forms = Forms::new(100_000);
        let f = forms.of_graph(&graph).unwrap();
        let both = forms.add(f[a], f[b]).unwrap();
        match &ans[0] {
            Answer::Genus { genus, .. } => prop_assert_eq!(genus, forms.genus(both)),
            other => prop_assert!(false, "{:?}", other),
        }
        match &ans[1] {
            Answer::MisereForm { form, .. } => {
                prop_assert_eq!(&form.form, &forms.display(both, 2_000));
                prop_assert_eq!(form.phylum, forms.phylum(both));
            }
            other => prop_assert!(false, "{:?}", other),
        }
    }
}

#[test]
fn genus_of_kayles_heaps_and_sums_is_the_librarys() {
    let kayles = OctalCode::parse("0.77").unwrap();
    let mut forms = Forms::new(1_000_000);
    let heap = forms.of_heaps(&kayles, 9).unwrap();
    let mut s = session();
    for a in 0..=9u64 {
        for b in [0u64, 3, 7] {
            let ans = answers_in(&mut s, &format!("genus O77({a}) + O77({b})\n"));
            let want = forms.add(heap[a as usize], heap[b as usize]).unwrap();
            match &ans[0] {
                Answer::Genus { genus, .. } => assert_eq!(genus, forms.genus(want), "{a} {b}"),
                other => panic!("{other:?}"),
            }
        }
    }
    // Winning Ways' genus of Kayles heap 5.
    let text = grundy::render::text(&one("game K = octal 0.77\ngenus K(5)"));
    assert_eq!(text, "genus K(5) = 4^{146}");
}

#[test]
fn misere_form_of_a_rule_game_is_the_librarys() {
    let rules = RuleFn(|n: u64, f: &mut dyn FnMut(&[u64])| {
        if n >= 1 {
            f(&[n - 1]);
        }
        if n >= 3 {
            f(&[n - 2, n - 3]);
        }
    });
    let mut forms = Forms::new(100_000);
    let heap = forms.of_heaps(&rules, 10).unwrap();
    let mut s = Session::new(2_000_000);
    answers_in(
        &mut s,
        "game T(n) {\n    move T(n - 1) if n >= 1\n    move T(n - 2) + T(n - 3) if n >= 3\n}\n",
    );
    let mut classes = Vec::new();
    for (n, &h) in heap.iter().enumerate() {
        let ans = answers_in(&mut s, &format!("misere_form T({n})\n"));
        match &ans[0] {
            Answer::MisereForm { form, .. } => {
                assert_eq!(form.form, forms.display(h, 2_000));
                assert_eq!(form.phylum, forms.phylum(h));
                assert_eq!(&form.genus, forms.genus(h));
                classes.push(form.phylum);
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(classes.iter().any(|c| c.is_tame()));
}

#[test]
fn quotient_of_kayles_and_a_subtraction_game() {
    let mut s = session();
    let ans = answers_in(&mut s, "quotient O77 to 12\nquotient OS to 20\n");
    let Answer::Quotient(k) = &ans[0] else {
        panic!()
    };
    let lib = grundy_theory::misere::MisereQuotient::compute(
        &OctalCode::parse("0.77").unwrap(),
        12,
        &Default::default(),
    )
    .unwrap();
    assert_eq!(k.order, lib.order());
    assert_eq!(k.presentation, lib.presentation());
    assert_eq!(k.pretending.len(), 13);
    let Answer::Quotient(q) = &ans[1] else {
        panic!()
    };
    assert!(q.unchanged_since < 20);
    // subtraction {1, 2, 5}: the heaps' elements repeat with a period that
    // heaps 0..=20 prove (THEORY.md §9.7), and the answer says so.
    let per = q.proved.expect("a proved period");
    let lib = grundy_theory::misere::MisereQuotient::compute(
        &OctalCode::subtraction(&[1, 2, 5]),
        20,
        &Default::default(),
    )
    .unwrap();
    assert_eq!(
        Some(per),
        lib.proved_period(&OctalCode::subtraction(&[1, 2, 5]))
    );
    let text = grundy::render::text(&ans[1]);
    assert!(
        text.contains("the quotient of all heaps, proved by heaps 0..=20"),
        "{text}"
    );
    let json = grundy::render::json(&ans[1]);
    assert_eq!(json["proved"]["range"], 20, "{json}");
}

/// Dawson's Kayles past heap 24, where its quotient grows to 144 elements:
/// exact for heaps 0..=25, but no period is proved, and the answer says
/// the stability is only observed (JSON `proved` null).
#[test]
fn quotient_of_dawsons_kayles_past_heap_24_is_not_proved() {
    let mut s = session();
    let ans = answers_in(&mut s, "quotient O07 to 25\n");
    let Answer::Quotient(q) = &ans[0] else {
        panic!()
    };
    assert_eq!(q.order, 144);
    assert_eq!(q.p_portion.len(), 23);
    assert_eq!(q.proved, None);
    let json = grundy::render::json(&ans[0]);
    assert!(json["proved"].is_null(), "{json}");
    assert!(!grundy::render::text(&ans[0]).contains("proved by"));
}

fn error_code(program: &str) -> String {
    let mut s = Session::new(200_000);
    let mut codes = Vec::new();
    s.run_text("test.game", program, Mode::Run, &mut |_, r| {
        if let Err(e) = r {
            codes.push(
                miette::Diagnostic::code(&e)
                    .map(|c| c.to_string())
                    .unwrap_or_default(),
            );
        }
    });
    codes.join(",")
}

#[test]
fn quotient_diagnostics() {
    // A game of two parameters, and one whose moves leave another game.
    assert_eq!(
        error_code("game M(a, b) {\n    move M(a - 1, b) if a >= 1\n}\nquotient M to 5\n"),
        "grundy::query::unsupported"
    );
    assert_eq!(
        error_code("game H(n) {\n    move *1 if n >= 1\n}\nquotient H to 5\n"),
        "grundy::misere::not_a_heap_game"
    );
    // A loopy heap game.
    assert_eq!(
        error_code("game L(n) {\n    move L(n + 1) if n < 3\n}\nquotient L to 5\n"),
        "grundy::misere::loopy"
    );
    assert_eq!(
        error_code("game L(n) {\n    move L(1 - n) if n <= 1\n}\ngenus L(0)\n"),
        "grundy::misere::loopy"
    );
    // Past the heap budget (the position budget here).
    assert_eq!(
        error_code("game K = octal 0.77\nquotient K to 300000\n"),
        "grundy::misere::budget"
    );
}

/// Single heaps past the expansion's threshold are read from a proved
/// period of the quotient (THEORY.md §9.7): they agree with the rule
/// game's expansion, and a heap of 10^15 is answered.
#[test]
fn single_heaps_from_a_proved_period_are_the_expansions() {
    let mut s = session();
    for h in (65..=160).step_by(7) {
        let a = answers_in(
            &mut s,
            &format!("outcome misere OS({h})\noutcome misere RS({h})\n"),
        );
        assert_eq!(outcome(&a[0]), outcome(&a[1]), "heap {h}");
    }
    let mut t = Session::new(2_000_000);
    let a = answers_in(
        &mut t,
        "game S = subtraction {1, 2}\noutcome misere S(1000000000000000)\noutcome misere S(1000000000000002)\n",
    );
    assert_eq!(outcome(&a[0]), grundy::Outcome::P);
    assert_eq!(outcome(&a[1]), grundy::Outcome::N);
}

/// Sums with a heap past 64 of a game whose quotient has a proved period
/// are read from it (THEORY.md §9.7): the same outcomes and winning moves
/// as the quotient computed directly to the largest heap.
#[test]
fn sums_with_large_heaps_from_a_proved_period_are_the_direct_quotients() {
    let code = OctalCode::parse("0.77").unwrap();
    let direct =
        grundy_theory::misere::MisereQuotient::compute(&code, 200, &Default::default()).unwrap();
    let mut s = session();
    let mut x = 0x2545f4914f6cdd1du64;
    for _ in 0..40 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let heaps = [65 + x % 136, x >> 8 & 63, 65 + (x >> 16) % 136];
        let a = answers_in(&mut s, &format!("outcome misere {}\n", sum("O77", &heaps)));
        let want = match direct.outcome(&heaps).unwrap() {
            grundy_theory::misere::Outcome::P => grundy::Outcome::P,
            grundy_theory::misere::Outcome::N => grundy::Outcome::N,
        };
        assert_eq!(outcome(&a[0]), want, "{heaps:?}");
    }
    // Each winning move of K(150) + K(3) leads to a P-position of the direct
    // quotient, and there are as many as the direct quotient finds.
    let a = answers_in(&mut s, "winning misere O77(150) + O77(3)\n");
    let listed = common::moves(&a[0]);
    let mut want = 0;
    for (h, other) in [(150u64, 3u64), (3, 150)] {
        for k in code.options_of(h).unwrap() {
            let mut pos = k.clone();
            pos.push(other);
            if direct.outcome(&pos).unwrap() == grundy_theory::misere::Outcome::P {
                want += 1;
            }
        }
    }
    assert_eq!(listed.len(), want, "{listed:?}");
}
