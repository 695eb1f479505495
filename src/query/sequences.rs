//! The queries over ranges of parameters: `sequence` and `table` (of a
//! game's name, or of any expression over bindings) and `period` — what
//! they compute and how their answers print.

use crate::error::{CompileError, EvalError};
use serde_json::{Value as Json, json};

use super::impartial::{finite, infinity};
use super::*;

pub(super) fn sequence(
    ctx: &mut Run<'_>,
    play: Option<Play>,
    g: GameId,
    r: &Node,
) -> Result<Answer> {
    ctx.impartial_game(g, Shape::Sequence.name())?;
    let (from, to) = ctx.range(r)?;
    ctx.drawable(to - from)?;
    answer_fits(&ctx.cx, to - from, CELL_BYTES, r.span)?;
    let chosen = play.unwrap_or(ctx.cx.defs.game(g).play);
    let game = ctx.cx.defs.game(g).name.clone();
    if chosen == Play::Misere {
        let oracle = SolverOracle::new(ctx.solver);
        let run = SeriesRun {
            cx: &ctx.cx,
            oracle: &oracle,
        };
        let mut outcomes = Vec::with_capacity((to - from) as usize);
        for n in (from..to).rev() {
            let comp = heap_comp(&ctx.cx, g, vec![Value::Int(n)])?;
            outcomes.push(outcome_of(run.position_cell(&[comp], Some(chosen))?));
        }
        outcomes.reverse();
        return Ok(Answer::Outcomes {
            subject: game,
            play: chosen,
            from,
            outcomes,
        });
    }
    // From the top down: the largest position's expansion usually
    // reaches the others, which are then answered from the caches
    // (for loopy games this is the difference between one state
    // graph and one per position).
    let mut values = Vec::with_capacity((to - from) as usize);
    for n in (from..to).rev() {
        values.push(ctx.solver.heap(&ctx.cx, g, n)?);
    }
    values.reverse();
    Ok(Answer::Sequence { game, from, values })
}

pub(super) fn table(
    ctx: &mut Run<'_>,
    span: Span,
    play: Option<Play>,
    g: GameId,
    a: &Node,
    b: &Node,
) -> Result<Answer> {
    ctx.impartial_game(g, Shape::Table.name())?;
    let (r0, r1) = ctx.range(a)?;
    let (c0, c1) = ctx.range(b)?;
    if (r1 - r0).saturating_mul(c1 - c0) > MAX_SEQUENCE {
        return Err(too_long(span));
    }
    ctx.drawable((r1 - r0).saturating_mul(c1 - c0))?;
    answer_fits(&ctx.cx, (r1 - r0).saturating_mul(c1 - c0), CELL_BYTES, span)?;
    let chosen = play.unwrap_or(ctx.cx.defs.game(g).play);
    let game = ctx.cx.defs.game(g).name.clone();
    if chosen == Play::Misere {
        let oracle = SolverOracle::new(ctx.solver);
        let run = SeriesRun {
            cx: &ctx.cx,
            oracle: &oracle,
        };
        let mut rows = Vec::new();
        for i in r0..r1 {
            let mut row = Vec::new();
            for j in c0..c1 {
                let comp = heap_comp(&ctx.cx, g, vec![Value::Int(i), Value::Int(j)])?;
                row.push(outcome_of(run.position_cell(&[comp], Some(chosen))?));
            }
            rows.push(row);
        }
        return Ok(Answer::OutcomeTable {
            subject: game,
            play: chosen,
            row_from: r0,
            col_from: c0,
            rows,
        });
    }
    let mut rows = Vec::new();
    for i in r0..r1 {
        let mut row = Vec::new();
        for j in c0..c1 {
            row.push(
                ctx.solver
                    .value_of(&ctx.cx, g, vec![Value::Int(i), Value::Int(j)])?,
            );
        }
        rows.push(row);
    }
    Ok(Answer::Table {
        game,
        row_from: r0,
        col_from: c0,
        rows,
    })
}

