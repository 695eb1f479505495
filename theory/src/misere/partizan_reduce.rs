//! Reduced forms of partizan games modulo a misère universe (THEORY.md
//! §9.9): options reduced first, then dominated options removed and
//! reversible ones bypassed until none is left; an option reversible
//! through an end is removed when that keeps the game's value, and is
//! otherwise replaced by the universe's substitute (`*` among dicots,
//! `{· | E}` with `E` the end among dead-ending games).

use super::partizan::{PFormId, PartizanForms, Universe};
use super::{MisereError, Result};

/// Which side's options are being reduced.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

impl PartizanForms {
    /// The reduced form of `g` modulo `u`: equivalent to `g` modulo `u`,
    /// and the same form for any two games equivalent modulo `u`. `g` must
    /// belong to `u` (else `grundy_theory::misere::internal`).
    pub fn reduce(&mut self, g: PFormId, u: Universe) -> Result<PFormId> {
        if !self.in_universe(g, u) {
            return Err(MisereError::Internal {
                what: format!(
                    "a form outside the {} universe was given to reduce",
                    u.name()
                ),
            });
        }
        self.reduced(g, u)
    }

    /// Whether `g + conjugate(g)` is equivalent to 0 modulo `u`: whether `g`
    /// has an inverse there (which can only be its conjugate, THEORY.md
    /// §9.9). `g` must belong to `u`.
    pub fn invertible(&mut self, g: PFormId, u: Universe) -> Result<bool> {
        let c = self.conjugate(g)?;
        let s = self.add(g, c)?;
        let z = self.zero();
        self.equivalent(s, z, u)
    }

    /// Every form of `u` born by day `days` ≤ 2 (literal forms, each once,
    /// older first: 1, 2, 10 dicots; 1, 4, 232 dead-ending games). Past
    /// day 2, `grundy_theory::misere::budget`.
    pub fn born_by(&mut self, u: Universe, days: u32) -> Result<Vec<PFormId>> {
        if days > 2 {
            return Err(MisereError::Budget {
                what: "days of literal partizan forms",
                limit: 2,
            });
        }
        let mut all = vec![self.zero()];
        for _ in 0..days {
            let n = all.len();
            let mut next = Vec::new();
            for lm in 0..1u32 << n {
                for rm in 0..1u32 << n {
                    let pick = |m: u32| -> Vec<PFormId> {
                        (0..n).filter(|i| m >> i & 1 == 1).map(|i| all[i]).collect()
                    };
                    let g = self.game(&pick(lm), &pick(rm))?;
                    if self.in_universe(g, u) && !next.contains(&g) {
                        next.push(g);
                    }
                }
            }
            all = next;
        }
        Ok(all)
    }

    fn reduced(&mut self, g: PFormId, u: Universe) -> Result<PFormId> {
        if let Some(r) = self.memo_reduced(g, u) {
            return Ok(r);
        }
        let mut l = Vec::new();
        for x in self.left(g).to_vec() {
            l.push(self.reduced(x, u)?);
        }
        let mut r = Vec::new();
        for x in self.right(g).to_vec() {
            r.push(self.reduced(x, u)?);
        }
        let mut cur = self.game(&l, &r)?;
        loop {
            // Each simplification is a unit of work: a budget ends them.
            self.tick()?;
            let next = self.step(cur, u)?;
            if next == cur {
                break;
            }
            cur = next;
        }
        self.remember_reduced(g, u, cur)?;
        self.remember_reduced(cur, u, cur)?;
        Ok(cur)
    }

    /// One simplification of `g` (whose options are reduced), or `g`
    /// itself when none applies.
    fn step(&mut self, g: PFormId, u: Universe) -> Result<PFormId> {
        let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
        // Dominated options.
        let l2 = self.undominated(&l, Side::Left, u)?;
        let r2 = self.undominated(&r, Side::Right, u)?;
        if l2.len() < l.len() || r2.len() < r.len() {
            return self.game(&l2, &r2);
        }
        // 0 when both 0 ≤ g and g ≤ 0 (an end on either side reverses).
        if g != self.zero() && self.compare_zero(g, u)? {
            return Ok(self.zero());
        }
        for side in [Side::Left, Side::Right] {
            if let Some(h) = self.reverse(g, side, u)? {
                return Ok(h);
            }
        }
        Ok(g)
    }

