//! The store against brute force from the definitions, on explicit forms
//! with no canonicalisation: every form born by day 2, the 1474 values
//! born by day 3, and random day-3 forms (proptest).

use std::collections::HashMap;

use proptest::prelude::*;

use super::*;

/// Explicit game forms, shared as a DAG; nothing is simplified.
#[derive(Default)]
struct Forms {
    nodes: Vec<(Vec<usize>, Vec<usize>)>,
    index: HashMap<(Vec<usize>, Vec<usize>), usize>,
    le_memo: HashMap<(usize, usize), bool>,
    add_memo: HashMap<(usize, usize), usize>,
    play_memo: HashMap<(usize, bool), (bool, bool)>,
    canon_memo: HashMap<usize, ValueId>,
    from_memo: HashMap<ValueId, usize>,
}

impl Forms {
    fn form(&mut self, mut l: Vec<usize>, mut r: Vec<usize>) -> usize {
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        if let Some(&i) = self.index.get(&(l.clone(), r.clone())) {
            return i;
        }
        self.nodes.push((l.clone(), r.clone()));
        self.index.insert((l, r), self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    /// G ≤ H iff no H^R ≤ G and no G^L ≥ H.
    fn le(&mut self, g: usize, h: usize) -> bool {
        if let Some(&v) = self.le_memo.get(&(g, h)) {
            return v;
        }
        let gl = self.nodes[g].0.clone();
        let hr = self.nodes[h].1.clone();
        let v = hr.iter().all(|&r| !self.le(r, g)) && gl.iter().all(|&l| !self.le(h, l));
        self.le_memo.insert((g, h), v);
        v
    }

    fn eq(&mut self, g: usize, h: usize) -> bool {
        self.le(g, h) && self.le(h, g)
    }

    fn add(&mut self, g: usize, h: usize) -> usize {
        if let Some(&v) = self.add_memo.get(&(g, h)) {
            return v;
        }
        let (gl, gr) = self.nodes[g].clone();
        let (hl, hr) = self.nodes[h].clone();
        let mut l: Vec<usize> = gl.iter().map(|&x| self.add(x, h)).collect();
        l.extend(hl.iter().map(|&x| self.add(g, x)));
        let mut r: Vec<usize> = gr.iter().map(|&x| self.add(x, h)).collect();
        r.extend(hr.iter().map(|&x| self.add(g, x)));
        let v = self.form(l, r);
        self.add_memo.insert((g, h), v);
        v
    }

    fn neg(&mut self, g: usize) -> usize {
        let (gl, gr) = self.nodes[g].clone();
        let l = gr.iter().map(|&x| self.neg(x)).collect();
        let r = gl.iter().map(|&x| self.neg(x)).collect();
        self.form(l, r)
    }

    /// (Left wins moving first, Right wins moving first), by play.
    fn wins(&mut self, g: usize, misere: bool) -> (bool, bool) {
        if let Some(&v) = self.play_memo.get(&(g, misere)) {
            return v;
        }
        let (gl, gr) = self.nodes[g].clone();
        let lw = if gl.is_empty() {
            misere
        } else {
            gl.iter().any(|&x| !self.wins(x, misere).1)
        };
        let rw = if gr.is_empty() {
            misere
        } else {
            gr.iter().any(|&x| !self.wins(x, misere).0)
        };
        self.play_memo.insert((g, misere), (lw, rw));
        (lw, rw)
    }

    fn outcome(&mut self, g: usize, misere: bool) -> Outcome {
        let (l, r) = self.wins(g, misere);
        Outcome::from_wins(l, r)
    }

    /// The canonical value of a form, bottom-up through `GameStore::game`.
    fn canon(&mut self, s: &mut GameStore, g: usize) -> ValueId {
        if let Some(&v) = self.canon_memo.get(&g) {
            return v;
        }
        let (gl, gr) = self.nodes[g].clone();
        let l: Vec<ValueId> = gl.iter().map(|&x| self.canon(s, x)).collect();
        let r: Vec<ValueId> = gr.iter().map(|&x| self.canon(s, x)).collect();
        let v = s.game(&l, &r).unwrap_or_else(|e| panic!("{e}"));
        self.canon_memo.insert(g, v);
        v
    }

    /// The canonical form of a stored value, as an explicit form.
    fn of_store(&mut self, s: &mut GameStore, v: ValueId) -> usize {
        if let Some(&g) = self.from_memo.get(&v) {
            return g;
        }
        let l = s.left_options(v).unwrap_or_else(|e| panic!("{e}"));
        let r = s.right_options(v).unwrap_or_else(|e| panic!("{e}"));
        let l = l.iter().map(|&x| self.of_store(s, x)).collect();
        let r = r.iter().map(|&x| self.of_store(s, x)).collect();
        let g = self.form(l, r);
        self.from_memo.insert(v, g);
        g
    }
}

/// Every subset of `items`.
fn subsets(items: &[usize]) -> Vec<Vec<usize>> {
    (0u32..1 << items.len())
        .map(|mask| {
            (0..items.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| items[i])
                .collect()
        })
        .collect()
}

/// The 256 forms of birthday ≤ 2 (indices 0..4 are those of birthday ≤ 1).
fn day2_forms(f: &mut Forms) -> Vec<usize> {
    let zero = f.form(vec![], vec![]);
    let day1: Vec<usize> = subsets(&[zero])
        .iter()
        .flat_map(|l| subsets(&[zero]).into_iter().map(move |r| (l.clone(), r)))
        .map(|(l, r)| f.form(l, r))
        .collect();
    let mut out = Vec::new();
    for l in subsets(&day1) {
        for r in subsets(&day1) {
            out.push(f.form(l.clone(), r));
        }
    }
    out
}

fn parse_ok(s: &mut GameStore, text: &str) -> ValueId {
    parse(s, text).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

#[test]
fn day_two_forms_agree_with_brute_force() {
    let mut f = Forms::default();
    let mut s = GameStore::new();
    let forms = day2_forms(&mut f);
    assert_eq!(forms.len(), 256);
    let ids: Vec<ValueId> = forms.iter().map(|&g| f.canon(&mut s, g)).collect();
    let mut distinct = ids.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 22, "values born by day 2");
    for (i, &g) in forms.iter().enumerate() {
        let c = f.of_store(&mut s, ids[i]);
        assert!(f.eq(g, c), "canonical form of form {i} is not equal to it");
        assert_eq!(f.outcome(g, false), s.outcome(ids[i]));
        for (j, &h) in forms.iter().enumerate() {
            assert_eq!(f.eq(g, h), ids[i] == ids[j], "forms {i} and {j}");
            assert_eq!(f.le(g, h), s.le(ids[i], ids[j]), "forms {i} ≤ {j}");
        }
    }
}

/// The antichains of a poset given by `le`.
fn antichains(items: &[ValueId], s: &mut GameStore) -> Vec<Vec<ValueId>> {
    let mut out = vec![Vec::new()];
    // Extend each antichain by later items incomparable to all members.
    let mut frontier: Vec<(Vec<ValueId>, usize)> = vec![(Vec::new(), 0)];
    while let Some((chain, from)) = frontier.pop() {
        for (i, &x) in items.iter().enumerate().skip(from) {
            if chain.iter().all(|&y| s.confused(x, y)) {
                let mut next = chain.clone();
                next.push(x);
                out.push(next.clone());
                frontier.push((next, i + 1));
            }
        }
    }
    out
}

/// The values born by day 3 (built from antichains of day-2 values), with
/// one form {A|B} that produced each.
fn day3(f: &mut Forms, s: &mut GameStore) -> Vec<(ValueId, usize)> {
    let forms = day2_forms(f);
    let mut day2: Vec<ValueId> = forms.iter().map(|&g| f.canon(s, g)).collect();
    day2.sort_unstable();
    day2.dedup();
    let chains = antichains(&day2, s);
    let mut seen: HashMap<ValueId, usize> = HashMap::new();
    for a in &chains {
        for b in &chains {
            let v = s.game(a, b).unwrap_or_else(|e| panic!("{e}"));
            seen.entry(v).or_insert_with(|| {
                let l = a.iter().map(|&x| f.of_store(s, x)).collect();
                let r = b.iter().map(|&x| f.of_store(s, x)).collect();
                f.form(l, r)
            });
        }
    }
    let mut out: Vec<(ValueId, usize)> = seen.into_iter().collect();
    out.sort_unstable();
    out
}

#[test]
fn day_three_has_1474_values_each_unique_and_equal_to_its_form() {
    let mut f = Forms::default();
    let mut s = GameStore::new();
    let values = day3(&mut f, &mut s);
    assert_eq!(values.len(), 1474, "values born by day 3");
    let canon: Vec<usize> = values.iter().map(|&(v, _)| f.of_store(&mut s, v)).collect();
    for (k, &(v, form)) in values.iter().enumerate() {
        assert!(f.eq(form, canon[k]), "{} is not its form", s.display(v));
        assert!(s.birthday(v) <= 3);
        assert_eq!(f.outcome(form, false), s.outcome(v));
        assert_eq!(
            f.outcome(canon[k], true),
            s.misere_outcome(v).unwrap_or(Outcome::P)
        );
    }
    // Distinct ids are distinct values, by brute force.
    for i in 0..canon.len() {
        for j in i + 1..canon.len() {
            assert!(!f.eq(canon[i], canon[j]), "two ids for one value");
        }
    }
}

#[test]
fn day_three_values_print_and_parse_back() {
    let mut f = Forms::default();
    let mut s = GameStore::new();
    for (v, _) in day3(&mut f, &mut s) {
        let text = s.display(v);
        assert_eq!(parse_ok(&mut s, &text), v, "`{text}` does not read back");
        let json = s.to_json(v);
        assert_eq!(json.text, text);
    }
}

#[test]
fn day_three_thermographs_are_consistent() {
    let mut f = Forms::default();
    let mut s = GameStore::new();
    let zero = s.zero();
    for (v, _) in day3(&mut f, &mut s) {
        let th = s.thermograph(v).unwrap_or_else(|e| panic!("{e}"));
        // The mean lies between the stops; walls start at the stops' side.
        assert!(s.right_stop(v) <= th.mean && th.mean <= s.left_stop(v));
        match s.as_number(v) {
            Some(x) if x.is_integer() => assert_eq!(th.temperature, Dyadic::MINUS_ONE),
            Some(x) => {
                assert_eq!(th.mean, x);
                let expect = Dyadic::new(-1, x.exponent()).unwrap_or(Dyadic::ZERO);
                assert_eq!(th.temperature, expect);
            }
            None => {
                // Non-numbers have temperature ≥ 0 and walls apart at t = −1.
                assert!(th.temperature >= Dyadic::ZERO, "{}", s.display(v));
                let (l, r) = (
                    th.left.at(Dyadic::MINUS_ONE),
                    th.right.at(Dyadic::MINUS_ONE),
                );
                assert!(l.ok() > r.ok());
            }
        }
        // Mean of G − G is 0.
        let nv = s.neg(v).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.mean(nv).ok(), th.mean.checked_neg());
        let d = s.add(v, nv).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(d, zero);
    }
}

/// Random day-3 forms: up to four options a side, each a day-2 form.
fn day3_form() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    (
        prop::collection::vec(0usize..256, 0..4),
        prop::collection::vec(0usize..256, 0..4),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn random_day_three_forms_agree_with_brute_force(a in day3_form(), b in day3_form()) {
        let mut f = Forms::default();
        let mut s = GameStore::new();
        let forms = day2_forms(&mut f);
        let mk = |f: &mut Forms, (l, r): &(Vec<usize>, Vec<usize>)| {
            f.form(l.iter().map(|&i| forms[i]).collect(), r.iter().map(|&i| forms[i]).collect())
        };
        let g = mk(&mut f, &a);
        let h = mk(&mut f, &b);
        let (cg, ch) = (f.canon(&mut s, g), f.canon(&mut s, h));
        // Canonical forms equal their forms.
        let fg = f.of_store(&mut s, cg);
        prop_assert!(f.eq(g, fg));
        // Comparison.
        prop_assert_eq!(f.le(g, h), s.le(cg, ch));
        prop_assert_eq!(f.le(h, g), s.le(ch, cg));
        prop_assert_eq!(f.eq(g, h), cg == ch);
        let cmp = s.compare(cg, ch);
        let expect = match (f.le(g, h), f.le(h, g)) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Confused,
        };
        prop_assert_eq!(cmp, expect);
        // Sum and negation.
        let sum = f.add(g, h);
        let cs = s.add(cg, ch).unwrap_or_else(|e| panic!("{e}"));
        let fs = f.of_store(&mut s, cs);
        prop_assert!(f.eq(sum, fs));
        prop_assert_eq!(f.canon(&mut s, sum), cs);
        let ng = f.neg(g);
        let cn = s.neg(cg).unwrap_or_else(|e| panic!("{e}"));
        prop_assert_eq!(f.canon(&mut s, ng), cn);
        // Outcomes by play.
        prop_assert_eq!(f.outcome(g, false), s.outcome(cg));
        prop_assert_eq!(f.outcome(sum, false), s.outcome(cs));
        prop_assert_eq!(f.outcome(fs, true), s.misere_outcome(cs).unwrap_or(Outcome::P));
        // Thermographs: means add; temperatures of a sum are at most the max.
        let (mg, mh, ms) = (s.mean(cg), s.mean(ch), s.mean(cs));
        let (mg, mh, ms) = (mg.unwrap_or(Dyadic::ZERO), mh.unwrap_or(Dyadic::ZERO), ms.unwrap_or(Dyadic::ZERO));
        prop_assert_eq!(mg.checked_add(mh), Some(ms));
        let (tg, th, ts) = (s.temperature(cg), s.temperature(ch), s.temperature(cs));
        prop_assert!(ts.unwrap_or(Dyadic::ZERO) <= tg.unwrap_or(Dyadic::ZERO).max(th.unwrap_or(Dyadic::ZERO)));
        // Printing reads back.
        let text = s.display(cs);
        prop_assert_eq!(parse(&mut s, &text).ok(), Some(cs), "{}", text);
    }
}

