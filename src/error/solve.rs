//! The solver and the theory it applies: position budgets, games that do not end, partizan and misère refusals.

use miette::Diagnostic;
use thiserror::Error;

use crate::source::Span;

/// The solver and the theory it applies: position budgets, games that do not end, partizan and misère refusals.
#[derive(Debug, Clone, Error, Diagnostic)]
pub enum SolveError {
    /// `grundy::solve::budget`: position budget exceeded: {game} reaches more than {budget} positions.
    #[error("position budget exceeded: {game} reaches more than {budget} positions")]
    #[diagnostic(
        code(grundy::solve::budget),
        help(
            "the game may be unbounded (a move that grows the position); if it is finite but large, raise the budget with --max-positions (e.g. --max-positions {})", super::raised(*budget as u64)
        )
    )]
    Budget {
        /// The game's name.
        game: String,
        /// The budget.
        budget: usize,
        /// Where in the text.
        #[label("expanding this needs more than {budget} positions")]
        span: Span,
    },

    /// `grundy::solve::below_zero`: the game runs below zero: {moved}.
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
        /// What the label says.
        label: String,
        /// The query, when the main label is on the move line.
        #[label("this query reaches the position below zero")]
        query: Option<Span>,
    },

    /// `grundy::solve::unbounded`: this game may not be finite: {chain}.
    #[error("this game may not be finite: {chain}")]
    #[diagnostic(code(grundy::solve::unbounded), help("{help}"))]
    Unbounded {
        /// "a chain of N moves, each to a new position, goes from G(0) to
        /// G(N), and it is longer than the depth limit of N - 1 moves".
        chain: String,
        /// How to fix it.
        help: String,
        /// The move line that made `reached` (or the query, when not found).
        #[label(primary, "{label}")]
        span: Span,
        /// What the label says.
        label: String,
        /// The query, when the main label is on the move line.
        #[label("the chain starts at this query's position")]
        query: Option<Span>,
    },

    /// `grundy::solve::move_budget`: move budget exceeded: {game} has more than {budget} moves among its positions.
    #[error("move budget exceeded: {game} has more than {budget} moves among its positions")]
    #[diagnostic(
        code(grundy::solve::move_budget),
        help(
            "the game may be unbounded (a move that grows the position); the move budget grows with --max-positions (e.g. --max-positions {})", super::positions_for_more_moves(*budget)
        )
    )]
    MoveBudget {
        /// The game's name.
        game: String,
        /// The budget.
        budget: usize,
        /// Where in the text.
        #[label("expanding this needs more than {budget} moves")]
        span: Span,
    },

    /// `grundy::solve::cycle`: the game has a cycle: {path}.
    #[error("the game has a cycle: {path}")]
    #[diagnostic(
        code(grundy::solve::cycle),
        help(
            "grundy values and outcomes here need a finite game without cycles; check that every move makes the position smaller"
        )
    )]
    Cycle {
        /// The file.
        path: String,
        /// Where in the text.
        #[label("a play from here can go on forever")]
        span: Span,
    },

    /// `grundy::solve::partizan`: `{game}` is a partizan game: `{query}` is defined for impartial games only.
    #[error("`{game}` is a partizan game: `{query}` is defined for impartial games only")]
    #[diagnostic(
        code(grundy::solve::partizan),
        help(
            "Left and Right have different moves, so there is no Grundy value; ask `value`, `outcome` or `winning P for left` instead"
        )
    )]
    Partizan {
        /// The game's name.
        game: String,
        /// The query's word.
        query: String,
        /// Where in the text.
        #[label("this position has separate Left and Right moves")]
        span: Span,
    },

    /// `grundy::partizan::loopy`: the partizan game has a cycle: {path}.
    #[error("the partizan game has a cycle: {path}")]
    #[diagnostic(
        code(grundy::partizan::loopy),
        help(
            "`outcome` and `winning` answer for any loopy partizan position (D: a draw, play goes on forever); `value` gives a stopper's simplest form and another position's onside & offside (by sidling), `compare` compares stoppers and positions whose sides are found; means, temperatures and thermographs of loopy games are not computed"
        )
    )]
    PartizanLoopy {
        /// The file.
        path: String,
        /// Where in the text.
        #[label("a play from here can go on forever")]
        span: Span,
    },

    /// `grundy::partizan::sides`: {message}.
    #[error("{message}")]
    #[diagnostic(
        code(grundy::partizan::sides),
        help(
            "the stopper operations (upsum, downsum, degree, the varieties) find a sum's side by sidling (THEORY.md §6.9), whose rounds are stoppers and which did not reach a fixed point: the side is no stopper, as for Grenville's unstable game (§6.17); the sum itself is still a value (`G + H`, sides that are no stoppers, §6.18)"
        )
    )]
    LoopySides {
        /// What went wrong.
        message: String,
        /// Where in the text.
        #[label("the value of this position")]
        span: Span,
    },

    /// `grundy::partizan::limit`: {message}.
    #[error("{message}")]
    #[diagnostic(code(grundy::partizan::limit), help("{help}"))]
    PartizanLimit {
        /// What went wrong.
        message: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("computing this value")]
        span: Span,
    },

    /// `grundy::misere::not_a_heap_game`: `{game}` is not a heap game: {reason}.
    #[error("`{game}` is not a heap game: {reason}")]
    #[diagnostic(
        code(grundy::misere::not_a_heap_game),
        help(
            "`quotient` takes an octal, hex or subtraction game, or a rule game of one integer parameter whose moves leave sums of smaller heaps of the same game"
        )
    )]
    NotAHeapGame {
        /// The game's name.
        game: String,
        /// Why, as the system said.
        reason: String,
        /// Where in the text.
        #[label("not a heap game")]
        span: Span,
    },

    /// `grundy::misere::loopy`: the misère computation is loopy: {what}.
    #[error("the misère computation is loopy: {what}")]
    #[diagnostic(
        code(grundy::misere::loopy),
        help(
            "genus, misère canonical forms and quotients are defined for games that end; `outcome misere` analyses loopy games"
        )
    )]
    MisereLoopy {
        /// What it is about.
        what: String,
        /// Where in the text.
        #[label("this game does not end")]
        span: Span,
    },

    /// `grundy::misere::universe`: a position outside the universe a misère
    /// comparison is asked modulo.
    #[error("{position} is not in the {universe} universe: {why}")]
    #[diagnostic(
        code(grundy::misere::universe),
        help(
            "comparison and forms modulo a universe hold for games of that universe only: `dicot` games give both players a move or neither in every position (Clobber), `dead_ending` games never give a move back to a player who has run out (Domineering, Col)"
        )
    )]
    OutsideUniverse {
        /// The position as written.
        position: String,
        /// The universe's name.
        universe: &'static str,
        /// The move or position that leaves it.
        why: String,
        /// Where in the text.
        #[label("not {universe}")]
        span: Span,
    },

    /// `grundy::misere::budget`: misère budget exceeded: {what}.
    #[error("misère budget exceeded: {what}")]
    #[diagnostic(code(grundy::misere::budget), help("{help}"))]
    MisereBudget {
        /// What it is about.
        what: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("more than the budget allows")]
        span: Span,
    },
}

impl SolveError {
    /// Where in a text it points; None when it points into no text.
    pub fn span(&self) -> Option<Span> {
        match self {
            SolveError::Budget { span, .. }
            | SolveError::BelowZero { span, .. }
            | SolveError::Unbounded { span, .. }
            | SolveError::MoveBudget { span, .. }
            | SolveError::Cycle { span, .. }
            | SolveError::Partizan { span, .. }
            | SolveError::PartizanLoopy { span, .. }
            | SolveError::LoopySides { span, .. }
            | SolveError::PartizanLimit { span, .. }
            | SolveError::NotAHeapGame { span, .. }
            | SolveError::MisereLoopy { span, .. }
            | SolveError::OutsideUniverse { span, .. }
            | SolveError::MisereBudget { span, .. } => Some(*span),
        }
    }
}
