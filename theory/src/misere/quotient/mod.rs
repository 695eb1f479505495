//! Misère quotients of heap games (Plambeck; Plambeck–Siegel): for the
//! closure A of heaps 0..=n under sums and options, the commutative monoid
//! Q = A/≡ where G ≡ H iff G + X and H + X have the same misère outcome for
//! every X in A, with its P-portion and the pretending function heap → Q.
//!
//! How it is found (`docs/THEORY.md` §9.5): heap by
//! heap, a candidate is learned from exact outcomes (an automaton over heap
//! letters whose states are classes told apart by test positions, refined by
//! counterexamples as in Angluin's L* with Rivest–Schapire's suffix rule),
//! then *verified* by a finite check that proves, by induction on A, that
//! the candidate predicts the misère outcome of every position of A. A
//! verified, minimal candidate is the quotient itself.

mod checkpoint;
mod extend;
mod learn;
mod long_run;
#[cfg(test)]
mod long_run_tests;
mod memo;
mod period;
mod present;
mod refine;
mod verify;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rustc_hash::FxHashSet;

use super::{HeapRules, MisereError, Outcome, Result, check_interrupt};
pub use checkpoint::CheckpointError;
pub use long_run::{NoEvents, QuotientEvents, QuotientRun, QuotientState, StageRecord};
use memo::Memo;
pub use period::{QuotientPeriod, proof_range};
use present::{minimize, present};

/// An element of a quotient (0 is the identity, the class of the empty game).
pub type Element = u32;

/// Limits of a quotient computation; each ends in `grundy_theory::misere::budget`.
/// `interrupt`, when set by another thread, ends it with
/// `grundy_theory::misere::interrupted`.
#[derive(Debug, Clone)]
pub struct QuotientBudget {
    /// The flag another thread sets to cancel the computation (`None`: it
    /// cannot be cancelled).
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Elements of the quotient (states of a candidate); the refinement's
    /// products and tables grow with it (see [`QuotientBudget::elements_for_memory`]).
    pub max_elements: usize,
    /// Positions (sums of heaps) whose outcome is stored while learning.
    pub max_positions: usize,
    /// Profiles visited by the verification of one candidate.
    pub max_profiles: usize,
    /// The largest heap a quotient may cover.
    pub max_heap: u64,
    /// Steps of work (an element marked, a state visited, a position
    /// searched, …; a loop turn that walks many elements or set words
    /// counts a step per 64 of them), ending in `grundy_theory::misere::steps`.
    pub max_steps: u64,
    /// How each stage's candidate is found (`docs/THEORY.md` §9.5); every
    /// candidate is verified, whichever way it was found.
    pub stages: Stages,
}

/// The ways a stage's candidate is found, each falling back to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stages {
    /// The extension step, then refinement, then learning (the default).
    Extend,
    /// Refinement, then learning (tests the refinement on every stage).
    Refine,
    /// Learning from exact outcomes alone (the slow path, kept as the
    /// oracle of the tests).
    Learn,
}

impl QuotientBudget {
    /// The element budget a memory budget of `bytes` allows: the
    /// refinement's product table of a candidate with n elements holds
    /// 4·n² bytes, kept to about a tenth of the memory budget, and never
    /// below the default 4,096 (the budget of 640 MiB) nor above 2¹⁶.
    pub fn elements_for_memory(bytes: usize) -> usize {
        ((bytes / 40) as f64).sqrt().floor().clamp(4096.0, 65536.0) as usize
    }
}

impl Default for QuotientBudget {
    fn default() -> Self {
        QuotientBudget {
            interrupt: None,
            max_elements: 4096,
            max_positions: 5_000_000,
            max_profiles: 2_000_000,
            max_heap: 100_000,
            max_steps: u64::MAX,
            stages: Stages::Extend,
        }
    }
}

/// One relation `lhs = rhs` of a presentation, as exponent vectors over
/// the generators.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Relation {
    /// A least word that is not a normal form: the exponent of each generator,
    /// in the order of [`MisereQuotient::generators`].
    pub lhs: Vec<u32>,
    /// The normal form of the element `lhs` equals.
    pub rhs: Vec<u32>,
}

