//! Canonicalisation in the store: the simplicity test, dominated and
//! reversible options, and interning a canonical form (THEORY.md §6.2).

use std::cmp::Ordering;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::PartizanError;
use super::dyadic::{Bound, Dyadic};
use super::store::{Cut, FormKey, GameStore, Node, Result, ValueId};

impl GameStore {
    // ---- canonicalisation --------------------------------------------

    /// The simplest number x with `G^L ⧏ x ⧏ G^R` for every option, if any;
    /// by the simplicity theorem `{L | R}` then equals x, and conversely a
    /// form equal to a number x has that property (so `None` means the
    /// form is not a number).
    fn number_between(&self, left: &[ValueId], right: &[ValueId]) -> Result<Option<Dyadic>> {
        // x ∉ {y : y ≤ G^L}: above the down cut of each Left option.
        let mut lo: Option<Bound> = None;
        for &l in left {
            let c = self.node(l).down;
            let b = Bound {
                at: c.at,
                inclusive: !c.inclusive,
            };
            lo = Some(match lo {
                None => b,
                Some(a) => match a.at.cmp(&b.at) {
                    Ordering::Less => b,
                    Ordering::Greater => a,
                    Ordering::Equal => Bound {
                        at: a.at,
                        inclusive: a.inclusive && b.inclusive,
                    },
                },
            });
        }
        let mut hi: Option<Bound> = None;
        for &r in right {
            let c = self.node(r).up;
            let b = Bound {
                at: c.at,
                inclusive: !c.inclusive,
            };
            hi = Some(match hi {
                None => b,
                Some(a) => match a.at.cmp(&b.at) {
                    Ordering::Greater => b,
                    Ordering::Less => a,
                    Ordering::Equal => Bound {
                        at: a.at,
                        inclusive: a.inclusive && b.inclusive,
                    },
                },
            });
        }
        Dyadic::simplest_between(lo, hi)
    }

    /// Canonical value of the form `{left | right}` whose options are
    /// canonical values.
    pub(super) fn canon(
        &mut self,
        mut left: Vec<ValueId>,
        mut right: Vec<ValueId>,
    ) -> Result<ValueId> {
        self.tick()?;
        if let Some(x) = self.number_between(&left, &right)? {
            return Ok(self.number(x));
        }
        // Not a number. Comparisons with the form G = {left | right} stay
        // valid while we simplify, because simplifying keeps the value.
        let mut memo = FxHashMap::default();
        loop {
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            self.remove_dominated(&mut left, true);
            self.remove_dominated(&mut right, false);
            self.settle()?;
            let mut changed = false;
            // A Left option G^L is reversible through G^LR when G^LR ≤ G;
            // it is replaced by the Left options of G^LR.
            let mut i = 0;
            while i < left.len() {
                let l = left[i];
                let mut through = None;
                self.settle()?;
                for &y in self.right_options(l)?.iter() {
                    if self.le_id_form(y, &left, &right, &mut memo)? {
                        through = Some(y);
                        break;
                    }
                }
                if let Some(y) = through {
                    let repl = self.left_options(y)?;
                    left.swap_remove(i);
                    left.extend(repl.iter().copied());
                    changed = true;
                } else {
                    i += 1;
                }
            }
            let mut i = 0;
            while i < right.len() {
                let r = right[i];
                let mut through = None;
                self.settle()?;
                for &x in self.left_options(r)?.iter() {
                    if self.le_form_id(&left, &right, x, &mut memo)? {
                        through = Some(x);
                        break;
                    }
                }
                if let Some(x) = through {
                    let repl = self.right_options(x)?;
                    right.swap_remove(i);
                    right.extend(repl.iter().copied());
                    changed = true;
                } else {
                    i += 1;
                }
            }
            if !changed {
                break;
            }
            if left.len() > self.limits.max_options || right.len() > self.limits.max_options {
                return Err(PartizanError::TooManyOptions {
                    count: left.len().max(right.len()),
                    limit: self.limits.max_options,
                });
            }
        }
        self.intern(left, right)
    }

    /// Keeps the maximal (Left) or minimal (Right) options of a sorted,
    /// deduplicated list of distinct values.
    fn remove_dominated(&mut self, opts: &mut Vec<ValueId>, left: bool) {
        if opts.len() < 2 {
            return;
        }
        let all = opts.clone();
        opts.retain(|&a| {
            !all.iter()
                .any(|&b| b != a && if left { self.le(a, b) } else { self.le(b, a) })
        });
    }

    /// `H ≤ G` for a stored H and the non-number form `G = {left | right}`.
    fn le_id_form(
        &mut self,
        h: ValueId,
        left: &[ValueId],
        right: &[ValueId],
        memo: &mut FxHashMap<(ValueId, bool), bool>,
    ) -> Result<bool> {
        // H ≤ G iff no G^R ≤ H and no H^L ≥ G. For a number H the second
        // part is implied (number avoidance: G is not a number).
        if !right.iter().all(|&r| !self.le(r, h)) {
            return Ok(false);
        }
        if self.node(h).number.is_some() {
            return Ok(true);
        }
        if let Some(&v) = memo.get(&(h, true)) {
            return Ok(v);
        }
        let hl = self.node(h).left.clone();
        let mut v = true;
        for &x in hl.iter() {
            if self.le_form_id(left, right, x, memo)? {
                v = false;
                break;
            }
        }
        memo.insert((h, true), v);
        Ok(v)
    }