#[test]
fn constructors_and_special_values() {
    // Inputs and displays from CGSuite's own tests (value specifiers,
    // display names), with `±` for CGSuite's plain-text `+-`.
    let mut s = GameStore::new();
    let cases = [
        ("0", "0"),
        ("3", "3"),
        ("-2", "-2"),
        ("3/4", "3/4"),
        ("-5/8", "-5/8"),
        ("{0|}", "1"),
        ("{|0}", "-1"),
        ("{0|1}", "1/2"),
        ("{0|0}", "*"),
        ("*2", "*2"),
        ("{0,*|0,*}", "*2"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("{0,*|0}", "^*"),
        ("{0|0,*}", "v*"),
        ("^+^", "^^"),
        ("^2", "^^"),
        ("^^^", "^3"),
        ("vvv", "v3"),
        ("^^*", "^^*"),
        ("^2*", "^^*"),
        ("1/2+*", "1/2*"),
        ("1+^+*", "1^*"),
        ("{0|^*5}", "^^*4"),
        ("^^^^^^+vvv*+^19*3+v14", "^8*2"),
        ("73/16+v9*8", "73/16v9*8"),
        ("{1|-1}", "±1"),
        ("+-1", "±1"),
        ("±(1/2)", "±1/2"),
        ("{4|2}", "{4|2}"),
        ("3±1", "{4|2}"),
        ("3+-1", "{4|2}"),
        ("+-{1,1+*}", "±{1,1*}"),
        ("±1±2±3±4", "±{10|8||6|4|||4|2||0|-2}"),
        ("3 - 2 +- 6 - 7 +- 8 + 4", "{12|0||-4|-16}"),
        ("{3|||2||1|0,*||||-1/2}", "{3|||2||1|0,*||||-1/2}"),
        ("{1|^^^||^}", "{1|^3||^}"),
        ("{3||2+*|1+*}", "{3||2*|1*}"),
        ("{0||0|-1}", "Tiny(1)"),
        ("{0||0|-1/4}", "Tiny(1/4)"),
        ("{0|||0||-1|-2}", "Tiny({2|1})"),
        ("{1|0||0}", "Miny(1)"),
        ("{0||0|-3/2}", "Tiny(3/2)"),
        ("{5||3|1|||0||||0}", "Miny({5||3|1})"),
        ("{0||0|vvv}", "{0||0|v3}"),
        ("{^^^|vv}", "{^3|vv}"),
        (
            "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
            "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
        ),
        ("2Tiny(2)", "2Tiny(2)"),
        ("↑ + ⇑ + ↓", "^^"),
        ("^<1>", "^"),
        ("{0|v*}", "^<2>"),
        ("^<2>", "^<2>"),
        ("v<2>", "v<2>"),
        ("{0,*|v}", "^<2>*"),
        ("{^|*}", "^[2]"),
        ("{0,^*|0}", "^[2]*"),
        ("{0|*||*|||*||||*}", "^[4]"),
        ("{0||0|v*}", "{0|^<2>}"),
        ("1+^<2>", "1^<2>"),
        ("^[1]", "^"),
        // CGSuite shows these two options in the order they were written;
        // we order options by birthday.
        (
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
            "{0||0,v*|vv|||{0||0,v*|vv},{0||0,v*|vv|||vv,{0,v*|vv}}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
        ),
        (
            "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
            "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4},{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
        ),
    ];
    for (input, shown) in cases {
        let v = parse_ok(&mut s, input);
        assert_eq!(s.display(v), shown, "input `{input}`");
    }
    let up = s.up().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.display(up), "^");
    let d = s.down().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.display(d), "v");
    for n in -6i64..=6 {
        for m in 0..6usize {
            let u = s.ups(n).unwrap_or_else(|e| panic!("{e}"));
            let st = s.nimber(m).unwrap_or_else(|e| panic!("{e}"));
            let x = s.dyadic(-3, 2).unwrap_or_else(|e| panic!("{e}"));
            let g = s
                .add(u, st)
                .and_then(|g| s.add(g, x))
                .unwrap_or_else(|e| panic!("{e}"));
            let expect = (Dyadic::new(-3, 2).unwrap_or(Dyadic::ZERO), n, m);
            assert_eq!(s.uptimal(g), Some(expect), "{n}·↑ + *{m} − 3/4");
        }
    }
}

