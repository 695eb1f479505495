//! What `grundy serve`'s JSON API answers, as functions of a request's
//! fields (no HTTP here, so each is tested alone): the diagnostics of a
//! worksheet (the language server's analysis), its answers, and one
//! position of the explorer. Each request gets a session of its own under
//! the server's per-query limits and the request's interrupt flag (raised
//! by `/api/cancel`, as Ctrl-C raises the REPL's), so a failed or
//! cancelled request leaves nothing behind.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Value, json};

use grundy::render;
use grundy::{Answer, Error, LimitError, Limits, Picture, Session, Statement};

/// The name a worksheet's text has in diagnostics.
pub const WORKSHEET: &str = "worksheet.game";

/// The longest position the explorer takes, in bytes.
pub const MAX_POSITION: usize = 64 * 1024;

/// A diagnostic as the API sends it: its code, message, help line and,
/// when it points into `text`, where (lines and columns from 1, columns in
/// UTF-16 code units, as the page's JavaScript counts them).
pub fn error_json(e: &Error, text: Option<&str>) -> Value {
    let mut err = serde_json::Map::new();
    err.insert(
        "code".into(),
        json!(miette::Diagnostic::code(e).map(|c| c.to_string())),
    );
    err.insert("message".into(), json!(e.to_string()));
    err.insert(
        "help".into(),
        json!(miette::Diagnostic::help(e).map(|h| h.to_string())),
    );
    if let Some(text) = text
        && e.in_source()
    {
        let span = e.span();
        let from = crate::lsp::analysis::position(text, span.start as usize);
        let to = crate::lsp::analysis::position(text, span.end as usize);
        err.insert("line".into(), json!(from.line + 1));
        err.insert("column".into(), json!(from.character + 1));
        err.insert("end_line".into(), json!(to.line + 1));
        err.insert("end_column".into(), json!(to.character + 1));
    }
    json!({ "error": Value::Object(err) })
}

/// `/api/check`: the language server's diagnostics of a text (syntax,
/// names, arities; nothing run), or None when `stop` was raised (a newer
/// text came).
pub fn check(text: &str, limits: Limits, stop: Arc<AtomicBool>) -> Option<Value> {
    let found = crate::lsp::analysis::diagnostics_with(text, limits, stop)?;
    let list: Vec<Value> = found
        .iter()
        .map(|d| {
            json!({
                "code": d.code.as_ref().map(|c| match c {
                    lsp_types::NumberOrString::String(s) => s.clone(),
                    lsp_types::NumberOrString::Number(n) => n.to_string(),
                }),
                "message": d.message,
                "line": d.range.start.line + 1,
                "column": d.range.start.character + 1,
                "end_line": d.range.end.line + 1,
                "end_column": d.range.end.character + 1,
            })
        })
        .collect();
    Some(json!({ "diagnostics": list }))
}

/// The longest DOT text the worksheet asks Graphviz to draw (about a
/// thousand edges): a larger graph stays text, so no request waits long
/// on Graphviz.
const MAX_DOT: usize = 64 * 1024;

/// One answer of a worksheet: its statement's lines and text (shown above
/// the answer), its text, its JSON (docs/JSON.md) and, for sequences,
/// tables and thermographs, the SVG picture `grundy run --plot` draws (for
/// `dot`, Graphviz's drawing when it is installed).
fn answer_json(session: &Session, text: &str, answer: &Answer) -> Value {
    let line_of = |at: usize| crate::lsp::analysis::position(text, at).line + 1;
    // The statement as written, without the line break a last statement's
    // span keeps.
    let span = session
        .query_span()
        .and_then(|s| {
            Some((
                s.start as usize,
                text.get(s.start as usize..s.end as usize)?,
            ))
        })
        .map(|(start, source)| (start, source.trim_end()));
    let svg = match (render::picture_kind(answer), answer) {
        (Some(Picture::Plot), _) => render::svg_of(answer).and_then(Result::ok),
        // A graph is drawn when Graphviz is installed and the graph is
        // small enough to draw in a moment; else its DOT text is the answer.
        (Some(Picture::Graph), Answer::Dot { dot, .. }) if dot.len() <= MAX_DOT => {
            render::svg_of(answer).and_then(Result::ok)
        }
        _ => None,
    };
    json!({
        "line": span.map(|(start, _)| line_of(start)),
        "end_line": span.map(|(start, source)| line_of(start + source.len().saturating_sub(1))),
        "source": span.map(|(_, source)| source),
        "text": render::text(answer),
        "json": render::json(answer),
        "svg": svg,
    })
}

