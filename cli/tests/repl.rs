//! The REPL: its pieces (multi-line validation, completion, `:command`
//! suggestions, `:help` examples), its core over plain writers, piped
//! stdin, and the real binary in a pseudo-terminal typed at like a person,
//! its screen read through a terminal emulator.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use grundy::{Mode, Redefine, Session};
use grundy_cli::repl::{
    self, Flow, HELP_TOPICS, HelpPart, Names, Repl, ReplHelper, complete_word, is_incomplete,
    resolve_command, suggest_command,
};
use rustyline::completion::Completer;
use rustyline::history::DefaultHistory;

const BIN: &str = env!("CARGO_BIN_EXE_grundy");

// ---- validator ----------------------------------------------------------

#[test]
fn open_brackets_and_trailing_operators_continue() {
    for text in [
        "game Take(n) {",
        "game Take(n) {\n    move Take(n - 1) if n > 0",
        "grundy Nim(3",
        "let xs = [1, 2,",
        "let s = {1, 3,\n 4",
        "let x = 1 +",
        "fn f(n) =",
        "grundy Nim(1) +   # a comment after the operator",
        "game G(n) { move G(n - k) for k in 1..=n if",
        "let r = 0..",
        "let b = true and",
        // A game's header waits for its body on the next line.
        "game Sub(n)",
        "game G(n) misere",
        "let x = 1\ngame G(a, b)   # the body follows",
    ] {
        assert!(is_incomplete(text), "should continue: {text:?}");
    }
}

#[test]
fn complete_or_wrong_input_is_submitted() {
    for text in [
        "",
        "grundy Nim(3)",
        "game Take(n) {\n    move Take(n - 1) if n > 0\n}",
        "grundy Nim(3))",        // too many closers: an error, not a wait
        "}",                     // likewise
        "grundy",                // an error at the end, but nothing to continue
        "outcome misere",        // likewise
        "game G(n) }",           // an error before the end
        "game",                  // no name: nothing to continue
        "let x = 1 # (unclosed", // brackets in comments do not count
        "# just a comment {",
        ":load examples/ka(", // commands are one line
        "let x = ) 1 +",      // the error is before the end
        "game K = octal 0.77",
        "game K = octal 4.",
    ] {
        assert!(!is_incomplete(text), "should be submitted: {text:?}");
    }
}

// ---- completion ---------------------------------------------------------

fn names() -> Names {
    Names {
        games: vec!["Nim".into(), "Kayles".into(), "Take".into()],
        others: vec!["half".into(), "heaps".into(), "len".into()],
    }
}

#[test]
fn completes_keywords_queries_games_and_functions() {
    let n = names();
    let line = "gr";
    assert_eq!(
        complete_word(line, 2, &n),
        (0, vec!["graph".into(), "grundy".into()])
    );
    let line = "grundy Ka";
    assert_eq!(
        complete_word(line, line.len(), &n),
        (7, vec!["Kayles".into()])
    );
    let line = "grundy Nim(3) + Ta";
    assert_eq!(
        complete_word(line, line.len(), &n),
        (16, vec!["Take".into()])
    );
    let line = "fn f(n) = ha";
    assert_eq!(
        complete_word(line, line.len(), &n),
        (10, vec!["half".into()])
    );
    let line = "game G(n) misere { mo";
    assert_eq!(complete_word(line, line.len(), &n).1, vec!["move", "moves"]);
    // A game name is what follows `sequence`, so an empty word lists them.
    let line = "sequence ";
    assert_eq!(
        complete_word(line, line.len(), &n).1,
        vec!["Kayles", "Nim", "Take"]
    );
    // In the middle of a line, only the word before the cursor counts.
    let line = "grundy Ka(3)";
    assert_eq!(complete_word(line, 9, &n), (7, vec!["Kayles".into()]));
    // Nothing typed: nothing offered (a Tab there lists no 60 words).
    assert!(complete_word("grundy ", 7, &n).1.is_empty());
}

#[test]
fn completes_commands_and_help_topics() {
    let n = names();
    assert_eq!(complete_word(":", 1, &n).1.len(), 9);
    assert_eq!(complete_word(":ga", 3, &n), (1, vec!["games".into()]));
    assert_eq!(complete_word(":re", 3, &n), (1, vec!["reload".into()]));
    // A command that takes arguments comes with its space.
    assert_eq!(complete_word(":lo", 3, &n), (1, vec!["load ".into()]));
    assert_eq!(complete_word(":he", 3, &n), (1, vec!["help ".into()]));
    assert_eq!(complete_word(":help o", 7, &n), (6, vec!["octal".into()]));
    assert!(complete_word(":time x", 7, &n).1.is_empty());
}

#[test]
fn completes_file_paths_after_load() {
    // Paths complete from the working folder: the repository's root, where
    // `examples/` is (Cargo runs this crate's tests in `cli/`). No other
    // test of this program depends on the working folder.
    std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).unwrap();
    let helper = ReplHelper::new();
    let history = DefaultHistory::new();
    let ctx = rustyline::Context::new(&history);
    let line = ":load examples/cho";
    let (start, cands) = helper.complete(line, line.len(), &ctx).unwrap();
    assert_eq!(start, 6);
    let found: Vec<&str> = cands.iter().map(|c| c.replacement.as_str()).collect();
    assert_eq!(found, ["examples/chomp.game"]);
    // A prefix of the command works too.
    let line = ":l examples/kay";
    let (_, cands) = helper.complete(line, line.len(), &ctx).unwrap();
    assert_eq!(cands[0].replacement, "examples/kayles.game");
    // So do the picture commands' file names.
    let line = ":plot examples/cho";
    let (start, cands) = helper.complete(line, line.len(), &ctx).unwrap();
    assert_eq!(
        (start, cands[0].replacement.as_str()),
        (6, "examples/chomp.game")
    );
}

// ---- commands -----------------------------------------------------------

#[test]
fn commands_by_prefix_and_suggestions_for_typos() {
    assert_eq!(resolve_command("q"), Some("quit"));
    assert_eq!(resolve_command("exit"), Some("quit"));
    assert_eq!(resolve_command("ga"), Some("games"));
    assert_eq!(resolve_command("load"), Some("load"));
    assert_eq!(resolve_command("gamez"), None);
    assert_eq!(suggest_command("gmaes").as_deref(), Some("games"));
    assert_eq!(suggest_command("lod").as_deref(), Some("load"));
    assert_eq!(suggest_command("relaod").as_deref(), Some("reload"));
    assert_eq!(suggest_command("qiut").as_deref(), Some("quit"));
    assert_eq!(suggest_command("jsno").as_deref(), Some("json"));
    assert_eq!(suggest_command("xyzzy"), None);
}