#[test]
fn json_form() {
    let mut s = GameStore::new();
    let v = parse_ok(&mut s, "1/2^*3");
    let j = s.to_json(v);
    assert_eq!(
        (j.text.as_str(), j.kind, j.number, j.ups, j.nimber),
        (
            "1/2^*3",
            ValueKind::Uptimal,
            Dyadic::new(1, 1),
            Some(1),
            Some(3)
        )
    );
    let json = serde_json::to_string(&j).unwrap_or_default();
    assert!(json.starts_with(
        r#"{"text":"1/2^*3","kind":"uptimal","number":"1/2","ups":1,"nimber":3,"left":["#
    ));
    let g = parse_ok(&mut s, "{2|-1}");
    let j = s.to_json(g);
    assert_eq!(j.kind, ValueKind::Game);
    assert_eq!(
        (j.left, j.right),
        (vec!["2".to_string()], vec!["-1".to_string()])
    );
    let n = parse_ok(&mut s, "-5/8");
    assert_eq!(
        serde_json::to_string(&s.to_json(n)).unwrap_or_default(),
        r#"{"text":"-5/8","kind":"number","number":"-5/8","left":[],"right":[]}"#
    );
}

#[test]
fn comparisons_of_named_values() {
    let mut s = GameStore::new();
    let mut p = |t: &str| parse_ok(&mut s, t);
    let (up, star, zero, pm1, half, upstar) = (p("^"), p("*"), p("0"), p("±1"), p("1/2"), p("^*"));
    assert!(s.lt(zero, up) && s.lt(up, half));
    assert!(s.confused(star, zero) && s.confused(upstar, zero) && s.confused(pm1, half));
    assert!(s.ge(half, up) && !s.ge(up, half));
    assert!(s.eq(up, up));
    assert_eq!(s.compare(up, star), Comparison::Confused);
    assert_eq!(s.compare(half, up), Comparison::Greater);
    assert_eq!(s.partial_cmp(star, zero), None);
    assert_eq!(s.partial_cmp(zero, up), Some(std::cmp::Ordering::Less));
    assert_eq!(
        [up, star, zero, pm1].map(|g| s.outcome(g)),
        [Outcome::L, Outcome::N, Outcome::P, Outcome::N]
    );
    let down = s.neg(up).unwrap_or(zero);
    assert_eq!(s.outcome(down), Outcome::R);
    // Huge integers and fine dyadics cost one node each.
    let big = s.integer(1 << 60);
    let tiny_x = s.dyadic(1, 60).unwrap_or(zero);
    let g = s.game(&[big], &[tiny_x]).unwrap_or(zero);
    assert_eq!(s.display(g), format!("{{{}|1/{}}}", 1i64 << 60, 1u64 << 60));
    assert!(s.len() < 40);
    let sum = s.add(big, big);
    assert_eq!(
        sum.ok().map(|v| s.display(v)),
        Some((1i64 << 61).to_string())
    );
    let huge = s.integer(i64::MAX);
    assert_eq!(s.add(huge, huge), Err(PartizanError::Overflow));
}

