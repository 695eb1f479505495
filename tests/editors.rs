//! The TextMate grammar editors highlight `.game` files with
//! (editors/vscode/syntaxes/grundy.tmLanguage.json) is made from the
//! language's own word lists: this test builds it and fails when the file
//! differs. `GRUNDY_BLESS=1 cargo test --test folded editors::` writes it anew after
//! a keyword, a query word or a loopy value's name is added.

use serde_json::{Value, json};

const PATH: &str = "editors/vscode/syntaxes/grundy.tmLanguage.json";

fn words(list: impl IntoIterator<Item = impl AsRef<str>>) -> String {
    let mut w: Vec<String> = list.into_iter().map(|s| s.as_ref().to_string()).collect();
    w.sort();
    w.dedup();
    // Longest first, so that `kernel_sequences` is not read as `kernel`.
    w.sort_by_key(|s| std::cmp::Reverse(s.len()));
    w.join("|")
}

fn grammar() -> Value {
    let definition = grundy::words::DEFINITION_WORDS;
    let other: Vec<&str> = grundy::words::KEYWORDS
        .iter()
        .copied()
        .filter(|k| !definition.contains(k) && !["true", "false"].contains(k))
        .collect();
    let queries = words(grundy::library::statement_words());
    json!({
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "grundy",
        "scopeName": "source.grundy",
        "fileTypes": ["game"],
        "patterns": [
            {"include": "#comment"},
            {"include": "#string"},
            {"include": "#definition"},
            {"include": "#query"},
            {"include": "#keyword"},
            {"include": "#value"},
            {"include": "#call"},
            {"include": "#operator"}
        ],
        "repository": {
            "comment": {"name": "comment.line.number-sign.grundy", "match": "#.*$"},
            "string": {
                "name": "string.quoted.double.grundy",
                "begin": "\"",
                "end": "\"",
                "patterns": [{"name": "constant.character.escape.grundy", "match": "\\\\."}]
            },
            "definition": {
                "match": format!("\\b({})\\s+([A-Za-z_][A-Za-z0-9_]*)", words(definition)),
                "captures": {
                    "1": {"name": "storage.type.grundy"},
                    "2": {"name": "entity.name.function.grundy"}
                }
            },
            "query": {
                "match": format!("^\\s*({queries})\\b"),
                "captures": {"1": {"name": "keyword.other.query.grundy"}}
            },
            "keyword": {
                "patterns": [
                    {"name": "keyword.control.grundy", "match": format!("\\b({})\\b", words(other))},
                    {"name": "keyword.control.grundy", "match": "\\b(left|right)(?=\\s+move\\b)"},
                    {"name": "constant.language.grundy", "match": "\\b(true|false)\\b"},
                    {"name": "constant.language.loopy.grundy", "match": format!("\\b({})\\b", words(grundy::words::LOOPY_NAMES.iter().chain(&["pass"])))}
                ]
            },
            "value": {
                "patterns": [
                    {"name": "constant.numeric.grundy", "match": "\\b\\d+(/\\d+)?\\b"},
                    {"name": "constant.numeric.nimber.grundy", "match": "\\*\\d*|\\^\\*?|±"}
                ]
            },
            "call": {
                "match": "\\b([A-Za-z_][A-Za-z0-9_]*)(?=\\s*\\()",
                "captures": {"1": {"name": "entity.name.function.call.grundy"}}
            },
            "operator": {
                "name": "keyword.operator.grundy",
                "match": "-[LR]->|->|==|!=|<=|>=|\\.\\.=?|\\|\\||[-+*/%<>=|&]"
            }
        }
    })
}

#[test]
fn the_textmate_grammar_is_made_from_the_word_lists() {
    let expected = serde_json::to_string_pretty(&grammar()).unwrap() + "\n";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(PATH);
    if std::env::var_os("GRUNDY_BLESS").is_some() {
        std::fs::write(&path, &expected).unwrap();
    }
    let found = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        found == expected,
        "{PATH} is not the grammar the word lists make: run `GRUNDY_BLESS=1 cargo test --test folded editors::`"
    );
}

#[test]
fn the_vscode_extension_names_the_grammar_and_the_language() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("editors/vscode");
    let package: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("package.json")).unwrap()).unwrap();
    let grammar = &package["contributes"]["grammars"][0];
    assert_eq!(grammar["scopeName"], "source.grundy");
    assert!(dir.join(grammar["path"].as_str().unwrap()).exists());
    let language = &package["contributes"]["languages"][0];
    assert_eq!(language["extensions"], json!([".game"]));
    let config = language["configuration"].as_str().unwrap();
    let config: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(config)).unwrap()).unwrap();
    assert_eq!(config["comments"]["lineComment"], "#");
}

/// Every keyword, query word and loopy value's name is in some pattern.
#[test]
fn every_keyword_and_query_word_is_highlighted() {
    let g = grammar();
    let text = g.to_string();
    for k in grundy::words::KEYWORDS {
        assert!(text.contains(k), "{k}");
    }
    for q in grundy::library::statement_words() {
        assert!(text.contains(q), "{q}");
    }
    for n in grundy::words::LOOPY_NAMES {
        assert!(text.contains(n), "{n}");
    }
}
