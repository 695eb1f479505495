//! pest's syntax errors in words: what was expected, named as a reader
//! would (`a move line`, `an expression`), what was found, and where.

use pest::error::{ErrorVariant, InputLocation};

use super::parser::Rule;
use crate::error::Error;
use crate::error::SyntaxError;
use crate::source::{SourceId, Span};

fn rule_words(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    // Words for what pest expected. Several rules share one phrase so the
    // list stays short: every infix or postfix operator is "an operator",
    // every way to start an operand is "an expression", and every statement
    // keyword is "a definition" or "a query" (those rules only appear at the
    // start of a statement, so the phrase is always right).
    Some(match rule {
        EOI | program | stmt | game_def | kw_game | graph_def | kw_graph | fn_def | kw_fn
        | let_def | kw_let | assert_stmt | kw_assert | expr_stmt | query | query_start
        | query_word | range_word => {
            "a statement (a definition `game`/`graph`/`fn`/`let`, a query such as `grundy` or `sequence`, `assert`, or an expression)"
        }
        series => "a binding `n in a..=b` and `:`",
        quantifier | kw_forall | kw_exists => "an expression",
        game_alias => "`=`",
        game_rules => "parameters `(...)` and a body `{ ... }`",
        params => "a parameter list `(a, b)`",
        play => "`normal`/`misere`",
        // `move` is only expected inside a game body, where `}` may also end it.
        move_rule | kw_move => "`move`",
        subtraction_code | kw_subtraction => "`subtraction`",
        octal_code | kw_octal => "`octal`",
        code_text => "an octal code like 0.77",
        graph_item | vertex => "a vertex name",
        arrow | arrow_left | arrow_right | arrow_both => "`-L->`/`-R->`",
        side | side_left | side_right => "`left` or `right`",
        clauses => "`for` or `if`",
        binding => "a binding `x in xs`",
        pattern => "a name or a tuple of names",
        expr | primary | prefix | neg | star | not_op | if_expr | call | paren | list | set
        | plus_minus | game_lit | up_lit | down_lit | star_alone | pm_lit | loopy_lit
        | upon_lit | int | string | boolean | kw_true | kw_false | kw_not => "an expression",
        infix | postfix | index | pow | add | sub | mul | div | floordiv | rem | eq | ne | le
        | ge | lt | gt | confused | sided | and_op | or_op | in_op | range_incl | range_excl
        | kw_and | kw_or | query_tail => "an operator",
        kw_in => "`in`",
        kw_if => "`if`",
        kw_then => "`then`",
        kw_else => "`else`",
        tuple_comma => "`,`",
        list_comp | kw_for => "`for`",
        ident => "a name",
        kw_normal => "`normal`",
        kw_misere => "`misere`",
        _ => return None,
    })
}

