//! Command-line dispatch: `grundy run`, `grundy check`, `grundy octal`,
//! `grundy repl`; with no command, the REPL on a terminal and a script from
//! piped stdin. `octal` is the `grundy octal` workbench; the files `--svg`
//! and `--plot` write are drawn by `grundy::pictures` (shared with the
//! REPL's `:plot` and `:svg`).

mod checkpoint_file;
pub mod octal;
mod octal_checkpoint;
mod octal_many;
mod octal_progress;
pub mod quotient;
mod quotient_checkpoint;
mod run_jobs;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::{Parser, Subcommand};

use crate::console::{self, Checked, Heard};
use grundy::Error;
use grundy::render;
use grundy::render::Pictures;
use grundy::{Answer, Picture};
use grundy::{
    DEFAULT_MAX_DEPTH, DEFAULT_MAX_POSITIONS, DEFAULT_MAX_STEPS, DEFAULT_SEARCH_PARTS, Limits,
    SearchAlgo,
};
use grundy::{FrontEndError, LimitError};
use grundy::{Mode, Session};
use grundy::{Sources, Span};

const LONG_ABOUT: &str = "Combinatorial games described in a small language (.game files), and \
their theory: impartial games (Grundy values, outcomes, winning moves, periods of octal and \
subtraction games), partizan games (canonical values, comparisons, thermographs, atomic \
weights), misère play (genus, misère canonical forms, quotients), loopy games (draws, \
generalized Grundy values, stoppers) and graphs (kernels, DOT). See docs/LANGUAGE.md.";

const AFTER_HELP: &str = "\
Front ends:
  grundy run FILE       every query of a file, one answer a line (--json: one JSON object a
                        line, see docs/JSON.md; --jobs N: on N threads, printed as one thread
                        prints; --svg/--plot FILE: Graphviz pictures and SVG/PNG plots of
                        sequences and tables)
  grundy repl / grundy  an interactive session (:help inside); piped input runs as a script
  grundy check FILE     parse and resolve only
  grundy serve [FILE]   the worksheet and game-tree explorer in a browser (docs/SERVE.md)
  grundy octal CODE     the nim-sequence of an octal game, its period and proof
  grundy quotient CODE --to N
                        the misère quotient of an octal game, heap by heap (a long run:
                        --checkpoint FILE, --resume FILE)

Limits (each a coded error, never a hang): --max-positions, --max-memory, --max-steps, --max-depth per query;
a program text of at most 2 MiB; Ctrl-C stops the query under way. `grundy run --help` lists them.";

