//! Graphs as data: graph values (`undirected`, `subgraph`, `remove`,
//! `vertices`, `edges`, and `neighbours`, `components`, `canonical`, `len`
//! of a graph value), undirected graphs of at most 64 vertices as
//! adjacency masks (the `board::Graph` library, its refusals turned into
//! diagnostics); and a declared `graph` as data (`successors`, and the
//! forms of `vertices`, `edges`, `subgraph`, `neighbours`, `components` the
//! compiler turns into its data: `whole`, `declared`, `graph_parts`). A
//! declared graph becomes a value by `subgraph(G)` (its vertex i, in the
//! order first written, is vertex i of the value; edges taken either way).

use std::rc::Rc;

use crate::board::{Graph, MAX_VERTICES, canonical_graph};
use crate::error::EvalError;
use crate::error::{Error, Result};
use crate::model::{Comp, Ctx, Defs, GameId, Value};
use crate::source::Span;

use super::{Args, Entry, Param, builtin, p};

/// `successors(G, v)`: an entry of a declared graph only, which the
/// compiler turns into the graph's data.
const fn of_declared(
    name: &'static str,
    params: &'static [Param],
    returns: &'static str,
    doc: &'static str,
    example: &'static str,
) -> Entry {
    builtin(
        name,
        |_| unreachable!("compiled to the declared graph's data"),
        params,
        (params.len(), params.len()),
        returns,
        "vertices(G), edges(G) and successors(G, v) take a declared `graph` G",
        doc,
        example,
    )
    .declared_graph()
}

pub(super) static ENTRIES: &[Entry] = &[
    builtin(
        "vertices",
        vertices,
        &[p("G", "graph | graph value")],
        (1, 1),
        "list of positions | list of ints",
        "vertices(G): the vertices of a declared graph as positions G(v), or of a graph value as integers",
        "the vertices of a declared graph (positions `G(v)`), or of a graph value (integers)",
        "vertices(undirected(3, [(0, 1)]))",
    )
    .graphs(),
    builtin(
        "edges",
        edges,
        &[p("G", "graph | graph value")],
        (1, 1),
        "list of tuples",
        "edges(G): the edges of a declared graph as (from, to) pairs of positions, or of a graph value as (a, b) with a < b",
        "the edges of a declared graph, as (from, to) pairs; of a graph value, each once as (a, b) with a < b",
        "edges(undirected(3, [(0, 1), (1, 2)]))",
    )
    .graphs(),
    builtin(
        "undirected",
        undirected,
        &[p("n", "int | vertices"), p("edges", "list of (int, int)")],
        (2, 2),
        "graph",
        "undirected(n, edges) or undirected(vs, edges): a graph value on vertices 0..n (or the labels vs, at most 64, from 0 to 63)",
        "an undirected graph value: vertices 0..n (or the labels vs, from 0 to 63; at most 64) and the edges (a, b) between them",
        "undirected(4, [(0, 1), (1, 2), (2, 3)])",
    )
    .graphs(),
    builtin(
        "subgraph",
        subgraph,
        &[p("G", "graph | graph value"), p("[vs]", "vertices")],
        (1, 2),
        "graph",
        "subgraph(G) or subgraph(G, vs): a declared graph as a graph value (its i-th vertex is i, edges either way), or the part vs induces",
        "a declared graph as a graph value (its i-th vertex labelled i, edges taken either way), or the subgraph the vertices vs induce (of a declared graph or a graph value)",
        "subgraph(undirected(3, [(0, 1), (1, 2)]), [0, 1])",
    )
    .graphs(),
    builtin(
        "remove",
        remove,
        &[p("g", "graph value"), p("vs", "vertex | vertices")],
        (2, 2),
        "graph",
        "remove(g, vs): the graph value without the vertex or vertices vs and their edges (the others keep their labels)",
        "the graph without a vertex or the vertices vs and their edges; the other vertices keep their labels",
        "remove(undirected(3, [(0, 1), (1, 2)]), 1)",
    )
    .graphs(),
    of_declared(
        "successors",
        &[p("G", "graph"), p("v", "vertex")],
        "list of positions",
        "the vertices one edge from v",
        "successors(G, G(a))",
    ),
];

/// The graph value argument `i`.
fn value_of(a: &Args, i: usize) -> Result<Rc<Graph>> {
    match &a.values[i] {
        Value::Graph(g) => Ok(g.clone()),
        v => Err(a.not(v, "a graph value", a.at(i))),
    }
}

/// A graph function of one argument refuses a second.
fn one(a: &Args) -> Result<()> {
    if a.values.len() > 1 {
        return Err(a.wrong(
            format!("{}() of a graph takes one argument", a.name()),
            a.at(1),
        ));
    }
    Ok(())
}

fn vertices(a: Args) -> Result<Value> {
    Ok(ints(value_of(&a, 0)?.vertices()))
}

fn edges(a: Args) -> Result<Value> {
    let g = value_of(&a, 0)?;
    Ok(Value::list(
        g.edges().into_iter().map(|(x, y)| pair(x, y)).collect(),
    ))
}

