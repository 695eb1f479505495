//! The board builtins (`grid`, `at`, `put`, `cells`, `neighbours`,
//! `place`, `components`, `canonical`, `rows`, `rays`): boards as bit planes of at
//! most 128 squares. Arguments are checked and turned into calls of the
//! `board` library, its refusals into diagnostics on the argument that
//! caused them. `neighbours`, `components` and `canonical` of a graph
//! value are `graphs.rs`'s; of a declared graph, the compiler's.

use std::rc::Rc;

use crate::board::{Board, BoardError, Reach, Symmetry, is_content};
use crate::error::AtSpan;
use crate::error::EvalError;
use crate::error::{Error, Result};
use crate::model::{Ctx, Value};
use crate::source::Span;

use super::{Args, Entry, Param, builtin, graphs, p};

const HOW: Param = p("[how]", "\"orthogonal\" | \"diagonal\"");

pub(super) static ENTRIES: &[Entry] = &[
    builtin(
        "grid",
        grid,
        &[p("rows", "strings | string | int"), p("[c]", "int")],
        (1, 2),
        "board",
        "grid(r, c): an empty board; grid([\"..#\", \"x.o\"]) or grid(\"..#|x.o\"): rows (. empty, # no cell)",
        "a board: r × c empty cells, or rows of `.` (empty), `#` (no cell), other characters (contents)",
        "grid([\"..#\", \"x.o\"])",
    ),
    builtin(
        "at",
        at,
        &[p("b", "board"), p("cell", "(int, int)")],
        (2, 2),
        "string",
        "at(b, (r, c)): what the square shows: \".\", \"#\" (no cell, also off the board) or its content",
        "what square (r, c) shows: `.`, `#` (no cell or off the board) or its content; also `b[(r, c)]`",
        "at(grid([\"x.\"]), (0, 0))",
    ),
    builtin(
        "put",
        put,
        &[p("b", "board"), p("c", "cell | cells"), p("s", "string")],
        (3, 3),
        "board",
        "put(b, cells, s): the board with the square(s) set to the character s (\".\" empties, \"#\" removes)",
        "the board with a square or squares set to s (`.` empties them, `#` removes the cells)",
        "put(grid(1, 3), (0, 1), \"x\")",
    ),
    builtin(
        "cells",
        cells,
        &[p("b", "board"), p("[s]", "string")],
        (1, 2),
        "list of cells",
        "cells(b) or cells(b, s): the cells (r, c), or those showing s, row by row",
        "the cells (r, c) row by row, or only those showing s (`.` the empty ones)",
        "cells(grid([\"x.\", \".x\"]), \"x\")",
    ),
    builtin(
        "neighbours",
        neighbours,
        &[p("b", "board | graph"), p("v", "cell | vertex"), HOW],
        (2, 3),
        "list of cells | list of positions",
        "neighbours(b, (r, c)) or neighbours(b, (r, c), \"diagonal\"): the cells next to it (4, or 8 with diagonals); neighbours(G, v): the vertices of a graph (declared, or a value) joined to v",
        "the cells orthogonally next to (r, c) (with \"diagonal\" the eight around it); of a declared graph, the vertices joined to v by an edge either way; of a graph value, v's neighbours (integers)",
        "neighbours(grid(3, 3), (0, 0))",
    )
    .graphs(),
    builtin(
        "place",
        place,
        &[p("b", "board"), p("shape", "cells"), p("[s]", "string")],
        (2, 3),
        "list of boards",
        "place(b, shape) or place(b, shape, s): every board with the shape's cells (offsets from an anchor, all empty) removed, or set to s",
        "every way to put a shape (offsets from an anchor) on empty cells: the boards with them removed, or set to s",
        "place(grid(2, 2), [(0, 0), (1, 0)])",
    ),
    builtin(
        "components",
        components,
        &[p("b", "board | graph"), p("[how]", "string | vertices")],
        (1, 2),
        "list of boards | list of sets",
        "components(b) or components(b, \"diagonal\"): the connected parts of the cells, each cropped; components(G, vs): the parts of the subgraph vs induces; components(g): the connected parts of a graph value",
        "the connected parts of the cells (orthogonally, or with \"diagonal\" also diagonally adjacent), each cropped; of a graph G and vertices vs, the vertex sets of the connected parts of the subgraph they induce; of a graph value, its connected parts as graph values (labels kept)",
        "components(grid([\"..#.\"]))",
    )
    .graphs(),
    builtin(
        "canonical",
        canonical,
        &[p("b", "board | graph"), p("[sym]", "\"all\" | \"mirror\"")],
        (1, 2),
        "board | graph",
        "canonical(b) or canonical(b, \"mirror\"): one board for all images under the 8 symmetries (4 keeping rows rows); canonical(g): one graph for all graphs isomorphic to g",
        "the cropped board, the same for all its images under the 8 symmetries of the square (\"mirror\": the 4 keeping rows as rows); of a graph value, its canonical labelling (vertices 0..n, equal exactly for isomorphic graphs)",
        "canonical(grid([\"#.\", \"..\"]))",
    )
    .graphs(),
    builtin(
        "rows",
        rows,
        &[p("b", "board")],
        (1, 1),
        "list of strings",
        "rows(b): the rows as strings",
        "the rows as strings",
        "rows(grid(2, 3))",
    ),
    builtin(
        "rays",
        rays,
        &[p("b", "board"), p("from", "cell | string"), p("steps", "step | steps"), p("[over]", "string")],
        (3, 4),
        "list of (cell, board)",
        "rays(b, from, steps) or rays(b, from, steps, over): (t, board after the move) for each square t the piece at from (a square, or every square showing a character) reaches sliding through empty cells along each step (dr, dc), or jumping over pieces `over` into the empty cell beyond, repeatedly",
        "the moves along rays: for the piece on `from` (a square, or each square showing the character `from`, row by row), each step (dr, dc) in turn, the squares t it reaches, nearest first, as pairs (t, board after the move): sliding through empty cells (a queen's move, an arrow), or with `over`, jumping over a piece showing `over` into the empty cell beyond, again and again (Konane; the stones jumped are taken)",
        "rays(grid(\"x.o\"), (0, 0), (0, 1))",
    ),
];

