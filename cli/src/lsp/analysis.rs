//! What the language server knows about one `.game` text, as pure
//! functions of the text (no protocol here, so each is tested alone):
//! the diagnostics `grundy check` would print, the names the file defines,
//! completion candidates, hover text and where a name is defined.
//!
//! Positions are LSP positions: a 0-based line and a character offset
//! counted in UTF-16 code units (the protocol's default encoding).

use lsp_types::{
    CompletionItem, CompletionItemKind, Diagnostic, DiagnosticSeverity, Documentation,
    MarkupContent, MarkupKind, NumberOrString, Position, Range,
};
use miette::Diagnostic as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use grundy::Error;
use grundy::Limits;
use grundy::Session;
use grundy::library;
use grundy::words::{KEYWORDS, LOOPY_NAMES};

/// The LSP position of a byte offset of `text` (clamped to the text, and
/// to the start of a character).
pub fn position(text: &str, offset: usize) -> Position {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count();
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let character: usize = before[start..].chars().map(char::len_utf16).sum();
    Position::new(line as u32, character as u32)
}

/// The byte offset of an LSP position (past the end of a line: its end;
/// past the last line: the end of the text).
pub fn offset(text: &str, pos: Position) -> usize {
    let mut line_start = 0;
    for _ in 0..pos.line {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    let mut units = 0u32;
    for (i, c) in text[line_start..line_end].char_indices() {
        if units >= pos.character {
            return line_start + i;
        }
        units += c.len_utf16() as u32;
    }
    line_end
}

/// The language id of code in hover text (the editors' id for `.game`).
const LANG: &str = crate::PROGRAM;

fn range(text: &str, start: usize, end: usize) -> Range {
    Range::new(position(text, start), position(text, end.max(start)))
}

/// The diagnostics of a text: what `grundy check` reports (syntax, names,
/// arities, duplicates), each with its `grundy::` code, its span as the
/// range and the help line after the message. Nothing is run.
pub fn diagnostics(text: &str) -> Vec<Diagnostic> {
    diagnostics_heard(text, Arc::new(AtomicBool::new(false))).unwrap_or_default()
}

/// The diagnostics of a text, stopping when `stop` is raised (a newer
/// text came): None then, as what was found is about an old text.
pub fn diagnostics_heard(text: &str, stop: Arc<AtomicBool>) -> Option<Vec<Diagnostic>> {
    diagnostics_with(text, Limits::default(), stop)
}

/// [`diagnostics_heard`] under the given limits (what a definition's
/// `let` evaluates runs under them): `grundy serve`'s per-query limits.
pub fn diagnostics_with(
    text: &str,
    limits: Limits,
    stop: Arc<AtomicBool>,
) -> Option<Vec<Diagnostic>> {
    let mut session = Session::with_limits(limits);
    session.set_interrupt(stop.clone());
    let found = session.prepare("<editor>", text);
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let Err(errors) = found else {
        return Some(Vec::new());
    };
    Some(errors.iter().map(|e| diagnostic(text, e)).collect())
}

fn diagnostic(text: &str, e: &Error) -> Diagnostic {
    let span = e.span();
    let range = if e.in_source() {
        range(text, span.start as usize, span.end as usize)
    } else {
        Range::default()
    };
    let mut message = e.to_string();
    if let Some(help) = e.help() {
        message.push_str("\nhelp: ");
        message.push_str(&help.to_string());
    }
    Diagnostic {
        range,
        severity: Some(DiagnosticSeverity::ERROR),
        code: e.code().map(|c| NumberOrString::String(c.to_string())),
        source: Some(crate::PROGRAM.into()),
        message,
        ..Diagnostic::default()
    }
}

/// What a name of the file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefKind {
    Game,
    Graph,
    Fn,
    Let,
}

impl DefKind {
    fn word(self) -> &'static str {
        match self {
            DefKind::Game => "game",
            DefKind::Graph => "graph",
            DefKind::Fn => "fn",
            DefKind::Let => "let",
        }
    }
}

/// A name the file defines: its kind, where the name is written, and the
/// definition's first line (shown on hover).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Definition {
    pub name: String,
    pub kind: DefKind,
    /// The byte range of the name.
    pub start: usize,
    pub end: usize,
    pub line: String,
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The definitions of a text, read from its words (`game NAME`, `graph
/// NAME`, `fn NAME`, `let NAME` at a statement's start), so they are found
/// while the file has a syntax error too. Comments (`#` to the end of the
/// line) and strings are skipped.
pub fn definitions(text: &str) -> Vec<Definition> {
    let mut defs = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let code = grundy::words::without_comment(line);
        let trimmed = code.trim_start();
        let indent = code.len() - trimmed.len();
        let word_end = trimmed
            .find(|c: char| !is_ident_char(c))
            .unwrap_or(trimmed.len());
        let kind = match &trimmed[..word_end] {
            "game" => Some(DefKind::Game),
            "graph" => Some(DefKind::Graph),
            "fn" => Some(DefKind::Fn),
            "let" => Some(DefKind::Let),
            _ => None,
        };
        if let Some(kind) = kind {
            let rest = &trimmed[word_end..];
            let gap = rest.len() - rest.trim_start().len();
            let name_at = indent + word_end + gap;
            let name: String = code[name_at..]
                .chars()
                .take_while(|&c| is_ident_char(c))
                .collect();
            if gap > 0 && name.starts_with(|c: char| c.is_alphabetic() || c == '_') {
                defs.push(Definition {
                    start: line_start + name_at,
                    end: line_start + name_at + name.len(),
                    name,
                    kind,
                    line: code.trim().to_string(),
                });
            }
        }
        line_start += line.len();
    }
    defs
}

