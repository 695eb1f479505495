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

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rustc_hash::{FxHashMap, FxHashSet};

use super::{HeapRules, MisereError, Outcome, Result, check_interrupt};

/// An element of a quotient (0 is the identity, the class of the empty game).
pub type Element = u32;

/// Limits of a quotient computation; each ends in `grundy::misere::budget`.
/// `interrupt`, when set by another thread, ends it with
/// `grundy::misere::interrupted`.
#[derive(Debug, Clone)]
pub struct QuotientBudget {
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Elements of the quotient (states of a candidate).
    pub max_elements: usize,
    /// Positions (sums of heaps) whose outcome is stored while learning.
    pub max_positions: usize,
    /// Profiles visited by the verification of one candidate.
    pub max_profiles: usize,
    /// The largest heap a quotient may cover.
    pub max_heap: u64,
    /// Propose each stage's candidate from the previous quotient and the
    /// new heap's options before learning from exact outcomes
    /// (`docs/THEORY.md` §9.5); `false` always learns (the slow path, kept
    /// as the oracle of the tests). Either way the candidate is verified.
    pub extend: bool,
}

impl Default for QuotientBudget {
    fn default() -> Self {
        QuotientBudget {
            interrupt: None,
            max_elements: 4096,
            max_positions: 5_000_000,
            max_profiles: 2_000_000,
            max_heap: 100_000,
            extend: true,
        }
    }
}

/// One relation `lhs = rhs` of a presentation, as exponent vectors over
/// the generators.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Relation {
    pub lhs: Vec<u32>,
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
    pub heap: u64,
    pub order: usize,
    pub generators: usize,
}

/// Quotients of heaps 0..=m for m = 0..=n: the stages and the last quotient.
#[derive(Debug, Clone)]
pub struct QuotientHistory {
    pub stages: Vec<QuotientStage>,
    pub quotient: MisereQuotient,
    /// The smallest m from which every stage up to n has the same order and
    /// number of generators (an observation up to n, not a proof that the
    /// quotient of all heaps is reached).
    pub unchanged_since: u64,
}

impl QuotientHistory {
    pub fn compute(
        rules: &dyn HeapRules,
        max_heap: u64,
        budget: &QuotientBudget,
    ) -> Result<QuotientHistory> {
        let mut stages = Vec::new();
        let quotient = run(rules, max_heap, budget, &mut |heap, q| {
            stages.push(QuotientStage {
                heap,
                order: q.order(),
                generators: q.generators.len(),
            })
        })?;
        let last = stages.last().cloned();
        let mut unchanged_since = max_heap;
        if let Some(last) = last {
            for s in stages.iter().rev() {
                if s.order == last.order && s.generators == last.generators {
                    unchanged_since = s.heap;
                } else {
                    break;
                }
            }
        }
        Ok(QuotientHistory {
            stages,
            quotient,
            unchanged_since,
        })
    }
}

