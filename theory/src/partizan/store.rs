//! The hash-consed store of canonical forms: construction, comparison, sums,
//! negation and outcomes.
//!
//! Invariants: every stored value is in canonical form; a value equal to a
//! number is stored as that number (its options are produced on demand, so
//! the integer 10^12 costs one node); two ids are equal exactly when the
//! values are. See `docs/THEORY.md` §6 for the theorems used here.

use std::cmp::Ordering;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};

use rustc_hash::FxHashMap;

use super::PartizanError;
use super::dyadic::Dyadic;

pub(super) type Result<T> = std::result::Result<T, PartizanError>;

/// The id of a canonical value in a [`GameStore`]. Equal values have equal
/// ids. An id belongs to the store that made it; using it with another
/// store is a bug (it may name another value or be out of range).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, serde::Serialize)]
pub struct ValueId(pub(super) u32);

impl ValueId {
    /// The dense index of this value in its store.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// How two values compare in the partial order of games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum Comparison {
    /// `G < H`.
    Less,
    /// `G = H`.
    Equal,
    /// `G > H`.
    Greater,
    /// Incomparable (`G || H`): the first player wins `G - H`.
    Confused,
}

/// Outcome class: who wins. In normal play `L` means G > 0, `R` G < 0,
/// `N` G || 0 and `P` G = 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum Outcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The next player (whoever starts) wins.
    N,
    /// The previous player (whoever does not start) wins.
    P,
}

impl Outcome {
    /// The class from "Left wins moving first" and "Right wins moving first".
    pub fn from_wins(left_first: bool, right_first: bool) -> Outcome {
        match (left_first, right_first) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::N => "N",
            Outcome::P => "P",
        })
    }
}

/// Budgets on what one store builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest height of a stored value (nesting of non-number forms).
    /// Comparison, sums, thermographs and printing recurse to a depth of at
    /// most the sum of two heights, so this bounds the native stack they
    /// use. The default, 500, fits a 2 MiB thread in a debug build (a unit
    /// test builds, compares, adds and prints values of height 499 on one);
    /// a caller on a larger stack may raise it in proportion.
    pub max_height: u32,
    /// Most options a stored value may have on one side.
    pub max_options: usize,
    /// Most values one store may hold.
    pub max_values: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_height: 500,
            max_options: 4_096,
            max_values: 10_000_000,
        }
    }
}

/// `{x : x ≤ G}` (a down cut) or `{x : G ≤ x}` (an up cut) over the
/// numbers x: everything strictly below (resp. above) `at`, plus `at`
/// itself when `inclusive`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cut {
    pub at: Dyadic,
    pub inclusive: bool,
}

impl Cut {
    fn below(self, x: Dyadic) -> bool {
        x < self.at || (x == self.at && self.inclusive)
    }

    fn above(self, x: Dyadic) -> bool {
        x > self.at || (x == self.at && self.inclusive)
    }
}

#[derive(Debug)]
pub(super) struct Node {
    /// Left and right options, sorted by id. Empty for numbers, whose
    /// options are made on demand ([`GameStore::left_options`]).
    pub left: Arc<[ValueId]>,
    pub right: Arc<[ValueId]>,
    pub number: Option<Dyadic>,
    /// `{x : x ≤ G}` and `{x : G ≤ x}`.
    pub down: Cut,
    pub up: Cut,
    pub left_stop: Dyadic,
    pub right_stop: Dyadic,
    pub height: u32,
    pub birthday: u64,
}

/// A canonical non-number form as the store's hash key: (Left, Right) ids.
pub(super) type FormKey = (Arc<[ValueId]>, Arc<[ValueId]>);