// ---- :help examples -----------------------------------------------------

#[test]
fn help_examples_run_and_print_what_help_says() {
    let mut count = 0;
    for topic in HELP_TOPICS {
        for part in topic.parts {
            let HelpPart::Example { code, output } = part else {
                continue;
            };
            count += 1;
            let mut s = Session::new(1_000_000);
            s.set_redefine(Redefine::Replace);
            let mut got = Vec::new();
            let ok = s.run_text("help.game", code, Mode::Run, &mut |s, r| match r {
                Ok(a) => got.push(grundy::render::text(&a)),
                Err(e) => got.push(e.render_plain(s.sources())),
            });
            assert!(
                ok,
                ":help {}: example failed:\n{code}\n{}",
                topic.name,
                got.join("\n")
            );
            assert_eq!(
                got.join("\n"),
                *output,
                ":help {}: example\n{code}",
                topic.name
            );
        }
    }
    assert!(count >= 10, "only {count} examples");
    // Each topic renders, and the general help names every topic.
    let plain = |s: &str| s.to_string();
    let general = repl::help_text(None, &plain).unwrap();
    for t in HELP_TOPICS {
        assert!(general.contains(t.name));
        assert!(repl::help_text(Some(t.name), &plain).is_ok());
    }
    for t in [
        "graphs",
        "draws",
        "kernels",
        "remoteness",
        "partizan",
        "misere",
    ] {
        assert!(
            general.contains(&format!("  {t} ")),
            "{t} not listed:\n{general}"
        );
    }
    assert_eq!(
        repl::help_text(Some("loopy"), &plain),
        repl::help_text(Some("draws"), &plain)
    );
    assert!(
        repl::help_text(Some("octl"), &plain)
            .unwrap_err()
            .contains("`octal`")
    );
}

/// `:help NAME` and `:help functions` read the registry of callables.
#[test]
fn help_reads_the_registry() {
    let plain = |s: &str| s.to_string();
    let len = repl::help_text(Some("len"), &plain).unwrap();
    assert!(
        len.starts_with("len(xs)\n  the number of elements"),
        "{len}"
    );
    assert!(len.contains("example: len(1..=10)"), "{len}");
    let mean = repl::help_text(Some("mean"), &plain).unwrap();
    assert!(
        mean.starts_with("mean(G) (also the statement `mean G`)"),
        "{mean}"
    );
    let all = repl::help_text(Some("functions"), &plain).unwrap();
    for e in grundy::library::entries() {
        assert!(all.contains(e.meta.doc), "{} missing:\n{all}", e.meta.name);
    }
    assert!(
        repl::help_text(None, &plain)
            .unwrap()
            .contains("  functions ")
    );
    // A topic keeps its name: `:help kernel` is the kernels topic.
    assert_eq!(
        repl::help_text(Some("kernel"), &plain),
        repl::help_text(Some("kernels"), &plain)
    );
    assert!(
        repl::help_text(Some("temperatur"), &plain)
            .unwrap_err()
            .contains("`temperature`")
    );
}

// ---- the core, without a terminal ---------------------------------------

/// Feed inputs to a REPL; returns (stdout, stderr) of each.
fn feed(repl: &mut Repl, input: &str) -> (String, String, Flow) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let flow = repl.handle(input, &mut out, &mut err);
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
        flow,
    )
}

#[test]
fn definitions_persist_and_redefinition_replaces() {
    let mut r = Repl::new(1_000_000);
    let (out, err, _) = feed(&mut r, "let most = 2");
    assert_eq!((out.as_str(), err.as_str()), ("", ""));
    feed(
        &mut r,
        "game Take(n) {\n    move Take(n - k) for k in 1..=most if k <= n\n}",
    );
    let (out, _, _) = feed(&mut r, "sequence Take 0..=6");
    assert_eq!(out, "sequence Take 0..=6: 0 1 2 0 1 2 0\n");
    // A new definition replaces the old one, and cached values go with it.
    feed(
        &mut r,
        "game Take(n) { move Take(n - k) for k in 1..=3 if k <= n }",
    );
    let (out, err, _) = feed(&mut r, "sequence Take 0..=6");
    assert_eq!(err, "");
    assert_eq!(out, "sequence Take 0..=6: 0 1 2 3 0 1 2\n");
    let (out, _, _) = feed(&mut r, ":games");
    assert!(out.contains("Take(n)  1 argument  normal play"), "{out}");
    assert!(out.contains("names (let): most"), "{out}");
}

#[test]
fn errors_point_into_the_typed_line_and_the_session_goes_on() {
    let mut r = Repl::new(1_000_000);
    feed(&mut r, "game Take(n) { move Take(n - 1) if n > 0 }");
    let (out, err, flow) = feed(&mut r, "grundy Tke(3)");
    assert_eq!(flow, Flow::Continue);
    assert_eq!(out, "");
    assert!(err.contains("grundy::eval::unknown_function"), "{err}");
    assert!(err.contains("[input 2:1:8]"), "{err}");
    assert!(err.contains(" 1 │ grundy Tke(3)"), "{err}");
    assert!(err.contains("did you mean `Take`?"), "{err}");
    let (out, _, _) = feed(&mut r, "grundy Take(3)");
    assert_eq!(out, "grundy Take(3) = 1\n");
}

#[test]
fn nothing_typed_ends_the_session_but_quit() {
    let mut r = Repl::new(1_000_000);
    for input in [
        "quit",
        "exit",
        "help",
        ":gmaes",
        ":",
        ":load",
        ":games now",
        ":help nothing",
        "}",
        "grundy",
        "let x = 0 / 0",
        ":reload",
    ] {
        let (_, _, flow) = feed(&mut r, input);
        assert_eq!(flow, Flow::Continue, "{input:?} ended the session");
    }
    let (_, err, _) = feed(&mut r, ":gmaes");
    assert!(err.contains("unknown command `:gmaes`"), "{err}");
    assert!(err.contains("did you mean `:games`?"), "{err}");
    let (_, err, _) = feed(&mut r, "quit");
    assert!(err.contains(":quit"), "{err}");
    assert_eq!(feed(&mut r, ":quit").2, Flow::Quit);
    assert_eq!(feed(&mut r, ":q").2, Flow::Quit);
}

