//! Parts, differences, primes and prime partitions of misère forms
//! (THEORY.md §9.11): against brute force on the forms born by day 4 and
//! their sums, and against CGSuite's rows.

use proptest::prelude::*;

use super::*;

/// The forms born by day 4 and every sum of two of them.
fn day_four_and_pairs(forms: &mut Forms) -> (Vec<FormId>, Vec<FormId>) {
    let day = forms.born_by(4).unwrap();
    assert_eq!(day.len(), 22);
    let mut all = day.clone();
    for (i, &a) in day.iter().enumerate() {
        for &b in &day[i..] {
            let s = forms.add(a, b).unwrap();
            if !all.contains(&s) {
                all.push(s);
            }
        }
    }
    (day, all)
}

#[test]
fn born_by_lists_the_published_counts() {
    let mut forms = Forms::new(1_000_000);
    let counts: Vec<usize> = (0..=4).map(|d| forms.born_by(d).unwrap().len()).collect();
    assert_eq!(counts, [1, 2, 3, 5, 22]);
    // The listed forms are distinct and born by their day.
    let day = forms.born_by(4).unwrap();
    assert!(day.iter().all(|&f| forms.birthday(f) <= 4));
    let mut sorted = day.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), 22);
    assert!(forms.born_by(6).is_err());
    // Day 5 passes a small forms budget with a coded error.
    let mut small = Forms::new(1_000);
    let e = small.born_by(5).unwrap_err();
    assert_eq!(e.code(), "grundy_theory::misere::budget");
}

/// Every sum H + X with H among the day-4 forms and their pairwise sums
/// (every third) and X among the day-4 forms: the difference (H + X) − H is X, both are
/// parts of the sum, and every part listed is one (G − H found and
/// H + (G − H) = G).
#[test]
fn differences_and_parts_of_sums_agree_with_adding() {
    let mut forms = Forms::new(2_000_000);
    let (day, all) = day_four_and_pairs(&mut forms);
    let mut sums = Vec::new();
    // Every third of those H (a minute otherwise on a loaded machine).
    for &h in all.iter().step_by(3) {
        for &x in &day {
            let g = forms.add(h, x).unwrap();
            assert_eq!(forms.difference(g, h).unwrap(), Some(x));
            sums.push((g, h, x));
        }
    }
    for &(g, h, x) in sums.iter().step_by(7) {
        let parts = forms.parts(g).unwrap();
        assert!(parts.contains(&h) && parts.contains(&x));
        for p in parts {
            let d = forms
                .difference(g, p)
                .unwrap()
                .expect("a part has a difference");
            assert_eq!(forms.add(p, d).unwrap(), g);
        }
    }
}

/// Brute force on the forms born by day 4: with U the day-4 forms, their
/// pairwise sums and the parts found, H is a part of G exactly when some
/// X in U has H + X = G (so no part whose difference lies in U is
/// missed), and G is prime exactly when no such pair but units and
/// G, G + * is.
#[test]
fn parts_of_day_four_forms_are_the_brute_force_ones() {
    let mut forms = Forms::new(2_000_000);
    let (day, all) = day_four_and_pairs(&mut forms);
    let star = forms.nim(1).unwrap();
    let mut outside = 0;
    for &g in &day {
        let parts = forms.parts(g).unwrap();
        let mut u = all.clone();
        u.extend(parts.iter().copied().filter(|p| !all.contains(p)));
        outside += u.len() - all.len();
        let mut brute = Vec::new();
        for &h in &u {
            for &x in &u {
                if forms.add(h, x).unwrap() == g {
                    brute.push(h);
                    break;
                }
            }
        }
        brute.sort_unstable();
        assert_eq!(parts, brute, "parts of {}", forms.display(g, 200));
        let gs = forms.add(g, star).unwrap();
        let units = [Forms::ZERO, star, g, gs];
        let prime = g != Forms::ZERO && g != star && brute.iter().all(|h| units.contains(h));
        assert_eq!(forms.is_prime(g).unwrap(), prime);
    }
    // Some parts are born after day 4 ({*2} − *2 among them).
    assert!(outside > 0);
}