pub(super) fn syntax_error(src: SourceId, text: &str, e: pest::error::Error<Rule>) -> Error {
    let mut pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let (expected, unexpected) = match &e.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => (
            describe(positives, punctuation(&e)),
            describe(negatives, Vec::new()),
        ),
        ErrorVariant::CustomError { message } => (message.clone(), String::new()),
    };
    let at_end = text[pos.min(text.len())..].trim().is_empty();
    let found = if at_end {
        "the end of the input".to_string()
    } else if text[pos..].starts_with(['\n', '\r']) {
        "the end of the line".to_string()
    } else {
        format!("`{}`", &text[pos..next_token_end(text, pos)])
    };
    if at_end {
        // Point at the last thing written, not past the final newline
        // (miette draws no caret there).
        pos = text.trim_end().len();
    }
    let end = if at_end {
        pos
    } else {
        next_token_end(text, pos)
    };
    // A misspelt word that starts a statement (`gmae T(n) {`): pest fails
    // later, where the rest stops making sense; name the word instead.
    if let Some((start, end, word)) = misspelt_statement(text, pos) {
        let mut help = format!("found `{word}`");
        match suggest_word(word, super::starts_statement) {
            Some(w) => help.push_str(&format!("; did you mean `{w}`?")),
            None => help.push_str(
                "; a statement starts with a definition word (game, graph, fn, let), \
                 a query word (grundy, outcome, moves, winning, sequence, table, ...) \
                 or `assert`",
            ),
        }
        return SyntaxError::Syntax {
            expected: STATEMENT_START.into(),
            help,
            span: Span::new(src, start, end),
        }
        .into();
    }
    // A word with accents (`misère`): pest stops at its first non-ASCII
    // letter; show the whole word.
    let (pos, end, found) = match whole_word(text, pos) {
        Some((start, end)) if !at_end => (start, end, format!("`{}`", &text[start..end])),
        _ => (pos, end, found),
    };
    let mut help = format!("found {found}");
    if !unexpected.is_empty() {
        help.push_str(&format!("; {unexpected} is not allowed here"));
    }
    if let Some(hint) = (!at_end).then(|| slip_hint(text, pos)).flatten() {
        help.push_str(&hint);
    } else if let Some(hint) = (!at_end).then(|| symbol_hint(&text[pos..])).flatten() {
        help.push_str(hint);
    } else if !at_end
        && let Some(w) = suggest_word(&text[pos..end], |w| {
            super::KEYWORDS.contains(&w) || super::QUERY_WORDS.contains(&w)
        })
    {
        help.push_str(&format!("; did you mean `{w}`?"));
        if !text[pos..end].is_ascii() {
            help.push_str(" (the language's words are plain ASCII)");
        }
    } else if !at_end && text[pos..end] == *"move" {
        help.push_str(" (`move` lines go inside a game: `game Name(n) { move ... }`)");
    } else if !at_end && expected.contains("a name") {
        let word = &text[pos..end];
        if is_keyword(word) {
            help.push_str(&format!(
                " (`{word}` is a keyword and cannot be used as a name)"
            ));
        }
    }
    SyntaxError::Syntax {
        expected: if expected.is_empty() {
            "something else".into()
        } else {
            expected
        },
        help,
        span: Span::new(src, pos, end.max(pos)),
    }
    .into()
}

/// Two statements with nothing between them that ends the first (`1 2`,
/// `a xor b`): one error, at the second, whose help names the fix. `first`,
/// `second` and `third` (a statement right after the second, if any) are
/// byte ranges of `text`. A first statement that is a lone word close to a
/// statement word (`sequnce Take 0..=5`) is that word misspelt.
pub(super) fn juxtaposed(
    src: SourceId,
    text: &str,
    first: (usize, usize),
    second: (usize, usize),
    third: Option<(usize, usize)>,
) -> Error {
    let is_word = |w: &str| {
        w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && w.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
    };
    let head = &text[first.0..first.1];
    if is_word(head)
        && let Some(w) = suggest_word(head, super::starts_statement)
    {
        return SyntaxError::Syntax {
            expected: STATEMENT_START.into(),
            help: format!("found `{head}`; did you mean `{w}`?"),
            span: Span::new(src, first.0, first.1),
        }
        .into();
    }
    let found = &text[second.0..next_token_end(text, second.0)];
    let middle = &text[second.0..second.1];
    let help = match third {
        // `a xor b`: a function written between its operands.
        Some(t) if is_word(middle) && !is_keyword(middle) => {
            let before = word_before(text, second.0).unwrap_or("a");
            let after = &text[t.0..next_token_end(text, t.0)];
            format!(
                "`{middle}` stands between two operands: a function is called with its arguments in brackets, `{middle}({before}, {after})`; else write one statement per line"
            )
        }
        _ => format!(
            "one statement per line: start a new line (or write `;`) before `{found}`, or put the operator meant between the two (`+`, `-`, `*`, `==`, …)"
        ),
    };
    SyntaxError::Juxtaposed {
        found: found.to_string(),
        help,
        span: Span::new(src, second.0, second.1.max(second.0 + found.len())),
    }
    .into()
}

