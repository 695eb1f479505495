//! The predicates of `predicates.rs` against CGSuite's rows and against
//! brute force: sums played out move by move, birthdays and G + * built
//! from the game tree, on the forms born by day 4 and on random forms.

use std::collections::HashMap;

use proptest::prelude::*;

use super::*;

/// A form in CGSuite's notation: `n` is the nim heap *n, `[a, b]` the
/// game with options a and b, `*[a, b]` the same but `*[x]` with one
/// entry x itself (CGSuite's `*[[2]]` is {*2}), `a + b` a sum.
fn parse(forms: &mut Forms, text: &str) -> FormId {
    let t: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut at = 0;
    let f = parse_sum(forms, &t, &mut at);
    assert_eq!(at, t.len(), "all of {text} read");
    f
}

fn parse_sum(forms: &mut Forms, t: &[char], at: &mut usize) -> FormId {
    let mut f = parse_atom(forms, t, at);
    while t.get(*at) == Some(&'+') {
        *at += 1;
        let g = parse_atom(forms, t, at);
        f = forms.add(f, g).unwrap();
    }
    f
}

fn parse_atom(forms: &mut Forms, t: &[char], at: &mut usize) -> FormId {
    let starred = t[*at] == '*';
    if starred {
        *at += 1;
    }
    if t[*at] == '[' {
        *at += 1;
        let mut opts = Vec::new();
        while t[*at] != ']' {
            opts.push(parse_sum(forms, t, at));
            if t[*at] == ',' {
                *at += 1;
            }
        }
        *at += 1;
        if starred && opts.len() == 1 {
            return opts[0];
        }
        return forms.canonical(&opts).unwrap();
    }
    let start = *at;
    while *at < t.len() && t[*at].is_ascii_digit() {
        *at += 1;
    }
    let n: u32 = t[start..*at].iter().collect::<String>().parse().unwrap();
    forms.nim(n).unwrap()
}

/// `lib/core/src/test/scala/org/cgsuite/lang/MisereCanonicalGameTestCase.scala`:
/// the line of each row's `MisereCanonicalGameTestCase(`, its game as
/// CGSuite writes it, and CGSuite's `Birthday`, `IsEven`, `IsHalfTame`,
/// `IsIntroverted`.
const ROWS: &[(u32, &str, u32, bool, bool, bool)] = &[
    (7, "*[0]", 0, true, false, true),
    (32, "*[1]", 1, false, false, true),
    (57, "*[2]", 2, true, false, false),
    (82, "*[[2]]", 3, true, false, false),
    (107, "*[[[2]]]", 4, true, false, false),
    (132, "*[2]+*[2]", 4, true, false, false),
    (157, "*[[*[2]+*[[2]]]]", 6, true, false, false),
    (182, "*[[2],0]", 4, true, true, false),
    (208, "*[[2],0]", 4, true, true, false),
    (234, "*[[2],1]", 4, true, false, false),
    (260, "*[[*[4]+*[2]]]", 7, true, false, false),
    (286, "*[[[2]],[[2],1]]", 5, true, false, false),
    (312, "*[[[2]],[[[2],0],0,1]]", 6, true, false, false),
    (
        338,
        "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
        6,
        true,
        false,
        false,
    ),
    (364, "*[[[2],2,0],[[2],3],1]", 5, true, true, false),
];

#[test]
fn cgsuite_rows() {
    let mut forms = Forms::new(1_000_000);
    for &(line, g, birthday, even, half_tame, introverted) in ROWS {
        let g = parse(&mut forms, g);
        assert_eq!(forms.birthday(g), birthday, "line {line}: Birthday");
        assert_eq!(forms.is_even(g).unwrap(), even, "line {line}: IsEven");
        assert_eq!(forms.is_odd(g).unwrap(), !even, "line {line}: odd");
        assert_eq!(
            forms.is_half_tame(g).unwrap(),
            half_tame,
            "line {line}: IsHalfTame"
        );
        assert_eq!(
            forms.is_introverted(g),
            introverted,
            "line {line}: IsIntroverted"
        );
    }
}