/// `/api/run`: every statement of a worksheet, in order, each answer or
/// error as it came. Stops at a failed definition, and when `stop` is
/// raised (the rest are not run, which the last item says).
pub fn run(text: &str, limits: Limits, stop: Arc<AtomicBool>) -> Value {
    let mut session = Session::with_limits(limits);
    session.set_interrupt(stop.clone());
    let mut items = Vec::new();
    let statements = match session.prepare(WORKSHEET, text) {
        Ok(statements) => statements,
        Err(errors) => {
            let items: Vec<Value> = errors.iter().map(|e| error_json(e, Some(text))).collect();
            return json!({ "results": items, "complete": false });
        }
    };
    let mut complete = true;
    for statement in statements {
        if stop.load(Ordering::Relaxed) {
            let e: Error = LimitError::Stopped {
                what: "the statements after it were not run".into(),
            }
            .into();
            items.push(error_json(&e, Some(text)));
            complete = false;
            break;
        }
        let definition = statement.is_definition();
        match session.run_statement(statement) {
            None => {}
            Some(Ok(answer)) => items.push(answer_json(&session, text, &answer)),
            Some(Err(e)) => {
                items.push(error_json(&e, Some(text)));
                if definition || stop.load(Ordering::Relaxed) {
                    complete = false;
                    break;
                }
            }
        }
    }
    json!({ "results": items, "complete": complete })
}

/// A session holding a worksheet's definitions (its queries are not run),
/// under `limits` and `stop`.
fn defined(text: &str, limits: Limits, stop: Arc<AtomicBool>) -> Result<Session, Value> {
    let mut session = Session::with_limits(limits);
    session.set_interrupt(stop);
    let statements = session
        .prepare(WORKSHEET, text)
        .map_err(|errors| error_json(&errors[0], Some(text)))?;
    for statement in statements.into_iter().filter(Statement::is_definition) {
        if let Some(Err(e)) = session.run_statement(statement) {
            return Err(error_json(&e, Some(text)));
        }
    }
    Ok(session)
}

/// One query of the explorer, written from a position: its answer's JSON.
fn ask(session: &mut Session, query: &str) -> Result<Value, Error> {
    let mut statements = session
        .prepare("<explorer>", query)
        .map_err(|mut errors| errors.swap_remove(0))?;
    let Some(statement) = statements.pop() else {
        return Ok(Value::Null);
    };
    match session.run_statement(statement) {
        Some(Ok(answer)) => Ok(render::json(&answer)),
        Some(Err(e)) => Err(e),
        None => Ok(Value::Null),
    }
}

/// The options of a position as `moves` lists them: for each side
/// (`None` for an impartial game), the option and its value as text.
fn options_of(moves: &Value) -> Vec<(Option<&'static str>, String, String)> {
    let value_text = |m: &Value| match (&m["value"], &m["infinity"]) {
        (Value::String(s), _) => s.clone(),
        (Value::Number(n), _) => format!("*{n}"),
        (Value::Null, Value::Array(k)) => infinity_text(k),
        _ => String::new(),
    };
    let mut out = Vec::new();
    let sides: [(Option<&'static str>, &str); 3] = [
        (None, "moves"),
        (Some("left"), "left"),
        (Some("right"), "right"),
    ];
    for (side, field) in sides {
        for m in moves[field].as_array().into_iter().flatten() {
            let to = m["to"].as_str().unwrap_or_default().to_string();
            out.push((side, to, value_text(m)));
        }
    }
    out
}

/// ∞ with the finite values among a loopy position's options: `∞{0,2}`.
fn infinity_text(k: &[Value]) -> String {
    let parts: Vec<String> = k.iter().map(Value::to_string).collect();
    format!("∞{{{}}}", parts.join(","))
}

/// What the explorer asks for: a position (an expression of the
/// worksheet's language) and the convention.
pub struct ExploreRequest<'a> {
    pub text: &'a str,
    pub position: &'a str,
    pub misere: bool,
}

