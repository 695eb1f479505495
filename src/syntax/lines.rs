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
//! (`+`, `/`, `==`, …) is refused, and so is one that starts with `-` or
//! `*` followed by a space (`- 3`: a continued subtraction or a new
//! statement?). `-x` and `*3`, written against their operand, start a new
//! statement.

use std::borrow::Cow;

use crate::error::Result;
use crate::error::SyntaxError;
use crate::source::{SourceId, Span};

/// The byte that stands for a newline ending a statement.
pub const END: u8 = 0x01;

/// Operators made of symbols, longest first (the lexer takes the longest).
const SYMBOLS: &[&str] = &[
    "-L->", "-R->", "..=", "->", "..", "**", "//", "==", "!=", "<=", ">=", "||", ":=",
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
    /// The token before it, if any.
    before: Option<&'a str>,
    /// Whether it is written against the token before it (`1*`).
    glued: bool,
    /// A `*` closing CGSuite's `v[n]*` (the nimber, not a product).
    down_to: bool,
}

/// Whether `bytes[..i]` ends with `v[n]` written against `*` at `i`.
fn ends_down_to(bytes: &[u8], i: usize) -> bool {
    let head = &bytes[..i];
    let Some(rest) = head.strip_suffix(b"]") else {
        return false;
    };
    let digits = rest.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let rest = &rest[..rest.len() - digits];
    digits > 0 && rest.ends_with(b"v[")
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
    /// After `octal`: the code runs to the end of the line.
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
        let glued = bytes
            .get(i + tok.len())
            .is_some_and(|b| !b.is_ascii_whitespace() && *b != b'#');
        // A newline before this token: does it end the statement?
        if let Some(nl) = pending.take() {
            match decide(&stmt, last, tok, glued) {
                Decision::End => {
                    ends.push(nl);
                    stmt = Stmt::default();
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
            glued: i > 0 && !bytes[i - 1].is_ascii_whitespace(),
            down_to: tok == "*" && ends_down_to(bytes, i),
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

fn decide(stmt: &Stmt, last: Option<Tok>, next: &str, glued: bool) -> Decision {
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
    // `*` after an operator or a bracket is the nimber `*` (`^ + *`), and
    // so is one written against a number (`1*`, CGSuite's 1 + *) or
    // closing CGSuite's loopy `upon*`.
    let nimber = last.text == "*"
        && last.before.is_some_and(|b| {
            NEEDS_MORE.contains(&b)
                || matches!(b, "(" | "[" | "{")
                || (last.glued && b.bytes().all(|c| c.is_ascii_digit()))
                || (last.glued && b == "upon")
        })
        || last.down_to;
    if (NEEDS_MORE.contains(&last.text) && !nimber) || query_alone {
        return Decision::Continue;
    }
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
    if (next == "-" || next == "*") && !glued {
        let new = if next == "*" { "*3" } else { "-x" };
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
    fn a_line_that_could_go_on_is_refused() {
        assert!(refused("let x = 5\n+ 3"));
        assert!(refused("let x = 5\n- 3"));
        assert!(refused("let x = 5\n* 3"));
        assert!(refused("let x = 5\n== 3"));
        assert!(!refused("let x = 5\n-3"));
        assert!(!refused("let x = 5\n*3"));
        assert!(!refused("let x = [1,\n+ 3]"));
    }
}
