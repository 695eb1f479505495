//! When an input is unfinished and the next line continues it.

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
    "=", "+", "-", "*", "/", "//", "%", "**", "==", "!=", "<", "<=", ">", ">=", "..", "..=", ",",
    "->", "and", "or", "not", "in", "if", "then", "else", "for", "move", ":", "assert", "forall",
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

/// Whether the last statement is a game's header still waiting for its
/// `{`: `game Sub(n)`, `game G(n) misere`, `graph G` alone on the last
/// line.
fn awaits_game_body(text: &str) -> bool {
    let last = text
        .lines()
        .rev()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let Some(rest) = last.strip_prefix("game ").or(last.strip_prefix("graph ")) else {
        return false;
    };
    let rest = rest.trim_start();
    let name_len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    if name_len == 0 {
        return false;
    }
    let mut rest = rest[name_len..].trim_start();
    // The parameters (the brackets are balanced: the depth is 0).
    if rest.starts_with('(') {
        let Some(close) = rest.find(')') else {
            return false;
        };
        rest = rest[close + 1..].trim_start();
    }
    matches!(rest, "" | "normal" | "misere") && !last.starts_with("graph ") || rest.is_empty()
}

/// Whether the text is an unfinished statement that the next line should
/// continue: an open bracket, a game header waiting for its body, or a
/// parse error at the very end after an operator or keyword that needs
/// more. `:commands` are always complete.
pub fn is_incomplete(text: &str) -> bool {
    if text.trim_start().starts_with(':') {
        return false;
    }
    match bracket_depth(text) {
        d if d > 0 => return true,
        d if d < 0 => return false,
        _ => {}
    }
    if awaits_game_body(text) {
        return grundy::words::check(text).is_err();
    }
    if !CONTINUING.contains(&last_token(text)) {
        return false;
    }
    match grundy::words::check(text) {
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
            assert!(grundy::words::KEYWORDS.contains(w), "{w}");
        }
    }
}
