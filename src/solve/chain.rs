//! Chains of new positions: the signs that a game may never end, turned
//! into diagnostics. Every search of the solver (the Grundy DFS, the
//! partizan DFS, the misère DFSs, the breadth-first sum graph) follows
//! chains of moves whose positions are all different (a repeat would be a
//! cycle). A finite game's chains end; a move line that keeps making new
//! positions (`move G(n + 1)`, `move S(s + [1])`) makes one chain that
//! never does. A chain longer than `--max-depth` moves stops the query
//! with `grundy::solve::unbounded`: a limit, reported as one ("may not be
//! finite"), never a verdict. A position or memory budget that runs out
//! while one chain holds most of the query's positions is reported the
//! same way, naming the budget. The error names the chain's start, the
//! position it reached and the move line that made it, found only then
//! by listing the last position's move lines again
//! (`GameKind::move_line`).

use crate::error::Error;
use crate::error::{LimitError, SolveError};
use crate::model::Ctx;
use crate::source::Span;

use super::Solver;

/// Chains shorter than this never turn a budget's error into
/// `grundy::solve::unbounded`: a big finite game is no runaway chain.
const CHAIN_MIN: usize = 1_000;

/// Why a chain stopped: it passed `--max-depth`, or a budget ran out
/// while it grew.
pub(super) enum Why<'e> {
    Depth,
    Budget(&'e Error),
}

/// One end of a move of the chain: a component, or a sum of them
/// (misère play and sum graphs follow sums).
#[derive(Clone, Copy)]
pub(super) enum At<'a> {
    Comp(u32),
    Sum(&'a [u32]),
}

impl Solver {
    /// The span of the move line that made component `child` (alone or in
    /// a sum) from component `parent`, if its kind has move lines.
    pub(super) fn line_making(&self, cx: &Ctx, parent: u32, child: u32) -> Option<Span> {
        let p = self.comp(parent);
        cx.defs
            .game(p.game)
            .kind
            .move_line(cx, p.game, &p.args, self.comp(child))
    }

    /// Whether a budget's error met while `depth` positions are on the
    /// search's path is better told as a runaway chain: the path is long
    /// and holds at least half the positions the query added.
    pub(super) fn chain_like(&self, depth: usize, e: &Error) -> bool {
        matches!(
            e,
            Error::Solve(SolveError::Budget { .. } | SolveError::MoveBudget { .. })
                | Error::Limit(LimitError::MemoryBudget { .. })
        ) && depth >= CHAIN_MIN
            && depth.saturating_mul(2) >= self.comps.len() - self.base.comps
    }

    /// The error `e` of a budget met while the chain `ends` of `depth`
    /// moves was growing: `grundy::solve::unbounded` naming the budget
    /// when the chain holds most of the query's positions and grows,
    /// else `e`.
    #[cold]
    #[inline(never)]
    pub(super) fn chain_or(&self, cx: &Ctx, ends: [At; 3], depth: usize, e: Error) -> Error {
        // Only a chain that grows (its last position prints longer than
        // where it started: `Up(0)` to `Up(999999)`, a list that keeps
        // getting longer) is told as a runaway; a finite game walked down
        // a long chain (`G(20000)` to `G(15003)`) keeps its budget's error.
        let grows = || self.at_text(cx, ends[2]).len() > self.at_text(cx, ends[0]).len();
        if self.chain_like(depth, &e) && grows() {
            self.chain_error(cx, ends, depth, Why::Budget(&e))
        } else {
            e
        }
    }

    /// `grundy::solve::unbounded` for a chain of `depth` moves from
    /// `ends[0]`, whose last move goes from `ends[1]` to `ends[2]`.
    #[cold]
    #[inline(never)]
    pub(super) fn chain_error(&self, cx: &Ctx, ends: [At; 3], depth: usize, why: Why) -> Error {
        let [start, from, reached] = ends;
        let (why, flag) = match why {
            Why::Depth => (
                format!(
                    "it is longer than the depth limit of {} moves",
                    cx.limits.max_depth
                ),
                "--max-depth",
            ),
            Why::Budget(Error::Limit(LimitError::MemoryBudget { .. })) => (
                "the memory budget ran out on the way".to_string(),
                "--max-memory",
            ),
            Why::Budget(_) => (
                "the position budget ran out on the way".to_string(),
                "--max-positions",
            ),
        };
        let (name_from, name_reached) = (self.at_text(cx, from), self.at_text(cx, reached));
        let line = Self::mover(from, reached).and_then(|(p, c)| self.line_making(cx, p, c));
        let (span, label, query) = blame(
            cx,
            line,
            format!("this move line makes {name_reached} from {name_from}"),
            format!("this reaches {name_reached} by {depth} moves, each to a new position"),
        );
        let start = self.at_text(cx, start);
        SolveError::Unbounded {
            chain: format!(
                "a chain of {depth} moves, each to a new position, goes from {start} to {name_reached}, and {why}"
            ),
            help: format!(
                "a move line that makes a new position every time needs a guard or a bound, so that every chain of moves ends (`move G(n + 1) if n < 100`, `move S(s + [1]) if len(s) < 10`); only if the game is finite but this deep, raise {flag}"
            ),
            span,
            label,
            query,
        }.into()
    }

    /// A component or a sum as text (`0` for the empty sum), cut to
    /// `SHOWN` characters.
    fn at_text(&self, cx: &Ctx, at: At) -> String {
        const SHOWN: usize = 60;
        let text = match at {
            At::Comp(c) => self.comp_name(cx.defs, c),
            At::Sum([]) => "0".into(),
            At::Sum(cs) => cs
                .iter()
                .map(|&c| self.comp_name(cx.defs, c))
                .collect::<Vec<_>>()
                .join(" + "),
        };
        if text.chars().count() <= SHOWN {
            return text;
        }
        let cut: String = text.chars().take(SHOWN - 1).collect();
        format!("{cut}…")
    }

    /// The component that moved and a part of its option: for sums (sorted
    /// multisets), the first component of `from` missing from `to` and the
    /// first of `to` missing from `from`.
    fn mover(from: At, to: At) -> Option<(u32, u32)> {
        match (from, to) {
            (At::Comp(a), At::Comp(b)) => Some((a, b)),
            (At::Comp(a), At::Sum(bs)) => bs.first().map(|&b| (a, b)),
            (At::Sum(a), At::Sum(b)) => Some((first_missing(a, b)?, first_missing(b, a)?)),
            (At::Sum(a), At::Comp(b)) => Some((first_missing(a, &[b])?, b)),
        }
    }
}

/// The first element of the sorted multiset `a` not matched in `b`.
fn first_missing(a: &[u32], b: &[u32]) -> Option<u32> {
    let (mut i, mut j) = (0, 0);
    while i < a.len() {
        if j < b.len() && a[i] == b[j] {
            i += 1;
            j += 1;
        } else if j < b.len() && b[j] < a[i] {
            j += 1;
        } else {
            return Some(a[i]);
        }
    }
    None
}

/// Where a diagnostic about a position a move made points: the move line,
/// labelled `on_line`, when it is known and in the query's text, with the
/// query as a second label; else the query alone, labelled `on_query`.
pub(super) fn blame(
    cx: &Ctx,
    line: Option<Span>,
    on_line: String,
    on_query: String,
) -> (Span, String, Option<Span>) {
    match line {
        Some(l) if l.src == cx.span.src && l != cx.span => (l, on_line, Some(cx.span)),
        _ => (cx.span, on_query, None),
    }
}