/// The forms born by day `n`, built day by day.
fn born_by(forms: &mut Forms, n: u32) -> Vec<FormId> {
    let mut day = vec![Forms::ZERO];
    for _ in 0..n {
        let mut next = Vec::new();
        for mask in 0u32..1 << day.len() {
            let set: Vec<FormId> = (0..day.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| day[i])
                .collect();
            let f = forms.canonical(&set).unwrap();
            if !next.contains(&f) {
                next.push(f);
            }
        }
        day = next;
    }
    day
}

/// The misère outcome of the sum of `parts`, played out: every move of
/// every component, no canonical forms of sums. A player with no move
/// wins.
fn played(forms: &Forms, parts: &[FormId], memo: &mut HashMap<Vec<FormId>, bool>) -> Outcome {
    let mut key: Vec<FormId> = parts.iter().copied().filter(|&p| p != 0).collect();
    key.sort_unstable();
    if let Some(&p) = memo.get(&key) {
        return if p { Outcome::P } else { Outcome::N };
    }
    let mut p = !key.is_empty();
    'moves: for i in 0..key.len() {
        for &o in forms.options(key[i]) {
            let mut next = key.clone();
            next[i] = o;
            if played(forms, &next, memo) == Outcome::P {
                p = false;
                break 'moves;
            }
        }
    }
    memo.insert(key, p);
    if p { Outcome::P } else { Outcome::N }
}

/// The height of a form's tree, by recursion on the options.
fn height(forms: &Forms, g: FormId) -> u32 {
    forms
        .options(g)
        .iter()
        .map(|&o| height(forms, o) + 1)
        .max()
        .unwrap_or(0)
}

/// G + * from the game tree: the canonical form of {G, G' + *}, the
/// options' sums built the same way (never `add`).
fn plus_star_by_tree(forms: &mut Forms, g: FormId) -> FormId {
    let opts = forms.options(g).to_vec();
    let mut s = vec![g];
    for o in opts {
        s.push(plus_star_by_tree(forms, o));
    }
    forms.canonical(&s).unwrap()
}

/// The genus of G + G from the game tree of the sum (no canonical forms).
fn genus_of_double(forms: &Forms, g: FormId) -> Genus {
    fn of(
        forms: &Forms,
        a: FormId,
        b: FormId,
        memo: &mut HashMap<(FormId, FormId), Genus>,
    ) -> Genus {
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(x) = memo.get(&key) {
            return x.clone();
        }
        let mut opts = Vec::new();
        for &o in forms.options(a) {
            opts.push(of(forms, o, b, memo));
        }
        for &o in forms.options(b) {
            opts.push(of(forms, a, o, memo));
        }
        let x = Genus::from_options(opts.iter());
        memo.insert(key, x.clone());
        x
    }
    of(forms, g, g, &mut HashMap::new())
}

/// Every predicate of one form against its brute-force definition.
fn check_one(forms: &mut Forms, g: FormId) {
    let b = height(forms, g);
    assert_eq!(forms.birthday(g), b);
    let s = plus_star_by_tree(forms, g);
    assert_eq!(forms.plus_star(g).unwrap(), s);
    let bs = height(forms, s);
    // The birthdays of G and G + * differ by exactly one, so a form is
    // even or odd and never both.
    assert_eq!(b.abs_diff(bs), 1, "{}", forms.display(g, 200));
    assert_eq!(forms.is_even(g).unwrap(), b < bs);
    assert_eq!(forms.is_odd(g).unwrap(), bs < b);
    // Half-tame: not generally tame, and G + G generally tame of genus
    // 0^0 (its normal and misère values 0, read from the played sum).
    let double = genus_of_double(forms, g);
    let gg = forms.add(g, g).unwrap();
    assert_eq!(forms.genus(gg), &double);
    let want = !forms.phylum(g).is_generally_tame()
        && forms.phylum(gg).is_generally_tame()
        && double.g == 0
        && double.misere_value() == 0;
    assert_eq!(forms.is_half_tame(g).unwrap(), want);
}

