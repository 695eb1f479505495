//! `dot P` of a partizan position: its state graph, each node a position
//! (a sorted multiset of components; components with no move left for
//! either player dropped, as they change nothing), filled by its outcome
//! class (L, R, N, P) and labelled with its canonical value, Left's moves
//! as solid blue arrows and Right's as dashed red ones. Boards are drawn as
//! their squares.

use indexmap::IndexMap;
use rustc_hash::{FxBuildHasher, FxHashMap};

use crate::digraph::{self, DotNode, EdgeStyle, Label, LegendEntry};
use crate::error::Result;
use crate::model::Comp;
use crate::partizan::Outcome as POutcome;
use crate::source::Span;
use crate::syntax::ast::Side;

use super::graphs::{dot_too_large, named};
use super::{Answer, DOT_MAX_VERTICES, Run};

/// The state graph, breadth first from the position: its nodes, and its
/// edges with the player who moves.
struct Sided {
    nodes: Vec<Box<[u32]>>,
    edges: Vec<(u32, u32, EdgeStyle)>,
}

pub(super) fn dot(ctx: &mut Run<'_>, span: Span, pos: &[Comp]) -> Result<Answer> {
    let ids = ctx.intern_all(pos)?;
    let graph = state_graph(ctx, span, &ids)?;
    let mut values = Vec::with_capacity(graph.nodes.len());
    for node in &graph.nodes {
        values.push(ctx.solver.partizan_sum(&ctx.cx, node)?);
    }
    let shown = ctx.nodes_shown(&graph.nodes, super::draw::picture)?;
    let store = ctx.solver.store();
    let mut seen = [false; 4];
    let nodes: Vec<DotNode> = shown
        .into_iter()
        .zip(&values)
        .map(|((name, picture), &v)| {
            let value = store.display(v);
            let (fill, k) = fill(store.outcome(v));
            seen[k] = true;
            let label = match picture {
                Some(p) => Label {
                    picture: Some(p),
                    text: value,
                },
                None => Label::from(format!("{name}\n{value}")),
            };
            DotNode {
                label,
                fill,
                dashed: false,
                double: false,
            }
        })
        .collect();
    let dot = digraph::write_dot(&nodes, &graph.edges, &legend(seen));
    let subject = ctx.heading(pos, 0)?;
    Ok(Answer::Dot {
        dot: named(&dot, &subject),
        subject,
    })
}

/// The fill of an outcome class, and its place in the legend.
fn fill(o: POutcome) -> (&'static str, usize) {
    match o {
        POutcome::L => (digraph::L_FILL, 0),
        POutcome::R => (digraph::R_FILL, 1),
        POutcome::N => (digraph::N_FILL, 2),
        POutcome::P => (digraph::P_FILL, 3),
    }
}

/// The legend: the outcome classes that occur, and the two kinds of arrow.
fn legend(seen: [bool; 4]) -> Vec<LegendEntry> {
    let entry = |key: u32, text: &str, fill: &'static str, font| LegendEntry {
        key,
        text: text.into(),
        fill,
        dashed: false,
        double: false,
        font,
    };
    let classes = [
        (4, "L: Left wins", digraph::L_FILL),
        (5, "R: Right wins", digraph::R_FILL),
        (1, "N: the next player wins", digraph::N_FILL),
        (0, "P: the previous player wins", digraph::P_FILL),
    ];
    let mut out: Vec<LegendEntry> = classes
        .iter()
        .zip(seen)
        .filter(|(_, s)| *s)
        .map(|(&(key, text, fill), _)| entry(key, text, fill, None))
        .collect();
    out.push(entry(
        6,
        "blue arrow: a move of Left's",
        "white",
        Some(digraph::LEFT_EDGE),
    ));
    out.push(entry(
        7,
        "red dashed arrow: a move of Right's",
        "white",
        Some(digraph::RIGHT_EDGE),
    ));
    out
}

/// The positions reachable from `ids` by either player, breadth first,
/// at most `DOT_MAX_VERTICES`; a move that two ways reach (the same
/// player, the same position after) is one arrow.
fn state_graph(ctx: &mut Run<'_>, span: Span, ids: &[u32]) -> Result<Sided> {
    let mut dead: FxHashMap<u32, bool> = FxHashMap::default();
    let mut nodes: IndexMap<Box<[u32]>, (), FxBuildHasher> = IndexMap::default();
    let root = live(ctx, &mut dead, ids.to_vec())?;
    nodes.insert(root.into_boxed_slice(), ());
    let mut edges = Vec::new();
    let mut next = 0;
    while next < nodes.len() {
        let key: Vec<u32> = nodes
            .get_index(next)
            .map(|(k, _)| k.to_vec())
            .unwrap_or_default();
        for (side, style) in [
            (Side::Left, EdgeStyle::Left),
            (Side::Right, EdgeStyle::Right),
        ] {
            let mut tos = Vec::new();
            for (_, child) in ctx.solver.sided_children(&ctx.cx, &key, side)? {
                let child = live(ctx, &mut dead, child)?;
                let to = match nodes.get_index_of(child.as_slice()) {
                    Some(j) => j,
                    None => {
                        if nodes.len() >= DOT_MAX_VERTICES {
                            return Err(dot_too_large(nodes.len() + 1, span));
                        }
                        nodes.insert_full(child.into_boxed_slice(), ()).0
                    }
                };
                if !tos.contains(&to) {
                    tos.push(to);
                    edges.push((next as u32, to as u32, style));
                }
            }
        }
        next += 1;
    }
    Ok(Sided {
        nodes: nodes.into_keys().collect(),
        edges,
    })
}

/// A node without the components that have no move for either player
/// (sorted, as `sided_children` gives).
fn live(
    ctx: &mut Run<'_>,
    dead: &mut FxHashMap<u32, bool>,
    mut node: Vec<u32>,
) -> Result<Vec<u32>> {
    let mut keep = Vec::with_capacity(node.len());
    for &id in &node {
        let d = match dead.get(&id) {
            Some(&d) => d,
            None => {
                let d = ctx
                    .solver
                    .sided_children(&ctx.cx, &[id], Side::Left)?
                    .is_empty()
                    && ctx
                        .solver
                        .sided_children(&ctx.cx, &[id], Side::Right)?
                        .is_empty();
                dead.insert(id, d);
                d
            }
        };
        keep.push(!d);
    }
    let mut i = 0;
    node.retain(|_| {
        i += 1;
        keep[i - 1]
    });
    node.sort_unstable();
    Ok(node)
}
