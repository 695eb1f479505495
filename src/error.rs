//! Every failure a user can cause, each with a stable code, a span and a help line.

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, Report};
use thiserror::Error;

use crate::shown::Shown;
use crate::source::Sources;
use crate::source::Span;

/// A result whose error is a diagnostic.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, Clone, Error, Diagnostic)]
#[allow(missing_docs)] // split by layer next
pub enum Error {
    // ---- parse -------------------------------------------------------
    #[error("syntax error: expected {expected}")]
    #[diagnostic(code(grundy::parse::syntax), help("{help}"))]
    Syntax {
        expected: String,
        help: String,
        #[label("here")]
        span: Span,
    },

    #[error("this is nested too deeply (more than {limit} levels)")]
    #[diagnostic(
        code(grundy::parse::too_deep),
        help("split the expression with `let` or a `fn`")
    )]
    TooDeep {
        limit: usize,
        #[label("nesting goes too deep here")]
        span: Span,
    },

    #[error("{message}")]
    #[diagnostic(code(grundy::parse::line_break), help("{help}"))]
    LineBreak {
        message: String,
        found: String,
        help: String,
        #[label("`{found}` starts a line")]
        span: Span,
    },

    #[error("integer literal `{text}` does not fit in 64 bits")]
    #[diagnostic(
        code(grundy::parse::int_too_large),
        help("integers are signed 64-bit: at most 9223372036854775807")
    )]
    IntTooLarge {
        text: String,
        #[label("too large")]
        span: Span,
    },

    #[error("invalid octal code: {message}")]
    #[diagnostic(code(grundy::parse::octal_code), help("{help}"))]
    OctalCode {
        message: String,
        help: String,
        #[label("{message}")]
        span: Span,
    },

    #[error("`{name}` is bound twice")]
    #[diagnostic(
        code(grundy::parse::duplicate_binding),
        help("give each parameter or loop variable its own name")
    )]
    DuplicateBinding {
        name: String,
        #[label("second binding of `{name}`")]
        span: Span,
    },

    #[error("{message}")]
    #[diagnostic(code(grundy::parse::game_literal), help("{help}"))]
    GameLiteral {
        message: String,
        help: String,
        #[label("here")]
        span: Span,
    },

    #[error("`{p} / {q}` {why}")]
    #[diagnostic(
        code(grundy::eval::inexact_division),
        help(
            "`/` is exact division: `6 / 3` is 2 and `3 / 4` the number 3/4; for the floor of the quotient write `{p} // {q}`, for the remainder `{p} % {q}`"
        )
    )]
    InexactDivision {
        p: i64,
        q: i64,
        why: String,
        #[label("not an exact quotient")]
        span: Span,
    },

    // ---- names -------------------------------------------------------
    #[error("unknown name `{name}`")]
    #[diagnostic(code(grundy::eval::unknown_name), help("{help}"))]
    UnknownName {
        name: String,
        help: String,
        #[label("not defined here")]
        span: Span,
    },

    #[error("unknown game `{name}`")]
    #[diagnostic(code(grundy::eval::unknown_game), help("{help}"))]
    UnknownGame {
        name: String,
        help: String,
        #[label("no game of this name")]
        span: Span,
    },

    #[error("unknown function `{name}`")]
    #[diagnostic(code(grundy::eval::unknown_function), help("{help}"))]
    UnknownFunction {
        name: String,
        help: String,
        #[label("no game or function of this name")]
        span: Span,
    },

    #[error("`{name}` takes {expected} argument{s}, but {found} {were} given", s = plural(*expected), were = if *found == 1 { "was" } else { "were" })]
    #[diagnostic(code(grundy::eval::arity), help("{help}"))]
    Arity {
        name: String,
        expected: usize,
        found: usize,
        help: String,
        #[label("{found} argument{}", plural(*found))]
        span: Span,
    },

    #[error("`{name}` is already defined")]
    #[diagnostic(
        code(grundy::eval::duplicate),
        help(
            "rename this definition: a file defines each name once, and `Nim` is built in (in the REPL a new definition replaces your earlier one)"
        )
    )]
    Duplicate {
        name: String,
        #[label("defined again here")]
        span: Span,
    },

    // ---- evaluation --------------------------------------------------
    #[error("type error: {message}")]
    #[diagnostic(code(grundy::eval::type_error), help("{help}"))]
    Type {
        message: String,
        help: String,
        #[label("{message}")]
        span: Span,
    },

    #[error("expected a position, found {found}")]
    #[diagnostic(
        code(grundy::eval::not_a_position),
        help("write a position: `Name(args)`, a sum `A + B`, `0` (the empty game) or `*n`")
    )]
    NotAPosition {
        found: String,
        #[label("this is {found}")]
        span: Span,
    },

    #[error("division by zero")]
    #[diagnostic(
        code(grundy::eval::division_by_zero),
        help("guard the division, e.g. `if d != 0 then n / d else 0`")
    )]
    DivisionByZero {
        #[label("the divisor is 0 here")]
        span: Span,
    },

    #[error("integer overflow in `{op}`")]
    #[diagnostic(
        code(grundy::eval::overflow),
        help("integers are signed 64-bit and never wrap; keep values below 2^63")
    )]
    Overflow {
        op: String,
        #[label("the result does not fit in 64 bits")]
        span: Span,
    },

    #[error("index {index} is out of range for length {len}")]
    #[diagnostic(code(grundy::eval::index), help("indices run from 0 to len(xs) - 1"))]
    Index {
        index: i64,
        len: usize,
        #[label("out of range")]
        span: Span,
    },

    #[error("recursion deeper than {limit} calls")]
    #[diagnostic(
        code(grundy::eval::recursion),
        help(
            "the function probably never reaches its base case; check the `if` that should stop it"
        )
    )]
    Recursion {
        limit: usize,
        #[label("this call went too deep")]
        span: Span,
    },

    #[error("`{name}` is used before its `let` has run")]
    #[diagnostic(
        code(grundy::eval::uninitialized),
        help("move the `let {name} = ...` above its first use")
    )]
    Uninitialized {
        name: String,
        #[label("used here")]
        span: Span,
    },

    #[error("`{name}` waits for `{missing}`, which is not defined yet")]
    #[diagnostic(
        code(grundy::eval::not_defined_yet),
        help("define `{missing}` (a `fn` or a `game`): `{name}` is complete as soon as it is")
    )]
    Waiting {
        name: String,
        missing: String,
        #[label("`{name}` is needed here")]
        span: Span,
    },

    #[error("{message}")]
    #[diagnostic(code(grundy::eval::value), help("{help}"))]
    Value {
        message: String,
        help: String,
        #[label("{message}")]
        span: Span,
    },

    // ---- solving -----------------------------------------------------
    #[error("position budget exceeded: {game} reaches more than {budget} positions")]
    #[diagnostic(
        code(grundy::solve::budget),
        help(
            "the game may be unbounded (a move that grows the position); if it is finite but large, raise the budget with --max-positions"
        )
    )]
    Budget {
        game: String,
        budget: usize,
        #[label("expanding this needs more than {budget} positions")]
        span: Span,
    },

    #[error("the game runs below zero: {moved}")]
    #[diagnostic(
        code(grundy::solve::below_zero),
        help(
            "a move line probably lacks its guard: `move T(n - k) for k in 1..=2` needs `if k <= n`, so that no move leaves a negative argument; add the condition to {line}. If the game is meant to go below zero, raise --max-positions (the check allows a fiftieth of it)"
        )
    )]
    BelowZero {
        /// "a move goes from T(1) to T(-1), and more than 100000
        /// positions below zero follow" (one string: the error stays small).
        moved: String,
        /// Which move line, in words ("the move line marked", or "the
        /// move line of T that makes T(-1) from T(1)").
        line: String,
        /// The move line that made `to` (or the query, when not found).
        #[label(primary, "{label}")]
        span: Span,
        label: String,
        /// The query, when the main label is on the move line.
        #[label("this query reaches the position below zero")]
        query: Option<Span>,
    },

    #[error("this game may not be finite: {chain}")]
    #[diagnostic(code(grundy::solve::unbounded), help("{help}"))]
    Unbounded {
        /// "a chain of N moves, each to a new position, goes from G(0) to
        /// G(N), and it is longer than the depth limit of N - 1 moves".
        chain: String,
        help: String,
        /// The move line that made `reached` (or the query, when not found).
        #[label(primary, "{label}")]
        span: Span,
        label: String,
        /// The query, when the main label is on the move line.
        #[label("the chain starts at this query's position")]
        query: Option<Span>,
    },

    #[error("move budget exceeded: {game} has more than {budget} moves among its positions")]
    #[diagnostic(
        code(grundy::solve::move_budget),
        help(
            "the game may be unbounded (a move that grows the position); the move budget grows with --max-positions"
        )
    )]
    MoveBudget {
        game: String,
        budget: usize,
        #[label("expanding this needs more than {budget} moves")]
        span: Span,
    },

    #[error("the game has a cycle: {path}")]
    #[diagnostic(
        code(grundy::solve::cycle),
        help(
            "grundy values and outcomes here need a finite game without cycles; check that every move makes the position smaller"
        )
    )]
    Cycle {
        path: String,
        #[label("a play from here can go on forever")]
        span: Span,
    },

    #[error("query functions cannot be used inside move rules: `{name}(...)`")]
    #[diagnostic(
        code(grundy::eval::query_in_rules),
        help(
            "a move rule lists options while the solver expands the game, so it cannot ask the solver; compute the value in a query, an `assert` or a `let` instead"
        )
    )]
    QueryInRules {
        name: String,
        #[label("asks the solver while it expands a game")]
        span: Span,
    },

    #[error("assertion failed: {message}")]
    #[diagnostic(code(grundy::assert::failed), help("{help}"))]
    AssertFailed {
        message: String,
        help: String,
        #[label("{message}")]
        span: Span,
    },

    // ---- partizan games -------------------------------------------------
    #[error("`{game}` is a partizan game: `{query}` is defined for impartial games only")]
    #[diagnostic(
        code(grundy::solve::partizan),
        help(
            "Left and Right have different moves, so there is no Grundy value; ask `value`, `outcome` or `winning P for left` instead"
        )
    )]
    Partizan {
        game: String,
        query: String,
        #[label("this position has separate Left and Right moves")]
        span: Span,
    },

    #[error("the partizan game has a cycle: {path}")]
    #[diagnostic(
        code(grundy::partizan::loopy),
        help(
            "`outcome` and `winning` answer for any loopy partizan position (D: a draw, play goes on forever); `value` gives a stopper's simplest form and another position's onside & offside (by sidling), `compare` compares stoppers and positions whose sides are found; means, temperatures and thermographs of loopy games are not computed"
        )
    )]
    PartizanLoopy {
        path: String,
        #[label("a play from here can go on forever")]
        span: Span,
    },

    #[error("{message}")]
    #[diagnostic(
        code(grundy::partizan::sides),
        help(
            "this loopy position is not a stopper, and its onside and offside are found by sidling (THEORY.md §6.9), which did not reach a fixed point; `outcome` and `winning` still answer"
        )
    )]
    LoopySides {
        message: String,
        #[label("the value of this position")]
        span: Span,
    },

    #[error("{message}")]
    #[diagnostic(code(grundy::partizan::limit), help("{help}"))]
    PartizanLimit {
        message: String,
        help: String,
        #[label("computing this value")]
        span: Span,
    },

    #[error("`{game}` is not a heap game: {reason}")]
    #[diagnostic(
        code(grundy::misere::not_a_heap_game),
        help(
            "`quotient` takes an octal, hex or subtraction game, or a rule game of one integer parameter whose moves leave sums of smaller heaps of the same game"
        )
    )]
    NotAHeapGame {
        game: String,
        reason: String,
        #[label("not a heap game")]
        span: Span,
    },

    #[error("the misère computation is loopy: {what}")]
    #[diagnostic(
        code(grundy::misere::loopy),
        help(
            "genus, misère canonical forms and quotients are defined for games that end; `outcome misere` analyses loopy games"
        )
    )]
    MisereLoopy {
        what: String,
        #[label("this game does not end")]
        span: Span,
    },

    #[error("misère budget exceeded: {what}")]
    #[diagnostic(code(grundy::misere::budget), help("{help}"))]
    MisereBudget {
        what: String,
        help: String,
        #[label("more than the budget allows")]
        span: Span,
    },

    #[error("{message}")]
    #[diagnostic(code(grundy::query::unsupported), help("{help}"))]
    Query {
        message: String,
        help: String,
        #[label("{message}")]
        span: Span,
    },

    #[error("memory budget exceeded: the session holds {} of at most {}", mib(*held), mib(*limit))]
    #[diagnostic(
        code(grundy::solve::memory),
        help(
            "the positions or values are too large to store; if the game is finite, raise the budget with --max-memory (e.g. --max-memory 4G)"
        )
    )]
    MemoryBudget {
        limit: usize,
        held: usize,
        #[label("this needs more than the memory budget")]
        span: Span,
    },

    #[error("step budget exceeded: more than {limit} loop steps")]
    #[diagnostic(
        code(grundy::eval::steps),
        help(
            "a loop or a search runs very long (a range that is too wide?); if it is meant, raise the budget with --max-steps"
        )
    )]
    StepBudget {
        limit: u64,
        #[label("this runs more than {limit} steps")]
        span: Span,
    },

    #[error("interrupted")]
    #[diagnostic(code(grundy::solve::interrupted), help("the query was cancelled"))]
    Interrupted {
        #[label("cancelled while answering this")]
        span: Span,
    },

    // ---- files and the front ends (no source text to point into) -----
    #[error("--to {asked} asks for more values than the memory budget holds ({} for at most {most} values)", mib(*memory))]
    #[diagnostic(
        code(grundy::octal::too_many),
        help(
            "ask for fewer values, or raise the budget with --max-memory (each value takes about {per_value} bytes)"
        )
    )]
    OctalTooMany {
        asked: usize,
        most: usize,
        memory: usize,
        per_value: usize,
    },

    #[error("cannot read {path}: {reason}")]
    #[diagnostic(code(grundy::io::read), help("{help}"))]
    ReadFile {
        path: String,
        reason: String,
        /// What to check, said for where the path came from.
        help: String,
    },

    #[error("cannot write {path}: {reason}")]
    #[diagnostic(
        code(grundy::io::write),
        help("check that the folder exists and is writable")
    )]
    WriteFile { path: String, reason: String },

    #[error("--svg and --plot would both write {path}")]
    #[diagnostic(
        code(grundy::cli::same_file),
        help(
            "each option writes FILE, then FILE-2, FILE-3, ...: give --svg and --plot names that cannot meet"
        )
    )]
    SamePictureFile { path: String },

    #[error("cannot write to {stream}: {reason}")]
    #[diagnostic(
        code(grundy::io::write),
        help(
            "the answers could not be written: check the disk, file or program that {stream} goes to"
        )
    )]
    WriteStream { stream: String, reason: String },

    #[error("{name} is larger than {limit} bytes")]
    #[diagnostic(
        code(grundy::io::too_large),
        help(
            "a .game program is a text of at most 2 MiB (2,097,152 bytes); split it into files, compute long lists with a comprehension instead of writing them out, or check that the right file was given"
        )
    )]
    InputTooLarge { name: String, limit: usize },

    #[error("{name} is not UTF-8 text: invalid byte at offset {offset} (line {line})")]
    #[diagnostic(
        code(grundy::io::utf8),
        help("a .game program is UTF-8 text; re-save the file as UTF-8 or remove the byte")
    )]
    NotUtf8 {
        name: String,
        offset: usize,
        line: usize,
    },

    #[error("interrupted: {what}")]
    #[diagnostic(
        code(grundy::solve::interrupted),
        help("Ctrl-C stopped the run; what was computed before it is printed above")
    )]
    Stopped { what: String },

    #[error("cannot draw {path}: Graphviz's `dot` program is not installed")]
    #[diagnostic(
        code(grundy::io::graphviz),
        help(
            "install Graphviz (e.g. `apt-get install graphviz`), or pipe the DOT text printed above into any Graphviz viewer"
        )
    )]
    GraphvizMissing { path: String },

    #[error("Graphviz's `dot` failed: {reason}")]
    #[diagnostic(
        code(grundy::io::graphviz),
        help("the DOT text printed above is what was given to Graphviz")
    )]
    GraphvizFailed { reason: String },

    #[error("a picture of {cells} cells is too large to draw (at most {limit})")]
    #[diagnostic(
        code(grundy::picture::too_large),
        help("draw a smaller range, or leave out --plot to have the answer alone")
    )]
    PictureTooLarge { cells: usize, limit: usize },

    #[error("{message}")]
    #[diagnostic(code(grundy::usage), help("{help}"))]
    Usage { message: String, help: String },

    #[error("unknown command `:{word}`")]
    #[diagnostic(code(grundy::repl::unknown_command), help("{help}"))]
    UnknownCommand { word: String, help: String },

    #[error("`:{command}` takes no arguments")]
    #[diagnostic(code(grundy::repl::arguments), help("type `:{command}` alone"))]
    CommandArguments { command: String },

    #[error("`:{command}` needs a file name")]
    #[diagnostic(
        code(grundy::repl::arguments),
        help("e.g. `:{command} {example}` (a name ending in .png asks for PNG)")
    )]
    PictureWithoutFile { command: String, example: String },

    #[error("{message}")]
    #[diagnostic(code(grundy::repl::no_picture), help("{help}"))]
    NoPicture { message: String, help: String },

    #[error("`:load` needs a file name")]
    #[diagnostic(
        code(grundy::repl::arguments),
        help("e.g. `:load examples/kayles.game` (Tab completes paths)")
    )]
    LoadWithoutFile,

    #[error("{message}")]
    #[diagnostic(
        code(grundy::repl::help_topic),
        help("type :help for the list of topics")
    )]
    HelpTopic { message: String },
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