#[test]
fn load_reload_and_a_missing_file() {
    let dir_tmp = tempfile::Builder::new()
        .prefix("grundy-repl-load-")
        .tempdir()
        .unwrap();
    let dir = dir_tmp.path();
    let file = dir.join("heaps.game");
    std::fs::write(&file, "game H = subtraction {1, 2}\ngrundy H(4)\n").unwrap();
    let mut r = Repl::new(1_000_000);
    let (out, err, _) = feed(&mut r, &format!(":load {}", file.display()));
    assert_eq!(err, "");
    assert_eq!(
        out,
        format!("grundy H(4) = 1\nloaded {} (1 new game)\n", file.display())
    );
    std::fs::write(&file, "game H = subtraction {1, 2, 3}\ngrundy H(4)\n").unwrap();
    let (out, _, _) = feed(&mut r, ":reload");
    assert!(out.starts_with("grundy H(4) = 0\n"), "{out}");
    let (out, _, _) = feed(&mut r, ":games");
    assert!(
        out.contains("H(n)    1 argument  normal play  subtraction {1, 2, 3}"),
        "{out}"
    );

    // An error in a loaded file points into that file.
    let bad = dir.join("bad.game");
    std::fs::write(&bad, "game G(n) {\n    move G(n - kk) for k in 1..=n\n}\n").unwrap();
    let (_, err, flow) = feed(&mut r, &format!(":load {}", bad.display()));
    assert_eq!(flow, Flow::Continue);
    assert!(err.contains(&format!("[{}:2:16]", bad.display())), "{err}");

    let missing = dir.join("no-such.game");
    let (_, err, flow) = feed(&mut r, &format!(":load {}", missing.display()));
    assert_eq!(flow, Flow::Continue);
    assert!(err.contains("grundy::io::read"), "{err}");
    assert!(
        err.contains(&format!("cannot read {}", missing.display())),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn json_and_time_toggles() {
    let mut r = Repl::new(1_000_000);
    assert_eq!(feed(&mut r, ":json").0, "answers as JSON\n");
    let (out, _, _) = feed(&mut r, "grundy Nim(3) + Nim(5)");
    assert_eq!(
        out,
        "{\"grundy_json\":2,\"query\":\"grundy\",\"position\":\"Nim(3) + Nim(5)\",\"value\":6,\"infinity\":null}\n"
    );
    let (out, err, _) = feed(&mut r, "grundy Nim(0 - 1)");
    assert!(
        out.starts_with(
            "{\"grundy_json\":2,\"query\":\"grundy\",\"error\":{\"code\":\"grundy::eval::value\""
        ),
        "{out}"
    );
    // Once, as JSON with the place of the error (input 2, line 1, column 12: `0 - 1`).
    assert_eq!(err, "");
    assert!(out.ends_with(",\"line\":1,\"column\":12}}\n"), "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
    // A command's failure is no answer: a diagnostic, as without :json.
    let (out, err, _) = feed(&mut r, ":gmaes");
    assert_eq!(out, "");
    assert!(err.contains("grundy::repl::unknown_command"), "{err}");
    assert_eq!(feed(&mut r, ":time").0, "timing on\n");
    let (out, _, _) = feed(&mut r, "grundy Nim(3)");
    assert!(out.contains(",\"seconds\":"), "{out}");
    assert_eq!(feed(&mut r, ":json").0, "answers as text\n");
    let (out, _, _) = feed(&mut r, "grundy Nim(3)");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "grundy Nim(3) = 3");
    assert!(
        lines[1].starts_with('(') && lines[1].ends_with("s)"),
        "{out}"
    );
    assert_eq!(feed(&mut r, ":time").0, "timing off\n");
}

// ---- piped stdin --------------------------------------------------------

#[test]
fn piped_stdin_is_a_script_like_grundy_run() {
    let bad_tmp = tempfile::Builder::new()
        .prefix("grundy-repl-piped-")
        .suffix(".game")
        .tempfile()
        .unwrap();
    let bad = bad_tmp.path();
    std::fs::write(
        bad,
        "grundy Nim(2)\ngame G(n) {\n    move G(n - kk) for k in 1..=n\n}\n",
    )
    .unwrap();
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    for path in [
        root.join("examples/tour.game"),
        root.join("examples/nim.game"),
        bad.to_path_buf(),
    ] {
        let file = path.display();
        let run = Command::new(BIN).arg("run").arg(&path).output().unwrap();
        let piped = Command::new(BIN)
            .stdin(std::fs::File::open(&path).unwrap())
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&piped.stdout),
            String::from_utf8_lossy(&run.stdout),
            "{file}"
        );
        assert_eq!(piped.status.code(), run.status.code(), "{file}");
        let (run_err, piped_err) = (
            String::from_utf8_lossy(&run.stderr).replace(&path.display().to_string(), "FILE"),
            String::from_utf8_lossy(&piped.stderr).replace("<stdin>", "FILE"),
        );
        assert_eq!(piped_err, run_err, "{file}");
        assert!(!piped_err.contains("grundy>"), "a prompt in script mode");
    }
    assert_ne!(
        Command::new(BIN)
            .arg("run")
            .arg(bad)
            .status()
            .unwrap()
            .code(),
        Some(0)
    );
    std::fs::remove_file(bad).unwrap();
}

// ---- the real thing, in a pseudo-terminal -------------------------------

/// The binary on a pseudo-terminal, and what its screen shows.
struct Term {
    pty: rexpect::session::PtySession,
    screen: vt100::Parser,
}

const ROWS: u16 = 200;
const COLS: u16 = 100;
/// Generous: the CI box has two cores and runs other tests beside this one.
const WAIT: Duration = Duration::from_secs(60);

