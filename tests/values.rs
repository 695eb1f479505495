//! The query functions (`grundy(P)`, `outcome(P, play)`, `options(P)`,
//! `winning(P, play)`, `remoteness(P, play)`) against the queries they
//! mirror, on every position every example file asks about; the general
//! `sequence`/`table` forms against the wrapper games they replace; and
//! `forall`/`exists` against comprehensions.

use std::path::Path;

use grundy::Answer;
use grundy::GValue;
use grundy::{Mode, Redefine, Session};
use proptest::prelude::*;

/// Run a text; every answer, or the first error's plain rendering.
fn run(s: &mut Session, name: &str, text: &str) -> Result<Vec<Answer>, String> {
    let mut answers = Vec::new();
    let mut error = None;
    s.run_text(name, text, Mode::Run, &mut |sess, r| match r {
        Ok(a) => answers.push(a),
        Err(e) => {
            error.get_or_insert_with(|| e.render_plain(sess.sources()));
        }
    });
    match error {
        Some(e) => Err(e),
        None => Ok(answers),
    }
}

/// The value a bare expression printed.
fn eval(s: &mut Session, text: &str) -> String {
    let answers = run(s, "expr", text).unwrap_or_else(|e| panic!("{text}:\n{e}"));
    match answers.as_slice() {
        [Answer::Eval { text, .. }] => text.clone(),
        other => panic!("{text}: expected one value, got {other:?}"),
    }
}

fn list(items: &[String]) -> String {
    format!("[{}]", items.join(", "))
}

#[test]
fn query_functions_agree_with_the_queries_on_every_example() {
    let mut checked = 0;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("examples/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("read example");
        let mut s = Session::new(1_000_000);
        s.set_redefine(Redefine::Replace);
        let name = path.display().to_string();
        let answers = run(&mut s, &name, &text).unwrap_or_else(|e| panic!("{name}:\n{e}"));
        for a in answers {
            let (expr, want) = match &a {
                Answer::Grundy { position, value } => {
                    (format!("grundy({position})"), value.to_string())
                }
                Answer::Outcome {
                    position,
                    play,
                    outcome,
                    ..
                } => (
                    format!("outcome({position}, {})", play.name()),
                    outcome.to_string(),
                ),
                Answer::Winning {
                    position,
                    play,
                    moves,
                    ..
                } => (format!("winning({position}, {})", play.name()), list(moves)),
                Answer::Moves { position, moves } => {
                    let to: Vec<String> = moves.iter().map(|(m, _)| m.clone()).collect();
                    (format!("options({position})"), list(&to))
                }
                Answer::Remoteness {
                    position,
                    play,
                    remoteness,
                    ..
                } => (
                    format!("remoteness({position}, {})", play.name()),
                    remoteness.map_or(-1, i64::from).to_string(),
                ),
                _ => continue,
            };
            assert_eq!(eval(&mut s, &expr), want, "{name}: {expr}");
            checked += 1;
        }
    }
    assert!(checked > 50, "only {checked} answers compared");
}

/// The values (or outcomes) of a sequence or table answer, as text.
fn cells(a: &Answer) -> String {
    match a {
        Answer::Sequence { values, from, .. } => format!("{from}: {values:?}"),
        Answer::Table {
            rows,
            row_from,
            col_from,
            ..
        } => format!("{row_from},{col_from}: {rows:?}"),
        Answer::Outcomes { outcomes, from, .. } => format!("{from}: {outcomes:?}"),
        Answer::OutcomeTable {
            rows,
            row_from,
            col_from,
            ..
        } => format!("{row_from},{col_from}: {rows:?}"),
        other => panic!("not a sequence or table: {other:?}"),
    }
}

/// Each new form next to the wrapper game it replaces: the two answers
/// must list the same values.
#[test]
fn general_sequences_and_tables_agree_with_wrapper_games() {
    let defs = "
game K = octal 0.77
game Take(n) { move Take(n - k) for k in 1..=3 if k <= n }
game Coins(heads) { move Coins(difference(heads, {h}) + {t for t in [j] if j >= 0}) for h in heads, j in [h - 1] }
game CoinsW(n) { move Coins(difference({n}, {h}) + {t for t in [j] if j >= 0}) for h in {n}, j in [h - 1] }
fn set_at(xs, i, v) = [if j == i then v else xs[j] for j in 0..len(xs)]
game Moore(hs) {
    move Moore(set_at(hs, i, a)) for i in 0..len(hs), a in 0..hs[i]
    move Moore(set_at(set_at(hs, i, a), j, b)) for i in 0..len(hs), j in i + 1..len(hs), a in 0..hs[i], b in 0..hs[j]
}
game MooreW(x, y) {
    move Moore(set_at([x, y, 3], i, a)) for i in 0..3, a in 0..[x, y, 3][i]
    move Moore(set_at(set_at([x, y, 3], i, a), j, b)) for i in 0..3, j in i + 1..3, a in 0..[x, y, 3][i], b in 0..[x, y, 3][j]
}
game M(n) misere { move M(n - k) for k in 1..=2 if k <= n }
";
    let pairs = [
        // A set argument: the wrapper's options are the options of Coins({n}).
        ("sequence n in 0..=12: Coins({n})", "sequence CoinsW 0..=12"),
        ("sequence n in 0..=30: K(n)", "sequence K 0..=30"),
        ("sequence n in 3..10: Take(n)", "sequence Take 3..10"),
        (
            "table a in 0..=4, b in 0..=4: Moore([a, b, 3])",
            "table MooreW 0..=4, 0..=4",
        ),
        (
            "sequence misere n in 0..=20: Take(n)",
            "sequence misere Take 0..=20",
        ),
        ("sequence n in 0..=20: M(n)", "sequence M 0..=20"),
        (
            "sequence normal n in 0..=20: M(n)",
            "sequence normal M 0..=20",
        ),
        (
            "table misere a in 0..=3, b in 0..=3: Moore([a, b, 3])",
            "table misere MooreW 0..=3, 0..=3",
        ),
    ];
    for (general, wrapper) in pairs {
        let mut s = Session::new(1_000_000);
        run(&mut s, "defs", defs).expect("definitions load");
        let a = run(&mut s, "general", general).unwrap_or_else(|e| panic!("{general}:\n{e}"));
        let b = run(&mut s, "wrapper", wrapper).unwrap_or_else(|e| panic!("{wrapper}:\n{e}"));
        assert_eq!(cells(&a[0]), cells(&b[0]), "{general} vs {wrapper}");
    }
    // A table of sums, against the sum rule cell by cell.
    let mut s = Session::new(1_000_000);
    run(&mut s, "defs", defs).expect("definitions load");
    let t = run(&mut s, "t", "table a in 0..=5, b in 0..=5: K(a) + Take(b)").expect("table");
    let Answer::Table { rows, .. } = &t[0] else {
        panic!("{t:?}")
    };
    for (a, row) in rows.iter().enumerate() {
        for (b, v) in row.iter().enumerate() {
            let h = eval(&mut s, &format!("xor(grundy(K({a})), grundy(Take({b})))"));
            assert_eq!(v, &GValue::Finite(h.parse().expect("a number")));
        }
    }
}

