//! The value of a part where one player never gets a move (THEORY.md
//! §6.15), found without interning it: the search meets many such parts
//! (in Amazons, a region holding amazons of one colour only), and valuing
//! them through the canonical engine would keep their whole game trees for
//! the session.
//!
//! If Right has no move in `G` nor in any position reachable from it, `G`
//! is the integer `n` = the longest run of Left moves from `G`: by
//! induction, `G = { n₁, n₂, … | }` with each `nᵢ ≥ 0` an integer, which is
//! `max nᵢ + 1`, and `{ | } = 0`. A move to a sum of parts reaches the sum
//! of their integers. The same for Right, negated.
//!
//! The run is found by a depth-first walk with an explicit stack over the
//! positions the mover reaches, each checked for a move of the other
//! player as it is entered (one found: the walk stops and says so, and the
//! caller values the part another way). Its memo of parts already walked
//! is capped in bytes: emptied when a walk starts and it is over its cap,
//! never during a walk, so a walk enters each part it reaches once (and
//! its count of parts entered, held to `--max-positions`, counts distinct
//! positions, as the canonical engine's does); the memory a walk holds is
//! then bounded by the memory budget, which every step looks at. The
//! caller drops the memo with the search.

use std::collections::{HashMap, HashSet};

use rustc_hash::FxBuildHasher;

use crate::error::{AtSpan, Result, SolveError};
use crate::model::{Comp, Ctx, Side};
use crate::partizan::{GameStore, ValueId};

use super::search::{PART_BYTES, PartKey, count_side, list_options};

/// The longest runs of parts walked, by key, in about `cap` bytes between
/// walks (a walk may take more: `start`).
#[derive(Debug, Default)]
pub(super) struct Runs {
    /// The longest runs found, with the player who made them: a part
    /// walked for one player with a run of at least one move is not
    /// one-sided for the other (a run of 0: no one moves).
    memo: HashMap<PartKey, (u64, Side), FxBuildHasher>,
    /// Canonical values of parts walked by `value` (both memos share the
    /// bytes, and are emptied together).
    values: HashMap<PartKey, ValueId, FxBuildHasher>,
    bytes: usize,
    cap: usize,
    /// Times the memo was emptied because it was full.
    pub(super) cleared: u64,
}

/// A position being walked: the mover's options (each a list of parts),
/// the option and part being summed, that option's sum so far, and the
/// longest run found among the options before it.
struct Frame {
    key: PartKey,
    options: Vec<Vec<Comp>>,
    option: usize,
    part: usize,
    sum: u64,
    best: Option<u64>,
}

/// What a walk found: the longest run, or that the other player moves
/// somewhere (or the part can come back to itself, not a short game).
enum Walked {
    Run(u64),
    NotOneSided,
}

impl Runs {
    pub(super) fn new(cap: usize) -> Runs {
        Runs {
            cap,
            ..Runs::default()
        }
    }

    pub(super) fn len(&self) -> usize {
        self.memo.len() + self.values.len()
    }

    /// Called as a walk starts: the memo is emptied when it holds more
    /// than its cap. Never during a walk: a walk keeps every part it
    /// walked, so it enters each part once (with the memo emptied under
    /// it, a walk of a game tree whose parts recur would enter them again
    /// and again, as many times as the tree has paths to them).
    fn start(&mut self) {
        if self.bytes > self.cap {
            self.memo.clear();
            self.values.clear();
            self.bytes = 0;
            self.cleared += 1;
        }
    }

    fn keep(&mut self, key: PartKey, run: u64, mover: Side) {
        self.bytes += PART_BYTES + key.bytes();
        self.memo.insert(key, (run, mover));
    }

    /// What the memo says of `key` for `mover`: nothing, its run, or
    /// (`Some(None)`) that the other player moves in it.
    fn known_run(&self, key: &PartKey, mover: Side) -> Option<Option<u64>> {
        let &(n, by) = self.memo.get(key)?;
        Some((by == mover || n == 0).then_some(n))
    }

    fn keep_value(&mut self, key: PartKey, v: ValueId) {
        self.bytes += PART_BYTES + key.bytes();
        self.values.insert(key, v);
    }