/// The board argument `i`.
fn board<'v>(a: &'v Args, i: usize) -> Result<&'v Board> {
    match &a.values[i] {
        Value::Board(x) => Ok(x),
        v => Err(a.not(v, "a board", a.at(i))),
    }
}

/// The optional word argument `i`, one of `words` (the first when absent).
fn mode(a: &Args, i: usize, words: &[&str]) -> Result<usize> {
    let Some(v) = a.values.get(i) else {
        return Ok(0);
    };
    match v {
        Value::Str(s) if words.contains(&&**s) => {
            Ok(words.iter().position(|w| **w == **s).unwrap_or(0))
        }
        v => Err(a.wrong(
            format!("{}() takes {}, not {}", a.name(), quoted(words), shown(v)),
            a.at(i),
        )),
    }
}

/// `grid(r, c)`, `grid(["..#", "x.o"])` or `grid("..#|x.o")`.
fn grid(a: Args) -> Result<Value> {
    let refused = |e: BoardError, span: Span| -> Error { e.at(span) };
    let made = match &a.values[..] {
        [Value::Int(r), Value::Int(c)] => Board::new(*r, *c).map_err(|e| refused(e, a.at(0))),
        [Value::Str(s)] => {
            let rows: Vec<&str> = if s.is_empty() {
                Vec::new()
            } else {
                s.split('|').collect()
            };
            Board::parse(&rows).map_err(|(_, e)| refused(e, a.at(0)))
        }
        [rows @ (Value::List(_) | Value::Tuple(_))] => {
            let items = a.elements_of(rows, a.at(0))?;
            let mut texts = Vec::with_capacity(items.len());
            for v in &items {
                match v {
                    Value::Str(s) if !s.contains('|') => texts.push(&**s),
                    v => return Err(a.not(v, "rows as strings", a.at(0))),
                }
            }
            Board::parse(&texts).map_err(|(_, e)| refused(e, a.at(0)))
        }
        [v] => Err(a.not(v, "a list of rows or a string", a.at(0))),
        [r, c] => {
            let (i, v) = if matches!(r, Value::Int(_)) {
                (1, c)
            } else {
                (0, r)
            };
            Err(a.not(v, "an integer", a.at(i)))
        }
        _ => Err(a.wrong("grid() takes one or two arguments".into(), a.at(0))),
    }?;
    Ok(Value::Board(Rc::new(made)))
}

fn at(a: Args) -> Result<Value> {
    let (r, c) = cell_of(&a, &a.values[1], a.at(1))?;
    Ok(text(board(&a, 0)?.get(r, c)))
}

