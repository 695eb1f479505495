//! Answers (and, in JSON, diagnostics) as text for people and as one-line
//! JSON objects for programs: the shared frame. Each query family's module
//! in `src/query/` (impartial values, sequences, graphs, misère, partizan)
//! prints its own answers; this file routes an answer to its family and
//! holds what they share.

use serde_json::{Value as Json, json};

use crate::error::Error;
use crate::query::Answer;

/// The query family that owns an answer: it computes it and prints it as
/// text and JSON. `None` for the two answers the frame prints itself.
#[derive(Clone, Copy)]
enum Family {
    Impartial,
    Sequences,
    Graphs,
    Misere,
    Partizan,
}

/// Which family prints an answer: the one routing table for `text` and
/// `json`.
fn family(a: &Answer) -> Option<Family> {
    Some(match a {
        Answer::Eval { .. } | Answer::Assert { .. } | Answer::Generic { .. } => return None,
        Answer::Grundy { .. }
        | Answer::Outcome { .. }
        | Answer::Moves { .. }
        | Answer::Winning { .. }
        | Answer::Remoteness { .. } => Family::Impartial,
        Answer::Sequence { .. }
        | Answer::Table { .. }
        | Answer::Outcomes { .. }
        | Answer::OutcomeTable { .. }
        | Answer::Values { .. }
        | Answer::ValueTable { .. }
        | Answer::Period(_) => Family::Sequences,
        Answer::Kernels { .. } | Answer::KernelSequences { .. } | Answer::Dot { .. } => {
            Family::Graphs
        }
        Answer::Genus { .. } | Answer::MisereForm { .. } | Answer::Quotient(_) => Family::Misere,
        Answer::PartizanOutcome { .. }
        | Answer::LoopyOutcome { .. }
        | Answer::PartizanWinning { .. }
        | Answer::PartizanMoves { .. }
        | Answer::Value { .. }
        | Answer::Thermograph { .. }
        | Answer::Compare { .. } => Family::Partizan,
    })
}

/// An answer as text: the family that owns the query prints it.
pub fn text(a: &Answer) -> String {
    use crate::query::{graphs, impartial, misere, partizan, sequences};
    match family(a) {
        Some(Family::Impartial) => impartial::text(a),
        Some(Family::Sequences) => sequences::text(a),
        Some(Family::Graphs) => graphs::text(a),
        Some(Family::Misere) => misere::text(a),
        Some(Family::Partizan) => partizan::text(a),
        None => match a {
            Answer::Eval { text, .. } => text.clone(),
            Answer::Assert { text } => format!("{} {text}: ok", a.word()),
            Answer::Generic {
                word,
                position,
                value,
                ..
            } => format!("{word} {position} = {value}"),
            _ => unreachable!("every other answer has a family"),
        },
    }
}

/// The version of the JSON lines' schema (docs/JSON.md), the first field
/// of every line as `"grundy_json"`: it changes when a field is removed or
/// renamed or changes its type or meaning, not when one is added.
pub const JSON_VERSION: u64 = 2;

/// A JSON line: `"grundy_json"` (the schema's version) first, then the
/// fields of `body` in their order.
pub fn json_line(body: Json) -> Json {
    let mut line = serde_json::Map::new();
    line.insert("grundy_json".into(), json!(JSON_VERSION));
    if let Json::Object(fields) = body {
        line.extend(fields);
    }
    Json::Object(line)
}

/// An answer as one JSON line: the family that owns the query shapes it.
pub fn json(a: &Answer) -> Json {
    json_line(answer_json(a))
}

fn answer_json(a: &Answer) -> Json {
    use crate::query::{graphs, impartial, misere, partizan, sequences};
    match family(a) {
        Some(Family::Impartial) => impartial::json(a),
        Some(Family::Sequences) => sequences::json(a),
        Some(Family::Graphs) => graphs::json(a),
        Some(Family::Misere) => misere::json(a),
        Some(Family::Partizan) => partizan::json(a),
        None => match a {
            Answer::Eval { json, .. } => {
                // The value's object (`to_json`) after the query's word.
                let mut line = serde_json::Map::new();
                line.insert("query".into(), json!(a.word()));
                if let Json::Object(typed) = json {
                    line.extend(typed.clone());
                }
                Json::Object(line)
            }
            Answer::Assert { text } => json!({"query": a.word(), "condition": text, "holds": true}),
            // The value's text under the word's name (`"birthday": "3"`),
            // and the value's object (`to_json`) as `result`.
            Answer::Generic {
                word,
                position,
                value,
                json,
            } => {
                let mut line = serde_json::Map::new();
                line.insert("query".into(), json!(word));
                line.insert("position".into(), json!(position));
                line.insert((*word).into(), json!(value));
                line.insert("result".into(), json.clone());
                Json::Object(line)
            }
            _ => unreachable!("every other answer has a family"),
        },
    }
}

/// A diagnostic as JSON, without its place (see `json_error_at`).
pub fn json_error(e: &Error) -> Json {
    json!({"error": {
        "code": miette::Diagnostic::code(e).map(|c| c.to_string()),
        "message": e.to_string(),
    }})
}

/// The JSON line `--json` (the REPL's `:json`, Python) prints for a
/// diagnostic: the version, the failed query's word (`query`, null for a
/// definition or the text), then the `error`: its code, its message and,
/// when it points into a text, the `line` and `column` (both from 1, the
/// column in characters) where its span starts.
pub fn json_error_line(query: Option<&str>, e: &Error, sources: &crate::source::Sources) -> Json {
    let mut line = serde_json::Map::new();
    line.insert("query".into(), json!(query));
    if let Json::Object(rest) = json_error_at(e, sources) {
        line.extend(rest);
    }
    json_line(Json::Object(line))
}

/// A diagnostic's `{"error": …}` with its place (see `json_error_line`).
fn json_error_at(e: &Error, sources: &crate::source::Sources) -> Json {
    let mut j = json_error(e);
    if e.in_source() {
        let span = e.span();
        let text = sources.text(span.src);
        let lines = sources.line_starts(span.src);
        // From the index of line starts, not by counting from the text's
        // start: 200,000 diagnostics of a 400 KB file took minutes.
        let start = (span.start as usize).min(text.len());
        let n = lines.partition_point(|&s| s <= start).max(1);
        let from = lines[n - 1];
        let (_, column) = line_column(&text[from..], start - from);
        let line = n;
        if let Some(obj) = j["error"].as_object_mut() {
            obj.insert("line".into(), json!(line));
            obj.insert("column".into(), json!(column));
        }
    }
    j
}

/// The 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}