#[derive(Parser, Debug)]
#[command(
    name = crate::PROGRAM,
    version,
    about = "Combinatorial games described in a small language, and their theory",
    long_about = LONG_ABOUT,
    after_long_help = AFTER_HELP
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run every query in a .game file and print each answer.
    Run {
        file: PathBuf,
        /// One JSON object per line per query.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        limits: LimitArgs,
        /// Render each `dot` answer to this SVG file with Graphviz (the
        /// second to FILE-2.svg, ...).
        #[arg(long, value_name = "FILE.svg")]
        svg: Option<PathBuf>,
        /// Plot each `sequence` (scatter) and `table` (heatmap) answer to
        /// this SVG file (the second to FILE-2.svg, ...).
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<PathBuf>,
        /// Run the queries on N worker threads (0: one per core), printed
        /// in file order as one thread prints them. Default 1: queries in
        /// one thread share the solver's caches, so a file whose queries
        /// build on each other (`sequence K 0..=40`, then `grundy K(40)`)
        /// is faster in one thread; several jobs pay off for independent
        /// heavy queries. Each worker holds its own caches and its own
        /// --max-memory.
        #[arg(long, short = 'j', value_name = "N", default_value_t = 1)]
        jobs: usize,
    },
    /// Parse a .game file and resolve its names; run no query.
    Check { file: PathBuf },
    /// An interactive session: definitions persist, queries answer at once
    /// (also `grundy` alone on a terminal; piped stdin runs as a script).
    Repl {
        /// .game files to load first.
        files: Vec<PathBuf>,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// A language server on standard input and output, for editors:
    /// diagnostics as you type, completion, hover docs, go to definition
    /// (see docs/EDITORS.md).
    Lsp {
        /// The longest message the server reads, in bytes (a longer one
        /// is answered with a parse error and skipped).
        #[arg(long, value_name = "BYTES", value_parser = parse_bytes, default_value = "32M")]
        max_message: usize,
    },
    /// The worksheet and the game-tree explorer in a browser: a local web
    /// server whose address (with its token) is printed (see docs/SERVE.md).
    Serve {
        /// .game files the worksheet may load and save (the first is
        /// loaded when the page opens; one not written yet is created by
        /// the first save). No other file is read or written.
        files: Vec<PathBuf>,
        /// The address to listen on. The default serves this machine only;
        /// another (0.0.0.0) lets other machines in, with the token.
        #[arg(long, default_value_t = crate::serve::LOOPBACK)]
        host: std::net::IpAddr,
        /// The port (0: a free one).
        #[arg(long, default_value_t = 0)]
        port: u16,
        /// Open the address in the desktop's browser.
        #[arg(long)]
        open: bool,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// The nim-sequence of an octal game: values, period with proof, rare values.
    Octal {
        /// The code, e.g. 0.77, .07, 4.07, 0.f (hex digits add three-heap
        /// splits). Several codes are computed side by side on every core,
        /// each reported as it would be alone.
        #[arg(required = true, value_name = "CODE")]
        codes: Vec<String>,
        /// Compute exactly the values G(0) .. G(N-1) (default: until the
        /// period is proved or --max-values is reached).
        #[arg(long, value_name = "N")]
        to: Option<usize>,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Write a scatter plot of G(n) against n to this SVG file.
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<PathBuf>,
        /// Give up proving a period after this many values.
        #[arg(long, default_value_t = octal::DEFAULT_MAX_VALUES)]
        max_values: usize,
        /// Memory the values may take: bytes, or with a suffix K, M, G.
        #[arg(long, value_name = "BYTES", value_parser = parse_bytes, default_value = "640M")]
        max_memory: usize,
        /// The algorithm: sparse (rare/common, the default) or plain mex.
        #[arg(long, value_enum, default_value_t = octal::EngineArg::Sparse)]
        engine: octal::EngineArg,
        /// Save the whole state to FILE every --checkpoint-every minutes,
        /// on Ctrl-C and at the end (written to FILE.tmp, then renamed).
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
        /// Minutes between checkpoints (fractions allowed; 0: every step).
        #[arg(long, value_name = "MINUTES", value_parser = checkpoint_file::parse_minutes, default_value = "10")]
        checkpoint_every: std::time::Duration,
        /// Start from a checkpoint written by a run of the same code and
        /// options; the output is the uninterrupted run's.
        #[arg(long, value_name = "FILE")]
        resume: Option<PathBuf>,
        /// A JSON progress line on standard error every SECONDS (values,
        /// values a second, seconds left) and one at the end.
        #[arg(long, value_name = "SECONDS", value_parser = octal_progress::parse_seconds)]
        progress_json: Option<std::time::Duration>,
        /// Threads for one code (0: one per core; default 1): a second
        /// thread computes the next heap while the first finishes this one
        /// (or, for codes that split without taking, takes each heap's
        /// pairs with the older rare heaps). The output is the same for any
        /// number; several codes take one thread each.
        #[arg(long, short = 'j', value_name = "N", default_value_t = 1)]
        jobs: usize,
    },
    /// The misère quotient of an octal game, heap by heap up to --to: each
    /// stage's order and P-portion, then the presentation. A long run:
    /// --checkpoint saves it, --resume goes on.
    Quotient(quotient::Args),
}

/// The limits every query runs under (see the limits table in LANGUAGE.md).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct LimitArgs {
    /// Positions one query may add (interned positions, misère sums,
    /// state-graph nodes); also the values an octal game may compute.
    #[arg(long, default_value_t = DEFAULT_MAX_POSITIONS)]
    max_positions: usize,
    /// Memory the session may hold while a query runs: bytes, or with a
    /// suffix K, M, G (powers of 1024), e.g. 4G.
    #[arg(long, value_name = "BYTES", value_parser = parse_bytes, default_value = "640M")]
    max_memory: usize,
    /// Loop steps one query may take (evaluation loops, options listed,
    /// search steps).
    #[arg(long, default_value_t = DEFAULT_MAX_STEPS)]
    max_steps: u64,
    /// Moves along one chain of new positions the solver may follow
    /// before it stops with "this game may not be finite".
    #[arg(long, default_value_t = DEFAULT_MAX_DEPTH)]
    max_depth: usize,
    /// The options (Left's and Right's together) a part may have for
    /// `outcome P by search` to take its canonical value instead of
    /// searching it; 0 searches every part.
    #[arg(long, default_value_t = DEFAULT_SEARCH_PARTS)]
    search_parts: usize,
    /// Memory the table of decided positions of `outcome P by search`
    /// may hold: bytes, or with a suffix K, M, G; 0 (the default): a
    /// quarter of --max-memory.
    #[arg(long, value_name = "BYTES", value_parser = parse_bytes, default_value = "0")]
    search_table: usize,
    /// The search of `outcome P by search`: `dfpn` (proof-number
    /// search; the default) or `alphabeta` (depth-first, moves ordered by
    /// mobility).
    #[arg(long, value_name = "ALGO", value_parser = parse_algo, default_value = "dfpn")]
    search_algo: SearchAlgo,
}