pub(super) fn sequence_of(
    ctx: &mut Run<'_>,
    play: Option<Play>,
    series: &CSeries,
) -> Result<Answer> {
    let (from, to) = {
        let oracle = SolverOracle::new(ctx.solver);
        let run = SeriesRun {
            cx: &ctx.cx,
            oracle: &oracle,
        };
        run.range(&series.ranges[0], MAX_SEQUENCE)?
    };
    ctx.drawable(to - from)?;
    answer_fits(&ctx.cx, to - from, CELL_BYTES, series.body.span)?;
    // From the top down, as the sequence of a game's name.
    let points = (from..to).rev().map(|n| vec![n]);
    let subject = series.label.clone();
    let count = (to - from).max(0) as usize;
    Ok(match series_cells(ctx, play, series, points, count)? {
        Cells::Positions(cells, Some(Play::Misere)) => Answer::Outcomes {
            subject,
            play: Play::Misere,
            from,
            outcomes: cells.into_iter().rev().map(outcome_of).collect(),
        },
        Cells::Positions(cells, _) => Answer::Sequence {
            game: subject,
            from,
            values: cells.into_iter().rev().map(value_of).collect(),
        },
        Cells::Values(mut values) => {
            values.reverse();
            let cells = values_shown(ctx, values)?;
            Answer::Values {
                subject,
                from,
                cells,
            }
        }
    })
}

pub(super) fn table_of(
    ctx: &mut Run<'_>,
    span: Span,
    play: Option<Play>,
    series: &CSeries,
) -> Result<Answer> {
    let ((r0, r1), (c0, c1)) = {
        let oracle = SolverOracle::new(ctx.solver);
        let run = SeriesRun {
            cx: &ctx.cx,
            oracle: &oracle,
        };
        (
            run.range(&series.ranges[0], MAX_SEQUENCE)?,
            run.range(&series.ranges[1], MAX_SEQUENCE)?,
        )
    };
    if (r1 - r0).saturating_mul(c1 - c0) > MAX_SEQUENCE {
        return Err(too_long(span));
    }
    ctx.drawable((r1 - r0).saturating_mul(c1 - c0))?;
    answer_fits(&ctx.cx, (r1 - r0).saturating_mul(c1 - c0), CELL_BYTES, span)?;
    let points = (r0..r1).flat_map(|i| (c0..c1).map(move |j| vec![i, j]));
    let width = (c1 - c0).max(1) as usize;
    let subject = series.label.clone();
    let count = (r1 - r0).saturating_mul(c1 - c0).max(0) as usize;
    Ok(match series_cells(ctx, play, series, points, count)? {
        Cells::Positions(cells, Some(Play::Misere)) => Answer::OutcomeTable {
            subject,
            play: Play::Misere,
            row_from: r0,
            col_from: c0,
            rows: rows_of(cells.into_iter().map(outcome_of).collect(), width),
        },
        Cells::Positions(cells, _) => Answer::Table {
            game: subject,
            row_from: r0,
            col_from: c0,
            rows: rows_of(cells.into_iter().map(value_of).collect(), width),
        },
        Cells::Values(values) => {
            let cells = values_shown(ctx, values)?;
            Answer::ValueTable {
                subject,
                row_from: r0,
                col_from: c0,
                rows: rows_of(cells, width),
            }
        }
    })
}

/// What one cell of a `sequence` or `table` of positions holds at most
/// while its answer is built and printed: the value, the slot it was
/// computed in, its text and its JSON (measured: 33 bytes a cell in
/// text and 166 in JSON for `sequence Nim`, 200 and 310 for `sequence n
/// in …: *n`, whose cells are the series' slots first).
const CELL_BYTES: usize = 320;

/// The same for a cell of a series of values (`sequence n in 0..N: n`):
/// the value, its text and its JSON object (an ordered map, about 300
/// bytes), twice under `--json` (measured: 720 bytes a cell in text,
/// 1,370 in JSON).
const VALUE_CELL_BYTES: usize = 1400;

