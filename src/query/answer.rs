//! What a query answers, as data: printing is `present.rs`'s job.

use crate::partizan::{self, Comparison, Thermograph, ValueJson};
use crate::syntax::ast::{Play, Side};

pub use crate::digraph::Outcome;
pub use crate::misere::Genus;
pub use crate::solve::{GValue, MisereForm, PeriodAnswer};

/// What a query answers, as data: [`crate::render`] prints it as text,
/// JSON or a picture. One variant per shape of answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// `grundy P`: the Grundy value (γ when the game is loopy).
    Grundy {
        /// The position asked about, as the heading shows it.
        position: String,
        /// The value.
        value: GValue,
    },
    /// `outcome P` of an impartial position.
    Outcome {
        /// The position asked about, as the heading shows it.
        position: String,
        /// The convention: normal or misère play.
        play: Play,
        /// Whether the query named the convention (text output shows it then).
        explicit: bool,
        /// The outcome class.
        outcome: Outcome,
    },
    /// `moves P` of an impartial position: each option with its value.
    Moves {
        /// The position asked about, as the heading shows it.
        position: String,
        /// The moves, each to a position as written.
        moves: Vec<(String, GValue)>,
    },
    /// `winning P`: the winning moves of an impartial position.
    Winning {
        /// The position asked about, as the heading shows it.
        position: String,
        /// The convention: normal or misère play.
        play: Play,
        /// Whether the query named the convention (the text shows it then).
        explicit: bool,
        /// The moves, each to a position as written.
        moves: Vec<String>,
    },
    /// `sequence G a..b`: the values of a one-parameter game.
    Sequence {
        /// The game's name.
        game: String,
        /// The first parameter (the values are of `from`, `from + 1`, ...).
        from: i64,
        /// The values, in order.
        values: Vec<GValue>,
    },
    /// `table G a..b, c..d`: the values of a two-parameter game.
    Table {
        /// The game's name.
        game: String,
        /// The first row's parameter.
        row_from: i64,
        /// The first column's parameter.
        col_from: i64,
        /// The cells, row by row.
        rows: Vec<Vec<GValue>>,
    },
    /// `period G`: a period of a one-parameter game's values, proved or apparent.
    Period(PeriodAnswer),
    /// `remoteness P`: the outcome and how many moves the game lasts.
    Remoteness {
        /// The position asked about, as the heading shows it.
        position: String,
        /// The convention: normal or misère play.
        play: Play,
        /// Whether the query named the convention (the text shows it then).
        explicit: bool,
        /// The outcome class.
        outcome: Outcome,
        /// Moves until the game ends when the winner hurries and the loser
        /// delays; none for a draw.
        remoteness: Option<u32>,
    },
    /// `kernels G` for a graph, `kernel P` for a position's state graph.
    Kernels {
        /// The graph's name, or the position.
        subject: String,
        /// Whether it is about a declared graph (`kernels G`) rather than a position's state graph.
        of_graph: bool,
        /// Each kernel, its vertices by name.
        kernels: Vec<Vec<String>>,
        /// False when the search budget ran out first.
        complete: bool,
        /// Whether the graph has no cycle (then its kernel is unique).
        acyclic: bool,
        /// Whether the graph has an odd cycle (then a kernel may not exist).
        odd_cycle: bool,
    },
    /// `kernel_sequences G`: the kernel sequences of a graph or a position's state graph.
    KernelSequences {
        /// The game's or graph's name, or the position.
        subject: String,
        /// Whether it is about a declared graph (`kernels G`) rather than a position's state graph.
        of_graph: bool,
        /// Each kernel sequence: its kernels, each by vertex names.
        sequences: Vec<Vec<Vec<String>>>,
        /// False when the search budget ran out first: the list is truncated.
        complete: bool,
        /// Whether the graph has no cycle (then its kernel is unique).
        acyclic: bool,
    },
    /// `dot G` or `dot P`: a graph in Graphviz DOT.
    Dot {
        /// The game's or graph's name, or the position.
        subject: String,
        /// The graph in Graphviz DOT.
        dot: String,
    },
    /// A bare expression's value, printed (`text`) and as JSON (`json`).
    Eval {
        /// The text as printed.
        text: String,
        /// The value as JSON.
        json: serde_json::Value,
    },
    /// An `assert` that held (one that fails is a diagnostic).
    Assert {
        /// The condition as written.
        text: String,
    },
    /// `sequence misere ...`: outcomes, one per value of the binding.
    Outcomes {
        /// The game's name, or the expression with its binding.
        subject: String,
        /// The convention: normal or misère play.
        play: Play,
        /// The first parameter (the values are of `from`, `from + 1`, ...).
        from: i64,
        /// The outcomes, in order.
        outcomes: Vec<Outcome>,
    },
    /// `table misere ...`: outcomes by row and column.
    OutcomeTable {
        /// The game's or graph's name, or the position.
        subject: String,
        /// The convention: normal or misère play.
        play: Play,
        /// The first row's parameter.
        row_from: i64,
        /// The first column's parameter.
        col_from: i64,
        /// The cells, row by row.
        rows: Vec<Vec<Outcome>>,
    },
    /// `outcome P` of a partizan position: L, R, N or P.
    PartizanOutcome {
        /// The position asked about, as the heading shows it.
        position: String,
        /// The convention: normal or misère play.
        play: Play,
        /// Whether the query named the convention (the text shows it then).
        explicit: bool,
        /// The outcome class.
        outcome: partizan::Outcome,
        /// How a search found it (`outcome P by search`).
        searched: Option<Searched>,
    },
    /// `outcome P` of a loopy partizan position: the winner with Left and
    /// with Right moving first, or a draw.
    LoopyOutcome {
        /// The position asked about, as the heading shows it.
        position: String,
        /// The convention: normal or misère play.
        play: Play,
        /// Whether the query named the convention (the text shows it then).
        explicit: bool,
        /// The outcome class.
        outcome: partizan::loopy::LoopyOutcome,
    },
    /// `moves P` of a partizan position: each player's moves, with the
    /// value each leads to (CGSuite notation).
    PartizanMoves {
        /// The position asked about, as the heading shows it.
        position: String,
        /// Left's side.
        left: Vec<(String, String)>,
        /// Right's side.
        right: Vec<(String, String)>,
    },
    /// `winning P for left|right`.
    PartizanWinning {
        /// The position asked about, as the heading shows it.
        position: String,
        /// The convention: normal or misère play.
        play: Play,
        /// Whether the query named the convention (the text shows it then).
        explicit: bool,
        /// The player the moves are for.
        side: Side,
        /// The moves, each to a position as written.
        moves: Vec<String>,
        /// How a search found them (`winning P for left by search`).
        searched: Option<Searched>,
    },
    /// `value P`: the canonical form (CGSuite notation and structure).
    Value {
        /// The position asked about, as the heading shows it.
        position: String,
        /// The value.
        value: ValueJson,
    },
    /// `thermograph P`: the thermograph (CGSuite's text form).
    Thermograph {
        /// The position asked about, as the heading shows it.
        position: String,
        /// The thermograph.
        thermograph: Thermograph,
    },
    /// `compare P, Q`: how the values compare.
    Compare {
        /// Left's side.
        left: String,
        /// Right's side.
        right: String,
        /// How the first compares with the second.
        comparison: Comparison,
    },
    /// `genus P`: Conway's genus (THEORY.md §9).
    Genus {
        /// The position asked about, as the heading shows it.
        position: String,
        /// The genus.
        genus: Genus,
    },
    /// `misere_form P`: the misère canonical form and its class.
    MisereForm {
        /// The position asked about, as the heading shows it.
        position: String,
        /// The misère canonical form.
        form: MisereForm,
    },
    /// `quotient G to n`: the misère quotient of heaps 0..=n.
    Quotient(Box<QuotientAnswer>),
    /// `WORD P` of a function marked a generic statement (`birthday P`):
    /// the function's value of P, as text and as JSON.
    Generic {
        /// The statement's word (its library entry's name).
        word: &'static str,
        /// The position asked about, as the heading shows it.
        position: String,
        /// The value.
        value: String,
        /// The value as JSON.
        json: serde_json::Value,
    },
    /// `sequence n in R: EXPR` of an expression that is not a position:
    /// each value as text and as JSON.
    Values {
        /// The game's or graph's name, or the position.
        subject: String,
        /// The first parameter (the values are of `from`, `from + 1`, ...).
        from: i64,
        /// Each value as text and as JSON.
        cells: Vec<(String, serde_json::Value)>,
    },
    /// `table a in R, b in S: EXPR` of an expression that is not a position.
    ValueTable {
        /// The game's or graph's name, or the position.
        subject: String,
        /// The first row's parameter.
        row_from: i64,
        /// The first column's parameter.
        col_from: i64,
        /// The cells, row by row.
        rows: Vec<Vec<(String, serde_json::Value)>>,
    },
}

