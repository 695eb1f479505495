//! CGSuite's rulesets written as examples (examples/fission.game,
//! toppling_dominoes.game, toads_variants.game, partizan_arc_kayles.game,
//! hackenbush_graphs.game, clobber_variants.game, fox_and_geese.game,
//! turning.game, mem.game, gen_wythoff.game, eatcake.game,
//! partizan_subtraction.game; and CGSuite's rows of amazons.game,
//! domineering.game, cram.game, col.game, snort.game and
//! arc_kayles.game) against two things:
//!
//! - CGSuite's own test rows, each named by its file (under
//!   `lib/core/src/test/scala/org/cgsuite/lang/` of CGSuite's repository)
//!   and line, with CGSuite's answer;
//! - the rules written again here, directly, on many small positions:
//!   canonical values by plain recursion through the `partizan` library
//!   (no splitting into parts, no symmetry), Grundy values by mex. The
//!   coin-turning games are played here on whole rows of coins, so the
//!   example's claim that a row is the sum of its heads is checked too.
//!   Fox and Geese, a loopy game, has CGSuite's rows only.

use crate::common;

use std::collections::HashMap;

use grundy::Answer;
use grundy::Session;
use grundy_theory::partizan::{self, GameStore, ValueId};
use proptest::prelude::*;

const FISSION: &str = include_str!("../examples/fission.game");
const TOPPLING: &str = include_str!("../examples/toppling_dominoes.game");
const PAK: &str = include_str!("../examples/partizan_arc_kayles.game");
const HACKENBUSH: &str = include_str!("../examples/hackenbush_graphs.game");
const CLOBBER: &str = include_str!("../examples/clobber_variants.game");
const TURNING: &str = include_str!("../examples/turning.game");
const MEM: &str = include_str!("../examples/mem.game");
const WYTHOFF: &str = include_str!("../examples/gen_wythoff.game");
const CAKES: &str = include_str!("../examples/eatcake.game");
const SUBTRACTION: &str = include_str!("../examples/partizan_subtraction.game");
const ELEPHANTS: &str = include_str!("../examples/toads_variants.game");
const FOX: &str = include_str!("../examples/fox_and_geese.game");
const AMAZONS: &str = include_str!("../examples/amazons.game");
const DOMINEERING: &str = include_str!("../examples/domineering.game");
const CRAM: &str = include_str!("../examples/cram.game");
const COL: &str = include_str!("../examples/col.game");
const SNORT: &str = include_str!("../examples/snort.game");
const ARC_KAYLES: &str = include_str!("../examples/arc_kayles.game");

fn run(example: &str, queries: &[String]) -> Vec<Answer> {
    let mut s = Session::new(5_000_000);
    let text = format!("{}\n{}", common::definitions(example), queries.join("\n"));
    common::answers_in(&mut s, &text)
}

fn value_text(a: &Answer) -> String {
    match a {
        Answer::Value { value, .. } => value.text.clone(),
        other => panic!("not a value: {other:?}"),
    }
}

/// The canonical values the example gives the positions, in `s`.
fn example_values(s: &mut GameStore, example: &str, positions: &[String]) -> Vec<ValueId> {
    let queries: Vec<String> = positions.iter().map(|p| format!("value {p}")).collect();
    run(example, &queries)
        .iter()
        .map(|a| partizan::parse(s, &value_text(a)).expect("the answer parses"))
        .collect()
}

/// (CGSuite's file:line, the example, a position as the example writes
/// it, CGSuite's canonical form)
type Row = (&'static str, &'static str, &'static str, &'static str);

fn check_rows(rows: &[Row]) {
    let mut s = GameStore::new();
    for &(line, example, position, cgsuite) in rows {
        let got = example_values(&mut s, example, &[position.to_string()])[0];
        let want = partizan::parse(&mut s, cgsuite).expect("CGSuite's answer parses");
        assert_eq!(got, want, "{line}: {position} should be {cgsuite}");
    }
}

#[test]
fn cgsuite_rows_of_strips_and_grids() {
    check_rows(&[
        (
            "GameStripTest.scala:13",
            ELEPHANTS,
            "Elephants(\"tttt..fff\")",
            "1",
        ),
        (
            "GameStripTest.scala:28",
            TOPPLING,
            "Toppling(\"lrrlrrl\")",
            "Tiny(1/2)",
        ),
        (
            "GameStripTest.scala:29",
            TOPPLING,
            "Toppling(\"lere\")",
            "{1|0,{0|-1}}",
        ),
        (
            "GameGridTest.scala:17",
            AMAZONS,
            "Amazons(grid(\"x...|o...\"))",
            "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}",
        ),
        (
            "GameGridTest.scala:36",
            DOMINEERING,
            "Domineering(grid(4, 4))",
            "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
        ),
        (
            "GameGridTest.scala:37",
            CRAM,
            "Cram(grid(\".........|##.######\"))",
            "*4",
        ),
        (
            "GameGridTest.scala:24",
            CLOBBER,
            "GenClobber(\"clobber\", grid(\"xox|ox.\"))",
            "{^^*|*,v}",
        ),
        (
            "GameGridTest.scala:25",
            CLOBBER,
            "GenClobber(\"diagonal\", grid(\"xoxo|oox.|xxx.\"))",
            "{0,v*|vv}",
        ),
        (
            "GameGridTest.scala:26",
            CLOBBER,
            "GenClobber(\"kings\", grid(\"xox|ox.\"))",
            "{^^*|*,v[2]}",
        ),
        (
            "GameGridTest.scala:27",
            CLOBBER,
            "GenClobber(\"rooks\", grid(\"xox|ox.\"))",
            "{^^*|0,*}",
        ),
        (
            "GameGridTest.scala:28",
            CLOBBER,
            "GenClobber(\"queens\", grid(\"xox|ox.\"))",
            "^",
        ),
        (
            "GameGridTest.scala:29",
            CLOBBER,
            "AntiClobber(grid(\"xoxo|oo..\"))",
            "{*|-1}",
        ),
        (
            "GameHeapTest.scala:162",
            SUBTRACTION,
            "PS({1, 3}, {2, 3}, 6)",
            "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}",
        ),
    ]);
}