/// Whether an answer of `cells` cells of `each` bytes fits in what the
/// memory budget has left, before any is computed: a ten-million-cell
/// sequence took 2.7 GB building and printing its answer, past any
/// budget, and aborted.
fn answer_fits(cx: &Ctx, cells: i64, each: usize, span: Span) -> Result<()> {
    let bytes = (cells.max(0) as usize).saturating_mul(each);
    cx.reserve(bytes, span)
}

/// A flat list of cells cut into rows of `width`.
fn rows_of<T>(cells: Vec<T>, width: usize) -> Vec<Vec<T>> {
    let mut rows = Vec::new();
    let mut it = cells.into_iter().peekable();
    while it.peek().is_some() {
        rows.push(it.by_ref().take(width).collect());
    }
    rows
}

/// What a series lists: the positions' values (or misère outcomes, with
/// the convention used), or, when the expression is not a position, its
/// values themselves.
enum Cells {
    Positions(Vec<Cell>, Option<Play>),
    Values(Vec<Value>),
}

/// One point of a series before its kind is known: `0` is the empty
/// position in a series of positions and the integer in a series of values.
enum Slot {
    Zero,
    Cell(Cell),
    Value(Value),
}

/// Evaluate the series' expression at each point, in the order given. The
/// first value that is not `0` decides the kind: a position makes it a
/// series of positions (each answered by the solver; another kind of value
/// later is an error), anything else a series of values (a position later
/// is then shown as written).
fn series_cells(
    ctx: &mut Run<'_>,
    play: Option<Play>,
    series: &CSeries,
    points: impl Iterator<Item = Vec<i64>>,
    points_len: usize,
) -> Result<Cells> {
    let oracle = SolverOracle::new(ctx.solver);
    let run = SeriesRun {
        cx: &ctx.cx,
        oracle: &oracle,
    };
    let mut chosen = play;
    let mut positions: Option<bool> = None;
    let mut slots = Vec::with_capacity(points_len);
    for at in points {
        ctx.cx.tick_at(series.body.span)?;
        let v = run.value(series, &at)?;
        match (v, positions) {
            (Value::Int(0), None) => slots.push(Slot::Zero),
            (v @ (Value::Pos(_) | Value::Int(0)), None | Some(true)) => {
                positions = Some(true);
                let comps = match v {
                    Value::Pos(cs) => cs.to_vec(),
                    _ => Vec::new(),
                };
                let cell = run.position_cell(&comps, chosen)?;
                chosen.get_or_insert(cell_play(&cell));
                slots.push(Slot::Cell(cell));
            }
            (v, Some(true)) => {
                return Err(EvalError::NotAPosition {
                    found: v.type_name().to_string(),
                    span: series.body.span,
                }
                .into());
            }
            (v, _) => {
                if let (Some(p), None) = (play, positions) {
                    return Err(CompileError::Query {
                        message: format!(
                            "`{}` is about positions, and the expression is {}",
                            p.name(),
                            v.type_name()
                        ),
                        help: "drop the convention to list the values themselves".into(),
                        span: series.body.span,
                    }
                    .into());
                }
                if positions.is_none() {
                    let cells = points_len.saturating_sub(slots.len()) as i64;
                    answer_fits(&ctx.cx, cells, VALUE_CELL_BYTES, series.body.span)?;
                }
                positions = Some(false);
                ctx.cx
                    .charge(std::mem::size_of::<Value>(), series.body.span)?;
                slots.push(Slot::Value(v));
            }
        }
    }
    if positions == Some(false) {
        return Ok(Cells::Values(
            slots
                .into_iter()
                .map(|s| match s {
                    Slot::Value(v) => v,
                    // A series of values has no cells of positions.
                    Slot::Zero | Slot::Cell(_) => Value::Int(0),
                })
                .collect(),
        ));
    }
    // Every `0` is the empty position.
    let mut empty: Option<Cell> = None;
    let mut cells = Vec::with_capacity(slots.len());
    for s in slots {
        cells.push(match s {
            Slot::Cell(c) => c,
            _ => match &empty {
                Some(c) => c.clone(),
                None => {
                    let c = run.position_cell(&[], chosen)?;
                    chosen.get_or_insert(cell_play(&c));
                    empty = Some(c.clone());
                    c
                }
            },
        });
    }
    Ok(Cells::Positions(cells, chosen))
}