/// The word (identifier) around a byte offset: its range.
pub fn word_at(text: &str, at: usize) -> Option<(usize, usize)> {
    let at = at.min(text.len());
    let start = text[..at]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_ident_char(c))
        .last()
        .map_or(at, |(i, _)| i);
    let end = text[at..]
        .char_indices()
        .find(|&(_, c)| !is_ident_char(c))
        .map_or(text.len(), |(i, _)| at + i);
    (start < end).then_some((start, end))
}

/// Completion at a position: the keywords, the library's functions and
/// query words, and the file's own names that start with the word typed
/// before the cursor (all of them when nothing is typed).
pub fn completion(text: &str, pos: Position) -> Vec<CompletionItem> {
    completion_in(text, &definitions(text), pos)
}

/// [`completion`] with the text's definitions found already.
pub fn completion_in(text: &str, defs: &[Definition], pos: Position) -> Vec<CompletionItem> {
    let at = offset(text, pos);
    let prefix_start = text[..at]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_ident_char(c))
        .last()
        .map_or(at, |(i, _)| i);
    let prefix = &text[prefix_start..at];
    let mut items: Vec<CompletionItem> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut push = |item: CompletionItem| {
        if item.label.starts_with(prefix) && seen.insert(item.label.clone()) {
            items.push(item);
        }
    };
    for d in defs {
        push(CompletionItem {
            label: d.name.clone(),
            kind: Some(match d.kind {
                DefKind::Game | DefKind::Graph => CompletionItemKind::CLASS,
                DefKind::Fn => CompletionItemKind::FUNCTION,
                DefKind::Let => CompletionItemKind::VARIABLE,
            }),
            detail: Some(d.line.clone()),
            ..CompletionItem::default()
        });
    }
    for e in library::entries() {
        push(CompletionItem {
            label: e.meta.name.to_string(),
            kind: Some(if e.is_function() {
                CompletionItemKind::FUNCTION
            } else {
                CompletionItemKind::KEYWORD
            }),
            detail: Some(e.signature()),
            documentation: Some(Documentation::MarkupContent(MarkupContent {
                kind: MarkupKind::Markdown,
                value: entry_markdown(e),
            })),
            ..CompletionItem::default()
        });
    }
    for k in KEYWORDS {
        push(CompletionItem {
            label: k.to_string(),
            kind: Some(CompletionItemKind::KEYWORD),
            ..CompletionItem::default()
        });
    }
    for k in LOOPY_NAMES {
        push(CompletionItem {
            label: k.to_string(),
            kind: Some(CompletionItemKind::CONSTANT),
            detail: Some("a loopy game value".into()),
            ..CompletionItem::default()
        });
    }
    items
}

fn entry_markdown(e: &library::Entry) -> String {
    format!(
        "```{LANG}\n{}\n```\n{}\n\nparameters: {}  \nreturns: {}  \nexample: `{}`",
        e.signature(),
        e.meta.doc,
        e.typed_params(),
        e.meta.returns,
        e.meta.example
    )
}

/// Hover at a position: a name of the file shows its definition's line; a
/// library name its signature, doc and example; a keyword what it is.
pub fn hover(text: &str, pos: Position) -> Option<(Range, String)> {
    hover_in(text, &definitions(text), pos)
}

/// [`hover`] with the text's definitions found already.
pub fn hover_in(text: &str, defs: &[Definition], pos: Position) -> Option<(Range, String)> {
    let (start, end) = word_at(text, offset(text, pos))?;
    let word = &text[start..end];
    let here = range(text, start, end);
    if let Some(d) = defs.iter().find(|d| d.name == word) {
        return Some((
            here,
            format!(
                "```{LANG}\n{}\n```\n({} defined in this file)",
                d.line,
                d.kind.word()
            ),
        ));
    }
    if let Some(e) = library::lookup(word) {
        return Some((here, entry_markdown(e)));
    }
    if KEYWORDS.contains(&word) {
        return Some((
            here,
            format!("`{word}`: a keyword of the language (see docs/LANGUAGE.md)"),
        ));
    }
    if LOOPY_NAMES.contains(&word) {
        return Some((
            here,
            format!(
                "`{word}`: CGSuite's loopy game value, where nothing else has the name (see docs/LANGUAGE.md, \"Loopy values in expressions\")"
            ),
        ));
    }
    None
}

/// Where the name at a position is defined in the file: the name's range.
pub fn definition(text: &str, pos: Position) -> Option<Range> {
    definition_in(text, &definitions(text), pos)
}

/// [`definition`] with the text's definitions found already.
pub fn definition_in(text: &str, defs: &[Definition], pos: Position) -> Option<Range> {
    let (start, end) = word_at(text, offset(text, pos))?;
    let word = &text[start..end];
    defs.iter()
        .find(|d| d.name == word)
        .map(|d| range(text, d.start, d.end))
}

#[cfg(test)]
#[path = "analysis_tests.rs"]
mod tests;
