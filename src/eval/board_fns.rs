//! The board builtins (`grid`, `at`, `put`, `cells`, `neighbours`,
//! `place`, `components`, `canonical`, `rows`): arguments checked and
//! turned into calls of the `board` library, its refusals into
//! diagnostics on the argument that caused them.

use std::rc::Rc;

use crate::board::{Board, BoardError, Symmetry, is_content};
use crate::error::{Error, Result};
use crate::source::Span;

use super::Builtin;
use super::builtins::elements;
use crate::model::{Comp, Ctx, Defs, GameId, Value};

/// Apply a board builtin; `arg_span(i)` is where argument i was written.
pub fn call(
    b: Builtin,
    args: Vec<Value>,
    arg_span: &dyn Fn(usize) -> Span,
    span: Span,
    cx: &Ctx,
) -> Result<Value> {
    let board = |i: usize| -> Result<&Board> {
        match &args[i] {
            Value::Board(x) => Ok(x),
            v => Err(wrong(b, v, "a board", arg_span(i))),
        }
    };
    let cell = |i: usize| cell_of(b, &args[i], arg_span(i));
    let mode = |i: usize, words: &[&str]| -> Result<usize> {
        let Some(v) = args.get(i) else {
            return Ok(0);
        };
        match v {
            Value::Str(s) if words.contains(&&**s) => {
                Ok(words.iter().position(|w| **w == **s).unwrap_or(0))
            }
            v => Err(Error::type_error(
                format!("{}() takes {}, not {}", b.name(), quoted(words), shown(v)),
                format!("usage: {}", b.usage()),
                arg_span(i),
            )),
        }
    };
    match b {
        Builtin::Grid => grid(b, &args, arg_span, cx),
        Builtin::At => {
            let (r, c) = cell(1)?;
            Ok(text(board(0)?.get(r, c)))
        }
        Builtin::Put => {
            let x = board(0)?;
            let squares = cells_of(b, &args[1], arg_span(1), cx)?;
            cx.advance(squares_of(x) + squares.len() as u64)?;
            let ch = char_of(b, &args[2], arg_span(2))?;
            match x.put(&squares, ch) {
                Ok(y) => Ok(Value::Board(Rc::new(y))),
                Err(i) => Err(Error::Value {
                    message: format!(
                        "the square {:?} is off the {} × {} board",
                        squares[i],
                        x.rows(),
                        x.cols()
                    ),
                    help: "rows count from 0 to rows - 1, columns from 0 to columns - 1".into(),
                    span: arg_span(1),
                }),
            }
        }
        Builtin::Cells => {
            let x = board(0)?;
            let ch = match args.get(1) {
                Some(v) => Some(char_of(b, v, arg_span(1))?),
                None => None,
            };
            cx.advance(squares_of(x))?;
            Ok(pairs(x.cells(ch)))
        }
        Builtin::Neighbours => {
            let (r, c) = cell(1)?;
            let diagonal = mode(2, &["orthogonal", "diagonal"])? == 1;
            Ok(pairs(board(0)?.neighbours(r, c, diagonal)))
        }
        Builtin::Place => {
            let x = board(0)?;
            let shape = cells_of(b, &args[1], arg_span(1), cx)?;
            let ch = match args.get(2) {
                Some(v) => char_of(b, v, arg_span(2))?,
                None => '#',
            };
            // The shape is tried at every anchor, and each placement
            // copies the board.
            cx.advance(squares_of(x).saturating_mul(shape.len() as u64))?;
            let placed = x.place(&shape, ch);
            cx.advance(squares_of(x).saturating_mul(placed.len() as u64))?;
            Ok(boards(placed))
        }
        Builtin::Components => {
            let diagonal = mode(1, &["orthogonal", "diagonal"])? == 1;
            let x = board(0)?;
            cx.advance(squares_of(x).saturating_mul(8))?;
            let parts = x.components(diagonal);
            cx.advance(squares_of(x).saturating_mul(parts.len() as u64))?;
            Ok(boards(parts))
        }
        Builtin::Canonical => {
            let sym = match mode(1, &["all", "mirror"])? {
                0 => Symmetry::All,
                _ => Symmetry::Mirror,
            };
            let x = board(0)?;
            // The board in each of its orientations, compared square by square.
            cx.advance(squares_of(x).saturating_mul(16))?;
            Ok(Value::Board(Rc::new(x.canonical(sym))))
        }
        Builtin::Rows => Ok(Value::list(
            board(0)
                .and_then(|x| cx.advance(squares_of(x)).map(|()| x))?
                .row_strings()
                .into_iter()
                .map(|r| Value::Str(r.into()))
                .collect(),
        )),
        _ => Err(Error::type_error(
            format!("{}() is not a board function", b.name()),
            format!("usage: {}", b.usage()),
            span,
        )),
    }
}