/// CGSuite's own test table for canonical short games: value, mean,
/// temperature, thermograph, outcome, misère outcome of the form.
const CGSUITE_CASES: &[(&str, &str, &str, &str, &str, &str)] = &[
    ("0", "0", "-1", "Thermograph(0,[],[0],0,[],[0])", "P", "N"),
    ("5", "5", "-1", "Thermograph(5,[],[0],5,[],[0])", "L", "R"),
    (
        "-1/2",
        "-1/2",
        "-1/2",
        "Thermograph(-1/2,[-1/2],[0,-1],-1/2,[-1/2],[0,1])",
        "R",
        "L",
    ),
    (
        "25/16",
        "25/16",
        "-1/16",
        "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])",
        "L",
        "R",
    ),
    (
        "*8",
        "0",
        "0",
        "Thermograph(0,[0],[0,-1],0,[0],[0,1])",
        "N",
        "N",
    ),
    (
        "9/8+*",
        "9/8",
        "0",
        "Thermograph(9/8,[0,-1/8,-1/4],[0,-1,0,-1],9/8,[0,-1/8],[0,1,0])",
        "L",
        "R",
    ),
    (
        "^",
        "0",
        "0",
        "Thermograph(0,[0],[0,-1],0,[],[0])",
        "L",
        "R",
    ),
    (
        "v*",
        "0",
        "0",
        "Thermograph(0,[0],[0,-1],0,[0],[0,1])",
        "N",
        "R",
    ),
    (
        "6+^*",
        "6",
        "0",
        "Thermograph(6,[0],[0,-1],6,[0],[0,1])",
        "L",
        "R",
    ),
    (
        "^*6",
        "0",
        "0",
        "Thermograph(0,[0],[0,-1],0,[],[0])",
        "L",
        "P",
    ),
    (
        "73/16+v9*8",
        "73/16",
        "0",
        "Thermograph(73/16,[-1/16,-1/2],[0,-1,0],73/16,[0,-1/16,-1/2],[0,1,0,1])",
        "L",
        "R",
    ),
    (
        "{0|*||*|||*||||*}",
        "0",
        "0",
        "Thermograph(0,[0],[0,-1],0,[],[0])",
        "L",
        "R",
    ),
    (
        "{0||0|v*}",
        "0",
        "0",
        "Thermograph(0,[0],[0,-1],0,[],[0])",
        "L",
        "R",
    ),
    (
        "{0||0|vvv}",
        "0",
        "0",
        "Thermograph(0,[0],[0,-1],0,[],[0])",
        "L",
        "R",
    ),
    (
        "{^^^|vv}",
        "0",
        "0",
        "Thermograph(0,[0],[0,-1],0,[0],[0,1])",
        "N",
        "R",
    ),
    (
        "{0||0|-3/2}",
        "0",
        "0",
        "Thermograph(0,[0],[0,-1],0,[],[0])",
        "L",
        "R",
    ),
    (
        "{0|||0||-1|-3}",
        "0",
        "0",
        "Thermograph(0,[0],[0,-1],0,[],[0])",
        "L",
        "R",
    ),
    (
        "{5||3|1|||0||||0}",
        "0",
        "0",
        "Thermograph(0,[],[0],0,[0],[0,1])",
        "R",
        "L",
    ),
    (
        "{1|^^||^}",
        "0",
        "0",
        "Thermograph(0,[0],[0,-1],0,[],[0])",
        "L",
        "R",
    ),
    (
        "{3||2+*|1+*}",
        "9/4",
        "3/4",
        "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])",
        "L",
        "R",
    ),
    (
        "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
        "-5/16",
        "21/16",
        "Thermograph(-5/16,[21/16,1/2,-1/2],[0,-1,0,-1],-5/16,[21/16,7/8,1/4,0],[0,1,0,1,0])",
        "N",
        "R",
    ),
];

