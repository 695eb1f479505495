//! Set targets computed as bit masks (`src/games/rules/sets.rs`: set
//! parameters, literals, `set(neighbours(H, v))`, `-` and `+` on masks,
//! positions interned by a packed key) against the same targets behind the
//! identity function, which the ordinary evaluation runs: same answers
//! and same errors, through whole programs.

use grundy::{Mode, Redefine, Session};
use proptest::prelude::*;

/// Every answer of a program, as text, errors included, without the lines
/// that show the source (a wrapped program's columns differ).
fn run(text: &str) -> Vec<String> {
    run_in(&mut Session::new(100_000), text)
}

fn run_in(s: &mut Session, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    s.run_text("t.game", text, Mode::Run, &mut |s, r| match r {
        Ok(a) => out.push(format!("{a:?}")),
        Err(e) => out.push(e.render_plain(s.sources())),
    });
    out.iter()
        .map(|s| {
            s.lines()
                .filter(|l| !l.contains(['│', '╭', '╰', '·']))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect()
}

/// A directed graph of four vertices (edges both ways and one way) and
/// the identity.
const HEAD: &str = "fn id(x) = x\ngraph H { a -> b; b -> c; c -- d; d -> a; c -> a }\n";

/// Set terms of the position's set `s`, a constant set, the loop variable
/// `v`: vertices of `H`, small integers, an integer past the masks (200),
/// an element that is no set (`v` alone: an error), a graph call of an
/// integer (an error).
const TERMS: [&str; 12] = [
    "s",
    "{H(b), H(d)}",
    "{v}",
    "{v, H(a)}",
    "{}",
    "{1, 3}",
    "set(neighbours(H, v))",
    "set(successors(H, v))",
    "{200}",
    "v",
    "set([H(b), H(c)])",
    "{v, 2}",
];

/// The bindings and conditions of a line: over `s` alone (the masks' own
/// loop), with a condition or an outer binding (the target computed
/// per option from the frame), over a constant.
const LOOPS: [&str; 5] = [
    "for v in s",
    "for v in s if v != H(c)",
    "for w in s, v in s",
    "for v in {H(a), 3}",
    "for v in s if v != 1",
];

/// Starting positions: sets of vertices, of integers, mixed, with 200,
/// empty.
const STARTS: [&str; 7] = [
    "{H(a), H(b), H(d)}",
    "{H(a), H(c), H(e)}",
    "{0, 1, 2, 3}",
    "{1, H(b)}",
    "{}",
    "{2, 200}",
    "set(vertices(H))",
];

#[derive(Clone, Debug)]
enum Expr {
    Term(usize),
    Sub(Box<Expr>, Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
}

fn text(e: &Expr) -> String {
    match e {
        Expr::Term(i) => TERMS[*i].to_string(),
        Expr::Sub(a, b) => format!("({} - {})", text(a), text(b)),
        Expr::Add(a, b) => format!("({} + {})", text(a), text(b)),
    }
}

fn expr() -> impl Strategy<Value = Expr> {
    let leaf = (0..TERMS.len()).prop_map(Expr::Term);
    leaf.prop_recursive(3, 8, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Expr::Sub(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| Expr::Add(Box::new(a), Box::new(b))),
        ]
    })
}

/// The game with each line's target written as is, or behind `id`.
fn program(lines: &[(Expr, usize)], starts: &[usize], wrap: bool) -> String {
    let mut t = format!("{HEAD}game A(s) {{\n");
    for (e, l) in lines {
        let e = text(e);
        let e = if wrap { format!("id({e})") } else { e };
        t.push_str(&format!("    move A({e}) {}\n", LOOPS[*l]));
    }
    t.push_str("}\n");
    for &s in starts {
        let s = STARTS[s];
        t.push_str(&format!("moves A({s})\ngrundy A({s})\n"));
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    #[test]
    fn set_targets_list_what_the_ordinary_evaluation_lists(
        lines in prop::collection::vec((expr(), 0..LOOPS.len()), 1..=2),
        starts in prop::collection::vec(0..STARTS.len(), 1..=3),
    ) {
        let fast = run(&program(&lines, &starts, false));
        let slow = run(&program(&lines, &starts, true));
        prop_assert_eq!(fast, slow);
    }
}

/// Node Kayles on a vertex set (a move takes a vertex and its neighbours)
/// on the 4 × 5 grid and on a path, against the same rules behind `id`,
/// and on paths against Dawson's Kayles' own rule: Node Kayles on a path
/// of n vertices is the octal game 0.137.
#[test]
fn node_kayles_on_vertex_sets() {
    let grid = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/bench/games/node_kayles_4x5.game"
    ))
    .unwrap_or_default();
    assert!(grid.contains("game NKsets(left)"));
    let slow = grid.replace(
        "NKsets(left - {v} - set(neighbours(G, v)))",
        "NKsets(id(left - {v} - set(neighbours(G, v))))",
    );
    assert_ne!(grid, slow);
    let fast = run(&grid);
    assert_eq!(fast, run(&format!("fn id(x) = x\n{slow}")));
    assert_eq!(fast.len(), 1);
    assert!(fast[0].contains("value: Finite(0)"), "{fast:?}");

    // Paths of 1..=12 vertices as integer sets: a move takes k and k ± 1.
    let mut text = String::from(
        "game P(left) {\n    move P(left - {v} - ({v - 1} + {v + 1})) for v in left\n}\n\
         game D(n) {\n    move D(0) for k in 0..1 if n == 1\n    \
         move D(n - 2) for k in 0..1 if n >= 2\n    \
         move D(i) + D(n - 3 - i) for i in 0..=n - 3\n}\n",
    );
    for n in 1..=12 {
        text.push_str(&format!("grundy P(set(0..{n}))\ngrundy D({n})\n"));
    }
    let out = run(&text);
    assert_eq!(out.len(), 24);
    for pair in out.chunks(2) {
        let value = |s: &str| s.rsplit("value: ").next().unwrap_or("").to_string();
        assert!(pair[0].contains("Finite("), "{pair:?}");
        assert_eq!(value(&pair[0]), value(&pair[1]), "{pair:?}");
    }
}

