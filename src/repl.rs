//! The interactive REPL: a rustyline editor over one `Session` whose
//! definitions persist between inputs, the `:commands`, and the editor's
//! helpers (multi-line validation, completion, highlighting).
//!
//! `Repl::handle` does everything an input means and writes to plain
//! writers, so it is tested without a terminal; `run` adds the terminal:
//! line editing, history, colours and Ctrl-C.

use std::borrow::Cow;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{
    Cmd, CompletionType, ConditionalEventHandler, Config, Context, Editor, Event, EventContext,
    EventHandler, KeyCode, KeyEvent, Modifiers, Movement, RepeatCount,
};

use crate::error::{Error, suggest};
use crate::eval::{Builtin, GameKind};
use crate::present;
use crate::query::Answer;
use crate::session::{Mode, Redefine, Session};
use crate::syntax::ast::Play;
use crate::syntax::{GAME_NAME_QUERIES, KEYWORDS, QUERY_WORDS, SourceId};

/// The prompt of a fresh input. Continuation lines are indented instead
/// (rustyline has no second prompt): see `EnterHandler`.
pub const PROMPT: &str = "grundy> ";

/// One level of automatic indentation in a continued input.
const INDENT: &str = "    ";

/// The `:commands`, with what `:help` says of each.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "load",
        ":load FILE...",
        "run a .game file here: its definitions join the session",
    ),
    (
        "reload",
        ":reload",
        "load again every file loaded so far (after you edit them)",
    ),
    (
        "games",
        ":games",
        "list the games, functions and names defined",
    ),
    ("time", ":time", "toggle printing how long each answer took"),
    ("json", ":json", "toggle answers as JSON objects"),
    (
        "help",
        ":help [TOPIC]",
        "this text, or a topic: queries, syntax, octal",
    ),
    ("quit", ":quit", "leave (so does Ctrl-D)"),
];

// ---- help -----------------------------------------------------------------