impl Term {
    fn start(history: &Path, args: &str) -> Term {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!("stty rows {ROWS} cols {COLS}; exec '{BIN}' {args}"))
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .env("TERM", "xterm-256color")
            .env("GRUNDY_HISTORY", history)
            .env_remove("NO_COLOR");
        let pty = rexpect::session::spawn_command(cmd, Some(WAIT.as_millis() as u64)).unwrap();
        Term {
            pty,
            screen: vt100::Parser::new(ROWS.try_into().unwrap(), COLS.try_into().unwrap(), 0),
        }
    }

    /// Read what has arrived into the emulated screen.
    fn pump(&mut self) {
        let mut bytes = Vec::new();
        // rexpect hands out bytes as chars of the same value.
        while let Some(c) = self.pty.try_read() {
            bytes.push(c as u32 as u8);
        }
        self.screen.process(&bytes);
    }

    fn text(&mut self) -> String {
        self.pump();
        self.screen.screen().contents()
    }

    /// Wait until the screen shows `needle` `times` times; returns the screen.
    fn wait_for_n(&mut self, needle: &str, times: usize) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            let text = self.text();
            if text.matches(needle).count() >= times {
                return text;
            }
            assert!(
                Instant::now() < deadline,
                "the screen never showed {needle:?} {times} times; it shows:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn wait_for(&mut self, needle: &str) -> String {
        self.wait_for_n(needle, 1)
    }

    /// The number of prompts on screen, to wait for the next one.
    fn prompts(&mut self) -> usize {
        self.text().matches(repl::PROMPT).count()
    }

    /// Type text as keys (no Enter).
    fn keys(&mut self, s: &str) {
        self.pty.send(s).unwrap();
        self.pty.flush().unwrap();
    }

    /// Type a line and Enter, and wait for the next prompt.
    fn enter(&mut self, line: &str) -> String {
        let before = self.prompts();
        self.keys(line);
        self.keys("\r");
        self.wait_for_n(repl::PROMPT, before + 1)
    }

    /// The screen's last `n` non-empty rows.
    fn last_rows(&mut self, n: usize) -> Vec<String> {
        let text = self.text();
        let rows: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        rows[rows.len().saturating_sub(n)..]
            .iter()
            .map(|s| s.trim_end().to_string())
            .collect()
    }
}

/// A history file in a missing folder (the REPL creates it itself) of a
/// fresh temporary folder, removed when the first value is dropped.
fn temp_history(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::Builder::new()
        .prefix(&format!("grundy-repl-{name}-"))
        .tempdir()
        .unwrap();
    let history = dir.path().join("sub").join("history.txt");
    (dir, history)
}

#[test]
fn a_person_at_a_terminal() {
    let (_history_dir, history) = temp_history("person");
    let mut t = Term::start(&history, "");
    t.wait_for(repl::PROMPT);
    assert!(t.text().contains("type :help for help"));
    types_a_game_over_lines(&mut t);
    colours_and_drops_a_line(&mut t);
    completes_and_continues(&mut t);
    mistakes_are_diagnosed(&mut t);
    cancels_a_long_query(&mut t);
    leaves_and_keeps_the_history(&mut t, &history);
}

/// A definition, then a game typed over several lines: each Enter inside
/// the braces continues (indented) instead of running the text.
fn types_a_game_over_lines(t: &mut Term) {
    t.enter("let most = 2");
    let before = t.prompts();
    t.keys("game Take(n) {\r");
    t.wait_for("game Take(n) {\n    ");
    t.keys("move Take(n - k) for k in 1..=most if k <= n\r");
    t.wait_for("if k <= n\n    ");
    assert_eq!(t.prompts(), before, "a prompt appeared inside the block");
    let screen = t.enter("}");
    assert!(
        screen.contains(
            "grundy> game Take(n) {\n    move Take(n - k) for k in 1..=most if k <= n\n}\ngrundy> "
        ),
        "{screen}"
    );
}

/// Keywords, numbers, names and comments are coloured as they are typed;
/// Ctrl-C at the prompt drops the line, and nothing runs.
fn colours_and_drops_a_line(t: &mut Term) {
    t.keys("period Take # soon");
    t.wait_for("period Take # soon");
    let row = t
        .text()
        .lines()
        .position(|l| l.contains("period Take # soon"))
        .unwrap() as u16;
    let cell = |t: &mut Term, col: u16| t.screen.screen().cell(row, col).unwrap().fgcolor();
    let prompt = repl::PROMPT.len() as u16;
    assert_eq!(cell(t, prompt), vt100::Color::Idx(4), "query word");
    assert_eq!(cell(t, prompt + 7), vt100::Color::Idx(2), "game name");
    assert_eq!(cell(t, prompt + 12), vt100::Color::Idx(8), "comment");
    let before = t.prompts();
    t.pty.send_control('c').unwrap();
    t.wait_for_n(repl::PROMPT, before + 1);
    assert_eq!(t.last_rows(1), [repl::PROMPT.trim_end()]);
}

/// Tab completes a command, a path and a game name; a game's header
/// continues on the next line, waiting for its body.
fn completes_and_continues(t: &mut Term) {
    // Tab completes a command with its space, then a path.
    t.keys(":lo\t");
    t.wait_for("grundy> :load ");
    t.keys("examples/kay\t");
    t.wait_for("grundy> :load examples/kayles.game");
    // Ctrl-C drops the line.
    let before = t.prompts();
    t.pty.send_control('c').unwrap();
    t.wait_for_n(repl::PROMPT, before + 1);

    // A game's header continues on the next line, waiting for its body.
    let before = t.prompts();
    t.keys("game Two(n)\r");
    t.wait_for("grundy> game Two(n)\n    ");
    assert_eq!(t.prompts(), before, "the header was run alone");
    t.keys("{ move Two(n - 1) if n > 0 }\r");
    t.wait_for_n(repl::PROMPT, before + 1);
    let screen = t.enter("grundy Two(3)");
    assert!(screen.contains("grundy Two(3) = 1\n"), "{screen}");

    // Tab completes a game name.
    t.keys("sequence Ta");
    t.keys("\t");
    t.wait_for("grundy> sequence Take");
    let screen = t.enter(" 0..=9");
    assert!(
        screen.contains("sequence Take 0..=9: 0 1 2 0 1 2 0 1 2 0\n"),
        "{screen}"
    );

    t.enter("winning Take(7)");
    assert_eq!(t.last_rows(3), ["winning Take(7):", "  Take(6)", "grundy>"]);
}

/// A mistake gets the same diagnostic as in a file, pointing into the line.
fn mistakes_are_diagnosed(t: &mut Term) {
    let screen = t.enter("grundy Tke(3)");
    assert!(screen.contains("× unknown function `Tke`"), "{screen}");
    assert!(screen.contains("╭─[input 7:1:8]"), "{screen}");
    assert!(screen.contains("help: did you mean `Take`?"), "{screen}");
    let screen = t.enter(":gmaes");
    assert!(screen.contains("did you mean `:games`?"), "{screen}");
}