    /// `G ≤ H` for the non-number form `G = {left | right}` and a stored H.
    fn le_form_id(
        &mut self,
        left: &[ValueId],
        right: &[ValueId],
        h: ValueId,
        memo: &mut FxHashMap<(ValueId, bool), bool>,
    ) -> Result<bool> {
        if !left.iter().all(|&l| !self.le(h, l)) {
            return Ok(false);
        }
        if self.node(h).number.is_some() {
            return Ok(true);
        }
        if let Some(&v) = memo.get(&(h, false)) {
            return Ok(v);
        }
        let hr = self.node(h).right.clone();
        let mut v = true;
        for &y in hr.iter() {
            if self.le_id_form(y, left, right, memo)? {
                v = false;
                break;
            }
        }
        memo.insert((h, false), v);
        Ok(v)
    }

    /// Stores a canonical non-number form (options canonical, sorted or not).
    pub(super) fn intern(
        &mut self,
        mut left: Vec<ValueId>,
        mut right: Vec<ValueId>,
    ) -> Result<ValueId> {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let key: FormKey = (Arc::from(left), Arc::from(right));
        if let Some(&id) = self.forms.get(&key) {
            return Ok(id);
        }
        let (left, right) = key.clone();
        if self.nodes.len() >= self.limits.max_values {
            return Err(PartizanError::TooManyValues {
                limit: self.limits.max_values,
            });
        }
        for side in [&left, &right] {
            if side.len() > self.limits.max_options {
                return Err(PartizanError::TooManyOptions {
                    count: side.len(),
                    limit: self.limits.max_options,
                });
            }
        }
        debug_assert!(!left.is_empty() && !right.is_empty());
        let mut height = 0;
        let mut birthday = 0u64;
        let mut up: Option<Cut> = None;
        let mut left_stop: Option<Dyadic> = None;
        for &l in left.iter() {
            let n = self.node(l);
            height = height.max(n.height);
            birthday = birthday.max(n.birthday);
            // G ≤ x iff no G^L with x ≤ G^L (number avoidance).
            let c = Cut {
                at: n.down.at,
                inclusive: !n.down.inclusive,
            };
            up = Some(match up {
                None => c,
                Some(a) => match a.at.cmp(&c.at) {
                    Ordering::Less => c,
                    Ordering::Greater => a,
                    Ordering::Equal => Cut {
                        at: a.at,
                        inclusive: a.inclusive && c.inclusive,
                    },
                },
            });
            left_stop = Some(left_stop.map_or(n.right_stop, |s| s.max(n.right_stop)));
        }
        let mut down: Option<Cut> = None;
        let mut right_stop: Option<Dyadic> = None;
        for &r in right.iter() {
            let n = self.node(r);
            height = height.max(n.height);
            birthday = birthday.max(n.birthday);
            // x ≤ G iff no G^R with G^R ≤ x.
            let c = Cut {
                at: n.up.at,
                inclusive: !n.up.inclusive,
            };
            down = Some(match down {
                None => c,
                Some(a) => match a.at.cmp(&c.at) {
                    Ordering::Greater => c,
                    Ordering::Less => a,
                    Ordering::Equal => Cut {
                        at: a.at,
                        inclusive: a.inclusive && c.inclusive,
                    },
                },
            });
            right_stop = Some(right_stop.map_or(n.left_stop, |s| s.min(n.left_stop)));
        }
        let height = height + 1;
        if height > self.limits.max_height {
            return Err(PartizanError::TooDeep {
                height,
                limit: self.limits.max_height,
            });
        }
        // A canonical non-number has options on both sides; the fallbacks
        // below are never used.
        let zero_cut = Cut {
            at: Dyadic::ZERO,
            inclusive: false,
        };
        let id = self.push(Node {
            left,
            right,
            number: None,
            down: down.unwrap_or(zero_cut),
            up: up.unwrap_or(zero_cut),
            left_stop: left_stop.unwrap_or(Dyadic::ZERO),
            right_stop: right_stop.unwrap_or(Dyadic::ZERO),
            height,
            birthday: birthday.saturating_add(1),
        });
        // The next nimber *m = {0,…,*(m−1) | 0,…,*(m−1)} is recorded when
        // first made, whichever way it is made (its options come first).
        let node = self.node(id);
        if node.left == node.right && node.left.len() == self.nimbers.len() {
            let mut known = self.nimbers.clone();
            known.sort_unstable();
            if *node.left == *known {
                self.nimbers.push(id);
            }
        }
        self.forms.insert(key, id);
        Ok(id)
    }

    pub(super) fn push(&mut self, node: Node) -> ValueId {
        let id = ValueId(u32::try_from(self.nodes.len()).unwrap_or(u32::MAX));
        self.nodes.push(node);
        id
    }
}