/// Link and distinguisher of a pair against the sums played out.
fn check_pair(forms: &mut Forms, a: FormId, b: FormId, memo: &mut HashMap<Vec<FormId>, bool>) {
    let linked = !forms.options(a).contains(&b) && !forms.options(b).contains(&a);
    assert_eq!(forms.is_linked(a, b), linked);
    match forms.link(a, b).unwrap() {
        Some(t) => {
            assert!(linked);
            assert_eq!(played(forms, &[a, t], memo), Outcome::P);
            assert_eq!(played(forms, &[b, t], memo), Outcome::P);
        }
        None => assert!(!linked),
    }
    match forms.distinguisher(a, b).unwrap() {
        Some(t) => {
            assert_ne!(a, b);
            assert_eq!(played(forms, &[a, t], memo), Outcome::P);
            assert_eq!(played(forms, &[b, t], memo), Outcome::N);
        }
        None => assert_eq!(a, b),
    }
}

#[test]
fn predicates_on_the_forms_born_by_day_four() {
    let mut forms = Forms::new(1_000_000);
    let day = born_by(&mut forms, 4);
    assert_eq!(day.len(), 22);
    for &g in &day {
        check_one(&mut forms, g);
    }
    let mut memo = HashMap::new();
    for &a in &day {
        for &b in &day {
            check_pair(&mut forms, a, b, &mut memo);
        }
    }
}

/// Not linked means some T making both sums P does not exist: for the
/// pairs born by day 3, no form born by day 4 links them (one is an
/// option of the other, so a move from its sum reaches the other's
/// P-position); and linked pairs have one among them when `link`'s is.
#[test]
fn unlinked_pairs_have_no_link_among_small_games() {
    let mut forms = Forms::new(1_000_000);
    let three = born_by(&mut forms, 3);
    let four = born_by(&mut forms, 4);
    let mut memo = HashMap::new();
    for &a in &three {
        for &b in &three {
            let some = four.iter().any(|&t| {
                played(&forms, &[a, t], &mut memo) == Outcome::P
                    && played(&forms, &[b, t], &mut memo) == Outcome::P
            });
            if !forms.is_linked(a, b) {
                assert!(!some);
            }
        }
    }
}

/// Introverted (a part of each option): 0 and * are (0 vacuously, and
/// the sum of * with itself is 0), and for the other forms born by day
/// 3, some option is not G + X for any X born by day 4.
#[test]
fn introverted_forms_among_small_games() {
    let mut forms = Forms::new(1_000_000);
    let three = born_by(&mut forms, 3);
    let four = born_by(&mut forms, 4);
    for &g in &three {
        let mut part_of_each = true;
        for o in forms.options(g).to_vec() {
            let mut found = false;
            for &x in &four {
                found |= forms.add(g, x).unwrap() == o;
            }
            part_of_each &= found;
        }
        assert_eq!(forms.is_introverted(g), part_of_each);
    }
}

/// Random forms: canonical forms of random sets of earlier forms and of
/// sums of two of them.
fn random_forms(seed: u64, n: usize, forms: &mut Forms) -> Vec<FormId> {
    let mut x = seed | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut made = vec![Forms::ZERO];
    for _ in 0..n {
        let k = (next() % 4) as usize;
        let mut opts = Vec::new();
        for _ in 0..k {
            let a = made[(next() % made.len() as u64) as usize];
            if next() % 3 == 0 {
                let b = made[(next() % made.len() as u64) as usize];
                opts.push(forms.add(a, b).unwrap());
            } else {
                opts.push(a);
            }
        }
        let f = forms.canonical(&opts).unwrap();
        if forms.birthday(f) <= 7 {
            made.push(f);
        }
    }
    made
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn predicates_on_random_forms(seed in any::<u64>()) {
        let mut forms = Forms::new(1_000_000);
        let made = random_forms(seed, 10, &mut forms);
        let mut memo = HashMap::new();
        for &g in &made {
            check_one(&mut forms, g);
        }
        for &a in &made {
            for &b in &made {
                check_pair(&mut forms, a, b, &mut memo);
            }
        }
    }
}

/// Forms of larger birthdays: the stack of links and distinguishers is
/// explicit (*40 and *41 need links of every pair of smaller heaps).
#[test]
fn distinguishes_large_heaps() {
    let mut forms = Forms::new(1_000_000);
    let a = forms.nim(40).unwrap();
    let b = forms.nim(41).unwrap();
    let t = forms.distinguisher(a, b).unwrap().unwrap();
    let at = forms.add(a, t).unwrap();
    let bt = forms.add(b, t).unwrap();
    assert_eq!(forms.outcome(at), Outcome::P);
    assert_eq!(forms.outcome(bt), Outcome::N);
}

