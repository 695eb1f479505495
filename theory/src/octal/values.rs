//! Storage of a nim-sequence: one, two or four bytes per value, widened
//! when a value first needs it. Most octal games never pass 255 (0.354,
//! 0.376) or 65 535, so the narrow forms halve or quarter the memory and
//! the cache traffic of the engines' scans.

use std::fmt;

/// An unsigned value type the engines are generic over (`u8`, `u16`, `u32`).
pub(super) trait Val: Copy + Eq + Default + fmt::Debug + Send + Sync + 'static {
    /// Bits the type holds.
    const BITS: u32;
    fn get(self) -> u32;
    /// `v` truncated to the type (callers check `bit_len(v) ≤ BITS`).
    fn of(v: u32) -> Self;
    fn xor(self, o: Self) -> Self;
    /// The slice as `u16`s when the type is `u16` (the vector scans).
    fn as_u16(s: &[Self]) -> Option<&[u16]>;
}

macro_rules! val {
    ($t:ty, $as_u16:expr) => {
        impl Val for $t {
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn get(self) -> u32 {
                u32::from(self)
            }
            #[inline(always)]
            fn of(v: u32) -> Self {
                v as $t
            }
            #[inline(always)]
            fn xor(self, o: Self) -> Self {
                self ^ o
            }
            #[inline(always)]
            fn as_u16(s: &[Self]) -> Option<&[u16]> {
                $as_u16(s)
            }
        }
    };
}
val!(u8, |_| None);
val!(u16, Some);
val!(u32, |_| None);

/// The values computed so far, in the narrowest form that holds them all.
#[derive(Clone, Debug)]
pub(super) enum Store {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

impl Store {
    pub(super) fn new() -> Self {
        Store::U8(Vec::new())
    }

    pub(super) fn len(&self) -> usize {
        self.view().len()
    }

    pub(super) fn view(&self) -> Values<'_> {
        match self {
            Store::U8(v) => Values::U8(v),
            Store::U16(v) => Values::U16(v),
            Store::U32(v) => Values::U32(v),
        }
    }

    /// Makes room for `len` values in all (a failed reservation is ignored:
    /// pushing goes on until memory really runs out).
    pub(super) fn reserve_total(&mut self, len: usize) {
        fn go<T>(v: &mut Vec<T>, len: usize) {
            let have = v.len();
            if v.capacity() < len {
                // Grow by at least a quarter, not Vec's doubling.
                let want = len.max(have.saturating_add(have / 4));
                let _ = v.try_reserve_exact(want - have);
            }
        }
        match self {
            Store::U8(v) => go(v, len),
            Store::U16(v) => go(v, len),
            Store::U32(v) => go(v, len),
        }
    }

    /// Switches to a form holding values of `bits` bits (keeps the capacity).
    pub(super) fn widen(&mut self, bits: u32) {
        fn copy<A: Val, B: Val>(a: &[A], cap: usize) -> Vec<B> {
            let mut b = Vec::new();
            let _ = b.try_reserve_exact(cap.max(a.len()));
            b.extend(a.iter().map(|&x| B::of(x.get())));
            b
        }
        let next = match self {
            Store::U8(v) if bits > 16 => Store::U32(copy(v, v.capacity())),
            Store::U8(v) if bits > 8 => Store::U16(copy(v, v.capacity())),
            Store::U16(v) if bits > 16 => Store::U32(copy(v, v.capacity())),
            _ => return,
        };
        *self = next;
    }

    /// Appends `v` (widening first if it needs more bits).
    pub(super) fn push(&mut self, v: u32) {
        let bits = 32 - v.leading_zeros();
        self.widen(bits);
        match self {
            Store::U8(s) => s.push(v as u8),
            Store::U16(s) => s.push(v as u16),
            Store::U32(s) => s.push(v),
        }
    }
}

/// A read-only view of nim-sequence values, whatever their storage width.
#[derive(Clone, Copy, Debug)]
pub enum Values<'a> {
    /// Values stored in 8 bits (all below 256).
    U8(&'a [u8]),
    /// Values stored in 16 bits (all below 65,536).
    U16(&'a [u16]),
    /// Values stored in 32 bits.
    U32(&'a [u32]),
}

impl<'a> Values<'a> {
    /// How many values: `G(0 .. len)`.
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
        }
    }

    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(i)`, if computed.
    pub fn get(&self, i: usize) -> Option<u32> {
        match self {
            Values::U8(v) => v.get(i).map(|&x| u32::from(x)),
            Values::U16(v) => v.get(i).map(|&x| u32::from(x)),
            Values::U32(v) => v.get(i).copied(),
        }
    }

    /// The first `n` values (all of them if fewer).
    pub fn prefix(&self, n: usize) -> Values<'a> {
        match *self {
            Values::U8(v) => Values::U8(&v[..n.min(v.len())]),
            Values::U16(v) => Values::U16(&v[..n.min(v.len())]),
            Values::U32(v) => Values::U32(&v[..n.min(v.len())]),
        }
    }

    /// The values `G(0)`, `G(1)`, … as `u32`.
    pub fn iter(&self) -> Iter<'a> {
        Iter {
            values: *self,
            front: 0,
            back: self.len(),
        }
    }

    /// The values as `u32`, in a vector.
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }
}

impl<'a> From<&'a [u32]> for Values<'a> {
    fn from(v: &'a [u32]) -> Self {
        Values::U32(v)
    }
}

impl<'a> From<&'a Vec<u32>> for Values<'a> {
    fn from(v: &'a Vec<u32>) -> Self {
        Values::U32(v)
    }
}

impl<'a, const N: usize> From<&'a [u32; N]> for Values<'a> {
    fn from(v: &'a [u32; N]) -> Self {
        Values::U32(v)
    }
}

impl PartialEq for Values<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl PartialEq<[u32]> for Values<'_> {
    fn eq(&self, other: &[u32]) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter().copied())
    }
}

impl<const N: usize> PartialEq<[u32; N]> for Values<'_> {
    fn eq(&self, other: &[u32; N]) -> bool {
        *self == other[..]
    }
}

impl<'a> IntoIterator for Values<'a> {
    type Item = u32;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// Iterator over [`Values`] as `u32`.
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    values: Values<'a>,
    front: usize,
    back: usize,
}

impl Iterator for Iter<'_> {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.front >= self.back {
            return None;
        }
        let v = self.values.get(self.front);
        self.front += 1;
        v
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<u32> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        self.values.get(self.back)
    }
}

impl ExactSizeIterator for Iter<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widens_and_keeps_values() {
        let mut s = Store::new();
        for v in [0, 5, 255] {
            s.push(v);
        }
        assert!(matches!(s, Store::U8(_)));
        s.push(256);
        assert!(matches!(s, Store::U16(_)));
        s.push(70_000);
        assert!(matches!(s, Store::U32(_)));
        assert_eq!(s.view(), [0, 5, 255, 256, 70_000]);
        assert_eq!(s.view().iter().next_back(), Some(70_000));
        assert_eq!(s.view().prefix(2).to_vec(), vec![0, 5]);
        assert_eq!(s.view().get(9), None);
        let mut t = Store::new();
        t.push(1 << 20);
        assert_eq!(t.view(), [1 << 20]);
    }
}
