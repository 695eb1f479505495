//! The moves of a written position and which of them win: every option
//! of a sum is one component replaced in place by the parts of one of its
//! options. In normal play a winning move takes the sum's value to 0, so
//! a component of value v must move to an option of value v ⊕ S (S the
//! sum's value); in misère play, or for a loopy sum, each move is tried.

use std::collections::HashSet;

use crate::digraph::Outcome;
use crate::error::Result;
use crate::model::{Comp, Ctx, Value};
use crate::vocab::Play;

use super::{GValue, Solver};

/// One option of a written position: its components in written order,
/// and their ids.
pub struct WrittenMove {
    pub comps: Vec<Comp>,
    pub ids: Vec<u32>,
}

impl Solver {
    /// Every option of a written sum (`pos`, interned as `ids`), the moved
    /// component replaced in place by its parts; the same resulting
    /// position is listed once.
    pub(crate) fn all_moves(
        &mut self,
        cx: &Ctx,
        pos: &[Comp],
        ids: &[u32],
    ) -> Result<Vec<WrittenMove>> {
        let mut out: Vec<WrittenMove> = Vec::new();
        let mut seen = HashSet::new();
        for (i, &id) in ids.iter().enumerate() {
            self.expand(cx, id)?;
            let options: Vec<Vec<u32>> = self.options(id).map(<[u32]>::to_vec).collect();
            for opt in options {
                if let Some(m) = self.written_move(pos, ids, i, &opt, &mut seen) {
                    out.push(m);
                }
            }
        }
        Ok(out)
    }

    fn written_move(
        &self,
        pos: &[Comp],
        ids: &[u32],
        i: usize,
        opt: &[u32],
        seen: &mut HashSet<Vec<u32>>,
    ) -> Option<WrittenMove> {
        let new_ids: Vec<u32> = ids[..i]
            .iter()
            .chain(opt)
            .chain(&ids[i + 1..])
            .copied()
            .collect();
        let mut key = new_ids.clone();
        key.sort_unstable();
        if !seen.insert(key) {
            return None;
        }
        let comps: Vec<Comp> = pos[..i]
            .iter()
            .cloned()
            .chain(opt.iter().map(|&p| self.comp(p).clone()))
            .chain(pos[i + 1..].iter().cloned())
            .collect();
        Some(WrittenMove {
            comps,
            ids: new_ids,
        })
    }

    /// The moves to a position the mover then wins from (a P-position),
    /// each as the written position it leads to.
    pub(crate) fn winning(
        &mut self,
        cx: &Ctx,
        play: Play,
        pos: &[Comp],
        ids: &[u32],
    ) -> Result<Vec<Vec<Comp>>> {
        let mut out = Vec::new();
        match play {
            Play::Misere => {
                for m in self.all_moves(cx, pos, ids)? {
                    if self.misere_outcome(cx, &m.ids)? == Outcome::P {
                        out.push(m.comps);
                    }
                }
            }
            Play::Normal => {
                let total = self.value_sum(cx, ids)?;
                let Some(total) = total.finite() else {
                    // A loopy sum: try every move.
                    for m in self.all_moves(cx, pos, ids)? {
                        if self.value_sum(cx, &m.ids)? == GValue::Finite(0) {
                            out.push(m.comps);
                        }
                    }
                    return Ok(out);
                };
                if total == 0 {
                    return Ok(out);
                }
                let mut seen = HashSet::new();
                for (i, &id) in ids.iter().enumerate() {
                    let Some(v) = self.value(cx, id)?.finite() else {
                        continue;
                    };
                    let want = GValue::Finite(v ^ total);
                    // A nim-heap's only option of value w is the heap of size w.
                    let kind = &cx.defs.game(pos[i].game).kind;
                    if kind.nim_heap(&pos[i].args).is_some() {
                        if v ^ total < v {
                            let mut comps = pos.to_vec();
                            comps[i] = Comp {
                                game: pos[i].game,
                                args: vec![Value::Int((v ^ total) as i64)].into(),
                            };
                            out.push(comps);
                        }
                        continue;
                    }
                    self.expand(cx, id)?;
                    let options: Vec<Vec<u32>> = self.options(id).map(<[u32]>::to_vec).collect();
                    for opt in options {
                        if self.value_sum(cx, &opt)? == want
                            && let Some(m) = self.written_move(pos, ids, i, &opt, &mut seen)
                        {
                            out.push(m.comps);
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}
