//! The language's words, in one place: the reserved keywords, the words
//! that start a definition or a query. The parser, the REPL's completion
//! and highlighting and the tests read these lists; a unit test checks them
//! against `grammar/grundy.pest`, so a word added to the grammar alone fails
//! `cargo test`.

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

/// The keywords that start a definition (the grammar's `*_def` rules in
/// `stmt`).
pub const DEFINITION_WORDS: &[&str] = &["game", "graph", "fn", "let"];

/// The words that start a query (the grammar's `query` rule). They are not
/// reserved: `grundy` may name a game or a function.
pub const QUERY_WORDS: &[&str] = &[
    "grundy",
    "outcome",
    "moves",
    "winning",
    "remoteness",
    "sequence",
    "table",
    "period",
    "kernels",
    "kernel_sequences",
    "kernel",
    "dot",
    "value",
    "mean",
    "temperature",
    "thermograph",
    "compare",
    "genus",
    "misere_form",
    "quotient",
];

/// The queries whose operand is a game's name, not a position
/// (`sequence Take 0..10`, `period K`).
pub const GAME_NAME_QUERIES: &[&str] = &["sequence", "table", "period", "kernels", "quotient"];

/// Whether a word starts a statement (a definition, a query or `assert`;
/// any expression is a statement too, but starts with no word of its own).
pub fn starts_statement(word: &str) -> bool {
    DEFINITION_WORDS.contains(&word) || QUERY_WORDS.contains(&word) || word == "assert"
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
        let s: BTreeSet<String> = words.iter().map(|w| w.to_string()).collect();
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
    fn every_kw_rule_is_a_keyword_or_a_query_word() {
        let rules = rules();
        let kw: BTreeSet<String> = rules
            .keys()
            .filter(|r| r.starts_with("kw_"))
            .map(|r| kw_word(&rules, r))
            .collect();
        let mut listed = set(KEYWORDS);
        let queries = set(QUERY_WORDS);
        assert!(listed.is_disjoint(&queries), "query words are not reserved");
        listed.extend(queries);
        assert_eq!(kw, listed);
    }

    #[test]
    fn query_words_are_the_grammars_queries() {
        let rules = rules();
        // `query_call` is the lookahead that leaves `grundy(P)` to expressions.
        let alternatives: Vec<String> = idents(&rules["query"])
            .into_iter()
            .filter(|q| q.starts_with("q_"))
            .collect();
        let words: Vec<String> = alternatives.iter().map(|q| first_word(&rules, q)).collect();
        assert_eq!(set(QUERY_WORDS), words.iter().cloned().collect());
        // The queries on a game's name take an `ident` right after the word.
        let on_names: BTreeSet<String> = alternatives
            .iter()
            .filter(|q| idents(&rules[q.as_str()]).iter().any(|r| r == "ident"))
            .map(|q| first_word(&rules, q))
            .collect();
        assert_eq!(set(GAME_NAME_QUERIES), on_names);
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
        for w in DEFINITION_WORDS.iter().chain(QUERY_WORDS) {
            assert!(starts_statement(w), "{w}");
        }
        for w in ["move", "if", "Nim", "kern"] {
            assert!(!starts_statement(w), "{w}");
        }
    }
}