/// G and G + * are born a day apart (so "born first" picks one), and
/// every prime partition sums to G, with only primes in it; the
/// partitions of a + b include each partition of a merged with each of b.
#[test]
fn prime_partitions_sum_back_and_merge() {
    let mut forms = Forms::new(2_000_000);
    let (day, all) = day_four_and_pairs(&mut forms);
    let star = forms.nim(1).unwrap();
    for &g in &all {
        let gs = forms.add(g, star).unwrap();
        assert_eq!(forms.birthday(g).abs_diff(forms.birthday(gs)), 1);
    }
    let mut of = std::collections::HashMap::new();
    for &g in &day {
        let ps = forms.prime_partitions(g).unwrap();
        assert!(!ps.is_empty());
        for p in &ps {
            assert_eq!(forms.sum(p).unwrap(), g);
            for &q in p {
                assert!(q == star || forms.is_prime(q).unwrap());
            }
        }
        of.insert(g, ps);
    }
    for (i, &a) in day.iter().enumerate() {
        for &b in &day[i..] {
            let s = forms.add(a, b).unwrap();
            let ps = forms.prime_partitions(s).unwrap();
            for p in &ps {
                assert_eq!(forms.sum(p).unwrap(), s);
            }
            for pa in &of[&a] {
                for pb in &of[&b] {
                    let mut m: Vec<FormId> = pa.iter().chain(pb).copied().collect();
                    m.sort_unstable();
                    // Two *'s cancel.
                    if m.iter().filter(|&&q| q == star).count() == 2 {
                        m.retain(|&q| q != star);
                    }
                    assert!(
                        ps.contains(&m),
                        "merged partition {m:?} of {} + {} missing from {ps:?}: {:?}",
                        forms.display(a, 300),
                        forms.display(b, 300),
                        m.iter().map(|&q| forms.display(q, 300)).collect::<Vec<_>>()
                    );
                }
            }
        }
    }
}

/// A form in CGSuite's input notation: `*[n]` is *n, `*[L]` for a list L
/// of one element is that element as a game, of more the game of their
/// games; inside, an integer is a nim heap and a list the game of its
/// elements; `a + b` adds.
fn cgs(forms: &mut Forms, text: &str) -> FormId {
    let t: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut at = 0;
    let n = cgs_expr(forms, &t, &mut at);
    assert_eq!(at, t.len(), "all of {text} read");
    cgs_game(forms, n)
}

enum Node {
    Int(u32),
    List(Vec<Node>),
    Game(FormId),
}

fn cgs_game(forms: &mut Forms, n: Node) -> FormId {
    match n {
        Node::Int(k) => forms.nim(k).unwrap(),
        Node::Game(g) => g,
        Node::List(l) => {
            let opts: Vec<FormId> = l.into_iter().map(|e| cgs_game(forms, e)).collect();
            forms.canonical(&opts).unwrap()
        }
    }
}

fn cgs_expr(forms: &mut Forms, t: &[char], at: &mut usize) -> Node {
    let first = cgs_term(forms, t, at);
    if t.get(*at) != Some(&'+') {
        return first;
    }
    let mut g = cgs_game(forms, first);
    while t.get(*at) == Some(&'+') {
        *at += 1;
        let n = cgs_term(forms, t, at);
        let h = cgs_game(forms, n);
        g = forms.add(g, h).unwrap();
    }
    Node::Game(g)
}

fn cgs_term(forms: &mut Forms, t: &[char], at: &mut usize) -> Node {
    let star = t[*at] == '*';
    if star {
        *at += 1;
    }
    if t[*at] == '[' {
        *at += 1;
        let mut l = Vec::new();
        while t[*at] != ']' {
            l.push(cgs_expr(forms, t, at));
            if t[*at] == ',' {
                *at += 1;
            }
        }
        *at += 1;
        if !star {
            return Node::List(l);
        }
        let g = if l.len() == 1 {
            let e = l.pop().unwrap();
            cgs_game(forms, e)
        } else {
            cgs_game(forms, Node::List(l))
        };
        return Node::Game(g);
    }
    let start = *at;
    while *at < t.len() && t[*at].is_ascii_digit() {
        *at += 1;
    }
    Node::Int(t[start..*at].iter().collect::<String>().parse().unwrap())
}

/// A form as CGSuite prints it, `*[…]` around Conway's notation: a digit
/// is a nim heap, items side by side are the options of a game
/// (parenthesised inside), and after an item `#` is the game with that
/// one option and `[…]` a run of `#`, `d` (plus *d) and `-d` (minus *d,
/// found by `difference` and checked by adding back).
fn conway(forms: &mut Forms, text: &str) -> FormId {
    let t: Vec<char> = text.chars().collect();
    assert!(text.starts_with("*[") && text.ends_with(']'), "{text}");
    let inner = &t[2..t.len() - 1];
    let mut at = 0;
    let items = conway_items(forms, inner, &mut at);
    assert_eq!(at, inner.len(), "all of {text} read");
    if items.len() == 1 {
        items[0]
    } else {
        forms.canonical(&items).unwrap()
    }
}

