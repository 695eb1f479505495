//! Every JSON line the examples print matches docs/JSON.md: each field is
//! listed there for its line's query, with one of the types listed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use serde_json::Value;

type Schema = BTreeMap<String, BTreeMap<String, BTreeSet<&'static str>>>;

const TYPES: [&str; 7] = [
    "string", "integer", "boolean", "array", "object", "null", "any",
];

/// The backticked words of a table cell.
fn ticked(cell: &str) -> Vec<String> {
    cell.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, w)| w.to_string())
        .collect()
}

/// The answer table of JSON.md: query → field → types.
fn schema() -> Schema {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/JSON.md"))
        .expect("docs/JSON.md");
    let section = text
        .split("## Answer lines")
        .nth(1)
        .expect("an Answer lines section");
    let mut schema = Schema::new();
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        assert!(cells.len() >= 3, "a row of three cells: {line}");
        let types: BTreeSet<&str> = TYPES
            .iter()
            .copied()
            .filter(|t| cells[2].contains(t))
            .collect();
        assert!(!types.is_empty(), "a row with no type: {line}");
        for q in ticked(cells[0]) {
            for f in ticked(cells[1]) {
                schema
                    .entry(q.clone())
                    .or_default()
                    .entry(f)
                    .or_default()
                    .extend(types.iter().copied());
            }
        }
    }
    schema
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

/// What is wrong with one line, if anything.
fn check(schema: &Schema, line: &Value) -> Result<(), String> {
    let obj = line.as_object().ok_or("not an object")?;
    let (first, query) = obj.iter().next().ok_or("empty")?;
    if first != "query" {
        return Err(format!("the first field is {first}, not query"));
    }
    if let Some(e) = obj.get("error") {
        if !(query.is_string() || query.is_null()) {
            return Err("an error line's query is neither a string nor null".into());
        }
        let e = e.as_object().ok_or("error is not an object")?;
        for (k, v) in e {
            let ok = match k.as_str() {
                "code" | "message" => v.is_string(),
                "line" | "column" => v.is_u64(),
                _ => false,
            };
            if !ok {
                return Err(format!("error.{k} is not as documented"));
            }
        }
        return Ok(());
    }
    let query = query.as_str().ok_or("query is not a string")?;
    let fields = schema
        .get(query)
        .ok_or(format!("query {query} is not in JSON.md"))?;
    for (k, v) in obj.iter().skip(1) {
        let types = fields
            .get(k)
            .ok_or(format!("{query}: field {k} is not in JSON.md"))?;
        if !types.contains(type_of(v)) && !types.contains("any") {
            return Err(format!(
                "{query}: {k} is {}, JSON.md says {types:?}",
                type_of(v)
            ));
        }
    }
    Ok(())
}

#[test]
fn the_schema_catches_what_it_should() {
    let s = schema();
    let ok = serde_json::json!({"query": "grundy", "position": "*3", "value": 3});
    assert_eq!(check(&s, &ok), Ok(()));
    let bad_type = serde_json::json!({"query": "grundy", "position": 3});
    assert!(check(&s, &bad_type).is_err());
    let unknown = serde_json::json!({"query": "grundy", "colour": "red"});
    assert!(check(&s, &unknown).is_err());
    let no_query = serde_json::json!({"position": "*3"});
    assert!(check(&s, &no_query).is_err());
    let error =
        serde_json::json!({"query": null, "error": {"code": "x", "message": "y", "line": 1}});
    assert_eq!(check(&s, &error), Ok(()));
}

#[test]
fn every_json_line_of_the_examples_matches_json_md() {
    let schema = schema();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    let mut lines = 0;
    let mut queries = BTreeSet::new();
    for file in &files {
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["run", "--json"])
            .arg(file)
            .output()
            .unwrap();
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let v: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}: not JSON ({e}): {line}", file.display()));
            if let Err(why) = check(&schema, &v) {
                panic!("{}: {why}\n{line}", file.display());
            }
            if let Some(q) = v["query"].as_str() {
                queries.insert(q.to_string());
            }
            lines += 1;
        }
    }
    assert!(lines > 100, "only {lines} lines");
    assert!(queries.len() > 15, "only {queries:?}");
}
