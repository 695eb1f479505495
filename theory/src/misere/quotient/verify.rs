//! The verification that proves a candidate predicts every outcome
//! (`docs/THEORY.md` §9.5, conditions 1–4).

use std::ops::ControlFlow;

use rustc_hash::{FxHashMap, FxHashSet};

use super::super::{MisereError, Result};
use super::{Automaton, Learner, VerifiedProfiles, concat};

impl Learner<'_> {
    /// The verification of `docs/THEORY.md` §9.5: (1) no predicted-P position has
    /// a predicted-P option; (2) every predicted-N position other than the
    /// empty one has a predicted-P option, checked over all reachable
    /// profiles. Returns a counterexample word if either fails.
    /// With `cex` false a failure returns an empty word instead of
    /// searching exact outcomes for a counterexample.
    pub(super) fn check_outcomes(&mut self, a: &Automaton, cex: bool) -> Result<Option<Vec<u32>>> {
        let good = match self.good_contexts(a, cex)? {
            ControlFlow::Continue(good) => good,
            ControlFlow::Break(w) => return Ok(Some(w)),
        };
        let letters = self.profile_letters(a, &good)?;
        let keys: Vec<(u32, Vec<u64>)> = letters
            .iter()
            .map(|&h| (a.step(0, h), good[h as usize].clone()))
            .collect();
        if self.searched_before(a, &keys) {
            return Ok(None);
        }
        if let Some(w) = self.bad_profile(a, &good, &letters, cex)? {
            return Ok(Some(w));
        }
        self.verified_profiles = Some(VerifiedProfiles {
            trans: a.trans.clone(),
            p: a.p.clone(),
            keys,
        });
        Ok(None)
    }

    /// `good[h][y]`: heap h in context y has no option predicted P; or
    /// the failure of condition (1), as `check_outcomes` returns it.
    fn good_contexts(
        &mut self,
        a: &Automaton,
        cex: bool,
    ) -> Result<ControlFlow<Vec<u32>, Vec<Vec<u64>>>> {
        let m = a.letters as usize;
        let states = a.trans.len();
        let words = states.div_ceil(64);
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
                                return Ok(ControlFlow::Break(Vec::new()));
                            }
                            let rep = &a.reps[y as usize];
                            let w1 = concat(rep, &[h as u32]);
                            let w2 = concat(rep, k);
                            return self.mispredicted(a, &[w1, w2]).map(ControlFlow::Break);
                        }
                        break;
                    }
                }
                if ok {
                    good_h[y as usize / 64] |= 1 << (y % 64);
                }
            }
            self.ops(states * heap_opts.len())?;
        }
        Ok(ControlFlow::Continue(good))
    }

    /// The letters the profile search adds: one per (class, good set)
    /// (letters that act alike are merged), and of those only the ones
    /// whose good set is maximal within their class.
    fn profile_letters(&self, a: &Automaton, good: &[Vec<u64>]) -> Result<Vec<u32>> {
        let states = a.trans.len();
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
        Ok(letters)
    }

    /// Whether the last profile search covered this one: it depends only
    /// on the states, their transitions and P, and the letters' (class,
    /// good set) pairs, so a new heap that acts like an old one needs no
    /// search of its own.
    fn searched_before(&self, a: &Automaton, keys: &[(u32, Vec<u64>)]) -> bool {
        self.verified_profiles.as_ref().is_some_and(|done| {
            done.trans.len() == a.trans.len()
                && done.p == a.p
                && done
                    .trans
                    .iter()
                    .zip(&a.trans)
                    .all(|(old, new)| new.len() >= old.len() && new[..old.len()] == old[..])
                && keys.iter().all(|k| done.keys.contains(k))
        })
    }

    /// `mul[x * n + y]` for the n states of `a`: the state of x's
    /// representative followed by y's, the product of the two elements.
    pub(super) fn product_table(&mut self, a: &Automaton) -> Result<Vec<u32>> {
        let states = a.trans.len();
        let mut mul = vec![0u32; states * states];
        for x in 0..states {
            for y in 0..states {
                mul[x * states + y] = a.run(x as u32, &a.reps[y]);
            }
            self.ops(states)?;
        }
        Ok(mul)
    }

    /// Condition (2), the search over positions, each seen as its state
    /// (x, A): x its element and A the set of elements w such that G + X
    /// has a move inside G to a predicted-P position whenever X has
    /// element w (`docs/THEORY.md` §9.5). Adding heap h turns (x, A) into
    /// (x·h, {w : h·w ∈ A} ∪ {w : x·w ∉ good(h)}); G is bad when x ∉ P,
    /// G is not empty and the identity is not in A. The failure as
    /// `check_outcomes` returns it, None when no state is bad.
    fn bad_profile(
        &mut self,
        a: &Automaton,
        good: &[Vec<u64>],
        letters: &[u32],
        cex: bool,
    ) -> Result<Option<Vec<u32>>> {
        let states = a.trans.len();
        let words_of = states.div_ceil(64);
        let mul = self.product_table(a)?;
        let has = |set: &[u64], e: u32| set[e as usize / 64] >> (e % 64) & 1 == 1;
        let mut index: FxHashMap<(u32, Vec<u64>), u32> = FxHashMap::default();
        let mut nodes: Vec<(u32, Vec<u64>)> = vec![(0, vec![0; words_of])];
        let mut parent: Vec<(u32, u32)> = vec![(u32::MAX, 0)];
        // The empty position (node 0) is in neither map: a non-empty
        // position with the same state must still be looked at.
        let mut minimal: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
        let mut at = 0;
        // Sets compared by the domination test since the last count.
        let mut scanned = 0;
        while at < nodes.len() {
            self.ops(letters.len() * states + scanned * words_of)?;
            scanned = 0;
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
            for &h in letters {
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
                scanned += same.len();
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
        Ok(None)
    }

    /// A position predicted N whose options are all predicted N: either it
    /// or one of its options is mispredicted.
    pub(super) fn bad_profile_counterexample(
        &mut self,
        a: &Automaton,
        word: Vec<u32>,
    ) -> Result<Vec<u32>> {
        if self.word_is_p(&word)? {
            return Ok(word);
        }
        for c in self.children(&self.lean(&word)) {
            if self.is_p(&c)? {
                return self.mispredicted(a, &[c.to_vec()]);
            }
        }
        Err(MisereError::Internal {
            what: "an N-position with no P option".to_string(),
        })
    }
}