/// What a statement starts with, for an error at a statement's first word.
const STATEMENT_START: &str =
    "a definition (`game`, `graph`, `fn`, `let`) or a query (`grundy`, `outcome`, `sequence`, ...)";

/// Common slips, with the way this language writes them: `=` where `==`
/// was meant, and CGSuite's `G := …`, `G.Value`, `C.Temperature`.
fn slip_hint(text: &str, pos: usize) -> Option<String> {
    let rest = &text[pos..];
    if rest.starts_with(":=") {
        let name = word_before(text, pos).unwrap_or("G");
        return Some(format!(
            "; CGSuite's `{name} := …` is `let {name} = …` here"
        ));
    }
    if rest.starts_with('=') && !rest.starts_with("==") {
        return Some(
            "; did you mean `==`? (`=` only defines, in `let`, `fn` and `game … =`; equality is `==`)"
                .into(),
        );
    }
    if let Some(after) = rest.strip_prefix('.')
        && !after.starts_with('.')
        && let Some(object) = word_before(text, pos)
    {
        let n = after
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        let member = &after[..n];
        if member.is_empty() {
            return None;
        }
        let call = match member {
            "Value" | "CanonicalForm" => format!("value({object})"),
            "Temperature" => format!("temperature({object})"),
            "Mean" => format!("mean({object})"),
            "Options" | "LeftOptions" | "RightOptions" => format!("options({object})"),
            "Outcome" | "OutcomeClass" => format!("outcome({object})"),
            m => format!("{}({object})", m.to_ascii_lowercase()),
        };
        return Some(format!(
            "; `{object}.{member}` is CGSuite's way: here a function takes the game, `{call}` (the list of functions: `:help functions` in the REPL, or docs/LANGUAGE.md)"
        ));
    }
    None
}

/// The name or number that ends just before `pos` (spaces skipped).
fn word_before(text: &str, pos: usize) -> Option<&str> {
    let head = text[..pos].trim_end();
    let n = head
        .bytes()
        .rev()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b')' || *b == b'(')
        .count();
    let w = &head[head.len() - n..];
    (!w.is_empty()).then_some(w)
}

/// Operators of other languages, with the word this one uses.
fn symbol_hint(rest: &str) -> Option<&'static str> {
    if rest.starts_with('&') {
        Some("; did you mean `and`? (`and`, `or`, `not` are words here)")
    } else if rest.starts_with('!') && !rest.starts_with("!=") {
        Some("; did you mean `not`? (`and`, `or`, `not` are words here)")
    } else if rest.starts_with('"') && !rest[1..].split('\n').next().unwrap_or("").contains('"') {
        Some("; a string ends with `\"` on the line it starts on")
    } else {
        None
    }
}

/// The word around `pos` when it holds a letter outside ASCII (names and
/// keywords are ASCII, so pest stopped inside it): its start and end.
fn whole_word(text: &str, pos: usize) -> Option<(usize, usize)> {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let first = text.get(pos..)?.chars().next()?;
    if first.is_ascii() || !is_word(first) {
        return None;
    }
    let start = text[..pos]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_word(c))
        .last()
        .map_or(pos, |(i, _)| i);
    let end = text[pos..]
        .char_indices()
        .find(|&(_, c)| !is_word(c))
        .map_or(text.len(), |(i, _)| pos + i);
    Some((start, end))
}

/// Letters with accents as their plain ASCII letter (`misère` → `misere`).
fn fold_accents(word: &str) -> String {
    word.chars()
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            c => c,
        })
        .collect()
}