/// What `quotient G to n` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct QuotientAnswer {
    /// The game's name.
    pub game: String,
    /// The largest heap the quotient was computed to.
    pub max_heap: u64,
    /// How many elements the quotient has.
    pub order: usize,
    /// Its presentation: generators and relations.
    pub presentation: String,
    /// The P-portion's elements, as words.
    pub p_portion: Vec<String>,
    /// Heap h's element, for h = 0..=max_heap.
    pub pretending: Vec<String>,
    /// The smallest m from which the quotients of heaps 0..=m up to n all
    /// had the same order and generators (observed, not proved).
    pub unchanged_since: u64,
    /// A period of the pretending function proved within heaps 0..=n
    /// (THEORY.md §9.7): then this is the quotient of all heaps.
    pub proved: Option<crate::misere::QuotientPeriod>,
    /// The library's full JSON of the quotient.
    pub json: serde_json::Value,
}

/// How `by search` found an outcome or winning moves: the positions the
/// search expanded, and a winning first move for each player who has one
/// (for `outcome`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Searched {
    /// Positions expanded.
    pub positions: u64,
    /// A winning first move for Left, as the position it leads to.
    pub left_move: Option<String>,
    /// A winning first move for Right.
    pub right_move: Option<String>,
    /// Decided positions the transposition table dropped to make room (0
    /// when it never filled).
    pub dropped: u64,
}