fn conway_items(forms: &mut Forms, t: &[char], at: &mut usize) -> Vec<FormId> {
    let mut items = Vec::new();
    while *at < t.len() && t[*at] != ')' {
        let mut g = if t[*at] == '(' {
            *at += 1;
            let opts = conway_items(forms, t, at);
            assert_eq!(t[*at], ')');
            *at += 1;
            forms.canonical(&opts).unwrap()
        } else {
            let d = t[*at].to_digit(10).expect("a digit");
            *at += 1;
            forms.nim(d).unwrap()
        };
        loop {
            match t.get(*at) {
                Some('#') => {
                    *at += 1;
                    g = forms.canonical(&[g]).unwrap();
                }
                Some('[') => {
                    *at += 1;
                    while t[*at] != ']' {
                        g = conway_sub(forms, g, t, at);
                    }
                    *at += 1;
                }
                _ => break,
            }
        }
        items.push(g);
    }
    items
}

fn conway_sub(forms: &mut Forms, g: FormId, t: &[char], at: &mut usize) -> FormId {
    let c = t[*at];
    *at += 1;
    if c == '#' {
        return forms.canonical(&[g]).unwrap();
    }
    let minus = c == '-';
    let d = if minus {
        let d = t[*at];
        *at += 1;
        d
    } else {
        c
    };
    let heap = forms.nim(d.to_digit(10).expect("a digit")).unwrap();
    if minus {
        let x = forms.difference(g, heap).unwrap().expect("a difference");
        assert_eq!(forms.add(x, heap).unwrap(), g);
        x
    } else {
        forms.add(g, heap).unwrap()
    }
}

