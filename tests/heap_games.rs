//! Octal and subtraction games through the language: published periods,
//! huge heaps by a proved period, and the fast path against generic
//! expansion of the same rules.

use crate::common;

use common::*;
use grundy::{Answer, Outcome};

fn period(a: &Answer) -> (usize, usize, bool) {
    match a {
        Answer::Period(p) => {
            let per = p.period.expect("a period");
            (per.preperiod, per.period, per.proved)
        }
        other => panic!("not a period answer: {other:?}"),
    }
}

#[test]
fn published_periods() {
    let a = answers(
        "game Kayles = octal 0.77\nperiod Kayles\n\
         game Dawson = octal 0.07\nperiod Dawson\n\
         game DawsonChess = octal 0.137\nperiod DawsonChess\n\
         game G156 = octal 0.156\nperiod G156",
    );
    assert_eq!(period(&a[0]), (71, 12, true));
    assert_eq!(period(&a[1]), (53, 34, true));
    assert_eq!(period(&a[2]), (52, 34, true));
    assert_eq!(period(&a[3]), (3479, 349, true));
}

#[test]
fn huge_heaps_answer_by_the_period() {
    let a = answers(
        "game Kayles = octal 0.77\nsequence Kayles 0..=200\ngrundy Kayles(1000000000000000000)\n\
         grundy Kayles(999999999999999999) + Kayles(5)",
    );
    let seq = sequence(&a[0]);
    let at = |n: u64| seq[(71 + (n - 71) % 12) as usize];
    assert_eq!(grundy(&a[1]), at(1_000_000_000_000_000_000));
    assert_eq!(grundy(&a[2]), at(999_999_999_999_999_999) ^ seq[5]);
}

/// The same game as a rule game and as an octal code: every query agrees.
#[test]
fn octal_fast_path_equals_rule_expansion() {
    let rules = [
        // 0.77 Kayles
        (
            "0.77",
            "move G(i) + G(n - k - i) for k in 1..=2, i in 0..=n - k",
        ),
        // 0.07 Dawson's Kayles: remove 2, leaving 0, 1 or 2 heaps
        (
            "0.07",
            "move G(i) + G(n - 2 - i) for i in 0..=n - 2 if n >= 2",
        ),
        // 0.137 Dawson's chess
        (
            "0.137",
            "move 0 if n == 1\n move G(n - 2) if n >= 2\n move G(i) + G(n - 3 - i) for i in 0..=n - 3",
        ),
        // 4.07: split into two non-empty heaps without removing, or as 0.07
        (
            "4.07",
            "move G(i) + G(n - i) for i in 1..n\n move G(i) + G(n - 2 - i) for i in 0..=n - 2 if n >= 2",
        ),
    ];
    for (code, body) in rules {
        // Rule `move G(0)` etc.: heaps of size 0 are the empty game, which
        // the octal path leaves out; both are the same sum.
        let text = format!(
            "game G(n) {{\n {body}\n}}\ngame O = octal {code}\nsequence G 0..60\nsequence O 0..60\n\
             outcome misere G(5) + G(4)\noutcome misere O(5) + O(4)\n\
             outcome misere G(7) + G(2) + G(1)\noutcome misere O(7) + O(2) + O(1)"
        );
        let a = answers(&text);
        assert_eq!(sequence(&a[0]), sequence(&a[1]), "{code}");
        assert_eq!(outcome(&a[2]), outcome(&a[3]), "{code}");
        assert_eq!(outcome(&a[4]), outcome(&a[5]), "{code}");
    }
}

#[test]
fn subtraction_game_period_and_values() {
    let a = answers(
        "game S = subtraction {1, 3, 4}\nperiod S\ngrundy S(1000000007)\noutcome S(14)\noutcome misere S(1)",
    );
    let (e, p, proved) = period(&a[0]);
    assert!(proved);
    assert_eq!(p, 7);
    // Purely periodic: the literature's preperiod 0.
    assert_eq!(e, 0);
    // 0 1 0 1 2 3 2 repeating, and 1000000007 mod 7 = 6.
    assert_eq!(1_000_000_007 % 7, 6);
    assert_eq!(grundy(&a[1]), 2);
    assert_eq!(outcome(&a[2]), Outcome::P);
    assert_eq!(outcome(&a[3]), Outcome::P);
}

#[test]
fn rule_game_period_is_only_apparent() {
    let a =
        answers("game K(n) { move K(i) + K(n - k - i) for k in 1..=2, i in 0..=n - k }\nperiod K");
    assert_eq!(period(&a[0]), (71, 12, false));
}