/// Set positions made by the masks are kept as masks, their values built
/// only when something reads them (`Solver::comp`): a line whose target
/// the masks cannot give for them (`{v, 0}` mixes vertices and integers)
/// evaluates it the ordinary way from the built set (and `{s}` reads the
/// set, never an element, where it is not built); their options are
/// printed, budgets stop them, and errors name them as the ordinary
/// evaluation does, whichever path made them.
#[test]
fn set_positions_kept_as_masks_build_their_value_when_read() {
    let rules = "fn id(x) = x\n\
        graph H { a -> b; b -> c; c -- d; d -> a; c -> a; e -> a }\n\
        game G(s) {\n    move G(s - {v} - set(successors(H, v))) for v in s\n    \
        move G(s - {v, 0}) for v in s\n}\n\
        game E(s) {\n    move E(s - {v}) for v in s\n    \
        move E(s - {v} + {v, 2}) for v in s\n}\n\
        game F(s) {\n    move F(s - {v}) for v in s\n    move F(s - {v} - {s}) for v in s\n}\n";
    let queries = "grundy G(set(vertices(H)))\n\
        moves G(set(vertices(H)) - {H(a)})\n\
        moves G({H(b), H(c), H(d)})\n\
        grundy G({0, 1, 2, 3, 4})\n\
        outcome E({H(a), H(b), H(c)})\n\
        moves E({H(a), H(b)})\n\
        grundy E({1, 3})\n\
        grundy F({0, 1, 2, 3, 5})\n\
        moves F({0, 2, 3, 5})\n\
        outcome F({0, 2, 4}) + F({0, 1})\n";
    let fast = run(&format!("{rules}{queries}"));
    let slow_rules = rules
        .replace(
            "G(s - {v} - set(successors(H, v)))",
            "G(id(s - {v} - set(successors(H, v))))",
        )
        .replace("G(s - {v, 0})", "G(id(s - {v, 0}))")
        .replace("E(s - {v})", "E(id(s - {v}))")
        .replace("E(s - {v} + {v, 2})", "E(id(s - {v} + {v, 2}))")
        .replace("F(s - {v})", "F(id(s - {v}))")
        .replace("F(s - {v} - {s})", "F(id(s - {v} - {s}))");
    assert_ne!(rules, slow_rules);
    assert_eq!(fast, run(&format!("{slow_rules}{queries}")));
    assert_eq!(fast.len(), 10);
    assert!(fast.iter().any(|a| a.contains("H(b)")), "{fast:?}");
    // A budget met among positions kept as masks names the game.
    let tight = run_in(
        &mut Session::new(20),
        "graph P { p0 -- p1; p1 -- p2; p2 -- p3; p3 -- p4; p4 -- p5; p5 -- p6; p6 -- p7 }\n\
         game N(s) { move N(s - {v}) for v in s }\n\
         grundy N(set(vertices(P)))\n",
    );
    assert_eq!(tight.len(), 1);
    assert!(
        tight[0].contains("budget exceeded: N reaches more than 20 positions"),
        "{tight:?}"
    );
}

