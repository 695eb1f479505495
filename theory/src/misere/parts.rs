//! Conway's parts of misère impartial forms (THEORY.md §9.11): H is a
//! part of G when G ≡ H + X for some X, the difference G − H (unique, by
//! Conway's cancellation theorem). Differences are found from the
//! differences of options, parts from the parts of one option, and prime
//! partitions from parts; every difference found is checked by adding.

use rustc_hash::{FxHashMap, FxHashSet};

use super::canon::{FormId, Forms};
use super::{MisereError, Result, mex};

/// The most options of H outside the differences G' − H that a
/// difference G − H tries every subset of (2^this canonical forms).
pub const MAX_DIFFERENCE_CHOICES: usize = 20;

/// The memos of one computation of parts: differences by pair, and the
/// parts of each form looked at.
#[derive(Default)]
pub(crate) struct PartsMemo {
    diff: FxHashMap<(FormId, FormId), Option<FormId>>,
    parts: FxHashMap<FormId, Vec<FormId>>,
    prime: FxHashMap<FormId, bool>,
}

impl Forms {
    /// The difference G − H: the form X with H + X ≡ G, or None when H
    /// is not a part of G.
    pub fn difference(&mut self, g: FormId, h: FormId) -> Result<Option<FormId>> {
        self.check(g)?;
        self.check(h)?;
        self.diff_memo(&mut PartsMemo::default(), g, h)
    }

    /// Every part of G (0, * and G among them), sorted by id.
    pub fn parts(&mut self, g: FormId) -> Result<Vec<FormId>> {
        self.check(g)?;
        self.parts_memo(&mut PartsMemo::default(), g)
    }

    /// Of G and G + *, the one born first (Conway's even one of the pair:
    /// their birthdays differ by one in every form tested).
    pub fn even_part(&mut self, g: FormId) -> Result<FormId> {
        self.check(g)?;
        let star = self.nim(1)?;
        let other = self.add(g, star)?;
        Ok(match self.birthday(g).cmp(&self.birthday(other)) {
            std::cmp::Ordering::Less => g,
            std::cmp::Ordering::Greater => other,
            std::cmp::Ordering::Equal => g.min(other),
        })
    }

    /// CGSuite's `Parts`: the parts of G other than 0, * and G, G + *, one
    /// of each pair H, H + * (the one born first), sorted by id.
    pub fn proper_parts(&mut self, g: FormId) -> Result<Vec<FormId>> {
        self.check(g)?;
        let mut memo = PartsMemo::default();
        self.proper_parts_memo(&mut memo, g)
    }

    /// Whether G is prime: not 0 or *, and its only parts are 0, *, G and
    /// G + *.
    pub fn is_prime(&mut self, g: FormId) -> Result<bool> {
        self.check(g)?;
        self.is_prime_memo(&mut PartsMemo::default(), g)
    }

    /// CGSuite's `Partitions`: every way of writing G as a sum of primes
    /// (each the one of H, H + * born first) and at most one * (which
    /// CGSuite also lists), each partition in order of id.
    /// 0 has one partition, the empty one.
    pub fn prime_partitions(&mut self, g: FormId) -> Result<Vec<Vec<FormId>>> {
        self.check(g)?;
        let mut memo = PartsMemo::default();
        let star = self.nim(1)?;
        let mut out = Vec::new();
        // Explicit stack: (what is left, the primes so far). No cycle: a
        // sum of non-units is never a unit (only units have inverses).
        let mut stack: Vec<(FormId, Vec<FormId>)> = vec![(g, Vec::new())];
        while let Some((left, so_far)) = stack.pop() {
            self.tick()?;
            if left == Self::ZERO || left == star {
                let mut p = so_far;
                if left == star {
                    p.push(star);
                }
                p.sort_unstable();
                out.push(p);
                continue;
            }
            let mut candidates = self.proper_parts_memo(&mut memo, left)?;
            candidates.push(self.even_part(left)?);
            for q in candidates {
                if so_far.last().is_some_and(|&l| q < l) || !self.is_prime_memo(&mut memo, q)? {
                    continue;
                }
                let Some(rest) = self.diff_memo(&mut memo, left, q)? else {
                    return Err(internal("a part without a difference"));
                };
                let mut next = so_far.clone();
                next.push(q);
                stack.push((rest, next));
            }
        }
        out.sort();
        out.dedup();
        Ok(out)
    }

    fn proper_parts_memo(&mut self, memo: &mut PartsMemo, g: FormId) -> Result<Vec<FormId>> {
        let star = self.nim(1)?;
        let g_star = self.add(g, star)?;
        let mut out = Vec::new();
        for h in self.parts_memo(memo, g)? {
            if h == Self::ZERO || h == star || h == g || h == g_star {
                continue;
            }
            let e = self.even_part(h)?;
            if !out.contains(&e) {
                out.push(e);
            }
        }
        out.sort_unstable();
        Ok(out)
    }

    fn is_prime_memo(&mut self, memo: &mut PartsMemo, g: FormId) -> Result<bool> {
        if let Some(&p) = memo.prime.get(&g) {
            return Ok(p);
        }
        let star = self.nim(1)?;
        let p = g != Self::ZERO && g != star && self.proper_parts_memo(memo, g)?.is_empty();
        memo.prime.insert(g, p);
        Ok(p)
    }

