//! The terminal loop: the line editor, the history file and Ctrl-C.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Editor, EventHandler, KeyCode, KeyEvent, Modifiers};

use super::editor::{DedentHandler, EnterHandler, ReplHelper};
use super::{Flow, PROMPT, Repl};

/// The history file: $GRUNDY_HISTORY, or grundy/history.txt in the user's
/// data directory.
pub fn history_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("GRUNDY_HISTORY") {
        return Some(PathBuf::from(p));
    }
    dirs::data_dir().map(|d| d.join("grundy").join("history.txt"))
}

/// Set once per process: Ctrl-C while a query runs (the terminal is not in
/// raw mode then) sets this flag, which the evaluator and solver poll.
fn install_interrupt(flag: Arc<AtomicBool>) {
    static INSTALLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    INSTALLED
        .get_or_init(|| ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed)).is_ok());
}

/// Run the REPL on the terminal; returns the exit status.
pub fn run(files: &[PathBuf], limits: crate::eval::Limits) -> i32 {
    let mut repl = Repl::with_limits(limits);
    let color = std::env::var_os("NO_COLOR").is_none()
        && std::io::IsTerminal::is_terminal(&std::io::stdout());
    repl.color = color;
    repl.interactive = std::io::IsTerminal::is_terminal(&std::io::stdin());
    // From a pipe (`grundy repl < file`) Ctrl-C keeps its usual meaning.
    if repl.interactive {
        install_interrupt(repl.session.interrupt.clone());
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
            eprintln!("grundy: cannot start the line editor: {e}");
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

    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    println!(
        "grundy {} — type :help for help, Ctrl-D to leave",
        env!("CARGO_PKG_VERSION")
    );
    for f in files {
        repl.load(f, &mut stdout.lock(), &mut stderr.lock());
    }
    loop {
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
                let flow = repl.handle(&line, &mut stdout.lock(), &mut stderr.lock());
                if flow == Flow::Quit {
                    break;
                }
            }
            // Ctrl-C at the prompt: the line is dropped, a fresh prompt follows.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("grundy: cannot read the terminal: {e}");
                return 1;
            }
        }
    }
    if let Some(p) = &history {
        let _ = editor.save_history(p);
    }
    0
}