/// A position reached by the masks and the same position made the
/// ordinary way are one position; a redefined graph is read afresh.
#[test]
fn one_position_by_either_path_and_a_redefined_graph() {
    let mut s = Session::new(100_000);
    s.set_redefine(Redefine::Replace);
    let mut out = run_in(
        &mut s,
        "graph H { a -- b; b -- c }\n\
         game N(left) {\n    move N(left - {v} - set(neighbours(H, v))) for v in left\n}\n\
         moves N(set(vertices(H)))\n\
         N({H(c)}) == N(set(vertices(H)) - {H(a)} - {H(b)})\n",
    );
    out.extend(run_in(&mut s, "graph H { a -- b; a -- c }\n"));
    out.extend(run_in(&mut s, "moves N({H(a), H(b), H(c)})\n"));
    assert_eq!(out.len(), 3, "{out:?}");
    assert!(
        out[0].contains("N({H(c)})") && out[0].contains("N({})"),
        "{out:?}"
    );
    assert!(out[1].contains("true"), "{out:?}");
    // Now a's neighbours are b and c: taking a ends the game.
    assert!(
        out[2].contains("N({})") && out[2].contains("N({H(b)})"),
        "{out:?}"
    );
}

/// The chains a vertex table answers (`Closed` in `sets.rs`: a fixed part
/// less `{v}`s, then at most one adjacency of `v`) against the same
/// targets behind `id`: `{v}` alone and twice, an adjacency alone, both
/// in either order (`- adjacency - {v}` is no such chain), and a fixed
/// part that is not the loop's set (so that `v` may not be in it), on a
/// directed graph with a vertex that has no edge out.
#[test]
fn vertex_table_chains_list_what_the_ordinary_evaluation_lists() {
    let targets = [
        "s - {v}",
        "s - {v} - {v}",
        "s - set(successors(H, v))",
        "s - {v} - set(neighbours(H, v))",
        "s - {v, v} - {v} - set(successors(H, v))",
        "s - set(neighbours(H, v)) - {v}",
        "{H(a), H(c), H(e)} - {v} - set(neighbours(H, v))",
        "set(vertices(H)) - {v} - set(successors(H, v))",
    ];
    let head = "fn id(x) = x\ngraph H { a -> b; b -> c; c -- d; d -> a; c -> a; f -> e }\n";
    let starts = [
        "set(vertices(H))",
        "{H(a), H(b), H(d)}",
        "{H(e), H(f)}",
        "{}",
    ];
    for t in targets {
        let program = |t: &str| {
            let mut p = format!("{head}game A(s) {{\n    move A({t}) for v in s\n}}\n");
            for s in starts {
                p.push_str(&format!("moves A({s})\ngrundy A({s})\n"));
            }
            p
        };
        let fast = run(&program(t));
        assert_eq!(fast.len(), 2 * starts.len(), "{t}: {fast:?}");
        assert!(fast.iter().all(|a| !a.contains("rror")), "{t}: {fast:?}");
        assert_eq!(fast, run(&program(&format!("id({t})"))), "{t}");
    }
}
