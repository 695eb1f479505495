//! Where a line break ends a statement (docs/LANGUAGE.md, "Lexical
//! structure"). pest's grammar skips newlines like spaces; this pass reads
//! the text first and replaces each newline that ends a statement by the
//! byte [`END`], which the grammar reads as a statement's end (the text
//! keeps its length, so every span stays right). A line break whose reading
//! a user could get wrong is refused here, with the fix.
//!
//! The rule: a line break at the top level (outside every bracket) ends the
//! statement, unless the statement cannot end there, because
//! - its last token needs more (a binary operator, `,`, `=`, `:`, a word
//!   such as `then`, `let` or a query word with nothing after it yet), or
//! - it is a `game`/`graph` header still waiting for its `{ … }` body, or
//! - the next line starts with a word that cannot start a statement
//!   (`then`, `else`, `for`, `in`, `and`, `or`).
//!
//! A next line that starts with an operator which cannot start a statement
//! (`+`, `/`, `==`, …) is refused, and so is one that starts with `-`, `*`
//! or `+-` followed by a space and an operand (`- 3`: a continued
//! subtraction or a new statement?). `-x`, `*3` and `+-1`, written against
//! their operand, start a new statement, and so does a `*` that an
//! operator follows on its line (`* + *`, `* <= 0`: the nimber); a `*`
//! alone on its line (the nimber, or a product going on?) is refused.
//!
//! A game literal in CGSuite's notation (`^*`, `1v*`, `3/4v*`, `v[2]*`,
//! `±^`) is one lexeme here, as it is in the grammar: a line that ends in
//! one ends a complete operand, never an operator, whatever the next line
//! holds. A lexeme is read from its own line only.

use std::borrow::Cow;

use crate::error::Result;
use crate::error::SyntaxError;
use crate::source::{SourceId, Span};

/// The byte that stands for a newline ending a statement.
pub const END: u8 = 0x01;

/// Operators made of symbols, longest first (the lexer takes the longest).
const SYMBOLS: &[&str] = &[
    "-L->", "-R->", "..=", "->", "..", "**", "//", "==", "!=", "<=", ">=", "||", ":=", "+-",
];

/// Tokens after which a statement cannot end.
const NEEDS_MORE: &[&str] = &[
    "=",
    "+",
    "-",
    "*",
    "/",
    "//",
    "%",
    "**",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "..",
    "..=",
    "||",
    "|",
    "&",
    ",",
    ":",
    "->",
    "-L->",
    "-R->",
    "±",
    "+-",
    "and",
    "or",
    "not",
    "in",
    "if",
    "then",
    "else",
    "for",
    "move",
    "assert",
    "forall",
    "exists",
    "game",
    "graph",
    "fn",
    "let",
    "subtraction",
    "octal",
    "normal",
    "misere",
];

/// Words that never start a statement: a line starting with one goes on.
const CONTINUES: &[&str] = &["then", "else", "for", "in", "and", "or"];

/// Operators that never start a statement.
const NEVER_FIRST: &[&str] = &[
    "+", "/", "//", "%", "**", "==", "!=", "<", "<=", ">", ">=", "..", "..=", "||", "|", "&", "=",
    ":", ",", "->", ":=",
];

#[derive(Clone, Copy)]
struct Tok<'a> {
    text: &'a str,
    /// The token before it in its statement, if any.
    before: Option<&'a str>,
}

/// The statement being read at the top level.
#[derive(Default)]
struct Stmt<'a> {
    /// Its first token, if it has begun.
    first: Option<&'a str>,
    /// How many tokens it has at the top level so far.
    tokens: usize,
    /// A `game`/`graph` with a body: whether its `{` has been met, and
    /// whether its `}` closed it.
    block_open: bool,
    finished: bool,
    /// A `game … = …` (an alias: its right side is an expression).
    alias: bool,
    /// After `octal`: the code runs to the end of the line, its brackets
    /// (`0.{1,3+}`) counted by no one.
    octal: bool,
}