/// A piece of a help topic: words, or an example the tests run.
pub enum HelpPart {
    Text(&'static str),
    /// `.game` text and exactly what it prints (plain answers, as
    /// `grundy run` prints them).
    Example {
        code: &'static str,
        output: &'static str,
    },
}

pub struct HelpTopic {
    pub name: &'static str,
    pub summary: &'static str,
    pub parts: &'static [HelpPart],
}

use HelpPart::{Example, Text};

pub const HELP_TOPICS: &[HelpTopic] = &[
    HelpTopic {
        name: "queries",
        summary: "grundy, outcome, moves, winning, sequence, table, period",
        parts: &[
            Text("grundy P                  the Grundy value of a position"),
            Example {
                code: "grundy Nim(3) + Nim(5)",
                output: "grundy Nim(3) + Nim(5) = 6",
            },
            Text("outcome [normal|misere] P N (the next player wins) or P (the previous one does)"),
            Example {
                code: "outcome Nim(1) + Nim(1)\noutcome misere Nim(1) + Nim(1)",
                output: "outcome Nim(1) + Nim(1) = P (the previous player wins)\n\
                         outcome misere Nim(1) + Nim(1) = N (the next player wins)",
            },
            Text("moves P                   every move, with the Grundy value it leaves"),
            Example {
                code: "moves Nim(2)",
                output: "moves Nim(2):\n  Nim(0)  [grundy 0]\n  Nim(1)  [grundy 1]",
            },
            Text("winning [normal|misere] P the moves to a P-position"),
            Example {
                code: "winning Nim(3) + Nim(4) + Nim(5)",
                output: "winning Nim(3) + Nim(4) + Nim(5):\n  Nim(1) + Nim(4) + Nim(5)",
            },
            Text("sequence G RANGE          G(n) for each n of a one-argument game"),
            Example {
                code: "game Take(n) { move Take(n - k) for k in 1..=2 if k <= n }\nsequence Take 0..=9",
                output: "sequence Take 0..=9: 0 1 2 0 1 2 0 1 2 0",
            },
            Text("table G ROWS, COLUMNS     G(a, b) for a two-argument game"),
            Example {
                code: "game Two(a, b) {\n    move Two(a - 1, b) if a > 0\n    move Two(a, b - 1) if b > 0\n}\ntable Two 0..=2, 0..=3",
                output: "table Two 0..=2, 0..=3:\n  0 1 2 3\n0 0 1 0 1\n1 1 0 1 0\n2 0 1 0 1",
            },
            Text(
                "period G                  the period of G(0), G(1), ... (proved for octal codes)",
            ),
            Example {
                code: "game S = subtraction {1, 3, 4}\nperiod S",
                output: "period S (0.3033): preperiod 1, period 7 (proved by the Guy–Smith theorem from 12 values)",
            },
            Text(
                "remoteness, kernel, kernels, kernel_sequences and dot (loopy games\n\
                 and graphs) are described in docs/LANGUAGE.md.",
            ),
            Text(
                "A game declared `misere` answers outcome and winning in misère play\n\
                 unless the query says `normal`. :json shows answers as JSON objects.",
            ),
        ],
    },
    HelpTopic {
        name: "syntax",
        summary: "game, move, for, if, fn, let, comprehensions, comments",
        parts: &[
            Text(
                "A game lists `move` lines; each yields every target for the `for`\n\
                 bindings that pass the `if`. A target is a position: Name(args), a sum\n\
                 A + B (a move that splits a heap), 0 (the empty game) or *n (a nimber).",
            ),
            Example {
                code: "# Kayles: knock down one pin or two adjacent ones.\n\
                       game Kayles(n) {\n    move Kayles(i) + Kayles(n - k - i) for k in 1..=2, i in 0..=n - k\n}\n\
                       grundy Kayles(4)",
                output: "grundy Kayles(4) = 1",
            },
            Text("fn NAME(ARGS) = EXPR and let NAME = EXPR name values; `if c then a else b`."),
            Example {
                code: "fn half(n) = n / 2\nlet big = 2 ** 5\n\
                       game Halve(n) { move Halve(n - k) for k in 1..=half(n) }\n\
                       grundy Halve(if big > 10 then 12 else 0)",
                output: "grundy Halve(12) = 6",
            },
            Text(
                "Values: integers, true/false, tuples (1, 2), lists [1, 2], sets {1, 2},\n\
                 ranges a..b and a..=b, comprehensions [e for x in xs if c], positions.\n\
                 Builtins: len min max abs sum sorted xor mex list set union ...",
            ),
            Example {
                code: "game Mex(xs) { }\ngrundy Mex([x * x for x in 0..5 if x % 2 == 1])",
                output: "grundy Mex([1, 9]) = 0",
            },
            Text(
                "`game G(n) misere { ... }` plays G in misère by default. Comments run\n\
                 from # to the end of the line. In the REPL a name defined again\n\
                 replaces the old definition.",
            ),
        ],
    },
    HelpTopic {
        name: "octal",
        summary: "heap games from octal codes and subtraction sets",
        parts: &[
            Text(
                "`game G = octal d0.d1d2...` is a take-and-break game on one heap G(n).\n\
                 Digit dk (k >= 1) says what may remain after taking k tokens:\n\
                 bit 1: nothing (only when the heap had k), bit 2: one heap,\n\
                 bit 4: two heaps, bit 8: three heaps (hex digits). So 0.77 is Kayles\n\
                 and 0.07 Dawson's Kayles.",
            ),
            Example {
                code: "game K = octal 0.77\nsequence K 0..=12",
                output: "sequence K 0..=12: 0 1 2 3 1 4 3 2 1 4 2 6 4",
            },
            Text(
                "`period G` computes values until the Guy–Smith theorem proves the\n\
                 period; a subtraction set is the code with a 3 at each amount.",
            ),
            Example {
                code: "game K = octal 0.77\nperiod K",
                output: "period K (0.77): preperiod 71, period 12 (proved by the Guy–Smith theorem from 168 values)",
            },
            Example {
                code: "game S = subtraction {2, 5}\ngrundy S(10) + S(7)",
                output: "grundy S(10) + S(7) = 1",
            },
            Text("From the shell, `grundy octal CODE` prints the whole nim-sequence analysis."),
        ],
    },
];

/// The text `:help` prints for a topic, or for everything (`None`).
/// `paint` colours example code (the identity when colours are off).
pub fn help_text(topic: Option<&str>, paint: &dyn Fn(&str) -> String) -> Result<String, String> {
    let mut s = String::new();
    let Some(topic) = topic else {
        s.push_str("Type definitions and queries as in a .game file; they run at once, and\n");
        s.push_str("definitions stay for the session (a new definition replaces the old).\n");
        s.push_str("An open bracket continues the input on the next line.\n\n");
        s.push_str("Commands:\n");
        for (_, usage, what) in COMMANDS {
            s.push_str(&format!("  {usage:<16} {what}\n"));
        }
        s.push_str("\nTopics (:help TOPIC):\n");
        for t in HELP_TOPICS {
            s.push_str(&format!("  {:<16} {}\n", t.name, t.summary));
        }
        s.push_str("\nKeys: Tab completes, Up/Down walk the history, Ctrl-C clears the line\n");
        s.push_str("or cancels a running query, Ctrl-D leaves.");
        return Ok(s);
    };
    let names = HELP_TOPICS.iter().map(|t| t.name);
    let Some(t) = resolve_topic(topic) else {
        return Err(match suggest_among(topic, names) {
            Some(n) => format!("no help topic `{topic}`; did you mean `{n}`?"),
            None => format!(
                "no help topic `{topic}`; the topics are {}",
                HELP_TOPICS
                    .iter()
                    .map(|t| t.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
    };
    for (i, part) in t.parts.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        match part {
            Text(text) => s.push_str(text),
            Example { code, output } => {
                for line in code.lines() {
                    s.push_str(&format!("    {}\n", paint(line)));
                }
                for (j, line) in output.lines().enumerate() {
                    let mark = if j == 0 { "  → " } else { "    " };
                    s.push_str(&format!("{mark}{line}\n"));
                }
                s.pop();
            }
        }
        s.push('\n');
    }
    s.pop();
    Ok(s)
}

// ---- the core -------------------------------------------------------------

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
}

impl Repl {
    pub fn new(max_positions: usize) -> Self {
        let mut session = Session::new(max_positions);
        session.redefine = Redefine::Replace;
        Repl {
            session,
            loaded: Vec::new(),
            json: false,
            time: false,
            color: false,
            interactive: false,
            inputs: 0,
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
        self.run(&name, input, out, err);
        Flow::Continue
    }

    /// Run a text through the session, printing answers as they come.
    fn run(&mut self, name: &str, text: &str, out: &mut dyn Write, err: &mut dyn Write) -> bool {
        // A Ctrl-C that arrived while no query ran must not cancel this one.
        self.session.interrupt.store(false, Ordering::Relaxed);
        let (json, time, color) = (self.json, self.time, self.color);
        let interactive = self.interactive;
        let mut mark = Instant::now();
        self.session.run_text(name, text, Mode::Run, &mut |s, r| {
            let took = mark.elapsed();
            match r {
                Ok(answer) => {
                    let _ = writeln!(
                        out,
                        "{}",
                        format_answer(&answer, json, time.then_some(took))
                    );
                }
                Err(e) => {
                    // End the line the terminal's `^C` echo is on.
                    if interactive && matches!(e, Error::Interrupted { .. }) {
                        let _ = writeln!(out);
                    }
                    if json {
                        let _ = writeln!(out, "{}", present::json_error(&e));
                    }
                    let _ = out.flush();
                    let _ = writeln!(err, "{}", render_error(&e, s, color));
                    let _ = err.flush();
                }
            }
            let _ = out.flush();
            mark = Instant::now();
        })
    }

    fn command(&mut self, line: &str, out: &mut dyn Write, err: &mut dyn Write) -> Flow {
        let (word, rest) = match line.find(char::is_whitespace) {
            Some(i) => (&line[..i], line[i..].trim()),
            None => (line, ""),
        };
        let Some(cmd) = resolve_command(word) else {
            let help = match suggest_command(word) {
                Some(c) => format!("did you mean `:{c}`?"),
                None => "type :help for the list of commands".to_string(),
            };
            self.diagnostic(
                err,
                &Error::UnknownCommand {
                    word: word.to_string(),
                    help,
                },
            );
            return Flow::Continue;
        };
        let no_args = |this: &Self, err: &mut dyn Write| {
            if !rest.is_empty() {
                this.diagnostic(
                    err,
                    &Error::CommandArguments {
                        command: cmd.to_string(),
                    },
                );
                return false;
            }
            true
        };
        match cmd {
            "quit" => return Flow::Quit,
            "help" => {
                let color = self.color;
                let paint = |s: &str| {
                    if color {
                        highlight_line(s, &[]).into_owned()
                    } else {
                        s.to_string()
                    }
                };
                let topic = (!rest.is_empty()).then_some(rest);
                match help_text(topic, &paint) {
                    Ok(text) => {
                        let _ = writeln!(out, "{text}");
                    }
                    Err(message) => self.diagnostic(err, &Error::HelpTopic { message }),
                }
            }
            "time" if no_args(self, err) => {
                self.time = !self.time;
                let _ = writeln!(out, "timing {}", if self.time { "on" } else { "off" });
            }
            "json" if no_args(self, err) => {
                self.json = !self.json;
                let _ = writeln!(
                    out,
                    "answers as {}",
                    if self.json { "JSON" } else { "text" }
                );
            }
            "games" if no_args(self, err) => {
                let _ = writeln!(out, "{}", self.games());
            }
            "load" => {
                let files = split_paths(rest);
                if files.is_empty() {
                    self.diagnostic(err, &Error::LoadWithoutFile);
                }
                for f in files {
                    if !self.load(Path::new(&f), out, err) {
                        break;
                    }
                }
            }
            "reload" if no_args(self, err) => {
                if self.loaded.is_empty() {
                    let _ = writeln!(out, "no file loaded yet: use :load FILE");
                }
                for f in self.loaded.clone() {
                    if !self.load(&f, out, err) {
                        break;
                    }
                }
            }
            _ => {}
        }
        let _ = out.flush();
        Flow::Continue
    }

    /// Load a file into the session (definitions replace, queries run).
    /// Returns false when it could not be read.
    pub fn load(&mut self, path: &Path, out: &mut dyn Write, err: &mut dyn Write) -> bool {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                self.diagnostic(
                    err,
                    &Error::ReadFile {
                        path: path.display().to_string(),
                        reason: e.to_string(),
                        help: "check the path (Tab after :load completes file names)".into(),
                    },
                );
                return false;
            }
        };
        if !self.loaded.iter().any(|p| p == path) {
            self.loaded.push(path.to_path_buf());
        }
        let name = path.display().to_string();
        let games_before = self.session.defs.games.len();
        let ok = self.run(&name, &text, out, err);
        let new = self.session.defs.games.len() - games_before;
        let _ = writeln!(
            out,
            "{} {name}{}",
            if ok { "loaded" } else { "loaded with errors:" },
            if new > 0 {
                format!(" ({new} new game{})", if new == 1 { "" } else { "s" })
            } else {
                String::new()
            }
        );
        true
    }

    /// A `:command`'s failure, rendered as the session's diagnostics are.
    fn diagnostic(&self, err: &mut dyn Write, e: &Error) {
        let _ = writeln!(err, "{}", render_error(e, &self.session, self.color));
        let _ = err.flush();
    }

    /// What `:games` prints.
    pub fn games(&self) -> String {
        let defs = &self.session.defs;
        let sources = &self.session.sources;
        let mut rows: Vec<[String; 4]> = Vec::new();
        for g in &defs.games {
            if matches!(g.kind, GameKind::Star) {
                continue;
            }
            let decl = if matches!(g.kind, GameKind::Nim) {
                String::new()
            } else {
                collapse(span_text(
                    sources.text(g.span.src),
                    g.span.start,
                    g.span.end,
                ))
            };
            let arity = g.kind.arity();
            let head = match &g.kind {
                GameKind::Nim => "Nim(n)".to_string(),
                GameKind::Rules(_) => signature(&decl, &g.name, arity),
                _ => format!("{}(n)", g.name),
            };
            let kind = match &g.kind {
                GameKind::Nim => "built in".to_string(),
                GameKind::Star => String::new(),
                GameKind::Rules(r) => format!(
                    "rules, {} move line{}",
                    r.moves.len(),
                    if r.moves.len() == 1 { "" } else { "s" }
                ),
                GameKind::Octal(code) => match decl.split_once('=') {
                    Some((_, rhs)) if rhs.trim().starts_with("subtraction") => {
                        format!("{} (code {code})", clip(rhs.trim(), 40))
                    }
                    _ => format!("octal {code}"),
                },
                GameKind::Graph(gr) => format!("graph of {} vertices", gr.vertices.len()),
                GameKind::Pending(_) => "not defined yet (its definition failed)".to_string(),
            };
            let play = match g.play {
                Play::Normal => "normal",
                Play::Misere => "misere",
            };
            rows.push([
                head,
                format!("{arity} argument{}", if arity == 1 { "" } else { "s" }),
                format!("{play} play"),
                kind,
            ]);
        }
        let mut s = String::from("games:");
        let w0 = rows.iter().map(|r| r[0].chars().count()).max().unwrap_or(0);
        let w1 = rows.iter().map(|r| r[1].len()).max().unwrap_or(0);
        let w2 = rows.iter().map(|r| r[2].len()).max().unwrap_or(0);
        for [a, b, c, d] in &rows {
            let line = format!("  {a:<w0$}  {b:<w1$}  {c:<w2$}  {d}");
            s.push('\n');
            s.push_str(line.trim_end());
        }
        let fns: Vec<String> = defs
            .fns
            .iter()
            .flatten()
            .map(|f| {
                let decl = collapse(span_text(
                    sources.text(f.span.src),
                    f.span.start,
                    f.span.end,
                ));
                signature(&decl, &f.name, f.arity)
            })
            .collect();
        if !fns.is_empty() {
            s.push_str(&format!("\nfunctions: {}", fns.join(", ")));
        }
        let lets: Vec<&str> = defs.global_ids.keys().map(|k| k.as_str()).collect();
        if !lets.is_empty() {
            s.push_str(&format!("\nnames (let): {}", lets.join(", ")));
        }
        s
    }

    /// Names for completion and highlighting.
    pub fn names(&self) -> Names {
        let d = &self.session.defs;
        Names {
            games: d
                .game_ids
                .keys()
                .filter(|k| k.as_str() != "*")
                .cloned()
                .collect(),
            others: d
                .fn_ids
                .keys()
                .chain(d.global_ids.keys())
                .cloned()
                .chain(Builtin::NAMES.iter().map(|s| s.to_string()))
                .collect(),
        }
    }
}

fn format_answer(a: &Answer, json: bool, took: Option<Duration>) -> String {
    if json {
        let mut j = present::json(a);
        if let (Some(t), Some(obj)) = (took, j.as_object_mut()) {
            obj.insert(
                "seconds".into(),
                serde_json::json!((t.as_secs_f64() * 1e6).round() / 1e6),
            );
        }
        return j.to_string();
    }
    let mut s = present::text(a);
    if let Some(t) = took {
        s.push_str(&format!("\n({})", format_duration(t)));
    }
    s
}

fn format_duration(t: Duration) -> String {
    let secs = t.as_secs_f64();
    if secs < 1e-3 {
        format!("{:.0} µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.1} ms", secs * 1e3)
    } else {
        format!("{secs:.2} s")
    }
}

fn render_error(e: &Error, s: &Session, color: bool) -> String {
    if color {
        format!("{:?}", e.report(&s.sources))
    } else {
        e.render_plain(&s.sources)
    }
}

fn span_text(text: &str, start: u32, end: u32) -> &str {
    text.get(start as usize..end as usize).unwrap_or("")
}

/// Whitespace runs (newlines too) as one space, comments dropped.
fn collapse(s: &str) -> String {
    s.lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ")
}

fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(n - 1).collect::<String>())
    }
}