/// The misère quotient of the closure of heaps 0..=max_heap.
#[derive(Debug, Clone)]
pub struct MisereQuotient {
    max_heap: u64,
    generators: Vec<u64>,
    words: Vec<Vec<u32>>,
    mul: Vec<Element>,
    p: Vec<bool>,
    pretend: Vec<Element>,
    relations: Vec<Relation>,
}

/// The order of the quotient after each heap was added.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct QuotientStage {
    /// The heap added: this stage is the quotient of heaps 0..=`heap`.
    pub heap: u64,
    /// The number of elements of that quotient.
    pub order: usize,
    /// The number of its generators.
    pub generators: usize,
}

/// Quotients of heaps 0..=m for m = 0..=n: the stages and the last quotient.
#[derive(Debug, Clone)]
pub struct QuotientHistory {
    /// One stage per heap, from heap 0 up.
    pub stages: Vec<QuotientStage>,
    /// The quotient of the last stage (heaps 0..=n).
    pub quotient: MisereQuotient,
    /// The smallest m from which every stage up to n has the same order and
    /// number of generators (an observation up to n, not a proof that the
    /// quotient of all heaps is reached).
    pub unchanged_since: u64,
    /// How each stage after heap 0 was found (heap 1 first).
    pub found: Vec<Found>,
}

/// How a stage's candidate was found (each is verified the same way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Found {
    /// By the extension step: from the previous quotient and the new heap's
    /// options alone.
    Extended,
    /// By refinement: the new heap splits a class of the previous quotient.
    Refined,
    /// By learning from exact outcomes: when the others fail, or always
    /// under [`Stages::Learn`].
    Learned,
}

impl QuotientHistory {
    /// The quotient of heaps 0..=`max_heap` of `rules`, as
    /// [`MisereQuotient::compute`] finds it, with a record of every stage on
    /// the way.
    pub fn compute(
        rules: &dyn HeapRules,
        max_heap: u64,
        budget: &QuotientBudget,
    ) -> Result<QuotientHistory> {
        QuotientRun::new(rules, max_heap, budget)?.run(&mut NoEvents)
    }
}

impl MisereQuotient {
    /// The quotient of the closure of heaps 0..=max_heap of `rules`.
    pub fn compute(
        rules: &dyn HeapRules,
        max_heap: u64,
        budget: &QuotientBudget,
    ) -> Result<MisereQuotient> {
        Ok(QuotientHistory::compute(rules, max_heap, budget)?.quotient)
    }

    /// Heaps 0..=max_heap are covered.
    pub fn max_heap(&self) -> u64 {
        self.max_heap
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.p.len()
    }

    /// The heap sizes whose classes generate the quotient, named a, b, c, …
    pub fn generators(&self) -> &[u64] {
        &self.generators
    }

    /// The relations of the presentation (a complete rewriting system:
    /// every element has exactly one word that no left side divides).
    pub fn relations(&self) -> &[Relation] {
        &self.relations
    }

    /// The product of two elements (elements of this quotient: it indexes
    /// its table directly).
    pub fn mul(&self, a: Element, b: Element) -> Element {
        self.mul[a as usize * self.order() + b as usize]
    }

    /// Whether the element is in the P-portion (its games are misère P).
    pub fn is_p(&self, e: Element) -> bool {
        self.p[e as usize]
    }

    /// The P-portion, in element order.
    pub fn p_portion(&self) -> Vec<Element> {
        (0..self.order() as Element)
            .filter(|&e| self.is_p(e))
            .collect()
    }

    /// The pretending function: the element of heap `h`.
    pub fn pretending(&self, h: u64) -> Result<Element> {
        if h > self.max_heap {
            return Err(MisereError::HeapOutOfRange {
                heap: h,
                max: self.max_heap,
            });
        }
        Ok(self.pretend[h as usize])
    }