/// The text with each statement-ending newline replaced by [`END`], or the
/// diagnostic of a line break that could be read two ways.
pub fn mark(src: SourceId, text: &str) -> Result<Cow<'_, str>> {
    let bytes = text.as_bytes();
    let mut ends: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let mut stmt = Stmt::default();
    let mut last: Option<Tok> = None;
    let mut i = 0;
    // A newline at the top level not yet decided: its offset.
    let mut pending: Option<usize> = None;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'#' {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == b'\n' {
            if depth == 0 && pending.is_none() && stmt.first.is_some() {
                pending = Some(i);
            }
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() || c == END {
            i += 1;
            continue;
        }
        let tok = next_token(text, i);
        // A newline before this token: does it end the statement?
        if let Some(nl) = pending.take() {
            match decide(&stmt, last, Next::at(text, i, tok)) {
                Decision::End => {
                    ends.push(nl);
                    stmt = Stmt::default();
                    last = None;
                }
                Decision::Continue => {}
                Decision::Refuse(message, help) => {
                    return Err(SyntaxError::LineBreak {
                        message,
                        found: tok.to_string(),
                        help,
                        span: Span::new(src, i, i + tok.len()),
                    }
                    .into());
                }
            }
        }
        if depth == 0 {
            if tok == ";" {
                stmt = Stmt::default();
                last = None;
                i += tok.len();
                continue;
            }
            if stmt.first.is_none() {
                stmt.first = Some(tok);
            }
            stmt.tokens += 1;
            let header = matches!(stmt.first, Some("game" | "graph"));
            if header && tok == "=" {
                stmt.alias = true;
            }
            if header && stmt.alias && tok == "octal" {
                stmt.octal = true;
            }
            if header && !stmt.alias && tok == "{" {
                stmt.block_open = true;
            }
        }
        match tok {
            // An octal code's brackets (`0.[3]`, `0.{1,3+}`) are its own.
            _ if stmt.octal => {}
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth = depth.saturating_sub(1);
                if depth == 0 && stmt.block_open {
                    stmt.finished = true;
                }
            }
            _ => {}
        }
        last = Some(Tok {
            text: tok,
            before: last.map(|l| l.text),
        });
        i += tok.len();
    }
    if ends.is_empty() && !text.as_bytes().contains(&END) {
        return Ok(Cow::Borrowed(text));
    }
    let mut out = text.as_bytes().to_vec();
    // A stray END byte in the input is not a statement's end.
    for b in &mut out {
        if *b == END {
            *b = 0x02;
        }
    }
    for e in ends {
        out[e] = END;
    }
    // Only ASCII bytes were replaced by ASCII bytes.
    Ok(Cow::Owned(
        String::from_utf8(out).unwrap_or_else(|_| text.to_string()),
    ))
}

enum Decision {
    End,
    Continue,
    Refuse(String, String),
}

/// The first token of a line, after a line break.
struct Next<'a> {
    text: &'a str,
    /// Written against what follows it (`-x`, `*3`).
    glued: bool,
    /// A `*` after which nothing on its line could be an operand (`* +
    /// *`, `* <= 0`): the nimber, which no line goes on with.
    star_alone: bool,
    /// Nothing but a comment follows it on its line.
    last_on_line: bool,
}

impl<'a> Next<'a> {
    /// The token `tok` at `i`, first on its line.
    fn at(text: &str, i: usize, tok: &'a str) -> Self {
        let after = &text[i + tok.len()..];
        let rest = after.trim_start_matches([' ', '\t', '\r']);
        Next {
            text: tok,
            glued: after
                .bytes()
                .next()
                .is_some_and(|b| !b.is_ascii_whitespace() && b != b'#'),
            star_alone: tok == "*" && !operand_follows(after),
            last_on_line: rest.is_empty() || rest.starts_with(['\n', '#']),
        }
    }
}