#[test]
fn cgsuite_rows_of_graphs() {
    check_rows(&[
        // CGSuite's Col and Snort on graphs, played on boards: a path as
        // a row, a vertex labelled L or R (next to that player's colour)
        // as the examples mark it, l or r; .-.-.(-.;-.) as a T.
        (
            "GameGraphTest.scala:33",
            COL,
            "Col(grid(\"r.r.l.r.r.\"))",
            "7/8",
        ),
        (
            "GameGraphTest.scala:34",
            SNORT,
            "Snort(grid(\"l...l\"))",
            "{4|0,+-1}",
        ),
        (
            "GameGraphTest.scala:35",
            SNORT,
            "Snort(grid(\"....|##.#\"))",
            "+-{3|2}",
        ),
        (
            "GameGraphTest.scala:42",
            HACKENBUSH,
            "Hackenbush([(0, 1, \"l\"), (1, 2, \"r\"), (2, 3, \"l\"), (3, 4, \"r\"), (4, 5, \"r\"), (5, 6, \"l\"), (6, 7, \"l\"), (7, 8, \"r\")])",
            "77/128",
        ),
        (
            "GameGraphTest.scala:43",
            HACKENBUSH,
            "Hackenbush([(0, 1, \"l\"), (1, 2, \"l\"), (1, 3, \"r\"), (3, 4, \"l\")])",
            "3/2",
        ),
        (
            "GameGraphTest.scala:44",
            HACKENBUSH,
            "Hackenbush([(0, 1, \"e\"), (1, 2, \"e\"), (2, 3, \"e\"), (3, 4, \"e\"), (4, 5, \"e\"), (5, 6, \"e\"), (6, 7, \"e\")])",
            "*7",
        ),
        (
            "GameGraphTest.scala:45",
            HACKENBUSH,
            "Hackenbush([(0, 1, \"l\"), (1, 2, \"r\"), (2, 3, \"l\"), (3, 4, \"e\"), (4, 5, \"r\"), (5, 6, \"r\"), (6, 7, \"r\")])",
            "3/4v[3]*",
        ),
        // e(ee(e;e);e(eee;ee);e(ee;e))
        (
            "GameGraphTest.scala:46",
            HACKENBUSH,
            "Hackenbush([(0, 1, \"e\"), (1, 2, \"e\"), (2, 3, \"e\"), (3, 4, \"e\"), (3, 5, \"e\"), (1, 6, \"e\"), (6, 7, \"e\"), (7, 8, \"e\"), (8, 9, \"e\"), (6, 10, \"e\"), (10, 11, \"e\"), (1, 12, \"e\"), (12, 13, \"e\"), (13, 14, \"e\"), (12, 15, \"e\")])",
            "*5",
        ),
        // e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e))): waist 9, head 8
        (
            "GameGraphTest.scala:47",
            HACKENBUSH,
            "Hackenbush([(0, 1, \"e\"), (1, 2, \"e\"), (2, 9, \"e\"), (1, 3, \"e\"), (3, 9, \"e\"), (9, 4, \"e\"), (4, 5, \"e\"), (5, 6, \"e\"), (4, 7, \"e\"), (7, 8, \"e\"), (7, 8, \"e\"), (8, 10, \"e\")])",
            "*2",
        ),
        (
            "GameGraphTest.scala:61",
            HACKENBUSH,
            "Childish([(0, 1, \"l\"), (1, 2, \"l\"), (1, 3, \"r\"), (3, 4, \"l\")])",
            "2",
        ),
        // :{ground}llllllrrrr:{ground}
        (
            "GameGraphTest.scala:62",
            HACKENBUSH,
            "Childish([(0, 1, \"l\"), (1, 2, \"l\"), (2, 3, \"l\"), (3, 4, \"l\"), (4, 5, \"l\"), (5, 6, \"l\"), (6, 7, \"r\"), (7, 8, \"r\"), (8, 9, \"r\"), (9, 0, \"r\")])",
            "{4|-2}",
        ),
        // r(l:T;r(l:T;r(l:T;r(l:T;rl:T)))): T is 9
        (
            "GameGraphTest.scala:63",
            HACKENBUSH,
            "Childish([(0, 1, \"r\"), (1, 9, \"l\"), (1, 2, \"r\"), (2, 9, \"l\"), (2, 3, \"r\"), (3, 9, \"l\"), (3, 4, \"r\"), (4, 9, \"l\"), (4, 5, \"r\"), (5, 9, \"l\")])",
            "15/16",
        ),
        // (e:B;e:Bllllllrrr:B): B is 9
        (
            "GameGraphTest.scala:64",
            HACKENBUSH,
            "Childish([(0, 9, \"e\"), (0, 9, \"e\"), (9, 1, \"l\"), (1, 2, \"l\"), (2, 3, \"l\"), (3, 4, \"l\"), (4, 5, \"l\"), (5, 6, \"l\"), (6, 7, \"r\"), (7, 8, \"r\"), (8, 9, \"r\")])",
            "{0|^[4]*||vv}",
        ),
        // (e:B;e:B;e:Blllllllllrr:B), its atomic weight
        (
            "GameGraphTest.scala:65",
            HACKENBUSH,
            "atomic_weight(Childish([(0, 9, \"e\"), (0, 9, \"e\"), (0, 9, \"e\"), (9, 1, \"l\"), (1, 2, \"l\"), (2, 3, \"l\"), (3, 4, \"l\"), (4, 5, \"l\"), (5, 6, \"l\"), (6, 7, \"l\"), (7, 8, \"l\"), (8, 10, \"l\"), (10, 11, \"r\"), (11, 9, \"r\")]))",
            "3/2",
        ),
        (
            "GameGraphTest.scala:72",
            PAK,
            "PAK({(0, 1, \"l\"), (1, 2, \"l\"), (2, 3, \"r\")})",
            "1/2",
        ),
        // lrlr(ll;ree(rl;l))
        (
            "GameGraphTest.scala:73",
            PAK,
            "PAK({(0, 1, \"l\"), (1, 2, \"r\"), (2, 3, \"l\"), (3, 4, \"r\"), (4, 5, \"l\"), (5, 6, \"l\"), (4, 7, \"r\"), (7, 8, \"e\"), (8, 9, \"e\"), (9, 10, \"r\"), (10, 11, \"l\"), (9, 12, \"l\")})",
            "{3*|2*||3/2,3/2*|1/2*}",
        ),
    ]);
}