/// Misère sequences agree with `outcome misere` position by position, and
/// a game declared `misere` gets misère outcomes from `sequence`.
#[test]
fn misere_sequences_are_outcomes() {
    let mut s = Session::new(1_000_000);
    run(
        &mut s,
        "defs",
        "game Take(n) { move Take(n - k) for k in 1..=3 if k <= n }\ngame M(n) misere { move M(n - k) for k in 1..=3 if k <= n }",
    )
    .expect("definitions");
    for text in ["sequence misere Take 0..=15", "sequence M 0..=15"] {
        let a = run(&mut s, "q", text).expect("sequence");
        let Answer::Outcomes { outcomes, from, .. } = &a[0] else {
            panic!("{a:?}")
        };
        for (i, o) in outcomes.iter().enumerate() {
            let n = *from + i as i64;
            let one = eval(&mut s, &format!("outcome(Take({n}), misere)"));
            assert_eq!(one, o.to_string(), "{text} at {n}");
        }
    }
}

fn holds(s: &mut Session, text: &str) -> bool {
    match eval(s, text).as_str() {
        "true" => true,
        "false" => false,
        other => panic!("{text}: {other}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `forall`/`exists` give what a comprehension counts, with and
    /// without a condition, over one or two bindings.
    #[test]
    fn quantifiers_agree_with_comprehensions(lo in -5i64..5, len in 0i64..8, m in 1i64..5, r in 0i64..5, c in 0i64..4) {
        let mut s = Session::new(100_000);
        let hi = lo + len;
        let body = format!("(x * x + y) % {m} != {r}");
        let range = format!("x in {lo}..{hi}, y in 0..3");
        let cond = format!("(x + y) % 4 != {c}");
        let count = |s: &mut Session, keep: &str| -> i64 {
            eval(s, &format!("len([1 for {range} if {keep}])")).parse().expect("a number")
        };
        let failing = count(&mut s, &format!("not ({body})"));
        let passing = count(&mut s, &body);
        prop_assert_eq!(holds(&mut s, &format!("forall {range}: {body}")), failing == 0);
        prop_assert_eq!(holds(&mut s, &format!("exists {range}: {body}")), passing > 0);
        let failing_if = count(&mut s, &format!("{cond} and not ({body})"));
        let passing_if = count(&mut s, &format!("{cond} and {body}"));
        prop_assert_eq!(holds(&mut s, &format!("forall {range} if {cond}: {body}")), failing_if == 0);
        prop_assert_eq!(holds(&mut s, &format!("exists {range} if {cond}: {body}")), passing_if > 0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `find_arithmetic_period` against the definition: on a sequence built
    /// arithmetico-periodic (a random prefix, then a random block of length
    /// p repeated with saltus s), it finds a period no longer than p whose
    /// relation holds for every value from e + p on, with e least.
    #[test]
    fn arithmetic_periods_by_definition(
        prefix in proptest::collection::vec(0u32..50, 0..6),
        block in proptest::collection::vec(0u32..8, 1..6),
        saltus in 1u32..9,
        len in 60usize..160,
    ) {
        use grundy_theory::octal::find_arithmetic_period;
        let p = block.len();
        let e = prefix.len();
        let values: Vec<u32> = (0..len)
            .map(|n| if n < e {
                prefix[n]
            } else {
                block[(n - e) % p] + saltus * ((n - e) / p) as u32
            })
            .collect();
        let found = find_arithmetic_period(&values);
        prop_assert!(found.is_some(), "{values:?}");
        let a = found.unwrap();
        prop_assert!(a.period <= p);
        let holds = |j: usize| values[j] == values[j - a.period] + a.saltus;
        for j in a.preperiod + a.period..len {
            prop_assert!(holds(j), "fails at {j}: {a:?} {values:?}");
        }
        if a.preperiod > 1 {
            prop_assert!(!holds(a.preperiod + a.period - 1), "{a:?} {values:?}");
        }
    }
}
