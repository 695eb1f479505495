//! Learning a candidate from exact outcomes: the memoised outcome search
//! over sorted multisets of heaps, hypotheses from test rows, and
//! Rivest–Schapire refinement (`docs/THEORY.md` §9.5).

use rustc_hash::{FxHashMap, FxHashSet};

use super::super::{MisereError, Result, check_interrupt};
use super::{Automaton, Frame, Learner, Opened, concat, sorted};

impl Learner<'_> {
    /// Every option of the sorted position `pos`, each sorted and without
    /// heaps that have no move (each is the empty game, so a position with
    /// or without it has the same outcome).
    pub(super) fn children(&self, pos: &[u32]) -> Vec<Box<[u32]>> {
        let mut out = Vec::new();
        for i in 0..pos.len() {
            if i > 0 && pos[i] == pos[i - 1] {
                continue;
            }
            for k in &self.opts[pos[i] as usize] {
                let mut v: Vec<u32> = Vec::with_capacity(pos.len() + k.len());
                v.extend_from_slice(&pos[..i]);
                v.extend_from_slice(&pos[i + 1..]);
                v.extend(k.iter().filter(|&&h| !self.opts[h as usize].is_empty()));
                v.sort_unstable();
                out.push(v.into_boxed_slice());
            }
        }
        out
    }

    pub(super) fn quick(&self, pos: &[u32]) -> Option<bool> {
        if pos.is_empty() {
            return Some(false);
        }
        if let Some(prev) = &self.prev
            && pos.iter().all(|&h| h <= prev.letters)
        {
            return Some(prev.p[prev.run(0, pos) as usize]);
        }
        self.memo.get(pos)
    }

    /// Exact misère outcome (true = P) of a sorted position, by an
    /// iterative memoised search. Each position's options are first screened
    /// against what is already known (a known P option settles it at once),
    /// and only the unknown ones are searched.
    pub(super) fn is_p(&mut self, pos: &[u32]) -> Result<bool> {
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

    pub(super) fn open(&self, pos: Box<[u32]>) -> Opened {
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

    pub(super) fn tick(&mut self) -> Result<()> {
        self.work(1)
    }

    /// Count `steps` steps of work against the step budget; Ctrl-C and the
    /// memory budget are heard each time the count passes a multiple of
    /// 4,096, however the steps came.
    pub(super) fn work(&mut self, steps: u64) -> Result<()> {
        let before = self.steps;
        self.steps = self.steps.saturating_add(steps);
        if self.steps > self.budget.max_steps {
            return Err(MisereError::Steps {
                limit: self.budget.max_steps,
            });
        }
        if before >> 12 != self.steps >> 12 {
            check_interrupt(&self.budget.interrupt)?;
            self.rules.poll()?;
        }
        Ok(())
    }

    /// `work` for a loop turn of `ops` elementary operations (a state
    /// walked, a word of a set compared): a step per 64 of them, at least
    /// one, so that a turn that walks every element of a large candidate
    /// counts for what it costs.
    pub(super) fn ops(&mut self, ops: usize) -> Result<()> {
        self.work(1 + ops as u64 / 64)
    }

    pub(super) fn remember(&mut self, pos: Box<[u32]>, v: bool) -> Result<()> {
        self.tick()?;
        if self.memo.len() >= self.budget.max_positions {
            return Err(MisereError::Budget {
                what: "positions stored while computing the misère quotient",
                limit: self.budget.max_positions,
            });
        }
        self.memo.insert(&pos, v);
        Ok(())
    }

    /// The exact outcome of a word of heaps (true = P).
    pub(super) fn word_is_p(&mut self, word: &[u32]) -> Result<bool> {
        let pos = self.lean(word);
        self.is_p(&pos)
    }

    /// A word as the memo keys it: sorted, without heaps that have no move.
    pub(super) fn lean(&self, word: &[u32]) -> Vec<u32> {
        let mut pos = sorted(word);
        pos.retain(|&h| !self.opts[h as usize].is_empty());
        pos
    }

    /// The hypothesis for letters 1..=m from the test suffixes: states are
    /// the distinct rows met from the empty word by breadth-first search.
    /// `gap` hears the gap after each exact search.
    pub(super) fn hypothesis(
        &mut self,
        m: u32,
        tests: &[Vec<u32>],
        gap: &mut dyn FnMut(&mut Self),
    ) -> Result<(Automaton, Vec<Vec<bool>>)> {
        let mut rows: Vec<Vec<bool>> = Vec::new();
        let mut index: FxHashMap<Vec<bool>, u32> = FxHashMap::default();
        let mut reps: Vec<Vec<u32>> = Vec::new();
        let mut trans: Vec<Vec<u32>> = Vec::new();
        let row0 = self.row(&[], tests, gap)?;
        index.insert(row0.clone(), 0);
        rows.push(row0);
        reps.push(Vec::new());
        let mut s = 0;
        while s < reps.len() {
            let mut t = Vec::with_capacity(m as usize);
            for h in 1..=m {
                let w = concat(&reps[s], &[h]);
                let r = self.row(&w, tests, gap)?;
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

    fn row(
        &mut self,
        word: &[u32],
        tests: &[Vec<u32>],
        gap: &mut dyn FnMut(&mut Self),
    ) -> Result<Vec<bool>> {
        let mut r = Vec::with_capacity(tests.len());
        for t in tests {
            r.push(self.word_is_p(&concat(word, t))?);
            gap(self);
        }
        Ok(r)
    }

    /// Of two words, one that the automaton mispredicts.
    pub(super) fn mispredicted(&mut self, a: &Automaton, words: &[Vec<u32>]) -> Result<Vec<u32>> {
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
    pub(super) fn check_commutes(
        &mut self,
        a: &Automaton,
        rows: &[Vec<bool>],
        tests: &[Vec<u32>],
    ) -> Result<Option<Vec<u32>>> {
        let letters = a.distinct_letters();
        for s in 0..a.trans.len() as u32 {
            for (ii, &i) in letters.iter().enumerate() {
                for &j in &letters[ii + 1..] {
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

    /// Rivest–Schapire: the suffix of a counterexample that separates two
    /// words the automaton merged; it and its suffixes become tests.
    pub(super) fn refine(
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