/// Canonical forms of short partizan games, each stored once.
#[derive(Debug)]
pub struct GameStore {
    pub(super) nodes: Vec<Node>,
    pub(super) forms: FxHashMap<FormKey, ValueId>,
    pub(super) numbers: FxHashMap<Dyadic, ValueId>,
    pub(super) nimbers: Vec<ValueId>,
    pub(super) le_cache: FxHashMap<(ValueId, ValueId), bool>,
    pub(super) add_cache: FxHashMap<(ValueId, ValueId), ValueId>,
    pub(super) neg_cache: FxHashMap<ValueId, ValueId>,
    misere_cache: FxHashMap<ValueId, (bool, bool)>,
    pub(super) thermo_cache: FxHashMap<ValueId, Arc<super::Thermograph>>,
    pub(super) uptimal_cache: FxHashMap<ValueId, Option<(Dyadic, i64, usize)>>,
    /// `↑^1, ↑^2, …` and `^[1], ^[2], …` as far as built.
    up_nths: Vec<ValueId>,
    up_tos: Vec<ValueId>,
    pub(super) limits: Limits,
    /// Steps and memory one query may spend here ([`GameStore::set_budget`]).
    budget: Budget,
    /// Set from outside to cancel long work (see [`GameStore::set_interrupt`]).
    interrupt: Option<Arc<AtomicBool>>,
    ticks: u32,
    /// Comparisons of options made by [`GameStore::le`] and not yet
    /// counted as steps (a step per [`LE_PER_STEP`]).
    le_work: u64,
    /// Unique to this store (see [`GameStore::stamp`]).
    stamp: u64,
}

/// Comparisons of options (in [`GameStore::le`]) that make loops which
/// compare many options count them at once ([`GameStore::settle`]).
pub const LE_PER_STEP: u64 = 64;

/// Steps one comparison of options in [`GameStore::le`] counts: each is a
/// lookup in the comparisons' cache, often missed in memory, about 100 ns,
/// some sixteen turns of the evaluator's lightest loops (so that a step
/// of `--max-steps` is about the same time in the store as elsewhere).
pub const LE_STEPS: u64 = 16;

/// The steps the notation of one value may take ([`GameStore::display`]:
/// past them it writes the canonical form's braces without looking for
/// shorter notations further): about ten seconds of comparisons.
pub const DISPLAY_STEPS: u64 = 2_000_000_000;

/// A query's budget inside the store (none by default).
#[derive(Clone, Debug)]
struct Budget {
    /// Shared with the query's evaluator (`step_counter`), so that the
    /// store's steps and the evaluator's add up to one `--max-steps`.
    steps: Arc<AtomicU64>,
    max_steps: u64,
    max_memory: usize,
    held: Option<fn() -> isize>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            steps: Arc::new(AtomicU64::new(0)),
            max_steps: u64::MAX,
            max_memory: usize::MAX,
            held: None,
        }
    }
}

/// The stamps handed out so far.
static STAMPS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Default for GameStore {
    fn default() -> Self {
        GameStore::new()
    }
}

impl GameStore {
    /// A store with the default [`Limits`], holding only `0`.
    pub fn new() -> GameStore {
        GameStore::with_limits(Limits::default())
    }

    /// A store with the given limits, holding only `0`.
    pub fn with_limits(limits: Limits) -> GameStore {
        let mut store = GameStore {
            nodes: Vec::new(),
            forms: FxHashMap::default(),
            numbers: FxHashMap::default(),
            nimbers: Vec::new(),
            le_cache: FxHashMap::default(),
            add_cache: FxHashMap::default(),
            neg_cache: FxHashMap::default(),
            misere_cache: FxHashMap::default(),
            thermo_cache: FxHashMap::default(),
            uptimal_cache: FxHashMap::default(),
            up_nths: Vec::new(),
            up_tos: Vec::new(),
            limits,
            budget: Budget::default(),
            interrupt: None,
            ticks: 0,
            le_work: 0,
            stamp: STAMPS.fetch_add(1, AtomicOrdering::Relaxed),
        };
        let zero = store.number(Dyadic::ZERO);
        store.nimbers.push(zero);
        store
    }

    /// The limits this store was made with.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// A number no other store in this process has: a [`ValueId`] kept
    /// with the stamp of its store can tell whether a store is the one
    /// that made it.
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// Sums and canonicalisation check this flag now and then and stop with
    /// [`PartizanError::Interrupted`] once it is set. Values already stored
    /// stay valid.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// The flag given to [`GameStore::set_interrupt`], if any.
    pub fn interrupt_flag(&self) -> Option<Arc<AtomicBool>> {
        self.interrupt.clone()
    }

