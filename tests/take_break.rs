//! `game G = octal CODE` with CGSuite's extended codes (docs/OCTAL.md,
//! "Extended codes") against the definition: the values the language
//! gives a heap are the mex of the nim-sums of the options the code lists
//! (the theory crate checks those options against a brute force), and a
//! code spelt two ways, extended and octal, gives one game.

use grundy::theory::octal::TakeBreakCode;
use proptest::prelude::*;

use crate::common;

/// G(0), …, G(to) by the definition: the mex of each option's nim-sum.
fn by_definition(code: &str, to: u64) -> Vec<u64> {
    let code = TakeBreakCode::parse(code).unwrap();
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=to {
        let mut seen = Vec::new();
        code.for_each_option(n, &mut |parts| {
            seen.push(parts.iter().fold(0, |x, &p| x ^ values[p as usize]));
            true
        });
        values.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    values
}

fn sequence(code: &str, to: u64) -> String {
    let out =
        common::texts_or_error_codes(&format!("game G = octal {code}\nsequence G 0..={to}\n"));
    out[0].rsplit_once(": ").expect(&out[0]).1.to_string()
}

fn digit() -> impl Strategy<Value = String> {
    let cond = prop_oneof![Just(""), Just("!"), Just("?"), Just("=")];
    let plain = (0u32..32, cond.clone())
        .prop_map(|(d, c)| format!("{}{c}", char::from_digit(d, 32).unwrap()));
    let group =
        (prop::collection::vec(0u32..5, 1..3), any::<bool>(), cond).prop_map(|(ns, more, c)| {
            let list: Vec<String> = ns.iter().map(u32::to_string).collect();
            format!("{{{}{}}}{c}", list.join(","), if more { "+" } else { "" })
        });
    prop_oneof![3 => plain, 1 => group]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]
    #[test]
    fn values_are_the_mex_of_the_options_listed(
        ds in prop::collection::vec(digit(), 1..4),
        repeat in any::<bool>(),
        before in prop_oneof![Just(""), Just("4!"), Just("8"), Just("{3+}?0")],
    ) {
        let tail = if repeat { format!("[{}]", ds.join("")) } else { ds.join("") };
        let code = format!("{}.{tail}", if before.is_empty() { "0" } else { before });
        let want: Vec<String> = by_definition(&code, 14).iter().map(u64::to_string).collect();
        prop_assert_eq!(sequence(&code, 14), want.join(" "), "{}", code);
    }
}

/// An extended code that spells an octal or hex code is that game.
#[test]
fn extended_spellings_of_octal_codes_are_the_octal_games() {
    for (extended, octal) in [
        ("04.30", "4.3"),
        ("0.{1,2}", "0.6"),
        ("0.{1,2}{0,1,2}", "0.67"),
        ("0.3!F", "0.3f"),
    ] {
        assert_eq!(
            sequence(extended, 200),
            sequence(octal, 200),
            "{extended} = {octal}"
        );
        // The same answer, the period proved by the octal engine (0.3f
        // passes the step budget first: LANGUAGE.md "Not yet").
        if octal != "0.3f" {
            let period = |code: &str| {
                common::texts_or_error_codes(&format!("game G = octal {code}\nperiod G\n"))[0]
                    .clone()
            };
            assert_eq!(period(extended), period(octal), "{extended} = {octal}");
        }
    }
}
