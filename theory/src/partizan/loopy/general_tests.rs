//! Tests of the general side order and side forms.

use super::*;
use crate::partizan::GameStore;

fn parse(store: &mut GameStore, t: &str) -> (SidedGraph, u32) {
    parse_loopy(store, t, 10_000).unwrap()
}

fn form_text(t: &str, onside: bool) -> String {
    let mut store = GameStore::new();
    let (g, r) = parse(&mut store, t);
    let (h, root) = side_form(&g, r, onside, 1_000_000, &mut || false).unwrap();
    stopper_text(&mut store, &h, root).unwrap()
}

#[test]
fn carousel_sides_are_cgsuites() {
    let c = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";
    assert_eq!(form_text(c, true), "a{1|1,{1*|a||*}||0}");
    assert_eq!(form_text(c, false), "a{0,{1|||1*|a||*}|0}");
}
