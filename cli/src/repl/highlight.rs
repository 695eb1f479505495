//! ANSI colours for an input line as it is typed.

use std::borrow::Cow;

use grundy::library;
use grundy::words::{KEYWORDS, QUERY_WORDS};

const KEYWORD: &str = "\x1b[1;35m";
const QUERY: &str = "\x1b[1;34m";
const GAME: &str = "\x1b[32m";
const NUMBER: &str = "\x1b[33m";
const COMMENT: &str = "\x1b[90m";
const COMMAND: &str = "\x1b[1;36m";
pub(super) const RESET: &str = "\x1b[0m";

/// The line with ANSI colours for keywords, query words, numbers, game
/// names and comments; the visible text is unchanged.
pub fn highlight_line<'l>(line: &'l str, games: &[String]) -> Cow<'l, str> {
    if line.is_empty() {
        return Cow::Borrowed(line);
    }
    let mut s = String::with_capacity(line.len() * 2);
    let paint = |s: &mut String, color: &str, text: &str| {
        s.push_str(color);
        s.push_str(text);
        s.push_str(RESET);
    };
    if line.trim_start().starts_with(':') {
        let end = line
            .char_indices()
            .skip_while(|(_, c)| c.is_whitespace())
            .find(|(_, c)| c.is_whitespace())
            .map(|(i, _)| i)
            .unwrap_or(line.len());
        paint(&mut s, COMMAND, &line[..end]);
        s.push_str(&line[end..]);
        return Cow::Owned(s);
    }
    let bytes = line.as_bytes();
    let mut i = 0;
    // The word after `game`/`graph` (being defined) or a query on a game.
    let mut next_is_game = false;
    while i < line.len() {
        let c = bytes[i];
        if c == b'#' {
            let end = line[i..].find('\n').map(|j| i + j).unwrap_or(line.len());
            paint(&mut s, COMMENT, &line[i..end]);
            i = end;
        } else if c.is_ascii_digit() {
            let end = line[i..]
                .find(|ch: char| !ch.is_ascii_digit())
                .map(|j| i + j)
                .unwrap_or(line.len());
            paint(&mut s, NUMBER, &line[i..end]);
            i = end;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let end = line[i..]
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                .map(|j| i + j)
                .unwrap_or(line.len());
            let w = &line[i..end];
            if KEYWORDS.contains(&w) {
                paint(&mut s, KEYWORD, w);
            } else if QUERY_WORDS.contains(&w) {
                paint(&mut s, QUERY, w);
            } else if next_is_game
                || games.iter().any(|g| g == w)
                // Games are capitalised by convention: `Name(` is one
                // even before it is defined.
                || (w.starts_with(|c: char| c.is_ascii_uppercase())
                    && line[end..].starts_with('('))
            {
                paint(&mut s, GAME, w);
            } else {
                s.push_str(w);
            }
            next_is_game =
                matches!(w, "game" | "graph") || library::game_name_words().any(|g| g == w);
            i = end;
        } else {
            let ch = line[i..].chars().next().unwrap_or(' ');
            s.push(ch);
            if !ch.is_whitespace() {
                next_is_game = false;
            }
            i += ch.len_utf8();
        }
    }
    Cow::Owned(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word after a definition or a query on a game's name is painted
    /// as a game even before it is defined.
    #[test]
    fn names_after_game_words_are_games() {
        for head in ["game", "graph"]
            .into_iter()
            .chain(library::game_name_words())
        {
            let line = format!("{head} Foo");
            let painted = highlight_line(&line, &[]);
            assert!(
                painted.ends_with(&format!("{GAME}Foo{RESET}")),
                "{painted:?}"
            );
        }
        let painted = highlight_line("grundy foo", &[]);
        assert!(painted.ends_with(" foo"), "{painted:?}");
    }
}
