//! The seed examples this project grew from, each checked against an
//! independent computation (a formula from theory or a brute force written
//! here), not against grundy's own output.

use crate::common;

use common::*;
use grundy::Outcome;

#[test]
fn nim_sums() {
    let a = answers(
        "outcome Nim(3) + Nim(4) + Nim(5)\nwinning Nim(3) + Nim(4) + Nim(5)\n\
         winning Nim(10) + Nim(17) + Nim(21)\noutcome Nim(6) + Nim(9) + Nim(15)\n\
         winning Nim(6) + Nim(9) + Nim(15)",
    );
    assert_eq!(outcome(&a[0]), Outcome::N);
    assert_eq!(moves(&a[1]), ["Nim(1) + Nim(4) + Nim(5)"]);
    assert_eq!(moves(&a[2]), ["Nim(4) + Nim(17) + Nim(21)"]);
    assert_eq!(outcome(&a[3]), Outcome::P);
    assert!(moves(&a[4]).is_empty());
}

#[test]
fn bouton_on_all_three_heap_sums() {
    // Normal play: the engine's xor of expanded Nim heaps (rule-defined, so
    // no built-in shortcut) is zero exactly when the heaps' xor is.
    let mut text = String::from("game H(n) { move H(n - k) for k in 1..=n }\n");
    let mut expect = Vec::new();
    for a in 0..=7 {
        for b in a..=7 {
            for c in b..=7 {
                text.push_str(&format!("outcome H({a}) + H({b}) + H({c})\n"));
                expect.push(if a ^ b ^ c == 0 {
                    Outcome::P
                } else {
                    Outcome::N
                });
            }
        }
    }
    let got: Vec<Outcome> = answers(&text).iter().map(outcome).collect();
    assert_eq!(got, expect);
}

#[test]
fn capped_heaps() {
    let a = answers(
        "game Capped(n, cap) { move Capped(n - k, cap) for k in 1..=min(cap, n) }\n\
         grundy Capped(19, 3)\ngrundy Capped(24, 5)\ngrundy Capped(15, 6)\n\
         grundy Capped(19, 3) + Capped(24, 5) + Capped(15, 6)\n\
         outcome Capped(19, 3) + Capped(24, 5) + Capped(15, 6)",
    );
    let g: Vec<u64> = a[..4].iter().map(grundy).collect();
    assert_eq!(g, [19 % 4, 24 % 6, 15 % 7, 2]);
    assert_eq!(outcome(&a[4]), Outcome::N);
}

/// Brute force for a subtraction game, written directly.
fn subtraction_values(set: &[u64], n: usize) -> Vec<u64> {
    let mut g = vec![0u64; n];
    for i in 0..n {
        g[i] = mex(set
            .iter()
            .filter(|&&s| s as usize <= i)
            .map(|&s| g[i - s as usize]));
    }
    g
}

#[test]
fn subtraction_games() {
    let a = answers(
        "game A = subtraction {1, 2, 3}\nsequence A 0..200\n\
         game B = subtraction {2, 4, 7}\nsequence B 0..200\n\
         game C(n) { move C(n - k) for k in {2, 4, 7} if k <= n }\nsequence C 0..200",
    );
    let s123 = sequence(&a[0]);
    for (n, v) in s123.iter().enumerate() {
        assert_eq!(*v, (n % 4) as u64);
    }
    let brute = subtraction_values(&[2, 4, 7], 200);
    assert_eq!(sequence(&a[1]), brute);
    assert_eq!(sequence(&a[2]), brute);
    // The P-positions of {2, 4, 7} begin 0, 1, 6, 9, 12, 15, ...
    let p: Vec<usize> = brute
        .iter()
        .enumerate()
        .filter(|(_, v)| **v == 0)
        .map(|(i, _)| i)
        .take(6)
        .collect();
    assert_eq!(p, [0, 1, 6, 9, 12, 15]);
}

const KAYLES: &str =
    "game Kayles(n) {\n move Kayles(i) + Kayles(n - k - i) for k in 1..=2, i in 0..=n - k\n}\n";

