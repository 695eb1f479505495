//! Loopy partizan play (THEORY.md §6.9): when a partizan position has a
//! cycle, its outcome (with draws) comes from retrograde analysis on the
//! sum's own reachable positions (sorted multisets of components, the
//! product graph only as far as play reaches); `value` of a stopper is
//! its simplest form, of another position its onside & offside by
//! sidling, and `compare` plays on differences of stoppers or of sides
//! (`partizan::loopy`).

use std::collections::HashMap;

use rustc_hash::FxBuildHasher;

use crate::error::AtSpan;
use crate::error::SolveError;
use crate::error::{Error, Result};
use crate::model::{Ctx, Side};
use crate::partizan::loopy::{self, LoopyOutcome, Play as LPlay, SidedGraph, SidedValue, Winner};
use crate::partizan::{Comparison, Outcome, ValueJson};
use crate::vocab::Play;

use super::{SidedMove, Solver};

/// Steps of `--max-steps` a vertex of a sum's loopy graph costs
/// (`loopy_graph`), and each of its edges: about 4 µs a vertex of two
/// moves, some 500 turns of the lightest loops (docs/PERFORMANCE.md,
/// "What a step costs").
const GRAPH_VERTEX_STEPS: u64 = 256;
const GRAPH_EDGE_STEPS: u64 = 64;

/// Each reachable position (a sorted multiset of components) and its vertex.
type Positions = HashMap<Vec<u32>, u32, FxBuildHasher>;

/// The outcome of a partizan sum: a short game's class, or a loopy one's.
#[derive(Clone, Copy, Debug)]
pub enum AnyOutcome {
    Short(Outcome),
    Loopy(LoopyOutcome),
}

impl Solver {
    /// The state graph of the sum `ids`: every position reachable by
    /// either player's moves, vertex 0 the sum itself.
    pub(crate) fn loopy_graph(&mut self, cx: &Ctx, ids: &[u32]) -> Result<SidedGraph> {
        Ok(self.loopy_graph_indexed(cx, ids)?.0)
    }

    /// `loopy_graph` with each position's vertex.
    fn loopy_graph_indexed(&mut self, cx: &Ctx, ids: &[u32]) -> Result<(SidedGraph, Positions)> {
        let mut root = ids.to_vec();
        root.sort_unstable();
        let mut index: HashMap<Vec<u32>, u32, FxBuildHasher> = HashMap::default();
        let mut nodes: Vec<Vec<u32>> = vec![root.clone()];
        index.insert(root, 0);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut next = 0;
        while next < nodes.len() {
            // A vertex costs its two sides' listing, hashing each child's
            // parts and storing the new ones: a few microseconds.
            cx.advance(GRAPH_VERTEX_STEPS)?;
            let node = nodes[next].clone();
            next += 1;
            for side in [Side::Left, Side::Right] {
                let mut out = Vec::new();
                for (_, child) in self.sided_children(cx, &node, side)? {
                    let id = match index.get(&child) {
                        Some(&id) => id,
                        None => {
                            if nodes.len() >= cx.limits.max_positions {
                                return Err(SolveError::Budget {
                                    game: self.comp_name(cx.defs, *node.first().unwrap_or(&0)),
                                    budget: cx.limits.max_positions,
                                    span: cx.span,
                                }
                                .into());
                            }
                            let id = nodes.len() as u32;
                            index.insert(child.clone(), id);
                            nodes.push(child);
                            id
                        }
                    };
                    cx.advance(GRAPH_EDGE_STEPS)?;
                    out.push(id);
                }
                match side {
                    Side::Left => left.push(out),
                    Side::Right => right.push(out),
                }
            }
        }
        Ok((SidedGraph::new(left, right), index))
    }