    /// The parts of `g`. If G ≡ H + X has an option, its option G'
    /// (canonical, so one of H' + X, H + X') has X or H for a part: the
    /// parts of G are the parts c of one option G' with G − c defined,
    /// and those differences. 0's parts are 0 and *. Iterative: a stack
    /// of forms whose chosen option's parts come first.
    fn parts_memo(&mut self, memo: &mut PartsMemo, g: FormId) -> Result<Vec<FormId>> {
        let mut stack = vec![g];
        while let Some(&f) = stack.last() {
            self.tick()?;
            if memo.parts.contains_key(&f) {
                stack.pop();
                continue;
            }
            let Some(&o) = self.options(f).iter().min_by_key(|&&o| self.birthday(o)) else {
                let star = self.nim(1)?;
                memo.parts.insert(f, vec![Self::ZERO, star]);
                stack.pop();
                continue;
            };
            let Some(candidates) = memo.parts.get(&o).cloned() else {
                stack.push(o);
                continue;
            };
            let mut found = Vec::new();
            for c in candidates {
                if let Some(x) = self.diff_memo(memo, f, c)? {
                    found.push(c);
                    found.push(x);
                }
            }
            found.sort_unstable();
            found.dedup();
            memo.parts.insert(f, found);
            stack.pop();
        }
        Ok(memo.parts[&g].clone())
    }

    /// G − H, from the differences G' − H, G − H' and G' − H' (THEORY.md
    /// §9.11): X's options lie among A = {G' − H} and B = {G − H'}; either
    /// every member of A is an option of X, or X is some G' − H'.
    /// Iterative: a stack of pairs whose smaller pairs come first.
    fn diff_memo(&mut self, memo: &mut PartsMemo, g: FormId, h: FormId) -> Result<Option<FormId>> {
        let mut stack = vec![(g, h)];
        let mut missing: Vec<(FormId, FormId)> = Vec::new();
        while let Some(&(f, k)) = stack.last() {
            self.tick()?;
            if memo.diff.contains_key(&(f, k)) {
                stack.pop();
                continue;
            }
            if k == Self::ZERO || f == k {
                memo.diff
                    .insert((f, k), Some(if k == Self::ZERO { f } else { Self::ZERO }));
                stack.pop();
                continue;
            }
            let fo = self.options(f).to_vec();
            let ko = self.options(k).to_vec();
            missing.clear();
            let pairs = fo
                .iter()
                .map(|&a| (a, k))
                .chain(ko.iter().map(|&b| (f, b)))
                .chain(fo.iter().flat_map(|&a| ko.iter().map(move |&b| (a, b))));
            missing.extend(pairs.filter(|p| !memo.diff.contains_key(p)));
            if !missing.is_empty() {
                stack.append(&mut missing);
                continue;
            }
            let x = self.diff_from_options(memo, f, k, &fo, &ko)?;
            memo.diff.insert((f, k), x);
            stack.pop();
        }
        Ok(memo.diff[&(g, h)])
    }

    /// G − H once the differences of smaller pairs are known.
    fn diff_from_options(
        &mut self,
        memo: &PartsMemo,
        g: FormId,
        h: FormId,
        go: &[FormId],
        ho: &[FormId],
    ) -> Result<Option<FormId>> {
        // The normal-play values add as nim sums: X's is known.
        let want = self.genus(g).g ^ self.genus(h).g;
        let mut tried: FxHashSet<FormId> = FxHashSet::default();
        // X = G' − H' for some G', H'.
        for &a in go {
            for &b in ho {
                if let Some(x) = memo.diff[&(a, b)]
                    && tried.insert(x)
                    && self.genus(x).g == want
                    && self.add(h, x)? == g
                {
                    return Ok(Some(x));
                }
            }
        }
        // Or every G' − H is an option of X, the rest among the G − H'.
        let mut base: Vec<FormId> = go.iter().filter_map(|&a| memo.diff[&(a, h)]).collect();
        base.sort_unstable();
        base.dedup();
        let mut extra: Vec<FormId> = ho.iter().filter_map(|&b| memo.diff[&(g, b)]).collect();
        extra.sort_unstable();
        extra.dedup();
        extra.retain(|e| base.binary_search(e).is_err());
        if extra.len() > MAX_DIFFERENCE_CHOICES {
            return Err(MisereError::Budget {
                what: "candidate options of a misère difference (2^n sets are tried)",
                limit: MAX_DIFFERENCE_CHOICES,
            });
        }
        let mut set = Vec::with_capacity(base.len() + extra.len());
        for mask in 0u32..1 << extra.len() {
            set.clear();
            set.extend_from_slice(&base);
            set.extend(
                (0..extra.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| extra[i]),
            );
            let g_plus = mex(set.iter().map(|&s| self.genus(s).g));
            if g_plus != want {
                self.tick()?;
                continue;
            }
            let x = self.canonical(&set)?;
            if tried.insert(x) && self.add(h, x)? == g {
                return Ok(Some(x));
            }
        }
        Ok(None)
    }
}

fn internal(what: &str) -> MisereError {
    MisereError::Internal {
        what: what.to_string(),
    }
}