/// `grid(r, c)`, `grid(["..#", "x.o"])` or `grid("..#|x.o")`.
fn grid(b: Builtin, args: &[Value], arg_span: &dyn Fn(usize) -> Span, cx: &Ctx) -> Result<Value> {
    let refused = |e: BoardError, span: Span| Error::Value {
        message: e.message,
        help: e.help,
        span,
    };
    let made = match args {
        [Value::Int(r), Value::Int(c)] => Board::new(*r, *c).map_err(|e| refused(e, arg_span(0))),
        [Value::Str(s)] => {
            let rows: Vec<&str> = if s.is_empty() {
                Vec::new()
            } else {
                s.split('|').collect()
            };
            Board::parse(&rows).map_err(|(_, e)| refused(e, arg_span(0)))
        }
        [rows @ (Value::List(_) | Value::Tuple(_))] => {
            let items = elements(rows, arg_span(0), b, cx)?;
            let mut texts = Vec::with_capacity(items.len());
            for v in &items {
                match v {
                    Value::Str(s) if !s.contains('|') => texts.push(&**s),
                    v => return Err(wrong(b, v, "rows as strings", arg_span(0))),
                }
            }
            Board::parse(&texts).map_err(|(_, e)| refused(e, arg_span(0)))
        }
        [v] => Err(wrong(b, v, "a list of rows or a string", arg_span(0))),
        [r, c] => {
            let (i, v) = if matches!(r, Value::Int(_)) {
                (1, c)
            } else {
                (0, r)
            };
            Err(wrong(b, v, "an integer", arg_span(i)))
        }
        _ => Err(Error::type_error(
            "grid() takes one or two arguments",
            format!("usage: {}", b.usage()),
            arg_span(0),
        )),
    }?;
    Ok(Value::Board(Rc::new(made)))
}

/// The steps a board builtin counts per pass over the board: one a
/// square, so that a move rule calling `place`, `components` and
/// `canonical` on a large board spends its step budget at about the rate
/// of other loops (as one step a call, it ran hours under the default).
fn squares_of(x: &Board) -> u64 {
    (x.rows() as u64).saturating_mul(x.cols() as u64)
}

fn wrong(b: Builtin, v: &Value, wanted: &str, span: Span) -> Error {
    Error::type_error(
        format!("{}() needs {wanted}, not {}", b.name(), v.type_name()),
        format!("usage: {}", b.usage()),
        span,
    )
}

fn shown(v: &Value) -> String {
    match v {
        Value::Str(s) => format!("\"{s}\""),
        v => v.type_name().to_string(),
    }
}

fn quoted(words: &[&str]) -> String {
    let w: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
    w.join(" or ")
}

fn int_of(v: &Value) -> Option<i64> {
    match v {
        Value::Int(n) => Some(*n),
        _ => None,
    }
}

/// A square `(r, c)`.
fn cell_of(b: Builtin, v: &Value, span: Span) -> Result<(i64, i64)> {
    if let Value::Tuple(xs) = v
        && let [r, c] = &xs[..]
        && let (Some(r), Some(c)) = (int_of(r), int_of(c))
    {
        return Ok((r, c));
    }
    Err(wrong(b, v, "a square (row, column)", span))
}

/// One square `(r, c)` or a collection of them.
fn cells_of(b: Builtin, v: &Value, span: Span, cx: &Ctx) -> Result<Vec<(i64, i64)>> {
    if let Value::Tuple(xs) = v
        && xs.len() == 2
        && xs.iter().all(|x| matches!(x, Value::Int(_)))
    {
        return Ok(vec![cell_of(b, v, span)?]);
    }
    let items = match v {
        Value::List(_) | Value::Tuple(_) | Value::Set(_) => elements(v, span, b, cx)?,
        v => {
            return Err(wrong(
                b,
                v,
                "a square (row, column) or a list of them",
                span,
            ));
        }
    };
    items.iter().map(|x| cell_of(b, x, span)).collect()
}

/// One character: `.`, `#` or a content.
fn char_of(b: Builtin, v: &Value, span: Span) -> Result<char> {
    if let Value::Str(s) = v {
        let mut it = s.chars();
        if let (Some(ch), None) = (it.next(), it.next())
            && (ch == '.' || ch == '#' || is_content(ch))
        {
            return Ok(ch);
        }
    }
    Err(Error::type_error(
        format!(
            "{}() needs one character (\".\", \"#\" or a content), not {}",
            b.name(),
            shown(v)
        ),
        format!("usage: {}", b.usage()),
        span,
    ))
}

fn text(ch: char) -> Value {
    Value::Str(ch.to_string().into())
}

fn pairs(cells: Vec<(usize, usize)>) -> Value {
    Value::list(
        cells
            .into_iter()
            .map(|(r, c)| Value::Tuple(vec![Value::Int(r as i64), Value::Int(c as i64)].into()))
            .collect(),
    )
}

fn boards(bs: Vec<Board>) -> Value {
    Value::list(bs.into_iter().map(|x| Value::Board(Rc::new(x))).collect())
}

/// `components(G, vs)`: the connected parts of the subgraph of the
/// declared graph `g` induced by the vertices `vs` (edges taken either
/// way), each a set of vertices, in the order of their least vertex.
pub fn graph_parts(defs: &Defs, g: GameId, vs: &Value, span: Span, cx: &Ctx) -> Result<Value> {
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
            elements(vs, span, Builtin::Components, cx)?
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