/// A long query shows its progress and, cancelled with Ctrl-C, is back at
/// the prompt quickly, the session intact.
fn cancels_a_long_query(t: &mut Term) {
    let screen = t.enter(":load examples/chomp.game");
    assert!(
        screen.contains("loaded examples/chomp.game (1 new game)"),
        "{screen}"
    );
    // After a second it shows its progress: positions, and how fast.
    let before = t.prompts();
    t.keys("grundy Chomp([11,11,11,11,11,11,11,11,11,11,11])\r");
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(t.prompts(), before, "the long query finished too soon");
    let screen = t.wait_for(" positions · ");
    let line = screen
        .lines()
        .find(|l| l.contains(" positions · "))
        .unwrap();
    assert!(line.contains("/s · "), "{line}");
    assert!(!line.contains('.'), "a rate as an integer: {line}");
    let pressed = Instant::now();
    t.pty.send_control('c').unwrap();
    let screen = t.wait_for_n(repl::PROMPT, before + 1);
    let took = pressed.elapsed();
    eprintln!("Ctrl-C to the prompt: {took:?}");
    assert!(screen.contains("× interrupted"), "{screen}");
    assert!(took < Duration::from_secs(5), "cancelling took {took:?}");
    // The progress line went with the query.
    assert!(!screen.contains(" positions · "), "{screen}");

    let screen = t.enter("grundy Take(10) + Chomp([2, 1])");
    assert!(
        screen.contains("grundy Take(10) + Chomp([2, 1]) = 1\n"),
        "{screen}"
    );
}

/// Ctrl-D leaves; the history was saved, the multi-line game as one entry.
fn leaves_and_keeps_the_history(t: &mut Term, history: &Path) {
    t.pty.send_control('d').unwrap();
    t.pty.exp_eof().unwrap();
    let status = t.pty.process().wait().unwrap();
    assert!(
        matches!(status, rexpect::process::WaitStatus::Exited(_, 0)),
        "{status:?}"
    );

    let saved = std::fs::read_to_string(history).unwrap();
    assert!(saved.contains("sequence Take 0..=9"), "{saved}");
    assert!(saved.contains("game Take(n) {"), "{saved}");
    let _ = std::fs::remove_dir_all(history.parent().unwrap().parent().unwrap());
}

#[test]
fn history_comes_back_and_files_load_from_the_command_line() {
    let (_history_dir, history) = temp_history("history");
    let mut t = Term::start(&history, "repl examples/kayles.game");
    t.wait_for("loaded examples/kayles.game");
    t.wait_for(repl::PROMPT);
    t.enter("grundy Nim(7) + Nim(2)");
    t.keys(":quit\r");
    t.pty.exp_eof().unwrap();

    let mut t = Term::start(&history, "repl");
    t.wait_for(repl::PROMPT);
    t.keys("\x1b[A"); // Up
    t.wait_for("grundy> :quit");
    t.keys("\x1b[A");
    t.wait_for("grundy> grundy Nim(7) + Nim(2)");
    let screen = t.enter("");
    assert!(screen.contains("grundy Nim(7) + Nim(2) = 5\n"), "{screen}");
    t.pty.send_control('d').unwrap();
    t.pty.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(history.parent().unwrap().parent().unwrap());
}

// ---- the transcripts in the docs ----------------------------------------

/// A writer both of a REPL's streams can share, so stdout and stderr
/// interleave as on a terminal.
#[derive(Clone, Default)]
struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Every untagged block with a `grundy> ` line in the README and the
/// language reference is replayed: each input (with its continuation lines)
/// must print exactly the lines that follow it, up to trailing blank lines.
#[test]
fn doc_transcripts_are_true() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let mut checked = 0;
    let out = Shared::default();
    let mut r = Repl::new(1_000_000);
    for doc in ["README.md", "docs/LANGUAGE.md"] {
        let text = std::fs::read_to_string(root.join(doc)).unwrap();
        let mut blocks = Vec::new();
        let mut current: Option<Vec<&str>> = None;
        for line in text.lines() {
            match (&mut current, line.trim_end()) {
                (None, "```") => current = Some(Vec::new()),
                (None, l) if l.starts_with("```") => current = Some(vec!["<tagged>"]),
                (Some(b), "```") => {
                    blocks.push(std::mem::take(b));
                    current = None;
                }
                (Some(b), _) => b.push(line),
                _ => {}
            }
        }
        for block in blocks {
            if block.first() == Some(&"<tagged>")
                || !block.iter().any(|l| l.starts_with(repl::PROMPT))
            {
                continue;
            }
            checked += 1;
            // `$ grundy` starts a session; a block without it goes on with
            // the one before.
            if block.iter().any(|l| l.starts_with("$ grundy")) {
                r = Repl::new(1_000_000);
            }
            let mut i = block
                .iter()
                .position(|l| l.starts_with(repl::PROMPT))
                .unwrap();
            while i < block.len() {
                let mut input = block[i][repl::PROMPT.len()..].to_string();
                i += 1;
                while is_incomplete(&input) && i < block.len() {
                    input.push('\n');
                    input.push_str(block[i]);
                    i += 1;
                }
                let mut expected = Vec::new();
                while i < block.len() && !block[i].starts_with(repl::PROMPT) {
                    expected.push(block[i].trim_end());
                    i += 1;
                }
                out.0.borrow_mut().clear();
                r.handle(&input, &mut out.clone(), &mut out.clone());
                let got = String::from_utf8(out.0.borrow().clone()).unwrap();
                let got: Vec<&str> = got.lines().map(str::trim_end).collect();
                assert_eq!(
                    got.join("\n").trim_end(),
                    expected.join("\n").trim_end(),
                    "{doc}: after the input\n{input}"
                );
            }
        }
    }
    assert!(checked >= 3, "only {checked} transcripts found");
}

#[test]
fn highlighting_changes_colours_only() {
    let games = vec!["Kayles".to_string()];
    for line in [
        "game Kayles(n) { move Kayles(n - 1) for k in 1..=2 if n > 0 } # done",
        "sequence Kayles 0..=20",
        ":load examples/kayles.game",
        "let xs = [x * 2 for x in 0..10]   # ünïcode ✓",
        "",
    ] {
        let painted = repl::highlight_line(line, &games);
        let mut plain = String::new();
        let mut chars = painted.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for d in chars.by_ref() {
                    if d.is_ascii_alphabetic() {
                        break;
                    }
                }
            } else {
                plain.push(c);
            }
        }
        assert_eq!(plain, line);
    }
    let painted = repl::highlight_line("grundy Take(3) # x", &[]);
    assert!(painted.contains("\x1b[32mTake\x1b[0m"), "{painted:?}");
    assert!(painted.contains("\x1b[1;34mgrundy\x1b[0m"), "{painted:?}");
    assert!(painted.contains("\x1b[33m3\x1b[0m"), "{painted:?}");
    assert!(painted.contains("\x1b[90m# x\x1b[0m"), "{painted:?}");
}