#[test]
fn cgsuite_reference_cases() {
    let mut s = GameStore::new();
    for &(input, mean, temp, thermo, outcome, misere) in CGSUITE_CASES {
        let v = parse_ok(&mut s, input);
        let th = s.thermograph(v).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(th.mean.to_string(), mean, "mean of {input}");
        assert_eq!(th.temperature.to_string(), temp, "temperature of {input}");
        assert_eq!(th.cgsuite(), thermo, "thermograph of {input}");
        assert_eq!(s.outcome(v).to_string(), outcome, "outcome of {input}");
        let m = s
            .misere_outcome(v)
            .map(|o| o.to_string())
            .unwrap_or_default();
        assert_eq!(m, misere, "misère outcome of {input}");
    }
}

#[test]
fn switches_and_hot_games() {
    let mut s = GameStore::new();
    for (text, mean, temp) in [
        ("±1", "0", "1"),
        ("{2|-1}", "1/2", "3/2"),
        ("{4|2}", "3", "1"),
        ("±1/2", "0", "1/2"),
        ("{1|0}", "1/2", "1/2"),
        ("*", "0", "0"),
        ("^", "0", "0"),
        ("1", "1", "-1"),
        ("-3", "-3", "-1"),
        ("1/2", "1/2", "-1/2"),
        ("3/4", "3/4", "-1/4"),
        ("{2|-1/2}", "3/4", "5/4"),
    ] {
        let v = parse_ok(&mut s, text);
        assert_eq!(
            s.mean(v).map(|d| d.to_string()).ok().as_deref(),
            Some(mean),
            "{text}"
        );
        assert_eq!(
            s.temperature(v).map(|d| d.to_string()).ok().as_deref(),
            Some(temp),
            "{text}"
        );
    }
}

