//! One notion of game (docs/LANGUAGE.md, "Game values in expressions"):
//! positions, nim-heaps, numbers, literals and sums compare and add as
//! games, and the query functions take every game. The property test
//! draws random games of each kind and checks the comparisons against the
//! outcome of the difference, computed by another path (play on the sum
//! of positions), and that a printed value reads back as an equal game.

use crate::common;

use proptest::prelude::*;

/// Each statement's answer as text, or `error CODE`.
fn run(text: &str) -> Vec<String> {
    common::texts_or_error_codes(text)
}

const GAMES: &str = "game L(n) { left move L(n - 1) if n > 0 }
game K(n) { move K(n - k) for k in 1..=2 if k <= n }
game Kayles(n) { move Kayles(a) + Kayles(n - k - a) for k in 1..=2, a in 0..=n - k if k <= n and a <= n - k - a }
";

fn with_games(lines: &str) -> Vec<String> {
    run(&format!("{GAMES}{lines}"))
}

#[test]
fn the_issue_examples_answer_as_cgsuite_does() {
    let cases = [
        ("*2 + *2 == 0", "true"),
        ("*3 + *5 == *6", "true"),
        ("Nim(2) + Nim(2) == 0", "true"),
        ("Nim(2) + *2 != 0", "false"),
        ("3 || 0", "false"),
        ("* || 0", "true"),
        ("outcome(L(2))", "L"),
        ("outcome(-L(2))", "R"),
        ("outcome(L(2)) == L", "true"),
        ("outcome(1/2)", "L"),
        ("outcome(*)", "N"),
        ("outcome(0)", "P"),
        ("is_p(L(2) - 2)", "true"),
        ("is_n(*3)", "true"),
        ("winning(*2 + *3)", "[*2 + *2]"),
        ("options(L(2))", "([L(1)], [])"),
        ("winning({1|-1})", "([1], [-1])"),
        ("L(2) == 2", "true"),
        ("L(3) > L(2) + 1/2", "true"),
        ("K(4) == K(1)", "true"),
        ("K(3) + K(3) == 0", "true"),
        ("Kayles(5) == *4", "true"),
        ("Kayles(5) < 1", "true"),
        ("value(Kayles(5)) == Kayles(5)", "true"),
        ("same(*2 + *2, 0)", "false"),
        ("same(*1 + *2, *2 + *1)", "true"),
        ("-L(2) == -2", "true"),
        ("outcome(L(2) - L(3))", "R"),
        ("*2 + *3", "*"),
        ("* + *", "0"),
        ("[*, 1*]", "[*, 1*]"),
        ("grundy(*3 + K(4))", "2"),
        ("(*) * 2", "0"),
        ("3 * L(2)", "6"),
        ("* <= 0", "false"),
        ("* - 0", "*"),
        ("-(1^*) == -1v*", "true"),
        ("+-1 == {1|-1}", "true"),
    ];
    for (q, want) in cases {
        assert_eq!(with_games(&format!("{q}\n")), [want], "{q}");
    }
}

#[test]
fn what_has_no_answer_is_a_coded_error() {
    for (q, code) in [
        // A number is no nim-heap.
        ("grundy(3)", "grundy::eval::type_error"),
        // A rule cannot ask the solver: identity as written is `same`.
        (
            "game B(n) { move B(n - 1) if B(n) == B(1) and n > 0 }\ngrundy B(2)",
            "grundy::eval::type_error",
        ),
        ("*3 == [1]", "error"),
    ] {
        let out = with_games(&format!("{q}\n"));
        let last = out.last().cloned().unwrap_or_default();
        if code == "error" {
            assert_eq!(last, "false", "{q}: values of other types are unequal");
        } else {
            assert_eq!(last, format!("error {code}"), "{q}");
        }
    }
}