#[test]
fn redefining_a_game_with_another_arity_is_checked_against_its_callers() {
    let mut r = Repl::new(1_000_000);
    feed(&mut r, "game G(n) { move G(n - 1) if n > 0 }");
    feed(&mut r, "game H(n) { move G(n - 1) if n > 0 }");
    feed(&mut r, "fn f(x) = G(x) + G(x)");
    // As in a file: `grundy::eval::arity` on the call, here an earlier one.
    let (out, err, _) = feed(&mut r, "game G(a, b) { move G(a - 1, b) if a > 0 }");
    assert_eq!(out, "");
    assert_eq!(err.matches("grundy::eval::arity").count(), 3, "{err}");
    assert!(
        err.contains("`G` takes 2 arguments, but 1 was given"),
        "{err}"
    );
    assert!(err.contains("input 2:1:18"), "{err}");
    assert!(err.contains("`H` (defined earlier)"), "{err}");
    // Refused: the old G stays, and H's positions are right.
    let (out, err, _) = feed(&mut r, "moves H(3)");
    assert_eq!(
        (out.as_str(), err.as_str()),
        ("moves H(3):\n  G(2)  [grundy 0]\n", "")
    );
    // Defined again together (one input), both are taken.
    let (_, err, _) = feed(
        &mut r,
        "game G(a, b) { move G(a - 1, b) if a > 0 }\ngame H(n) { move G(n - 1, 0) if n > 0 }\nfn f(x) = G(x, x)",
    );
    assert_eq!(err, "");
    let (out, err, _) = feed(&mut r, "moves H(3)");
    assert_eq!(
        (out.as_str(), err.as_str()),
        ("moves H(3):\n  G(2, 0)  [grundy 0]\n", "")
    );
    // The same arity needs no check.
    let (_, err, _) = feed(
        &mut r,
        "game G(a, b) { move G(a - 1, b - 1) if a > 0 and b > 0 }",
    );
    assert_eq!(err, "");
}

// ---- definitions in any order, across inputs ----------------------------

/// Split a file into the inputs a person typing it line by line makes:
/// a line, with the lines that continue it.
fn typed_inputs(text: &str) -> Vec<String> {
    let mut inputs = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if !current.is_empty() {
            current.push('\n');
        }
        current.push_str(line);
        if !is_incomplete(&current) {
            inputs.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        inputs.push(current);
    }
    inputs
}

#[test]
fn a_file_typed_line_by_line_answers_as_grundy_run() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let path = root.join("examples/chomp.game");
    let text = std::fs::read_to_string(&path).unwrap();
    let run = Command::new(BIN).arg("run").arg(&path).output().unwrap();
    assert!(run.status.success());
    let mut r = Repl::new(1_000_000);
    let (mut answers, mut notes) = (String::new(), String::new());
    for input in typed_inputs(&text) {
        let (out, err, _) = feed(&mut r, &input);
        answers.push_str(&out);
        notes.push_str(&err);
    }
    assert_eq!(answers, String::from_utf8_lossy(&run.stdout));
    // The game waited for `bite`, said so, and said when it was complete.
    assert_eq!(
        notes,
        "note: `bite` is not defined yet: the game `Chomp` waits for it\n\
         note: `Chomp` is complete now\n"
    );
}

/// The same at a terminal: examples/chomp.game typed line by line (a
/// person does not type the indentation the editor adds).
#[test]
fn chomp_typed_at_a_terminal_answers_as_grundy_run() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let path = root.join("examples/chomp.game");
    let text = std::fs::read_to_string(&path).unwrap();
    let run = Command::new(BIN).arg("run").arg(&path).output().unwrap();
    let (_history_dir, history) = temp_history("chomp");
    let mut t = Term::start(&history, "");
    t.wait_for(repl::PROMPT);
    for input in typed_inputs(&text) {
        if input.trim().is_empty() {
            continue;
        }
        let before = t.prompts();
        let lines: Vec<&str> = input.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            t.keys(line.trim_start());
            t.keys("\r");
            if i + 1 < lines.len() {
                // A continuation: no prompt, the editor indents.
                t.wait_for(&format!("{}\n", line.trim()));
                assert_eq!(t.prompts(), before, "{input}");
            }
        }
        t.wait_for_n(repl::PROMPT, before + 1);
    }
    let screen = t.text();
    assert!(
        screen.contains("note: `bite` is not defined yet: the game `Chomp` waits for it"),
        "{screen}"
    );
    assert!(screen.contains("note: `Chomp` is complete now"), "{screen}");
    for answer in String::from_utf8_lossy(&run.stdout).lines() {
        assert!(
            screen.contains(&format!("\n{answer}\n")),
            "{answer}\n{screen}"
        );
    }
    assert!(!screen.contains("×"), "{screen}");
    t.pty.send_control('d').unwrap();
    t.pty.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(history.parent().unwrap().parent().unwrap());
}