    /// The element of a sum of heaps.
    pub fn element_of(&self, heaps: &[u64]) -> Result<Element> {
        let mut acc = 0;
        for &h in heaps {
            acc = self.mul(acc, self.pretending(h)?);
        }
        Ok(acc)
    }

    /// The misère outcome of a sum of heaps, read from the P-portion.
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome> {
        Ok(if self.is_p(self.element_of(heaps)?) {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// The normal-form word of an element as exponents over the generators.
    pub fn word(&self, e: Element) -> &[u32] {
        &self.words[e as usize]
    }

    /// The name of generator `i`: a … z, then g27, g28, …
    pub fn generator_name(i: usize) -> String {
        if i < 26 {
            ((b'a' + i as u8) as char).to_string()
        } else {
            format!("g{}", i + 1)
        }
    }

    /// A word as text: `1`, `a`, `a^2b`, …
    pub fn word_text(exps: &[u32]) -> String {
        let mut s = String::new();
        for (i, &e) in exps.iter().enumerate() {
            if e == 0 {
                continue;
            }
            s.push_str(&Self::generator_name(i));
            if e > 1 {
                s.push('^');
                s.push_str(&e.to_string());
            }
        }
        if s.is_empty() { "1".to_string() } else { s }
    }

    /// The element's normal-form word as text.
    pub fn element_name(&self, e: Element) -> String {
        Self::word_text(self.word(e))
    }

    /// The presentation as text: `⟨a, b | a^2 = 1, b^3 = b⟩`.
    pub fn presentation(&self) -> String {
        let gens: Vec<String> = (0..self.generators.len())
            .map(Self::generator_name)
            .collect();
        let rels: Vec<String> = self
            .relations
            .iter()
            .map(|r| format!("{} = {}", Self::word_text(&r.lhs), Self::word_text(&r.rhs)))
            .collect();
        if rels.is_empty() {
            format!("⟨{}⟩", gens.join(", "))
        } else {
            format!("⟨{} | {}⟩", gens.join(", "), rels.join(", "))
        }
    }

    /// Everything as JSON: order, generators (heap sizes), presentation,
    /// relations, elements, P-portion, pretending function.
    pub fn to_json(&self) -> serde_json::Value {
        let elements: Vec<String> = (0..self.order() as Element)
            .map(|e| self.element_name(e))
            .collect();
        let p: Vec<String> = self
            .p_portion()
            .into_iter()
            .map(|e| self.element_name(e))
            .collect();
        let pretend: Vec<String> = self.pretend.iter().map(|&e| self.element_name(e)).collect();
        serde_json::json!({
            "max_heap": self.max_heap,
            "order": self.order(),
            "generators": self.generators,
            "presentation": self.presentation(),
            "relations": self.relations,
            "elements": elements,
            "p_portion": p,
            "pretending": pretend,
        })
    }
}

impl std::fmt::Display for MisereQuotient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "misère quotient of heaps 0..={}: order {}",
            self.max_heap,
            self.order()
        )?;
        let gens: Vec<String> = self
            .generators
            .iter()
            .enumerate()
            .map(|(i, h)| format!("{} = heap {h}", Self::generator_name(i)))
            .collect();
        writeln!(f, "generators: {}", gens.join(", "))?;
        writeln!(f, "presentation: {}", self.presentation())?;
        let p: Vec<String> = self
            .p_portion()
            .into_iter()
            .map(|e| self.element_name(e))
            .collect();
        writeln!(f, "P-portion: {{{}}}", p.join(", "))?;
        let pretend: Vec<String> = self.pretend.iter().map(|&e| self.element_name(e)).collect();
        write!(f, "pretending: {}", pretend.join(" "))
    }
}

// ---------------------------------------------------------------------------
// The learner.

/// A complete deterministic automaton over heap letters 1..=letters
/// (letter h is column h - 1); state 0 is the empty position.
#[derive(Debug, Clone)]
struct Automaton {
    letters: u32,
    trans: Vec<Vec<u32>>,
    p: Vec<bool>,
    reps: Vec<Vec<u32>>,
}