    /// The moves of `side` in the sum `ids` (as written) that keep its win
    /// in `play`: by values when the sum is short, else to the positions
    /// the retrograde analysis finds won by `side` with the opponent to
    /// move. (A move that only keeps a draw is not listed.)
    pub(crate) fn partizan_winning_any(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
        side: Side,
        play: Play,
    ) -> Result<Vec<SidedMove>> {
        let short = match play {
            Play::Normal => self.partizan_winning(cx, ids, side),
            Play::Misere => self.partizan_misere_winning(cx, ids, side),
        };
        let Err(Error::Solve(SolveError::PartizanLoopy { .. })) = short else {
            return short;
        };
        let (g, index) = self.loopy_graph_indexed(cx, ids)?;
        let lplay = match play {
            Play::Normal => LPlay::Normal,
            Play::Misere => LPlay::Misere,
        };
        let o = loopy::outcomes(&g, lplay);
        let mut out = Vec::new();
        for (m, child) in self.sided_children(cx, ids, side)? {
            let Some(&v) = index.get(&child) else {
                continue;
            };
            let o = o[v as usize];
            let keeps = match side {
                Side::Left => o.right_first == Winner::Left,
                Side::Right => o.left_first == Winner::Right,
            };
            if keeps {
                out.push(m);
            }
        }
        Ok(out)
    }

    /// The outcome of a partizan sum in `play`: by values when it is short,
    /// else (a cycle met) by retrograde analysis with draws.
    pub(crate) fn partizan_outcome_any(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
        play: Play,
    ) -> Result<AnyOutcome> {
        let short = match play {
            Play::Normal => self
                .partizan_sum(cx, ids)
                .map(|v| self.partizan.store.outcome(v)),
            Play::Misere => self.partizan_misere_outcome(cx, ids),
        };
        match short {
            Err(Error::Solve(SolveError::PartizanLoopy { .. })) => {
                let g = self.loopy_graph(cx, ids)?;
                let lplay = match play {
                    Play::Normal => LPlay::Normal,
                    Play::Misere => LPlay::Misere,
                };
                Ok(AnyOutcome::Loopy(loopy::outcomes(&g, lplay)[0]))
            }
            other => other.map(AnyOutcome::Short),
        }
    }

    /// The value of a loopy sum: a stopper's simplest form; otherwise its
    /// onside and offside by sidling (`dud` for on & off), or the coded
    /// error saying the sides did not settle.
    pub(crate) fn loopy_value(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
        _refused: Error,
    ) -> Result<ValueJson> {
        let g = self.loopy_graph(cx, ids)?;
        let v = crate::model::loopy_value::sided_value(cx, &g, 0, cx.span)?;
        self.loopy_json(cx, &v)
    }

    /// The value of the sum `ids` as a value of the loopy theory: a short
    /// sum's canonical form as a stopper, else the value of its graph.
    pub(crate) fn sided_value_of(&mut self, cx: &Ctx, ids: &[u32]) -> Result<SidedValue> {
        match self.partizan_sum(cx, ids) {
            Ok(id) => {
                let cap = crate::model::loopy_value::stopper_cap(cx);
                let s = loopy::Stopper::short(&mut self.partizan.store, id, cap.0);
                match Self::store_result(cx, s)? {
                    Some(s) => Ok(SidedValue::of_stopper(s)),
                    None => Err(crate::model::loopy_value::too_large(
                        cx,
                        cap,
                        "the game as a graph".into(),
                        cx.span,
                    )),
                }
            }
            Err(Error::Solve(SolveError::PartizanLoopy { .. })) => {
                let g = self.loopy_graph(cx, ids)?;
                crate::model::loopy_value::sided_value(cx, &g, 0, cx.span)
            }
            Err(e) => Err(e),
        }
    }

    /// A loopy value as the `value` query answers it
    /// (`model::loopy_value::loopy_json`), the store's limits as a coded
    /// error.
    pub(crate) fn loopy_json(&mut self, cx: &Ctx, v: &SidedValue) -> Result<ValueJson> {
        let j = crate::model::loopy_value::loopy_json(&mut self.partizan.store, v);
        Self::store_result(cx, j)
    }

    /// A store's answer, its failures as diagnostics (Ctrl-C and the
    /// budgets as themselves).
    fn store_result<T>(
        cx: &Ctx,
        r: std::result::Result<T, crate::partizan::PartizanError>,
    ) -> Result<T> {
        r.map_err(|e| e.at(cx.span))
    }

