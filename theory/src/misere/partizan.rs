//! Partizan games under misère play, as literal forms (THEORY.md §9.8):
//! hash-consed `{L | R}` forms with their misère outcomes, sums and
//! conjugates, membership of the dicot and dead-ending universes, and
//! comparison modulo a universe by its recursive test (maintenance and
//! proviso).
//!
//! Under misère play almost nothing is equal over all games, so forms are
//! never reduced here: `{0, 1 | }` and `{1 | }` are different forms, and
//! `G ≥ H` is asked of a universe `U` ([`Universe`]): whether Left does at
//! least as well in `G + X` as in `H + X` for every `X` of `U`.
//!
//! ```
//! use grundy_theory::misere::{PartizanForms, Universe};
//! use grundy_theory::partizan::{Comparison, Outcome};
//!
//! let mut f = PartizanForms::new(10_000);
//! let zero = f.zero();
//! let star = f.game(&[zero], &[zero]).unwrap();
//! let one = f.game(&[zero], &[]).unwrap();
//! // Misère: the player who cannot move wins. `*` is a second-player win,
//! // `1 = {0 | }` a win for Right (Left must move, then Right cannot).
//! assert_eq!(f.outcome(star), Outcome::P);
//! assert_eq!(f.outcome(one), Outcome::R);
//! // Among dead-ending games a move of Left's own is a burden at the end
//! // (o(1) = R < N = o(0)) but a spare move beside `*` (o(1 + *) = N, o(*) = P):
//! // 0 and 1 are incomparable.
//! assert_eq!(f.compare(zero, one, Universe::DeadEnding).unwrap(), Comparison::Confused);
//! ```
//!
//! Recursion is on a form's height (the longest run of moves from it),
//! which a store refuses past [`MAX_HEIGHT`].

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rustc_hash::FxHashMap;

use crate::partizan::{Comparison, Outcome};

use super::{MisereError, Result, Watch};

/// A form's index in its [`PartizanForms`] store.
pub type PFormId = u32;

/// The longest run of moves a form may have (the recursions of sums and
/// comparison are that deep).
pub const MAX_HEIGHT: u32 = 400;

/// A universe of games: a set closed under followers, sums and conjugates
/// (and dicotic closure) in which misère comparison has a recursive test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Universe {
    /// Dicots: every follower has options for both players or for neither
    /// (Clobber, green Hackenbush).
    Dicot,
    /// Dead-ending games: once a player has no move, they never get one
    /// again (Domineering, Col, Snort).
    DeadEnding,
}

impl Universe {
    /// The universe a name stands for: `dicot` or `dead_ending`.
    pub fn parse(name: &str) -> Option<Universe> {
        match name {
            "dicot" => Some(Universe::Dicot),
            "dead_ending" => Some(Universe::DeadEnding),
            _ => None,
        }
    }

    /// Its name, as [`Universe::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Universe::Dicot => "dicot",
            Universe::DeadEnding => "dead_ending",
        }
    }
}

/// What a store knows of a form once it is made.
#[derive(Clone, Copy, Debug, Default)]
struct Facts {
    height: u32,
    /// Misère: Left wins moving first, Right wins moving first.
    left_wins: bool,
    right_wins: bool,
    /// Neither this form nor any follower gives Left (Right) a move.
    left_dead: bool,
    right_dead: bool,
    dicot: bool,
    dead_ending: bool,
}

/// A form's Left and Right options, sorted.
type Sides = (Box<[PFormId]>, Box<[PFormId]>);

/// A store of partizan forms under misère play.
#[derive(Debug, Clone)]
pub struct PartizanForms {
    left: Vec<Box<[PFormId]>>,
    right: Vec<Box<[PFormId]>>,
    facts: Vec<Facts>,
    index: FxHashMap<Sides, PFormId>,
    sums: FxHashMap<(PFormId, PFormId), PFormId>,
    conjugates: FxHashMap<PFormId, PFormId>,
    ge: FxHashMap<(PFormId, PFormId, Universe), bool>,
    /// Reduced forms modulo a universe (`partizan_reduce.rs`).
    reduced: FxHashMap<(PFormId, Universe), PFormId>,
    /// `murders[n]` = M_n = {· | M_0, …, M_{n-1}} (THEORY.md §9.8).
    murders: Vec<PFormId>,
    max_forms: usize,
    watch: Watch,
}

impl PartizanForms {
    /// A store of at most `max_forms` forms (and as many memoised sums and
    /// comparisons); past that, `grundy_theory::misere::budget`.
    pub fn new(max_forms: usize) -> PartizanForms {
        let mut f = PartizanForms {
            left: Vec::new(),
            right: Vec::new(),
            facts: Vec::new(),
            index: FxHashMap::default(),
            sums: FxHashMap::default(),
            conjugates: FxHashMap::default(),
            ge: FxHashMap::default(),
            reduced: FxHashMap::default(),
            murders: Vec::new(),
            max_forms: max_forms.max(1),
            watch: Watch::new(),
        };
        let zero = f.push(Box::new([]), Box::new([]));
        f.murders.push(zero);
        f
    }

