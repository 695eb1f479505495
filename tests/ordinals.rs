//! Generalized ordinals and transfinite nim arithmetic (LANGUAGE.md,
//! "Ordinals"): CGSuite's own test rows, each naming its file (under
//! CGSuite's `lib/core/src/test/scala/org/cgsuite/lang/`) and line, with
//! CGSuite's answer. CGSuite writes powers `x^y`; grundy writes `x**y`
//! (`^` is ↑), and CGSuite's `a NimSum b`, `a NimProduct b`, `a NimExp n`
//! are `xor(a, b)`, `nim_mul(a, b)`, `nim_pow(a, n)`. The rows grundy does
//! not answer as CGSuite does are listed with the error grundy gives.

use crate::common;

/// Each statement's answer text, or `error CODE`.
fn run(text: &str) -> Vec<String> {
    common::texts_or_error_codes(text)
}

fn check(rows: &[(&str, &str, &str)]) {
    let text: Vec<&str> = rows.iter().map(|r| r.1).collect();
    let got = run(&text.join("\n"));
    assert_eq!(got.len(), rows.len(), "{got:?}");
    for (row, got) in rows.iter().zip(&got) {
        assert_eq!(got, row.2, "{} ({})", row.1, row.0);
    }
}

#[test]
fn eval_test_rows() {
    check(&[
        ("EvalTest.scala:69", "omega + 5", "ω+5"),
        ("EvalTest.scala:70", "5 - omega", "-ω+5"),
        (
            "EvalTest.scala:71",
            "omega*3 + omega**(omega**2+omega) - omega**19*9*omega",
            "ω^(ω^2+ω)-ω^20×9+ω×3",
        ),
        ("EvalTest.scala:72", "(omega + 5)-omega", "5"),
        (
            "EvalTest.scala:73",
            "(omega**(omega**2)+1)**6",
            "ω^(ω^2×6)+ω^(ω^2×5)×6+ω^(ω^2×4)×15+ω^(ω^2×3)×20+ω^(ω^2×2)×15+ω^ω^2×6+1",
        ),
        ("EvalTest.scala:203", "-omega < 0", "true"),
        ("EvalTest.scala:204", "-omega < 1", "true"),
    ]);
}

#[test]
fn game_test_unary_rows() {
    // GameTest.scala:65-71: x, its text, Abs, Birthday, Sign, IsOrdinal,
    // OutcomeClass (the class name `GeneralizedOrdinal` is not asked).
    let rows = [
        (65, "omega", "ω", "ω", "ω", "1", "true", "L"),
        (66, "-omega", "-ω", "ω", "ω", "-1", "false", "R"),
        (67, "omega+5", "ω+5", "ω+5", "ω+5", "1", "true", "L"),
        (68, "omega-5", "ω-5", "ω-5", "ω+5", "1", "false", "L"),
        (69, "-omega+5", "-ω+5", "ω-5", "ω+5", "-1", "false", "R"),
        (70, "omega*5", "ω×5", "ω×5", "ω×5", "1", "true", "L"),
        (
            71,
            "omega**omega-5*omega**19+omega**2+1",
            "ω^ω-ω^19×5+ω^2+1",
            "ω^ω-ω^19×5+ω^2+1",
            "ω^ω+ω^19×5+ω^2+1",
            "1",
            "false",
            "L",
        ),
    ];
    for (line, x, text, abs, birthday, sign, ordinal, outcome) in rows {
        let got = run(&format!(
            "{x}\nabs({x})\nbirthday({x})\nsign({x})\nis_ordinal({x})\noutcome({x})"
        ));
        let want = [text, abs, birthday, sign, ordinal, outcome];
        assert_eq!(got, want, "GameTest.scala:{line}: {x}");
    }
}