/// GameGraphTest.scala line 16: Arc Kayles on paths of 1 to 12 vertices
/// (as far as examples/arc_kayles.game's path goes).
#[test]
fn cgsuite_arc_kayles_on_paths() {
    let a = run(
        ARC_KAYLES,
        &["sequence n in 1..=12: PathArcs(first(n))".to_string()],
    );
    assert_eq!(
        common::sequence(&a[0]),
        numbers("0,1,1,2,0,3,1,1,0,3,3,2"),
        "GameGraphTest.scala:16"
    );
}

/// GameGridTest.scala line 48: CGSuite's `ValuesTable` of four geese on
/// row 3, the fox on rows 2 and 1 (loopy values, as CGSuite prints them).
#[test]
fn cgsuite_fox_and_geese_values_table() {
    let cgsuite = [
        ((2, 2), "2over"),
        ((2, 4), "2"),
        ((2, 6), "3*"),
        ((2, 8), "4over"),
        ((1, 1), "{6|2over}"),
        ((1, 3), "{2over|2}"),
        ((1, 5), "{4|3||2}"),
        ((1, 7), "{4over|3*}"),
    ];
    let queries: Vec<String> = cgsuite
        .iter()
        .map(|((r, c), _)| {
            format!("value FoxAndGeese({{(3, 1), (3, 3), (3, 5), (3, 7)}}, ({r}, {c}))")
        })
        .collect();
    for (a, (fox, want)) in run(FOX, &queries).iter().zip(cgsuite) {
        assert_eq!(
            value_text(a),
            want,
            "GameGridTest.scala:48, the fox on {fox:?}"
        );
    }
}

/// GameHeapTest.scala lines 246 to 256: the cakes (8, 0) to (8, 8) and
/// the number of Left's options of (8, 8).
#[test]
fn cgsuite_rows_of_cakes_and_euclid() {
    let rows: [(u32, &str, &str, usize, &str); 6] = [
        (246, CAKES, "Cutcake", 4, "-7,-7,-3,-3,-1,-1,-1,-1,0"),
        (247, CAKES, "Maundy", 3, "-7,-7,-3,-3,-1,-3,-1,-3,0"),
        (
            248,
            CAKES,
            "Eatcake",
            4,
            "-8;^;{^|||^*|v||0};{^^|*};{^^|*||0,{0|vv*}};{^3|^*||*};{^3|^*||*|||0,{0,{^|0,v*}|||0|vv*||0}};{0||^^*|0|||*};*",
        ),
        (249, CAKES, "TurnEat", 4, "0,v,0,v,0,v<3>,0,v,0"),
        (
            251,
            CAKES,
            "TurnMaundy",
            3,
            "1;1;{8|-2};{8|-3};{8|-6};{8|-5};{8|-6,{-4|-14}};{10|-7};+-12",
        ),
        (256, SUBTRACTION, "Euclid", 0, "0,0,0,v,0,0,^,^5,0"),
    ];
    let mut s = GameStore::new();
    for (line, example, game, left_options, cgsuite) in rows {
        let sep = if cgsuite.contains(';') { ';' } else { ',' };
        let want: Vec<ValueId> = cgsuite
            .split(sep)
            .map(|t| partizan::parse(&mut s, t).expect("parses"))
            .collect();
        let positions: Vec<String> = (0..=8).map(|n| format!("{game}(8, {n})")).collect();
        let got = example_values(&mut s, example, &positions);
        assert_eq!(got, want, "GameHeapTest.scala:{line} {game}");
        assert_eq!(
            option_count(example, &format!("options({game}(8, 8))[0]")),
            left_options.to_string(),
            "GameHeapTest.scala:{line} {game}: Left's options of (8, 8)"
        );
    }
}

fn numbers(list: &str) -> Vec<u64> {
    list.split(',')
        .map(|t| t.parse().expect("a number"))
        .collect()
}

/// The length of a list of options, as the example counts them.
fn option_count(example: &str, options: &str) -> String {
    let a = run(example, &[format!("len({options})")]);
    grundy::render::text(&a[0])
}

