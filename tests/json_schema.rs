//! Every JSON line grundy prints matches docs/JSON.md, mechanically:
//!
//! - every line starts with `"grundy_json"` (the schema's version, equal to
//!   `render::JSON_VERSION`) and then `"query"`, error lines included, and
//!   under `--jobs 3` too;
//! - each field (and each documented inner field, `moves[].to`) is listed
//!   in JSON.md's tables for its line's query, with exactly one JSON type
//!   (plus "or null"), and has that type;
//! - across all the lines checked, each field of a query — inner ones and
//!   array elements included, listed or not — shows at most one type
//!   besides null.
//!
//! The lines checked: every file of `examples/` (with one thread and with
//! three), `tests/data/json_types.game` (the shapes the examples lack: loopy
//! values, bare expressions of each type, error lines) and the files of
//! `tests/errors/`.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// JSON's types as JSON.md names them.
const TYPES: [&str; 5] = ["string", "integer", "boolean", "array", "object"];

/// What JSON.md says of one field: its type, whether null may stand for
/// "nothing", whether it may be left out.
#[derive(Debug, Clone, PartialEq)]
struct Field {
    ty: &'static str,
    null: bool,
    optional: bool,
}

/// Query (`*` for the fields of every line, `error` for an error line's)
/// → field path (`value`, `moves[].to`, `error.code`) → what JSON.md says.
type Schema = BTreeMap<String, BTreeMap<String, Field>>;

/// The backticked words of a table cell.
fn ticked(cell: &str) -> Vec<String> {
    cell.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, w)| w.to_string())
        .collect()
}

/// A type cell: one JSON type, then optionally `or null`, then optionally
/// `, optional` — nothing else.
fn field(cell: &str) -> Result<Field, String> {
    let (rest, optional) = match cell.strip_suffix(", optional") {
        Some(r) => (r, true),
        None => (cell, false),
    };
    let (ty, null) = match rest.strip_suffix(" or null") {
        Some(t) => (t, true),
        None => (rest, false),
    };
    let ty = TYPES.iter().copied().find(|t| *t == ty).ok_or(format!(
        "`{cell}` is not one JSON type (plus `or null`, `, optional`)"
    ))?;
    Ok(Field { ty, null, optional })
}

/// The tables of JSON.md: the rows of "Every line" (query `*`), "Error
/// lines" (query `error`) and "Answer lines" (query in the first cell).
fn schema_of(text: &str) -> Result<Schema, String> {
    let mut schema = Schema::new();
    let mut section = "";
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            section = h;
            continue;
        }
        if !line.starts_with("| `") {
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        let (queries, fields, ty) = match section {
            "Every line" => (vec!["*".to_string()], cells[0], cells.get(1)),
            "Error lines" => (vec!["error".to_string()], cells[0], cells.get(1)),
            "Answer lines" => (ticked(cells[0]), cells[1], cells.get(2)),
            _ => continue,
        };
        let f = field(ty.ok_or(format!("a row with no type: {line}"))?)
            .map_err(|e| format!("{e}: {line}"))?;
        for q in &queries {
            for name in ticked(fields) {
                let old = schema
                    .entry(q.clone())
                    .or_default()
                    .insert(name.clone(), f.clone());
                if old.is_some_and(|o| o != f) {
                    return Err(format!("{q}.{name} is listed twice with two types"));
                }
            }
        }
    }
    for needed in ["*", "error"] {
        if !schema.contains_key(needed) {
            return Err(format!("no table for `{needed}`"));
        }
    }
    Ok(schema)
}

fn schema() -> Schema {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/JSON.md"))
        .expect("docs/JSON.md");
    schema_of(&text).unwrap_or_else(|e| panic!("docs/JSON.md: {e}"))
}

fn type_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Every (path, value) of a field, itself first: `[]` for an array's
/// elements, `.key` for an object's fields.
fn flatten<'a>(path: String, v: &'a Value, out: &mut Vec<(String, &'a Value)>) {
    out.push((path.clone(), v));
    match v {
        Value::Array(xs) => xs.iter().for_each(|x| flatten(format!("{path}[]"), x, out)),
        Value::Object(m) => m
            .iter()
            .for_each(|(k, x)| flatten(format!("{path}.{k}"), x, out)),
        _ => {}
    }
}