/// The language's word a mistyped word most likely meant: one edit away
/// (two for words of six letters or more, a swap of neighbours counting
/// one), once accents are dropped. None for a word of the language itself
/// or one too short to guess from (under four letters).
fn suggest_word(word: &str, allowed: impl Fn(&str) -> bool) -> Option<&'static str> {
    let candidates = super::KEYWORDS.iter().chain(super::QUERY_WORDS.iter());
    // `left`, `right` and `to` are words of the language too, not reserved.
    let own = ["left", "right", "to"];
    if word.chars().count() < 4 || candidates.clone().chain(&own).any(|w| *w == word) {
        return None;
    }
    let folded = fold_accents(word);
    let max = if word.chars().count() >= 6 { 2 } else { 1 };
    candidates
        .filter(|w| allowed(w))
        .map(|w| (strsim::damerau_levenshtein(&folded, w), *w))
        .filter(|&(d, _)| d <= max)
        .min_by_key(|&(d, _)| d)
        .map(|(_, w)| w)
}

/// The last line before `pos` whose first word (before `pos` too) is no
/// word of the language but is followed by a name on the same line, as in
/// `gmae T(n)` or `sequnce Take 0..=5`: two names in a row make no
/// expression, so the first was meant to start a statement. A line that
/// does start a statement in between clears it. Its start, end and text.
fn misspelt_statement(text: &str, pos: usize) -> Option<(usize, usize, &str)> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut found = None;
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        if line_start > pos {
            break;
        }
        let indent = line.len() - line.trim_start().len();
        let rest = &line[indent..];
        let len = rest.find(|c: char| !is_word(c)).unwrap_or(rest.len());
        let word = &rest[..len];
        let after = rest[len..].trim_start_matches([' ', '\t']);
        let next = &after[..after.find(|c: char| !is_word(c)).unwrap_or(after.len())];
        if word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
            if super::starts_statement(word) || word == "assert" {
                found = None;
            } else if !is_keyword(word)
                && after.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && !is_keyword(next)
                && line_start + indent < pos
                // Indented, it may be a graph's vertices (`b c`): only a
                // word near a statement word is taken then.
                && (indent == 0 || suggest_word(word, super::starts_statement).is_some())
            {
                let start = line_start + indent;
                found = Some((start, start + len, word));
            }
        }
        line_start += line.len();
    }
    found
}

/// Brackets, commas and other punctuation pest tried at the error: rule
/// names never mention them.
fn punctuation(e: &pest::error::Error<Rule>) -> Vec<String> {
    let Some(attempts) = e.parse_attempts() else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    for t in attempts.expected_tokens() {
        let token = t.to_string();
        if matches!(
            token.as_str(),
            ")" | "]" | "}" | "(" | "{" | "," | "=" | "->" | ";"
        ) {
            let w = format!("`{token}`");
            if !out.contains(&w) {
                out.push(w);
            }
        }
    }
    out
}

pub(super) fn is_keyword(w: &str) -> bool {
    super::KEYWORDS.contains(&w)
}

fn describe(rules: &[Rule], punctuation: Vec<String>) -> String {
    let mut words: Vec<String> = punctuation;
    for r in rules {
        if let Some(w) = rule_words(*r)
            && !words.iter().any(|x| x == w)
        {
            words.push(w.to_string());
        }
    }
    // A statement may be an expression: no need to name both
    // (and a `;` that may end a statement is not worth naming, nor the
    // `,` of the few queries with a second operand, `compare P, Q`).
    if words.iter().any(|w| w.starts_with("a statement")) {
        words.retain(|w| w != "an expression" && w != "`;`" && w != "`,`");
    }
    // An expression may start with a bracket: no need to name them too.
    if words
        .iter()
        .any(|w| w == "an expression" || w.starts_with("a statement"))
    {
        words.retain(|w| !matches!(w.as_str(), "`(`" | "`{`" | "`[`"));
    }
    match words.len() {
        0 => String::new(),
        1 => words[0].clone(),
        n => format!("{} or {}", words[..n - 1].join(", "), words[n - 1]),
    }
}