#[test]
fn errors_have_codes_and_help() {
    let mut s = GameStore::with_limits(Limits {
        max_height: 5,
        max_options: 3,
        max_values: 40,
    });
    let deep = s.ups(10).err();
    assert_eq!(
        deep.as_ref().map(PartizanError::code),
        Some("grundy_theory::partizan::too_deep")
    );
    assert!(deep.is_some_and(|e| e.help().contains("height")));
    // An algebra error that is the store's own keeps the store's code and help.
    let store = AlgebraError::from(PartizanError::Overflow);
    assert_eq!(store.code(), PartizanError::Overflow.code());
    assert_eq!(store.help(), PartizanError::Overflow.help());
    let zero = s.integer(0);
    let cold = cool(&mut s, zero, Dyadic::int(-1)).err();
    assert_eq!(
        cold.as_ref().map(AlgebraError::code),
        Some("grundy_theory::partizan::negative_temperature")
    );
    assert!(cold.is_some_and(|e| e.help().contains("heat")));
}

#[test]
fn limits_are_errors() {
    let mut s = GameStore::with_limits(Limits {
        max_height: 5,
        max_options: 3,
        max_values: 40,
    });
    assert!(matches!(s.ups(10), Err(PartizanError::TooDeep { .. })));
    assert!(matches!(
        s.nimber(4),
        Err(PartizanError::TooManyOptions { .. })
    ));
    // Repeats and dominated numbers do not count against the limit.
    let xs: Vec<ValueId> = (0..5000).map(|i| s.integer(i % 7)).collect();
    assert_eq!(
        s.game(&xs, &[]).map(|v| s.display(v)).ok().as_deref(),
        Some("7")
    );
    let stars: Vec<ValueId> = (0..3).map(|i| s.nimber(i).unwrap_or(xs[0])).collect();
    let mut many = stars.clone();
    many.push(s.up().unwrap_or(xs[0]));
    assert!(matches!(
        s.game(&many, &[]),
        Err(PartizanError::TooManyOptions { .. })
    ));
    assert!(
        s.game(&[stars.clone(), stars.clone()].concat(), &stars)
            .is_ok()
    );
    assert!(matches!(s.dyadic(1, 63), Err(PartizanError::Overflow)));
    let mut err = None;
    for n in 0..100 {
        let x = s.integer(n);
        if let Err(e) = s.game(&[x], &[x]) {
            err = Some(e);
            break;
        }
    }
    assert_eq!(err, Some(PartizanError::TooManyValues { limit: 40 }));
}