#[test]
fn kayles_rule_game() {
    let a = answers(&format!("{KAYLES}sequence Kayles 0..=11\ngrundy Kayles(4)"));
    assert_eq!(sequence(&a[0]), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    assert_eq!(grundy(&a[1]), 1);
}

#[test]
fn kayles_rules_equal_octal_077_and_period() {
    let a = answers(&format!(
        "{KAYLES}game K = octal 0.77\nsequence Kayles 0..300\nsequence K 0..300"
    ));
    let rules = sequence(&a[0]);
    assert_eq!(rules, sequence(&a[1]));
    // Guy: period 12 from heap 71 on.
    for n in 71..288 {
        assert_eq!(rules[n], rules[n + 12], "n = {n}");
    }
    assert_ne!(rules[70], rules[82]);
}

#[test]
fn wythoff_p_positions_are_beatty_pairs() {
    let a = answers(
        "game Wythoff(a, b) {\n move Wythoff(a - k, b) for k in 1..=a\n move Wythoff(a, b - k) for k in 1..=b\n \
         move Wythoff(a - k, b - k) for k in 1..=min(a, b)\n}\ntable Wythoff 0..60, 0..60",
    );
    let rows = table(&a[0]);
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut expected = std::collections::BTreeSet::new();
    for k in 0..60u32 {
        let a = (f64::from(k) * phi).floor() as usize;
        let b = a + k as usize;
        expected.insert((a, b));
        expected.insert((b, a));
    }
    for (i, row) in rows.iter().enumerate() {
        for (j, v) in row.iter().enumerate() {
            assert_eq!(*v == 0, expected.contains(&(i, j)), "({i}, {j})");
        }
    }
}

#[test]
fn grundys_game_against_brute_force() {
    let a = answers(
        "game Grundy(n) { move Grundy(a) + Grundy(n - a) for a in 1..n if 2 * a < n }\nsequence Grundy 0..120",
    );
    let mut g = vec![0u64; 120];
    for n in 0..120 {
        g[n] = mex((1..n).filter(|a| 2 * a < n).map(|a| g[a] ^ g[n - a]));
    }
    assert_eq!(sequence(&a[0]), g);
    // OEIS A002188 begins:
    assert_eq!(
        g[..20],
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3]
    );
}

const CHOMP: &str = "game Chomp(rows) {\n move Chomp(bite(rows, i, j)) for i in 0..len(rows), j in 0..rows[i] if (i, j) != (0, 0)\n}\n\
fn bite(rows, i, j) = [ if r >= i then min(rows[r], j) else rows[r] for r in 0..len(rows) if r < i or j > 0 ]\n";

#[test]
fn chomp_rectangles_are_first_player_wins() {
    let mut text = CHOMP.to_string();
    text.push_str("outcome Chomp([1])\n");
    for n in 2..=7 {
        text.push_str(&format!("outcome Chomp([{n}, {n}])\n"));
    }
    for n in 2..=6 {
        let rows = vec![n.to_string(); n].join(", ");
        text.push_str(&format!("outcome Chomp([{rows}])\n"));
    }
    text.push_str("winning Chomp([5, 5, 5, 5, 5])\n");
    let a = answers(&text);
    assert_eq!(outcome(&a[0]), Outcome::P);
    for x in &a[1..a.len() - 1] {
        assert_eq!(outcome(x), Outcome::N, "{x:?}");
    }
    // On n x n the winning bite leaves an L: take (1, 1).
    assert!(moves(&a[a.len() - 1]).contains(&"Chomp([5, 1, 1, 1, 1])".to_string()));
}

#[test]
fn discard_and_split_p_positions_are_both_odd() {
    let a = answers(
        "game Split(a, b) {\n move Split(c, b - c) for c in 1..b\n move Split(c, a - c) for c in 1..a\n}\ntable Split 1..=14, 1..=14",
    );
    for (i, row) in table(&a[0]).iter().enumerate() {
        for (j, v) in row.iter().enumerate() {
            let (x, y) = (i + 1, j + 1);
            assert_eq!(*v == 0, x % 2 == 1 && y % 2 == 1, "({x}, {y})");
        }
    }
}