impl Automaton {
    fn step(&self, s: u32, h: u32) -> u32 {
        self.trans[s as usize][h as usize - 1]
    }

    fn run(&self, mut s: u32, word: &[u32]) -> u32 {
        for &h in word {
            s = self.step(s, h);
        }
        s
    }

    /// One letter per distinct transition column (the smallest heap with
    /// it), in increasing order: letters with equal columns act alike on
    /// every state, so a check over pairs of letters need only these
    /// (commutativity over all pairs of heaps was cubic in the heap range).
    fn distinct_letters(&self) -> Vec<u32> {
        let mut seen: FxHashSet<Vec<u32>> = FxHashSet::default();
        (1..=self.letters)
            .filter(|&h| seen.insert(self.trans.iter().map(|t| t[h as usize - 1]).collect()))
            .collect()
    }
}

struct Frame {
    pos: Box<[u32]>,
    children: Vec<Box<[u32]>>,
    next: usize,
}

enum Opened {
    Decided(bool),
    Frame(Frame),
}

/// What the last successful profile search covered.
#[derive(Debug, Clone)]
struct VerifiedProfiles {
    trans: Vec<Vec<u32>>,
    p: Vec<bool>,
    keys: Vec<(u32, Vec<u64>)>,
}

struct Learner<'a> {
    rules: &'a dyn HeapRules,
    /// `weight[h]` exceeds the total weight of every option of heap `h`
    /// (so every move lowers a position's total weight); None once it
    /// overflows, which turns the extension step off.
    weight: Option<Vec<u64>>,
    /// Options of each heap 0..=n: sorted multisets of non-zero heaps.
    opts: Vec<Vec<Vec<u32>>>,
    /// Exact outcomes found while learning (this stage's: positions of
    /// smaller heaps alone are answered by `prev`).
    memo: Memo,
    /// The verified automaton of the previous stage: every position whose
    /// heaps are all at most `prev.letters` is answered from it.
    prev: Option<Automaton>,
    budget: QuotientBudget,
    steps: u64,
    verified_profiles: Option<VerifiedProfiles>,
}

fn sorted(word: &[u32]) -> Vec<u32> {
    let mut v = word.to_vec();
    v.sort_unstable();
    v
}

fn concat(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut v = Vec::with_capacity(a.len() + b.len());
    v.extend_from_slice(a);
    v.extend_from_slice(b);
    v
}

/// Called by the learning stage at each of its boundaries: the learner,
/// the round, the tests of the round, and whether the round starts
/// (false: between two exact searches of the round's hypothesis).
type LearnHook<'h> = dyn FnMut(&mut Learner<'_>, usize, &[Vec<u32>], bool) + 'h;

impl Learner<'_> {
    /// Learning from exact outcomes (L* with Rivest–Schapire refinement)
    /// until a candidate for letters 1..=m is verified, from round
    /// `round` (counted up as rounds end) with `tests`. `hook` hears every
    /// boundary: the start of each round and the gap after each exact
    /// search while the round's hypothesis is built; a run that goes on
    /// from any of them with this round, its tests and the outcomes
    /// stored so far does what this one does.
    fn learn(
        &mut self,
        m: u32,
        round: &mut usize,
        tests: &mut Vec<Vec<u32>>,
        known: &mut FxHashSet<Vec<u32>>,
        hook: &mut LearnHook<'_>,
    ) -> Result<Automaton> {
        loop {
            check_interrupt(&self.budget.interrupt)?;
            hook(self, *round, tests, true);
            let r = *round;
            let (a, rows) = {
                let t: &[Vec<u32>] = tests;
                self.hypothesis(m, t, &mut |l| hook(l, r, t, false))?
            };
            let cex = match self.check_commutes(&a, &rows, tests)? {
                Some(w) => Some(w),
                None => self.check_outcomes(&a, true)?,
            };
            match cex {
                Some(w) => {
                    self.refine(&a, &w, tests, known)?;
                    *round += 1;
                }
                None => return Ok(a),
            }
        }
    }
}