    fn compare_zero(&mut self, g: PFormId, u: Universe) -> Result<bool> {
        let z = self.zero();
        Ok(self.ge(g, z, u)? && self.ge(z, g, u)?)
    }

    /// The options of `opts` no other one dominates (for Left, none other
    /// is ≥ it; for Right, none other ≤); of equivalent ones, the first.
    fn undominated(&mut self, opts: &[PFormId], side: Side, u: Universe) -> Result<Vec<PFormId>> {
        let mut keep = Vec::new();
        for (i, &x) in opts.iter().enumerate() {
            let mut dominated = false;
            for (j, &y) in opts.iter().enumerate() {
                if i == j {
                    continue;
                }
                let (better, back) = match side {
                    Side::Left => (self.ge(y, x, u)?, self.ge(x, y, u)?),
                    Side::Right => (self.ge(x, y, u)?, self.ge(y, x, u)?),
                };
                if better && (!back || j < i) {
                    dominated = true;
                    break;
                }
            }
            if !dominated {
                keep.push(x);
            }
        }
        Ok(keep)
    }

    /// The first reversal on `side`: an option `x` with a reply `x^R ≤ g`
    /// (for Left) replaced by the reply's own options, or, when the reply
    /// is an end, removed or replaced by the universe's substitute.
    fn reverse(&mut self, g: PFormId, side: Side, u: Universe) -> Result<Option<PFormId>> {
        let (own, other) = match side {
            Side::Left => (self.left(g).to_vec(), self.right(g).to_vec()),
            Side::Right => (self.right(g).to_vec(), self.left(g).to_vec()),
        };
        for (i, &x) in own.iter().enumerate() {
            let replies = match side {
                Side::Left => self.right(x).to_vec(),
                Side::Right => self.left(x).to_vec(),
            };
            for y in replies {
                let through = match side {
                    Side::Left => self.ge(g, y, u)?,
                    Side::Right => self.ge(y, g, u)?,
                };
                if !through {
                    continue;
                }
                let mut rest: Vec<PFormId> =
                    own[..i].iter().chain(&own[i + 1..]).copied().collect();
                let beyond = match side {
                    Side::Left => self.left(y).to_vec(),
                    Side::Right => self.right(y).to_vec(),
                };
                if !beyond.is_empty() {
                    rest.extend(beyond);
                    return self.sided(side, &rest, &other).map(Some);
                }
                if let Some(h) = self.through_end(g, side, (&rest, &other), x, y, u)? {
                    return Ok(Some(h));
                }
            }
        }
        Ok(None)
    }

    /// `x` reversible through the end `y`: `g` without `x` when that game
    /// is in `u` and equivalent to `g`, else `x` replaced by the
    /// substitute when that differs from `x`.
    fn through_end(
        &mut self,
        g: PFormId,
        side: Side,
        (rest, other): (&[PFormId], &[PFormId]),
        x: PFormId,
        y: PFormId,
        u: Universe,
    ) -> Result<Option<PFormId>> {
        let without = self.sided(side, rest, other)?;
        if self.in_universe(without, u) && self.equivalent(without, g, u)? {
            return Ok(Some(without));
        }
        let sub = match (u, side) {
            (Universe::Dicot, _) => {
                let z = self.zero();
                self.game(&[z], &[z])?
            }
            (Universe::DeadEnding, Side::Left) => self.game(&[], &[y])?,
            (Universe::DeadEnding, Side::Right) => self.game(&[y], &[])?,
        };
        if sub == x {
            return Ok(None);
        }
        let mut with = rest.to_vec();
        with.push(sub);
        let h = self.sided(side, &with, other)?;
        if !self.in_universe(h, u) || !self.equivalent(h, g, u)? {
            return Err(MisereError::Internal {
                what: "an option reversible through an end has no substitute".into(),
            });
        }
        Ok(Some(h))
    }

    fn equivalent(&mut self, a: PFormId, b: PFormId, u: Universe) -> Result<bool> {
        Ok(self.ge(a, b, u)? && self.ge(b, a, u)?)
    }

    /// The game whose `side` options are `own` and the other's `other`.
    fn sided(&mut self, side: Side, own: &[PFormId], other: &[PFormId]) -> Result<PFormId> {
        match side {
            Side::Left => self.game(own, other),
            Side::Right => self.game(other, own),
        }
    }
}