/// The types seen so far: (query, path) → the types besides null.
type Seen = BTreeMap<(String, String), BTreeSet<&'static str>>;

/// What is wrong with one line, if anything; its fields' types go into
/// `seen`.
fn check(schema: &Schema, line: &Value, seen: &mut Seen) -> Result<(), String> {
    let obj = line.as_object().ok_or("not an object")?;
    let keys: Vec<&str> = obj.keys().map(std::string::String::as_str).collect();
    if keys.len() < 2 || keys[0] != "grundy_json" || keys[1] != "query" {
        return Err(format!(
            "the first fields are {keys:?}, not grundy_json then query"
        ));
    }
    if obj["grundy_json"] != serde_json::json!(grundy::render::JSON_VERSION) {
        return Err(format!("grundy_json is {}", obj["grundy_json"]));
    }
    let query = if obj.contains_key("error") {
        "error".to_string()
    } else {
        obj["query"]
            .as_str()
            .ok_or("an answer's query is not a string")?
            .to_string()
    };
    let fields = schema
        .get(&query)
        .ok_or(format!("query {query} is not in JSON.md"))?;
    let every = &schema["*"];
    let mut all = Vec::new();
    for (k, v) in obj {
        flatten(k.clone(), v, &mut all);
    }
    for (path, v) in all {
        let t = type_of(v);
        let listed = every.get(&path).or_else(|| fields.get(&path));
        match listed {
            Some(f) if t == f.ty || (t == "null" && f.null) => {}
            Some(f) => {
                return Err(format!(
                    "{query}: {path} is {t}, JSON.md says {}{}",
                    f.ty,
                    if f.null { " or null" } else { "" }
                ));
            }
            // An inner field JSON.md does not list: its parent must be.
            None if path.contains(['.', '[']) => {}
            None => return Err(format!("{query}: field {path} is not in JSON.md")),
        }
        if t != "null" {
            seen.entry((query.clone(), path)).or_default().insert(t);
        }
    }
    for (name, f) in fields {
        if !f.optional && !name.contains(['.', '[']) && !obj.contains_key(name) {
            // Fields listed for one of a query's shapes (`values` or
            // `cells`) are absent from the others: only those JSON.md
            // calls optional may be, so a listed field is either present
            // or marked.
            return Err(format!("{query}: {name} is missing and not optional"));
        }
    }
    for (name, f) in every {
        if !f.optional && !obj.contains_key(name) {
            return Err(format!("{name} is missing"));
        }
    }
    Ok(())
}

/// Fields that show two types (besides null) across the lines seen.
fn two_types(seen: &Seen) -> Vec<String> {
    seen.iter()
        .filter(|(_, t)| t.len() > 1)
        .map(|((q, p), t)| format!("{q}: {p} is {t:?}"))
        .collect()
}