impl Error {
    /// The span the error is about (it says which source to show); a
    /// default span when it is about no source (see `in_source`).
    pub fn span(&self) -> Span {
        use Error::*;
        match self {
            Syntax { span, .. }
            | LineBreak { span, .. }
            | TooDeep { span, .. }
            | IntTooLarge { span, .. }
            | OctalCode { span, .. }
            | DuplicateBinding { span, .. }
            | InexactDivision { span, .. }
            | GameLiteral { span, .. }
            | BelowZero { span, .. }
            | Unbounded { span, .. }
            | UnknownName { span, .. }
            | UnknownGame { span, .. }
            | UnknownFunction { span, .. }
            | Arity { span, .. }
            | Duplicate { span, .. }
            | Type { span, .. }
            | NotAPosition { span, .. }
            | DivisionByZero { span }
            | Overflow { span, .. }
            | Index { span, .. }
            | Recursion { span, .. }
            | Uninitialized { span, .. }
            | Waiting { span, .. }
            | Value { span, .. }
            | Budget { span, .. }
            | MoveBudget { span, .. }
            | MemoryBudget { span, .. }
            | StepBudget { span, .. }
            | Cycle { span, .. }
            | Partizan { span, .. }
            | PartizanLoopy { span, .. }
            | LoopySides { span, .. }
            | PartizanLimit { span, .. }
            | Query { span, .. }
            | NotAHeapGame { span, .. }
            | MisereLoopy { span, .. }
            | MisereBudget { span, .. }
            | QueryInRules { span, .. }
            | AssertFailed { span, .. }
            | Interrupted { span } => *span,
            OctalTooMany { .. }
            | ReadFile { .. }
            | WriteFile { .. }
            | SamePictureFile { .. }
            | WriteStream { .. }
            | InputTooLarge { .. }
            | NotUtf8 { .. }
            | Stopped { .. }
            | GraphvizMissing { .. }
            | GraphvizFailed { .. }
            | UnknownCommand { .. }
            | Usage { .. }
            | PictureTooLarge { .. }
            | CommandArguments { .. }
            | LoadWithoutFile
            | PictureWithoutFile { .. }
            | NoPicture { .. }
            | HelpTopic { .. } => Span::default(),
        }
    }