    /// Steps and memory for the work that follows (one query): at most
    /// `max_steps` canonicalisations and sums, and `held()` (the bytes the
    /// caller's thread holds) at most `max_memory`, looked at once in 256
    /// steps. Past either, [`PartizanError::StepBudget`] or
    /// [`PartizanError::Memory`]; what is stored stays valid.
    pub fn set_budget(&mut self, max_steps: u64, max_memory: usize, held: fn() -> isize) {
        self.budget = Budget {
            steps: Arc::new(AtomicU64::new(0)),
            max_steps,
            max_memory,
            held: Some(held),
        };
    }

    /// Steps counted since the last [`GameStore::set_budget`].
    pub fn steps(&self) -> u64 {
        self.budget.steps.load(AtomicOrdering::Relaxed)
    }

    /// The counter of the steps since the last [`GameStore::set_budget`]:
    /// the query's evaluator counts its own steps on it too, so that both
    /// spend one budget.
    pub fn step_counter(&self) -> Arc<AtomicU64> {
        self.budget.steps.clone()
    }

    /// `f` run outside the query's step budget, its steps not counted: how a
    /// value is written must not depend on how much of `--max-steps` its
    /// query had left (the notation looks for `x + ↑`, `*n` and such
    /// with sums, which would fail near the budget's end and leave the
    /// raw form). Ctrl-C and the memory budget still hold.
    ///
    /// It has a budget of its own instead, [`DISPLAY_STEPS`], the same
    /// for every query.
    pub(super) fn unmetered<T>(&mut self, f: impl FnOnce(&mut GameStore) -> T) -> T {
        let max = std::mem::replace(&mut self.budget.max_steps, DISPLAY_STEPS);
        let before = self.budget.steps.swap(0, AtomicOrdering::Relaxed);
        let r = f(self);
        self.budget.max_steps = max;
        self.budget.steps.store(before, AtomicOrdering::Relaxed);
        r
    }

    /// Count the comparisons made since the last step, if they make one:
    /// for loops that compare many options within one step.
    pub(super) fn settle(&mut self) -> Result<()> {
        if self.le_work >= LE_PER_STEP {
            self.tick()?;
        }
        Ok(())
    }

    /// One step of work: counted against the budget; once in 256 the
    /// interrupt flag and the memory held are looked at.
    ///
    /// The comparisons [`GameStore::le`] made since the last step are
    /// counted here too, so that a step stands for a bounded amount of
    /// work however many options the forms compared have.
    pub(super) fn tick(&mut self) -> Result<()> {
        self.ticks = self.ticks.wrapping_add(1);
        let compared = std::mem::take(&mut self.le_work).saturating_mul(LE_STEPS);
        let b = &self.budget;
        // One thread counts on it at a time: a load and a store.
        let steps = b.steps.load(AtomicOrdering::Relaxed) + 1 + compared;
        b.steps.store(steps, AtomicOrdering::Relaxed);
        if steps > b.max_steps {
            return Err(PartizanError::StepBudget { limit: b.max_steps });
        }
        // Once in 256 steps, or at a step that counted many comparisons.
        if compared >= LE_PER_STEP * LE_STEPS || self.ticks.is_multiple_of(256) {
            if self
                .interrupt
                .as_ref()
                .is_some_and(|f| f.load(AtomicOrdering::Relaxed))
            {
                return Err(PartizanError::Interrupted);
            }
            if let Some(held) = b.held {
                let held = held().max(0) as usize;
                if held > b.max_memory {
                    return Err(PartizanError::Memory {
                        held,
                        limit: b.max_memory,
                    });
                }
            }
        }
        Ok(())
    }

