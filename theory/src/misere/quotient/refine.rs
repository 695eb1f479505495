//! Refinement: a stage whose new heap splits a class of the previous
//! quotient, found without exact outcome searches (`docs/THEORY.md` §9.5,
//! "Refinement"). Candidates are products of a submonoid of the last
//! candidate with cyclic parts for a few heaps; each is marked (every
//! element's outcome read from its lightest position), reduced, and
//! verified; the lightest position a failed candidate mispredicts chooses
//! which heaps get a cyclic part next.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use super::super::{MisereError, Result, check_interrupt};
use super::{Automaton, Learner, minimize};

/// A heap given a cyclic part of its own in a product candidate: its
/// powers 1, h, h², … take `index + period` values, then repeat with
/// this period.
#[derive(Debug, Clone, Copy)]
struct Free {
    heap: u32,
    index: u32,
    period: u32,
}

/// The most states of a product candidate before it is reduced.
const MAX_PRODUCT: usize = 1 << 18;

/// The most candidates tried within one stage.
const MAX_ROUNDS: usize = 1_000;

/// Shortest paths from the empty position over the letters with moves
/// (`weight[h]` per heap h): each state's distance and the word of its
/// lightest position, states in the order they were settled.
struct Lightest {
    dist: Vec<u64>,
    parent: Vec<(u32, u32)>,
    order: Vec<u32>,
}

impl Lightest {
    fn word(&self, mut s: u32) -> Vec<u32> {
        let mut w = Vec::new();
        while s != 0 {
            let (from, h) = self.parent[s as usize];
            w.push(h);
            s = from;
        }
        w.reverse();
        w
    }
}

fn lightest(
    states: usize,
    letters: &[u32],
    weight: &[u64],
    step: impl Fn(u32, u32) -> u32,
) -> Lightest {
    let mut dist = vec![u64::MAX; states];
    let mut parent = vec![(0u32, 0u32); states];
    let mut done = vec![false; states];
    let mut order = Vec::with_capacity(states);
    let mut queue = BinaryHeap::new();
    dist[0] = 0;
    queue.push(Reverse((0u64, 0u32)));
    while let Some(Reverse((d, x))) = queue.pop() {
        if done[x as usize] {
            continue;
        }
        done[x as usize] = true;
        order.push(x);
        for &h in letters {
            let y = step(x, h);
            let nd = d + weight[h as usize];
            if nd < dist[y as usize] {
                dist[y as usize] = nd;
                parent[y as usize] = (x, h);
                queue.push(Reverse((nd, y)));
            }
        }
    }
    Lightest {
        dist,
        parent,
        order,
    }
}

fn has(set: &[u64], e: u32) -> bool {
    set[e as usize / 64] >> (e % 64) & 1 == 1
}