impl LimitArgs {
    pub fn limits(&self) -> Limits {
        Limits {
            max_positions: self.max_positions,
            max_memory: self.max_memory,
            max_steps: self.max_steps,
            max_depth: self.max_depth,
            search_parts: self.search_parts,
            search_table: self.search_table,
            search_algo: self.search_algo,
        }
    }
}

/// `dfpn` or `alphabeta`: the search of `outcome P by search`.
fn parse_algo(s: &str) -> Result<SearchAlgo, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "dfpn" | "df-pn" => Ok(SearchAlgo::Dfpn),
        "alphabeta" | "alpha-beta" => Ok(SearchAlgo::AlphaBeta),
        other => Err(format!("`{other}` is not a search: dfpn or alphabeta")),
    }
}

/// `512M`, `4G`, `100000`: a number of bytes with an optional binary suffix.
fn parse_bytes(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let (digits, shift) = match t.char_indices().last() {
        Some((i, 'k' | 'K')) => (&t[..i], 10),
        Some((i, 'm' | 'M')) => (&t[..i], 20),
        Some((i, 'g' | 'G')) => (&t[..i], 30),
        Some((i, 't' | 'T')) => (&t[..i], 40),
        _ => (t, 0),
    };
    let n: usize = digits
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a size: write bytes, or e.g. 512M or 4G"))?;
    n.checked_mul(1usize << shift)
        .ok_or_else(|| format!("`{s}` is too large"))
}

pub use grundy::STACK_SIZE;

pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    if let Some(e) = console::stdout_closed_error() {
        Checked::stderr().line(&format!("{:?}", e.report_alone()));
        return 1;
    }
    let worker = std::thread::Builder::new()
        .name(crate::PROGRAM.into())
        .stack_size(STACK_SIZE)
        .spawn(move || run_command(cli));
    match worker.map(std::thread::JoinHandle::join) {
        Ok(Ok(code)) => code,
        _ => {
            Checked::stderr()
                .line("grundy: internal error (please report it with the input that caused it)");
            2
        }
    }
}

/// A command line clap refuses: `--help` and `--version` as clap prints
/// them; anything else as the diagnostic `grundy::usage`, exit status 1
/// (as every diagnostic).
fn usage_error(e: clap::Error) -> i32 {
    use clap::error::ErrorKind;
    let mut err = Checked::stderr();
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let mut out = Checked::stdout();
        let text = e.render().to_string();
        let _ = std::io::Write::write_all(&mut out, text.as_bytes());
        let code = if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
            2
        } else {
            0
        };
        return console::exit_status(code, &out, &mut err);
    }
    let text = e.render().to_string();
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let message = lines
        .next()
        .unwrap_or("the command line is not understood")
        .trim_start_matches("error: ")
        .to_string();
    let help: Vec<&str> = lines.map(str::trim).collect();
    let help = if help.is_empty() {
        "`grundy --help` lists the commands and options".to_string()
    } else {
        help.join("; ")
    };
    let e: Error = FrontEndError::Usage { message, help }.into();
    err.line(&format!("{:?}", e.report_alone()));
    1
}