    /// How many distinct values are stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a store holds `0` from the start.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub(super) fn node(&self, g: ValueId) -> &Node {
        &self.nodes[g.index()]
    }

    // ---- constructors ------------------------------------------------

    /// `0 = { | }`.
    pub fn zero(&mut self) -> ValueId {
        self.number(Dyadic::ZERO)
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> ValueId {
        self.number(Dyadic::int(n))
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> ValueId {
        if let Some(&id) = self.numbers.get(&x) {
            return id;
        }
        let cut = Cut {
            at: x,
            inclusive: true,
        };
        let id = self.push(Node {
            left: Arc::from([]),
            right: Arc::from([]),
            number: Some(x),
            down: cut,
            up: cut,
            left_stop: x,
            right_stop: x,
            height: 0,
            birthday: x.birthday(),
        });
        self.numbers.insert(x, id);
        id
    }

    /// The dyadic rational `num / 2^exp`.
    pub fn dyadic(&mut self, num: i64, exp: u32) -> Result<ValueId> {
        let x = Dyadic::new(num, exp).ok_or(PartizanError::Overflow)?;
        Ok(self.number(x))
    }

    /// The nimber `*m = {0, *, …, *(m-1) | 0, *, …, *(m-1)}`.
    pub fn nimber(&mut self, m: usize) -> Result<ValueId> {
        if m > self.limits.max_options {
            return Err(PartizanError::TooManyOptions {
                count: m,
                limit: self.limits.max_options,
            });
        }
        // `intern` records each new nimber in `nimbers`.
        while self.nimbers.len() <= m {
            let opts: Vec<ValueId> = self.nimbers.clone();
            self.intern(opts.clone(), opts)?;
        }
        Ok(self.nimbers[m])
    }

    /// `* = {0|0}`.
    pub fn star(&mut self) -> Result<ValueId> {
        self.nimber(1)
    }

    /// `↑ = {0|*}`.
    pub fn up(&mut self) -> Result<ValueId> {
        let zero = self.zero();
        let star = self.star()?;
        self.intern(vec![zero], vec![star])
    }

    /// `↓ = {*|0}`.
    pub fn down(&mut self) -> Result<ValueId> {
        let up = self.up()?;
        self.neg(up)
    }

    /// `n·↑` (negative `n` gives downs), by repeated doubling.
    pub fn ups(&mut self, n: i64) -> Result<ValueId> {
        let unit = if n >= 0 { self.up()? } else { self.down()? };
        self.multiple(unit, n.unsigned_abs())
    }

    /// `↑^n` ("up-nth", CGSuite `^<n>`): `↑^1 = ↑` and
    /// `↑^(n+1) = {0 | ↓* − ↑^2 − … − ↑^n}`, so `↑^2 = {0 | ↓*}`. Orders
    /// 1 to 64; cached.
    pub fn up_nth(&mut self, n: u32) -> Result<ValueId> {
        self.up_family(n, false)
    }

    /// CGSuite's `^[n]`: `^[1] = ↑` and `^[n+1] = {^[n] | *}`, so
    /// `^[2] = {↑ | *}`. Orders 1 to 64; cached.
    pub fn up_to(&mut self, n: u32) -> Result<ValueId> {
        self.up_family(n, true)
    }

    fn up_family(&mut self, n: u32, to: bool) -> Result<ValueId> {
        if n == 0 || n > 64 {
            return Err(PartizanError::TooDeep {
                height: n,
                limit: 64,
            });
        }
        let up = self.up()?;
        let star = self.star()?;
        let zero = self.zero();
        let cache_len = if to {
            self.up_tos.len()
        } else {
            self.up_nths.len()
        };
        if cache_len == 0 {
            if to {
                self.up_tos.push(up);
            } else {
                self.up_nths.push(up);
            }
        }
        while (if to {
            self.up_tos.len()
        } else {
            self.up_nths.len()
        }) < n as usize
        {
            let g = if to {
                let last = self.up_tos[self.up_tos.len() - 1];
                self.canon(vec![last], vec![star])?
            } else {
                // ↓* − ↑^2 − … − ↑^k
                let down = self.neg(up)?;
                let mut rhs = self.add(down, star)?;
                for k in 1..self.up_nths.len() {
                    rhs = self.sub(rhs, self.up_nths[k])?;
                }
                self.canon(vec![zero], vec![rhs])?
            };
            if to {
                self.up_tos.push(g);
            } else {
                self.up_nths.push(g);
            }
        }
        Ok(if to {
            self.up_tos[n as usize - 1]
        } else {
            self.up_nths[n as usize - 1]
        })
    }

    /// The canonical value of `{left | right}`, given the values of the
    /// options (in any order, repeats allowed). This is the central
    /// operation: dominated options are removed and reversible ones
    /// bypassed until the form is canonical.
    ///
    /// Repeated options and all numbers but the best one on each side cost
    /// nothing; [`Limits::max_options`] bounds what remains on a side.
    pub fn game(&mut self, left: &[ValueId], right: &[ValueId]) -> Result<ValueId> {
        let left = self.prune(left, true);
        let right = self.prune(right, false);
        for side in [&left, &right] {
            if side.len() > self.limits.max_options {
                return Err(PartizanError::TooManyOptions {
                    count: side.len(),
                    limit: self.limits.max_options,
                });
            }
        }
        self.canon(left, right)
    }

    /// Sorted distinct options, keeping of the numbers only the largest
    /// (Left) or smallest (Right): the others are dominated by it.
    fn prune(&self, opts: &[ValueId], left: bool) -> Vec<ValueId> {
        let mut best: Option<(Dyadic, ValueId)> = None;
        let mut out: Vec<ValueId> = Vec::with_capacity(opts.len());
        for &o in opts {
            match self.node(o).number {
                Some(x) => {
                    if best.is_none_or(|(b, _)| if left { x > b } else { x < b }) {
                        best = Some((x, o));
                    }
                }
                None => out.push(o),
            }
        }
        out.extend(best.map(|(_, o)| o));
        out.sort_unstable();
        out.dedup();
        out
    }

    // ---- reading values ------------------------------------------------

    /// The number this value equals, if it is one.
    pub fn as_number(&self, g: ValueId) -> Option<Dyadic> {
        self.node(g).number
    }

    /// Whether the value is a number.
    pub fn is_number(&self, g: ValueId) -> bool {
        self.node(g).number.is_some()
    }

    /// The nimber `m` if this value is `*m`.
    pub fn as_nimber(&self, g: ValueId) -> Option<usize> {
        if g == self.nimbers[0] {
            return Some(0);
        }
        let node = self.node(g);
        let m = node.left.len();
        if node.number.is_some() || node.left != node.right || m >= self.nimbers.len() {
            return None;
        }
        (self.nimbers[m] == g).then_some(m)
    }

    /// The birthday of the canonical form (saturating at `u64::MAX`).
    pub fn birthday(&self, g: ValueId) -> u64 {
        self.node(g).birthday
    }

    /// The nesting depth of non-number forms (0 for numbers).
    pub fn height(&self, g: ValueId) -> u32 {
        self.node(g).height
    }

    /// The Left stop: where play ends, Left moving first, when both
    /// players stop as soon as a number is reached.
    pub fn left_stop(&self, g: ValueId) -> Dyadic {
        self.node(g).left_stop
    }

    /// The Right stop: where play ends, Right moving first, when both
    /// players stop as soon as a number is reached.
    pub fn right_stop(&self, g: ValueId) -> Dyadic {
        self.node(g).right_stop
    }

    /// The Left options of the canonical form, sorted by id. Options of a
    /// number are made on demand.
    pub fn left_options(&mut self, g: ValueId) -> Result<Arc<[ValueId]>> {
        match self.node(g).number {
            None => Ok(self.node(g).left.clone()),
            Some(x) => {
                let (l, _) = x.options().ok_or(PartizanError::Overflow)?;
                Ok(l.map(|y| self.number(y)).into_iter().collect())
            }
        }
    }

    /// The Right options of the canonical form, sorted by id. Options of a
    /// number are made on demand.
    pub fn right_options(&mut self, g: ValueId) -> Result<Arc<[ValueId]>> {
        match self.node(g).number {
            None => Ok(self.node(g).right.clone()),
            Some(x) => {
                let (_, r) = x.options().ok_or(PartizanError::Overflow)?;
                Ok(r.map(|y| self.number(y)).into_iter().collect())
            }
        }
    }

    // ---- comparison --------------------------------------------------

    /// `G ≤ H`: by definition, no `G^L ≥ H` and no `H^R ≤ G`. A number is
    /// compared with anything through the other's cuts (constant time);
    /// two non-numbers recursively, cached by id pair.
    pub fn le(&mut self, g: ValueId, h: ValueId) -> bool {
        if g == h {
            return true;
        }
        let (ng, nh) = (self.node(g), self.node(h));
        match (ng.number, nh.number) {
            (Some(x), Some(y)) => return x <= y,
            // Cuts, from number avoidance: THEORY.md §6.3.
            (Some(x), None) => return nh.down.below(x),
            (None, Some(y)) => return ng.up.above(y),
            (None, None) => {}
        }
        // Stops are monotone: G ≤ H forces both stops of G ≤ those of H.
        if ng.left_stop > nh.left_stop || ng.right_stop > nh.right_stop {
            return false;
        }
        if let Some(&v) = self.le_cache.get(&(g, h)) {
            return v;
        }
        // Two different nimbers are incomparable (`*300` has 300 options
        // each side: the general rule would walk them all).
        if self.as_nimber(g).is_some() && self.as_nimber(h).is_some() {
            return false;
        }
        let gl = ng.left.clone();
        let hr = nh.right.clone();
        self.le_work += 1 + (gl.len() + hr.len()) as u64;
        let v = gl.iter().all(|&x| !self.le(h, x)) && hr.iter().all(|&y| !self.le(y, g));
        self.le_cache.insert((g, h), v);
        v
    }

    /// `G ≥ H`.
    pub fn ge(&mut self, g: ValueId, h: ValueId) -> bool {
        self.le(h, g)
    }

    /// `G = H`: a value is stored once, so equal values have equal ids.
    pub fn eq(&self, g: ValueId, h: ValueId) -> bool {
        g == h
    }

    /// `G < H`.
    pub fn lt(&mut self, g: ValueId, h: ValueId) -> bool {
        g != h && self.le(g, h)
    }

    /// `G || H`: incomparable.
    pub fn confused(&mut self, g: ValueId, h: ValueId) -> bool {
        !self.le(g, h) && !self.le(h, g)
    }

    /// How `G` compares with `H` in the partial order of games.
    pub fn compare(&mut self, g: ValueId, h: ValueId) -> Comparison {
        if g == h {
            return Comparison::Equal;
        }
        match (self.le(g, h), self.le(h, g)) {
            (true, _) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Confused,
        }
    }

    /// Like `PartialOrd::partial_cmp`: `None` when confused.
    pub fn partial_cmp(&mut self, g: ValueId, h: ValueId) -> Option<Ordering> {
        match self.compare(g, h) {
            Comparison::Less => Some(Ordering::Less),
            Comparison::Equal => Some(Ordering::Equal),
            Comparison::Greater => Some(Ordering::Greater),
            Comparison::Confused => None,
        }
    }

    /// Normal-play outcome class (compares with 0; constant time).
    pub fn outcome(&self, g: ValueId) -> Outcome {
        let node = self.node(g);
        // Left wins moving first iff not G ≤ 0; Right iff not 0 ≤ G.
        let g_le_0 = node.up.above(Dyadic::ZERO);
        let zero_le_g = node.down.below(Dyadic::ZERO);
        Outcome::from_wins(!g_le_0, !zero_le_g)
    }

    /// Misère outcome of the canonical form, played as it stands (the
    /// player who cannot move wins). Misère play depends on the form, not
    /// only on the value; this is the outcome of the canonical form.
    pub fn misere_outcome(&mut self, g: ValueId) -> Result<Outcome> {
        let (l, r) = self.misere_wins(g)?;
        Ok(Outcome::from_wins(l, r))
    }

    /// (Left wins moving first, Right wins moving first) in misère play.
    fn misere_wins(&mut self, g: ValueId) -> Result<(bool, bool)> {
        if let Some(x) = self.node(g).number
            && x.is_integer()
        {
            // n > 0 = {n-1 | }: Right has no move (and wins); Left must
            // move to n-1, where Right again has no move.
            return Ok(match x.numerator().cmp(&0) {
                Ordering::Greater => (false, true),
                Ordering::Less => (true, false),
                Ordering::Equal => (true, true),
            });
        }
        if let Some(&v) = self.misere_cache.get(&g) {
            return Ok(v);
        }
        let left = self.left_options(g)?;
        let right = self.right_options(g)?;
        let mut lw = left.is_empty();
        for &x in left.iter() {
            if lw {
                break;
            }
            lw = !self.misere_wins(x)?.1;
        }
        let mut rw = right.is_empty();
        for &y in right.iter() {
            if rw {
                break;
            }
            rw = !self.misere_wins(y)?.0;
        }
        self.misere_cache.insert(g, (lw, rw));
        Ok((lw, rw))
    }
}