/// Each value of a series of values as text and as JSON.
fn values_shown(ctx: &mut Run<'_>, values: Vec<Value>) -> Result<Vec<(String, Json)>> {
    let names = super::show::Shows::new(&ctx.cx);
    let out = values
        .iter()
        .map(|v| (shown(v, &names), to_json(v, &names, ctx.solver.store())))
        .collect();
    names.check(out)
}

pub(super) fn period(ctx: &mut Run<'_>, g: GameId) -> Result<Answer> {
    ctx.impartial_game(g, Shape::Period.name())?;
    ctx.solver.period(&ctx.cx, g).map(Answer::Period)
}

/// The text of this family's answers.
pub(crate) fn text(a: &Answer) -> String {
    let w = a.word();
    match a {
        Answer::Sequence { game, from, values } if values.is_empty() => {
            format!("{w} {game} {from}..{from}: (empty)")
        }
        Answer::Sequence { game, from, values } => {
            let to = from + values.len() as i64 - 1;
            joined(format!("{w} {game} {from}..={to}: "), values, " ")
        }
        Answer::Table {
            game,
            row_from,
            col_from,
            rows,
        } => grid(&format!("{w} {game}"), *row_from, *col_from, rows),
        Answer::OutcomeTable {
            subject,
            play,
            row_from,
            col_from,
            rows,
        } => grid(
            &format!("{w} {} {subject}", play.name()),
            *row_from,
            *col_from,
            rows,
        ),
        Answer::Outcomes {
            subject,
            play,
            from,
            outcomes,
        } => {
            let play = play.name();
            if outcomes.is_empty() {
                return format!("{w} {play} {subject} {from}..{from}: (empty)");
            }
            let to = from + outcomes.len() as i64 - 1;
            joined(
                format!("{w} {play} {subject} {from}..={to}: "),
                outcomes,
                " ",
            )
        }
        Answer::Period(p) => {
            let text = period_text(p);
            match &p.resembles {
                Some((code, upto)) => format!(
                    "{text}\n  note: the rules of {} list the same options as `{code}` on heaps 0..={upto} (observed, not proved); declared as `game {} = {code}` it runs on the octal engine, where the Guy–Smith theorem can prove an ordinary period",
                    p.game, p.game
                ),
                None => text,
            }
        }
        Answer::Values {
            subject,
            from,
            cells,
        } => {
            if cells.is_empty() {
                return format!("{w} {subject} {from}..{from}: (empty)");
            }
            let to = from + cells.len() as i64 - 1;
            // Values with spaces of their own (lists, tuples) are parted
            // by commas.
            let sep = if cells.iter().any(|(t, _)| t.contains(' ')) {
                ", "
            } else {
                " "
            };
            let texts = cells.iter().map(|(t, _)| t.as_str());
            joined(format!("{w} {subject} {from}..={to}: "), texts, sep)
        }
        Answer::ValueTable {
            subject,
            row_from,
            col_from,
            rows,
        } => grid(
            &format!("{w} {subject}"),
            *row_from,
            *col_from,
            &rows
                .iter()
                .map(|r| r.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>())
                .collect::<Vec<_>>(),
        ),
        _ => unreachable!("present: not this family's answer: {a:?}"),
    }
}

