//! The rulesets of examples/ written with boards and graphs (snort.game,
//! col.game, konane.game, amazons.game, arc_kayles.game) agree with their
//! rules written here directly, on small random boards with holes and
//! random graphs: canonical values by plain recursion through the
//! `partizan` library (no splitting into parts, no symmetry), Grundy
//! values by mex. Snort and Col are played here as the rules say, with
//! coloured cells staying on the board; the examples take a coloured cell
//! off and mark its neighbours instead.

use crate::common;

use std::collections::HashMap;

use grundy::Answer;
use grundy::Session;
use grundy_theory::partizan::{self, GameStore, ValueId};
use proptest::prelude::*;

fn run(example: &str, queries: &str) -> Vec<Answer> {
    let mut s = Session::new(5_000_000);
    common::answers_in(
        &mut s,
        &format!("{}\n{queries}", common::definitions(example)),
    )
}

fn value_text(a: &Answer) -> String {
    match a {
        Answer::Value { value, .. } => value.text.clone(),
        other => panic!("not a value: {other:?}"),
    }
}

/// A rectangle of squares: `#` no cell, `.` empty, `x` Left's, `o` Right's.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Board {
    rows: i32,
    cols: i32,
    sq: Vec<u8>,
}

const ORTHOGONAL: [(i32, i32); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];
const QUEEN: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

impl Board {
    fn get(&self, r: i32, c: i32) -> u8 {
        if r < 0 || c < 0 || r >= self.rows || c >= self.cols {
            b'#'
        } else {
            self.sq[(r * self.cols + c) as usize]
        }
    }

    fn with(&self, r: i32, c: i32, v: u8) -> Board {
        let mut b = self.clone();
        b.sq[(r * self.cols + c) as usize] = v;
        b
    }

