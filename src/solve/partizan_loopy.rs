//! Loopy partizan play (THEORY.md §6.9): when a partizan position has a
//! cycle, its outcome (with draws) comes from retrograde analysis on the
//! sum's own reachable positions (sorted multisets of components, the
//! product graph only as far as play reaches), and `value`/`compare` of
//! stoppers from play on differences (`partizan::loopy`).

use std::collections::HashMap;

use rustc_hash::FxBuildHasher;

use crate::error::{Error, Result};
use crate::eval::{Ctx, Side};
use crate::partizan::loopy::{self, LoopyOutcome, Named, Play as LPlay, SidedGraph, Winner};
use crate::partizan::{Comparison, Outcome, ValueJson, ValueKind};
use crate::vocab::Play;

use super::{SidedMove, Solver};

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
    fn loopy_graph(&mut self, cx: &Ctx, ids: &[u32]) -> Result<SidedGraph> {
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
            cx.tick()?;
            let node = nodes[next].clone();
            next += 1;
            for side in [Side::Left, Side::Right] {
                let mut out = Vec::new();
                for (_, child) in self.sided_children(cx, &node, side)? {
                    let id = match index.get(&child) {
                        Some(&id) => id,
                        None => {
                            if nodes.len() >= cx.limits.max_positions {
                                return Err(Error::Budget {
                                    game: self.comp_name(cx.defs, *node.first().unwrap_or(&0)),
                                    budget: cx.limits.max_positions,
                                    span: cx.span,
                                });
                            }
                            let id = nodes.len() as u32;
                            index.insert(child.clone(), id);
                            nodes.push(child);
                            id
                        }
                    };
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
    pub fn partizan_winning_any(
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
        let Err(Error::PartizanLoopy { .. }) = short else {
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
    pub fn partizan_outcome_any(
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
            Err(Error::PartizanLoopy { .. }) => {
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

    /// The value of a loopy sum when it is a named stopper or `dud`; the
    /// error `refused` otherwise.
    pub fn loopy_value(&mut self, cx: &Ctx, ids: &[u32], refused: Error) -> Result<ValueJson> {
        let g = self.loopy_graph(cx, ids)?;
        if loopy::is_deathless(&g, 0) {
            return Ok(named_json("dud", &["dud"], &["dud"]));
        }
        if !loopy::is_stopper(&g, 0) {
            return Err(refused);
        }
        let (named, names) = loopy::named_stoppers();
        for (n, v) in names {
            let max = cx.limits.max_positions;
            let ge = self.within(cx, |stop| loopy::stopper_geq(&g, 0, &named, v, max, stop))?;
            let le = self.within(cx, |stop| loopy::stopper_geq(&named, v, &g, 0, max, stop))?;
            if ge && le {
                let (l, r): (&[&str], &[&str]) = match n {
                    Named::On => (&["on"], &[]),
                    Named::Off => (&[], &["off"]),
                    Named::Over => (&["0"], &["over"]),
                    Named::Under => (&["under"], &["0"]),
                    Named::Upon => (&["upon"], &["*"]),
                    Named::Downon => (&["*"], &["-upon"]),
                };
                return Ok(named_json(n.name(), l, r));
            }
        }
        Err(refused)
    }

    /// `a` against `b` when either is loopy: stoppers by play on the
    /// differences, `dud` equal to itself; the error `refused` otherwise.
    pub fn loopy_compare(
        &mut self,
        cx: &Ctx,
        a: &[u32],
        b: &[u32],
        refused: Error,
    ) -> Result<Comparison> {
        let ga = self.loopy_graph(cx, a)?;
        let gb = self.loopy_graph(cx, b)?;
        if loopy::is_deathless(&ga, 0) && loopy::is_deathless(&gb, 0) {
            return Ok(Comparison::Equal);
        }
        if !loopy::is_stopper(&ga, 0) || !loopy::is_stopper(&gb, 0) {
            return Err(refused);
        }
        let max = cx.limits.max_positions;
        let ge = self.within(cx, |stop| loopy::stopper_geq(&ga, 0, &gb, 0, max, stop))?;
        let le = self.within(cx, |stop| loopy::stopper_geq(&gb, 0, &ga, 0, max, stop))?;
        Ok(match (ge, le) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Greater,
            (false, true) => Comparison::Less,
            (false, false) => Comparison::Confused,
        })
    }

    /// Runs a comparison with the query's ticks (Ctrl-C, steps, memory) as
    /// its stop; its answer, or the failure that stopped it, or the position
    /// budget when its difference had too many positions.
    fn within(
        &self,
        cx: &Ctx,
        run: impl FnOnce(&mut dyn FnMut() -> bool) -> Option<bool>,
    ) -> Result<bool> {
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
        r.ok_or_else(|| Error::Budget {
            game: "the difference of the two positions".into(),
            budget: cx.limits.max_positions,
            span: cx.span,
        })
    }
}

fn named_json(text: &str, left: &[&str], right: &[&str]) -> ValueJson {
    ValueJson {
        text: text.into(),
        kind: ValueKind::Game,
        number: None,
        ups: None,
        nimber: None,
        left: left.iter().map(|s| s.to_string()).collect(),
        right: right.iter().map(|s| s.to_string()).collect(),
    }
}