/// What `period` says a rule game resembles: (declaration, heaps checked).
fn resembles(a: &Answer) -> Option<(String, u64)> {
    match a {
        Answer::Period(p) => p.resembles.clone(),
        other => panic!("not a period answer: {other:?}"),
    }
}

/// The move lines of the heap game of `digits` (digits[0] pre-point),
/// written from the definition of an octal digit, one line per bit.
fn rules_of(digits: &[u8]) -> String {
    let mut lines = Vec::new();
    for (k, &d) in digits.iter().enumerate() {
        if k > 0 && d & 1 != 0 {
            lines.push(format!("move 0 if n == {k}"));
        }
        if k > 0 && d & 2 != 0 {
            lines.push(format!("move G(n - {k}) if n > {k}"));
        }
        if d & 4 != 0 {
            lines.push(format!(
                "move G(i) + G(n - {k} - i) for i in 1..=n - {k} - 1 if n >= {k} + 2"
            ));
        }
        if d & 8 != 0 {
            lines.push(format!(
                "move G(a) + G(b) + G(n - {k} - a - b) for a in 1..=n, b in a..=n if a + b < n - {k} and b <= n - {k} - a - b"
            ));
        }
    }
    format!("game G(n) {{\n {}\n}}\nperiod G", lines.join("\n "))
}

#[test]
fn rule_games_that_list_a_code_are_told_so() {
    for (code, body) in [
        (
            "0.77",
            "move G(i) + G(n - k - i) for k in 1..=2, i in 0..=n - k",
        ),
        (
            "0.07",
            "move G(i) + G(n - 2 - i) for i in 0..=n - 2 if n >= 2",
        ),
        (
            "4.07",
            "move G(i) + G(n - i) for i in 1..n\n move G(i) + G(n - 2 - i) for i in 0..=n - 2 if n >= 2",
        ),
    ] {
        let a = one(&format!("game G(n) {{\n {body}\n}}\nperiod G"));
        assert_eq!(
            resembles(&a),
            Some((format!("octal {code}"), 300)),
            "{code}"
        );
    }
    let a = one("game S(n) { move S(n - k) for k in [1, 3, 4] if k <= n }\nperiod S");
    assert_eq!(
        resembles(&a),
        Some(("subtraction {1, 3, 4}".to_string(), 300))
    );
    // A three-heap split lists ~n²/12 options a heap: fewer heaps are held.
    let a = one(&rules_of(&[0, 8]));
    let (decl, upto) = resembles(&a).expect("0.8 recognised");
    assert_eq!(decl, "octal 0.8");
    assert!((30..300).contains(&upto), "{upto}");
}

/// Codes drawn at random (a fixed seed), written as rules from the
/// definition of the digits: the code found is the code written.
#[test]
fn random_codes_written_as_rules_are_recognised() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    let mut tried = 0;
    while tried < 12 {
        let digits = [
            4 * next(2) as u8,
            next(8) as u8,
            next(8) as u8,
            next(8) as u8,
        ];
        if digits[1..].iter().all(|&d| d == 0) {
            continue;
        }
        tried += 1;
        let code = grundy_theory::octal::OctalCode::from_digits(&digits);
        let subtraction = digits[0] == 0 && digits[1..].iter().all(|&d| d == 0 || d == 3);
        let want = if subtraction {
            let set: Vec<String> = (1..4)
                .filter(|&k| digits[k] == 3)
                .map(|k| k.to_string())
                .collect();
            format!("subtraction {{{}}}", set.join(", "))
        } else {
            format!("octal {code}")
        };
        let a = one(&rules_of(&digits));
        assert_eq!(resembles(&a), Some((want, 300)), "{digits:?}");
    }
}

/// A rule that differs from a code on one heap only, or leaves a heap
/// larger than it was, or has two parameters, is not said to be one.
#[test]
fn rules_that_differ_from_every_code_are_not_told_so() {
    for text in [
        "game G(n) {\n move G(i) + G(n - k - i) for k in 1..=2, i in 0..=n - k if n != 157\n}\nperiod G",
        "game G(n) {\n move G(n - 1) if n > 0\n move G(n + 1) if n == 3\n}\nperiod G",
        "game G(n) {\n move G(a) + G(n - a) for a in 1..=(n - 1) // 2\n}\nperiod G",
        "game G(n) {\n move G(n - 1) + Nim(1) if n > 0\n}\nperiod G",
        // Lasker's Nim: take any number, or split; no finite code.
        "game G(n) {\n move G(n - k) for k in 1..=n\n move G(a) + G(n - a) for a in 1..=n // 2\n}\nperiod G",
    ] {
        assert_eq!(resembles(&one(text)), None, "{text}");
    }
}