impl MisereQuotient {
    /// The quotient of the closure of heaps 0..=max_heap of `rules`.
    pub fn compute(
        rules: &dyn HeapRules,
        max_heap: u64,
        budget: &QuotientBudget,
    ) -> Result<MisereQuotient> {
        run(rules, max_heap, budget, &mut |_, _| {})
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
    memo: FxHashMap<Box<[u32]>, bool>,
    /// The verified automaton of the previous stage: every position whose
    /// heaps are all at most `prev.letters` is answered from it.
    prev: Option<Automaton>,
    budget: QuotientBudget,
    ticks: u32,
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

impl Learner<'_> {
    /// Every option of the sorted position `pos`.
    fn children(&self, pos: &[u32]) -> Vec<Box<[u32]>> {
        let mut out = Vec::new();
        for i in 0..pos.len() {
            if i > 0 && pos[i] == pos[i - 1] {
                continue;
            }
            for k in &self.opts[pos[i] as usize] {
                let mut v: Vec<u32> = Vec::with_capacity(pos.len() + k.len());
                v.extend_from_slice(&pos[..i]);
                v.extend_from_slice(&pos[i + 1..]);
                v.extend_from_slice(k);
                v.sort_unstable();
                out.push(v.into_boxed_slice());
            }
        }
        out
    }

    fn quick(&self, pos: &[u32]) -> Option<bool> {
        if pos.is_empty() {
            return Some(false);
        }
        if let Some(prev) = &self.prev
            && pos.iter().all(|&h| h <= prev.letters)
        {
            return Some(prev.p[prev.run(0, pos) as usize]);
        }
        self.memo.get(pos).copied()
    }

    /// Exact misère outcome (true = P) of a sorted position, by an
    /// iterative memoised search. Each position's options are first screened
    /// against what is already known (a known P option settles it at once),
    /// and only the unknown ones are searched.
    fn is_p(&mut self, pos: &[u32]) -> Result<bool> {
        if let Some(v) = self.quick(pos) {
            return Ok(v);
        }
        let first: Box<[u32]> = pos.into();
        let mut stack = match self.open(first.clone()) {
            Opened::Decided(v) => {
                self.remember(first, v)?;
                return Ok(v);
            }
            Opened::Frame(f) => vec![f],
        };
        let mut result = false;
        while let Some(top) = stack.last_mut() {
            let value = if top.next == top.children.len() {
                Some(true)
            } else {
                match self.quick(&top.children[top.next]) {
                    Some(true) => Some(false),
                    Some(false) => {
                        top.next += 1;
                        None
                    }
                    None => {
                        let child = top.children[top.next].clone();
                        match self.open(child.clone()) {
                            Opened::Decided(v) => self.remember(child, v)?,
                            Opened::Frame(f) => stack.push(f),
                        }
                        None
                    }
                }
            };
            if let Some(v) = value {
                if let Some(f) = stack.pop() {
                    self.remember(f.pos, v)?;
                }
                result = v;
            }
        }
        Ok(result)
    }

    fn open(&self, pos: Box<[u32]>) -> Opened {
        let all = self.children(&pos);
        if all.is_empty() {
            // No move: the player to move has won (misère).
            return Opened::Decided(false);
        }
        let mut unknown = Vec::new();
        for c in all {
            match self.quick(&c) {
                Some(true) => return Opened::Decided(false),
                Some(false) => {}
                None => unknown.push(c),
            }
        }
        if unknown.is_empty() {
            return Opened::Decided(true);
        }
        Opened::Frame(Frame {
            pos,
            children: unknown,
            next: 0,
        })
    }

    fn tick(&mut self) -> Result<()> {
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks & 0xfff == 0 {
            check_interrupt(&self.budget.interrupt)?;
            self.rules.poll()?;
        }
        Ok(())
    }

    fn remember(&mut self, pos: Box<[u32]>, v: bool) -> Result<()> {
        self.tick()?;
        if self.memo.len() >= self.budget.max_positions {
            return Err(MisereError::Budget {
                what: "positions stored while computing the misère quotient",
                limit: self.budget.max_positions,
            });
        }
        self.memo.insert(pos, v);
        Ok(())
    }

    fn word_is_p(&mut self, word: &[u32]) -> Result<bool> {
        self.is_p(&sorted(word))
    }

    /// The hypothesis for letters 1..=m from the test suffixes: states are
    /// the distinct rows met from the empty word by breadth-first search.
    fn hypothesis(&mut self, m: u32, tests: &[Vec<u32>]) -> Result<(Automaton, Vec<Vec<bool>>)> {
        let mut rows: Vec<Vec<bool>> = Vec::new();
        let mut index: FxHashMap<Vec<bool>, u32> = FxHashMap::default();
        let mut reps: Vec<Vec<u32>> = Vec::new();
        let mut trans: Vec<Vec<u32>> = Vec::new();
        let row0 = self.row(&[], tests)?;
        index.insert(row0.clone(), 0);
        rows.push(row0);
        reps.push(Vec::new());
        let mut s = 0;
        while s < reps.len() {
            let mut t = Vec::with_capacity(m as usize);
            for h in 1..=m {
                let w = concat(&reps[s], &[h]);
                let r = self.row(&w, tests)?;
                let id = match index.get(&r) {
                    Some(&id) => id,
                    None => {
                        if reps.len() >= self.budget.max_elements {
                            return Err(MisereError::Budget {
                                what: "elements of the misère quotient",
                                limit: self.budget.max_elements,
                            });
                        }
                        let id = reps.len() as u32;
                        index.insert(r.clone(), id);
                        rows.push(r);
                        reps.push(w);
                        id
                    }
                };
                t.push(id);
            }
            trans.push(t);
            s += 1;
        }
        let p = rows.iter().map(|r| r[0]).collect();
        Ok((
            Automaton {
                letters: m,
                trans,
                p,
                reps,
            },
            rows,
        ))
    }

    fn row(&mut self, word: &[u32], tests: &[Vec<u32>]) -> Result<Vec<bool>> {
        let mut r = Vec::with_capacity(tests.len());
        for t in tests {
            r.push(self.word_is_p(&concat(word, t))?);
        }
        Ok(r)
    }

    /// Of two words, one that the automaton mispredicts.
    fn mispredicted(&mut self, a: &Automaton, words: &[Vec<u32>]) -> Result<Vec<u32>> {
        for w in words {
            let pred = a.p[a.run(0, w) as usize];
            if self.word_is_p(w)? != pred {
                return Ok(w.clone());
            }
        }
        Err(MisereError::Internal {
            what: "a failed check produced no mispredicted position".to_string(),
        })
    }

    /// Commutativity of the letters on every state; a counterexample word
    /// if it fails.
    fn check_commutes(
        &mut self,
        a: &Automaton,
        rows: &[Vec<bool>],
        tests: &[Vec<u32>],
    ) -> Result<Option<Vec<u32>>> {
        let m = a.letters;
        for s in 0..a.trans.len() as u32 {
            for i in 1..=m {
                for j in i + 1..=m {
                    let x = a.step(a.step(s, i), j);
                    let y = a.step(a.step(s, j), i);
                    if x == y {
                        continue;
                    }
                    let k = (0..tests.len())
                        .find(|&k| rows[x as usize][k] != rows[y as usize][k])
                        .ok_or_else(|| MisereError::Internal {
                            what: "two states with equal rows".to_string(),
                        })?;
                    let rep = &a.reps[s as usize];
                    let w1 = concat(&concat(rep, &[i, j]), &tests[k]);
                    let w2 = concat(&concat(rep, &[j, i]), &tests[k]);
                    return self.mispredicted(a, &[w1, w2]).map(Some);
                }
            }
        }
        Ok(None)
    }

    /// The verification of `docs/THEORY.md` §9.5: (1) no predicted-P position has
    /// a predicted-P option; (2) every predicted-N position other than the
    /// empty one has a predicted-P option, checked over all reachable
    /// profiles. Returns a counterexample word if either fails.
    /// With `cex` false a failure returns an empty word instead of
    /// searching exact outcomes for a counterexample.
    fn check_outcomes(&mut self, a: &Automaton, cex: bool) -> Result<Option<Vec<u32>>> {
        let m = a.letters as usize;
        let states = a.trans.len();
        let words = states.div_ceil(64);
        // good[h][y]: heap h in context y has no option predicted P.
        let mut good: Vec<Vec<u64>> = vec![vec![0; words]; m + 1];
        for (h, good_h) in good.iter_mut().enumerate().skip(1) {
            let heap_opts = self.opts[h].clone();
            for y in 0..states as u32 {
                let mut ok = true;
                for k in &heap_opts {
                    if a.p[a.run(y, k) as usize] {
                        ok = false;
                        if a.p[a.step(y, h as u32) as usize] {
                            // (1) fails: y + h predicted P with a P option.
                            if !cex {
                                return Ok(Some(Vec::new()));
                            }
                            let rep = &a.reps[y as usize];
                            let w1 = concat(rep, &[h as u32]);
                            let w2 = concat(rep, k);
                            return self.mispredicted(a, &[w1, w2]).map(Some);
                        }
                        break;
                    }
                }
                if ok {
                    good_h[y as usize / 64] |= 1 << (y % 64);
                }
            }
        }
        // Letters that act alike (same class, same good set) are merged.
        let mut letters: Vec<u32> = Vec::new();
        let mut seen: FxHashSet<(u32, &Vec<u64>)> = FxHashSet::default();
        for (h, good_h) in good.iter().enumerate().skip(1) {
            // A heap with no move is the empty game: it never changes the
            // element (its rows equal those without it) nor the moves.
            if self.opts[h].is_empty() {
                if (0..states as u32).any(|x| a.step(x, h as u32) != x) {
                    return Err(MisereError::Internal {
                        what: "a heap with no move changed an element".to_string(),
                    });
                }
                continue;
            }
            if seen.insert((a.step(0, h as u32), good_h)) {
                letters.push(h as u32);
            }
        }
        // A letter whose good set is strictly inside that of another letter
        // of the same class is not needed: in a bad position, replacing it
        // by the other keeps every element and every condition, so some bad
        // position uses only letters with maximal good sets.
        let subset = |u: &[u64], v: &[u64]| u.iter().zip(v).all(|(x, y)| x & !y == 0);
        let all = letters.clone();
        letters.retain(|&h| {
            let (c, g) = (a.step(0, h), &good[h as usize]);
            !all.iter().any(|&o| {
                o != h
                    && a.step(0, o) == c
                    && good[o as usize] != *g
                    && subset(g, &good[o as usize])
            })
        });
        // The profile search depends only on the states, their transitions
        // and P, and the letters' (class, good set) pairs: if the last
        // verified candidate had the same ones (a new heap that acts like an
        // old one), its search already covered this one.
        let keys: Vec<(u32, Vec<u64>)> = letters
            .iter()
            .map(|&h| (a.step(0, h), good[h as usize].clone()))
            .collect();
        if let Some(done) = &self.verified_profiles
            && done.trans.len() == a.trans.len()
            && done.p == a.p
            && done
                .trans
                .iter()
                .zip(&a.trans)
                .all(|(old, new)| new.len() >= old.len() && new[..old.len()] == old[..])
            && keys.iter().all(|k| done.keys.contains(k))
        {
            return Ok(None);
        }
        // The search over positions, each seen as its state (x, A): x its
        // element and A the set of elements w such that G + X has a move
        // inside G to a predicted-P position whenever X has element w
        // (`docs/THEORY.md` §9.5). Adding heap h turns (x, A) into
        // (x·h, {w : h·w ∈ A} ∪ {w : x·w ∉ good(h)}); G is bad when x ∉ P,
        // G is not empty and the identity is not in A.
        let words_of = states.div_ceil(64);
        let mut mul = vec![0u32; states * states];
        for x in 0..states {
            for y in 0..states {
                mul[x * states + y] = a.run(x as u32, &a.reps[y]);
            }
            self.tick()?;
        }
        let has = |set: &[u64], e: u32| set[e as usize / 64] >> (e % 64) & 1 == 1;
        let mut index: FxHashMap<(u32, Vec<u64>), u32> = FxHashMap::default();
        let mut nodes: Vec<(u32, Vec<u64>)> = vec![(0, vec![0; words_of])];
        let mut parent: Vec<(u32, u32)> = vec![(u32::MAX, 0)];
        // The empty position (node 0) is in neither map: a non-empty
        // position with the same state must still be looked at.
        let mut minimal: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
        let mut at = 0;
        while at < nodes.len() {
            self.tick()?;
            let (x, set) = nodes[at].clone();
            if at > 0 && !a.p[x as usize] && !has(&set, 0) {
                if !cex {
                    return Ok(Some(Vec::new()));
                }
                let mut word = Vec::new();
                let mut i = at as u32;
                while parent[i as usize].0 != u32::MAX {
                    word.push(parent[i as usize].1);
                    i = parent[i as usize].0;
                }
                return self.bad_profile_counterexample(a, word).map(Some);
            }
            for &h in &letters {
                let good_h = &good[h as usize];
                let mut next = vec![0u64; words_of];
                for w in 0..states as u32 {
                    if has(&set, a.step(w, h))
                        || !has(good_h, mul[x as usize * states + w as usize])
                    {
                        next[w as usize / 64] |= 1 << (w % 64);
                    }
                }
                let key = (a.step(x, h), next);
                if index.contains_key(&key) {
                    continue;
                }
                // A state whose A contains that of a visited state with the
                // same element leads only to states that contain the other's
                // successors' sets: it finds no bad state the other would not.
                let same = minimal.entry(key.0).or_default();
                let dominated = same.iter().any(|&o| {
                    nodes[o as usize]
                        .1
                        .iter()
                        .zip(&key.1)
                        .all(|(small, big)| small & !big == 0)
                });
                if dominated {
                    continue;
                }
                if nodes.len() >= self.budget.max_profiles {
                    return Err(MisereError::Budget {
                        what: "profiles checked while verifying the misère quotient",
                        limit: self.budget.max_profiles,
                    });
                }
                same.push(nodes.len() as u32);
                index.insert(key.clone(), nodes.len() as u32);
                nodes.push(key);
                parent.push((at as u32, h));
            }
            at += 1;
        }
        self.verified_profiles = Some(VerifiedProfiles {
            trans: a.trans.clone(),
            p: a.p.clone(),
            keys,
        });
        Ok(None)
    }

    /// A position predicted N whose options are all predicted N: either it
    /// or one of its options is mispredicted.
    fn bad_profile_counterexample(&mut self, a: &Automaton, word: Vec<u32>) -> Result<Vec<u32>> {
        if self.word_is_p(&word)? {
            return Ok(word);
        }
        for c in self.children(&sorted(&word)) {
            if self.is_p(&c)? {
                return self.mispredicted(a, &[c.to_vec()]);
            }
        }
        Err(MisereError::Internal {
            what: "an N-position with no P option".to_string(),
        })
    }

    /// Records the weight of heap `m` once its options are listed: one more
    /// than the heaviest option (a sum of smaller heaps).
    fn push_weight(&mut self, m: usize) {
        let Some(w) = &mut self.weight else {
            return;
        };
        let mut top: Option<u64> = Some(0);
        for k in &self.opts[m] {
            let sum = k
                .iter()
                .try_fold(0u64, |acc, &h| acc.checked_add(w[h as usize]));
            top = match (top, sum) {
                (Some(t), Some(v)) => Some(t.max(v)),
                _ => None,
            };
        }
        match top.and_then(|t| t.checked_add(1)) {
            Some(v) if v < 1 << 52 => w.push(v),
            _ => self.weight = None,
        }
    }

    /// The extension step of `docs/THEORY.md` §9.5: a candidate for letters
    /// 1..=m built from the verified automaton `prev` of letters 1..m−1
    /// and the options of heap m alone (no exact search of sums), then
    /// verified. None when no candidate tried is proved (the caller then
    /// learns from exact outcomes).
    fn extend(&mut self, prev: &Automaton, m: u32) -> Result<Option<Automaton>> {
        let Some(weight) = self.weight.clone() else {
            return Ok(None);
        };
        let n = prev.trans.len();
        if n.saturating_mul(n) > 1 << 24 {
            return Ok(None);
        }
        // The previous quotient's product.
        let mut mul = vec![0u32; n * n];
        for x in 0..n {
            for y in 0..n {
                mul[x * n + y] = prev.run(x as u32, &prev.reps[y]);
            }
            self.tick()?;
        }
        // The lightest position of each element (Dijkstra over the
        // previous automaton, heap h weighing weight[h]).
        let mut dist = vec![u64::MAX; n];
        let mut rep: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut done = vec![false; n];
        let mut order: Vec<usize> = Vec::with_capacity(n);
        let mut queue = std::collections::BinaryHeap::new();
        dist[0] = 0;
        queue.push(std::cmp::Reverse((0u64, 0usize)));
        while let Some(std::cmp::Reverse((d, x))) = queue.pop() {
            if done[x] {
                continue;
            }
            done[x] = true;
            order.push(x);
            for h in 1..m {
                let y = prev.step(x as u32, h) as usize;
                let nd = d + weight[h as usize];
                if nd < dist[y] {
                    dist[y] = nd;
                    let mut r = rep[x].clone();
                    r.push(h);
                    rep[y] = r;
                    queue.push(std::cmp::Reverse((nd, y)));
                }
            }
        }
        if order.len() != n {
            return Ok(None);
        }
        // Elements of the options of each heap, and of the new heap.
        let el_of = |opts: &[Vec<u32>]| -> Vec<u32> {
            let mut v: Vec<u32> = opts.iter().map(|k| prev.run(0, k)).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let opt_el: Vec<Vec<u32>> = (0..m as usize).map(|h| el_of(&self.opts[h])).collect();
        let new_el = el_of(&self.opts[m as usize]);
        // Elements of the options of each lightest position: each is
        // lighter, so the outcomes below can be filled lightest first.
        let mut optcls: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &x in &order {
            let mut r = rep[x].clone();
            r.sort_unstable();
            let mut v = Vec::new();
            for i in 0..r.len() {
                if i > 0 && r[i] == r[i - 1] {
                    continue;
                }
                let rest = concat(&r[..i], &r[i + 1..]);
                let ctx = prev.run(0, &rest) as usize;
                v.extend(
                    opt_el[r[i] as usize]
                        .iter()
                        .map(|&e| mul[ctx * n + e as usize]),
                );
            }
            v.sort_unstable();
            v.dedup();
            if v.iter().any(|&c| dist[c as usize] >= dist[x]) {
                return Ok(None);
            }
            optcls[x] = v;
            self.tick()?;
        }
        // out[k][x]: the outcome (true = P) of x's lightest position plus k
        // heaps of m, supposing that every position of element x behaves
        // alike beside heaps of m (the verification decides).
        let mut out: Vec<Vec<bool>> = vec![prev.p.clone()];
        let mut len = 2;
        loop {
            let (l, j) = (len, len);
            let kmax = l + 1 + j;
            while out.len() <= kmax {
                let below = &out[out.len() - 1];
                let mut cur = vec![false; n];
                for &x in &order {
                    let has_move = !optcls[x].is_empty() || !new_el.is_empty();
                    let p_option = optcls[x].iter().any(|&c| cur[c as usize])
                        || new_el
                            .iter()
                            .any(|&e| below[mul[x * n + e as usize] as usize]);
                    cur[x] = has_move && !p_option;
                }
                out.push(cur);
                self.tick()?;
            }
            // Rows: (x, k) against every test (y, i), i ≤ j.
            let bits = n * (j + 1);
            if (l + 2).saturating_mul(n).saturating_mul(bits) > 1 << 28 {
                return Ok(None);
            }
            let row = |x: usize, k: usize| -> Vec<u64> {
                let mut r = vec![0u64; bits.div_ceil(64)];
                for i in 0..=j {
                    for y in 0..n {
                        if out[k + i][mul[x * n + y] as usize] {
                            let b = i * n + y;
                            r[b / 64] |= 1 << (b % 64);
                        }
                    }
                }
                r
            };
            let mut ids: FxHashMap<Vec<u64>, u32> = FxHashMap::default();
            let mut pair_id: Vec<Vec<u32>> = Vec::with_capacity(l + 2);
            let mut states: Vec<(usize, usize)> = Vec::new();
            for k in 0..=l + 1 {
                let mut v = Vec::with_capacity(n);
                for x in 0..n {
                    let r = row(x, k);
                    let id = match ids.get(&r) {
                        Some(&id) => id,
                        None if k <= l => {
                            if states.len() >= self.budget.max_elements {
                                return Err(MisereError::Budget {
                                    what: "elements of the misère quotient",
                                    limit: self.budget.max_elements,
                                });
                            }
                            let id = states.len() as u32;
                            ids.insert(r, id);
                            states.push((x, k));
                            id
                        }
                        None => u32::MAX,
                    };
                    v.push(id);
                }
                pair_id.push(v);
                self.tick()?;
            }
            if pair_id[l + 1].contains(&u32::MAX) {
                // Heaps of m not yet periodic within l: look further.
                if len >= 16 {
                    return Ok(None);
                }
                len *= 2;
                continue;
            }
            let mut trans = Vec::with_capacity(states.len());
            let mut p = Vec::with_capacity(states.len());
            let mut reps = Vec::with_capacity(states.len());
            for &(x, k) in &states {
                let mut t: Vec<u32> = (1..m)
                    .map(|h| pair_id[k][prev.step(x as u32, h) as usize])
                    .collect();
                t.push(pair_id[k + 1][x]);
                trans.push(t);
                p.push(out[k][x]);
                let mut w = prev.reps[x].clone();
                w.extend(std::iter::repeat_n(m, k));
                reps.push(w);
            }
            let a = Automaton {
                letters: m,
                trans,
                p,
                reps,
            };
            for s in 0..a.trans.len() as u32 {
                for i in 1..=m {
                    let si = a.step(s, i);
                    for jj in i + 1..=m {
                        if a.step(si, jj) != a.step(a.step(s, jj), i) {
                            return Ok(None);
                        }
                    }
                }
                self.tick()?;
            }
            return Ok(match self.check_outcomes(&a, false)? {
                Some(_) => None,
                None => Some(minimize(&a)),
            });
        }
    }

    /// Rivest–Schapire: the suffix of a counterexample that separates two
    /// words the automaton merged; it and its suffixes become tests.
    fn refine(
        &mut self,
        a: &Automaton,
        w: &[u32],
        tests: &mut Vec<Vec<u32>>,
        known: &mut FxHashSet<Vec<u32>>,
    ) -> Result<()> {
        let truth = self.word_is_p(w)?;
        let alpha = |i: usize, me: &mut Self| -> Result<bool> {
            let s = a.run(0, &w[..i]);
            me.word_is_p(&concat(&a.reps[s as usize], &w[i..]))
        };
        let (mut lo, mut hi) = (0, w.len());
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if alpha(mid, self)? == truth {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let mut added = false;
        for j in lo + 1..=w.len() {
            let t = w[j..].to_vec();
            if known.insert(t.clone()) {
                tests.push(t);
                added = true;
            }
        }
        if added {
            Ok(())
        } else {
            Err(MisereError::Internal {
                what: "a counterexample added no test".to_string(),
            })
        }
    }
}

fn run(
    rules: &dyn HeapRules,
    max_heap: u64,
    budget: &QuotientBudget,
    on_stage: &mut dyn FnMut(u64, &MisereQuotient),
) -> Result<MisereQuotient> {
    let limit = budget.max_heap.min(u32::MAX as u64 / 2);
    if max_heap > limit {
        return Err(MisereError::Budget {
            what: "heaps in a misère quotient",
            limit: limit as usize,
        });
    }
    let mut learner = Learner {
        rules,
        weight: Some(vec![0]),
        opts: vec![Vec::new()],
        memo: FxHashMap::default(),
        prev: None,
        budget: budget.clone(),
        ticks: 0,
        verified_profiles: None,
    };
    let mut automaton = Automaton {
        letters: 0,
        trans: vec![Vec::new()],
        p: vec![false],
        reps: vec![Vec::new()],
    };
    let mut quotient = present(&automaton, 0);
    on_stage(0, &quotient);
    let mut tests: Vec<Vec<u32>> = vec![Vec::new()];
    let mut known: FxHashSet<Vec<u32>> = tests.iter().cloned().collect();
    for m in 1..=max_heap as u32 {
        // Options are listed stage by stage, so budgets stop a long run early.
        let o = rules.options_of(m as u64)?;
        learner.opts.push(
            o.into_iter()
                .map(|k| k.into_iter().map(|h| h as u32).collect())
                .collect(),
        );
        learner.push_weight(m as usize);
        check_interrupt(&budget.interrupt)?;
        rules.poll()?;
        let extended = if budget.extend {
            learner.extend(&automaton, m)?
        } else {
            None
        };
        if let Some(a) = extended {
            automaton = a;
        } else {
            learner.learn(m, &mut automaton, &mut tests, &mut known)?;
        }
        learner.prev = Some(automaton.clone());
        quotient = present(&automaton, m as u64);
        on_stage(m as u64, &quotient);
    }
    Ok(quotient)
}

impl Learner<'_> {
    /// Learning from exact outcomes (L* with Rivest–Schapire refinement)
    /// until a candidate for letters 1..=m is verified.
    fn learn(
        &mut self,
        m: u32,
        automaton: &mut Automaton,
        tests: &mut Vec<Vec<u32>>,
        known: &mut FxHashSet<Vec<u32>>,
    ) -> Result<()> {
        let learner = self;
        loop {
            check_interrupt(&learner.budget.interrupt)?;
            let (a, rows) = learner.hypothesis(m, tests)?;
            let cex = match learner.check_commutes(&a, &rows, tests)? {
                Some(w) => Some(w),
                None => learner.check_outcomes(&a, true)?,
            };
            match cex {
                Some(w) => learner.refine(&a, &w, tests, known)?,
                None => {
                    *automaton = a;
                    return Ok(());
                }
            }
        }
    }
}

/// The automaton with states that no word tells apart merged (Moore's
/// partition refinement). Merging changes no prediction, so a verified
/// automaton stays verified, and its states become the quotient's classes.
fn minimize(a: &Automaton) -> Automaton {
    let n = a.trans.len();
    let mut block: Vec<u32> = a.p.iter().map(|&b| b as u32).collect();
    let mut count = 0;
    loop {
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut next = Vec::with_capacity(n);
        for s in 0..n {
            let mut sig = Vec::with_capacity(a.trans[s].len() + 1);
            sig.push(block[s]);
            sig.extend(a.trans[s].iter().map(|&t| block[t as usize]));
            let len = ids.len() as u32;
            next.push(*ids.entry(sig).or_insert(len));
        }
        let new_count = ids.len();
        block = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    let mut first: Vec<Option<usize>> = vec![None; count];
    for (s, &b) in block.iter().enumerate() {
        first[b as usize].get_or_insert(s);
    }
    let firsts: Vec<usize> = first.into_iter().flatten().collect();
    Automaton {
        letters: a.letters,
        trans: firsts
            .iter()
            .map(|&s| a.trans[s].iter().map(|&t| block[t as usize]).collect())
            .collect(),
        p: firsts.iter().map(|&s| a.p[s]).collect(),
        reps: firsts.iter().map(|&s| a.reps[s].clone()).collect(),
    }
}

/// The quotient of a verified, minimal automaton: multiplication, the
/// generators (heaps whose class is not generated by smaller ones), normal
/// forms (least words in graded order, earlier generators first) and the
/// relations (least non-normal words, each equal to its normal form).
fn present(a: &Automaton, max_heap: u64) -> MisereQuotient {
    let n = a.trans.len();
    let mul_old = |x: u32, y: u32| a.run(x, &a.reps[y as usize]);
    let letter_el = |h: u64| if h == 0 { 0 } else { a.step(0, h as u32) };
    // Generators.
    let mut generators: Vec<u64> = Vec::new();
    let mut gen_el: Vec<u32> = Vec::new();
    let mut in_sub = vec![false; n];
    in_sub[0] = true;
    for h in 1..=max_heap {
        let e = letter_el(h);
        if in_sub[e as usize] {
            continue;
        }
        generators.push(h);
        gen_el.push(e);
        let mut stack: Vec<u32> = (0..n as u32).filter(|&x| in_sub[x as usize]).collect();
        while let Some(x) = stack.pop() {
            for &g in &gen_el {
                let y = mul_old(x, g);
                if !in_sub[y as usize] {
                    in_sub[y as usize] = true;
                    stack.push(y);
                }
            }
        }
    }
    // Normal forms, degree by degree.
    let k = generators.len();
    let mut nf: Vec<Option<Vec<u32>>> = vec![None; n];
    nf[0] = Some(vec![0; k]);
    let mut order: Vec<u32> = vec![0];
    let mut frontier: Vec<u32> = vec![0];
    let mut relations: Vec<Relation> = Vec::new();
    let mut normal: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
    normal.insert(vec![0; k], 0);
    let mut pending: Vec<(Vec<u32>, u32)> = Vec::new();
    while !frontier.is_empty() {
        let mut cands: Vec<(Vec<u32>, u32)> = Vec::new();
        for &x in &frontier {
            let base = nf[x as usize].clone().unwrap_or_default();
            for (gi, &g) in gen_el.iter().enumerate() {
                let mut w = base.clone();
                w[gi] += 1;
                cands.push((w, mul_old(x, g)));
            }
        }
        // Earlier generators first: larger exponent vectors lexicographically.
        cands.sort_by(|p, q| q.0.cmp(&p.0));
        cands.dedup_by(|p, q| p.0 == q.0);
        let mut next = Vec::new();
        for (w, e) in cands {
            if nf[e as usize].is_none() {
                nf[e as usize] = Some(w.clone());
                normal.insert(w, e);
                order.push(e);
                next.push(e);
            } else {
                pending.push((w, e));
            }
        }
        frontier = next;
    }
    for (w, e) in pending {
        let minimal = (0..k).all(|i| {
            if w[i] == 0 {
                return true;
            }
            let mut d = w.clone();
            d[i] -= 1;
            normal.contains_key(&d)
        });
        if minimal {
            relations.push(Relation {
                lhs: w,
                rhs: nf[e as usize].clone().unwrap_or_default(),
            });
        }
    }
    relations.sort_by(|p, q| {
        let dp: u32 = p.lhs.iter().sum();
        let dq: u32 = q.lhs.iter().sum();
        dp.cmp(&dq).then(q.lhs.cmp(&p.lhs))
    });
    // Renumber by normal-form order.
    let mut new_id = vec![0u32; n];
    for (i, &e) in order.iter().enumerate() {
        new_id[e as usize] = i as u32;
    }
    let size = order.len();
    let mut mul = vec![0; size * size];
    for (i, &x) in order.iter().enumerate() {
        for (j, &y) in order.iter().enumerate() {
            mul[i * size + j] = new_id[mul_old(x, y) as usize];
        }
    }
    let words = order
        .iter()
        .map(|&e| nf[e as usize].clone().unwrap_or_default())
        .collect();
    let p = order.iter().map(|&e| a.p[e as usize]).collect();
    let pretend = (0..=max_heap)
        .map(|h| new_id[letter_el(h) as usize])
        .collect();
    MisereQuotient {
        max_heap,
        generators,
        words,
        mul,
        p,
        pretend,
        relations,
    }
}
