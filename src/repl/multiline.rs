//! When an input is unfinished and the next line continues it.

use crate::source::SourceId;

/// Bracket depth of a text outside comments; negative when a closing
/// bracket has no opening one.
pub fn bracket_depth(text: &str) -> i64 {
    let mut depth = 0i64;
    for line in text.lines() {
        for c in line.chars() {
            match c {
                '#' => break,
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => {
                    depth -= 1;
                    if depth < 0 {
                        return depth;
                    }
                }
                _ => {}
            }
        }
    }
    depth
}

/// Tokens after which a statement cannot end.
const CONTINUING: &[&str] = &[
    "=", "+", "-", "*", "/", "%", "**", "==", "!=", "<", "<=", ">", ">=", "..", "..=", ",", "->",
    "and", "or", "not", "in", "if", "then", "else", "for", "move", ":", "assert", "forall",
    "exists",
];

/// The last token of a text, outside comments (words whole, operators as
/// their run of symbol characters).
fn last_token(text: &str) -> &str {
    let code = text
        .lines()
        .rev()
        .map(|l| l.split('#').next().unwrap_or("").trim_end())
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let Some(last) = code.chars().last() else {
        return "";
    };
    let start = code
        .char_indices()
        .rev()
        .take_while(|&(_, c)| {
            if is_word(last) {
                is_word(c)
            } else {
                !is_word(c) && !c.is_whitespace() && !"()[]{}".contains(c)
            }
        })
        .last()
        .map(|(i, _)| i)
        .unwrap_or(code.len());
    &code[start..]
}

/// Whether the text is an unfinished statement that the next line should
/// continue: an open bracket, or a parse error at the very end after an
/// operator or keyword that needs more. `:commands` are always complete.
pub fn is_incomplete(text: &str) -> bool {
    if text.trim_start().starts_with(':') {
        return false;
    }
    match bracket_depth(text) {
        d if d > 0 => return true,
        d if d < 0 => return false,
        _ => {}
    }
    if !CONTINUING.contains(&last_token(text)) {
        return false;
    }
    match crate::syntax::parse(SourceId(0), text) {
        Ok(_) => false,
        Err(e) => e.span().start as usize >= text.trim_end().len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continuing_words_are_keywords() {
        let words = CONTINUING
            .iter()
            .filter(|t| t.chars().all(|c| c.is_ascii_alphabetic()));
        for w in words {
            assert!(crate::syntax::KEYWORDS.contains(w), "{w}");
        }
    }
}