fn remove(a: Args) -> Result<Value> {
    let g = value_of(&a, 0)?;
    let gone = mask_of(&a, &a.values[1], a.at(1))?;
    Ok(graph(g.remove(gone)))
}

fn subgraph(a: Args) -> Result<Value> {
    let g = value_of(&a, 0)?;
    if a.values.len() < 2 {
        return Err(a.wrong(
            "subgraph(g, vs) of a graph value takes the vertices to keep".into(),
            a.span,
        ));
    }
    let keep = mask_of(&a, &a.values[1], a.at(1))?;
    Ok(graph(g.induced(keep)))
}

/// `neighbours(g, v)` of a graph value.
pub(super) fn neighbours(a: Args) -> Result<Value> {
    let g = value_of(&a, 0)?;
    if a.values.len() > 2 {
        return Err(a.wrong(
            "neighbours(g, v) of a graph takes two arguments".into(),
            a.at(2),
        ));
    }
    let v = match &a.values[1] {
        Value::Int(v) if g.has(*v) => *v as usize,
        Value::Int(v) => {
            return Err(EvalError::Value {
                message: format!("{v} is not a vertex of this graph"),
                help: format!("its vertices are {}", list_text(&g.vertices())),
                span: a.at(1),
            }
            .into());
        }
        v => return Err(a.not(v, "a vertex (an integer)", a.at(1))),
    };
    Ok(ints(g.neighbours(v)))
}

/// `components(g)` of a graph value.
pub(super) fn components(a: Args) -> Result<Value> {
    let g = value_of(&a, 0)?;
    one(&a)?;
    Ok(Value::list(g.components().into_iter().map(graph).collect()))
}

/// `canonical(g)` of a graph value.
pub(super) fn canonical(a: Args) -> Result<Value> {
    let g = value_of(&a, 0)?;
    one(&a)?;
    let span = a.span;
    Ok(graph(canonical_graph(&g, &mut || a.cx.tick_at(span))?))
}

/// `undirected(n, edges)` (vertices 0..n) or `undirected(vs, edges)`.
fn undirected(a: Args) -> Result<Value> {
    let verts = match &a.values[0] {
        Value::Int(n) if (0..=MAX_VERTICES as i64).contains(n) => {
            if *n == 64 {
                u64::MAX
            } else {
                (1u64 << n) - 1
            }
        }
        Value::Int(n) => return Err(too_many(*n, a.at(0))),
        v => mask_of(&a, v, a.at(0))?,
    };
    let items = match &a.values[1] {
        v @ (Value::List(_) | Value::Tuple(_) | Value::Set(_)) => a.elements_of(v, a.at(1))?,
        v => return Err(a.not(v, "a list of edges (a, b)", a.at(1))),
    };
    let mut edges = Vec::with_capacity(items.len());
    for e in &items {
        match e {
            Value::Tuple(xs) if xs.len() == 2 => match (&xs[0], &xs[1]) {
                (Value::Int(x), Value::Int(y)) if (0..64).contains(x) && (0..64).contains(y) => {
                    edges.push((*x as usize, *y as usize));
                }
                _ => return Err(a.not(e, "edges (a, b) of vertices 0 to 63", a.at(1))),
            },
            e => return Err(a.not(e, "edges (a, b)", a.at(1))),
        }
    }
    Graph::new(verts, &edges).map(graph).map_err(|e| {
        EvalError::Value {
            message: e.message,
            help: e.help,
            span: a.at(1),
        }
        .into()
    })
}

/// `subgraph(G)`: the declared graph `g` as a value.
pub(crate) fn whole(defs: &Defs, g: GameId, span: Span) -> Result<Graph> {
    let name = &defs.game(g).name;
    let Some(data) = defs.game(g).kind.graph() else {
        return Err(Error::type_error(
            format!("`subgraph` needs a graph, and `{name}` is not one"),
            "write `subgraph(G)` for a declared `graph G { … }`, or `subgraph(g, vs)` for a graph value",
            span,
        ));
    };
    let n = data.vertices.len();
    if n > MAX_VERTICES {
        return Err(EvalError::Value {
            message: format!("`{name}` has {n} vertices; a graph value holds at most {MAX_VERTICES}"),
            help: "take a subgraph of at most 64 of its vertices: `components(G, vs)` works on any size"
                .into(),
            span,
        }.into());
    }
    let mut edges = Vec::new();
    for (a, out) in data.edges.iter().enumerate() {
        for &b in out {
            let b = b as usize;
            if a == b {
                let v = data
                    .vertices
                    .get_index(a)
                    .map(|(v, _)| v.as_str())
                    .unwrap_or("?");
                return Err(EvalError::Value {
                    message: format!("`{name}` has a loop at `{v}`: a graph value is simple"),
                    help: "drop the loop, or play the declared graph itself as a game".into(),
                    span,
                }
                .into());
            }
            edges.push((a, b));
        }
    }
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    Graph::new(all, &edges).map_err(|e| {
        EvalError::Value {
            message: e.message,
            help: e.help,
            span,
        }
        .into()
    })
}