#[test]
fn game_test_nim_rows() {
    check(&[
        (
            "GameTest.scala:93",
            "xor(omega**omega*4 + omega**3*9 + 11, omega**omega*6 + omega**3*5 + omega)",
            "ω^ω×2+ω^3×12+ω+11",
        ),
        ("GameTest.scala:94", "nim_mul(omega, 7)", "ω×7"),
        ("GameTest.scala:95", "nim_mul(omega, omega)", "ω^2"),
        ("GameTest.scala:96", "nim_mul(omega, omega**2)", "2"),
        ("GameTest.scala:97", "nim_mul(omega**3, omega**3)", "ω^6"),
        ("GameTest.scala:98", "nim_mul(omega**3, omega**6)", "ω"),
        ("GameTest.scala:99", "nim_mul(omega**3, omega**8)", "2"),
        ("GameTest.scala:100", "nim_mul(omega**8, omega**8)", "ω^5×2"),
        (
            "GameTest.scala:101",
            "nim_mul(omega**omega, omega**(omega*4))",
            "4",
        ),
        (
            "GameTest.scala:102",
            "nim_mul(omega**(omega*49), omega**(omega*100))",
            "4",
        ),
        (
            "GameTest.scala:103",
            "nim_mul(omega**(omega**2*4), omega**(omega**2*3))",
            "ω+1",
        ),
        (
            "GameTest.scala:104",
            "nim_mul(omega**(omega**2*31), omega**(omega**2*24))",
            "ω+1",
        ),
        (
            "GameTest.scala:105",
            "nim_mul(omega**(omega**2*32), omega**(omega**2*24))",
            "ω^(ω^2+1)+ω^ω^2",
        ),
        ("GameTest.scala:106", "nim_pow(omega, 3)", "2"),
        ("GameTest.scala:107", "nim_pow(omega**3, 9)", "2"),
        ("GameTest.scala:108", "nim_pow(omega**27, 81)", "2"),
        // The example on pp. 449-450 of Winning Ways (CGSuite's comment).
        (
            "GameTest.scala:111",
            "nim_pow(omega**(omega**3), 66)",
            "ω^(ω×4)+ω^(ω×2)+ω^ω×4+1",
        ),
        // CGSuite's "NimProduct out of range." and "… applies only to
        // ordinals." are grundy's coded errors.
        (
            "GameTest.scala:113",
            "nim_mul(omega**(omega**omega), 2)",
            "error grundy::eval::ordinal",
        ),
        (
            "GameTest.scala:114",
            "nim_mul(omega**(omega**1000), 2)",
            "error grundy::eval::ordinal",
        ),
        (
            "GameTest.scala:115",
            "xor(omega-1, 2)",
            "error grundy::eval::ordinal",
        ),
        (
            "GameTest.scala:116",
            "nim_mul(omega-1, 2)",
            "error grundy::eval::ordinal",
        ),
    ]);
}

#[test]
fn rows_beyond_the_computed_fields_are_refused_with_the_range() {
    // GameTest.scala:109, 110 and 112 need α of 191, 193 and 47, beyond
    // the primes 3 to 43 whose constants grundy computes: refused, with
    // the range in the help, never a wrong answer.
    let out = common::texts_or_codes(
        "nim_pow(omega**(omega**41), 191)\nnim_pow(omega**(omega**42), 193)\nnim_pow(omega**(omega**13), 47)",
    );
    for line in out {
        assert!(line.starts_with("error grundy::eval::ordinal: "), "{line}");
        assert!(line.contains("below ω^ω^13"), "{line}");
    }
}

#[test]
fn unsupported_mixes_are_coded_errors() {
    // EvalTest.scala:55-58 (transfinite nimbers `*(omega+5)`) and 74-76
    // (surreal numbers `1/omega`) are outside what grundy computes.
    let got = run(
        "*(omega*omega)\n*(omega+5)\n1/omega\nomega + *\nomega + num(1, 2)\nomega**(omega-1)\n(omega+1)**omega",
    );
    assert!(
        got.iter().all(|g| g == "error grundy::eval::ordinal"),
        "{got:?}"
    );
}

#[test]
fn omega_is_a_value_like_any_other() {
    // ω and omega are one value; ordinals sort, sit in sets and compare
    // with integers; a finite result is an integer again.
    let got = run(
        "ω == omega\nsorted([omega, 3, omega**2, omega+1, -omega])\n{omega, ω}\n(omega+7) - omega + 1\nmax(1, 2) < omega\nnim_inv(nim_mul(omega, 3)) == nim_mul(nim_inv(omega), nim_inv(3))",
    );
    assert_eq!(
        got,
        ["true", "[-ω, 3, ω, ω+1, ω^2]", "{ω}", "8", "true", "true"]
    );
}

#[test]
fn huge_products_are_refused_not_run() {
    // A power with many terms, and a nim inverse in a field of huge
    // degree, stop on their bounds with the coded error.
    let got = run(
        "let x = omega**9 + omega**8 + omega**7 + omega**6 + omega**5 + omega**4 + omega**3 + omega**2 + omega + 1\nx ** 5000\nnim_inv(omega ** 3 ** 30 + 1)",
    );
    assert_eq!(
        got,
        ["error grundy::eval::ordinal", "error grundy::eval::ordinal"]
    );
}