/// GameHeapTest.scala lines 76 to 94 (the turning codes' heap games:
/// values of heaps 1 to 20, options of heap 20) and GameStripTest.scala
/// line 20 (a row of coins).
#[test]
fn cgsuite_rows_of_turning_games() {
    let rows: [(u32, &str, u64, &str); 10] = [
        (
            76,
            "MockTurtles",
            191,
            "1,2,4,7,8,11,13,14,16,19,21,22,25,26,28,31,32,35,37,38",
        ),
        (
            78,
            "Moidores",
            169_766,
            "1,2,4,8,16,32,64,128,256,511,512,1024,2048,4096,7711,8192,16384,26215,32768,43691",
        ),
        (
            80,
            "Triplets",
            171,
            "0,0,1,2,4,7,8,11,13,14,16,19,21,22,25,26,28,31,32,35",
        ),
        (82, "Ruler", 20, "1,2,1,4,1,2,1,8,1,2,1,4,1,2,1,16,1,2,1,4"),
        (
            84,
            "MockTurtleFives",
            11,
            "1,2,4,7,8,1,2,4,7,8,1,2,4,7,8,1,2,4,7,8",
        ),
        (
            86,
            "TripletFives",
            6,
            "0,0,1,2,4,0,0,1,2,4,0,0,1,2,4,0,0,1,2,4",
        ),
        (
            88,
            "RulerFives",
            5,
            "1,2,1,4,1,2,1,4,1,2,1,4,1,2,1,4,1,2,1,4",
        ),
        (90, "Turnips", 9, "0,0,1,0,0,1,2,2,1,0,0,1,0,0,1,2,2,1,4,4"),
        (92, "Grunt", 9, "0,0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3"),
        (
            94,
            "Sym",
            2046,
            "1,2,4,3,6,7,8,16,18,25,32,11,64,31,128,10,256,5,512,28",
        ),
    ];
    for (line, game, options, values) in rows {
        let a = run(TURNING, &[format!("sequence {game} 1..=20")]);
        assert_eq!(
            common::sequence(&a[0]),
            numbers(values),
            "GameHeapTest.scala:{line} {game}"
        );
        assert_eq!(
            option_count(TURNING, &format!("options({game}(20))")),
            options.to_string(),
            "GameHeapTest.scala:{line} {game}: options of heap 20"
        );
    }
    let a = run(TURNING, &["grundy row(\"htththtth\")".to_string()]);
    assert_eq!(common::grundy(&a[0]), 29, "GameStripTest.scala:20");
}

/// GameHeapTest.scala lines 174 to 181 (the heap of 10 against 0 to 20,
/// options of (10, 10)), 194 (GenMem's table) and 218 to 235 (the first
/// 15 P-positions of r-Wythoff, r = 1 to 5, by Fraenkel's formula).
#[test]
fn cgsuite_rows_of_coordinate_games() {
    let rows: [(u32, &str, &str, &str, u64, &str); 6] = [
        (
            174,
            WYTHOFF,
            "RWythoff(1, 10, n)",
            "RWythoff(1, 10, 10)",
            30,
            "10,11,9,8,13,12,0,15,16,17,14,18,7,6,2,3,1,4,5,23,28",
        ),
        (
            176,
            WYTHOFF,
            "RWythoff(2, 10, n)",
            "RWythoff(2, 10, 10)",
            48,
            "10,11,12,13,0,14,9,17,18,19,20,21,22,23,24,25,26,15,28,29,30",
        ),
        (
            178,
            MEM,
            "FibonacciNim(10, n)",
            "FibonacciNim(10, 10)",
            10,
            "0,2,2,2,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5",
        ),
        (
            179,
            MEM,
            "TakeAway(3, 10, n)",
            "TakeAway(3, 10, 10)",
            10,
            "0,2,2,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6",
        ),
        (
            180,
            MEM,
            "Mem(10, n)",
            "Mem(10, 10)",
            1,
            "3,3,3,3,2,2,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0",
        ),
        (
            181,
            MEM,
            "NotSame(10, n)",
            "NotSame(10, 10)",
            9,
            "6,6,6,4,6,6,3,6,6,6,6,6,6,6,6,6,6,6,6,6,6",
        ),
    ];
    for (line, example, row, at, options, values) in rows {
        let a = run(example, &[format!("sequence n in 0..=20: {row}")]);
        assert_eq!(
            common::sequence(&a[0]),
            numbers(values),
            "GameHeapTest.scala:{line}"
        );
        assert_eq!(
            option_count(example, &format!("options({at})")),
            options.to_string(),
            "GameHeapTest.scala:{line}: options of (10, 10)"
        );
    }
    let table = run(MEM, &["table NotSame 0..=10, 0..=10".to_string()]);
    let want = [
        "0,0,0,0,0,0,0,0,0,0,0",
        "1,0,1,1,1,1,1,1,1,1,1",
        "1,1,1,1,1,1,1,1,1,1,1",
        "2,2,2,0,2,2,2,2,2,2,2",
        "3,2,3,3,0,3,3,3,3,3,3",
        "3,3,3,3,3,0,3,3,3,3,3",
        "2,2,2,2,2,2,2,2,2,2,2",
        "4,4,4,4,4,4,4,0,4,4,4",
        "5,4,5,3,5,5,5,5,5,5,5",
        "5,5,5,5,5,5,5,5,5,0,5",
        "6,6,6,4,6,6,3,6,6,6,6",
    ];
    let want: Vec<Vec<u64>> = want.iter().map(|r| numbers(r)).collect();
    assert_eq!(common::table(&table[0]), want, "GameHeapTest.scala:194");
    for r in 1..=5u64 {
        let queries: Vec<String> = (0..15)
            .map(|i| {
                let (a, b) = fraenkel(r, i);
                format!("grundy RWythoff({r}, {a}, {b})")
            })
            .collect();
        for (i, a) in run(WYTHOFF, &queries).iter().enumerate() {
            assert_eq!(
                common::grundy(a),
                0,
                "GameHeapTest.scala:227, r = {r}, i = {i}"
            );
        }
    }
}

/// Fraenkel's i-th P-position of r-Wythoff: (floor(i a), floor(i a) + r i)
/// with a = (2 - r + sqrt(r^2 + 4)) / 2, in integers: i a is
/// (i (2 - r) + sqrt(i^2 (r^2 + 4))) / 2, and the square root is never
/// an integer for i > 0 (r^2 + 4 is no square).
fn fraenkel(r: u64, i: u64) -> (u64, u64) {
    let d = i * i * (r * r + 4);
    let mut s = (d as f64).sqrt() as u64;
    while s * s > d {
        s -= 1;
    }
    while (s + 1) * (s + 1) <= d {
        s += 1;
    }
    let a = ((2 * i + s) - r * i) / 2;
    (a, a + r * i)
}