/// `/api/explore`: a position of a worksheet's games, its value and
/// outcome, and its options (each player's, for a partizan game), each
/// with its value, its outcome and whether it is a winning move. Made of
/// the language's own queries (`moves`, `outcome`, `grundy`/`value`,
/// `winning`), so the explorer shows what the worksheet would print.
pub fn explore(req: &ExploreRequest, limits: Limits, stop: Arc<AtomicBool>) -> Value {
    let position = req.position.trim();
    if position.is_empty() || position.len() > MAX_POSITION || position.contains(['\n', '\r']) {
        return crate::serve::http::api_error(
            "grundy::serve::position",
            "the position must be one line of at most 64 KiB",
            "write one expression, such as Domineering(grid(3, 3)) or Nim(5)",
        );
    }
    let mut session = match defined(req.text, limits, stop) {
        Ok(session) => session,
        Err(e) => return e,
    };
    match explore_in(&mut session, position, req.misere) {
        Ok(v) => v,
        Err(e) => {
            let mut v = error_json(&e, None);
            v["error"]["position"] = json!(position);
            v
        }
    }
}

fn explore_in(session: &mut Session, position: &str, misere: bool) -> Result<Value, Error> {
    let play = if misere { "misere" } else { "normal" };
    let moves = ask(session, &format!("moves {position}"))?;
    let impartial = moves.get("moves").is_some();
    let outcome = ask(session, &format!("outcome {play} {position}"))?;
    // A value is shown when the game has one (a loopy partizan game may
    // not): its absence is said, never made up.
    let value = if impartial {
        ask(session, &format!("grundy {position}")).map(|g| match (&g["value"], &g["infinity"]) {
            (Value::Number(n), _) => format!("*{n}"),
            (_, Value::Array(k)) => infinity_text(k),
            _ => String::new(),
        })
    } else {
        ask(session, &format!("value {position}"))
            .map(|v| v["value"].as_str().unwrap_or_default().to_string())
    };
    let (value, value_error) = match value {
        Ok(v) => (json!(v), Value::Null),
        Err(e) if matches!(e, Error::Limit(_)) => return Err(e),
        Err(e) => (Value::Null, json!(e.to_string())),
    };
    let mut winning: Vec<(Option<&str>, String)> = Vec::new();
    let sides: &[Option<&str>] = if impartial {
        &[None]
    } else {
        &[Some("left"), Some("right")]
    };
    for &side in sides {
        let tail = side.map(|s| format!(" for {s}")).unwrap_or_default();
        let w = ask(session, &format!("winning {play} {position}{tail}"))?;
        for m in w["moves"].as_array().into_iter().flatten() {
            winning.push((side, m.as_str().unwrap_or_default().to_string()));
        }
    }
    let mut options = Vec::new();
    for (side, to, value) in options_of(&moves) {
        let o = ask(session, &format!("outcome {play} {to}"))?;
        let wins = winning.iter().any(|(s, w)| *s == side && *w == to);
        options.push(json!({
            "side": side,
            "to": to,
            "value": value,
            "outcome": o["outcome"],
            "winning": wins,
        }));
    }
    Ok(json!({
        "position": moves["position"],
        "play": play,
        "kind": if impartial { "impartial" } else { "partizan" },
        "value": value,
        "value_error": value_error,
        "outcome": outcome["outcome"],
        "left_first": outcome.get("left_first"),
        "right_first": outcome.get("right_first"),
        "options": options,
    }))
}

#[cfg(test)]
#[path = "api_tests.rs"]
mod tests;
