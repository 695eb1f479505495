//! CGSuite's spellings of stoppers (`+-over`, `-1/4v[on]`, `^<on>`,
//! `Tiny(on)`, `Miny(on)`) printed and read back: CGSuite's own rows, and
//! random stoppers built from every form.

use super::*;
use crate::partizan::GameStore;
use proptest::prelude::*;

const MAX: usize = 1 << 20;

/// CGSuite's test file of the rows below.
const CST: &str = "lib/core/src/test/scala/org/cgsuite/lang/CanonicalStopperTestCase.scala";

fn read(text: &str) -> SidedValue {
    let mut store = GameStore::new();
    let (g, root) = parse_loopy(&mut store, text, MAX).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    SidedValue::of_graph(&g, root, MAX, &mut || false)
        .unwrap()
        .unwrap_or_else(|_| panic!("{text}: unsettled"))
}

fn eq(a: &SidedValue, b: &SidedValue) -> bool {
    a.geq(b, MAX, &mut || false).unwrap() && b.geq(a, MAX, &mut || false).unwrap()
}

fn text(v: &SidedValue) -> String {
    v.text(&mut GameStore::new()).unwrap()
}

/// CGSuite's `+-` is grundy's `±` (both read).
fn cgsuite(t: &str) -> String {
    t.replace("+-", "±")
}

/// Each row: its line in [`CST`], CGSuite's input and CGSuite's output.
#[test]
fn cgsuite_stopper_rows_print_as_cgsuite_prints_them() {
    let uponth = "{0||0|0,pass}";
    for (line, input, printed) in [
        (8, "on".to_string(), "on"),
        (27, "off".into(), "off"),
        (46, "over".into(), "over"),
        (65, "{pass|3/2}".into(), "3/2under"),
        (84, "{-1/4+*|pass}".into(), "-1/4v[on]"),
        (
            103,
            format!("{{0|{uponth}||-{uponth}}}"),
            "{0|^<on>||v<on>}",
        ),
        (106, "{0|0,pass}".into(), "v[on]*"),
        (106, "{0,pass|0}".into(), "^[on]*"),
        (106, uponth.into(), "^<on>"),
        (106, format!("-{uponth}"), "v<on>"),
        (106, format!("{{0|{uponth}}}"), "{0|^<on>}"),
        (122, "{0|||0||0|off}".into(), "{0|Tiny(on)}"),
        (125, "{0||0|off}".into(), "Tiny(on)"),
        (141, "{on|0||0}".into(), "Miny(on)"),
        (160, "{0||0|under}".into(), "Tiny(over)"),
        (179, "+-{0|pass}".into(), "+-over"),
        (198, "+-{5|pass}".into(), "+-(5over)"),
        (213, "+-{10over|over}".into(), "+-{10over|over}"),
        (217, "a{0||||0|||a|*||*}".into(), "a{0||||0|||a|*||*}"),
        (
            123,
            "{0||||0|||Miny(on)|0||off}".into(),
            "{0||||0|||Miny(on)|0||off}",
        ),
        // CGSuite orders loopy options by hash code (`{^[on]*,^<on>||v<on>|0}`);
        // grundy by a rank that depends only on the game.
        (
            118,
            "{{0,pass|0},{0||0|0,pass}||-{0||0|0,pass}|0}".into(),
            "{^<on>,^[on]*||v<on>|0}",
        ),
    ] {
        let x = read(&input);
        let want = cgsuite(printed);
        assert_eq!(text(&x), want, "{CST}:{line}: {input}");
        let back = read(&want);
        assert!(
            eq(&x, &back),
            "{CST}:{line}: {want} reads back to another game"
        );
        assert_eq!(text(&back), want, "{CST}:{line}");
    }
}

