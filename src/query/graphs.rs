//! The queries about explicit graphs and state graphs: kernels, kernel
//! sequences and DOT pictures, each search under the query's limits.

use super::compile::game_of_arity;
use crate::digraph::{self, Digraph};
use crate::error::{CompileError, SolveError};
use crate::error::{Error, Result};
use crate::library::Shape;
use crate::model::{Ctx, Defs, GameId};
use crate::solve::GValue;
use crate::source::Span;
use crate::syntax::ast::Ident;

use serde_json::{Value as Json, json};

use super::*;

/// What a kernel answer cut short by its search budget says.
const TRUNCATED_KERNELS: &str = "truncated: the search stopped at its budget, there may be more (raise --max-steps, or --max-memory for more kernels listed)";

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

pub(super) fn graph_game(defs: &Defs, g: &Ident, word: Shape) -> Result<GameId> {
    let id = game_of_arity(defs, g, 1, word)?;
    let query = word.name();
    if defs.game(id).kind.partizan() {
        return Err(SolveError::Partizan {
            game: g.name.clone(),
            query: query.into(),
            span: g.span,
        }
        .into());
    }
    if defs.game(id).kind.graph().is_none() {
        return Err(CompileError::Query {
            message: format!("`{}` is not a graph", g.name),
            help: format!(
                "`{query}` takes a graph declared with `graph {} {{ a -> b; ... }}`; for a game's state graph ask about a position, e.g. `{} {}(...)`",
                g.name,
                match word {
                    Shape::Kernels | Shape::KernelSequences => Shape::Kernel.name(),
                    _ => query,
                },
                g.name
            ),
            span: g.span,
        }.into());
    }
    Ok(id)
}

/// Looks at Ctrl-C's flag and the memory held once in 1,024 sets (naming
/// a million kernels takes a while); the steps were the search's.
fn name_sets(cx: &Ctx, sets: &[Vec<u32>], names: &[String]) -> Result<Vec<Vec<String>>> {
    sets.iter()
        .enumerate()
        .map(|(i, k)| {
            if i % 1024 == 1023 {
                cx.check()?;
            }
            Ok(k.iter()
                .map(|&v| names.get(v as usize).cloned().unwrap_or_default())
                .collect())
        })
        .collect()
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
        results: cx.limits.kernels_listed(vertices),
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
        kernels: name_sets(cx, &r.kernels, names)?,
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
        sequences: r
            .sequences
            .iter()
            .map(|s| name_sets(cx, s, names))
            .collect::<Result<_>>()?,
        complete: r.complete,
        acyclic: digraph::grundy_acyclic(graph).is_ok(),
    })
}

pub(super) fn dot_too_large(n: usize, span: Span) -> Error {
    CompileError::Query {
        message: format!(
            "the state graph has {n} vertices, more than a picture can show ({DOT_MAX_VERTICES})"
        ),
        help: "ask about a smaller position".into(),
        span,
    }
    .into()
}

/// Graphviz text: vertices labelled with their value (γ), a kernel marked.
/// Each vertex is its name and value, or, when `pictures` has one for it
/// (a position with boards), that picture over its value.
pub(super) fn dot_text(
    cx: &Ctx,
    graph: &Digraph,
    names: &[String],
    pictures: &[Option<String>],
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
        let name = names
            .get(v as usize)
            .map(std::string::String::as_str)
            .unwrap_or("?");
        let value = values
            .get(v as usize)
            .map(GValue::from)
            .unwrap_or(GValue::Finite(0));
        match pictures.get(v as usize).cloned().flatten() {
            Some(picture) => digraph::Label {
                picture: Some(picture),
                text: value.to_string(),
            },
            None => digraph::Label::from(format!("{name}\n{value}")),
        }
    };
    let dot = digraph::to_dot(graph, &label, kernel.as_deref(), DOT_MAX_VERTICES).map_err(|e| {
        CompileError::Query {
            message: e.to_string(),
            help: "ask about a smaller position".into(),
            span,
        }
    })?;
    Ok(named(&dot, subject))
}

/// DOT text with the graph named after what it shows.
pub(super) fn named(dot: &str, subject: &str) -> String {
    let name = subject.replace('\\', "\\\\").replace('"', "\\\"");
    dot.replacen("digraph G {", &format!("digraph \"{name}\" {{"), 1)
}

pub(super) fn kernels(ctx: &mut Run<'_>, g: GameId) -> Result<Answer> {
    let (graph, names) = graph_of(ctx.cx.defs, g);
    kernels_answer(
        &ctx.cx,
        &graph,
        &names,
        ctx.cx.defs.game(g).name.clone(),
        true,
    )
}

pub(super) fn kernel_sequences(ctx: &mut Run<'_>, g: GameId) -> Result<Answer> {
    let (graph, names) = graph_of(ctx.cx.defs, g);
    kernel_sequences_answer(
        &ctx.cx,
        &graph,
        &names,
        ctx.cx.defs.game(g).name.clone(),
        true,
    )
}

pub(super) fn kernel_sequences_of(ctx: &mut Run<'_>, x: &Node) -> Result<Answer> {
    let pos = ctx.position(x)?;
    ctx.impartial(&pos, Shape::KernelSequences.name())?;
    let ids = ctx.intern_all(&pos)?;
    let sg = ctx.sum_graph(&ids)?;
    let names = ctx.node_names(&sg)?;
    kernel_sequences_answer(&ctx.cx, &sg.graph, &names, ctx.heading(&pos, 0)?, false)
}

