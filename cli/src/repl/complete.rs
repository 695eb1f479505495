//! What Tab offers: commands, help topics, the language's words and the
//! session's names.

use super::Repl;
use super::commands::resolve_command;
use super::help::{COMMANDS, HELP_TOPICS};
use grundy::library;
use grundy::words::{KEYWORDS, LOOPY_NAMES, QUERY_WORDS};

/// The names the session defines, kept in the editor's helper.
#[derive(Debug, Default, Clone)]
pub struct Names {
    pub games: Vec<String>,
    /// Functions, lets and builtins.
    pub others: Vec<String>,
}

impl Repl {
    /// Names for completion and highlighting.
    pub fn names(&self) -> Names {
        let s = &self.session;
        Names {
            games: s.game_names().map(String::from).collect(),
            others: s
                .value_names()
                .map(String::from)
                .chain(library::function_names().map(String::from))
                .collect(),
        }
    }
}

/// What completes the word before `pos`: its start and the candidates.
/// File paths (after `:load`) are left to the caller.
pub fn complete_word(line: &str, pos: usize, names: &Names) -> (usize, Vec<String>) {
    let before = &line[..pos];
    let start = before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| c.is_alphanumeric() || c == '_')
        .last()
        .map(|(i, _)| i)
        .unwrap_or(pos);
    let word = &before[start..];
    let head = before[..start].trim_start();
    let mut out: Vec<String> = Vec::new();
    if head == ":" {
        // A command that takes arguments completes with its space, so the
        // next Tab goes on with them (`:load ` then a path).
        out.extend(
            COMMANDS
                .iter()
                .filter(|(c, _, _)| c.starts_with(word))
                .map(|(c, usage, _)| {
                    if usage.contains(' ') {
                        format!("{c} ")
                    } else {
                        c.to_string()
                    }
                }),
        );
        return (start, out);
    }
    if let Some(cmd) = head.strip_prefix(':') {
        if resolve_command(cmd.trim()) == Some("help") {
            out.extend(
                HELP_TOPICS
                    .iter()
                    .map(|t| t.name)
                    .chain(["functions"])
                    .map(str::to_string)
                    .filter(|t| t.starts_with(word)),
            );
        }
        return (start, out);
    }
    // After `sequence`, `table`, `period`, `kernels` only a game name makes sense.
    let prev = head.split_whitespace().last().unwrap_or("");
    let games_only = library::game_name_words().any(|w| w == prev);
    let words = names.games.iter().map(String::as_str).chain(
        (!games_only)
            .then(|| {
                KEYWORDS
                    .iter()
                    .chain(QUERY_WORDS.iter())
                    .chain(LOOPY_NAMES.iter())
                    .copied()
                    .chain(names.others.iter().map(String::as_str))
            })
            .into_iter()
            .flatten(),
    );
    out.extend(
        words
            .filter(|w| w.starts_with(word) && (!word.is_empty() || games_only))
            .map(str::to_string),
    );
    out.sort();
    out.dedup();
    (start, out)
}