#[test]
fn the_schema_catches_what_it_should() {
    let s = schema();
    let v = grundy::render::JSON_VERSION;
    let mut seen = Seen::new();
    let ok = serde_json::json!({"grundy_json": v, "query": "grundy", "position": "*3", "value": 3, "infinity": null});
    assert_eq!(check(&s, &ok, &mut seen), Ok(()));
    let loopy = serde_json::json!({"grundy_json": v, "query": "grundy", "position": "C", "value": null, "infinity": [0]});
    assert_eq!(check(&s, &loopy, &mut seen), Ok(()));
    let bad_type = serde_json::json!({"grundy_json": v, "query": "grundy", "position": 3, "value": 3, "infinity": null});
    assert!(check(&s, &bad_type, &mut seen).is_err());
    let object_value = serde_json::json!({"grundy_json": v, "query": "grundy", "position": "C", "value": {"inf": [0]}, "infinity": null});
    assert!(check(&s, &object_value, &mut seen).is_err());
    let unknown = serde_json::json!({"grundy_json": v, "query": "grundy", "colour": "red"});
    assert!(check(&s, &unknown, &mut seen).is_err());
    let missing = serde_json::json!({"grundy_json": v, "query": "grundy", "position": "*3"});
    assert!(check(&s, &missing, &mut seen).is_err());
    let no_version =
        serde_json::json!({"query": "grundy", "position": "*3", "value": 3, "infinity": null});
    assert!(check(&s, &no_version, &mut seen).is_err());
    let old_version = serde_json::json!({"grundy_json": 1, "query": "grundy", "position": "*3", "value": 3, "infinity": null});
    assert!(check(&s, &old_version, &mut seen).is_err());
    let error = serde_json::json!({"grundy_json": v, "query": null, "error": {"code": "x", "message": "y", "line": 1, "column": 2}});
    assert_eq!(check(&s, &error, &mut seen), Ok(()));
    let error_no_version =
        serde_json::json!({"query": null, "error": {"code": "x", "message": "y"}});
    assert!(check(&s, &error_no_version, &mut seen).is_err());
    let error_bad =
        serde_json::json!({"grundy_json": v, "query": 3, "error": {"code": "x", "message": "y"}});
    assert!(check(&s, &error_bad, &mut seen).is_err());
    assert!(two_types(&seen).is_empty());

    // An unlisted inner field that changes type is caught across lines.
    let a = serde_json::json!({"grundy_json": v, "query": "eval", "value": "x", "type": "list", "items": [{"value": "1", "type": "integer", "integer": 1}]});
    let b = serde_json::json!({"grundy_json": v, "query": "eval", "value": "x", "type": "list", "items": [{"value": "1", "type": "integer", "integer": "1"}]});
    assert_eq!(check(&s, &a, &mut seen), Ok(()));
    assert_eq!(check(&s, &b, &mut seen), Ok(()));
    assert_eq!(
        two_types(&seen),
        ["eval: items[].integer is {\"integer\", \"string\"}"]
    );

    // A table row with two types, or none, is refused.
    let table = "## Every line\n\n| `grundy_json` | integer | v |\n\n## Error lines\n\n| `error` | object | e |\n\n## Answer lines\n\n";
    assert!(schema_of(&format!("{table}| `grundy` | `value` | integer | v |\n")).is_ok());
    assert!(
        schema_of(&format!(
            "{table}| `grundy` | `value` | integer or object | v |\n"
        ))
        .is_err()
    );
    assert!(schema_of(&format!("{table}| `grundy` | `value` | any | v |\n")).is_err());
    assert!(
        schema_of(&format!(
            "{table}| `grundy` | `value` | integer or null, optional | v |\n"
        ))
        .is_ok()
    );
}

fn game_files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    files
}

/// The `--json` lines of a file (with `args` before it), parsed.
fn lines_of(file: &Path, args: &[&str]) -> Vec<Value> {
    let out = Command::new(common::grundy_bin())
        .args(["run", "--json"])
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|line| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}: not JSON ({e}): {line}", file.display()))
        })
        .collect()
}

#[test]
fn every_json_line_matches_json_md_with_one_type_a_field() {
    let schema = schema();
    // With one thread and with three; the error files with one.
    let one_and_three: &[&[&str]] = &[&[], &["--jobs", "3"]];
    let mut files: Vec<(PathBuf, &[&[&str]])> = game_files("examples")
        .into_iter()
        .map(|f| (f, one_and_three))
        .collect();
    let probe = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/json_types.game");
    files.push((probe, one_and_three));
    files.extend(
        game_files("tests/errors")
            .into_iter()
            .map(|f| (f, &one_and_three[..1])),
    );
    let mut seen = Seen::new();
    let (mut lines, mut errors) = (0, 0);
    let mut queries = BTreeSet::new();
    for (file, runs) in &files {
        for args in runs.iter().copied() {
            for v in lines_of(file, args) {
                if let Err(why) = check(&schema, &v, &mut seen) {
                    panic!("{} {args:?}: {why}\n{v}", file.display());
                }
                match v["query"].as_str() {
                    _ if v.get("error").is_some() => errors += 1,
                    Some(q) => {
                        queries.insert(q.to_string());
                    }
                    None => {}
                }
                lines += 1;
            }
        }
    }
    let two = two_types(&seen);
    assert!(two.is_empty(), "fields with two types: {two:#?}");
    assert!(lines > 200, "only {lines} lines");
    assert!(errors > 100, "only {errors} error lines");
    // Every query JSON.md lists printed at least one line here.
    let listed: BTreeSet<String> = schema
        .keys()
        .filter(|q| *q != "*" && *q != "error")
        .cloned()
        .collect();
    let unseen: Vec<_> = listed.difference(&queries).collect();
    assert!(unseen.is_empty(), "no line of {unseen:?}");
}
