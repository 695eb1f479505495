//! The rustyline side: the helper that completes, paints and validates,
//! and the key bindings that indent continued lines.

use std::borrow::Cow;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{
    Cmd, ConditionalEventHandler, Context, Event, EventContext, Movement, RepeatCount,
};

use super::commands::resolve_command;
use super::complete::{Names, complete_word};
use super::highlight::{RESET, highlight_line};
use super::multiline::{bracket_depth, is_incomplete};

/// One level of automatic indentation in a continued input.
const INDENT: &str = "    ";

/// The editor's helper: completion, highlighting, and the validator that
/// keeps an unfinished input open.
pub struct ReplHelper {
    pub names: Names,
    files: FilenameCompleter,
}

impl ReplHelper {
    pub fn new() -> Self {
        ReplHelper {
            names: Names::default(),
            files: FilenameCompleter::new(),
        }
    }
}

impl Default for ReplHelper {
    fn default() -> Self {
        Self::new()
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let head = line[..pos].trim_start();
        if let Some(rest) = head.strip_prefix(':')
            && let Some(i) = rest.find(char::is_whitespace)
            && matches!(resolve_command(&rest[..i]), Some("load" | "plot" | "svg"))
        {
            return self.files.complete_path(line, pos);
        }
        let (start, words) = complete_word(line, pos, &self.names);
        let pairs = words
            .into_iter()
            .map(|w| Pair {
                display: w.clone(),
                replacement: w,
            })
            .collect();
        Ok((start, pairs))
    }
}

impl Hinter for ReplHelper {
    type Hint = String;
}

impl Highlighter for ReplHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        highlight_line(line, &self.names.games)
    }

    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        Cow::Owned(format!("\x1b[1m{prompt}{RESET}"))
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        true
    }
}

impl Validator for ReplHelper {
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        Ok(if is_incomplete(ctx.input()) {
            ValidationResult::Incomplete
        } else {
            ValidationResult::Valid(None)
        })
    }
}

impl rustyline::Helper for ReplHelper {}

/// Enter on an unfinished input (cursor at the end) starts the next line
/// indented by its bracket depth: the visible continuation prompt.
pub(super) struct EnterHandler;

impl ConditionalEventHandler for EnterHandler {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, ctx: &EventContext) -> Option<Cmd> {
        let line = ctx.line();
        if ctx.pos() != line.len() || !is_incomplete(line) {
            return None;
        }
        let depth = bracket_depth(line).clamp(1, 8) as usize;
        Some(Cmd::Insert(1, format!("\n{}", INDENT.repeat(depth))))
    }
}

/// A closing bracket typed first on an indented line moves it one level out.
pub(super) struct DedentHandler(pub(super) char);

impl ConditionalEventHandler for DedentHandler {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, ctx: &EventContext) -> Option<Cmd> {
        let line = ctx.line();
        let pos = ctx.pos();
        let line_start = line[..pos].rfind('\n').map(|i| i + 1)?;
        let current = &line[line_start..pos];
        if current.is_empty() || !current.chars().all(|c| c == ' ') {
            return None;
        }
        let depth = bracket_depth(&line[..line_start]).clamp(1, 8) as usize;
        Some(Cmd::Replace(
            Movement::BeginningOfLine,
            Some(format!("{}{}", INDENT.repeat(depth - 1), self.0)),
        ))
    }
}