impl Answer {
    /// The query word an answer's heading and JSON `query` field name: its
    /// library entry's name (`eval` and `assert` for the statements with
    /// no word of their own).
    pub fn word(&self) -> &'static str {
        use crate::library::Shape;
        match self {
            Answer::Grundy { .. } => Shape::Grundy.name(),
            Answer::Outcome { .. }
            | Answer::PartizanOutcome { .. }
            | Answer::LoopyOutcome { .. } => Shape::Outcome.name(),
            Answer::Winning { .. } | Answer::PartizanWinning { .. } => Shape::Winning.name(),
            Answer::Remoteness { .. } => Shape::Remoteness.name(),
            Answer::Moves { .. } | Answer::PartizanMoves { .. } => Shape::Moves.name(),
            Answer::Sequence { .. } | Answer::Outcomes { .. } | Answer::Values { .. } => {
                Shape::Sequence.name()
            }
            Answer::Table { .. } | Answer::OutcomeTable { .. } | Answer::ValueTable { .. } => {
                Shape::Table.name()
            }
            Answer::Period(_) => Shape::Period.name(),
            Answer::Kernels { of_graph: true, .. } => Shape::Kernels.name(),
            Answer::Kernels { .. } => Shape::Kernel.name(),
            Answer::KernelSequences { .. } => Shape::KernelSequences.name(),
            Answer::Dot { .. } => Shape::Dot.name(),
            Answer::Generic { word, .. } => word,
            Answer::Eval { .. } => "eval",
            Answer::Assert { .. } => "assert",
            Answer::Value { .. } => Shape::Value.name(),
            Answer::Thermograph { .. } => Shape::Thermograph.name(),
            Answer::Compare { .. } => Shape::Compare.name(),
            Answer::Genus { .. } => Shape::Genus.name(),
            Answer::MisereForm { .. } => Shape::MisereForm.name(),
            Answer::Quotient(_) => Shape::Quotient.name(),
        }
    }
}

pub(crate) fn who_wins(o: Outcome) -> &'static str {
    match o {
        Outcome::P => "the previous player wins",
        Outcome::N => "the next player wins",
        Outcome::D => "a draw: neither player can force a win",
    }
}

pub(crate) fn play_word(p: Play, explicit: bool) -> &'static str {
    match p {
        Play::Normal if explicit => " normal",
        Play::Normal => "",
        Play::Misere => " misere",
    }
}
