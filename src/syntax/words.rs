//! The language's words, in one place: the reserved keywords, the words
//! that start a definition or a query. The parser, the REPL's completion
//! and highlighting and the tests read these lists; a unit test checks them
//! against `grammar/grundy.pest`, so a word added to the grammar alone fails
//! `cargo test`. The query words are read from the grammar's `query_word`
//! rule itself.

use std::sync::LazyLock;

/// The reserved words (the grammar's `keyword` rule): never names.
pub const KEYWORDS: &[&str] = &[
    "game",
    "graph",
    "fn",
    "let",
    "move",
    "for",
    "in",
    "if",
    "then",
    "else",
    "and",
    "or",
    "not",
    "true",
    "false",
    "normal",
    "misere",
    "subtraction",
    "octal",
    "assert",
    "forall",
    "exists",
];

/// CGSuite's names of loopy game values (docs/LANGUAGE.md, "Loopy values
/// in expressions"): values where no `let`, parameter, function or game
/// has the name; not reserved. `pass` is a move to the game itself, read
/// inside the braces of a game literal.
pub const LOOPY_NAMES: &[&str] = &["on", "off", "over", "under", "upon", "dud"];

/// The keywords that start a definition (the grammar's `*_def` rules in
/// `stmt`).
pub const DEFINITION_WORDS: &[&str] = &["game", "graph", "fn", "let"];

/// The grammar's text: the query words are listed there once.
const GRAMMAR_TEXT: &str = include_str!("../../grammar/grundy.pest");

/// The words that start a query: the grammar's `query_word` rule, read
/// from its text (so a word is listed once; the library's statement words
/// are tested equal to these). They are not reserved: `grundy` may name a
/// game or a function.
pub static QUERY_WORDS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| rule_words(GRAMMAR_TEXT, "query_word"));