#[test]
fn ruler_and_mock_turtles() {
    let a = answers(
        "game Ruler(k) { move sum([Ruler(i) for i in k - j + 1..k]) for j in 1..=k }\nsequence Ruler 1..=64\n\
         game Turtles(k) {\n move 0\n move Turtles(i) for i in 0..k\n move Turtles(i) + Turtles(j) for i in 0..k, j in 0..k if i < j\n}\n\
         sequence Turtles 0..=40",
    );
    for (i, v) in sequence(&a[0]).iter().enumerate() {
        let k = (i + 1) as u64;
        assert_eq!(*v, 1 << k.trailing_zeros(), "Ruler({k})");
    }
    for (k, v) in sequence(&a[1]).iter().enumerate() {
        let k = k as u64;
        let want = if k.count_ones() % 2 == 1 {
            2 * k
        } else {
            2 * k + 1
        };
        assert_eq!(*v, want, "Turtles({k})");
    }
}

#[test]
fn misere_nim_follows_bouton_by_expansion() {
    // Rule-defined heaps, so the engine expands every sum's state graph.
    let mut text = String::from("game H(n) { move H(n - k) for k in 1..=n }\n");
    let mut expect = Vec::new();
    for a in 0..=6u32 {
        for b in a..=6 {
            for c in b..=6 {
                text.push_str(&format!("outcome misere H({a}) + H({b}) + H({c})\n"));
                let heaps = [a, b, c];
                let p = if heaps.iter().any(|&h| h >= 2) {
                    a ^ b ^ c == 0
                } else {
                    heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
                };
                expect.push(if p { Outcome::P } else { Outcome::N });
            }
        }
    }
    for a in 0..=6u32 {
        text.push_str(&format!("outcome misere H({a})\n"));
        expect.push(if a == 1 { Outcome::P } else { Outcome::N });
    }
    let got: Vec<Outcome> = answers(&text).iter().map(outcome).collect();
    assert_eq!(got, expect);
}

#[test]
fn misere_declared_game_uses_misere_by_default() {
    let a = answers(
        "game M(n) misere { move M(n - k) for k in 1..=n }\noutcome M(1)\noutcome normal M(1)\nwinning M(3)",
    );
    assert_eq!(outcome(&a[0]), Outcome::P);
    assert_eq!(outcome(&a[1]), Outcome::N);
    assert_eq!(moves(&a[2]), ["M(1)"]);
}

#[test]
fn a_chain_of_a_million_does_not_overflow_the_stack() {
    let a = one("game Chain(n) { move Chain(n - 1) if n > 0 }\ngrundy Chain(1000000)");
    assert_eq!(grundy(&a), 0);
}

#[test]
fn misere_nim_shortcut_equals_expansion() {
    // Built-in Nim heaps answer misère play by Bouton's rule; rule-defined
    // heaps H are expanded. The two must agree everywhere.
    let mut text = String::from("game H(n) { move H(n - k) for k in 1..=n }\n");
    let mut sums = Vec::new();
    for a in 0..=9u32 {
        for b in a..=9 {
            for c in [0, 1, 2, 5, 9] {
                sums.push((a, b, c));
            }
        }
    }
    for (a, b, c) in &sums {
        text.push_str(&format!("outcome misere Nim({a}) + Nim({b}) + Nim({c})\n"));
        text.push_str(&format!("outcome misere H({a}) + H({b}) + H({c})\n"));
    }
    text.push_str("winning misere Nim(4) + Nim(1) + Nim(1)\nwinning misere H(4) + H(1) + H(1)\n");
    let a = answers(&text);
    for (k, s) in sums.iter().enumerate() {
        assert_eq!(outcome(&a[2 * k]), outcome(&a[2 * k + 1]), "{s:?}");
    }
    let n = a.len();
    let nim: Vec<String> = moves(&a[n - 2])
        .iter()
        .map(|m| m.replace("Nim", "H"))
        .collect();
    assert_eq!(nim, moves(&a[n - 1]));
    // Large heaps are instant by the rule: 1000000 xor 999999 = 127.
    let big = answers("outcome misere Nim(1000000) + Nim(999999) + Nim(127)");
    assert_eq!(outcome(&big[0]), Outcome::P);
}
