//! What a query answers, as data: printing is `present.rs`'s job.

use crate::partizan::{self, Comparison, Thermograph, ValueJson};
use crate::syntax::ast::{Play, Side};

pub use crate::digraph::Outcome;
pub use crate::misere::Genus;
pub use crate::solve::{GValue, MisereForm, PeriodAnswer};

#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Grundy {
        position: String,
        value: GValue,
    },
    Outcome {
        position: String,
        play: Play,
        /// Whether the query named the convention (text output shows it then).
        explicit: bool,
        outcome: Outcome,
    },
    Moves {
        position: String,
        moves: Vec<(String, GValue)>,
    },
    Winning {
        position: String,
        play: Play,
        explicit: bool,
        moves: Vec<String>,
    },
    Sequence {
        game: String,
        from: i64,
        values: Vec<GValue>,
    },
    Table {
        game: String,
        row_from: i64,
        col_from: i64,
        rows: Vec<Vec<GValue>>,
    },
    Period(PeriodAnswer),
    Remoteness {
        position: String,
        play: Play,
        explicit: bool,
        outcome: Outcome,
        /// Moves until the game ends when the winner hurries and the loser
        /// delays; none for a draw.
        remoteness: Option<u32>,
    },
    /// `kernels G` for a graph, `kernel P` for a position's state graph.
    Kernels {
        /// The graph's name, or the position.
        subject: String,
        of_graph: bool,
        kernels: Vec<Vec<String>>,
        /// False when the search budget ran out first.
        complete: bool,
        acyclic: bool,
        odd_cycle: bool,
    },
    KernelSequences {
        subject: String,
        of_graph: bool,
        sequences: Vec<Vec<Vec<String>>>,
        complete: bool,
        acyclic: bool,
    },
    Dot {
        subject: String,
        dot: String,
    },
    /// A bare expression's value, printed (`text`) and as JSON (`json`).
    Eval {
        text: String,
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
        play: Play,
        from: i64,
        outcomes: Vec<Outcome>,
    },
    /// `table misere ...`: outcomes by row and column.
    OutcomeTable {
        subject: String,
        play: Play,
        row_from: i64,
        col_from: i64,
        rows: Vec<Vec<Outcome>>,
    },
    /// `outcome P` of a partizan position: L, R, N or P.
    PartizanOutcome {
        position: String,
        play: Play,
        explicit: bool,
        outcome: partizan::Outcome,
    },
    /// `outcome P` of a loopy partizan position: the winner with Left and
    /// with Right moving first, or a draw.
    LoopyOutcome {
        position: String,
        play: Play,
        explicit: bool,
        outcome: partizan::loopy::LoopyOutcome,
    },
    /// `moves P` of a partizan position: each player's moves, with the
    /// value each leads to (CGSuite notation).
    PartizanMoves {
        position: String,
        left: Vec<(String, String)>,
        right: Vec<(String, String)>,
    },
    /// `winning P for left|right`.
    PartizanWinning {
        position: String,
        play: Play,
        explicit: bool,
        side: Side,
        moves: Vec<String>,
    },
    /// `value P`: the canonical form (CGSuite notation and structure).
    Value {
        position: String,
        value: ValueJson,
    },
    Thermograph {
        position: String,
        thermograph: Thermograph,
    },
    /// `compare P, Q`: how the values compare.
    Compare {
        left: String,
        right: String,
        comparison: Comparison,
    },
    /// `genus P`: Conway's genus (THEORY.md §9).
    Genus {
        position: String,
        genus: Genus,
    },
    /// `misere_form P`: the misère canonical form and its class.
    MisereForm {
        position: String,
        form: MisereForm,
    },
    /// `quotient G to n`: the misère quotient of heaps 0..=n.
    Quotient(Box<QuotientAnswer>),
    /// `WORD P` of a function marked a generic statement (`birthday P`):
    /// the function's value of P, as text and as JSON.
    Generic {
        word: &'static str,
        position: String,
        value: String,
        json: serde_json::Value,
    },
    /// `sequence n in R: EXPR` of an expression that is not a position:
    /// each value as text and as JSON.
    Values {
        subject: String,
        from: i64,
        cells: Vec<(String, serde_json::Value)>,
    },
    /// `table a in R, b in S: EXPR` of an expression that is not a position.
    ValueTable {
        subject: String,
        row_from: i64,
        col_from: i64,
        rows: Vec<Vec<(String, serde_json::Value)>>,
    },
}

/// What `quotient G to n` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct QuotientAnswer {
    pub game: String,
    pub max_heap: u64,
    pub order: usize,
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

impl Answer {
    /// The query word an answer's heading and JSON `query` field name: its
    /// registry entry's name (`eval` and `assert` for the statements with
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
