//! The builtins on graph values (`undirected`, `subgraph`, `remove`,
//! `vertices`, `edges`, and `neighbours`, `components`, `canonical`, `len`
//! of a graph): arguments checked and turned into calls of the
//! `board::Graph` library, its refusals into diagnostics. A declared
//! `graph` becomes a value by `subgraph(G)` (its vertex i, in the order
//! first written, is vertex i of the value; edges taken either way).

use std::rc::Rc;

use crate::board::{Graph, MAX_VERTICES, canonical_graph};
use crate::error::{Error, Result};
use crate::source::Span;

use super::Builtin;
use super::builtins::elements;
use crate::model::{Ctx, Defs, GameId, Value};

/// Whether a builtin shared with boards (`neighbours`, `components`,
/// `canonical`, `len`) is called on a graph value.
pub fn takes(args: &[Value]) -> bool {
    matches!(args.first(), Some(Value::Graph(_)))
}

/// Apply a graph builtin; `arg_span(i)` is where argument i was written.
pub fn call(
    b: Builtin,
    args: Vec<Value>,
    arg_span: &dyn Fn(usize) -> Span,
    span: Span,
    cx: &Ctx,
) -> Result<Value> {
    if b == Builtin::Undirected {
        return undirected(&args, arg_span, cx);
    }
    let g = match &args[0] {
        Value::Graph(g) => g.clone(),
        v => return Err(wrong(b, v, "a graph value", arg_span(0))),
    };
    let vertex = |i: usize| -> Result<usize> {
        match &args[i] {
            Value::Int(v) if g.has(*v) => Ok(*v as usize),
            Value::Int(v) => Err(Error::Value {
                message: format!("{v} is not a vertex of this graph"),
                help: format!("its vertices are {}", list_text(&g.vertices())),
                span: arg_span(i),
            }),
            v => Err(wrong(b, v, "a vertex (an integer)", arg_span(i))),
        }
    };
    let one = |b: Builtin| -> Result<()> {
        if args.len() > 1 {
            return Err(Error::type_error(
                format!("{}() of a graph takes one argument", b.name()),
                format!("usage: {}", b.usage()),
                arg_span(1),
            ));
        }
        Ok(())
    };
    let out = match b {
        Builtin::Vertices => ints(g.vertices()),
        Builtin::Edges => Value::list(g.edges().into_iter().map(|(a, b)| pair(a, b)).collect()),
        Builtin::Neighbours => {
            if args.len() > 2 {
                return Err(Error::type_error(
                    "neighbours(g, v) of a graph takes two arguments",
                    format!("usage: {}", b.usage()),
                    arg_span(2),
                ));
            }
            ints(g.neighbours(vertex(1)?))
        }
        Builtin::Remove => {
            let gone = mask_of(b, &args[1], arg_span(1), cx)?;
            graph(g.remove(gone))
        }
        Builtin::Subgraph => {
            let keep = mask_of(b, &args[1], arg_span(1), cx)?;
            graph(g.induced(keep))
        }
        Builtin::Components => {
            one(b)?;
            Value::list(g.components().into_iter().map(graph).collect())
        }
        Builtin::Canonical => {
            one(b)?;
            graph(canonical_graph(&g, &mut || cx.tick_at(span))?)
        }
        Builtin::Len => Value::Int(g.len() as i64),
        _ => {
            return Err(Error::type_error(
                format!("{}() does not take a graph", b.name()),
                format!("usage: {}", b.usage()),
                arg_span(0),
            ));
        }
    };
    Ok(out)
}

/// `undirected(n, edges)` (vertices 0..n) or `undirected(vs, edges)`.
fn undirected(args: &[Value], arg_span: &dyn Fn(usize) -> Span, cx: &Ctx) -> Result<Value> {
    let b = Builtin::Undirected;
    let verts = match &args[0] {
        Value::Int(n) if (0..=MAX_VERTICES as i64).contains(n) => {
            if *n == 64 {
                u64::MAX
            } else {
                (1u64 << n) - 1
            }
        }
        Value::Int(n) => return Err(too_many(*n, arg_span(0))),
        v => mask_of(b, v, arg_span(0), cx)?,
    };
    let items = match &args[1] {
        v @ (Value::List(_) | Value::Tuple(_) | Value::Set(_)) => elements(v, arg_span(1), b, cx)?,
        v => return Err(wrong(b, v, "a list of edges (a, b)", arg_span(1))),
    };
    let mut edges = Vec::with_capacity(items.len());
    for e in &items {
        match e {
            Value::Tuple(xs) if xs.len() == 2 => match (&xs[0], &xs[1]) {
                (Value::Int(a), Value::Int(b)) if (0..64).contains(a) && (0..64).contains(b) => {
                    edges.push((*a as usize, *b as usize))
                }
                _ => return Err(wrong(b, e, "edges (a, b) of vertices 0 to 63", arg_span(1))),
            },
            e => return Err(wrong(b, e, "edges (a, b)", arg_span(1))),
        }
    }
    Graph::new(verts, &edges)
        .map(graph)
        .map_err(|e| Error::Value {
            message: e.message,
            help: e.help,
            span: arg_span(1),
        })
}

/// `subgraph(G)`: the declared graph `g` as a value.
pub fn whole(defs: &Defs, g: GameId, span: Span) -> Result<Graph> {
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
        return Err(Error::Value {
            message: format!("`{name}` has {n} vertices; a graph value holds at most {MAX_VERTICES}"),
            help: "take a subgraph of at most 64 of its vertices: `components(G, vs)` works on any size"
                .into(),
            span,
        });
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
                return Err(Error::Value {
                    message: format!("`{name}` has a loop at `{v}`: a graph value is simple"),
                    help: "drop the loop, or play the declared graph itself as a game".into(),
                    span,
                });
            }
            edges.push((a, b));
        }
    }
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    Graph::new(all, &edges).map_err(|e| Error::Value {
        message: e.message,
        help: e.help,
        span,
    })
}

/// `subgraph(G, vs)` of a declared graph: the value on the vertices `vs`
/// (positions `G(v)`).
pub fn declared(defs: &Defs, g: GameId, vs: &Value, span: Span, cx: &Ctx) -> Result<Value> {
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
            elements(vs, span, Builtin::Subgraph, cx)?
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
fn mask_of(b: Builtin, v: &Value, span: Span, cx: &Ctx) -> Result<u64> {
    let items = match v {
        Value::Int(_) => vec![v.clone()],
        Value::List(_) | Value::Tuple(_) | Value::Set(_) | Value::Range(..) => {
            elements(v, span, b, cx)?
        }
        v => return Err(wrong(b, v, "a vertex or a list of vertices", span)),
    };
    let mut m = 0u64;
    for x in &items {
        match x {
            Value::Int(i) if (0..64).contains(i) => m |= 1 << i,
            Value::Int(i) => return Err(too_many(*i, span)),
            x => return Err(wrong(b, x, "vertices (integers 0 to 63)", span)),
        }
    }
    Ok(m)
}

fn too_many(n: i64, span: Span) -> Error {
    Error::Value {
        message: format!("{n} is not a vertex label of a graph value"),
        help: format!("a graph value has at most {MAX_VERTICES} vertices, labelled 0 to 63"),
        span,
    }
}

fn wrong(b: Builtin, v: &Value, wanted: &str, span: Span) -> Error {
    Error::type_error(
        format!("{}() needs {wanted}, not {}", b.name(), v.type_name()),
        format!("usage: {}", b.usage()),
        span,
    )
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
    let v: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
    format!("[{}]", v.join(", "))
}