#[test]
fn a_definition_waits_for_the_names_it_uses() {
    let mut r = Repl::new(1_000_000);
    let (out, err, _) = feed(&mut r, "game G(n) { move G(f(n)) if n > 0 }");
    assert_eq!(out, "");
    assert_eq!(
        err,
        "note: `f` is not defined yet: the game `G` waits for it\n"
    );
    // A query before then names the missing definition.
    let (out, err, _) = feed(&mut r, "grundy G(3)");
    assert_eq!(out, "");
    assert!(err.contains("grundy::eval::not_defined_yet"), "{err}");
    assert!(
        err.contains("`G` waits for `f`, which is not defined yet"),
        "{err}"
    );
    assert!(err.contains("define `f`"), "{err}");
    let (out, _, _) = feed(&mut r, ":games");
    assert!(
        out.contains("G(n)    1 argument  normal play  waits for `f` (not defined yet)"),
        "{out}"
    );
    // A function may wait too; a game calling it is complete, and a
    // query says what the function waits for.
    let (_, err, _) = feed(&mut r, "fn f(n) = g(n) - 1");
    assert_eq!(
        err,
        "note: `g` is not defined yet: the function `f` waits for it\n\
         note: `G` is complete now\n"
    );
    let (_, err, _) = feed(&mut r, "grundy G(3)");
    assert!(err.contains("`f` waits for `g`"), "{err}");
    let (out, err, _) = feed(&mut r, "fn g(n) = n\ngrundy G(3)");
    assert_eq!(err, "note: `f` is complete now\n");
    assert_eq!(out, "grundy G(3) = 1\n");
    // Two names missing: one at a time.
    feed(&mut r, "game D(n) { move D(p(n) + q(n)) if n > 0 }");
    let (_, err, _) = feed(&mut r, "fn p(n) = n - 1");
    assert_eq!(
        err,
        "note: the game `D` now waits for `q`, not defined yet\n"
    );
    let (out, err, _) = feed(&mut r, "fn q(n) = 0\ngrundy D(4)");
    assert_eq!(err, "note: `D` is complete now\n");
    assert_eq!(out, "grundy D(4) = 0\n");
    // A completion that fails for another reason is reported, not kept.
    feed(&mut r, "game H(n) { move H(h(n, 1)) if n > 0 }");
    let (_, err, _) = feed(&mut r, "fn h(n) = n - 1");
    assert!(err.contains("grundy::eval::arity"), "{err}");
    let (_, err, _) = feed(&mut r, "grundy H(2)");
    assert!(
        err.contains("`H` is used before its definition has run"),
        "{err}"
    );
    // A query does not wait: an unknown name there is an error.
    let (_, err, _) = feed(&mut r, "grundy K(1)");
    assert!(err.contains("grundy::eval::unknown_function"), "{err}");
    // Nor does a file: it is complete in itself.
    let file_tmp = tempfile::Builder::new()
        .prefix("grundy-repl-wait-")
        .suffix(".game")
        .tempfile()
        .unwrap();
    let file = file_tmp.path();
    std::fs::write(
        file,
        "game W(n) { move W(w(n)) if n > 0 }
",
    )
    .unwrap();
    let (_, err, _) = feed(&mut r, &format!(":load {}", file.display()));
    assert!(err.contains("grundy::eval::unknown_function"), "{err}");
    assert!(!err.contains("note"), "{err}");
    std::fs::remove_file(file).unwrap();
}

// ---- pictures of the last answer ----------------------------------------

#[test]
fn plot_and_svg_draw_the_last_answer_as_grundy_run_does() {
    let dir_tmp = tempfile::Builder::new()
        .prefix("grundy-repl-pictures-")
        .tempdir()
        .unwrap();
    let dir = dir_tmp.path();
    let game = "game K = octal 0.77\ngraph G { a -> b, c; b -> c; d }\n";
    // Graphs are drawn by Graphviz; without it only the plots are checked.
    let have_dot = Command::new("dot").arg("-V").output().is_ok();
    let mut r = Repl::new(1_000_000);
    // Nothing to draw yet.
    let (_, err, _) = feed(&mut r, &format!(":plot {}", dir.join("x.svg").display()));
    assert!(err.contains("grundy::repl::no_picture"), "{err}");
    assert!(err.contains("there is no answer to draw yet"), "{err}");
    let (_, err, _) = feed(&mut r, ":plot");
    assert!(err.contains("`:plot` needs a file name"), "{err}");
    feed(&mut r, game);

    for (query, cmd, flag, name) in [
        ("sequence K 0..=40", "plot", "--plot", "s.svg"),
        (
            "table a in 0..=5, b in 0..=6: K(a) + K(b)",
            "plot",
            "--plot",
            "t.svg",
        ),
        ("sequence misere K 0..=20", "plot", "--plot", "m.svg"),
        ("dot G", "svg", "--svg", "g.svg"),
    ] {
        if cmd == "svg" && !have_dot {
            eprintln!("Graphviz `dot` is not installed: `{query}` is not drawn");
            continue;
        }
        let (_, err, _) = feed(&mut r, query);
        assert_eq!(err, "", "{query}");
        let mine = dir.join(format!("repl-{name}"));
        let (out, err, _) = feed(&mut r, &format!(":{cmd} {}", mine.display()));
        assert_eq!(err, "", "{query}");
        assert_eq!(out, format!("wrote {}\n", mine.display()));
        // The same picture `grundy run` draws of the same answer.
        let file = dir.join("q.game");
        std::fs::write(&file, format!("{game}{query}\n")).unwrap();
        let theirs = dir.join(format!("run-{name}"));
        let run = Command::new(BIN)
            .arg("run")
            .arg(flag)
            .arg(&theirs)
            .arg(&file)
            .output()
            .unwrap();
        assert!(run.status.success(), "{query}");
        assert_eq!(
            std::fs::read_to_string(&mine).unwrap(),
            std::fs::read_to_string(&theirs).unwrap(),
            "{query}"
        );
    }
    // PNG by the file name.
    if have_dot {
        let png = dir.join("g.png");
        feed(&mut r, &format!(":svg {}", png.display()));
        assert!(
            std::fs::read(&png)
                .unwrap()
                .starts_with(b"\x89PNG\r\n\x1a\n")
        );
    }
    feed(&mut r, "sequence K 0..=9");
    let png = dir.join("s.png");
    feed(&mut r, &format!(":plot {}", png.display()));
    assert!(
        std::fs::read(&png)
            .unwrap()
            .starts_with(b"\x89PNG\r\n\x1a\n")
    );

    // The wrong command for the answer, and an answer with no picture.
    let (_, err, _) = feed(&mut r, &format!(":svg {}", dir.join("no.svg").display()));
    assert!(err.contains("not a graph"), "{err}");
    assert!(err.contains("`:plot FILE`"), "{err}");
    feed(&mut r, "grundy K(5)");
    let (_, err, _) = feed(&mut r, &format!(":plot {}", dir.join("no.svg").display()));
    assert!(err.contains("the last answer has no picture"), "{err}");
    if !have_dot {
        std::fs::remove_dir_all(dir).unwrap();
        return;
    }
    // An error is not an answer: the last one stays.
    feed(&mut r, "dot G");
    feed(&mut r, "grundy K(0 - 1)");
    let (out, err, _) = feed(&mut r, &format!(":svg {}", dir.join("g2.svg").display()));
    assert_eq!((out.is_empty(), err.as_str()), (false, ""));
    assert!(!dir.join("no.svg").exists());
    // With :json, what was written is a JSON object too.
    feed(&mut r, ":json");
    let g3 = dir.join("g3.svg");
    let (out, _, _) = feed(&mut r, &format!(":svg {}", g3.display()));
    assert_eq!(
        out,
        format!(
            "{}\n",
            serde_json::json!({ "grundy_json": 2, "wrote": g3.display().to_string() })
        )
    );
    std::fs::remove_dir_all(dir).unwrap();
}