fn put(a: Args) -> Result<Value> {
    let x = board(&a, 0)?;
    let squares = cells_of(&a, &a.values[1], a.at(1))?;
    a.cx.advance(squares_of(x) + squares.len() as u64)?;
    let ch = char_of(&a, &a.values[2], a.at(2))?;
    match x.put(&squares, ch) {
        Ok(y) => Ok(Value::Board(Rc::new(y))),
        Err(i) => Err(Error::Eval(EvalError::Value {
            message: format!(
                "the square {:?} is off the {} × {} board",
                squares[i],
                x.rows(),
                x.cols()
            ),
            help: "rows count from 0 to rows - 1, columns from 0 to columns - 1".into(),
            span: a.at(1),
        })),
    }
}

fn cells(a: Args) -> Result<Value> {
    let x = board(&a, 0)?;
    let ch = match a.values.get(1) {
        Some(v) => Some(char_of(&a, v, a.at(1))?),
        None => None,
    };
    a.cx.advance(squares_of(x))?;
    Ok(pairs(x.cells(ch)))
}

fn neighbours(a: Args) -> Result<Value> {
    if matches!(a.values[0], Value::Graph(_)) {
        return graphs::neighbours(a);
    }
    let (r, c) = cell_of(&a, &a.values[1], a.at(1))?;
    let diagonal = mode(&a, 2, &["orthogonal", "diagonal"])? == 1;
    Ok(pairs(board(&a, 0)?.neighbours(r, c, diagonal)))
}

fn place(a: Args) -> Result<Value> {
    let x = board(&a, 0)?;
    let shape = cells_of(&a, &a.values[1], a.at(1))?;
    let ch = match a.values.get(2) {
        Some(v) => char_of(&a, v, a.at(2))?,
        None => '#',
    };
    // The shape is tried at every anchor, and each placement copies the
    // board.
    a.cx.advance(squares_of(x).saturating_mul(shape.len() as u64))?;
    let placed = x.place(&shape, ch);
    a.cx.advance(squares_of(x).saturating_mul(placed.len() as u64))?;
    Ok(boards(placed))
}

fn components(a: Args) -> Result<Value> {
    if matches!(a.values[0], Value::Graph(_)) {
        return graphs::components(a);
    }
    let diagonal = mode(&a, 1, &["orthogonal", "diagonal"])? == 1;
    let x = board(&a, 0)?;
    let parts = components_of(a.cx, x, diagonal)?;
    // A board that is its own one part keeps its `Rc`.
    if let [part] = &parts[..]
        && part == x
    {
        return Ok(Value::List(Rc::from([a.values[0].clone()])));
    }
    Ok(boards(parts))
}

/// `components(x)` (`diagonal`: `components(x, "diagonal")`) of a board,
/// charged as the builtin charges it: the move lines' fast path
/// (`games/rules/boards.rs`) calls it too.
pub(crate) fn components_of(cx: &Ctx, x: &Board, diagonal: bool) -> Result<Vec<Board>> {
    // A flood fill of bit masks, then a copy cropped per part: about
    // 180 ns for a 4 × 6 board in one part, 2.5 ns a step at 2 steps a
    // square and 1 a square per part (PERFORMANCE.md, "Budgets that
    // measure work evenly").
    cx.advance(squares_of(x).saturating_mul(2))?;
    let parts = x.components(diagonal);
    cx.advance(squares_of(x).saturating_mul(parts.len() as u64))?;
    Ok(parts)
}

fn canonical(a: Args) -> Result<Value> {
    if matches!(a.values[0], Value::Graph(_)) {
        return graphs::canonical(a);
    }
    let sym = match mode(&a, 1, &["all", "mirror"])? {
        0 => Symmetry::All,
        _ => Symmetry::Mirror,
    };
    let x = board(&a, 0)?;
    let y = canonical_of(a.cx, x, sym)?;
    // A board that is its own canonical image keeps its `Rc`.
    if y == *x {
        return Ok(a.values[0].clone());
    }
    Ok(Value::Board(Rc::new(y)))
}

/// `canonical(x)` of a board under `sym`, charged as the builtin charges
/// it (also the move lines' fast path).
pub(crate) fn canonical_of(cx: &Ctx, x: &Board, sym: Symmetry) -> Result<Board> {
    // Each square mapped under each symmetry through a table (about 1.2 ns
    // a square and symmetry: PERFORMANCE.md, "Budgets that measure work
    // evenly"), so about 5 ns a step at 4 steps a square.
    cx.advance(squares_of(x).saturating_mul(4))?;
    Ok(x.canonical(sym))
}

fn rows(a: Args) -> Result<Value> {
    let x = board(&a, 0)?;
    a.cx.advance(squares_of(x))?;
    Ok(Value::list(
        x.row_strings()
            .into_iter()
            .map(|r| Value::Str(r.into()))
            .collect(),
    ))
}