/// A value by plain recursion: `options(p, left)` lists a player's
/// options, each a sum of positions.
struct Brute<P, F> {
    options: F,
    memo: HashMap<P, ValueId>,
}

impl<P: Clone + Eq + std::hash::Hash, F: Fn(&P, bool) -> Vec<Vec<P>>> Brute<P, F> {
    fn new(options: F) -> Self {
        Brute {
            options,
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, s: &mut GameStore, p: &P) -> ValueId {
        if let Some(&v) = self.memo.get(p) {
            return v;
        }
        let mut sides = [true, false].map(|left| -> Vec<ValueId> {
            (self.options)(p, left)
                .iter()
                .map(|parts| {
                    let zero = s.zero();
                    parts.iter().fold(zero, |acc, q| {
                        let v = self.value(s, q);
                        s.add(acc, v).expect("small values")
                    })
                })
                .collect()
        });
        let right = std::mem::take(&mut sides[1]);
        let v = s.game(&sides[0], &right).expect("small values");
        self.memo.insert(p.clone(), v);
        v
    }
}

/// The example's values of `positions` (as it writes them) against the
/// brute force's values of `ps`.
fn agree<P, F>(
    example: &str,
    positions: &[String],
    ps: &[P],
    brute: &mut Brute<P, F>,
) -> Result<(), TestCaseError>
where
    P: Clone + Eq + std::hash::Hash + std::fmt::Debug,
    F: Fn(&P, bool) -> Vec<Vec<P>>,
{
    let mut s = GameStore::new();
    let got = example_values(&mut s, example, positions);
    for ((p, text), g) in ps.iter().zip(positions).zip(got) {
        let want = brute.value(&mut s, p);
        prop_assert_eq!(g, want, "{} ({:?})", text, p);
    }
    Ok(())
}

/// Toppling Dominoes on a row of l, r, e.
fn topple(row: &[u8], left: bool) -> Vec<Vec<Vec<u8>>> {
    let mine = if left { b'l' } else { b'r' };
    let mut out = Vec::new();
    for (i, &d) in row.iter().enumerate() {
        if d == mine || d == b'e' {
            out.push(vec![row[..i].to_vec()]);
            out.push(vec![row[i + 1..].to_vec()]);
        }
    }
    out
}

/// Elephants and Rhinos on a strip of t, f and `.`.
fn elephants(strip: &[u8], left: bool) -> Vec<Vec<Vec<u8>>> {
    let mut out = Vec::new();
    for i in 0..strip.len() {
        let to = if left { i + 1 } else { i.wrapping_sub(1) };
        let me = if left { b't' } else { b'f' };
        if strip[i] == me && strip.get(to) == Some(&b'.') {
            let mut q = strip.to_vec();
            q.swap(i, to);
            out.push(vec![q]);
        }
    }
    out
}

/// A rectangle of squares: `#` no square, `.` empty, `x`, `o` stones.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Board {
    rows: i32,
    cols: i32,
    sq: Vec<u8>,
}

impl Board {
    fn get(&self, r: i32, c: i32) -> u8 {
        if r < 0 || c < 0 || r >= self.rows || c >= self.cols {
            b'#'
        } else {
            self.sq[(r * self.cols + c) as usize]
        }
    }

    fn set(&mut self, r: i32, c: i32, v: u8) {
        self.sq[(r * self.cols + c) as usize] = v;
    }

    fn squares(&self) -> Vec<(i32, i32)> {
        (0..self.rows)
            .flat_map(|r| (0..self.cols).map(move |c| (r, c)))
            .collect()
    }

    fn text(&self) -> String {
        let rows: Vec<String> = self
            .sq
            .chunks(self.cols as usize)
            .map(|r| String::from_utf8(r.to_vec()).expect("ascii"))
            .collect();
        format!("grid({rows:?})")
    }
}

fn board(alphabet: &'static [u8], max: i32) -> impl Strategy<Value = Board> {
    (1i32..=4, 1i32..=4)
        .prop_filter("small", move |(r, c)| r * c <= max)
        .prop_flat_map(move |(rows, cols)| {
            prop::collection::vec(prop::sample::select(alphabet), (rows * cols) as usize)
                .prop_map(move |sq| Board { rows, cols, sq })
        })
}

/// Fission: Left splits a stone up and down, Right left and right.
fn fission(b: &Board, left: bool) -> Vec<Vec<Board>> {
    let (dr, dc) = if left { (1, 0) } else { (0, 1) };
    let mut out = Vec::new();
    for (r, c) in b.squares() {
        if b.get(r, c) == b'x' && b.get(r - dr, c - dc) == b'.' && b.get(r + dr, c + dc) == b'.' {
            let mut q = b.clone();
            q.set(r, c, b'.');
            q.set(r - dr, c - dc, b'x');
            q.set(r + dr, c + dc, b'x');
            out.push(vec![q]);
        }
    }
    out
}

const ORTHOGONAL: &[(i32, i32)] = &[(-1, 0), (0, -1), (0, 1), (1, 0)];
const DIAGONAL: &[(i32, i32)] = &[(-1, -1), (-1, 1), (1, -1), (1, 1)];
const KINGS: &[(i32, i32)] = &[
    (-1, 0),
    (0, -1),
    (0, 1),
    (1, 0),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];