/// The double-quoted words of the rule `name = @{ ... }` of a grammar
/// text, in order.
fn rule_words(grammar: &'static str, name: &str) -> Vec<&'static str> {
    let head = format!("{name} = ");
    let Some(at) = grammar.lines().position(|l| l.starts_with(&head)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for line in grammar.lines().skip(at) {
        let code = line.split("//").next().unwrap_or("");
        out.extend(code.split('"').skip(1).step_by(2));
        if code.trim_end().ends_with('}') {
            break;
        }
    }
    out
}

/// Whether a word starts a statement (a definition, a query or `assert`;
/// any expression is a statement too, but starts with no word of its own).
pub fn starts_statement(word: &str) -> bool {
    DEFINITION_WORDS.contains(&word) || QUERY_WORDS.contains(&word) || word == "assert"
}

/// A line up to its `#` comment (a `#` inside a string is not one).
pub fn without_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

#[cfg(test)]
mod tests {
    //! The lists above against the grammar's text: its `keyword` rule, its
    //! `kw_*` rules, its `query` and `stmt` alternatives.

    use std::collections::{BTreeMap, BTreeSet};

    use super::*;

    const GRAMMAR: &str = include_str!("../../grammar/grundy.pest");

    /// Each rule's name and body (the text after its opening brace),
    /// comments dropped. A rule `name = modifier? { body }` starts at the
    /// beginning of a line; its body's further lines are indented or
    /// start with the closing brace.
    fn rules() -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        let mut current: Option<(String, String)> = None;
        for line in GRAMMAR.lines() {
            let code = line.split("//").next().unwrap_or("");
            let head = code.split('=').next().unwrap_or("").trim();
            let is_rule = !code.starts_with(char::is_whitespace)
                && !head.is_empty()
                && head.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && code.contains('=');
            if is_rule {
                if let Some((name, body)) = current.take() {
                    out.insert(name, body);
                }
                // The body starts after the brace (past `_`, `@`, `$`).
                let body = code.split_once('{').map(|(_, b)| b).unwrap_or("");
                current = Some((head.to_string(), body.to_string()));
            } else if let Some((_, body)) = &mut current {
                body.push('\n');
                body.push_str(code);
            }
        }
        if let Some((name, body)) = current {
            out.insert(name, body);
        }
        out
    }

    /// The double-quoted strings of a rule body.
    fn quoted(body: &str) -> Vec<String> {
        body.split('"')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    }

    /// The rule names a body refers to, in order.
    fn idents(body: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut in_string = false;
        let mut word = String::new();
        for c in body.chars() {
            if c == '"' {
                in_string = !in_string;
            }
            if !in_string && (c.is_ascii_alphanumeric() || c == '_') {
                word.push(c);
            } else if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
        }
        if !word.is_empty() {
            out.push(word);
        }
        out
    }

    /// `kw_X = @{ "X" ~ !ident_char }`: the word of a keyword rule.
    fn kw_word(rules: &BTreeMap<String, String>, rule: &str) -> String {
        let body = &rules[rule];
        let words = quoted(body);
        assert_eq!(words.len(), 1, "{rule} should match one word: {body}");
        assert_eq!(
            rule.strip_prefix("kw_"),
            Some(words[0].as_str()),
            "{rule} should be named after its word"
        );
        words[0].clone()
    }

    /// The word the first element of a rule's body (a `kw_*` rule) matches.
    fn first_word(rules: &BTreeMap<String, String>, rule: &str) -> String {
        let first = idents(&rules[rule]).into_iter().next().unwrap_or_default();
        assert!(
            first.starts_with("kw_"),
            "{rule} should start with a kw_ rule"
        );
        kw_word(rules, &first)
    }

    fn set(words: &[&str]) -> BTreeSet<String> {
        let s: BTreeSet<String> = words.iter().map(std::string::ToString::to_string).collect();
        assert_eq!(s.len(), words.len(), "a word is listed twice: {words:?}");
        s
    }

    #[test]
    fn keywords_are_the_grammars_keyword_rule() {
        let rules = rules();
        let grammar: Vec<String> = quoted(&rules["keyword"]);
        assert_eq!(set(KEYWORDS), grammar.iter().cloned().collect());
        assert_eq!(grammar.len(), KEYWORDS.len(), "a keyword is listed twice");
    }

    #[test]
    fn every_kw_rule_is_a_keyword() {
        let rules = rules();
        let kw: BTreeSet<String> = rules
            .keys()
            .filter(|r| r.starts_with("kw_"))
            .map(|r| kw_word(&rules, r))
            .collect();
        let listed = set(KEYWORDS);
        let queries = set(&QUERY_WORDS);
        assert!(listed.is_disjoint(&queries), "query words are not reserved");
        assert_eq!(kw, listed);
    }

    #[test]
    fn query_words_are_the_grammars_queries() {
        let rules = rules();
        let words = quoted(&rules["query_word"]);
        assert!(words.len() >= 20, "{words:?}");
        assert_eq!(set(&QUERY_WORDS), words.iter().cloned().collect());
        // The words of the `sequence G 0..10` form are query words.
        for w in quoted(&rules["range_word"]) {
            assert!(QUERY_WORDS.contains(&w.as_str()), "{w}");
        }
        // Every query has the one shape: a word, then its operand.
        let alternatives = idents(&rules["query"]);
        assert!(alternatives.iter().all(|r| !r.starts_with("q_")));
        assert_eq!(
            alternatives
                .iter()
                .filter(|r| r.ends_with("_word") || *r == "query_start")
                .count(),
            2
        );
    }

    #[test]
    fn rule_words_reads_a_rule_over_lines() {
        let g = "a = @{ (\"x\" | \"y\" // \"no\"\n  | \"z\") ~ b\n}\nc = { \"w\" }\n";
        assert_eq!(rule_words(g, "a"), ["x", "y", "z"]);
        assert_eq!(rule_words(g, "c"), ["w"]);
        assert!(rule_words(g, "d").is_empty());
    }

    #[test]
    fn definition_words_start_the_grammars_definitions() {
        let rules = rules();
        let defs: BTreeSet<String> = idents(&rules["stmt"])
            .iter()
            .filter(|r| r.ends_with("_def"))
            .map(|r| first_word(&rules, r))
            .collect();
        assert_eq!(set(DEFINITION_WORDS), defs);
        assert!(DEFINITION_WORDS.iter().all(|w| KEYWORDS.contains(w)));
        // Every statement is a definition or a query.
        let stmt: BTreeSet<String> = idents(&rules["stmt"]).into_iter().collect();
        let expected: BTreeSet<String> = rules
            .keys()
            .filter(|r| r.ends_with("_def") && stmt.contains(*r))
            .cloned()
            .chain(["query", "assert_stmt", "expr_stmt"].map(String::from))
            .collect();
        assert_eq!(stmt, expected);
    }

    #[test]
    fn statement_words() {
        for w in DEFINITION_WORDS.iter().chain(QUERY_WORDS.iter()) {
            assert!(starts_statement(w), "{w}");
        }
        for w in ["move", "if", "Nim", "kern"] {
            assert!(!starts_statement(w), "{w}");
        }
    }
}
