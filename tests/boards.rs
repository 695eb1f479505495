//! Board games written with `grid(...)` (examples/domineering.game,
//! cram.game, clobber.game) agree with move generators written here on
//! bit masks, solved without any splitting or symmetry: canonical values
//! through the `partizan` library, Grundy values by mex. The split games
//! (options summed over `components`, parts taken `canonical`) agree with
//! the same rules written without either, in normal and misère play, and
//! values are unchanged under the symmetries of the board.

use crate::common;

use std::collections::HashMap;

use grundy::Answer;
use grundy::Session;
use grundy_theory::partizan::{self, GameStore, ValueId};
use proptest::prelude::*;

/// The definitions of an example file (its `game`/`fn` lines and the
/// lines of their bodies), without its queries.
fn definitions(text: &str) -> String {
    let keep = |l: &&str| {
        l.starts_with("game ") || l.starts_with("fn ") || l.starts_with("    ") || *l == "}"
    };
    text.lines().filter(keep).collect::<Vec<_>>().join("\n")
}

fn examples() -> String {
    [
        include_str!("../examples/domineering.game").to_string(),
        include_str!("../examples/cram.game")
            .replace("fn parts", "fn cram_parts")
            .replace("move parts(", "move cram_parts("),
        include_str!("../examples/clobber.game")
            .replace("fn parts", "fn clobber_parts")
            .replace("move parts(", "move clobber_parts("),
    ]
    .iter()
    .map(|t| definitions(t))
    .collect::<Vec<_>>()
    .join("\n")
}

/// The same rules without splitting into parts or symmetry.
const UNSPLIT: &str = r"
game DomU(b) {
    left move DomU(c) for c in place(b, [(0, 0), (1, 0)])
    right move DomU(c) for c in place(b, [(0, 0), (0, 1)])
}
game CramU(b) {
    move CramU(c) for c in place(b, [(0, 0), (1, 0)]) + place(b, [(0, 0), (0, 1)])
}
";

fn run(queries: &str) -> Vec<Answer> {
    let mut s = Session::new(5_000_000);
    common::answers_in(&mut s, &format!("{}\n{UNSPLIT}\n{queries}", examples()))
}

fn value_text(a: &Answer) -> String {
    match a {
        Answer::Value { value, .. } => value.text.clone(),
        other => panic!("not a value: {other:?}"),
    }
}

/// A rectangle of squares, each `#` (no cell), `.`, `x` or `o`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Grid {
    rows: usize,
    cols: usize,
    sq: Vec<u8>,
}

impl Grid {
    fn at(&self, r: isize, c: isize) -> u8 {
        if r < 0 || c < 0 || r as usize >= self.rows || c as usize >= self.cols {
            return b'#';
        }
        self.sq[r as usize * self.cols + c as usize]
    }

    fn set(&self, r: usize, c: usize, v: u8) -> Grid {
        let mut g = self.clone();
        g.sq[r * self.cols + c] = v;
        g
    }

    fn text(&self) -> String {
        let rows: Vec<String> = self
            .sq
            .chunks(self.cols)
            .map(|r| String::from_utf8(r.to_vec()).unwrap())
            .collect();
        format!("grid({rows:?})")
    }