/// `Name(params)` from a declaration's text, or `Name/arity` when the text
/// does not show them.
fn signature(decl: &str, name: &str, arity: usize) -> String {
    let after = decl
        .find(name)
        .map(|i| &decl[i + name.len()..])
        .unwrap_or("")
        .trim_start();
    if arity == 0 {
        return name.to_string();
    }
    match (after.starts_with('('), after.find(')')) {
        (true, Some(close)) => format!("{name}{}", &after[..=close]),
        _ => format!("{name}/{arity}"),
    }
}

/// The full name of a command from a prefix (`:q`, `:ga`), if unique.
pub fn resolve_command(word: &str) -> Option<&'static str> {
    if word == "exit" {
        return Some("quit");
    }
    if word == "?" {
        return Some("help");
    }
    if word.is_empty() {
        return None;
    }
    let mut found = COMMANDS.iter().filter(|(c, _, _)| c.starts_with(word));
    match (found.next(), found.next()) {
        (Some((c, _, _)), None) => Some(c),
        _ => COMMANDS
            .iter()
            .find(|(c, _, _)| *c == word)
            .map(|(c, ..)| *c),
    }
}

/// The command a misspelt `:word` most likely meant.
pub fn suggest_command(word: &str) -> Option<String> {
    suggest_among(word, COMMANDS.iter().map(|(c, _, _)| *c))
}

