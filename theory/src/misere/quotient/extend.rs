//! The extension step: a candidate for heaps 1..=m from the verified
//! quotient of heaps 1..m−1 and the options of heap m alone.

use rustc_hash::FxHashMap;

use super::super::{MisereError, Result};
use super::{Automaton, Learner, concat, minimize};

impl Learner<'_> {
    /// Records the weight of heap `m` once its options are listed: one more
    /// than the heaviest option (a sum of smaller heaps).
    pub(super) fn push_weight(&mut self, m: usize) {
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
    pub(super) fn extend(&mut self, prev: &Automaton, m: u32) -> Result<Option<Automaton>> {
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
            self.ops(n)?;
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
        self.ops(n * m as usize)?;
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
            self.ops(v.len() + r.len() * r.len())?;
            optcls[x] = v;
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
                self.ops(n * (1 + new_el.len()) + optcls.iter().map(Vec::len).sum::<usize>())?;
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
                self.ops(n * bits)?;
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
            let letters = a.distinct_letters();
            for s in 0..a.trans.len() as u32 {
                for (ii, &i) in letters.iter().enumerate() {
                    let si = a.step(s, i);
                    for &jj in &letters[ii + 1..] {
                        if a.step(si, jj) != a.step(a.step(s, jj), i) {
                            return Ok(None);
                        }
                    }
                }
                self.ops(letters.len() * letters.len())?;
            }
            return match self.check_outcomes(&a, false)? {
                Some(_) => Ok(None),
                None => minimize(&a, &mut |ops| self.ops(ops)).map(Some),
            };
        }
    }
}