    fn squares(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| (r, c)))
    }

    fn text(&self) -> String {
        let rows: Vec<String> = self
            .sq
            .chunks(self.cols as usize)
            .map(|r| String::from_utf8(r.to_vec()).unwrap())
            .collect();
        format!("grid({rows:?})")
    }

    fn next_to(&self, r: i32, c: i32, v: u8) -> bool {
        ORTHOGONAL
            .iter()
            .any(|&(dr, dc)| self.get(r + dr, c + dc) == v)
    }

    /// Colouring games: `me` colours an empty cell not next to `banned`
    /// (Snort: the other colour; Col: my own).
    fn colourings(&self, me: u8, banned: u8) -> Vec<Board> {
        self.squares()
            .filter(|&(r, c)| self.get(r, c) == b'.' && !self.next_to(r, c, banned))
            .map(|(r, c)| self.with(r, c, me))
            .collect()
    }

    /// The board the examples play: coloured cells off, each empty cell
    /// marked `l`/`r` when next to Left's/Right's colour, off when next
    /// to both.
    fn marked(&self) -> Board {
        let mut b = self.clone();
        for (r, c) in self.squares() {
            let v = match self.get(r, c) {
                b'.' => match (self.next_to(r, c, b'x'), self.next_to(r, c, b'o')) {
                    (true, true) => b'#',
                    (true, false) => b'l',
                    (false, true) => b'r',
                    (false, false) => b'.',
                },
                _ => b'#',
            };
            b = b.with(r, c, v);
        }
        b
    }

    /// Konane: a stone of `me` jumps over `you` onto an empty square, one
    /// or more times along one line.
    fn jumps(&self, me: u8, you: u8) -> Vec<Board> {
        let mut out = Vec::new();
        for (r, c) in self.squares().filter(|&(r, c)| self.get(r, c) == me) {
            for (dr, dc) in ORTHOGONAL {
                let (mut b, mut at) = (self.with(r, c, b'.'), (r, c));
                while b.get(at.0 + dr, at.1 + dc) == you
                    && b.get(at.0 + 2 * dr, at.1 + 2 * dc) == b'.'
                {
                    b = b.with(at.0 + dr, at.1 + dc, b'.');
                    at = (at.0 + 2 * dr, at.1 + 2 * dc);
                    out.push(b.with(at.0, at.1, me));
                }
            }
        }
        out
    }

    /// The empty squares a queen at (r, c) reaches.
    fn queen(&self, r: i32, c: i32) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for (dr, dc) in QUEEN {
            let mut k = 1;
            while self.get(r + k * dr, c + k * dc) == b'.' {
                out.push((r + k * dr, c + k * dc));
                k += 1;
            }
        }
        out
    }

    /// Amazons: a queen move of a `me` amazon, then an arrow (a `#`).
    fn amazon_moves(&self, me: u8) -> Vec<Board> {
        let mut out = Vec::new();
        for (r, c) in self.squares().filter(|&(r, c)| self.get(r, c) == me) {
            for (r2, c2) in self.queen(r, c) {
                let moved = self.with(r, c, b'.').with(r2, c2, me);
                for (r3, c3) in moved.queen(r2, c2) {
                    out.push(moved.with(r3, c3, b'#'));
                }
            }
        }
        out
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Rules {
    Snort,
    Col,
    Konane,
    Amazons,
}

fn options(b: &Board, rules: Rules, left: bool) -> Vec<Board> {
    let (me, you) = if left { (b'x', b'o') } else { (b'o', b'x') };
    match rules {
        Rules::Snort => b.colourings(me, you),
        Rules::Col => b.colourings(me, me),
        Rules::Konane => b.jumps(me, you),
        Rules::Amazons => b.amazon_moves(me),
    }
}

type Memo = HashMap<(Board, u8), ValueId>;

fn value(s: &mut GameStore, memo: &mut Memo, b: &Board, rules: Rules) -> ValueId {
    let key = (b.clone(), rules as u8);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut sides = [true, false].map(|left| -> Vec<ValueId> {
        options(b, rules, left)
            .iter()
            .map(|q| value(s, memo, q, rules))
            .collect()
    });
    let right = std::mem::take(&mut sides[1]);
    let v = s.game(&sides[0], &right).expect("small values");
    memo.insert(key, v);
    v
}

/// Random boards of up to `max` squares with squares from `alphabet`.
fn board(alphabet: &'static [u8], max: i32) -> impl Strategy<Value = Board> {
    (1i32..=4, 1i32..=4)
        .prop_filter("small", move |(r, c)| r * c <= max)
        .prop_flat_map(move |(rows, cols)| {
            prop::collection::vec(prop::sample::select(alphabet), (rows * cols) as usize)
                .prop_map(move |sq| Board { rows, cols, sq })
        })
}

/// The example's values of `game(b)` (`marked`: on the marked board)
/// against the rules' values; returns them.
fn check(
    example: &str,
    game: &str,
    boards: &[Board],
    rules: Rules,
    marked: bool,
) -> Result<(GameStore, Vec<ValueId>), TestCaseError> {
    let queries: Vec<String> = boards
        .iter()
        .map(|b| {
            let shown = if marked { b.marked() } else { b.clone() };
            format!("value {game}({})", shown.text())
        })
        .collect();
    let answers = run(example, &queries.join("\n"));
    let (mut s, mut memo) = (GameStore::new(), HashMap::new());
    let mut values = Vec::new();
    for (b, a) in boards.iter().zip(&answers) {
        let expected = value(&mut s, &mut memo, b, rules);
        let got = partizan::parse(&mut s, &value_text(a)).expect("parses");
        prop_assert_eq!(got, expected, "{}", b.text());
        values.push(got);
    }
    Ok((s, values))
}

const SNORT: &str = include_str!("../examples/snort.game");
const COL: &str = include_str!("../examples/col.game");
const KONANE: &str = include_str!("../examples/konane.game");
const AMAZONS: &str = include_str!("../examples/amazons.game");

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn snort_has_the_value_of_its_rules(bs in prop::collection::vec(board(b"....xo#", 10), 1..5)) {
        check(SNORT, "Snort", &bs, Rules::Snort, true)?;
    }

    /// Col's values are numbers, or a number plus * (Winning Ways).
    #[test]
    fn col_has_the_value_of_its_rules_a_number_or_a_number_plus_star(
        bs in prop::collection::vec(board(b"....xo#", 10), 1..5)
    ) {
        let (mut s, values) = check(COL, "Col", &bs, Rules::Col, true)?;
        let star = s.star().expect("*");
        for v in values {
            let plus_star = s.add(v, star).expect("small");
            prop_assert!(s.is_number(v) || s.is_number(plus_star));
        }
    }

    #[test]
    fn konane_has_the_value_of_its_rules(bs in prop::collection::vec(board(b"xo..#", 12), 1..5)) {
        check(KONANE, "Konane", &bs, Rules::Konane, false)?;
    }

    #[test]
    fn amazons_has_the_value_of_its_rules(bs in prop::collection::vec(board(b"xo....#", 7), 1..4)) {
        check(AMAZONS, "Amazons", &bs, Rules::Amazons, false)?;
    }
}

