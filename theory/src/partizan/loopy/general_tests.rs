//! The order of sides against a naive fixed point and against the
//! retrograde outcomes, the stopper order and sidling where they apply;
//! side forms equal to their games' sides on random graphs; Bach's
//! carousel as CGSuite answers it (`EvalTest.scala` lines 171, 180, 186,
//! `SidedValueTestCase.scala` line 41).

use super::*;
use crate::partizan::GameStore;
use proptest::prelude::*;

const MAX: usize = 1 << 20;
const CAROUSEL: &str = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";

fn graph() -> impl Strategy<Value = SidedGraph> {
    (1usize..6).prop_flat_map(|n| {
        let side = proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..3), n);
        (side.clone(), side).prop_map(|(l, r)| SidedGraph::new(l, r))
    })
}

fn geq(g: &SidedGraph, a: u32, h: &SidedGraph, b: u32, onside: bool) -> bool {
    side_geq(g, a, h, b, onside, MAX, &mut || false).unwrap()
}

fn parse(store: &mut GameStore, t: &str) -> (SidedGraph, u32) {
    parse_loopy(store, t, 10_000).unwrap()
}

fn form_text(t: &str, onside: bool) -> String {
    let mut store = GameStore::new();
    let (g, r) = parse(&mut store, t);
    let (h, root) = side_form(&g, r, onside, MAX, &mut || false).unwrap();
    stopper_text(&mut store, &h, root).unwrap()
}