fn decide(stmt: &Stmt, last: Option<Tok>, next: Next) -> Decision {
    let Some(last) = last else {
        return Decision::Continue;
    };
    if stmt.finished || (stmt.octal && last.text != "octal") {
        return Decision::End;
    }
    let header = matches!(stmt.first, Some("game" | "graph"));
    if header && !stmt.alias && !stmt.block_open {
        // `game T(n)` waiting for its `{`.
        return Decision::Continue;
    }
    let query_alone = stmt.tokens == 1 && super::QUERY_WORDS.contains(&last.text);
    // `*` first in its statement, or after an operator or a bracket, is
    // the nimber `*` (`^ + *`); written against a number (`1*`, CGSuite's
    // 1 + *) or closing `v[2]*`, it is part of a literal, one token.
    let nimber = last.text == "*"
        && last
            .before
            .is_none_or(|b| NEEDS_MORE.contains(&b) || matches!(b, "(" | "[" | "{"));
    if (NEEDS_MORE.contains(&last.text) && !nimber) || query_alone {
        return Decision::Continue;
    }
    let Next {
        text: next,
        glued,
        star_alone,
        last_on_line,
    } = next;
    if CONTINUES.contains(&next) {
        return Decision::Continue;
    }
    if NEVER_FIRST.contains(&next) {
        return Decision::Refuse(
            format!("a line cannot start with `{next}`"),
            format!(
                "a line break ends a statement, and no statement starts with `{next}`; to go on with the statement above, end its line with `{next}` instead"
            ),
        );
    }
    if next == "*" && last_on_line {
        // `*` alone on its line: the nimber, or a product going on over
        // the lines (`x` / `*` / `y`)?
        return Decision::Refuse(
            "`*` alone on a line could be the nimber or go on with the line above".into(),
            "to go on with the statement above, end its line with `*`; for the nimber, write `*1`"
                .into(),
        );
    }
    if matches!(next, "-" | "*" | "+-") && !glued && !star_alone {
        let new = match next {
            // `* - 1`, `* * 2`: the nimber `*` is `*1` written whole.
            "*" => "*3`, or `*1` for the nimber `*",
            "+-" => "+-1",
            _ => "-x",
        };
        return Decision::Refuse(
            format!(
                "`{next} ` at the start of a line could go on with the line above or start a new statement"
            ),
            format!(
                "to go on with the statement above, end its line with `{next}`; to start a new statement, write the operator against its operand (`{new}`)"
            ),
        );
    }
    Decision::End
}

/// The token starting at `i` (a word, a number, an operator, one character).
fn next_token(text: &str, i: usize) -> &str {
    let rest = &text[i..];
    let b = rest.as_bytes()[0];
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    // A string literal is one token, to its closing quote or the line's
    // end (a `#` or a bracket inside it is text, not a comment or nesting).
    if b == b'"' {
        let n = rest[1..].find(['"', '\n', '\r']).map_or(rest.len(), |k| {
            if rest.as_bytes()[1 + k] == b'"' {
                k + 2
            } else {
                k + 1
            }
        });
        return &rest[..n];
    }
    if let Some(n) = literal_len(rest) {
        return &rest[..n];
    }
    if word(b) {
        let n = rest.bytes().take_while(|&c| word(c)).count();
        return &rest[..n];
    }
    if let Some(s) = SYMBOLS.iter().find(|s| rest.starts_with(**s)) {
        return &rest[..s.len()];
    }
    let n = rest.chars().next().map_or(1, char::len_utf8);
    &rest[..n]
}

/// Whether `c` continues a name or a number.
fn ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The end of the run of ASCII digits from `i`.
fn digits_end(b: &[u8], i: usize) -> usize {
    i + b[i.min(b.len())..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count()
}

/// The grammar's `lit_number` from `i` (`3`, `3/4`): its end.
fn number_end(b: &[u8], i: usize) -> Option<usize> {
    let end = digits_end(b, i);
    if end == i {
        return None;
    }
    if b.get(end) == Some(&b'/') {
        let den = digits_end(b, end + 1);
        if den > end + 1 {
            return Some(den);
        }
    }
    Some(end)
}

/// An up or a down written as a symbol at `i` (`^`, `↑`, `⇑`, `↓`, `⇓`):
/// its end.
fn arrow_end(text: &str, i: usize) -> Option<usize> {
    let rest = text.get(i..)?;
    if rest.starts_with('^') {
        return Some(i + 1);
    }
    ["↑", "⇑", "↓", "⇓"]
        .iter()
        .find(|a| rest.starts_with(**a))
        .map(|a| i + a.len())
}

/// The grammar's `lit_tail` from `i` (`*`, `^*2`, `v<3>`, nothing), which
/// no letter, digit or `_` may follow: its end.
fn tail_end(text: &str, mut i: usize) -> Option<usize> {
    let b = text.as_bytes();
    loop {
        match b.get(i) {
            Some(b'^' | b'v' | b'*') => i += 1,
            Some(c) if c.is_ascii_digit() => i += 1,
            Some(&open @ (b'<' | b'[')) => {
                let close = if open == b'<' { b'>' } else { b']' };
                // `^[on]`, `v<on>`: CGSuite's upon forms.
                if b.get(i + 1..i + 4) == Some(&[b'o', b'n', close][..]) {
                    i += 4;
                    continue;
                }
                let end = digits_end(b, i + 1);
                if end == i + 1 || b.get(end) != Some(&close) {
                    break;
                }
                i = end + 1;
            }
            _ => match arrow_end(text, i) {
                Some(end) => i = end,
                None => break,
            },
        }
    }
    (!b.get(i).copied().is_some_and(ident_char)).then_some(i)
}

/// Whether the `*` at `i` has no operand after it on its line (the
/// grammar's `star_alone`): the nimber `*`, not a product or `*n`.
fn star_alone(text: &str, i: usize) -> bool {
    let glued = &text[i + 1..];
    let rest = glued.trim_start_matches([' ', '\t', '\r']);
    let word = &rest[..rest.bytes().take_while(|&c| ident_char(c)).count()];
    // A word that follows an operand (`then * else 0`).
    let after_operand = ["then", "else", "for", "if", "in", "and", "or"].contains(&word);
    !glued.starts_with(['-', '*'])
        && (after_operand
            || !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || "_([{^±↑⇑↓⇓".contains(c)))
}

