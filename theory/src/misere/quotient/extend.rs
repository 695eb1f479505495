//! The extension step: a candidate for heaps 1..=m from the verified
//! quotient of heaps 1..m−1 and the options of heap m alone.

use rustc_hash::FxHashMap;

use super::super::{MisereError, Result};
use super::refine::lightest;
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
        let Some(base) = self.extension_base(prev, m, &weight)? else {
            return Ok(None);
        };
        // out[k][x]: the outcome (true = P) of x's lightest position plus k
        // heaps of m, supposing that every position of element x behaves
        // alike beside heaps of m (the verification decides).
        let mut out: Vec<Vec<bool>> = vec![prev.p.clone()];
        let mut len = 2;
        loop {
            let (l, j) = (len, len);
            self.outcomes_beside(&base, &mut out, l + 1 + j)?;
            let Some(pairs) = self.pair_classes(&base, &out, l, j)? else {
                return Ok(None);
            };
            if pairs.id[l + 1].contains(&u32::MAX) {
                // Heaps of m not yet periodic within l: look further.
                if len >= 16 {
                    return Ok(None);
                }
                len *= 2;
                continue;
            }
            let a = pairs.automaton(&base, m, &out);
            if !self.commutes(&a)? {
                return Ok(None);
            }
            return match self.check_outcomes(&a, false)? {
                Some(_) => Ok(None),
                None => minimize(&a, &mut |ops| self.ops(ops)).map(Some),
            };
        }
    }

    /// What the extension step reads from the previous quotient: its
    /// product, its elements lightest position first, and the elements
    /// of the options of each lightest position and of heap m. None when
    /// an element is unreachable or an option is not lighter than its
    /// position (then outcomes cannot be filled lightest first).
    fn extension_base<'p>(
        &mut self,
        prev: &'p Automaton,
        m: u32,
        weight: &[u64],
    ) -> Result<Option<Base<'p>>> {
        let n = prev.trans.len();
        let mul = self.product_table(prev)?;
        // The lightest position of each element, heap h weighing weight[h].
        let letters: Vec<u32> = (1..m).collect();
        let paths = lightest(n, &letters, weight, |x, h| prev.step(x, h));
        self.ops(n * m as usize)?;
        if paths.order.len() != n {
            return Ok(None);
        }
        let opt_el: Vec<Vec<u32>> = (0..m as usize)
            .map(|h| elements_of(prev, &self.opts[h]))
            .collect();
        let new_el = elements_of(prev, &self.opts[m as usize]);
        // Elements of the options of each lightest position: each is
        // lighter, so the outcomes below can be filled lightest first.
        let mut optcls: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &x in &paths.order {
            let x = x as usize;
            let mut r = paths.word(x as u32);
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
            if v.iter().any(|&c| paths.dist[c as usize] >= paths.dist[x]) {
                return Ok(None);
            }
            self.ops(v.len() + r.len() * r.len())?;
            optcls[x] = v;
        }
        Ok(Some(Base {
            prev,
            n,
            mul,
            order: paths.order,
            optcls,
            new_el,
        }))
    }

    /// Extends `out` to rows 0..=kmax: row k holds the outcome of each
    /// element's lightest position plus k heaps of m, filled lightest
    /// first from the options inside the position and those of a heap m.
    fn outcomes_beside(
        &mut self,
        base: &Base,
        out: &mut Vec<Vec<bool>>,
        kmax: usize,
    ) -> Result<()> {
        let (n, mul, optcls, new_el) = (base.n, &base.mul, &base.optcls, &base.new_el);
        while out.len() <= kmax {
            let below = &out[out.len() - 1];
            let mut cur = vec![false; n];
            for &x in &base.order {
                let x = x as usize;
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
        Ok(())
    }

    /// The classes of the pairs (x, k), k ≤ l + 1 (element x plus k heaps
    /// of m), told apart by their outcomes against every test (y, i),
    /// i ≤ j; a pair of k = l + 1 in no class of k ≤ l is `u32::MAX`.
    /// None when the rows would be too large.
    fn pair_classes(
        &mut self,
        base: &Base,
        out: &[Vec<bool>],
        l: usize,
        j: usize,
    ) -> Result<Option<Pairs>> {
        let (n, mul) = (base.n, &base.mul);
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
        let mut id: Vec<Vec<u32>> = Vec::with_capacity(l + 2);
        let mut states: Vec<(usize, usize)> = Vec::new();
        for k in 0..=l + 1 {
            let mut v = Vec::with_capacity(n);
            for x in 0..n {
                let r = row(x, k);
                let class = match ids.get(&r) {
                    Some(&c) => c,
                    None if k <= l => {
                        if states.len() >= self.budget.max_elements {
                            return Err(MisereError::Budget {
                                what: "elements of the misère quotient",
                                limit: self.budget.max_elements,
                            });
                        }
                        let c = states.len() as u32;
                        ids.insert(r, c);
                        states.push((x, k));
                        c
                    }
                    None => u32::MAX,
                };
                v.push(class);
            }
            id.push(v);
            self.ops(n * bits)?;
        }
        Ok(Some(Pairs { id, states }))
    }
}

/// The previous quotient as the extension step reads it.
struct Base<'p> {
    prev: &'p Automaton,
    /// Its number of elements.
    n: usize,
    /// `mul[x * n + y]`: the product of elements x and y.
    mul: Vec<u32>,
    /// The elements, lightest position first.
    order: Vec<u32>,
    /// The elements of the options of each element's lightest position.
    optcls: Vec<Vec<u32>>,
    /// The elements of the options of heap m.
    new_el: Vec<u32>,
}

/// The classes of pairs (element, count of heaps of m).
struct Pairs {
    /// `id[k][x]`: the class of element x plus k heaps of m.
    id: Vec<Vec<u32>>,
    /// The first pair (x, k) met in each class, its representative.
    states: Vec<(usize, usize)>,
}

impl Pairs {
    /// The candidate whose states are the classes: heap h < m moves the
    /// element part, heap m adds one to the count.
    fn automaton(&self, base: &Base, m: u32, out: &[Vec<bool>]) -> Automaton {
        let prev = base.prev;
        let mut trans = Vec::with_capacity(self.states.len());
        let mut p = Vec::with_capacity(self.states.len());
        let mut reps = Vec::with_capacity(self.states.len());
        for &(x, k) in &self.states {
            let mut t: Vec<u32> = (1..m)
                .map(|h| self.id[k][prev.step(x as u32, h) as usize])
                .collect();
            t.push(self.id[k + 1][x]);
            trans.push(t);
            p.push(out[k][x]);
            let mut w = prev.reps[x].clone();
            w.extend(std::iter::repeat_n(m, k));
            reps.push(w);
        }
        Automaton {
            letters: m,
            trans,
            p,
            reps,
        }
    }
}

/// The sorted, distinct elements of the positions `opts` in `prev`.
fn elements_of(prev: &Automaton, opts: &[Vec<u32>]) -> Vec<u32> {
    let mut v: Vec<u32> = opts.iter().map(|k| prev.run(0, k)).collect();
    v.sort_unstable();
    v.dedup();
    v
}