/// The JSON of this family's answers.
pub(crate) fn json(a: &Answer) -> Json {
    let w = a.word();
    match a {
        Answer::Sequence { game, from, values } => {
            let loopy = values.iter().any(|v| matches!(v, GValue::Infinite(_)));
            json!({
                "query": w,
                "game": game,
                "from": from,
                "values": values.iter().map(finite).collect::<Vec<_>>(),
                "infinities": loopy.then(|| values.iter().map(infinity).collect::<Vec<_>>()),
            })
        }
        Answer::Table {
            game,
            row_from,
            col_from,
            rows,
        } => {
            let loopy = rows
                .iter()
                .flatten()
                .any(|v| matches!(v, GValue::Infinite(_)));
            let each = |f: fn(&GValue) -> Json| -> Vec<Vec<Json>> {
                rows.iter().map(|r| r.iter().map(f).collect()).collect()
            };
            json!({
                "query": w,
                "game": game,
                "row_from": row_from,
                "col_from": col_from,
                "rows": each(finite),
                "infinities": loopy.then(|| each(infinity)),
            })
        }
        Answer::Outcomes {
            subject,
            play,
            from,
            outcomes,
        } => {
            let o: Vec<String> = outcomes
                .iter()
                .map(std::string::ToString::to_string)
                .collect();
            json!({"query": w, "game": subject, "play": play.name(), "from": from, "outcomes": o})
        }
        Answer::OutcomeTable {
            subject,
            play,
            row_from,
            col_from,
            rows,
        } => {
            let rows: Vec<Vec<String>> = rows
                .iter()
                .map(|r| r.iter().map(std::string::ToString::to_string).collect())
                .collect();
            json!({
                "query": w,
                "game": subject,
                "play": play.name(),
                "row_from": row_from,
                "col_from": col_from,
                "outcomes": rows,
            })
        }
        Answer::Period(p) => period_json(w, p),
        Answer::Values {
            subject,
            from,
            cells,
        } => {
            let cells: Vec<&Json> = cells.iter().map(|(_, j)| j).collect();
            json!({"query": w, "game": subject, "from": from, "cells": cells})
        }
        Answer::ValueTable {
            subject,
            row_from,
            col_from,
            rows,
        } => {
            let cells: Vec<Vec<&Json>> = rows
                .iter()
                .map(|r| r.iter().map(|(_, j)| j).collect())
                .collect();
            json!({
                "query": w,
                "game": subject,
                "row_from": row_from,
                "col_from": col_from,
                "cells": cells,
            })
        }
        _ => unreachable!("present: not this family's answer: {a:?}"),
    }
}

/// The JSON of a `period` answer: an arithmetic period has a saltus and
/// says whether it is proved, an ordinary one the values its proof used.
fn period_json(w: &str, p: &crate::solve::PeriodAnswer) -> Json {
    match &p.arithmetic {
        Some((a, proof)) => json!({
            "query": w,
            "game": p.game,
            "code": p.code,
            "preperiod": a.preperiod,
            "period": a.period,
            "saltus": a.saltus,
            "proved": proof.is_some(),
            "values_computed": p.values_computed,
            "resembles": resembles_json(p),
        }),
        None => json!({
            "query": w,
            "game": p.game,
            "code": p.code,
            "preperiod": p.period.map(|x| x.preperiod),
            "period": p.period.map(|x| x.period),
            "proved": p.period.is_some_and(|x| x.proved),
            "values_used": p.period.filter(|_| p.unprovable.is_none()).map(|x| x.values_used),
            "values_computed": p.values_computed,
            "resembles": resembles_json(p),
        }),
    }
}

/// A table: a heading, then rows of right-aligned cells under the column
/// numbers.
/// `head` and each item's text after it, parted by `sep`, written into
/// one string (a ten-million-value answer made a string per value first,
/// several times the text's size).
fn joined<T: std::fmt::Display>(
    head: String,
    items: impl IntoIterator<Item = T>,
    sep: &str,
) -> String {
    use std::fmt::Write;
    let mut s = head;
    for (i, x) in items.into_iter().enumerate() {
        if i > 0 {
            s.push_str(sep);
        }
        let _ = write!(s, "{x}");
    }
    s
}