pub(super) fn kernel(ctx: &mut Run<'_>, x: &Node) -> Result<Answer> {
    let pos = ctx.position(x)?;
    ctx.impartial(&pos, Shape::Kernel.name())?;
    let ids = ctx.intern_all(&pos)?;
    let sg = ctx.sum_graph(&ids)?;
    let names = ctx.node_names(&sg)?;
    kernels_answer(&ctx.cx, &sg.graph, &names, ctx.heading(&pos, 0)?, false)
}

pub(super) fn dot_graph(ctx: &mut Run<'_>, g: GameId) -> Result<Answer> {
    let (graph, names) = graph_of(ctx.cx.defs, g);
    let subject = ctx.cx.defs.game(g).name.clone();
    Ok(Answer::Dot {
        dot: dot_text(&ctx.cx, &graph, &names, &[], &subject)?,
        subject,
    })
}

/// `dot P`: the state graph of a position; a partizan one with each
/// player's moves (`partizan_dot.rs`).
pub(super) fn dot(ctx: &mut Run<'_>, span: Span, x: &Node) -> Result<Answer> {
    let pos = ctx.position(x)?;
    if ctx.cx.defs.any_partizan(&pos) {
        return super::partizan_dot::dot(ctx, span, &pos);
    }
    let ids = ctx.intern_all(&pos)?;
    let sg = match ctx.sum_graph(&ids) {
        // An impartial game that reaches a partizan one.
        Err(Error::Solve(SolveError::Partizan { .. })) => {
            return super::partizan_dot::dot(ctx, span, &pos);
        }
        r => r?,
    };
    if sg.nodes.len() > DOT_MAX_VERTICES {
        return Err(dot_too_large(sg.nodes.len(), span));
    }
    let (names, pictures): (Vec<String>, Vec<Option<String>>) = ctx
        .nodes_shown(&sg.nodes, super::draw::picture)?
        .into_iter()
        .unzip();
    let subject = ctx.heading(&pos, 0)?;
    Ok(Answer::Dot {
        dot: dot_text(&ctx.cx, &sg.graph, &names, &pictures, &subject)?,
        subject,
    })
}

/// The text of this family's answers.
pub(crate) fn text(a: &Answer) -> String {
    let w = a.word();
    match a {
        Answer::Kernels {
            subject,
            kernels,
            complete,
            acyclic,
            odd_cycle,
            ..
        } => {
            // `kernels G` or `kernel P`: the answer's word says which.
            let head = format!("{w} {subject}");
            let mut notes = Vec::new();
            if *acyclic {
                notes.push("acyclic: the unique kernel is the set of P-positions".to_string());
            } else if !*odd_cycle {
                notes.push("no odd cycle: a kernel exists (Richardson)".to_string());
            }
            if !*complete {
                notes.push(TRUNCATED_KERNELS.to_string());
            }
            let notes = if notes.is_empty() {
                String::new()
            } else {
                format!(" ({})", notes.join("; "))
            };
            if kernels.is_empty() {
                return format!("{head}: none{notes}");
            }
            format!("{head}: {}{notes}", sets(kernels))
        }
        Answer::KernelSequences {
            subject,
            of_graph,
            sequences,
            complete,
            acyclic,
        } => {
            let head = if *of_graph {
                format!("{w} {subject}")
            } else {
                format!("{w} of {subject}")
            };
            let mut s = if sequences.is_empty() {
                format!("{head}: none")
            } else {
                let mut s = format!("{head}:");
                for seq in sequences {
                    s.push_str(&format!("\n  {}", sets(seq)));
                }
                s
            };
            if *acyclic {
                s.push_str("\n  (acyclic: the only sequence is the Grundy classes K0, K1, ...)");
            }
            if !*complete {
                s.push_str(&format!("\n  ({TRUNCATED_KERNELS})"));
            }
            s
        }
        Answer::Dot { dot, .. } => dot.trim_end().to_string(),
        _ => unreachable!("present: not this family's answer: {a:?}"),
    }
}

/// The JSON of this family's answers.
pub(crate) fn json(a: &Answer) -> Json {
    let w = a.word();
    match a {
        Answer::Kernels {
            subject,
            of_graph,
            kernels,
            complete,
            ..
        } => {
            if *of_graph {
                json!({"query": w, "graph": subject, "kernels": kernels, "complete": complete})
            } else {
                json!({"query": w, "position": subject, "kernels": kernels, "complete": complete})
            }
        }
        Answer::KernelSequences {
            subject,
            of_graph,
            sequences,
            complete,
            ..
        } => {
            let key = if *of_graph { "graph" } else { "position" };
            json!({
                "query": w,
                key: subject,
                "sequences": sequences,
                "complete": complete,
            })
        }
        Answer::Dot { subject, dot } => json!({"query": w, "subject": subject, "dot": dot}),
        _ => unreachable!("present: not this family's answer: {a:?}"),
    }
}

fn sets(xs: &[Vec<String>]) -> String {
    let v: Vec<String> = xs.iter().map(|k| format!("{{{}}}", k.join(", "))).collect();
    v.join(" ")
}