const KNIGHT: &[(i32, i32)] = &[
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// A Clobber variant: the steps, whether stones slide over empty
/// squares, whether a stone may capture its own colour, and whether it
/// moves onto empty squares instead, leaving a stone of the other colour
/// behind (Anti-Clobber).
#[derive(Clone, Copy, Debug)]
struct Clob {
    steps: &'static [(i32, i32)],
    slide: bool,
    onto_own: bool,
    onto_empty: bool,
}

fn clobber(b: &Board, left: bool, k: Clob) -> Vec<Vec<Board>> {
    let (me, you) = if left { (b'x', b'o') } else { (b'o', b'x') };
    let mut out = Vec::new();
    for (r, c) in b.squares() {
        if b.get(r, c) != me {
            continue;
        }
        for &(dr, dc) in k.steps {
            let (mut tr, mut tc) = (r + dr, c + dc);
            while k.slide && b.get(tr, tc) == b'.' {
                tr += dr;
                tc += dc;
            }
            let t = b.get(tr, tc);
            let allowed = if k.onto_empty {
                t == b'.'
            } else {
                t == you || (k.onto_own && t == me)
            };
            if allowed {
                let mut q = b.clone();
                q.set(r, c, if k.onto_empty { you } else { b'.' });
                q.set(tr, tc, me);
                out.push(vec![q]);
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn toppling_dominoes_has_the_value_of_its_rules(
        rows in prop::collection::vec(prop::collection::vec(prop::sample::select(b"lre".as_slice()), 0..=8), 1..6)
    ) {
        let texts: Vec<String> = rows
            .iter()
            .map(|r| format!("Toppling({:?})", String::from_utf8(r.clone()).expect("ascii")))
            .collect();
        agree(TOPPLING, &texts, &rows, &mut Brute::new(|r: &Vec<u8>, left| topple(r, left)))?;
    }

    #[test]
    fn elephants_and_rhinos_has_the_value_of_its_rules(
        strips in prop::collection::vec(prop::collection::vec(prop::sample::select(b"tf...".as_slice()), 0..=9), 1..6)
    ) {
        let texts: Vec<String> = strips
            .iter()
            .map(|r| format!("Elephants({:?})", String::from_utf8(r.clone()).expect("ascii")))
            .collect();
        agree(ELEPHANTS, &texts, &strips, &mut Brute::new(|r: &Vec<u8>, left| elephants(r, left)))?;
    }

    #[test]
    fn fission_has_the_value_of_its_rules(bs in prop::collection::vec(board(b"....x#", 12), 1..5)) {
        let texts: Vec<String> = bs.iter().map(|b| format!("Fission({})", b.text())).collect();
        agree(FISSION, &texts, &bs, &mut Brute::new(fission))?;
    }

    #[test]
    fn clobber_variants_have_the_values_of_their_rules(
        bs in prop::collection::vec(board(b"xo.#", 9), 1..4),
        kind in 0usize..8,
    ) {
        let (name, k) = [
            ("GenClobber(\"clobber\", ", Clob { steps: ORTHOGONAL, slide: false, onto_own: false, onto_empty: false }),
            ("GenClobber(\"kings\", ", Clob { steps: KINGS, slide: false, onto_own: false, onto_empty: false }),
            ("GenClobber(\"knights\", ", Clob { steps: KNIGHT, slide: false, onto_own: false, onto_empty: false }),
            ("GenClobber(\"diagonal\", ", Clob { steps: DIAGONAL, slide: false, onto_own: false, onto_empty: false }),
            ("GenClobber(\"rooks\", ", Clob { steps: ORTHOGONAL, slide: true, onto_own: false, onto_empty: false }),
            ("GenClobber(\"queens\", ", Clob { steps: KINGS, slide: true, onto_own: false, onto_empty: false }),
            ("HotClobber(", Clob { steps: ORTHOGONAL, slide: false, onto_own: true, onto_empty: false }),
            ("AntiClobber(", Clob { steps: ORTHOGONAL, slide: false, onto_own: false, onto_empty: true }),
        ][kind];
        let texts: Vec<String> = bs.iter().map(|b| format!("{name}{})", b.text())).collect();
        agree(CLOBBER, &texts, &bs, &mut Brute::new(move |b: &Board, left| clobber(b, left, k)))?;
    }
}

/// An edge (a, b, colour) as the examples write it.
type Edge = (usize, usize, u8);

fn edge_text(e: &Edge) -> String {
    format!("({}, {}, \"{}\")", e.0, e.1, e.2 as char)
}

fn playable(colour: u8, left: bool) -> bool {
    colour == b'e' || colour == if left { b'l' } else { b'r' }
}

/// Partizan Arc Kayles on the edges of `es` in the mask.
fn arc_kayles(es: &[Edge], mask: u32, left: bool) -> Vec<Vec<u32>> {
    let on = |i: usize| mask >> i & 1 == 1;
    (0..es.len())
        .filter(|&i| on(i) && playable(es[i].2, left))
        .map(|i| {
            let (a, b, _) = es[i];
            let gone = (0..es.len())
                .filter(|&j| [es[j].0, es[j].1].iter().any(|&v| v == a || v == b))
                .fold(0u32, |m, j| m | 1 << j);
            vec![mask & !gone]
        })
        .collect()
}

/// The edges of the mask joined to the ground, vertex 0.
fn grounded(es: &[Edge], mask: u32) -> u32 {
    let mut seen = vec![0usize];
    let mut kept = 0u32;
    let mut grew = true;
    while grew {
        grew = false;
        for (i, &(a, b, _)) in es.iter().enumerate() {
            if mask >> i & 1 == 1 && kept >> i & 1 == 0 && (seen.contains(&a) || seen.contains(&b))
            {
                kept |= 1 << i;
                seen.push(a);
                seen.push(b);
                grew = true;
            }
        }
    }
    kept
}

/// Hackenbush (`childish`: Childish Hackenbush) on the edges in the mask.
fn hackenbush(es: &[Edge], mask: u32, left: bool, childish: bool) -> Vec<Vec<u32>> {
    (0..es.len())
        .filter(|&i| mask >> i & 1 == 1 && playable(es[i].2, left))
        .filter_map(|i| {
            let rest = mask & !(1 << i);
            let kept = grounded(es, rest);
            let allowed = !childish || es[i].2 == b'e' || kept == rest;
            allowed.then(|| vec![kept])
        })
        .collect()
}

fn edges(max_vertex: usize) -> impl Strategy<Value = Vec<Edge>> {
    prop::collection::vec(
        (
            0..=max_vertex,
            0..=max_vertex,
            prop::sample::select(b"lre".as_slice()),
        ),
        0..=8,
    )
    .prop_map(|es| es.into_iter().filter(|e| e.0 != e.1).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn partizan_arc_kayles_has_the_value_of_its_rules(es in edges(7)) {
        let mut es = es;
        es.sort();
        es.dedup();
        let set: Vec<String> = es.iter().map(edge_text).collect();
        let text = format!("PAK({{{}}})", set.join(", "));
        let full = (1u32 << es.len()) - 1;
        let es2 = es.clone();
        let mut brute = Brute::new(move |m: &u32, left| arc_kayles(&es2, *m, left));
        agree(PAK, &[text], &[full], &mut brute)?;
    }

    /// Graphs with cycles and parallel edges, every edge grounded.
    #[test]
    fn hackenbush_and_childish_hackenbush_have_the_values_of_their_rules(es in edges(5)) {
        let kept = grounded(&es, (1u32 << es.len()) - 1);
        let es: Vec<Edge> = (0..es.len()).filter(|&i| kept >> i & 1 == 1).map(|i| es[i]).collect();
        let list: Vec<String> = es.iter().map(edge_text).collect();
        let full = (1u32 << es.len()) - 1;
        for (game, childish) in [("Hackenbush", false), ("Childish", true)] {
            let text = format!("{game}([{}])", list.join(", "));
            let es2 = es.clone();
            let mut brute = Brute::new(move |m: &u32, left| hackenbush(&es2, *m, left, childish));
            agree(HACKENBUSH, &[text], &[full], &mut brute)?;
        }
    }
}

/// The heap rules of the cakes: a heap's options as lists of heaps.
fn heap_options(rule: &str, n: usize) -> Vec<Vec<usize>> {
    match rule {
        // 4.0: break a heap into two.
        "cut" => (1..=n / 2).map(|a| vec![a, n - a]).collect(),
        // 0.7: take one token, leaving no heap, one, or two.
        "eat" if n == 0 => vec![],
        "eat" => {
            let mut out = vec![if n == 1 { vec![] } else { vec![n - 1] }];
            out.extend((1..=(n - 1) / 2).map(|a| vec![a, n - 1 - a]));
            out
        }
        // {2+}=.0: split a heap into k >= 2 equal heaps.
        _ => (2..=n)
            .filter(|&k| n.is_multiple_of(k))
            .map(|k| vec![n / k; k])
            .collect(),
    }
}

/// A cake (m, n) by CGSuite's GenCutcake: Left plays on the second number,
/// Right on the first; `twisted` reads (m, n) as (n, m) first.
fn cake(p: &(usize, usize), left: bool, rule: &str, twisted: bool) -> Vec<Vec<(usize, usize)>> {
    let (row, col) = if twisted { (p.1, p.0) } else { *p };
    if left {
        heap_options(rule, col)
            .into_iter()
            .map(|hs| hs.into_iter().map(|b| (row, b)).collect())
            .collect()
    } else {
        heap_options(rule, row)
            .into_iter()
            .map(|hs| hs.into_iter().map(|a| (a, col)).collect())
            .collect()
    }
}

#[test]
fn cakes_have_the_values_of_their_rules() {
    for (game, rule, twisted) in [
        ("Cutcake", "cut", false),
        ("Eatcake", "eat", false),
        ("Maundy", "maundy", false),
        ("TurnEat", "eat", true),
        ("TurnMaundy", "maundy", true),
    ] {
        let ps: Vec<(usize, usize)> = (0..=6).flat_map(|m| (0..=6).map(move |n| (m, n))).collect();
        let texts: Vec<String> = ps
            .iter()
            .map(|(m, n)| format!("{game}({m}, {n})"))
            .collect();
        let mut brute = Brute::new(move |p: &(usize, usize), left| cake(p, left, rule, twisted));
        agree(CAKES, &texts, &ps, &mut brute).expect(game);
    }
}

#[test]
fn partizan_euclid_has_the_value_of_its_rules() {
    let ps: Vec<(u64, u64)> = (0..=13)
        .flat_map(|p| (0..=13).map(move |q| (p, q)))
        .collect();
    let texts: Vec<String> = ps
        .iter()
        .map(|(p, q)| format!("Euclid({p}, {q})"))
        .collect();
    let mut brute = Brute::new(|&(p, q): &(u64, u64), left| {
        if q == 0 || p % q == 0 {
            vec![]
        } else {
            vec![vec![(q, if left { p % q } else { q - p % q })]]
        }
    });
    agree(SUBTRACTION, &texts, &ps, &mut brute).expect("Euclid");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn partizan_subtraction_has_the_value_of_its_rules(
        l in prop::collection::btree_set(1u64..=5, 0..=3),
        r in prop::collection::btree_set(1u64..=5, 0..=3),
    ) {
        let set = |xs: &std::collections::BTreeSet<u64>| {
            let v: Vec<String> = xs.iter().map(u64::to_string).collect();
            format!("{{{}}}", v.join(", "))
        };
        let texts: Vec<String> = (0..=14).map(|n| format!("PS({}, {}, {n})", set(&l), set(&r))).collect();
        let ns: Vec<u64> = (0..=14).collect();
        let (l2, r2) = (l.clone(), r.clone());
        let mut brute = Brute::new(move |&n: &u64, left| {
            let ks = if left { &l2 } else { &r2 };
            ks.iter().filter(|&&k| k <= n).map(|&k| vec![n - k]).collect()
        });
        agree(SUBTRACTION, &texts, &ns, &mut brute)?;
    }
}

/// Grundy values of every row of `len` coins (bit i: coin i + 1 shows
/// heads), a move turning over a set of coins (sorted, numbered from 1)
/// the rule allows, whose rightmost goes from heads to tails.
fn turning_by_rows(len: usize, rule: &dyn Fn(&[usize]) -> bool) -> Vec<u64> {
    let mut g = vec![0u64; 1 << len];
    // A move turns the highest coin of its set from heads to tails, so
    // it lowers the row read as a number: rows in increasing order.
    for row in 0..1usize << len {
        let mut seen = Vec::new();
        for n in 1..=len {
            if row >> (n - 1) & 1 == 0 {
                continue;
            }
            for others in 0..1usize << (n - 1) {
                let set: Vec<usize> = (1..n)
                    .filter(|&i| others >> (i - 1) & 1 == 1)
                    .chain([n])
                    .collect();
                if rule(&set) {
                    seen.push(g[row ^ (others | 1 << (n - 1))]);
                }
            }
        }
        g[row] = common::mex(seen);
    }
    g
}

fn consecutive(c: &[usize]) -> bool {
    c.windows(2).all(|w| w[1] == w[0] + 1)
}

fn symmetric(c: &[usize]) -> bool {
    let k = c.len();
    (0..k).all(|i| c[i] + c[k - 1 - i] == c[0] + c[k - 1])
}

fn span(c: &[usize]) -> usize {
    c[c.len() - 1] - c[0] + 1
}

/// Each turning game of examples/turning.game on every row of 10 coins:
/// the Grundy value of the row by the rules equals the nim-sum of the
/// example's values of its heads.
#[test]
fn turning_games_played_on_whole_rows_are_sums_of_their_heads() {
    type Rule = fn(&[usize]) -> bool;
    let games: [(&str, Rule); 12] = [
        ("MockTurtles", |c| c.len() <= 3),
        ("Moebius", |c| c.len() <= 5),
        ("Moidores", |c| c.len() <= 9),
        ("Triplets", |c| c.len() == 3),
        ("Ruler", consecutive),
        ("MockTurtleFives", |c| c.len() <= 3 && span(c) <= 5),
        ("TripletFives", |c| c.len() == 3 && span(c) <= 5),
        ("RulerFives", |c| consecutive(c) && c.len() <= 5),
        ("Turnips", |c| c.len() == 3 && c[1] - c[0] == c[2] - c[1]),
        ("Grunt", |c| c.len() == 4 && c[0] == 1 && symmetric(c)),
        ("Sym", symmetric),
        // Not in the example: Motley (1+), a check of this test's rows.
        ("Motley", |_| true),
    ];
    const LEN: usize = 10;
    for (game, rule) in games {
        let by_rows = turning_by_rows(LEN, &rule);
        if game == "Motley" {
            // Motley (1+): any set of coins; a head on coin n is *2^(n-1).
            assert!((0..1usize << LEN).all(|row| by_rows[row] == row as u64));
            continue;
        }
        let a = run(TURNING, &[format!("sequence {game} 1..={LEN}")]);
        let heads = common::sequence(&a[0]);
        for (row, &g) in by_rows.iter().enumerate() {
            let sum = (0..LEN)
                .filter(|i| row >> i & 1 == 1)
                .fold(0, |x, i| x ^ heads[i]);
            assert_eq!(sum, g, "{game}: row {row:b} (coin 1 is the lowest bit)");
        }
    }
}

fn mex_table(size: usize, options: impl Fn(usize, usize) -> Vec<(usize, usize)>) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; size]; size];
    // Every option here has a smaller first number, or the same first
    // number and a smaller second.
    for a in 0..size {
        for b in 0..size {
            g[a][b] = common::mex(options(a, b).into_iter().map(|(x, y)| g[x][y]));
        }
    }
    g
}

#[test]
fn memory_games_and_r_wythoff_have_the_values_of_their_rules() {
    const N: usize = 16;
    type Allowed = fn(usize, usize) -> bool;
    let mems: [(&str, Allowed); 4] = [
        ("Mem(n, k)", |k, a| a >= k),
        ("FibonacciNim(n, k)", |k, a| a <= 2 * k),
        ("TakeAway(3, n, k)", |k, a| a <= 3 * k),
        ("NotSame(n, k)", |k, a| a != k),
    ];
    for (game, allowed) in mems {
        // (n, k) moves to (n - a, a): n goes down. Memories up to N - 1
        // are enough for heaps below N.
        let want = mex_table(N, |n, k| {
            (1..=n)
                .filter(|&a| allowed(k, a))
                .map(|a| (n - a, a))
                .collect()
        });
        let a = run(MEM, &[format!("table n in 0..{N}, k in 0..{N}: {game}")]);
        assert_eq!(common::table(&a[0]), want, "{game}");
    }
    for r in 1..=3usize {
        let want = mex_table(N, |a, b| {
            let mut out: Vec<(usize, usize)> = (1..=a).map(|k| (a - k, b)).collect();
            out.extend((1..=b).map(|k| (a, b - k)));
            for k in 1..=a {
                for l in 1..=b {
                    if k.abs_diff(l) < r {
                        out.push((a - k, b - l));
                    }
                }
            }
            out
        });
        let a = run(
            WYTHOFF,
            &[format!(
                "table a in 0..{N}, b in 0..{N}: RWythoff({r}, a, b)"
            )],
        );
        assert_eq!(common::table(&a[0]), want, "{r}-Wythoff");
    }
}