/// `rays(b, from, steps)` and `rays(b, from, steps, over)`: the theory's
/// `Board::ray` from each starting square along each step.
fn rays(a: Args) -> Result<Value> {
    let mut out = Vec::new();
    rays_into(&a, &mut out)?;
    // Collected straight into the list's `Rc` (one allocation, not a
    // `Vec` copied), each tuple from an array.
    Ok(Value::List(
        out.into_iter()
            .map(|((r, c), y)| Value::Tuple(Rc::from([square(r, c), Value::Board(Rc::new(y))])))
            .collect(),
    ))
}

/// The square `(r, c)` as a tuple value.
pub(crate) fn square(r: usize, c: usize) -> Value {
    Value::Tuple(Rc::from([Value::Int(r as i64), Value::Int(c as i64)]))
}

/// What `rays(..)` lists, as reaches written to `out`, with every check
/// and charge of the builtin (its list's room included): the builtin
/// turns them into a list, a move line `for (t, a) in rays(..)` binds them
/// one by one (`games/rules/boards.rs`).
pub(crate) fn rays_into(a: &Args, out: &mut Vec<Reach>) -> Result<()> {
    let x = board(a, 0)?;
    let starts = match &a.values[1] {
        Value::Str(_) => x.squares_showing(char_of(a, &a.values[1], a.at(1))?),
        v => vec![cell_of(a, v, a.at(1))?],
    };
    let steps = cells_of(a, &a.values[2], a.at(2))?;
    let over = match a.values.get(3) {
        Some(v) => match char_of(a, v, a.at(3))? {
            '.' | '#' => {
                return Err(a.wrong(
                    "rays() jumps over pieces, not over \".\" or \"#\"".into(),
                    a.at(3),
                ));
            }
            ch => Some(ch),
        },
        None => None,
    };
    // Each ray looks at one square or two a square it reaches, and each
    // square reached copies the board, as `put` does.
    a.cx.advance((starts.len() as u64).saturating_mul(steps.len() as u64))?;
    // What a reach holds: a board, two tuples and their values.
    let each = std::mem::size_of::<Reach>() + 6 * std::mem::size_of::<Value>();
    let first = out.len();
    for &from in &starts {
        for &step in &steps {
            let before = out.len();
            let looked = x.ray(from, step, over, out);
            let reached = out.len() - before;
            a.cx.advance(
                (looked as u64).saturating_add(squares_of(x).saturating_mul(reached as u64)),
            )?;
            a.cx.charge(reached.saturating_mul(each), a.at(0))?;
        }
    }
    a.list_of((out.len() - first).saturating_mul(3))
}

/// The steps a board builtin counts per pass over the board: one a
/// square, so that a move rule calling `place`, `components` and
/// `canonical` on a large board spends its step budget at about the rate
/// of other loops (as one step a call, it ran hours under the default).
fn squares_of(x: &Board) -> u64 {
    (x.rows() as u64).saturating_mul(x.cols() as u64)
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
fn cell_of(a: &Args, v: &Value, span: Span) -> Result<(i64, i64)> {
    if let Value::Tuple(xs) = v
        && let [r, c] = &xs[..]
        && let (Some(r), Some(c)) = (int_of(r), int_of(c))
    {
        return Ok((r, c));
    }
    Err(a.not(v, "a square (row, column)", span))
}

/// One square `(r, c)` or a collection of them.
fn cells_of(a: &Args, v: &Value, span: Span) -> Result<Vec<(i64, i64)>> {
    if let Value::Tuple(xs) = v
        && xs.len() == 2
        && xs.iter().all(|x| matches!(x, Value::Int(_)))
    {
        return Ok(vec![cell_of(a, v, span)?]);
    }
    let items = match v {
        Value::List(_) | Value::Tuple(_) | Value::Set(_) => a.elements_of(v, span)?,
        v => return Err(a.not(v, "a square (row, column) or a list of them", span)),
    };
    items.iter().map(|x| cell_of(a, x, span)).collect()
}

/// One character: `.`, `#` or a content.
fn char_of(a: &Args, v: &Value, span: Span) -> Result<char> {
    if let Value::Str(s) = v {
        let mut it = s.chars();
        if let (Some(ch), None) = (it.next(), it.next())
            && (ch == '.' || ch == '#' || is_content(ch))
        {
            return Ok(ch);
        }
    }
    Err(a.wrong(
        format!(
            "{}() needs one character (\".\", \"#\" or a content), not {}",
            a.name(),
            shown(v)
        ),
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
    Value::List(bs.into_iter().map(|x| Value::Board(Rc::new(x))).collect())
}