/// A table's text: its cells right-aligned in columns as wide as the
/// widest cell, written into one string without a copy of the cells.
fn grid<T: std::fmt::Display>(head: &str, row_from: i64, col_from: i64, rows: &[Vec<T>]) -> String {
    use std::fmt::Write;
    let ncols = rows.first().map(std::vec::Vec::len).unwrap_or(0);
    if ncols == 0 {
        return format!("{head}: (empty)");
    }
    let row_to = row_from + rows.len() as i64 - 1;
    let col_to = col_from + ncols as i64 - 1;
    let chars = |t: &dyn std::fmt::Display| {
        let mut n = CharCount(0);
        let _ = write!(n, "{t}");
        n.0
    };
    let heads = (0..ncols as i64)
        .map(|j| col_from + j)
        .chain([row_from, row_to]);
    let width = rows
        .iter()
        .flatten()
        .map(|c| chars(c))
        .chain(heads.map(|h| chars(&h)))
        .max()
        .unwrap_or(1);
    let mut s = format!("{head} {row_from}..={row_to}, {col_from}..={col_to}:");
    let mut line = String::new();
    let end_line = |s: &mut String, line: &mut String| {
        s.push('\n');
        s.push_str(line.trim_end());
        line.clear();
    };
    let _ = write!(line, "{:>width$}", "");
    for j in 0..ncols as i64 {
        let _ = write!(line, " {:>width$}", col_from + j);
    }
    end_line(&mut s, &mut line);
    // A cell's own `Display` may not pad: written out first, then padded.
    let mut cell = String::new();
    for (i, r) in rows.iter().enumerate() {
        let _ = write!(line, "{:>width$}", row_from + i as i64);
        for c in r {
            cell.clear();
            let _ = write!(cell, "{c}");
            let _ = write!(line, " {cell:>width$}");
        }
        end_line(&mut s, &mut line);
    }
    s
}

/// Counts the characters written to it.
struct CharCount(usize);

impl std::fmt::Write for CharCount {
    fn write_str(&mut self, t: &str) -> std::fmt::Result {
        self.0 += t.chars().count();
        Ok(())
    }
}

/// The text of a `period` answer, without the resemblance note.
fn period_text(p: &crate::solve::PeriodAnswer) -> String {
    let w = Shape::Period.name();
    let code = p
        .code
        .as_ref()
        .map(|c| format!(" ({c})"))
        .unwrap_or_default();

    if let Some((a, proof)) = &p.arithmetic {
        let rule = format!(
            "preperiod {}, period {}, saltus {}: G(n + {}) = G(n) + {}",
            a.preperiod, a.period, a.saltus, a.period, a.saltus
        );
        return match proof {
            Some(why) => format!("{w} {}{code}: {rule} (proved: {why})", p.game),
            None => format!(
                "{w} {}{code}: apparent {rule} (not proved: {}; seen in the first {} values)",
                p.game,
                p.unprovable
                    .clone()
                    .unwrap_or_else(|| "no theorem applies".into()),
                p.values_computed
            ),
        };
    }
    let further = match (&p.code, &p.period) {
        (Some(c), None) => format!(" ({})", crate::solve::period_further(c)),
        (Some(c), Some(per)) if !per.proved && p.unprovable.is_none() => {
            format!(" ({})", crate::solve::period_further(c))
        }
        _ => String::new(),
    };
    match &p.period {
        Some(per) if per.proved => format!(
            "{w} {}{code}: preperiod {}, period {} (proved by the Guy–Smith theorem from {} values)",
            p.game, per.preperiod, per.period, per.values_used
        ),
        Some(per) => format!(
            "{w} {}{code}: apparent preperiod {}, period {} (not proved: {}){further}",
            p.game,
            per.preperiod,
            per.period,
            p.unprovable.clone().unwrap_or_else(|| format!(
                "a proof needs {} values, {} were computed",
                per.values_used, p.values_computed
            ))
        ),
        None => format!(
            "{w} {}{code}: no period in the first {} values{further}",
            p.game, p.values_computed
        ),
    }
}

/// `{"declaration": "octal 0.77", "heaps_checked": 300}` when a rule game lists a code's
/// options on the heaps checked (observed, not proved), else null.
fn resembles_json(p: &crate::solve::PeriodAnswer) -> serde_json::Value {
    match &p.resembles {
        Some((code, upto)) => json!({"declaration": code, "heaps_checked": upto}),
        None => serde_json::Value::Null,
    }
}
