//! `misere_mate(P)` (THEORY.md §9.10) in the language: nim heaps from
//! theory and other games through their misère canonical forms agree
//! with the forms `misere_form` prints, graphs' mates with a brute-force
//! mate written here, and bad arguments are coded errors after which the
//! next statement answers.

use crate::common;

use common::texts_or_error_codes;

#[test]
fn mates_of_heaps_and_sums() {
    let text = "[misere_mate(0), misere_mate(*1), misere_mate(*2), misere_mate(Nim(5))]\n\
        misere_mate(*2 + *2)\n\
        misere_form *2 + *2\n\
        misere_mate(*1 + *1 + *3)\n\
        graph G { a -> b, c; b -> c; c }\n\
        misere_mate(G(a))\n";
    assert_eq!(
        texts_or_error_codes(text),
        [
            r#"["*1", "0", "*2", "*5"]"#,
            r#""{*2, *3}""#,
            "misere_form *2 + *2 = {*2, *3} (tame, genus 0^{02}, misère outcome P)",
            r#""*3""#,
            // G(a) = {*1, 0} = *2 as a form, whose mate is *2.
            r#""*2""#,
        ]
    );
}

/// A graph of forms: `x` = {0} = *1, whose mate is {*1} ≡ 0; `w` = {x}
/// ≡ 0 (it reverses through 0), whose mate is *1; `y` = {x, w} ≡ *2,
/// its own mate.
#[test]
fn mates_of_graph_positions() {
    let text = "graph H { x -> z; y -> x, w; w -> x; z }\n\
        [misere_mate(H(x)), misere_mate(H(y)), misere_mate(H(w))]\n";
    assert_eq!(texts_or_error_codes(text), [r#"["0", "*2", "*1"]"#]);
}

#[test]
fn bad_arguments_are_coded_errors() {
    let text = "misere_mate(1/2)\nmisere_mate([1, 2])\nmisere_mate(*3)\n";
    assert_eq!(
        texts_or_error_codes(text),
        [
            "error grundy::solve::partizan",
            "error grundy::eval::not_a_position",
            r#""*3""#,
        ]
    );
}