/// A list `[a,b]` of CGSuite's printed forms; `[[a],[b,c]]` a list of them.
fn conway_list(forms: &mut Forms, text: &str) -> Vec<FormId> {
    let inner = &text[1..text.len() - 1];
    let mut out = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(conway(forms, &inner[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    if !inner.is_empty() {
        out.push(conway(forms, &inner[start..]));
    }
    out
}

fn conway_lists(forms: &mut Forms, text: &str) -> Vec<Vec<FormId>> {
    let inner = &text[1..text.len() - 1];
    let mut out = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '[' => {
                if depth == 0 {
                    start = i;
                }
                depth += 1;
            }
            ']' => {
                depth -= 1;
                if depth == 0 {
                    let mut l = conway_list(forms, &inner[start..=i]);
                    l.sort_unstable();
                    out.push(l);
                }
            }
            _ => {}
        }
    }
    out.sort();
    out
}

/// `lib/core/src/test/scala/org/cgsuite/lang/MisereCanonicalGameTestCase.scala`:
/// the line of each row's game, the game, and its `IsPrime`, `Partitions`
/// and `Parts` (the lines after it in the file).
const ROWS: &[(u32, &str, bool, &str, &str)] = &[
    (8, "*[0]", false, "[[]]", "[]"),
    (33, "*[1]", false, "[[*[1]]]", "[]"),
    (58, "*[2]", true, "[[*[2]]]", "[]"),
    (
        83,
        "*[[2]]",
        false,
        "[[*[2],*[2[#-2]]]]",
        "[*[2],*[2[#-2]]]",
    ),
    (
        108,
        "*[[[2]]]",
        false,
        "[[*[2],*[2[#-2]],*[2[##-2]0]]]",
        "[*[2],*[2[##-2]],*[2#],*[2[##-2]0],*[2[#-2]],*[(2[##-2]0)[2]]]",
    ),
    (133, "*[2]+*[2]", false, "[[*[2],*[2]]]", "[*[2]]"),
    (
        158,
        "*[[*[2]+*[[2]]]]",
        false,
        "[[*[2],*[2],*[2[#-2]],*[2[#-2]]]]",
        "[*[2],*[2[#2#-2]],*[2#],*[2[2]],*[2[#2#-2-2]],*[2[#-2]],*[2[#2]]]",
    ),
    (183, "*[[2],0]", true, "[[*[2#0]]]", "[]"),
    (209, "*[[2],0]", true, "[[*[2#0]]]", "[]"),
    (235, "*[[2],1]", true, "[[*[2#1]]]", "[]"),
    (
        261,
        "*[[*[4]+*[2]]]",
        false,
        "[[*[2],*[4[2#-2]]],[*[4],*[4[2#-4]]]]",
        "[*[2],*[4[2#-2]],*[4],*[4[2#-4]]]",
    ),
    (287, "*[[[2]],[[2],1]]", true, "[[*[(2#1)2##]]]", "[]"),
    (
        313,
        "*[[[2]],[[[2],0],0,1]]",
        true,
        "[[*[((2#0)10)2##]]]",
        "[]",
    ),
    (
        339,
        "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
        true,
        "[[*[((2#0)2[#1]2#)(2#1)[1]]]]",
        "[]",
    ),
    (
        365,
        "*[[[2],2,0],[[2],3],1]",
        true,
        "[[*[(2#20)2[#1]1]]]",
        "[]",
    ),
];

#[test]
fn cgsuite_parts_partitions_and_primes() {
    let mut forms = Forms::new(1_000_000);
    for &(line, g, prime, partitions, parts) in ROWS {
        let g = cgs(&mut forms, g);
        assert_eq!(forms.is_prime(g).unwrap(), prime, "IsPrime, line {line}");
        let mut want = conway_list(&mut forms, parts);
        want.sort_unstable();
        assert_eq!(forms.proper_parts(g).unwrap(), want, "Parts, line {line}");
        let want = conway_lists(&mut forms, partitions);
        let mut got = forms.prime_partitions(g).unwrap();
        got.iter_mut().for_each(|p| p.sort_unstable());
        got.sort();
        assert_eq!(got, want, "Partitions, line {line}");
    }
}

/// CGSuite prints each row's game in Conway's notation (the second
/// string of the row); the parser above reads it back to the same form.
#[test]
fn cgsuite_notation_reads_back() {
    let mut forms = Forms::new(1_000_000);
    let shown = [
        (8, "*[0]", "*[0]"),
        (83, "*[[2]]", "*[2#]"),
        (108, "*[[[2]]]", "*[2##]"),
        (133, "*[2]+*[2]", "*[2[2]]"),
        (158, "*[[*[2]+*[[2]]]]", "*[2[#2#]]"),
        (261, "*[[*[4]+*[2]]]", "*[4[2#]]"),
        (287, "*[[[2]],[[2],1]]", "*[(2#1)2##]"),
        (313, "*[[[2]],[[[2],0],0,1]]", "*[((2#0)10)2##]"),
        (
            339,
            "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
            "*[((2#0)2[#1]2#)(2#1)[1]]",
        ),
        (365, "*[[[2],2,0],[[2],3],1]", "*[(2#20)2[#1]1]"),
    ];
    for (line, input, printed) in shown {
        let a = cgs(&mut forms, input);
        let b = conway(&mut forms, printed);
        assert_eq!(a, b, "line {line}");
    }
}

#[test]
fn budgets_and_bad_ids_are_errors() {
    let mut forms = Forms::new(1_000_000);
    assert_eq!(
        forms.parts(99).unwrap_err().code(),
        "grundy_theory::misere::bad_form"
    );
    let g = forms.nim(6).unwrap();
    let h = forms.nim(5).unwrap();
    let s = forms.add(g, h).unwrap();
    forms.set_budget(50, usize::MAX, || 0);
    assert_eq!(
        forms.parts(s).unwrap_err().code(),
        "grundy_theory::misere::steps"
    );
}

/// A random game born by day 5 (a random set of day-4 forms, `mask`'s
/// bits) plus a random form born by day 4: the difference of the sum and
/// either summand is the other, both are parts of the sum, every part
/// adds back, and the sum of two non-units is not prime.
fn random_sum_agrees(mask: u32, pick: usize) {
    let mut forms = Forms::new(1_000_000);
    let day = forms.born_by(4).unwrap();
    let set: Vec<FormId> = (0..22)
        .filter(|i| mask >> i & 1 == 1)
        .map(|i| day[i])
        .collect();
    let g = forms.canonical(&set).unwrap();
    let h = day[pick % 22];
    let s = forms.add(g, h).unwrap();
    assert_eq!(forms.difference(s, h).unwrap(), Some(g));
    assert_eq!(forms.difference(s, g).unwrap(), Some(h));
    let parts = forms.parts(s).unwrap();
    assert!(parts.contains(&g) && parts.contains(&h));
    for &p in &parts {
        let d = forms
            .difference(s, p)
            .unwrap()
            .expect("a part has a difference");
        assert_eq!(forms.add(p, d).unwrap(), s);
    }
    let star = forms.nim(1).unwrap();
    let unit = |f: FormId| f == Forms::ZERO || f == star;
    if !unit(g) && !unit(h) {
        assert!(!forms.is_prime(s).unwrap());
    }
    for p in forms.prime_partitions(s).unwrap() {
        assert_eq!(forms.sum(&p).unwrap(), s);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_day_five_sums(mask in 0u32..1 << 22, pick in 0usize..22) {
        random_sum_agrees(mask, pick);
    }
}