#[test]
fn forms_with_numbers_and_nimbers_read_as_printed() {
    for (written, printed) in [
        ("{pass|1/2*}", "1/2^[on]"),
        ("{pass|3*2}", "3^[on]*3"),
        ("{pass|-1/2*3}", "-1/2^[on]*2"),
        ("{1,pass|1}", "1^[on]*"),
        ("{1||1|1,pass}", "1^<on>"),
        ("{1,1*||1*|pass}", "1^<on>*"),
        ("1^<on>*2", "1^<on>*2"),
        ("-1v<on>*3", "-1v<on>*3"),
        ("{0||0|-1over}", "Tiny(1under)"),
        ("{2||2|off}", "2Tiny(on)"),
        ("{-1under|-2||-2}", "-2Miny(1under)"),
        ("{0||0|-2under}", "Tiny(2over)"),
    ] {
        let x = read(written);
        assert_eq!(text(&x), printed, "{written}");
        let back = read(printed);
        assert!(eq(&x, &back), "{printed}");
    }
}

/// A stopper's text: a form or a short game, or a braced game of them.
fn form() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        Just(String::new()),
        Just("1".to_string()),
        Just("-1/2".to_string()),
        Just("3/4".to_string()),
    ];
    let star = prop_oneof![Just(""), Just("*"), Just("*2")];
    let sub = prop_oneof![Just("on"), Just("over"), Just("1under"), Just("1/2over")];
    let leaf = prop_oneof![
        (
            number.clone(),
            prop_oneof![Just("^[on]"), Just("v[on]"), Just("^<on>"), Just("v<on>")],
            star
        )
            .prop_map(|(x, u, s)| format!("{x}{u}{s}")),
        (number.clone(), prop_oneof![Just("Tiny"), Just("Miny")], sub)
            .prop_map(|(x, t, g)| format!("{x}{t}({g})")),
        (number, prop_oneof![Just("over"), Just("under")]).prop_map(|(x, w)| format!("{x}{w}")),
        prop_oneof![
            Just("0"),
            Just("*"),
            Just("^"),
            Just("1"),
            Just("-1"),
            Just("on"),
            Just("off")
        ]
        .prop_map(String::from),
    ];
    leaf.prop_recursive(2, 8, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(|x| format!("±{x}")),
            inner.clone().prop_map(|x| format!("-{x}")),
            (
                proptest::collection::vec(inner.clone(), 0..3),
                proptest::collection::vec(inner, 0..3),
                any::<bool>()
            )
                .prop_map(|(mut l, r, pass)| {
                    if pass {
                        l.push("pass".into());
                    }
                    format!("{{{}|{}}}", l.join(","), r.join(","))
                }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// A stopper built from every form prints as text that reads back to
    /// an equal stopper printing alike.
    #[test]
    fn stoppers_of_every_form_read_back(t in form()) {
        let mut store = GameStore::new();
        let (g, root) = parse_loopy(&mut store, &t, MAX).unwrap();
        if !is_stopper(&g, root) {
            return Ok(());
        }
        let Some(Ok(x)) = SidedValue::of_graph(&g, root, MAX, &mut || false) else {
            return Ok(());
        };
        let printed = text(&x);
        let back = read(&printed);
        prop_assert!(eq(&x, &back), "{t} printed {printed}");
        prop_assert_eq!(text(&back), printed.clone(), "{}", t);
    }
}

/// Wrong upon forms and tinies are refused where they go wrong, and the
/// nimber of an upon form is bounded (`^<on>*m` has about m² positions).
#[test]
fn wrong_forms_are_refused_where_they_go_wrong() {
    let mut store = GameStore::new();
    for (t, at) in [
        ("^[on]*65", 6),
        ("^[on]*99999999999999999999", 6),
        ("^[on]*x", 5),
        ("*^[on]", 3),
        ("a{0|1Tiny(a)}", 10),
    ] {
        let e = parse_loopy(&mut store, t, MAX).unwrap_err();
        assert_eq!(e.offset, at, "{t}: {e:?}");
    }
    assert!(parse_loopy(&mut store, "^<on>*64", MAX).is_ok());
}