    /// The longest run of moves of `mover` in `c`, when the other player
    /// has no move in `c` nor anywhere after: `Some(n)` (the part is `n`
    /// for Left, `-n` for Right), or None when the other player does get
    /// a move, or the part is not a short game.
    pub(super) fn one_sided(
        &mut self,
        cx: &Ctx,
        c: &Comp,
        key: &PartKey,
        mover: Side,
    ) -> Result<Option<u64>> {
        if let Some(known) = self.known_run(key, mover) {
            return Ok(known);
        }
        match self.walk(cx, c, key.clone(), mover)? {
            Walked::Run(n) => Ok(Some(n)),
            Walked::NotOneSided => Ok(None),
        }
    }

    /// A frame for `c`, or None when the other player has a move in it.
    fn enter(cx: &Ctx, c: &Comp, key: PartKey, mover: Side) -> Result<Option<Frame>> {
        let opponent = match mover {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        };
        if count_side(cx, c, opponent)? > 0 {
            return Ok(None);
        }
        Ok(Some(Frame {
            key,
            options: list_options(cx, c, mover)?,
            option: 0,
            part: 0,
            sum: 0,
            best: None,
        }))
    }

    fn walk(&mut self, cx: &Ctx, c: &Comp, key: PartKey, mover: Side) -> Result<Walked> {
        self.start();
        let mut entered = 1usize;
        let mut path: HashSet<PartKey, FxBuildHasher> = HashSet::default();
        path.insert(key.clone());
        let Some(first) = Self::enter(cx, c, key, mover)? else {
            return Ok(Walked::NotOneSided);
        };
        let mut stack = vec![first];
        // The run of the part just walked, to add to its option's sum.
        let mut done: Option<u64> = None;
        while let Some(top) = stack.last_mut() {
            cx.tick()?;
            if let Some(n) = done.take() {
                top.sum += n;
                top.part += 1;
            }
            // Sum the current option's parts whose runs are known; stop
            // at the first one to walk.
            let mut descend = None;
            while top.option < top.options.len() {
                let option = &top.options[top.option];
                let Some(part) = option.get(top.part) else {
                    top.best = Some(top.best.map_or(top.sum, |b| b.max(top.sum)));
                    (top.option, top.part, top.sum) = (top.option + 1, 0, 0);
                    continue;
                };
                let pkey = PartKey::of(part);
                match self.known_run(&pkey, mover) {
                    Some(Some(n)) => {
                        top.sum += n;
                        top.part += 1;
                        continue;
                    }
                    Some(None) => return Ok(Walked::NotOneSided),
                    None => {}
                }
                descend = Some((part.clone(), pkey));
                break;
            }
            if let Some((part, pkey)) = descend {
                entered += 1;
                if entered > cx.limits.max_positions {
                    return Err(too_many(cx, c));
                }
                if stack.len() > cx.limits.max_depth || !path.insert(pkey.clone()) {
                    return Ok(Walked::NotOneSided);
                }
                match Self::enter(cx, &part, pkey, mover)? {
                    Some(f) => stack.push(f),
                    None => return Ok(Walked::NotOneSided),
                }
                continue;
            }
            // Every option summed: one move more than the longest.
            let f = stack.pop().unwrap_or_else(|| unreachable!());
            let run = f.best.map_or(0, |b| b + 1);
            path.remove(&f.key);
            self.keep(f.key, run, mover);
            done = Some(run);
        }
        Ok(Walked::Run(done.unwrap_or_else(|| {
            unreachable!("the first part was walked")
        })))
    }
}

/// A position being valued: its Left and Right options (each a list of
/// parts), the side, option and part being summed, the values of that
/// option's parts so far, and the values of the options summed.
struct ValueFrame {
    key: PartKey,
    options: [Vec<Vec<Comp>>; 2],
    side: usize,
    option: usize,
    part: usize,
    sum: ValueId,
    values: [Vec<ValueId>; 2],
}

/// The budget error of a walk that entered more positions than allowed.
fn too_many(cx: &Ctx, c: &Comp) -> crate::error::Error {
    SolveError::Budget {
        game: cx.defs.game(c.game).name.clone(),
        budget: cx.limits.max_positions,
        span: cx.span,
    }
    .into()
}

impl Runs {
    /// Whether `value` may value `c`: a partizan position of a kind that
    /// lists its options (not a game value, nor an impartial game, whose
    /// values the canonical engine finds its own way).
    fn walkable(cx: &Ctx, c: &Comp) -> bool {
        let kind = &cx.defs.game(c.game).kind;
        kind.partizan_position(&c.args) && kind.game_value(&c.args).is_none()
    }

