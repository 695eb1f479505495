//! The queries about explicit graphs and state graphs: kernels, kernel
//! sequences and DOT pictures, each search under the query's limits.

use crate::digraph::{self, Digraph};
use crate::error::{Error, Result};
use crate::eval::{Ctx, Defs, GameId};
use crate::solve::GValue;
use crate::source::Span;
use crate::syntax::ast::Ident;

use super::{Answer, DOT_MAX_VERTICES, game_of_arity};

/// The digraph of a `graph` declaration, with its vertex names.
pub(super) fn graph_of(defs: &Defs, g: GameId) -> (Digraph, Vec<String>) {
    match defs.game(g).kind.graph() {
        Some(graph) => {
            let names = graph.vertices.keys().cloned().collect();
            let d = Digraph::from_adjacency(&graph.edges).unwrap_or_default();
            (d, names)
        }
        None => (Digraph::default(), Vec::new()),
    }
}

pub(super) fn graph_game(defs: &Defs, g: &Ident, query: &str) -> Result<GameId> {
    let id = game_of_arity(defs, g, 1, query)?;
    if defs.game(id).kind.partizan() {
        return Err(Error::Partizan {
            game: g.name.clone(),
            query: query.into(),
            span: g.span,
        });
    }
    if defs.game(id).kind.graph().is_none() {
        return Err(Error::Query {
            message: format!("`{}` is not a graph", g.name),
            help: format!(
                "`{query}` takes a graph declared with `graph {} {{ a -> b; ... }}`; for a game's state graph ask about a position, e.g. `{} {}(...)`",
                g.name,
                if query == "kernels" || query == "kernel_sequences" {
                    "kernel"
                } else {
                    query
                },
                g.name
            ),
            span: g.span,
        });
    }
    Ok(id)
}

fn name_sets(sets: &[Vec<u32>], names: &[String]) -> Vec<Vec<String>> {
    sets.iter()
        .map(|k| {
            k.iter()
                .map(|&v| names.get(v as usize).cloned().unwrap_or_default())
                .collect()
        })
        .collect()
}

/// How many kernels (or kernel sequences) of a graph of `vertices`
/// vertices `kernels` and `kernel_sequences` list under `limits`: as many
/// as an eighth of `--max-memory` holds (a listed vertex costs about 40
/// bytes with its name), so the cap is the memory option; 80,000 kernels of
/// a 24-vertex graph under the default.
pub fn kernels_listed(limits: &crate::eval::Limits, vertices: usize) -> usize {
    (limits.max_memory / 8 / (40 * vertices + 64)).max(1)
}

/// A kernel search under the query's limits: Ctrl-C and the memory
/// budget stop it with their diagnostics; its own limits (branching nodes
/// and propagation steps from `--max-steps`: 1,000,000 and 200,000,000 by
/// default; the kernels listed from `--max-memory`) make the answer
/// incomplete, which it says.
fn search<T>(cx: &Ctx, vertices: usize, f: impl FnOnce(&digraph::SearchLimits) -> T) -> Result<T> {
    let over = || cx.interrupted() || cx.check_memory(cx.span).is_err();
    let steps = cx.limits.max_steps;
    let limits = digraph::SearchLimits {
        nodes: digraph::DEFAULT_SEARCH_BUDGET.max(steps / 1000),
        work: steps / 5,
        results: kernels_listed(&cx.limits, vertices),
        stop: &over,
    };
    let r = f(&limits);
    cx.check()?;
    Ok(r)
}

pub(super) fn kernels_answer(
    cx: &Ctx,
    graph: &Digraph,
    names: &[String],
    subject: String,
    of_graph: bool,
) -> Result<Answer> {
    let r = search(cx, graph.num_vertices(), |l| {
        digraph::kernels_within(graph, l)
    })?;
    Ok(Answer::Kernels {
        subject,
        of_graph,
        kernels: name_sets(&r.kernels, names),
        complete: r.complete,
        acyclic: digraph::grundy_acyclic(graph).is_ok(),
        odd_cycle: digraph::has_odd_cycle(graph),
    })
}

pub(super) fn kernel_sequences_answer(
    cx: &Ctx,
    graph: &Digraph,
    names: &[String],
    subject: String,
    of_graph: bool,
) -> Result<Answer> {
    let r = search(cx, graph.num_vertices(), |l| {
        digraph::kernel_sequences_within(graph, l)
    })?;
    Ok(Answer::KernelSequences {
        subject,
        of_graph,
        sequences: r.sequences.iter().map(|s| name_sets(s, names)).collect(),
        complete: r.complete,
        acyclic: digraph::grundy_acyclic(graph).is_ok(),
    })
}

pub(super) fn dot_too_large(n: usize, span: Span) -> Error {
    Error::Query {
        message: format!(
            "the state graph has {n} vertices, more than a picture can show ({DOT_MAX_VERTICES})"
        ),
        help: "ask about a smaller position".into(),
        span,
    }
}

/// Graphviz text: vertices labelled with their value (γ), a kernel marked.
pub(super) fn dot_text(
    cx: &Ctx,
    graph: &Digraph,
    names: &[String],
    subject: &str,
) -> Result<String> {
    let span = cx.span;
    if graph.num_vertices() > DOT_MAX_VERTICES {
        return Err(dot_too_large(graph.num_vertices(), span));
    }
    let values = digraph::gamma(graph);
    let kernel = search(cx, graph.num_vertices(), |l| {
        let one = digraph::SearchLimits { results: 1, ..*l };
        digraph::kernels_within(graph, &one)
    })?
    .kernels
    .into_iter()
    .next();
    let label = |v: u32| {
        let name = names.get(v as usize).map(|s| s.as_str()).unwrap_or("?");
        let value = values
            .get(v as usize)
            .map(GValue::from)
            .unwrap_or(GValue::Finite(0));
        format!("{name}\n{value}")
    };
    let dot = digraph::to_dot(graph, &label, kernel.as_deref(), DOT_MAX_VERTICES).map_err(|e| {
        Error::Query {
            message: e.to_string(),
            help: "ask about a smaller position".into(),
            span,
        }
    })?;
    // Name the graph after what it shows.
    let name = subject.replace('\\', "\\\\").replace('"', "\\\"");
    Ok(dot.replacen("digraph G {", &format!("digraph \"{name}\" {{"), 1))
}
