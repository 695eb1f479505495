//! A board's content planes, (character, mask) sorted by character: up to
//! `INLINE` of them inside the board itself (Konane, Clobber, Amazons use
//! two characters, Domineering none), more on the heap. Every board op
//! copies a board, so keeping the planes inline saves an allocation and a
//! free per board and a pointer chase per comparison and hash. Equality,
//! order and hash are those of the slice of pairs (as a `Vec` of them
//! had), whichever way the planes are stored.

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

/// How many planes are kept inline.
pub(super) const INLINE: usize = 2;

#[derive(Clone)]
pub(super) enum Planes {
    /// The first `len` pairs are the planes (the rest are `('\0', 0)`).
    Inline(u8, [(char, u128); INLINE]),
    /// More than `INLINE` planes.
    Heap(Vec<(char, u128)>),
}

impl Planes {
    pub(super) const fn new() -> Planes {
        Planes::Inline(0, [('\0', 0); INLINE])
    }

    pub(super) fn as_slice(&self) -> &[(char, u128)] {
        match self {
            Planes::Inline(n, a) => &a[..usize::from(*n)],
            Planes::Heap(v) => v,
        }
    }

    pub(super) fn as_mut_slice(&mut self) -> &mut [(char, u128)] {
        match self {
            Planes::Inline(n, a) => &mut a[..usize::from(*n)],
            Planes::Heap(v) => v,
        }
    }

    pub(super) fn iter(&self) -> std::slice::Iter<'_, (char, u128)> {
        self.as_slice().iter()
    }

    pub(super) fn iter_mut(&mut self) -> std::slice::IterMut<'_, (char, u128)> {
        self.as_mut_slice().iter_mut()
    }

    pub(super) fn len(&self) -> usize {
        self.as_slice().len()
    }

    /// Insert `p` at `i` (keeping the order is the caller's part).
    pub(super) fn insert(&mut self, i: usize, p: (char, u128)) {
        match self {
            Planes::Inline(n, a) if usize::from(*n) < INLINE => {
                let len = usize::from(*n);
                a.copy_within(i..len, i + 1);
                a[i] = p;
                *n += 1;
            }
            Planes::Inline(_, a) => {
                let mut v = a.to_vec();
                v.insert(i, p);
                *self = Planes::Heap(v);
            }
            Planes::Heap(v) => v.insert(i, p),
        }
    }

    /// Keep the planes for which `keep` holds (back inline when few are
    /// left).
    pub(super) fn retain(&mut self, keep: impl Fn(&(char, u128)) -> bool) {
        match self {
            Planes::Inline(n, a) => {
                let mut k = 0;
                for i in 0..usize::from(*n) {
                    if keep(&a[i]) {
                        a[k] = a[i];
                        k += 1;
                    }
                }
                for p in &mut a[k..] {
                    *p = ('\0', 0);
                }
                *n = k as u8;
            }
            Planes::Heap(v) => {
                v.retain(keep);
                if v.len() <= INLINE {
                    *self = v.iter().copied().collect();
                }
            }
        }
    }
}

impl FromIterator<(char, u128)> for Planes {
    fn from_iter<I: IntoIterator<Item = (char, u128)>>(it: I) -> Planes {
        let mut out = Planes::new();
        for p in it {
            let len = out.len();
            out.insert(len, p);
        }
        out
    }
}

impl PartialEq for Planes {
    fn eq(&self, other: &Planes) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Planes {}

impl PartialOrd for Planes {
    fn partial_cmp(&self, other: &Planes) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Planes {
    fn cmp(&self, other: &Planes) -> Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl Hash for Planes {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl std::fmt::Debug for Planes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn hash(p: &impl Hash) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        p.hash(&mut h);
        h.finish()
    }

    proptest! {
        /// Inserting, retaining and comparing behave as on a `Vec` of the
        /// pairs, across the move between inline and heap.
        #[test]
        fn planes_act_as_a_vec(
            ops in prop::collection::vec((0u8..6, any::<u128>(), any::<bool>()), 0..24)
        ) {
            let (mut p, mut v) = (Planes::new(), Vec::<(char, u128)>::new());
            for (ch, m, drop) in ops {
                let ch = char::from(b'a' + ch);
                if drop {
                    p.retain(|q| q.0 != ch);
                    v.retain(|q| q.0 != ch);
                } else {
                    match v.binary_search_by(|q| q.0.cmp(&ch)) {
                        Ok(i) => {
                            v[i].1 |= m;
                            p.as_mut_slice()[i].1 |= m;
                        }
                        Err(i) => {
                            v.insert(i, (ch, m));
                            p.insert(i, (ch, m));
                        }
                    }
                }
                prop_assert_eq!(p.as_slice(), &v[..]);
                prop_assert_eq!(matches!(p, Planes::Heap(_)), v.len() > INLINE);
                let q: Planes = v.iter().copied().collect();
                prop_assert!(q == p);
                prop_assert_eq!(hash(&q), hash(&p));
                prop_assert_eq!(format!("{q:?}"), format!("{v:?}"));
            }
        }

        /// The order is the `Vec`'s order.
        #[test]
        fn planes_order_as_a_vec(
            a in prop::collection::vec((0u8..4, 0u128..4), 0..5),
            b in prop::collection::vec((0u8..4, 0u128..4), 0..5),
        ) {
            let pairs = |x: &[(u8, u128)]| -> Vec<(char, u128)> {
                x.iter().map(|&(c, m)| (char::from(b'a' + c), m)).collect()
            };
            let (va, vb) = (pairs(&a), pairs(&b));
            let pa: Planes = va.iter().copied().collect();
            let pb: Planes = vb.iter().copied().collect();
            prop_assert_eq!(pa.cmp(&pb), va.cmp(&vb));
            prop_assert_eq!(pa == pb, va == vb);
        }
    }
}