#[test]
fn an_interrupt_stops_long_work() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let mut s = GameStore::new();
    let flag = Arc::new(AtomicBool::new(true));
    s.set_interrupt(flag.clone());
    let mut err = None;
    for n in 0..1000 {
        let x = s.integer(n);
        if let Err(e) = s.game(&[x], &[x]) {
            err = Some(e);
            break;
        }
    }
    assert_eq!(err, Some(PartizanError::Interrupted));
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    let x = s.integer(5000);
    assert!(s.game(&[x], &[x]).is_ok());
}

#[test]
fn deep_values_fit_a_test_thread() {
    // Values near the default height limit: building, comparing, adding,
    // printing and thermographs all fit the 2 MiB stack of a test thread.
    let mut s = GameStore::new();
    let h = s.limits().max_height;
    let n = i64::from(h) - 2;
    let g = s.ups(n).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.height(g), h - 1);
    let g1 = s.ups(n - 1).unwrap_or_else(|e| panic!("{e}"));
    assert!(s.lt(g1, g));
    let star = s.star().unwrap_or_else(|e| panic!("{e}"));
    let gs = s.add(g, star).unwrap_or_else(|e| panic!("{e}"));
    assert!(s.confused(gs, g1) || s.lt(g1, gs));
    assert_eq!(s.display(g), format!("^{n}"));
    assert_eq!(s.temperature(g).ok(), Some(Dyadic::ZERO));
    assert_eq!(s.misere_outcome(g).ok(), Some(Outcome::R));
    assert!(matches!(s.add(g, g), Err(PartizanError::TooDeep { .. })));
}