impl Learner<'_> {
    /// Heaps 1..=m that have a move (a heap without one is the empty game).
    fn moving(&self, m: u32) -> Vec<u32> {
        (1..=m)
            .filter(|&h| !self.opts[h as usize].is_empty())
            .collect()
    }

    /// The refinement stage: a verified candidate for letters 1..=m from
    /// the verified automaton `prev` of letters 1..m−1, or None when the
    /// rounds run out or no product fixes a failure (the caller learns).
    pub(super) fn refine_stage(&mut self, prev: &Automaton, m: u32) -> Result<Option<Automaton>> {
        let Some(weight) = self.weight.clone() else {
            return Ok(None);
        };
        if self.opts[m as usize].is_empty() {
            return Ok(None);
        }
        let mut base = prev.clone();
        base.letters = m;
        for (s, t) in base.trans.iter_mut().enumerate() {
            t.truncate(m as usize - 1);
            t.push(s as u32);
        }
        // First: the previous quotient times a cyclic part for heap m.
        let first = Free {
            heap: m,
            index: 2,
            period: 2,
        };
        let Some(mut cand) = self.product(&base, &[first], &weight)? else {
            return Ok(None);
        };
        for _ in 0..MAX_ROUNDS {
            check_interrupt(&self.budget.interrupt)?;
            self.rules.poll()?;
            if !self.commutes(&cand)? {
                return Ok(None);
            }
            if self.check_outcomes(&cand, false)?.is_none() {
                return Ok(Some(cand));
            }
            let Some(w) = self.lightest_failure(&cand, &weight)? else {
                return Err(MisereError::Internal {
                    what: "a candidate failed the verification with no failing position".into(),
                });
            };
            match self.recalibrate(&cand, &w, &weight)? {
                Some(c) => cand = c,
                None => return Ok(None),
            }
        }
        Ok(None)
    }

    /// Whether the letters commute on every state.
    fn commutes(&mut self, a: &Automaton) -> Result<bool> {
        let letters = a.distinct_letters();
        for s in 0..a.trans.len() as u32 {
            for (ii, &i) in letters.iter().enumerate() {
                let si = a.step(s, i);
                for &j in &letters[ii + 1..] {
                    if a.step(si, j) != a.step(a.step(s, j), i) {
                        return Ok(false);
                    }
                }
            }
            self.ops(letters.len() * letters.len())?;
        }
        Ok(true)
    }

    /// The product candidate: the submonoid of `base` generated by the
    /// heaps not in `free`, times one cyclic part per heap in `free`, with
    /// every element's outcome read from its lightest position (its options
    /// are lighter, so their elements are marked before it), reduced.
    /// None when the product is too large.
    fn product(
        &mut self,
        base: &Automaton,
        free: &[Free],
        weight: &[u64],
    ) -> Result<Option<Automaton>> {
        let m = base.letters;
        let moving = self.moving(m);
        let free_of = |h: u32| free.iter().position(|f| f.heap == h);
        let fixed: Vec<u32> = moving
            .iter()
            .copied()
            .filter(|&h| free_of(h).is_none())
            .collect();
        // The submonoid generated by the fixed heaps.
        let mut local = vec![u32::MAX; base.trans.len()];
        let mut sub: Vec<u32> = vec![0];
        local[0] = 0;
        let mut i = 0;
        while i < sub.len() {
            let s = sub[i];
            for &h in &fixed {
                let t = base.step(s, h);
                if local[t as usize] == u32::MAX {
                    local[t as usize] = sub.len() as u32;
                    sub.push(t);
                }
            }
            i += 1;
        }
        let nb = sub.len();
        let sizes: Vec<usize> = free.iter().map(|f| (f.index + f.period) as usize).collect();
        let Some(total) = sizes
            .iter()
            .try_fold(nb, |acc, &s| acc.checked_mul(s))
            .filter(|&t| t <= MAX_PRODUCT)
        else {
            return Ok(None);
        };
        let mut stride = Vec::with_capacity(sizes.len());
        let mut st = nb;
        for &s in &sizes {
            stride.push(st);
            st *= s;
        }
        // Transitions: a fixed heap acts on the submonoid part, a free heap
        // moves its own cyclic part, a heap without a move changes nothing.
        let mut trans: Vec<Vec<u32>> = Vec::with_capacity(total);
        for id in 0..total {
            let b = id % nb;
            let rest = id - b;
            let mut t = Vec::with_capacity(m as usize);
            for h in 1..=m {
                let to = if self.opts[h as usize].is_empty() {
                    id
                } else if let Some(k) = free_of(h) {
                    let c = (id / stride[k]) % sizes[k];
                    let next = if c + 1 < sizes[k] {
                        c + 1
                    } else {
                        free[k].index as usize
                    };
                    id - c * stride[k] + next * stride[k]
                } else {
                    rest + local[base.step(sub[b], h) as usize] as usize
                };
                t.push(to as u32);
            }
            trans.push(t);
            if id & 0x3ff == 0x3ff {
                self.ops(1024 * m as usize)?;
            }
        }
        let step = |x: u32, h: u32| trans[x as usize][h as usize - 1];
        let run = |mut x: u32, w: &[u32]| {
            for &h in w {
                x = step(x, h);
            }
            x
        };
        let paths = lightest(total, &moving, weight, step);
        self.ops(total * moving.len())?;
        if paths.order.len() != total {
            return Err(MisereError::Internal {
                what: "a product candidate has an unreachable element".into(),
            });
        }
        let mut p = vec![false; total];
        let mut marked = vec![false; total];
        let mut reps: Vec<Vec<u32>> = vec![Vec::new(); total];
        for &x in &paths.order {
            let word = paths.word(x);
            let mut is_p = !word.is_empty();
            // Letters run through the candidate for this element.
            let mut cost = word.len();
            let mut sorted = word.clone();
            sorted.sort_unstable();
            'heaps: for (i, &h) in sorted.iter().enumerate() {
                if i > 0 && sorted[i - 1] == h {
                    continue;
                }
                let mut rest = sorted.clone();
                rest.remove(i);
                let ctx = run(0, &rest);
                cost += rest.len();
                for k in &self.opts[h as usize] {
                    cost += k.len();
                    let y = run(ctx, k) as usize;
                    if !marked[y] {
                        return Err(MisereError::Internal {
                            what: "an option heavier than its position".into(),
                        });
                    }
                    if p[y] {
                        is_p = false;
                        break 'heaps;
                    }
                }
            }
            p[x as usize] = is_p;
            marked[x as usize] = true;
            reps[x as usize] = word;
            self.ops(cost)?;
        }
        let a = Automaton {
            letters: m,
            trans,
            p,
            reps,
        };
        let reduced = minimize(&a, &mut |ops| self.ops(ops))?;
        if reduced.trans.len() > self.budget.max_elements {
            return Ok(None);
        }
        Ok(Some(reduced))
    }

    /// The lightest position on which the candidate contradicts itself:
    /// predicted P with an option predicted P, or predicted N with moves
    /// and no option predicted P. Every lighter position is predicted
    /// correctly (by induction: its options are lighter still), so this
    /// one is mispredicted. None when there is none.
    fn lightest_failure(&mut self, a: &Automaton, weight: &[u64]) -> Result<Option<Vec<u32>>> {
        let n = a.trans.len();
        if n.saturating_mul(n) > 1 << 26 {
            return Ok(None);
        }
        let moving = self.moving(a.letters);
        let paths = lightest(n, &moving, weight, |x, h| a.step(x, h));
        self.ops(n * moving.len())?;
        let words = n.div_ceil(64);
        // good[h]: the contexts in which heap h has no option predicted P.
        let mut good: FxHashMap<u32, Vec<u64>> = FxHashMap::default();
        let mut best: Option<(u64, Vec<u32>)> = None;
        for &h in &moving {
            let mut g = vec![0u64; words];
            for y in 0..n as u32 {
                let bad = self.opts[h as usize]
                    .iter()
                    .any(|k| a.p[a.run(y, k) as usize]);
                if !bad {
                    g[y as usize / 64] |= 1 << (y % 64);
                } else if a.p[a.step(y, h) as usize] {
                    let d = paths.dist[y as usize] + weight[h as usize];
                    if best.as_ref().is_none_or(|(b, _)| d < *b) {
                        let mut w = paths.word(y);
                        w.push(h);
                        best = Some((d, w));
                    }
                }
            }
            good.insert(h, g);
            self.ops(n * self.opts[h as usize].len())?;
        }
        // One letter per (class, good set): the lightest.
        let mut letters: Vec<u32> = Vec::new();
        let mut seen: FxHashMap<(Vec<u32>, &Vec<u64>), ()> = FxHashMap::default();
        for &h in &moving {
            let col: Vec<u32> = (0..n as u32).map(|x| a.step(x, h)).collect();
            if seen.insert((col, &good[&h]), ()).is_none() {
                letters.push(h);
            }
        }
        self.ops(n * moving.len())?;
        let mut mul = vec![0u32; n * n];
        for y in 0..n as u32 {
            let w = paths.word(y);
            for x in 0..n {
                mul[x * n + y as usize] = a.run(x as u32, &w);
            }
            self.ops(n * w.len())?;
        }
        // Dijkstra over states (x, W) as in the verification, lightest first.
        let mut nodes: Vec<(u32, Vec<u64>, u32, u32)> = vec![(0, vec![0; words], u32::MAX, 0)];
        let mut dist: Vec<u64> = vec![0];
        let mut index: FxHashMap<(u32, Vec<u64>), u32> = FxHashMap::default();
        let mut settled: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
        let mut done: Vec<bool> = vec![false];
        let mut queue = BinaryHeap::new();
        queue.push(Reverse((0u64, 0u32)));
        // Sets compared by the domination test since the last count.
        let mut scanned = 0;
        while let Some(Reverse((d, id))) = queue.pop() {
            self.ops(scanned * words)?;
            scanned = 0;
            if done[id as usize] || d > dist[id as usize] {
                continue;
            }
            if best.as_ref().is_some_and(|(b, _)| *b <= d) {
                break;
            }
            done[id as usize] = true;
            let (x, set) = (nodes[id as usize].0, nodes[id as usize].1.clone());
            if id > 0 {
                let same = settled.entry(x).or_default();
                scanned += same.len();
                let dominated = same.iter().any(|&o| {
                    nodes[o as usize]
                        .1
                        .iter()
                        .zip(&set)
                        .all(|(small, big)| small & !big == 0)
                });
                if dominated {
                    continue;
                }
                same.push(id);
                if !a.p[x as usize] && !has(&set, 0) {
                    let mut w = Vec::new();
                    let mut i = id;
                    while nodes[i as usize].2 != u32::MAX {
                        w.push(nodes[i as usize].3);
                        i = nodes[i as usize].2;
                    }
                    w.reverse();
                    best = Some((d, w));
                    break;
                }
            }
            self.ops(letters.len() * n)?;
            for &h in &letters {
                let g = &good[&h];
                let mut next = vec![0u64; words];
                for w in 0..n as u32 {
                    if has(&set, a.step(w, h)) || !has(g, mul[x as usize * n + w as usize]) {
                        next[w as usize / 64] |= 1 << (w % 64);
                    }
                }
                let key = (a.step(x, h), next);
                let nd = d + weight[h as usize];
                let target = match index.get(&key) {
                    Some(&t) => {
                        if nd >= dist[t as usize] {
                            continue;
                        }
                        dist[t as usize] = nd;
                        nodes[t as usize].2 = id;
                        nodes[t as usize].3 = h;
                        t
                    }
                    None => {
                        if nodes.len() >= self.budget.max_profiles {
                            return Err(MisereError::Budget {
                                what: "profiles checked while verifying the misère quotient",
                                limit: self.budget.max_profiles,
                            });
                        }
                        let t = nodes.len() as u32;
                        index.insert(key.clone(), t);
                        nodes.push((key.0, key.1, id, h));
                        dist.push(nd);
                        done.push(false);
                        t
                    }
                };
                queue.push(Reverse((nd, target)));
            }
        }
        Ok(best.map(|(_, w)| w))
    }

    /// A candidate that predicts the other outcome for the mispredicted
    /// position `w`: the fewest heaps of `w` given cyclic parts (one heap,
    /// then two, …, smaller heaps first), each part long enough for the
    /// heap's count in `w`. None when no product does.
    fn recalibrate(
        &mut self,
        a: &Automaton,
        w: &[u32],
        weight: &[u64],
    ) -> Result<Option<Automaton>> {
        let wrong = a.p[a.run(0, w) as usize];
        let mut involved: Vec<u32> = w
            .iter()
            .copied()
            .filter(|&h| !self.opts[h as usize].is_empty())
            .collect();
        involved.sort_unstable();
        involved.dedup();
        let count = |h: u32| w.iter().filter(|&&x| x == h).count() as u32;
        let index_of = |h: u32| {
            let mut seen: FxHashMap<u32, u32> = FxHashMap::default();
            let (mut s, mut k) = (0u32, 0u32);
            loop {
                if let Some(&i) = seen.get(&s) {
                    return i;
                }
                seen.insert(s, k);
                k += 1;
                s = a.step(s, h);
            }
        };
        let parts: Vec<Free> = involved
            .iter()
            .map(|&h| {
                let index = index_of(h).max(count(h).saturating_sub(1));
                let period = if index >= 6 { 2 * ((index - 4) / 2) } else { 2 };
                Free {
                    heap: h,
                    index,
                    period,
                }
            })
            .collect();
        for size in 1..=parts.len() {
            let mut pick: Vec<usize> = (0..size).collect();
            loop {
                let free: Vec<Free> = pick.iter().map(|&i| parts[i]).collect();
                if let Some(c) = self.product(a, &free, weight)?
                    && c.p[c.run(0, w) as usize] != wrong
                {
                    return Ok(Some(c));
                }
                // The next combination in lexicographic order.
                let mut i = size;
                while i > 0 && pick[i - 1] == parts.len() - size + i - 1 {
                    i -= 1;
                }
                if i == 0 {
                    break;
                }
                pick[i - 1] += 1;
                for j in i..size {
                    pick[j] = pick[j - 1] + 1;
                }
            }
        }
        Ok(None)
    }
}