    /// Whether the error points into a source text; the front ends'
    /// failures (a file, a `:command`) do not, and show none.
    pub fn in_source(&self) -> bool {
        use Error::*;
        !matches!(
            self,
            OctalTooMany { .. }
                | ReadFile { .. }
                | WriteFile { .. }
                | SamePictureFile { .. }
                | WriteStream { .. }
                | InputTooLarge { .. }
                | NotUtf8 { .. }
                | Stopped { .. }
                | GraphvizMissing { .. }
                | GraphvizFailed { .. }
                | UnknownCommand { .. }
                | CommandArguments { .. }
                | LoadWithoutFile
                | PictureWithoutFile { .. }
                | NoPicture { .. }
                | HelpTopic { .. }
        )
    }

    /// A type error (`grundy::eval::type_error`).
    pub(crate) fn type_error(
        message: impl Into<String>,
        help: impl Into<String>,
        span: Span,
    ) -> Error {
        Error::Type {
            message: message.into(),
            help: help.into(),
            span,
        }
    }

    /// A miette report with the source text attached, as `shown` makes
    /// it safe to print: control characters escaped, long lines cut.
    pub fn report(&self, sources: &Sources) -> Report {
        let src = self.span().src;
        let source = self
            .in_source()
            .then(|| (sources.name(src), sources.text(src)));
        Report::new(Shown::new(self, source))
    }

    /// A report of an error that points into no source (a file, a stream).
    pub fn report_alone(&self) -> Report {
        Report::new(Shown::new(self, None))
    }

    /// The diagnostic as plain text, no colours (for tests and pipes).
    pub fn render_plain(&self, sources: &Sources) -> String {
        let report = self.report(sources);
        let mut out = String::new();
        let handler =
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
        if handler.render_report(&mut out, report.as_ref()).is_err() {
            out = format!("{self}");
        }
        out
    }
}

/// "did you mean" for a misspelt name, from the names that exist.
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    // One-letter names are all one edit apart: nothing useful to suggest.
    if name.chars().count() < 2 {
        return None;
    }
    let lower = name.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if !c.starts_with(|ch: char| ch.is_alphabetic() || ch == '_') {
            continue; // `*`, and hidden names
        }
        // Optimal string alignment: a swap of two letters is one edit.
        let d = strsim::osa_distance(&lower, &c.to_lowercase());
        let limit = (name.len().max(c.len()) / 3).max(1);
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c.to_string())
}

/// Bytes in MiB (or GiB) for a message.
fn mib(bytes: usize) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
    } else {
        format!("{} MiB", bytes >> 20)
    }
}