    /// The image under the symmetry `t` (bit 4 transposes, then bit 1
    /// reverses the rows, bit 2 the columns).
    fn image(&self, t: u8) -> Grid {
        let (rows, cols) = if t & 4 != 0 {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        let mut sq = vec![b'#'; rows * cols];
        for r in 0..self.rows {
            for c in 0..self.cols {
                let (r2, c2) = if t & 4 != 0 { (c, r) } else { (r, c) };
                let r2 = if t & 1 != 0 { rows - 1 - r2 } else { r2 };
                let c2 = if t & 2 != 0 { cols - 1 - c2 } else { c2 };
                sq[r2 * cols + c2] = self.sq[r * self.cols + c];
            }
        }
        Grid { rows, cols, sq }
    }

    /// Domino placements: (dr, dc) = (1, 0) vertical, (0, 1) horizontal.
    fn dominoes(&self, dr: usize, dc: usize) -> Vec<Grid> {
        let mut out = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.at(r as isize, c as isize) == b'.'
                    && self.at((r + dr) as isize, (c + dc) as isize) == b'.'
                {
                    out.push(self.set(r, c, b'#').set(r + dr, c + dc, b'#'));
                }
            }
        }
        out
    }

    /// Clobber moves of the stone `me` onto `them`.
    fn clobbers(&self, me: u8, them: u8) -> Vec<Grid> {
        let mut out = Vec::new();
        for r in 0..self.rows as isize {
            for c in 0..self.cols as isize {
                if self.at(r, c) != me {
                    continue;
                }
                for (dr, dc) in [(-1, 0), (0, -1), (0, 1), (1, 0)] {
                    if self.at(r + dr, c + dc) == them {
                        let g = self.set(r as usize, c as usize, b'.');
                        out.push(g.set((r + dr) as usize, (c + dc) as usize, me));
                    }
                }
            }
        }
        out
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Rules {
    Domineering,
    Clobber,
}

fn options(g: &Grid, rules: Rules, left: bool) -> Vec<Grid> {
    match (rules, left) {
        (Rules::Domineering, true) => g.dominoes(1, 0),
        (Rules::Domineering, false) => g.dominoes(0, 1),
        (Rules::Clobber, true) => g.clobbers(b'x', b'o'),
        (Rules::Clobber, false) => g.clobbers(b'o', b'x'),
    }
}

/// The canonical value from the rules (recursion: boards are tiny).
fn value(
    s: &mut GameStore,
    memo: &mut HashMap<(Grid, bool), ValueId>,
    g: &Grid,
    rules: Rules,
) -> ValueId {
    let key = (g.clone(), rules == Rules::Clobber);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let l: Vec<ValueId> = options(g, rules, true)
        .iter()
        .map(|q| value(s, memo, q, rules))
        .collect();
    let r: Vec<ValueId> = options(g, rules, false)
        .iter()
        .map(|q| value(s, memo, q, rules))
        .collect();
    let v = s.game(&l, &r).expect("small values");
    memo.insert(key, v);
    v
}

/// Cram's Grundy value by mex over both directions.
fn cram(memo: &mut HashMap<Grid, u64>, g: &Grid) -> u64 {
    if let Some(&v) = memo.get(g) {
        return v;
    }
    let opts: Vec<Grid> = g
        .dominoes(1, 0)
        .into_iter()
        .chain(g.dominoes(0, 1))
        .collect();
    let v = common::mex(opts.iter().map(|q| cram(memo, q)));
    memo.insert(g.clone(), v);
    v
}

/// Random boards of up to `max` squares with holes; squares from `alphabet`.
fn board(alphabet: &'static [u8], max: usize) -> impl Strategy<Value = Grid> {
    (1usize..=4, 1usize..=4)
        .prop_filter("small", move |(r, c)| r * c <= max)
        .prop_flat_map(move |(rows, cols)| {
            prop::collection::vec(prop::sample::select(alphabet), rows * cols)
                .prop_map(move |sq| Grid { rows, cols, sq })
        })
}

fn check_values(grids: &[Grid], game: &str, rules: Rules) -> Result<(), TestCaseError> {
    let queries: Vec<String> = grids
        .iter()
        .map(|g| format!("value {game}({})", g.text()))
        .collect();
    let answers = run(&queries.join("\n"));
    let mut s = GameStore::new();
    let mut memo = HashMap::new();
    for (g, a) in grids.iter().zip(&answers) {
        let expected = value(&mut s, &mut memo, g, rules);
        let got = partizan::parse(&mut s, &value_text(a)).expect("parses");
        prop_assert_eq!(got, expected, "{}", g.text());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn domineering_has_the_value_of_its_rules(
        gs in prop::collection::vec(board(b"...#", 12), 1..6)
    ) {
        check_values(&gs, "Domineering", Rules::Domineering)?;
    }

    #[test]
    fn clobber_has_the_value_of_its_rules(
        gs in prop::collection::vec(board(b"xxoo.#", 9), 1..6)
    ) {
        check_values(&gs, "Clobber", Rules::Clobber)?;
    }

    #[test]
    fn cram_has_the_grundy_value_of_its_rules(
        gs in prop::collection::vec(board(b"...#", 12), 1..6)
    ) {
        let queries: Vec<String> = gs.iter().map(|g| format!("grundy Cram({})", g.text())).collect();
        let answers = run(&queries.join("\n"));
        let mut memo = HashMap::new();
        for (g, a) in gs.iter().zip(&answers) {
            prop_assert_eq!(common::grundy(a), cram(&mut memo, g), "{}", g.text());
        }
    }

    /// Split into parts and symmetric parts shared, or not: the same
    /// values, and the same outcomes in misère play, of boards and sums.
    #[test]
    fn splitting_changes_no_value_or_outcome(a in board(b"...#", 9), b in board(b"...#", 6)) {
        let (a, b) = (a.text(), b.text());
        let q = format!(
            "value Domineering({a}) + Domineering({b})\nvalue DomU({a}) + DomU({b})\n\
             outcome misere Domineering({a}) + Domineering({b})\noutcome misere DomU({a}) + DomU({b})\n\
             grundy Cram({a}) + Cram({b})\ngrundy CramU({a}) + CramU({b})\n\
             outcome misere Cram({a}) + Cram({b})\noutcome misere CramU({a}) + CramU({b})"
        );
        let ans = run(&q);
        prop_assert_eq!(value_text(&ans[0]), value_text(&ans[1]));
        let outcome = |x: &Answer| match x {
            Answer::PartizanOutcome { outcome, .. } => format!("{outcome:?}"),
            Answer::Outcome { outcome, .. } => format!("{outcome:?}"),
            other => panic!("not an outcome: {other:?}"),
        };
        prop_assert_eq!(outcome(&ans[2]), outcome(&ans[3]));
        prop_assert_eq!(common::grundy(&ans[4]), common::grundy(&ans[5]));
        prop_assert_eq!(outcome(&ans[6]), outcome(&ans[7]));
    }

    /// The symmetries keeping rows as rows keep Domineering's value; the
    /// others swap the players (negate it). All eight keep Clobber's.
    #[test]
    fn symmetric_boards_have_the_same_value(
        d in board(b"...#", 9), c in board(b"xo.#", 9), t in 0u8..8
    ) {
        let q = format!(
            "value Domineering({})\nvalue Domineering({})\nvalue Clobber({})\nvalue Clobber({})",
            d.text(), d.image(t).text(), c.text(), c.image(t).text()
        );
        let ans = run(&q);
        let mut s = GameStore::new();
        let v: Vec<ValueId> = ans
            .iter()
            .map(|a| partizan::parse(&mut s, &value_text(a)).expect("parses"))
            .collect();
        let expected = if t & 4 == 0 { v[0] } else { s.neg(v[0]).expect("small") };
        prop_assert_eq!(v[1], expected);
        prop_assert_eq!(v[2], v[3]);
    }
}

#[test]
fn board_functions_answer_as_documented() {
    let ans = run(r###"
        let b = grid(["..#", "x.o"])
        assert rows(b) == ["..#", "x.o"] and b == grid("..#|x.o") and len(b) == 5
        assert cells(b, "x") == [(1, 0)] and cells(b, ".") == [(0, 0), (0, 1), (1, 1)]
        assert at(b, (0, 2)) == "#" and b[(1, 2)] == "o" and at(b, (5, 5)) == "#"
        assert put(b, [(0, 0), (1, 1)], "o") == grid("o.#|xoo")
        assert neighbours(b, (1, 1)) == [(0, 1), (1, 0), (1, 2)]
        assert neighbours(b, (0, 0), "diagonal") == [(0, 1), (1, 0), (1, 1)]
        assert place(grid(2, 2), [(0, 0), (0, 1)]) == [grid("##|.."), grid("..|##")]
        assert components(grid("..#.|#.#.")) == [grid("..|#."), grid(".|.")]
        assert canonical(grid("#.|..")) == canonical(grid("..|.#"))
        assert canonical(grid(".|.|.")) == grid("...") and canonical(grid("..."), "mirror") == grid("...")
        assert "ab" + "c" == "abc" and len("abc") == 3 and "abc"[1] == "b"
    "###);
    assert_eq!(ans.len(), 11);
}

#[test]
fn bad_board_arguments_are_diagnostics() {
    for (text, needle) in [
        ("grid(200, 1)", "at most 128 squares"),
        ("grid([\"a b\"])", "cannot be a square"),
        ("put(grid(1, 1), (3, 0), \"x\")", "off the 1 × 1 board"),
        ("put(grid(1, 1), (0, 0), \"xy\")", "one character"),
        (
            "neighbours(grid(1, 1), (0, 0), \"king\")",
            "\"orthogonal\" or \"diagonal\"",
        ),
        ("cells(3)", "needs a board"),
        ("grid([1])", "rows as strings"),
    ] {
        let mut s = Session::new(1_000_000);
        let mut errors = Vec::new();
        s.run_text("t.game", text, grundy::Mode::Run, &mut |s, r| {
            if let Err(e) = r {
                errors.push(e.render_plain(s.sources()));
            }
        });
        assert_eq!(errors.len(), 1, "{text}");
        assert!(errors[0].contains(needle), "{text}: {}", errors[0]);
        assert!(errors[0].contains("grundy::"), "{}", errors[0]);
    }
}

/// Node Kayles by mex over the induced subgraphs (bit i: vertex i left).
fn node_kayles(adj: &[u32], left: u32, memo: &mut HashMap<u32, u64>) -> u64 {
    if let Some(&v) = memo.get(&left) {
        return v;
    }
    let opts: Vec<u32> = (0..adj.len())
        .filter(|&v| left >> v & 1 == 1)
        .map(|v| left & !(1 << v) & !adj[v])
        .collect();
    let g = common::mex(opts.iter().map(|&o| node_kayles(adj, o, memo)));
    memo.insert(left, g);
    g
}

/// A graph declaration with undirected edges, and the Node Kayles game
/// on it written as examples/node_kayles.game writes it.
fn node_kayles_program(n: usize, edges: &[(usize, usize)]) -> (String, Vec<u32>) {
    let mut adj = vec![0u32; n];
    let mut items: Vec<String> = (0..n).map(|v| format!("v{v}")).collect();
    for &(a, b) in edges {
        if a != b {
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
            items.push(format!("v{a} -- v{b}"));
        }
    }
    let text = format!(
        "graph G {{ {} }}\ngame NK(left) {{\n    move NK(left - {{v}} - set(neighbours(G, v))) for v in left\n}}\n\
         grundy NK(set(vertices(G)))",
        items.join("; ")
    );
    (text, adj)
}

#[test]
fn node_kayles_on_the_petersen_graph_has_its_brute_force_value() {
    let outer = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)];
    let spokes = [(0, 5), (1, 6), (2, 7), (3, 8), (4, 9)];
    let star = [(5, 7), (7, 9), (9, 6), (6, 8), (8, 5)];
    let edges: Vec<(usize, usize)> = outer.iter().chain(&spokes).chain(&star).copied().collect();
    let (text, adj) = node_kayles_program(10, &edges);
    let a = common::answers(&text);
    let expected = node_kayles(&adj, (1 << 10) - 1, &mut HashMap::new());
    assert_eq!(common::grundy(&a[0]), expected);
    let example = common::answers(include_str!("../examples/node_kayles.game"));
    assert_eq!(common::grundy(&example[0]), expected);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn node_kayles_on_random_graphs_has_its_brute_force_value(
        n in 1usize..=9, edges in prop::collection::vec((0usize..9, 0usize..9), 0..14)
    ) {
        let edges: Vec<(usize, usize)> = edges.into_iter().filter(|&(a, b)| a < n && b < n).collect();
        let (text, adj) = node_kayles_program(n, &edges);
        let a = common::answers(&text);
        prop_assert_eq!(common::grundy(&a[0]), node_kayles(&adj, (1u32 << n) - 1, &mut HashMap::new()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Node Kayles split into the connected parts of what is left has the
    /// unsplit game's value, and its misère outcome.
    #[test]
    fn node_kayles_split_into_parts_changes_nothing(
        n in 1usize..=9, edges in prop::collection::vec((0usize..9, 0usize..9), 0..12)
    ) {
        let edges: Vec<(usize, usize)> = edges.into_iter().filter(|&(a, b)| a < n && b < n).collect();
        let (text, adj) = node_kayles_program(n, &edges);
        let text = format!(
            "{text}\ngame NKS(left) {{\n    move sum([NKS(p) for p in components(G, left - {{v}} - set(neighbours(G, v)))]) for v in left\n}}\n\
             grundy NKS(set(vertices(G)))\noutcome misere NK(set(vertices(G)))\noutcome misere NKS(set(vertices(G)))"
        );
        let a = common::answers(&text);
        let expected = node_kayles(&adj, (1u32 << n) - 1, &mut HashMap::new());
        prop_assert_eq!(common::grundy(&a[1]), expected);
        prop_assert_eq!(common::outcome(&a[2]), common::outcome(&a[3]));
    }
}