/// A game of one kind, as an expression.
#[derive(Clone, Debug)]
enum G {
    /// A position of the subtraction game {1, 2} or Kayles.
    Impartial(&'static str, u8),
    /// A position of a partizan rule game with these Left and Right sets.
    Partizan(u8),
    /// A literal in CGSuite's notation.
    Literal(&'static str),
    /// A sum.
    Sum(Box<G>, Box<G>),
}

const LITERALS: &[&str] = &[
    "0", "1", "-1", "2", "1/2", "-3/4", "*", "*2", "*3", "^", "v", "^*", "v*", "^^", "{1|0}",
    "{0|-1}", "±1", "{1|*}", "1*", "{2|1/2}",
];

impl G {
    fn text(&self) -> String {
        match self {
            G::Impartial(name, n) => format!("{name}({n})"),
            G::Partizan(n) => format!("P({n})"),
            G::Literal(t) => format!("({t})"),
            G::Sum(a, b) => format!("{} + {}", a.text(), b.text()),
        }
    }
}

fn game() -> impl Strategy<Value = G> {
    let leaf = prop_oneof![
        (prop_oneof![Just("K"), Just("Kayles")], 0u8..8).prop_map(|(g, n)| G::Impartial(g, n)),
        (0u8..7).prop_map(G::Partizan),
        proptest::sample::select(LITERALS).prop_map(G::Literal),
    ];
    leaf.prop_recursive(2, 4, 2, |inner| {
        (inner.clone(), inner).prop_map(|(a, b)| G::Sum(Box::new(a), Box::new(b)))
    })
}

/// A partizan rule game: Left takes 1 or 3, Right takes 2; a heap of 4 or
/// more may also be split by Left.
const PARTIZAN: &str = "game P(n) {
    left move P(n - k) for k in {1, 3} if k <= n
    right move P(n - 2) if n >= 2
    left move P(1) + P(n - 2) if n >= 4
}
";

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// `G == H` exactly when G − H is a second-player win, `G <= H` when
    /// Right wins G − H moving second (P or R), `G >= H` for P or L, and
    /// `G || H` when the first player wins (N).
    #[test]
    fn comparisons_agree_with_the_outcome_of_the_difference(g in game(), h in game()) {
        let (g, h) = (g.text(), h.text());
        let text = format!(
            "{GAMES}{PARTIZAN}{g} == {h}\n{g} <= {h}\n{g} >= {h}\n{g} || {h}\n{g} < {h}\noutcome({g} - ({h}))\n"
        );
        let out = run(&text);
        prop_assert_eq!(out.len(), 6, "{:?}", out);
        let class = out[5].as_str();
        let expect = |b: bool| if b { "true" } else { "false" };
        prop_assert_eq!(&out[0], expect(class == "P"), "{} == {}: {:?}", g, h, out);
        prop_assert_eq!(&out[1], expect(class == "P" || class == "R"), "{} <= {}: {:?}", g, h, out);
        prop_assert_eq!(&out[2], expect(class == "P" || class == "L"), "{} >= {}: {:?}", g, h, out);
        prop_assert_eq!(&out[3], expect(class == "N"), "{} || {}: {:?}", g, h, out);
        prop_assert_eq!(&out[4], expect(class == "R"), "{} < {}: {:?}", g, h, out);
    }

    /// A game's value prints in CGSuite's notation, and the printed text
    /// reads back as a game equal to it.
    #[test]
    fn a_printed_value_reads_back_equal(g in game()) {
        let g = g.text();
        let printed = run(&format!("{GAMES}{PARTIZAN}value({g})\n"));
        prop_assert_eq!(printed.len(), 1);
        let text = printed[0].clone();
        prop_assert!(!text.starts_with("error"), "{}: {}", g, text);
        let back = run(&format!("{GAMES}{PARTIZAN}{g} == ({text})\n({text}) - ({g}) == 0\n"));
        prop_assert_eq!(back, vec!["true".to_string(), "true".to_string()], "{} prints {}", g, text);
    }
}
