//! The interactive REPL: a rustyline editor over one `Session` whose
//! definitions persist between inputs, the `:commands`, and the editor's
//! helpers (multi-line validation, completion, highlighting).
//!
//! `Repl::handle` does everything an input means and writes to plain
//! writers, so it is tested without a terminal; `run` adds the terminal:
//! line editing, history, colours and Ctrl-C.
//!
//! One file per concern: `help` (the `:help` texts), `commands` (the
//! `:commands`), `format` (answers, diagnostics and `:games` as text),
//! `multiline` (when an input continues on the next line), `complete` and
//! `highlight` (the words the editor offers and paints), `editor` (the
//! rustyline helper and key bindings), `terminal` (the loop and scripts
//! from a pipe) and `arity` (a game redefined with another number of
//! parameters, checked against its earlier callers).

mod commands;
mod complete;
mod editor;
mod format;
mod help;
mod highlight;
mod multiline;
mod terminal;

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::console::{self, Heard};
use format::{format_answer, render_error};
use grundy::Error;
use grundy::LimitError;
use grundy::render;
use grundy::{Mode, Redefine, Session};

pub use commands::{resolve_command, suggest_command};
pub use complete::{Names, complete_word};
pub use editor::ReplHelper;
pub use help::{COMMANDS, HELP_TOPICS, HelpPart, HelpTopic, help_text};
pub use highlight::highlight_line;
pub use multiline::{bracket_depth, is_incomplete};
pub use terminal::{history_path, run, run_script};

/// The prompt of a fresh input. Continuation lines are indented instead
/// (rustyline has no second prompt): see `editor::EnterHandler`.
pub const PROMPT: &str = "grundy> ";

/// What the caller should do after an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// The REPL without its terminal: a session, the files loaded, the toggles.
pub struct Repl {
    pub session: Session,
    /// Files loaded, in order, for `:reload`.
    pub loaded: Vec<PathBuf>,
    pub json: bool,
    pub time: bool,
    /// Diagnostics in colour (a terminal) or plain.
    pub color: bool,
    /// On a terminal: a `^C` echo is ended before the diagnostic.
    pub interactive: bool,
    inputs: usize,
    /// The last answer, for `:plot` and `:svg`.
    pub last: Option<grundy::Answer>,
}

impl Repl {
    /// A REPL with the default limits but the position budget.
    pub fn new(max_positions: usize) -> Self {
        Repl::with_limits(grundy::Limits::positions(max_positions))
    }

    pub fn with_limits(limits: grundy::Limits) -> Self {
        let mut session = Session::with_limits(limits);
        session.set_redefine(Redefine::Replace);
        Repl {
            session,
            loaded: Vec::new(),
            json: false,
            time: false,
            color: false,
            interactive: false,
            inputs: 0,
            last: None,
        }
    }

    /// Everything one input means: a `:command`, or `.game` text to run.
    /// Answers go to `out`, diagnostics to `err`.
    pub fn handle(&mut self, input: &str, out: &mut dyn Write, err: &mut dyn Write) -> Flow {
        let trimmed = input.trim();
        if trimmed.is_empty() {
            return Flow::Continue;
        }
        if let Some(cmd) = trimmed.strip_prefix(':') {
            return self.command(cmd, out, err);
        }
        // Words a newcomer may type for the commands.
        if let Some(cmd) = match trimmed {
            "quit" | "exit" => Some(":quit (or Ctrl-D) leaves"),
            "help" => Some(":help shows the commands and help topics"),
            _ => None,
        } {
            let _ = writeln!(err, "{trimmed}: not a statement; {cmd}");
            return Flow::Continue;
        }
        self.inputs += 1;
        let name = format!("input {}", self.inputs);
        // A typed definition may name what a later input defines.
        self.session.set_wait_for_names(true);
        self.run(&name, input, out, err);
        self.session.set_wait_for_names(false);
        Flow::Continue
    }

    /// Run a whole text (a script, not one typed input); false if
    /// anything failed.
    pub fn run_input(
        &mut self,
        name: &str,
        text: &str,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> bool {
        self.run(name, text, out, err)
    }

    /// Run a text through the session, printing answers as they come.
    fn run(&mut self, name: &str, text: &str, out: &mut dyn Write, err: &mut dyn Write) -> bool {
        let stale = self.session.stale_callers(text);
        if !stale.is_empty() {
            for e in &stale {
                self.report(out, err, e);
            }
            return false;
        }
        // A Ctrl-C that arrived while no query ran must not cancel this one.
        self.session.interrupt().store(false, Ordering::Relaxed);
        let (json, time, color) = (self.json, self.time, self.color);
        let interactive = self.interactive;
        let mut mark = Instant::now();
        let mut noted = 0;
        let mut last = None;
        // Progress of long queries: on a terminal only, never with JSON.
        grundy::progress::set_enabled(
            self.interactive && !json && grundy::progress::stderr_is_terminal(),
        );
        let ok = self.session.run_text(name, text, Mode::Run, &mut |s, r| {
            noted += print_notes(&s.notes()[noted..], json, out, err);
            let took = mark.elapsed();
            let failed = match r {
                Ok(answer) => {
                    let text = format_answer(&answer, json, time.then_some(took));
                    // A long answer hears Ctrl-C while it prints: cut
                    // there, the query is reported interrupted.
                    let heard = console::write_line_heard(out, &text, s.interrupt());
                    last = Some(answer);
                    matches!(heard, Ok(Heard::Cut)).then(|| console::cut_short(s.query_span()))
                }
                Err(e) => {
                    // End the line the terminal's `^C` echo is on.
                    if interactive && matches!(e, Error::Limit(LimitError::Interrupted { .. })) {
                        let _ = writeln!(out);
                    }
                    Some(e)
                }
            };
            // Once: as JSON in `:json` mode, else as a diagnostic.
            if let Some(e) = failed {
                if json {
                    let line = render::json_error_line(s.query_word(), &e, s.sources());
                    let _ = writeln!(out, "{line}");
                } else {
                    let _ = out.flush();
                    let _ = writeln!(err, "{}", render_error(&e, s, color));
                    let _ = err.flush();
                }
            }
            let _ = out.flush();
            mark = Instant::now();
        });
        grundy::progress::set_enabled(false);
        if last.is_some() {
            self.last = last;
        }
        let notes = self.session.take_notes();
        print_notes(&notes[noted.min(notes.len())..], json, out, err);
        ok
    }

    /// An error of an input: as a JSON object on `out` in `:json` mode,
    /// else as a diagnostic on `err`. (A `:command`'s failure is always a
    /// diagnostic: `diagnostic`.)
    fn report(&self, out: &mut dyn Write, err: &mut dyn Write, e: &Error) {
        if self.json {
            let line = render::json_error_line(None, e, self.session.sources());
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        } else {
            self.diagnostic(err, e);
        }
    }

    /// A `:command`'s failure, rendered as the session's diagnostics are.
    fn diagnostic(&self, err: &mut dyn Write, e: &Error) {
        let _ = writeln!(err, "{}", render_error(e, &self.session, self.color));
        let _ = err.flush();
    }
}

/// Notes of the session (a definition waiting for a name, or completed):
/// on `err` as text, on `out` as `{"note": …}` in `:json` mode. Returns
/// how many were printed.
fn print_notes(notes: &[String], json: bool, out: &mut dyn Write, err: &mut dyn Write) -> usize {
    for n in notes {
        if json {
            let _ = writeln!(
                out,
                "{}",
                render::json_line(serde_json::json!({ "note": n }))
            );
        } else {
            let _ = writeln!(err, "note: {n}");
        }
    }
    notes.len()
}