fn run_command(cli: Cli) -> i32 {
    let mut out = Checked::stdout();
    let mut err = Checked::stderr();
    let status = match cli.command {
        None => {
            // `grundy` alone: the REPL for a person, a script from a pipe.
            if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
                return crate::repl::run(&[], Limits::default());
            }
            match console::read_text(std::io::stdin(), "<stdin>", STDIN_HELP) {
                Ok(text) => run_source(
                    "<stdin>",
                    &text,
                    Mode::Run,
                    false,
                    Limits::default(),
                    Pictures::default(),
                    (&mut out, &mut err),
                ),
                Err(e) => {
                    err.line(&format!("{:?}", e.report_alone()));
                    1
                }
            }
        }
        Some(Command::Lsp { max_message }) => return crate::lsp::serve(max_message),
        Some(Command::Serve {
            files,
            host,
            port,
            open,
            limits,
        }) => {
            return crate::serve::run(crate::serve::Args {
                files,
                host,
                port,
                open,
                limits: limits.limits(),
            });
        }
        Some(Command::Repl { files, limits }) => {
            if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
                return crate::repl::run(&files, limits.limits());
            }
            // Not a person: the files, then standard input as one script.
            crate::repl::run_script(&files, limits.limits(), &mut out, &mut err)
        }
        Some(Command::Run {
            file,
            json,
            limits,
            svg,
            plot,
            jobs,
        }) => match Pictures::new(svg, plot) {
            Ok(pictures) => run_file(
                &file,
                Mode::Run,
                json,
                limits.limits(),
                pictures,
                run_jobs::workers(jobs),
                (&mut out, &mut err),
            ),
            Err(e) => {
                err.line(&format!("{:?}", e.report_alone()));
                1
            }
        },
        Some(Command::Check { file }) => run_file(
            &file,
            Mode::Check,
            false,
            Limits::default(),
            Pictures::default(),
            1,
            (&mut out, &mut err),
        ),
        Some(Command::Octal {
            codes,
            to,
            json,
            plot,
            max_values,
            max_memory,
            engine,
            checkpoint,
            checkpoint_every,
            resume,
            progress_json,
            jobs,
        }) => octal::run(
            &octal::Args {
                codes,
                to,
                max_memory,
                json,
                plot,
                max_values,
                engine,
                checkpoint,
                checkpoint_every,
                resume,
                progress_json,
                threads: run_jobs::workers(jobs),
            },
            &mut out,
            &mut err,
        ),
        Some(Command::Quotient(args)) => quotient::run(&args, &mut out, &mut err),
    };
    console::exit_status(status, &out, &mut err)
}

const STDIN_HELP: &str = "standard input must be a .game program in UTF-8 text";

/// Standard output and standard error, checked.
type Streams<'a> = (
    &'a mut Checked<std::io::Stdout>,
    &'a mut Checked<std::io::Stderr>,
);

fn run_file(
    path: &Path,
    mode: Mode,
    json: bool,
    limits: Limits,
    pictures: Pictures,
    jobs: usize,
    (out, err): Streams,
) -> i32 {
    let text = match console::read_file(path, "check the path; .game files are plain UTF-8 text") {
        Ok(t) => t,
        Err(e) => {
            err.line(&format!("{:?}", e.report_alone()));
            return 1;
        }
    };
    if mode == Mode::Run && jobs > 1 {
        return run_jobs::run(
            &path.display().to_string(),
            &text,
            json,
            limits,
            pictures,
            jobs,
            (out, err),
        );
    }
    run_source(
        &path.display().to_string(),
        &text,
        mode,
        json,
        limits,
        pictures,
        (out, err),
    )
}

/// Run (or check) a text as a file, answers on stdout, diagnostics on
/// stderr. Ctrl-C stops the run after the answers so far, with a
/// diagnostic; when standard output is gone the run stops too.
fn run_source(
    name: &str,
    text: &str,
    mode: Mode,
    json: bool,
    limits: Limits,
    pictures: Pictures,
    (out, err): Streams,
) -> i32 {
    let mut session = Session::with_limits(limits);
    // `check` hears Ctrl-C as `run` does: parsing and loading a large
    // file take seconds too.
    session.set_interrupt(console::run_flag());
    session.set_picture_cells(pictures.plot_cells());
    let flag = session.interrupt().clone();
    // Progress of long statements on a terminal's standard error, never
    // with JSON answers.
    grundy::progress::set_enabled(
        mode == Mode::Run && !json && grundy::progress::stderr_is_terminal(),
    );
    let mut printer = Printer::new(json, pictures, flag.clone(), (out, err));
    let ok = session.run_text(name, text, mode, &mut |s, r| {
        let ctrl_c = flag.load(Ordering::Relaxed);
        printer.result(
            s.sources(),
            (s.picture(), s.query_word(), s.query_span()),
            &r,
            ctrl_c,
        );
    });
    let checked = (ok && mode == Mode::Check).then_some(name);
    let status = printer.finish(ok, checked);
    // The process ends next: freeing what the session holds value by value
    // (a few lists of ten million) would only delay the exit after Ctrl-C.
    std::mem::forget(session);
    status
}