/// Values cgt-tools 0.9 gives (its Konane and Amazons, one thread).
#[test]
fn values_agree_with_cgt_tools() {
    for (example, game, board, cgt) in [
        (KONANE, "Konane", ".ox.|o..x|....", "{1|-1}"),
        (KONANE, "Konane", ".oxo|oxox", "1"),
        (KONANE, "Konane", "xo.o.", "1"),
        (
            AMAZONS,
            "Amazons",
            "x..|...|..o",
            "{{5|{1*|0, {1/2|0}}, {2|-1/4}}|{{0, {0|-1/2}|-1*}, {1/4|-2}|-5}}",
        ),
        (
            AMAZONS,
            "Amazons",
            "x...|...o",
            "{3, {4|0, {1|0, *}}|-3, {0, {0, *|-1}|-4}}",
        ),
        (SNORT, "Snort", "...|...", "{{4|{1|0}}|{{0|-1}|-4}}"),
    ] {
        let a = run(example, &format!("value {game}(grid(\"{board}\"))"));
        let mut s = GameStore::new();
        let got = partizan::parse(&mut s, &value_text(&a[0])).expect("parses");
        let want = partizan::parse(&mut s, cgt).expect("parses");
        assert_eq!(got, want, "{game} {board}");
    }
}

/// Arc Kayles by mex over the induced subgraphs (bit i: vertex i left).
fn arc_kayles(edges: &[(usize, usize)], left: u32, memo: &mut HashMap<u32, u64>) -> u64 {
    if let Some(&v) = memo.get(&left) {
        return v;
    }
    let opts: Vec<u32> = edges
        .iter()
        .filter(|&&(a, b)| left >> a & 1 == 1 && left >> b & 1 == 1)
        .map(|&(a, b)| left & !(1 << a) & !(1 << b))
        .collect();
    let g = common::mex(opts.iter().map(|&o| arc_kayles(edges, o, memo)));
    memo.insert(left, g);
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Arc Kayles as examples/arc_kayles.game writes it (split into the
    /// connected parts), on random graphs.
    #[test]
    fn arc_kayles_has_the_brute_force_value(
        n in 1usize..=10, edges in prop::collection::vec((0usize..10, 0usize..10), 0..16)
    ) {
        let edges: Vec<(usize, usize)> = edges.into_iter().filter(|&(a, b)| a < n && b < n && a != b).collect();
        let mut items: Vec<String> = (0..n).map(|v| format!("v{v}")).collect();
        items.extend(edges.iter().map(|(a, b)| format!("v{a} -- v{b}")));
        let example = include_str!("../examples/arc_kayles.game");
        let game = &example[example.find("game ArcKayles").expect("the game")..];
        let game = &game[..=game.find("\n}").expect("its end") + 1];
        let text = format!(
            "graph Petersen {{ {} }}\n{game}\ngrundy ArcKayles(set(vertices(Petersen)))",
            items.join("; ")
        );
        let a = common::answers(&text);
        prop_assert_eq!(common::grundy(&a[0]), arc_kayles(&edges, (1u32 << n) - 1, &mut HashMap::new()));
    }
}
