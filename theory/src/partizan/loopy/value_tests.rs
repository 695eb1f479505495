//! Values of loopy games: the named values and their order, sums of
//! values against the value of the sum's own graph on random graphs, and
//! the printed text read back to an equal game.

use super::*;
use crate::partizan::GameStore;
use proptest::prelude::*;

const MAX: usize = 1 << 20;

fn graph() -> impl Strategy<Value = SidedGraph> {
    (1usize..6).prop_flat_map(|n| {
        let side = proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..3), n);
        (side.clone(), side).prop_map(|(l, r)| SidedGraph::new(l, r))
    })
}

fn value_of(g: &SidedGraph, v: u32) -> Option<SidedValue> {
    SidedValue::of_graph(g, v, MAX, &mut || false).unwrap().ok()
}

fn read(text: &str) -> SidedValue {
    let mut store = GameStore::new();
    let (g, root) = parse_loopy(&mut store, text, MAX).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    value_of(&g, root).unwrap_or_else(|| panic!("{text}: unsettled"))
}

fn eq(a: &SidedValue, b: &SidedValue) -> bool {
    a.geq(b, MAX, &mut || false).unwrap() && b.geq(a, MAX, &mut || false).unwrap()
}

fn ge(a: &SidedValue, b: &SidedValue) -> bool {
    a.geq(b, MAX, &mut || false).unwrap()
}

fn add(a: &SidedValue, b: &SidedValue) -> SidedValue {
    a.add(b, MAX, &mut || false).unwrap().unwrap()
}

fn text(v: &SidedValue) -> String {
    v.text(&mut GameStore::new()).unwrap()
}

#[test]
fn named_values_read_and_print() {
    for (written, printed) in [
        ("on", "on"),
        ("{pass|}", "on"),
        ("off", "off"),
        ("-on", "off"),
        ("over", "over"),
        ("{0|pass}", "over"),
        ("a{0|a}", "over"),
        ("under", "under"),
        ("-over", "under"),
        ("1over", "1over"),
        ("{1|pass}", "1over"),
        ("-1/2under", "-1/2under"),
        ("upon", "^[on]"),
        ("{pass|*}", "^[on]"),
        ("-upon", "v[on]"),
        ("upon*", "^[on]*"),
        ("{0,pass|0}", "^[on]*"),
        ("-upon*", "v[on]*"),
        ("dud", "dud"),
        ("{pass|pass}", "dud"),
        ("a{0|{a|*}}", "1 & *"),
        ("{0||pass|*}", "{0|^[on]}"),
        ("a{0|{*|a}}", "*"),
        // Nested games as CGSuite writes them: bars, not braces.
        ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}"),
        ("a{0|{0|{{a|*}|*}}}", "a{0||||0|||a|*||*}"),
        ("{1|0}", "{1|0}"),
        ("{1|1}", "1*"),
        ("{0|pass}", "over"),
        ("-{0|pass}", "under"),
    ] {
        assert_eq!(text(&read(written)), printed, "{written}");
    }
}

#[test]
fn sums_and_order_of_named_values() {
    let v = |t: &str| read(t);
    assert_eq!(text(&add(&v("on"), &v("off"))), "dud");
    assert_eq!(text(&add(&v("over"), &v("under"))), "over & under");
    assert_eq!(text(&add(&v("over"), &v("1"))), "1over");
    assert_eq!(text(&add(&v("upon"), &v("*"))), "^[on]*");
    assert!(eq(&v("on").negative(), &v("off")));
    assert!(ge(&v("over"), &v("0")) && !ge(&v("0"), &v("over")));
    for t in ["1", "1/2", "1/64", "1/1024"] {
        assert!(ge(&v(t), &v("over")) && !ge(&v("over"), &v(t)), "{t}");
    }
    assert!(ge(&v("on"), &v("5")) && !ge(&v("5"), &v("on")));
    // dud is confused with every stopper but on and off.
    for t in ["0", "over", "upon", "5", "-5"] {
        assert!(!ge(&v("dud"), &v(t)) && !ge(&v(t), &v("dud")), "{t}");
    }
    assert!(ge(&v("on"), &v("dud")) && ge(&v("dud"), &v("off")));
}

#[test]
fn wrong_texts_are_refused_where_they_go_wrong() {
    let mut store = GameStore::new();
    for (t, at) in [
        ("pass", 0),
        ("{0|a}", 3),
        ("a{0|-{a|*}}", 6),
        ("{0|pass|1}", 7),
        ("2over3", 1),
        ("*over", 1),
        ("{0|pass", 3),
    ] {
        let e = parse_loopy(&mut store, t, MAX).unwrap_err();
        assert_eq!(e.offset, at, "{t}: {e:?}");
    }
    let e = parse_loopy(&mut store, "{0|{0|{0|{0|pass}}}}", 3).unwrap_err();
    assert!(e.message.contains("more than 3 positions"), "{e:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// A stopper's printed text reads back to an equal stopper that prints
    /// alike; so does a value with sides, side by side.
    #[test]
    fn printed_values_read_back(g in graph()) {
        let mut store = GameStore::new();
        for v in 0..g.num_vertices() as u32 {
            let Some(x) = value_of(&g, v) else { continue };
            let t = x.text(&mut store).unwrap();
            if x.stopper {
                let y = read(&t);
                prop_assert!(eq(&x, &y), "{t}");
                prop_assert_eq!(text(&y), t);
            } else {
                let on = x.onside.text(&mut store).unwrap();
                let off = x.offside.text(&mut store).unwrap();
                let y = SidedValue::of_sides(
                    read(&on).onside, read(&off).onside, MAX, &mut || false).unwrap();
                prop_assert!(eq(&x, &y), "{t}");
                prop_assert_eq!(text(&y), t);
            }
        }
    }

    /// The sum of two values is the value of the sum of the games, where
    /// sidling settles; negatives and order agree with it.
    #[test]
    fn sums_of_values_are_values_of_sums(g in graph(), h in graph()) {
        let (Some(a), Some(b)) = (value_of(&g, 0), value_of(&h, 0)) else {
            return Ok(());
        };
        let (s, _) = sum_graph(&[&g, &h], &[0, 0], MAX, &mut || false).unwrap();
        let Some(whole) = value_of(&s, 0) else { return Ok(()) };
        let Some(Ok(sum)) = a.add(&b, MAX, &mut || false) else { return Ok(()) };
        prop_assert!(eq(&sum, &whole), "{} + {}: {} vs {}", text(&a), text(&b), text(&sum), text(&whole));
        if let Some(Ok(neg)) = a.negative().add(&b.negative(), MAX, &mut || false) {
            prop_assert!(eq(&sum.negative(), &neg));
        }
        prop_assert_eq!(ge(&a, &b), ge(&b.negative(), &a.negative()));
    }
}