    /// Long operations end with `grundy_theory::misere::interrupted` once
    /// `flag` is set.
    pub fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.watch.interrupt = flag;
    }

    /// At most `max_steps` units of work and `held()` at most `max_memory`
    /// bytes; resets the count of steps.
    pub fn set_budget(&mut self, max_steps: u64, max_memory: usize, held: fn() -> isize) {
        self.watch.set_budget(max_steps, max_memory, held);
    }

    /// Units of work done since the store was made or its budget set.
    pub fn steps(&self) -> u64 {
        self.watch.steps
    }

    pub(super) fn tick(&mut self) -> Result<()> {
        if self.watch.count(1)? {
            super::check_interrupt(&self.watch.interrupt)?;
            self.watch.check_held(0)?;
        }
        Ok(())
    }

    fn room(&self, used: usize) -> Result<()> {
        if used >= self.max_forms {
            return Err(MisereError::Budget {
                what: "misère forms",
                limit: self.max_forms,
            });
        }
        Ok(())
    }

    fn push(&mut self, left: Box<[PFormId]>, right: Box<[PFormId]>) -> PFormId {
        let id = self.left.len() as PFormId;
        let f =
            |o: &[PFormId], k: fn(&Facts) -> bool| o.iter().all(|&x| k(&self.facts[x as usize]));
        let height = left
            .iter()
            .chain(right.iter())
            .map(|&x| self.facts[x as usize].height + 1)
            .max()
            .unwrap_or(0);
        let left_dead = left.is_empty() && f(&right, |x| x.left_dead);
        let right_dead = right.is_empty() && f(&left, |x| x.right_dead);
        let facts = Facts {
            height,
            // No move: the player to move has won.
            left_wins: left.is_empty() || !f(&left, |x| x.right_wins),
            right_wins: right.is_empty() || !f(&right, |x| x.left_wins),
            left_dead,
            right_dead,
            dicot: left.is_empty() == right.is_empty()
                && f(&left, |x| x.dicot)
                && f(&right, |x| x.dicot),
            dead_ending: (!left.is_empty() || left_dead)
                && (!right.is_empty() || right_dead)
                && f(&left, |x| x.dead_ending)
                && f(&right, |x| x.dead_ending),
        };
        self.facts.push(facts);
        self.index.insert((left.clone(), right.clone()), id);
        self.left.push(left);
        self.right.push(right);
        id
    }

    /// The reduced form of `g` modulo `u`, when it is known.
    pub(super) fn memo_reduced(&self, g: PFormId, u: Universe) -> Option<PFormId> {
        self.reduced.get(&(g, u)).copied()
    }

    /// Remembers `r` as the reduced form of `g` modulo `u`.
    pub(super) fn remember_reduced(&mut self, g: PFormId, u: Universe, r: PFormId) -> Result<()> {
        self.room(self.reduced.len())?;
        self.reduced.insert((g, u), r);
        Ok(())
    }

    /// The form with no options, `0`.
    pub fn zero(&self) -> PFormId {
        0
    }

    /// How many forms the store holds.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether the store holds only `0` (never: `0` is always there).
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    fn check(&self, ids: &[PFormId]) -> Result<()> {
        match ids.iter().find(|&&x| x as usize >= self.len()) {
            Some(&id) => Err(MisereError::BadForm {
                id,
                len: self.len(),
            }),
            None => Ok(()),
        }
    }

    /// The form `{left | right}` (options in any order, repeats dropped).
    pub fn game(&mut self, left: &[PFormId], right: &[PFormId]) -> Result<PFormId> {
        self.check(left)?;
        self.check(right)?;
        let norm = |o: &[PFormId]| {
            let mut v = o.to_vec();
            v.sort_unstable();
            v.dedup();
            v.into_boxed_slice()
        };
        let (l, r) = (norm(left), norm(right));
        if let Some(&id) = self.index.get(&(l.clone(), r.clone())) {
            return Ok(id);
        }
        self.tick()?;
        self.room(self.len())?;
        let height = l
            .iter()
            .chain(r.iter())
            .map(|&x| self.facts[x as usize].height + 1)
            .max()
            .unwrap_or(0);
        if height > MAX_HEIGHT {
            return Err(MisereError::Budget {
                what: "moves in a row of a misère form",
                limit: MAX_HEIGHT as usize,
            });
        }
        Ok(self.push(l, r))
    }

    /// Left's options.
    pub fn left(&self, g: PFormId) -> &[PFormId] {
        &self.left[g as usize]
    }

    /// Right's options.
    pub fn right(&self, g: PFormId) -> &[PFormId] {
        &self.right[g as usize]
    }

    /// The longest run of moves from `g` (its birthday as a form).
    pub fn height(&self, g: PFormId) -> u32 {
        self.facts[g as usize].height
    }

    /// The misère outcome class of `g`.
    pub fn outcome(&self, g: PFormId) -> Outcome {
        let f = &self.facts[g as usize];
        Outcome::from_wins(f.left_wins, f.right_wins)
    }

    /// Whether `g` and all its followers belong to universe `u`.
    pub fn in_universe(&self, g: PFormId, u: Universe) -> bool {
        let f = &self.facts[g as usize];
        match u {
            Universe::Dicot => f.dicot,
            Universe::DeadEnding => f.dead_ending,
        }
    }

    /// Whether neither `g` nor any follower gives Left (`left`) or Right a
    /// move: a Left (Right) dead end.
    pub fn dead_end(&self, g: PFormId, left: bool) -> bool {
        let f = &self.facts[g as usize];
        if left { f.left_dead } else { f.right_dead }
    }

    /// `a + b`: a move in either part.
    pub fn add(&mut self, a: PFormId, b: PFormId) -> Result<PFormId> {
        self.check(&[a, b])?;
        if a == 0 {
            return Ok(b);
        }
        if b == 0 {
            return Ok(a);
        }
        let key = (a.min(b), a.max(b));
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        self.tick()?;
        let mut sides: [Vec<PFormId>; 2] = [Vec::new(), Vec::new()];
        for (k, side) in sides.iter_mut().enumerate() {
            let (oa, ob) = if k == 0 {
                (self.left(a).to_vec(), self.left(b).to_vec())
            } else {
                (self.right(a).to_vec(), self.right(b).to_vec())
            };
            for x in oa {
                side.push(self.add(x, b)?);
            }
            for y in ob {
                side.push(self.add(a, y)?);
            }
        }
        let s = self.game(&sides[0], &sides[1])?;
        self.room(self.sums.len())?;
        self.sums.insert(key, s);
        Ok(s)
    }

    /// The conjugate of `g`: the players' roles swapped. Under misère play
    /// it is not an inverse: `G + conjugate(G)` need not equal `0`.
    pub fn conjugate(&mut self, g: PFormId) -> Result<PFormId> {
        self.check(&[g])?;
        if let Some(&c) = self.conjugates.get(&g) {
            return Ok(c);
        }
        self.tick()?;
        let mut l = Vec::new();
        for x in self.right(g).to_vec() {
            l.push(self.conjugate(x)?);
        }
        let mut r = Vec::new();
        for x in self.left(g).to_vec() {
            r.push(self.conjugate(x)?);
        }
        let c = self.game(&l, &r)?;
        self.conjugates.insert(g, c);
        Ok(c)
    }

    /// M_n = {· | M_0, …, M_{n-1}}: a Left dead end in which Right may
    /// spend any number of moves up to `n`, or stop at once.
    pub(super) fn murder(&mut self, n: usize) -> Result<PFormId> {
        while self.murders.len() <= n {
            let all = self.murders.clone();
            let m = self.game(&[], &all)?;
            self.murders.push(m);
        }
        Ok(self.murders[n])
    }

    /// Whether Left wins `g + X` moving first for every Left end `X` of
    /// `u` (THEORY.md §9.8): in the dicot universe the only Left end is
    /// `0`; among dead-ending games the Left ends are the Left dead ends,
    /// and every one but `0` is at most as hard for Left as M_n with
    /// n = height(g) + 2, so those two are tried.
    fn left_strong(&mut self, g: PFormId, u: Universe) -> Result<bool> {
        match u {
            Universe::Dicot => Ok(self.facts[g as usize].left_wins),
            Universe::DeadEnding => {
                if !self.facts[g as usize].left_wins {
                    return Ok(false);
                }
                let m = self.murder(self.height(g) as usize + 2)?;
                let s = self.add(g, m)?;
                Ok(self.facts[s as usize].left_wins)
            }
        }
    }

    /// Whether Right wins `g + X` moving first for every Right end `X` of
    /// `u` (the conjugate of [`PartizanForms::left_strong`]).
    fn right_strong(&mut self, g: PFormId, u: Universe) -> Result<bool> {
        let c = self.conjugate(g)?;
        self.left_strong(c, u)
    }

    /// `g ≥ h` modulo universe `u`, by the recursive test: Left's
    /// maintenance (every `h^L` is answered by some `g^L ≥ h^L` or some
    /// `h^{LR} ≤ g`), Right's (every `g^R` by some `h^R ≤ g^R` or some
    /// `g^{RL} ≥ h`), and the proviso at ends (when `h` is a Left end, `g`
    /// is Left-strong; when `g` is a Right end, `h` is Right-strong). Both
    /// forms must belong to `u`.
    pub fn ge(&mut self, g: PFormId, h: PFormId, u: Universe) -> Result<bool> {
        self.check(&[g, h])?;
        if g == h {
            return Ok(true);
        }
        if let Some(&b) = self.ge.get(&(g, h, u)) {
            return Ok(b);
        }
        self.tick()?;
        let b = self.ge_test(g, h, u)?;
        self.room(self.ge.len())?;
        self.ge.insert((g, h, u), b);
        Ok(b)
    }

    fn ge_test(&mut self, g: PFormId, h: PFormId, u: Universe) -> Result<bool> {
        if self.left(h).is_empty() && !self.left_strong(g, u)? {
            return Ok(false);
        }
        if self.right(g).is_empty() && !self.right_strong(h, u)? {
            return Ok(false);
        }
        for hl in self.left(h).to_vec() {
            if !self.answers((g, true), hl, true, u)? && !self.answers((hl, false), g, false, u)? {
                return Ok(false);
            }
        }
        for gr in self.right(g).to_vec() {
            if !self.answers((h, false), gr, false, u)? && !self.answers((gr, true), h, true, u)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether some option `x` of `of.0` (Left's when `of.1`) is ≥ `y`
    /// (`above`) or ≤ `y`.
    fn answers(
        &mut self,
        of: (PFormId, bool),
        y: PFormId,
        above: bool,
        u: Universe,
    ) -> Result<bool> {
        let n = if of.1 {
            self.left(of.0).len()
        } else {
            self.right(of.0).len()
        };
        for i in 0..n {
            let x = if of.1 {
                self.left(of.0)[i]
            } else {
                self.right(of.0)[i]
            };
            let b = if above {
                self.ge(x, y, u)?
            } else {
                self.ge(y, x, u)?
            };
            if b {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// How `g` compares with `h` modulo `u`: `Greater` for `g > h`,
    /// `Confused` when neither is ≥ the other.
    pub fn compare(&mut self, g: PFormId, h: PFormId, u: Universe) -> Result<Comparison> {
        Ok(match (self.ge(g, h, u)?, self.ge(h, g, u)?) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Greater,
            (false, true) => Comparison::Less,
            (false, false) => Comparison::Confused,
        })
    }

    /// `g` written out: `0`, `*`, an integer `n` for `{n-1 | ·}` and `-n`
    /// for its conjugate, else `{L | R}` with the options written the same
    /// way (by height, then text) and `·` for a side with none. None when the text would pass `max_chars`.
    pub fn display(&self, g: PFormId, max_chars: usize) -> Option<String> {
        let mut out = String::new();
        self.write(g, &mut out, max_chars).then_some(out)
    }

    /// The integer `n` when `g` is `{n-1 | }` (n > 0) or its conjugate
    /// (n < 0), built from `0` that way.
    fn integer(&self, g: PFormId) -> Option<i64> {
        let mut n = 0i64;
        let mut x = g;
        let sign = match (self.left(g), self.right(g)) {
            ([_], []) => 1,
            ([], [_]) => -1,
            _ => return (g == 0).then_some(0),
        };
        loop {
            match (self.left(x), self.right(x), sign) {
                ([], [], _) => return Some(sign * n),
                ([y], [], 1) | ([], [y], -1) => {
                    n += 1;
                    x = *y;
                }
                _ => return None,
            }
        }
    }

    fn write(&self, g: PFormId, out: &mut String, max: usize) -> bool {
        if out.len() > max {
            return false;
        }
        if let Some(n) = self.integer(g) {
            out.push_str(&n.to_string());
            return out.len() <= max;
        }
        if self.left(g) == [0] && self.right(g) == [0] {
            out.push('*');
            return out.len() <= max;
        }
        out.push('{');
        for (k, side) in [self.left(g), self.right(g)].into_iter().enumerate() {
            if k == 1 {
                out.push_str(" | ");
            }
            if side.is_empty() {
                out.push('·');
            }
            // Options by height, then text: the text does not depend on
            // the order the forms were made in.
            let mut texts = Vec::with_capacity(side.len());
            for &x in side {
                let mut t = String::new();
                if !self.write(x, &mut t, max.saturating_sub(out.len())) {
                    return false;
                }
                texts.push((self.height(x), t));
            }
            texts.sort();
            for (i, (_, t)) in texts.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(t);
                if out.len() > max {
                    return false;
                }
            }
        }
        out.push('}');
        out.len() <= max
    }
}