/// Brute force: every state (x, y, mover) of `G − H`, and the greatest Z
/// with Z = the least Y closed under "Left can force, never stuck, a
/// marked move into Z or a move into Y", each fixed point by sweeping
/// all states until nothing changes.
fn naive_geq(g: &SidedGraph, h: &SidedGraph, onside: bool) -> Vec<bool> {
    let (n, m) = (g.num_vertices(), h.num_vertices());
    let at = |x: u32, y: u32, left: bool| (x as usize * m + y as usize) * 2 + usize::from(left);
    let mut moves = vec![Vec::new(); 2 * n * m];
    for x in 0..n as u32 {
        for y in 0..m as u32 {
            for left in [false, true] {
                let (in_g, in_h) = if left {
                    (g.left(x), h.right(y))
                } else {
                    (g.right(x), h.left(y))
                };
                let mut out: Vec<(usize, bool)> =
                    in_g.iter().map(|&x2| (at(x2, y, !left), onside)).collect();
                out.extend(in_h.iter().map(|&y2| (at(x, y2, !left), !onside)));
                moves[at(x, y, left)] = out;
            }
        }
    }
    let mut z = vec![true; 2 * n * m];
    loop {
        let mut y = vec![false; 2 * n * m];
        loop {
            let mut changed = false;
            for s in 0..y.len() {
                let ok = |&(t, marked): &(usize, bool)| (marked && z[t]) || y[t];
                let won = if s % 2 == 1 {
                    moves[s].iter().any(ok)
                } else {
                    moves[s].iter().all(ok)
                };
                if won && !y[s] {
                    y[s] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        if y == z {
            break;
        }
        z = y;
    }
    (0..n * m).map(|p| z[2 * p]).collect()
}

fn zero() -> SidedGraph {
    SidedGraph::new(vec![vec![]], vec![vec![]])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The Büchi solution by attractors with counters against the
    /// naive fixed point, every pair of vertices, both sides.
    #[test]
    fn side_order_matches_the_naive_fixed_point(g in graph(), h in graph()) {
        for onside in [true, false] {
            let naive = naive_geq(&g, &h, onside);
            let m = h.num_vertices();
            for x in 0..g.num_vertices() as u32 {
                for y in 0..m as u32 {
                    prop_assert_eq!(
                        geq(&g, x, &h, y, onside),
                        naive[x as usize * m + y as usize],
                        "{} {} onside {}", x, y, onside
                    );
                }
            }
        }
    }

    /// A side against 0 is who wins it alone, by retrograde analysis
    /// (endless play Left's in the onside, Right's in the offside):
    /// G⁺ ≥ 0 when Left moving second wins or draws, G⁺ ≤ 0 when Right
    /// moving second wins; G⁻ ≥ 0 when Left moving second wins, G⁻ ≤ 0
    /// when Left moving first does not win.
    #[test]
    fn sides_against_zero_are_the_outcomes(g in graph()) {
        let o = outcomes(&g, Play::Normal);
        let z = zero();
        for v in 0..g.num_vertices() as u32 {
            let ov = o[v as usize];
            prop_assert_eq!(geq(&g, v, &z, 0, true), ov.right_first != Winner::Right);
            prop_assert_eq!(geq(&z, 0, &g, v, true), ov.left_first == Winner::Right);
            prop_assert_eq!(geq(&g, v, &z, 0, false), ov.right_first == Winner::Left);
            prop_assert_eq!(geq(&z, 0, &g, v, false), ov.left_first != Winner::Left);
        }
    }

    /// Between stoppers both side orders are the stopper order.
    #[test]
    fn between_stoppers_the_side_orders_are_the_stopper_order(g in graph(), h in graph()) {
        for x in 0..g.num_vertices() as u32 {
            for y in 0..h.num_vertices() as u32 {
                if !is_stopper(&g, x) || !is_stopper(&h, y) {
                    continue;
                }
                let s = stopper_geq(&g, x, &h, y, MAX, &mut || false).unwrap();
                prop_assert_eq!(geq(&g, x, &h, y, true), s);
                prop_assert_eq!(geq(&g, x, &h, y, false), s);
            }
        }
    }

    /// A side form equals its game in that side; where sidling settles
    /// (the side is a stopper) on a form that is a stopper, the two print
    /// alike (simplest forms of stoppers are unique), and the form is
    /// equal to the sidled stopper in any case.
    #[test]
    fn side_forms_are_the_sides(g in graph()) {
        let mut store = GameStore::new();
        for v in 0..g.num_vertices() as u32 {
            for onside in [true, false] {
                let (h, r) = side_form(&g, v, onside, MAX, &mut || false).unwrap();
                prop_assert!(geq(&h, r, &g, v, onside) && geq(&g, v, &h, r, onside));
                let sidled = one_side(&g, v, onside, sidling_rounds(g.num_vertices()), MAX, &mut || false)
                    .unwrap();
                if let Ok(s) = sidled {
                    let (sg, sr) = (&s.graph, s.roots[0]);
                    prop_assert!(geq(&h, r, sg, sr, onside) && geq(sg, sr, &h, r, onside));
                    if is_stopper(&h, r) {
                        let a = stopper_text(&mut store, &h, r).unwrap();
                        let b = stopper_text(&mut store, sg, sr).unwrap();
                        prop_assert_eq!(a, b);
                    }
                }
            }
        }
    }

    /// Losing a Left option never raises a side, losing a Right option
    /// never lowers it; every game is equal to itself.
    #[test]
    fn fewer_options_move_sides_the_right_way(g in graph()) {
        for v in 0..g.num_vertices() as u32 {
            for onside in [true, false] {
                prop_assert!(geq(&g, v, &g, v, onside));
                for left in [true, false] {
                    let opts = if left { g.left(v) } else { g.right(v) };
                    for i in 0..opts.len() {
                        let mut t = g.clone();
                        if left { t.left[v as usize].remove(i); } else { t.right[v as usize].remove(i); }
                        let lower = if left { geq(&g, v, &t, v, onside) } else { geq(&t, v, &g, v, onside) };
                        prop_assert!(lower);
                    }
                }
            }
        }
    }
}

#[test]
fn carousel_sides_are_cgsuites() {
    // EvalTest.scala line 171, SidedValueTestCase.scala line 41.
    assert_eq!(form_text(CAROUSEL, true), "a{1|1,{1*|a||*}||0}");
    assert_eq!(form_text(CAROUSEL, false), "a{0,{1|||1*|a||*}|0}");
}

fn value(store: &mut GameStore, t: &str) -> SidedValue {
    let (g, r) = parse(store, t);
    SidedValue::of_graph(&g, r, MAX, &mut || false)
        .unwrap()
        .unwrap()
}

#[test]
fn carousel_values_are_cgsuites() {
    let mut store = GameStore::new();
    let c = value(&mut store, CAROUSEL);
    assert!(!c.stopper_sided());
    assert_eq!(
        c.text(&mut store).unwrap(),
        "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}"
    );
    assert_eq!(c.outcome().to_string(), "N");
    // Line 180: plus 1.
    let one = value(&mut store, "1");
    let c1 = c.add(&one, MAX, &mut || false).unwrap().unwrap();
    assert_eq!(
        c1.text(&mut store).unwrap(),
        "a{2|2,{2*|a||1*}||1} & a{1,{2|||2*|a||1*}|1}"
    );
    // Not idempotent: c + c is not c.
    let twice = c.add(&c, MAX, &mut || false).unwrap().unwrap();
    assert!(
        !(twice.geq(&c, MAX, &mut || false).unwrap() && c.geq(&twice, MAX, &mut || false).unwrap())
    );
}

/// Line 186: three carousels. grundy's passes (THEORY.md §6.18) leave
/// another form than CGSuite's, of about the same size; the sides are
/// equal, side by side.
#[test]
fn three_carousels_have_cgsuites_sides() {
    let mut store = GameStore::new();
    let c = value(&mut store, CAROUSEL);
    let two = c.add(&c, MAX, &mut || false).unwrap().unwrap();
    let three = c.add(&two, MAX, &mut || false).unwrap().unwrap();
    assert_eq!(
        three.text(&mut store).unwrap(),
        "{a{2|2,{2*||a|1|||1*}}|2||b{1|1,{1*||b|0|||*}},c{1*|||1|1,{c|*}||0}} \
         & {a{1||||1*||0,a|0|||*}||0|b{0,{1|||1*|b||*}|0}}"
    );
    let on =
        "{a{2*|||2|2,{a|1*}||1}|2||c{2|b{1|1,{1*||b|0|||*}},{2*|c,d{1*|||1|1,{d|*}||0}||0}||1}}";
    let off = "{0||0|a{1*||0,{1|a}|0|||*}}";
    for (text, side, onside) in [(on, &three.onside, true), (off, &three.offside, false)] {
        let (g, r) = parse(&mut store, text);
        assert!(geq(&g, r, &side.graph, side.root, onside), "{text}");
        assert!(geq(&side.graph, side.root, &g, r, onside), "{text}");
    }
}

/// `C − C` for the carousel C: bypassing and fusing (THEORY.md §6.18)
/// leave small forms of its sides, each equal to the sum of the sides it
/// comes from.
#[test]
fn carousel_minus_itself_gets_a_small_form() {
    let mut store = GameStore::new();
    let c = value(&mut store, CAROUSEL);
    let d = c.add(&c.negative(), MAX, &mut || false).unwrap().unwrap();
    let pairs = [
        (&c.onside, &c.offside, &d.onside, true),
        (&c.offside, &c.onside, &d.offside, false),
    ];
    for (a, b, side, onside) in pairs {
        let nb = b.negative();
        let (g, _) = sum_graph(&[&a.graph, &nb.graph], &[a.root, nb.root], MAX, &mut || {
            false
        })
        .unwrap();
        let n = pack(&side.graph, &[side.root]).graph.num_vertices();
        assert!(n <= 30, "onside {onside}: {n} positions");
        assert!(geq(&g, 0, &side.graph, side.root, onside));
        assert!(geq(&side.graph, side.root, &g, 0, onside));
    }
}

/// A sum whose sidling does not settle on its own graph but whose sides
/// are stoppers (found by tests/loopy_values.rs): greedy deletion alone
/// left the onside as the form `{a{{||a|a}|-1,pass}|pass}`; unravelling
/// (THEORY.md §6.19) now reaches the stopper, so the whole sum prints as
/// the sum of the values, which sidling settles, and the two are equal.
#[test]
fn stopper_sides_past_sidling_are_unravelled() {
    let g = SidedGraph::new(
        vec![vec![], vec![], vec![0], vec![2], vec![1]],
        vec![vec![3], vec![], vec![2, 1], vec![2], vec![2]],
    );
    let mut store = GameStore::new();
    let (s, _) = sum_graph(&[&g, &g], &[2, 2], MAX, &mut || false).unwrap();
    let whole = SidedValue::of_graph(&s, 0, MAX, &mut || false)
        .unwrap()
        .unwrap();
    let part = SidedValue::of_graph(&g, 2, MAX, &mut || false)
        .unwrap()
        .unwrap();
    let twice = part.add(&part, MAX, &mut || false).unwrap().unwrap();
    assert_eq!(twice.text(&mut store).unwrap(), "-2over & off");
    assert_eq!(whole.text(&mut store).unwrap(), "-2over & off");
    assert!(whole.geq(&twice, MAX, &mut || false).unwrap());
    assert!(twice.geq(&whole, MAX, &mut || false).unwrap());
}

/// Who wins each start of vertex `v` of `g` played as one side: endless
/// play is Left's in the onside, Right's in the offside. By the side
/// order against 0 this depends on the side's value alone, so two games
/// with one side equal agree on it, also after adding any stopper.
fn side_play(g: &SidedGraph, v: u32, onside: bool) -> (Winner, Winner) {
    let o = outcomes(g, Play::Normal)[v as usize];
    let fix = |w: Winner| match w {
        Winner::Draw if onside => Winner::Left,
        Winner::Draw => Winner::Right,
        w => w,
    };
    (fix(o.left_first), fix(o.right_first))
}

/// A few stoppers to add to a side before playing it.
const PROBES: [&str; 10] = [
    "0", "*", "1", "-1", "1/2", "^", "over", "under", "upon", "{1|-1}",
];

/// The text of a side form read back as a game whose side equals the
/// form, checked twice: by the side order ([`side_geq`] both ways) and,
/// apart from it, by retrograde analysis of the form and the text read
/// back, each plus every probe, played as that side.
fn reads_back_as_the_side(h: &SidedGraph, r: u32, onside: bool) -> Result<(), String> {
    let mut store = GameStore::new();
    let text = stopper_text(&mut store, h, r).unwrap();
    let (p, pr) = parse_loopy(&mut store, &text, MAX).map_err(|e| format!("{text}: {e:?}"))?;
    if !(geq(&p, pr, h, r, onside) && geq(h, r, &p, pr, onside)) {
        return Err(format!("{text} reads back unequal (onside {onside})"));
    }
    for probe in PROBES {
        let (x, xr) = parse(&mut store, probe);
        let (a, _) = sum_graph(&[h, &x], &[r, xr], MAX, &mut || false).unwrap();
        let (b, _) = sum_graph(&[&p, &x], &[pr, xr], MAX, &mut || false).unwrap();
        if side_play(&a, 0, onside) != side_play(&b, 0, onside) {
            return Err(format!(
                "{text} + {probe} plays otherwise (onside {onside})"
            ));
        }
    }
    Ok(())
}

/// Found by tests/loopy_values.rs: v3 = {v2 | v2}, v2 = {v0 | v2, 0},
/// v0 = {| v3}, whose onside no deletion shortens. Printed with
/// `{| v3}` bare, the text was `a{|a||0,pass||||a||0,pass}`: the bar of
/// the empty Left side ran into the separator, and it read back as a
/// game whose onside is 0, though Right moving first wins v3 (to v2,
/// Left to v0, Right to v3, Left to v2, Right to 0).
#[test]
fn a_position_with_an_empty_side_keeps_its_braces() {
    let g = SidedGraph::new(
        vec![vec![], vec![], vec![0], vec![2]],
        vec![vec![3], vec![], vec![2, 1], vec![2]],
    );
    assert_eq!(side_play(&g, 3, true), (Winner::Right, Winner::Right));
    let (h, r) = side_form(&g, 3, true, MAX, &mut || false).unwrap();
    assert!(geq(&h, r, &g, 3, true) && geq(&g, 3, &h, r, true));
    let mut store = GameStore::new();
    assert_eq!(
        stopper_text(&mut store, &h, r).unwrap(),
        "a{{|a}|0,pass||{|a}|0,pass}"
    );
    reads_back_as_the_side(&h, r, true).unwrap();
    // The old text is another game: its onside is 0.
    let (p, pr) = parse(&mut store, "a{|a||0,pass||||a||0,pass}");
    assert!(geq(&p, pr, &zero(), 0, true) && geq(&zero(), 0, &p, pr, true));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Every side form, with its cycles, prints as text that reads back
    /// to that side (a position with an empty side as a lone option is
    /// rare in side forms: the next test meets it often).
    #[test]
    fn printed_side_forms_read_back(g in graph()) {
        for v in 0..g.num_vertices() as u32 {
            for onside in [true, false] {
                let (h, r) = side_form(&g, v, onside, MAX, &mut || false).unwrap();
                if let Err(e) = reads_back_as_the_side(&h, r, onside) {
                    return Err(TestCaseError::fail(e));
                }
            }
        }
    }

    /// So does the text of any graph, read as either side: the printer
    /// writes positions as they are, whatever their shape.
    #[test]
    fn printed_graphs_read_back_in_both_sides(g in graph()) {
        for v in 0..g.num_vertices() as u32 {
            for onside in [true, false] {
                if let Err(e) = reads_back_as_the_side(&g, v, onside) {
                    return Err(TestCaseError::fail(e));
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// The order of all pairs of a graph's positions in one Büchi game is
    /// the order of each pair alone.
    #[test]
    fn side_order_is_each_pairs_order(g in graph()) {
        let n = g.num_vertices();
        for onside in [true, false] {
            let ge = general::side_order(&g, onside, MAX, &mut || false).unwrap();
            for x in 0..n as u32 {
                for y in 0..n as u32 {
                    prop_assert_eq!(ge[x as usize * n + y as usize], geq(&g, x, &g, y, onside));
                }
            }
        }
    }

    /// Side-aware bypassing and deleting of dominated options (THEORY.md
    /// §6.18) keep the side by the argument alone: the check of each step
    /// never has to refuse one, one pass or the whole side form, and the
    /// simplified form equals the unsimplified one in its side.
    #[test]
    fn bypassing_keeps_the_side_without_the_check(g in graph()) {
        for v in 0..g.num_vertices() as u32 {
            for onside in [true, false] {
                let orig = pack(&g, &[v]).graph;
                let mut h = orig.clone();
                let (_, refused) =
                    bypass::side_pass(&mut h, &orig, onside, false, MAX, &mut || false).unwrap();
                prop_assert_eq!(refused, 0, "vertex {} onside {}", v, onside);
                prop_assert!(geq(&h, 0, &orig, 0, onside) && geq(&orig, 0, &h, 0, onside));
                let (f, refused) =
                    general::side_form_counted(&g, v, onside, MAX, &mut || false).unwrap();
                prop_assert_eq!(refused, 0, "vertex {} onside {}", v, onside);
                prop_assert!(geq(&f, 0, &orig, 0, onside) && geq(&orig, 0, &f, 0, onside));
            }
        }
    }
}
