//! The terminal loop: the line editor, the history file and Ctrl-C.

use std::path::PathBuf;

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Editor, EventHandler, KeyCode, KeyEvent, Modifiers};

use super::editor::{DedentHandler, EnterHandler, ReplHelper};
use super::{Flow, PROMPT, Repl};
use crate::console::{self, Checked};

/// The program's name, as its messages start.
use crate::PROGRAM;

/// The history file: $GRUNDY_HISTORY, or grundy/history.txt in the user's
/// data directory.
pub fn history_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("GRUNDY_HISTORY") {
        return Some(PathBuf::from(p));
    }
    dirs::data_dir().map(|d| d.join(PROGRAM).join("history.txt"))
}

/// Run the REPL on the terminal; returns the exit status.
pub fn run(files: &[PathBuf], limits: grundy::Limits) -> i32 {
    let mut repl = Repl::with_limits(limits);
    let color = std::env::var_os("NO_COLOR").is_none()
        && std::io::IsTerminal::is_terminal(&std::io::stdout());
    repl.color = color;
    repl.interactive = std::io::IsTerminal::is_terminal(&std::io::stdin());
    // From a pipe (`grundy repl < file`) Ctrl-C keeps its usual meaning.
    if repl.interactive {
        console::on_ctrl_c(repl.session.interrupt().clone());
    }

    let config = Config::builder()
        .completion_type(CompletionType::List)
        .auto_add_history(false)
        .history_ignore_dups(true)
        .and_then(|b| b.max_history_size(2000))
        .map(|b| {
            b.color_mode(if color {
                rustyline::ColorMode::Enabled
            } else {
                rustyline::ColorMode::Disabled
            })
            .build()
        });
    let config = config.unwrap_or_default();
    let mut editor: Editor<ReplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(e) => e,
        Err(e) => {
            Checked::stderr().line(&format!("{PROGRAM}: cannot start the line editor: {e}"));
            return 1;
        }
    };
    editor.set_helper(Some(ReplHelper::new()));
    editor.bind_sequence(
        KeyEvent(KeyCode::Enter, Modifiers::NONE),
        EventHandler::Conditional(Box::new(EnterHandler)),
    );
    for c in ['}', ')', ']'] {
        editor.bind_sequence(
            KeyEvent(KeyCode::Char(c), Modifiers::NONE),
            EventHandler::Conditional(Box::new(DedentHandler(c))),
        );
    }
    // Lines from a pipe are not the user's typing: no history for them.
    let history = if repl.interactive {
        history_path()
    } else {
        None
    };
    if let Some(p) = &history {
        if let Some(dir) = p.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.load_history(p);
    }

    let mut out = Checked::stdout();
    let mut err = Checked::stderr();
    out.line(&format!(
        "{PROGRAM} {} — type :help for help, Ctrl-D to leave",
        env!("CARGO_PKG_VERSION")
    ));
    for f in files {
        repl.load(f, &mut out, &mut err);
    }
    // A terminal that is gone (or any failed write) ends the session.
    while !out.failed() && !err.failed() {
        if let Some(h) = editor.helper_mut() {
            h.names = repl.names();
        }
        match editor.readline(PROMPT) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                    if let Some(p) = &history {
                        let _ = editor.save_history(p);
                    }
                }
                let flow = repl.handle(&line, &mut out, &mut err);
                if flow == Flow::Quit {
                    break;
                }
            }
            // Ctrl-C at the prompt: the line is dropped, a fresh prompt follows.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                err.line(&format!("{PROGRAM}: cannot read the terminal: {e}"));
                return console::exit_status(1, &out, &mut err);
            }
        }
    }
    if let Some(p) = &history {
        let _ = editor.save_history(p);
    }
    console::exit_status(0, &out, &mut err)
}

/// `grundy repl [FILES]` when standard input is not a terminal: the files,
/// then the whole input as one script (definitions replace, as at the
/// prompt); returns the exit status (1 if anything failed).
pub fn run_script(
    files: &[PathBuf],
    limits: grundy::Limits,
    out: &mut Checked<std::io::Stdout>,
    err: &mut Checked<std::io::Stderr>,
) -> i32 {
    let mut repl = Repl::with_limits(limits);
    let mut ok = true;
    for f in files {
        ok &= repl.load(f, out, err);
    }
    let help = "standard input must be a .game program in UTF-8 text";
    match console::read_text(std::io::stdin(), "<stdin>", help) {
        Ok(text) => ok &= repl.run_input("<stdin>", &text, out, err),
        Err(e) => {
            repl.diagnostic(err, &e);
            ok = false;
        }
    }
    i32::from(!ok)
}