/// End of the token starting at `pos`, for a label of useful width.
fn next_token_end(text: &str, pos: usize) -> usize {
    let Some(rest) = text.get(pos..) else {
        return text.len();
    };
    let mut chars = rest.char_indices();
    match chars.next() {
        None => pos,
        Some((_, c)) if c.is_alphanumeric() || c == '_' => {
            let len = rest
                .char_indices()
                .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
                .map(|(i, _)| i)
                .unwrap_or(rest.len());
            pos + len
        }
        Some((_, c)) => pos + c.len_utf8(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn any(_: &str) -> bool {
        true
    }

    #[test]
    fn mistyped_words_get_the_nearest_word() {
        for (typed, meant) in [
            ("gmae", "game"),
            ("sequnce", "sequence"),
            ("misère", "misere"),
            ("mvoe", "move"),
            ("grundey", "grundy"),
            ("tabel", "table"),
            ("ootcme", "outcome"),
        ] {
            assert_eq!(suggest_word(typed, any), Some(meant), "{typed}");
        }
        // Words of the language, short names and far words get nothing.
        for typed in ["game", "left", "right", "Nim", "kern", "Take", "x", "heaps"] {
            assert_eq!(suggest_word(typed, any), None, "{typed}");
        }
        // Only the words allowed where the mistake is.
        assert_eq!(suggest_word("mvoe", super::super::starts_statement), None);
    }

    #[test]
    fn an_accented_word_is_shown_whole() {
        let text = "outcome misère Take(3)";
        let pos = text.find('è').unwrap();
        assert_eq!(whole_word(text, pos), Some((8, 15)));
        assert_eq!(&text[8..15], "misère");
        assert_eq!(whole_word(text, 0), None, "an ASCII word");
        assert_eq!(whole_word("3 × 4", 2), None, "not a letter");
    }

    #[test]
    fn a_statement_word_followed_by_a_name_is_found() {
        let text = "gmae T(n) {\n  move T(n - 1)\n}\n";
        let pos = text.find("move").unwrap();
        assert_eq!(misspelt_statement(text, pos), Some((0, 4, "gmae")));
        // Only before the error.
        assert_eq!(misspelt_statement(text, 0), None);
        // A statement in between clears it.
        let text = "sequnce T 0..=5\ngame T(n) {\n  move T(n - 1)\n";
        assert_eq!(misspelt_statement(text, text.len()), None);
        // `left move`, `x in xs`: the next word is a keyword.
        let text = "game G(n) {\n  left move G(n - 1)\n  x +\n";
        assert_eq!(misspelt_statement(text, text.len() - 3), None);
        // Indented and near no statement word: maybe a graph's vertices.
        let text = "graph G {\n  a -> b\n  b c\n  c ->\n}\n";
        assert_eq!(misspelt_statement(text, text.len() - 3), None);
        let text = "  sequnce T 0..=5\n)";
        assert_eq!(
            misspelt_statement(text, text.len() - 1),
            Some((2, 9, "sequnce"))
        );
        // An operator after the word: an expression.
        assert_eq!(misspelt_statement("x + y\n)", 7), None);
    }

    #[test]
    fn slips_get_the_way_to_write_them() {
        let at = |t: &str, needle: &str| slip_hint(t, t.find(needle).expect("in text"));
        assert!(at("let G := 3", ":=").unwrap().contains("`let G = …`"));
        assert!(at("if k = n then", "= n").unwrap().contains("`==`"));
        assert_eq!(at("if k == n then", "== n"), None);
        let h = at("d.Temperature", ".").unwrap();
        assert!(h.contains("`temperature(d)`"), "{h}");
        assert!(
            at("value(G).Value", ".")
                .unwrap()
                .contains("`value(value(G))`")
        );
        assert_eq!(at("0..3", ".."), None);
    }

    #[test]
    fn operators_of_other_languages_are_named() {
        assert!(symbol_hint("&& b").unwrap().contains("`and`"));
        assert!(symbol_hint("!x").unwrap().contains("`not`"));
        assert_eq!(symbol_hint("!= 3"), None);
        assert_eq!(symbol_hint("|| b"), None, "`||` is left to partizan values");
    }
}