/// How `grundy run` prints the results of a text's statements, given in
/// file order: the sequential run and `--jobs` share it, so that their
/// output is the same.
struct Printer<'a> {
    json: bool,
    pictures: Pictures,
    /// Ctrl-C's flag (raised here too, to stop the run when the output is
    /// gone).
    flag: Arc<AtomicBool>,
    out: &'a mut Checked<std::io::Stdout>,
    err: &'a mut Checked<std::io::Stderr>,
    pictures_ok: bool,
    /// The output is gone: the flag was raised here to stop the run.
    stopped: bool,
    /// Ctrl-C was seen: later answers are not printed.
    interrupted: bool,
    interrupt_reported: bool,
    answered: usize,
}

impl<'a> Printer<'a> {
    fn new(json: bool, pictures: Pictures, flag: Arc<AtomicBool>, (out, err): Streams<'a>) -> Self {
        Printer {
            json,
            pictures,
            flag,
            out,
            err,
            pictures_ok: true,
            stopped: false,
            interrupted: false,
            interrupt_reported: false,
            answered: 0,
        }
    }

    /// One statement's answer or error (`picture`: what the statement can
    /// be drawn as; `span`: where the query is); `ctrl_c`: whether Ctrl-C
    /// has been pressed (answers after this one are not printed then).
    /// A long answer is written in pieces with a look at Ctrl-C's flag
    /// between them: pressed while it prints, the line is cut there and
    /// the query reported interrupted.
    fn result(
        &mut self,
        sources: &Sources,
        (picture, query, span): (Option<Picture>, Option<&str>, Option<Span>),
        r: &Result<Answer, Error>,
        ctrl_c: bool,
    ) {
        if self.stopped {
            return;
        }
        match r {
            Ok(answer) => {
                if self.interrupted {
                    return;
                }
                let line = if self.json {
                    render::json(answer).to_string()
                } else {
                    render::text(answer)
                };
                match self.out.line_heard(&line, &self.flag) {
                    Heard::Whole => {
                        self.answered += 1;
                        if let Err(e) = self.pictures.draw(answer, self.err) {
                            self.err.line(&format!("{:?}", e.report_alone()));
                            self.pictures_ok = false;
                        }
                    }
                    Heard::Cut => {
                        self.error(sources, picture, query, &console::cut_short(span));
                        self.interrupted = true;
                    }
                    Heard::Failed => {}
                }
            }
            Err(e) => self.error(sources, picture, query, e),
        }
        self.interrupted |= ctrl_c;
        if self.out.failed() || self.err.failed() {
            self.stopped = true;
            self.flag.store(true, Ordering::Relaxed);
        }
    }

    /// A statement's error: on standard error, and as a JSON line too
    /// under `--json`; an interruption is reported once.
    fn error(
        &mut self,
        sources: &Sources,
        picture: Option<Picture>,
        query: Option<&str>,
        e: &Error,
    ) {
        self.pictures.skip(picture);
        if matches!(
            e,
            Error::Limit(LimitError::Interrupted { .. } | LimitError::Stopped { .. })
        ) {
            if self.interrupt_reported {
                return;
            }
            self.interrupt_reported = true;
        }
        if self.json {
            // The failed query's word, null for a definition or the text.
            self.out
                .line(&render::json_error_line(query, e, sources).to_string());
        }
        self.err.line(&format!("{:?}", e.report(sources)));
    }

    /// The exit status, after what the end of the run has to say: how many
    /// answers were printed when Ctrl-C stopped it, or (`checked`, for
    /// `grundy check`) that the file is ok.
    fn finish(self, ok: bool, checked: Option<&str>) -> i32 {
        if self.stopped {
            return 1;
        }
        if self.interrupted {
            if !self.interrupt_reported {
                let answered = self.answered;
                let e: Error = LimitError::Stopped {
                    what: format!(
                        "{answered} answer{} printed",
                        if answered == 1 { "" } else { "s" }
                    ),
                }
                .into();
                self.err.line(&format!("{:?}", e.report_alone()));
            }
            return console::EXIT_INTERRUPTED;
        }
        if let Some(name) = checked {
            self.out.line(&format!("{name}: ok"));
        }
        if ok {
            for note in self.pictures.unused() {
                self.err.line(&note);
            }
        }
        if ok && self.pictures_ok { 0 } else { 1 }
    }
}