/// A budget of steps ends the search with an error, not a hang.
#[test]
fn the_search_has_a_budget() {
    let mut forms = Forms::new(1_000_000);
    let a = forms.nim(60).unwrap();
    let b = parse(&mut forms, "[[2], 0] + [[2], 1] + 5");
    forms.set_budget(50, usize::MAX, || 0);
    assert!(matches!(
        forms.distinguisher(a, b),
        Err(MisereError::Steps { .. })
    ));
}

/// *n + * ≡ *(n ⊕ 1), which the language's answers for nim heaps rest on
/// (THEORY.md §9.12): *n is even exactly when n is.
#[test]
fn a_heap_plus_star_is_the_heap_n_xor_1() {
    let mut forms = Forms::new(1_000_000);
    for n in 0..48u32 {
        let h = forms.nim(n).unwrap();
        assert_eq!(forms.plus_star(h).unwrap(), forms.nim(n ^ 1).unwrap());
        assert_eq!(forms.is_even(h).unwrap(), n.is_multiple_of(2));
    }
}

/// CGSuite's `IsExtraverted` of each row of `MisereCanonicalGameTestCase.scala`
/// (the row's line, its game, the answer): G is a part of {G}.
const EXTRAVERTED: &[(u32, &str, bool)] = &[
    (7, "*[0]", true),
    (32, "*[1]", true),
    (57, "*[2]", true),
    (82, "*[[2]]", true),
    (107, "*[[[2]]]", true),
    (132, "*[2]+*[2]", true),
    (157, "*[[*[2]+*[[2]]]]", true),
    (182, "*[[2],0]", false),
    (208, "*[[2],0]", false),
    (234, "*[[2],1]", false),
    (260, "*[[*[4]+*[2]]]", false),
    (286, "*[[[2]],[[2],1]]", false),
    (312, "*[[[2]],[[[2],0],0,1]]", false),
    (338, "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", false),
    (364, "*[[[2],2,0],[[2],3],1]", false),
];

#[test]
fn cgsuite_extraverted_rows() {
    let mut forms = Forms::new(1_000_000);
    for &(line, g, want) in EXTRAVERTED {
        let g = parse(&mut forms, g);
        assert_eq!(
            forms.is_extraverted(g).unwrap(),
            want,
            "line {line}: IsExtraverted"
        );
    }
}

/// On the forms born by day 3 and their sums of two: `minus` undoes a
/// sum (G + H − H ≡ G up to the difference's own choice: H + X ≡ G + H),
/// a form with no difference has none that adds back among the day-3
/// forms, extraversion is its definition ({G} − G exists), and
/// introversion (only 0 and *) is its definition: G a part of each of
/// its options.
#[test]
fn minus_extraversion_and_introversion_by_their_definitions() {
    let mut forms = Forms::new(1_000_000);
    let day3 = born_by(&mut forms, 3);
    for &g in &day3 {
        for &h in &day3 {
            let s = forms.add(g, h).unwrap();
            let x = forms
                .minus(s, h)
                .unwrap()
                .expect("a sum's summand is a part");
            assert_eq!(forms.add(h, x).unwrap(), s);
            match forms.minus(g, h).unwrap() {
                Some(x) => assert_eq!(forms.add(h, x).unwrap(), g),
                None => {
                    for &y in &day3 {
                        assert_ne!(forms.add(h, y).unwrap(), g);
                    }
                }
            }
        }
        let up = forms.canonical(&[g]).unwrap();
        let extra = day3.iter().any(|&y| forms.add(g, y).unwrap() == up);
        if extra {
            assert!(forms.is_extraverted(g).unwrap());
        }
        let intro = forms
            .options(g)
            .to_vec()
            .into_iter()
            .all(|o| forms.minus(o, g).unwrap().is_some());
        assert_eq!(
            forms.is_introverted(g),
            intro,
            "introversion by its definition"
        );
    }
}