#[test]
fn the_store_can_move_between_threads() {
    fn send<T: Send + Sync>() {}
    send::<GameStore>();
}

#[test]
fn display_does_not_depend_on_history() {
    let text = "{{3|-1},1*,{2|0}|-1*,{0|-2},{1|-3}}";
    let mut a = GameStore::new();
    let mut b = GameStore::new();
    // In `b` the options are made first, in reverse order, so their ids
    // are ordered differently.
    for t in ["{1|-3}", "{0|-2}", "-1*", "{2|0}", "1*", "{3|-1}"] {
        parse_ok(&mut b, t);
    }
    let (va, vb) = (parse_ok(&mut a, text), parse_ok(&mut b, text));
    assert_eq!(a.display(va), b.display(vb));
    assert_eq!(a.to_json(va), b.to_json(vb));
    assert_eq!(a.display(va), "±{1*,{2|0}}");
}

#[test]
fn cgsuite_birthdays_and_stops() {
    // (value, birthday, Left stop, Right stop) from CGSuite's own test
    // table for canonical short games.
    let cases: &[(&str, u64, &str, &str)] = &[
        ("0", 0, "0", "0"),
        ("5", 5, "5", "5"),
        (
            "-1823437481924",
            1823437481924,
            "-1823437481924",
            "-1823437481924",
        ),
        ("-1/2", 2, "-1/2", "-1/2"),
        ("25/16", 6, "25/16", "25/16"),
        ("*8", 8, "0", "0"),
        ("9/8+*", 6, "9/8", "9/8"),
        ("^", 2, "0", "0"),
        ("v*", 2, "0", "0"),
        ("6+^*", 8, "6", "6"),
        ("^*6", 8, "0", "0"),
        ("73/16+v9*8", 27, "73/16", "73/16"),
        ("{0|*||*|||*||||*}", 5, "0", "0"),
        ("{0||0|v*}", 4, "0", "0"),
        (
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
            9,
            "0",
            "0",
        ),
        (
            "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
            12,
            "0",
            "0",
        ),
        ("{0||0|vvv}", 6, "0", "0"),
        ("{^^^|vv}", 5, "0", "0"),
        ("{0||0|-3/2}", 5, "0", "0"),
        ("{0|||0||-1|-3}", 6, "0", "0"),
        ("{5||3|1|||0||||0}", 8, "0", "0"),
        ("{1|^^||^}", 5, "0", "0"),
        ("{1|^^^||^}", 6, "0", "0"),
        ("{3||2+*|1+*}", 5, "3", "2"),
        (
            "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
            6,
            "1/2",
            "-1",
        ),
    ];
    let mut s = GameStore::new();
    for &(input, birthday, ls, rs) in cases {
        let v = parse_ok(&mut s, input);
        assert_eq!(s.birthday(v), birthday, "birthday of {input}");
        assert_eq!(s.left_stop(v).to_string(), ls, "Left stop of {input}");
        assert_eq!(s.right_stop(v).to_string(), rs, "Right stop of {input}");
    }
}