// ---- progress ----------------------------------------------------------

const LONG: &str = "game Chomp(rows) {\n    move Chomp(bite(rows, i, j)) for i in 0..len(rows), j in 0..rows[i] if (i, j) != (0, 0)\n}\n\
    fn bite(rows, i, j) = [ if r >= i then min(rows[r], j) else rows[r] for r in 0..len(rows) if r < i or j > 0 ]\n\
    grundy Chomp([12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12])\n";

/// A step budget far past `LONG`, so that it is still running when looked
/// at, whatever the default budget.
const UNBOUNDED: &str = "--max-steps 1000000000000";

/// `grundy run` on a terminal shows progress; with `--json`, or with its
/// output piped, it shows none.
#[test]
fn progress_on_a_terminal_only() {
    let file_tmp = tempfile::Builder::new()
        .prefix("grundy-progress-")
        .suffix(".game")
        .tempfile()
        .unwrap();
    let file = file_tmp.path();
    std::fs::write(file, LONG).unwrap();
    let (_history_dir, history) = temp_history("progress");

    let mut t = Term::start(&history, &format!("run {UNBOUNDED} '{}'", file.display()));
    let screen = t.wait_for(" positions · ");
    assert!(screen.contains("/s · "), "{screen}");
    t.pty.send_control('c').unwrap();
    t.pty.exp_eof().unwrap();

    // A period in a file counts values (no end known: no time left).
    let period = file.with_extension("period.game");
    std::fs::write(&period, "game S = octal 0.6\nperiod S\n").unwrap();
    // (A budget that lets `period` look far: by default it stops at
    // --max-positions/50 values, before a progress line would show.)
    let mut t = Term::start(
        &history,
        &format!("run --max-positions 1000000000 '{}'", period.display()),
    );
    let screen = t.wait_for(" values · ");
    assert!(screen.contains("/s · "), "{screen}");
    assert!(!screen.contains("ETA"), "{screen}");
    t.pty.send_control('c').unwrap();
    t.pty.exp_eof().unwrap();
    std::fs::remove_file(&period).unwrap();

    // `grundy octal` with a target: values, an integer rate, a time left.
    let mut t = Term::start(&history, "octal 0.9 --to 5000000");
    let screen = t.wait_for(" ETA ");
    let line = screen.lines().find(|l| l.contains(" ETA ")).unwrap();
    assert!(line.contains(" / 5,000,000 values · "), "{line}");
    let rate = line.split(" · ").nth(1).unwrap();
    assert!(
        rate.ends_with("/s") && !rate.contains('.') || rate.ends_with("M/s"),
        "{line}"
    );
    t.pty.send_control('c').unwrap();
    t.pty.exp_eof().unwrap();

    // JSON answers: no progress, though the terminal is there.
    let mut t = Term::start(
        &history,
        &format!("run --json {UNBOUNDED} '{}'", file.display()),
    );
    std::thread::sleep(Duration::from_millis(2500));
    let screen = t.text();
    assert!(!screen.contains("positions"), "{screen}");
    t.pty.send_control('c').unwrap();
    t.pty.exp_eof().unwrap();

    // Piped: the same work for the same time prints nothing on stderr.
    for args in [vec!["run"], vec!["run", "--json"]] {
        let mut child = Command::new(BIN)
            .args(&args)
            .args(UNBOUNDED.split(' '))
            .arg(file)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(2500));
        assert!(
            child.try_wait().unwrap().is_none(),
            "the work ended too soon"
        );
        child.kill().unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stdout.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
    std::fs::remove_file(file).unwrap();
    let _ = std::fs::remove_dir_all(history.parent().unwrap().parent().unwrap());
}

/// Definitions typed in every order answer as the file does: those that
/// come before what they call wait, and complete when it comes.
#[test]
fn definitions_in_every_order_answer_as_the_file() {
    let defs = [
        "game A(n) { move A(f(n)) if n > 0 }",
        "fn f(n) = g(n) - 1",
        "fn g(n) = n",
        "game B(n) {\n    move A(n) + B(n - 1) if n > 0\n    move C(n - 1) if n > 1\n}",
        "game C(n) { move B(h(n)) if n > 2 }",
        "fn h(n) = f(n) // 2",
    ];
    let queries = "sequence A 0..=6\nsequence B 0..=6\nsequence C 0..=6\n";
    let file_tmp = tempfile::Builder::new()
        .prefix("grundy-repl-orders-")
        .suffix(".game")
        .tempfile()
        .unwrap();
    let file = file_tmp.path();
    std::fs::write(file, format!("{}\n{queries}", defs.join("\n"))).unwrap();
    let run = Command::new(BIN).arg("run").arg(file).output().unwrap();
    assert!(run.status.success());
    let expected = String::from_utf8_lossy(&run.stdout).into_owned();
    std::fs::remove_file(file).unwrap();
    // Every order of the six (720), each definition its own input.
    let mut order: Vec<usize> = (0..defs.len()).collect();
    let mut count = 0;
    loop {
        let mut r = Repl::new(100_000);
        for &i in &order {
            let (out, err, _) = feed(&mut r, defs[i]);
            assert_eq!(out, "");
            assert!(
                err.lines().all(|l| l.starts_with("note: ")),
                "{order:?}: {err}"
            );
        }
        let (out, err, _) = feed(&mut r, queries);
        assert_eq!(
            (out.as_str(), err.as_str()),
            (expected.as_str(), ""),
            "{order:?}"
        );
        count += 1;
        // The next permutation, in lexicographic order.
        let Some(i) = (1..order.len()).rev().find(|&i| order[i - 1] < order[i]) else {
            break;
        };
        let j = (i..order.len())
            .rev()
            .find(|&j| order[j] > order[i - 1])
            .unwrap();
        order.swap(i - 1, j);
        order[i..].reverse();
    }
    assert_eq!(count, 720);
    // In :json mode a note is a JSON object.
    let mut r = Repl::new(1_000);
    feed(&mut r, ":json");
    let (out, err, _) = feed(&mut r, defs[0]);
    assert_eq!(err, "");
    assert_eq!(
        out,
        "{\"grundy_json\":2,\"note\":\"`f` is not defined yet: the game `A` waits for it\"}\n"
    );
}