/// `error::suggest`, then, since commands and topics are short and few,
/// anything within two edits (a swap counting as one).
fn suggest_among<'a>(word: &str, names: impl Iterator<Item = &'a str> + Clone) -> Option<String> {
    suggest(word, names.clone()).or_else(|| {
        names
            .map(|c| (strsim::osa_distance(word, c), c))
            .filter(|&(d, _)| d <= 2 && d < word.len())
            .min()
            .map(|(_, c)| c.to_string())
    })
}

/// A help topic by its name or a unique prefix of it.
fn resolve_topic(word: &str) -> Option<&'static HelpTopic> {
    if let Some(t) = HELP_TOPICS.iter().find(|t| t.name == word) {
        return Some(t);
    }
    let mut found = HELP_TOPICS.iter().filter(|t| t.name.starts_with(word));
    match (found.next(), found.next()) {
        (Some(t), None) if !word.is_empty() => Some(t),
        _ => None,
    }
}

/// The file names after `:load`: split at spaces, `\ ` and quotes keep one.
fn split_paths(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (c, quote) {
            ('\\', None) => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
            }
            ('"' | '\'', None) => quote = Some(c),
            (c, Some(q)) if c == q => quote = None,
            (c, None) if c.is_whitespace() => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            (c, _) => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

// ---- multi-line input -----------------------------------------------------

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
    "and", "or", "not", "in", "if", "then", "else", "for", "move",
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

// ---- completion -----------------------------------------------------------

/// The names the session defines, kept in the editor's helper.
#[derive(Debug, Default, Clone)]
pub struct Names {
    pub games: Vec<String>,
    /// Functions, lets and builtins.
    pub others: Vec<String>,
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
        out.extend(
            COMMANDS
                .iter()
                .map(|(c, _, _)| c.to_string())
                .filter(|c| c.starts_with(word)),
        );
        return (start, out);
    }
    if let Some(cmd) = head.strip_prefix(':') {
        if resolve_command(cmd.trim()) == Some("help") {
            out.extend(
                HELP_TOPICS
                    .iter()
                    .map(|t| t.name.to_string())
                    .filter(|t| t.starts_with(word)),
            );
        }
        return (start, out);
    }
    // After `sequence`, `table`, `period`, `kernels` only a game name makes sense.
    let prev = head.split_whitespace().last().unwrap_or("");
    let games_only = GAME_NAME_QUERIES.contains(&prev);
    let words = names.games.iter().map(String::as_str).chain(
        (!games_only)
            .then(|| {
                KEYWORDS
                    .iter()
                    .chain(QUERY_WORDS)
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

// ---- highlighting ---------------------------------------------------------

const KEYWORD: &str = "\x1b[1;35m";
const QUERY: &str = "\x1b[1;34m";
const GAME: &str = "\x1b[32m";
const NUMBER: &str = "\x1b[33m";
const COMMENT: &str = "\x1b[90m";
const COMMAND: &str = "\x1b[1;36m";
const RESET: &str = "\x1b[0m";

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
            next_is_game = matches!(w, "game" | "graph" | "sequence" | "table" | "period");
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

// ---- the editor's helper --------------------------------------------------

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
            && resolve_command(&rest[..i]) == Some("load")
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
struct EnterHandler;

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
struct DedentHandler(char);

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

// ---- the terminal ---------------------------------------------------------

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
pub fn run(files: &[PathBuf], max_positions: usize) -> i32 {
    let mut repl = Repl::new(max_positions);
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