    /// `a` against `b` when either is loopy: stoppers by play on the
    /// differences; other positions by their sides, `G ≥ H` exactly when
    /// the onside of G is at least H's and the offside too.
    pub(crate) fn loopy_compare(
        &mut self,
        cx: &Ctx,
        a: &[u32],
        b: &[u32],
        _refused: Error,
    ) -> Result<Comparison> {
        let ga = self.loopy_graph(cx, a)?;
        let gb = self.loopy_graph(cx, b)?;
        let max = cx.limits.max_positions;
        let (sa, sb) = match (
            Self::sides_of(cx, ga.clone()),
            Self::sides_of(cx, gb.clone()),
        ) {
            (Ok(sa), Ok(sb)) => (sa, sb),
            (Err(Error::Solve(SolveError::LoopySides { .. })), _)
            | (_, Err(Error::Solve(SolveError::LoopySides { .. }))) => {
                return Self::compare_by_sides(cx, &ga, &gb, max);
            }
            (Err(e), _) | (_, Err(e)) => return Err(e),
        };
        let geq = |x: &[(SidedGraph, u32); 2], y: &[(SidedGraph, u32); 2]| -> Result<bool> {
            for k in 0..2 {
                let (gx, vx) = &x[k];
                let (gy, vy) = &y[k];
                if !Self::within(cx, |stop| loopy::stopper_geq(gx, *vx, gy, *vy, max, stop))? {
                    return Ok(false);
                }
            }
            Ok(true)
        };
        let ge = geq(&sa, &sb)?;
        let le = geq(&sb, &sa)?;
        Ok(match (ge, le) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Greater,
            (false, true) => Comparison::Less,
            (false, false) => Comparison::Confused,
        })
    }

    /// `a` against `b` (vertex 0 of each) side by side, by play on the
    /// difference of the games themselves (THEORY.md §6.18): for games
    /// whose sides are no stoppers, which sidling cannot find.
    fn compare_by_sides(
        cx: &Ctx,
        ga: &SidedGraph,
        gb: &SidedGraph,
        max: usize,
    ) -> Result<Comparison> {
        let geq = |x: &SidedGraph, y: &SidedGraph| -> Result<bool> {
            for onside in [true, false] {
                if !Self::within(cx, |stop| loopy::side_geq(x, 0, y, 0, onside, max, stop))? {
                    return Ok(false);
                }
            }
            Ok(true)
        };
        let ge = geq(ga, gb)?;
        let le = geq(gb, ga)?;
        Ok(match (ge, le) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Greater,
            (false, true) => Comparison::Less,
            (false, false) => Comparison::Confused,
        })
    }

    /// The onside and offside of vertex 0 of `g` (a stopper is both).
    fn sides_of(cx: &Ctx, g: SidedGraph) -> Result<[(SidedGraph, u32); 2]> {
        if loopy::is_stopper(&g, 0) {
            return Ok([(g.clone(), 0), (g, 0)]);
        }
        let max = cx.limits.max_positions;
        let rounds = loopy::sidling_rounds(g.num_vertices());
        let sides = Self::within(cx, |stop| loopy::sides(&g, 0, rounds, max, stop))?;
        let sides = sides.map_err(|rounds| unsettled(cx, rounds))?;
        let (on, off) = (sides.onside, sides.offside);
        Ok([(on.graph, on.roots[0]), (off.graph, off.roots[0])])
    }

    /// Runs a comparison with the query's ticks (Ctrl-C, steps, memory) as
    /// its stop; its answer, or the failure that stopped it, or the position
    /// budget when its difference had too many positions.
    fn within<T>(cx: &Ctx, run: impl FnOnce(&mut dyn FnMut() -> bool) -> Option<T>) -> Result<T> {
        let mut failed = None;
        let r = run(&mut || match cx.tick() {
            Ok(()) => false,
            Err(e) => {
                failed = Some(e);
                true
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        r.ok_or_else(|| SolveError::Budget {
            game: "the play on differences (of two positions, or of every pair of a stopper's positions)".into(),
            budget: cx.limits.max_positions,
            span: cx.span,
        }.into())
    }
}

fn unsettled(cx: &Ctx, rounds: usize) -> Error {
    SolveError::LoopySides {
        message: format!(
            "the onside and offside of this position did not settle in {rounds} rounds of sidling"
        ),
        span: cx.span,
    }
    .into()
}