/// `subgraph(G, vs)` of a declared graph: the value on the vertices `vs`
/// (positions `G(v)`).
pub(crate) fn declared(defs: &Defs, g: GameId, vs: &Value, span: Span, cx: &Ctx) -> Result<Value> {
    let whole = whole(defs, g, span)?;
    let name = &defs.game(g).name;
    let n = whole.len();
    let bad = |what: &str| {
        Error::type_error(
            format!("`subgraph({name}, vs)` needs vertices of `{name}`, not {what}"),
            format!("write a list or set of vertices, e.g. `subgraph({name}, [{name}(a)])`"),
            span,
        )
    };
    let items = match vs {
        Value::List(_) | Value::Tuple(_) | Value::Set(_) => {
            super::elements(vs, span, cx)?.unwrap_or_default()
        }
        v => return Err(bad(v.type_name())),
    };
    let mut keep = 0u64;
    for v in &items {
        match v {
            Value::Pos(cs) if cs.len() == 1 && cs[0].game == g => match &cs[0].args[..] {
                [Value::Int(i)] if (0..n as i64).contains(i) => keep |= 1 << i,
                _ => return Err(bad("another position")),
            },
            v => return Err(bad(v.type_name())),
        }
    }
    Ok(graph(whole.induced(keep)))
}

/// A vertex or a collection of vertices, as a mask.
fn mask_of(a: &Args, v: &Value, span: Span) -> Result<u64> {
    let items = match v {
        Value::Int(_) => vec![v.clone()],
        Value::List(_) | Value::Tuple(_) | Value::Set(_) | Value::Range(..) => {
            a.elements_of(v, span)?
        }
        v => return Err(a.not(v, "a vertex or a list of vertices", span)),
    };
    let mut m = 0u64;
    for x in &items {
        match x {
            Value::Int(i) if (0..64).contains(i) => m |= 1 << i,
            Value::Int(i) => return Err(too_many(*i, span)),
            x => return Err(a.not(x, "vertices (integers 0 to 63)", span)),
        }
    }
    Ok(m)
}

fn too_many(n: i64, span: Span) -> Error {
    EvalError::Value {
        message: format!("{n} is not a vertex label of a graph value"),
        help: format!("a graph value has at most {MAX_VERTICES} vertices, labelled 0 to 63"),
        span,
    }
    .into()
}

fn graph(g: Graph) -> Value {
    Value::Graph(Rc::new(g))
}

fn ints(vs: Vec<usize>) -> Value {
    Value::list(vs.into_iter().map(|v| Value::Int(v as i64)).collect())
}

fn pair(a: usize, b: usize) -> Value {
    Value::Tuple(vec![Value::Int(a as i64), Value::Int(b as i64)].into())
}

fn list_text(vs: &[usize]) -> String {
    let v: Vec<String> = vs.iter().map(std::string::ToString::to_string).collect();
    format!("[{}]", v.join(", "))
}

/// `components(G, vs)`: the connected parts of the subgraph of the
/// declared graph `g` induced by the vertices `vs` (edges taken either
/// way), each a set of vertices, in the order of their least vertex.
pub(crate) fn graph_parts(
    defs: &Defs,
    g: GameId,
    vs: &Value,
    span: Span,
    cx: &Ctx,
) -> Result<Value> {
    let name = &defs.game(g).name;
    let bad = |what: &str| {
        Error::type_error(
            format!("`components({name}, vs)` needs vertices of `{name}`, not {what}"),
            format!(
                "write a list or set of vertices, e.g. `components({name}, set(vertices({name})))`"
            ),
            span,
        )
    };
    let items = match vs {
        Value::List(_) | Value::Tuple(_) | Value::Set(_) => {
            super::elements(vs, span, cx)?.unwrap_or_default()
        }
        v => return Err(bad(v.type_name())),
    };
    let Some(graph) = defs.game(g).kind.graph() else {
        return Err(bad("a game that is not a graph"));
    };
    let n = graph.edges.len();
    let mut inside = vec![false; n];
    for v in &items {
        match v {
            Value::Pos(cs) if cs.len() == 1 && cs[0].game == g => match &cs[0].args[..] {
                [Value::Int(i)] if (0..n as i64).contains(i) => inside[*i as usize] = true,
                _ => return Err(bad("another position")),
            },
            v => return Err(bad(v.type_name())),
        }
    }
    // Undirected adjacency among the vertices kept.
    let mut adj = vec![Vec::new(); n];
    for (a, out) in graph.edges.iter().enumerate() {
        for &b in out {
            let b = b as usize;
            if b < n && inside[a] && inside[b] {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
    }
    let mut seen = vec![false; n];
    let mut parts = Vec::new();
    for start in 0..n {
        if !inside[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let (mut stack, mut part) = (vec![start], std::collections::BTreeSet::new());
        while let Some(a) = stack.pop() {
            part.insert(Value::Pos(
                vec![Comp {
                    game: g,
                    args: vec![Value::Int(a as i64)].into(),
                }]
                .into(),
            ));
            for &b in &adj[a] {
                if !seen[b] {
                    seen[b] = true;
                    stack.push(b);
                }
            }
        }
        parts.push(Value::Set(Rc::new(part)));
    }
    Ok(Value::list(parts))
}