    fn enter_value(cx: &Ctx, zero: ValueId, c: &Comp, key: PartKey) -> Result<ValueFrame> {
        Ok(ValueFrame {
            key,
            options: [
                list_options(cx, c, Side::Left)?,
                list_options(cx, c, Side::Right)?,
            ],
            side: 0,
            option: 0,
            part: 0,
            sum: zero,
            values: [Vec::new(), Vec::new()],
        })
    }

    /// The canonical value of the partizan part `c`, by a walk of its
    /// game tree with this memo (nothing interned in the solver), or None
    /// when it reaches a part the walk does not value (`walkable`) or a
    /// part on its own path (not a short game: the canonical engine says
    /// so with its diagnostic).
    pub(super) fn value(
        &mut self,
        cx: &Ctx,
        store: &mut GameStore,
        c: &Comp,
        key: &PartKey,
    ) -> Result<Option<ValueId>> {
        if let Some(&v) = self.values.get(key) {
            return Ok(Some(v));
        }
        if !Self::walkable(cx, c) {
            return Ok(None);
        }
        self.start();
        let zero = store.zero();
        let mut entered = 1usize;
        let mut path: HashSet<PartKey, FxBuildHasher> = HashSet::default();
        path.insert(key.clone());
        let mut stack = vec![Self::enter_value(cx, zero, c, key.clone())?];
        let mut done: Option<ValueId> = None;
        while let Some(top) = stack.last_mut() {
            cx.tick()?;
            if let Some(v) = done.take() {
                top.sum = store.add(top.sum, v).map_err(|e| e.at(cx.span))?;
                top.part += 1;
            }
            let mut descend = None;
            while top.side < 2 {
                let Some(option) = top.options[top.side].get(top.option) else {
                    (top.side, top.option) = (top.side + 1, 0);
                    continue;
                };
                let Some(part) = option.get(top.part) else {
                    top.values[top.side].push(top.sum);
                    (top.option, top.part, top.sum) = (top.option + 1, 0, zero);
                    continue;
                };
                let pkey = PartKey::of(part);
                if let Some(&v) = self.values.get(&pkey) {
                    top.sum = store.add(top.sum, v).map_err(|e| e.at(cx.span))?;
                    top.part += 1;
                    continue;
                }
                descend = Some((part.clone(), pkey));
                break;
            }
            if let Some((part, pkey)) = descend {
                entered += 1;
                if entered > cx.limits.max_positions {
                    return Err(too_many(cx, c));
                }
                if stack.len() > cx.limits.max_depth
                    || !Self::walkable(cx, &part)
                    || !path.insert(pkey.clone())
                {
                    return Ok(None);
                }
                stack.push(Self::enter_value(cx, zero, &part, pkey)?);
                continue;
            }
            let f = stack.pop().unwrap_or_else(|| unreachable!());
            let v = store
                .game(&f.values[0], &f.values[1])
                .map_err(|e| e.at(cx.span))?;
            path.remove(&f.key);
            self.keep_value(f.key, v);
            done = Some(v);
        }
        Ok(Some(done.unwrap_or_else(|| {
            unreachable!("the first part was valued")
        })))
    }
}

#[cfg(test)]
impl super::Solver {
    /// The walks of the interned components `ids`, one memo of about
    /// `cap` bytes for them all (tests: against the canonical engine):
    /// each one's canonical value, and each one's longest runs of Left
    /// and Right moves; and how many times the memo was emptied. Also
    /// checks that each one's counts of options are its listings' lengths.
    #[allow(clippy::type_complexity)]
    pub(crate) fn walks(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
        cap: usize,
    ) -> Result<(Vec<(Option<ValueId>, [Option<u64>; 2])>, u64)> {
        let mut runs = Runs::new(cap);
        let mut out = Vec::new();
        for &id in ids {
            let c = self.comp(id).clone();
            let key = PartKey::of(&c);
            let v = runs.value(cx, &mut self.partizan.store, &c, &key)?;
            let left = runs.one_sided(cx, &c, &key, Side::Left)?;
            let right = runs.one_sided(cx, &c, &key, Side::Right)?;
            for side in [Side::Left, Side::Right] {
                // The count of options (which skips their targets) is the
                // listing's length.
                let listed = list_options(cx, &c, side)?.len();
                assert_eq!(count_side(cx, &c, side)?, listed, "{side:?}'s options");
            }
            out.push((v, [left, right]));
        }
        Ok((out, runs.cleared))
    }

    /// The canonical value of the interned component `id`, if computed.
    pub(crate) fn value_if_known(&self, id: u32) -> Option<ValueId> {
        self.partizan.values.get(&id).copied()
    }
}