/// Whether `rest`, after spaces, starts with something that may start an
/// operand (`-x`, `*3`, `+-1`, `"…"` too): a `*` before it at a line's
/// start might be a product going on from the line above.
fn operand_follows(rest: &str) -> bool {
    let rest = rest.trim_start_matches([' ', '\t', '\r']);
    rest.starts_with("+-")
        || rest.starts_with(|c: char| c.is_ascii_alphanumeric() || "_([{^±↑⇑↓⇓-*\"".contains(c))
}

/// The length of the game literal in CGSuite's notation that starts
/// `rest`, read as the grammar reads it (`up_lit`, `down_lit`, and
/// `pm_lit` but `±{…}`, whose braces are tokens of their own): `^*`,
/// `1^*`, `3/4v*`, `1*`, `vv*3`, `v<2>`, `v[2]*`, `±1`, `+-^`.
fn literal_len(rest: &str) -> Option<usize> {
    let b = rest.as_bytes();
    // CGSuite's loopy `upon*`, one token.
    if rest.starts_with("upon*") && !b.get(5).copied().is_some_and(ident_char) {
        return Some(5);
    }
    if let Some(sign) = ["±", "+-"].iter().find(|s| rest.starts_with(**s)) {
        let i = sign.len();
        let body = number_end(b, i).or_else(|| arrow_end(rest, i))?;
        return tail_end(rest, body);
    }
    let number = number_end(b, 0);
    let at = number.unwrap_or(0);
    if let Some(end) = arrow_end(rest, at) {
        // `^…`, `1^…`, `↓`.
        return tail_end(rest, end);
    }
    if let Some(at) = number {
        let downs = b[at..].iter().take_while(|&&c| c == b'v').count();
        return match (downs, b.get(at)) {
            (0, Some(b'*')) => star_alone(rest, at).then_some(at + 1),
            (0, _) => None,
            _ => tail_end(rest, at + downs),
        };
    }
    // `v…*…`, `v<n>…`, `v[n]*`.
    let downs = b.iter().take_while(|&&c| c == b'v').count();
    if downs == 0 {
        return None;
    }
    let star = digits_end(b, downs);
    if b.get(star) == Some(&b'*') {
        let end = digits_end(b, star + 1);
        return (!b.get(end).copied().is_some_and(ident_char)).then_some(end);
    }
    if downs == 1 && matches!(b.get(1..5), Some(b"[on]" | b"<on>")) {
        return tail_end(rest, 1);
    }
    if downs == 1 {
        match b.get(1) {
            Some(b'<') => {
                let end = digits_end(b, 2);
                if end > 2 && b.get(end) == Some(&b'>') {
                    return tail_end(rest, end + 1);
                }
            }
            Some(b'[') => {
                let end = digits_end(b, 2);
                if end > 2 && b.get(end) == Some(&b']') && b.get(end + 1) == Some(&b'*') {
                    return star_alone(rest, end + 1).then_some(end + 2);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_is_one_token_whatever_it_holds() {
        // `#` and brackets inside a string are text: the line still ends
        // the statement.
        let text = "let b = grid([\"..#\", \"(x.o\"])\nlet c = 1\n";
        assert_eq!(
            ends(text).first(),
            text.find('\n').as_ref(),
            "{:?}",
            ends(text)
        );
        assert_eq!(next_token("\"a#b\" + 1", 0), "\"a#b\"");
        // Unclosed: the token stops before the line's end.
        assert_eq!(next_token("\"ab\nc", 0), "\"ab");
    }

    fn ends(text: &str) -> Vec<usize> {
        let out = mark(SourceId(0), text).expect("marks");
        out.bytes()
            .enumerate()
            .filter(|&(_, b)| b == END)
            .map(|(i, _)| i)
            .collect()
    }

    fn line_of(text: &str, at: usize) -> usize {
        text[..at].matches('\n').count() + 1
    }

    fn refused(text: &str) -> bool {
        mark(SourceId(0), text).is_err()
    }

    #[test]
    fn a_line_break_ends_a_complete_statement() {
        let t = "let x = 5\n*3\nx\n";
        assert_eq!(
            ends(t).iter().map(|&i| line_of(t, i)).collect::<Vec<_>>(),
            [1, 2]
        );
        assert_eq!(ends("let x = 5 +\n 3\nx").len(), 1);
        assert_eq!(ends("let x = f(1,\n 2)\nx").len(), 1);
        assert_eq!(
            ends("game T(n)\n{\n move T(n - 1) if n > 0\n}\n*2").len(),
            1
        );
        assert_eq!(ends("game T(n) { }\n- 1").len(), 1);
        assert_eq!(ends("game K = octal 0.07\n*3").len(), 1);
        assert_eq!(ends("grundy\n*3").len(), 0);
        assert_eq!(ends("let y = if true then 1\n else 2\ny").len(), 1);
        assert_eq!(ends("let y = 1 # one\n\n# two\n-y").len(), 1);
        assert_eq!(ends("let y = 1;\n-y").len(), 0);
        assert_eq!(ends("let y = ^ + *\ny").len(), 1);
        assert_eq!(ends("let y = 2 *\ny").len(), 0);
    }

    #[test]
    fn a_literal_is_one_token_as_the_grammar_reads_it() {
        for (text, token) in [
            ("^*\n", "^*"),
            ("1^* + 2", "1^*"),
            ("3/4v*", "3/4v*"),
            ("vv*2)", "vv*2"),
            ("v[2]*", "v[2]*"),
            ("v<2>*", "v<2>*"),
            ("^<3>v", "^<3>v"),
            ("1* # c", "1*"),
            ("1* - 2", "1*"),
            ("1* else", "1*"),
            ("±^*", "±^*"),
            ("+-1/2v", "+-1/2v"),
            ("↑*", "↑*"),
            // Not literals: a product, a name, a nim heap, a sum.
            ("1*2", "1"),
            ("1*-2", "1"),
            ("v*x", "v"),
            ("vx", "vx"),
            ("3/x", "3"),
            ("^x", "^"),
            ("±{1|0}", "±"),
            ("+- 1", "+-"),
            ("+ 1", "+"),
        ] {
            assert_eq!(next_token(text, 0), token, "{text:?}");
        }
    }

    #[test]
    fn a_line_ending_in_a_literal_ends_its_statement() {
        for lit in [
            "^*", "1^*", "1v*", "^^*", "3/4v*", "v*", "v[2]*", "±^*", "1*", "*",
        ] {
            for next in ["-1", "*3", "+-1", "* + *"] {
                let t = format!("let y = {lit}\n{next}\ny");
                assert_eq!(ends(&t).len(), 2, "{t:?}");
            }
        }
    }

    #[test]
    fn a_line_that_could_go_on_is_refused() {
        assert!(refused("let x = 5\n* -x"));
        assert!(refused("let x = 5\n*\n"));
        assert!(refused("let x = 5\n+- 1"));
        assert!(!refused("let x = 5\n* + *"));
        assert!(!refused("let x = 5\n* <= 0"));
        assert!(!refused("let x = 5\n+-1"));
        assert!(refused("let x = 5\n+ 3"));
        assert!(refused("let x = 5\n- 3"));
        assert!(refused("let x = 5\n* 3"));
        assert!(refused("let x = 5\n== 3"));
        assert!(!refused("let x = 5\n-3"));
        assert!(!refused("let x = 5\n*3"));
        assert!(!refused("let x = [1,\n+ 3]"));
    }
}
