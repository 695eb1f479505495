//! Nim multiplication on 64-bit nimbers: the field GF(2^64) in Conway's
//! representation (THEORY.md §6.10).
//!
//! Nim addition is xor. Nim multiplication is computed by the Fermat
//! 2-power recursion: a number below 2^(2h) is `a1·F + a0` with F = 2^h a
//! Fermat 2-power and a0, a1 below F; in nim arithmetic F·F = F + F/2, so
//! `(a1·F + a0)(b1·F + b0) = (a1b1 + a1b0 + a0b1)·F + a0b0 + a1b1·(F/2)`,
//! where every product on the right is of numbers below F.

/// `a ⊗ b`, the nim product.
pub fn nim_mul(a: u64, b: u64) -> u64 {
    mul_level(a, b, 64)
}

/// The products of all bytes, by the recursion below 2^8 (64 KiB, made
/// once).
fn byte_table() -> &'static [u8] {
    static TABLE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![0u8; 256 * 256];
        for a in 0..256u64 {
            for b in 0..256u64 {
                t[(a * 256 + b) as usize] = mul_rec(a, b, 8) as u8;
            }
        }
        t
    })
}

/// The nim product of `a, b < 2^bits` (`bits` a power of two ≤ 64),
/// bytes from the table.
fn mul_level(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b; // 0 or 1 times anything; never overflows
    }
    if bits <= 8 {
        return u64::from(byte_table()[(a * 256 + b) as usize]);
    }
    split(a, b, bits, mul_level)
}

/// The same by the recursion alone, down to single bits.
fn mul_rec(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    split(a, b, bits, mul_rec)
}

/// One step of the Fermat 2-power recursion, products below F by `mul`.
fn split(a: u64, b: u64, bits: u32, mul: fn(u64, u64, u32) -> u64) -> u64 {
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0) = (a >> h, a & mask);
    let (b1, b0) = (b >> h, b & mask);
    let lo = mul(a0, b0, h);
    let hi = mul(a1, b1, h);
    // a1b0 + a0b1 = (a1 + a0)(b1 + b0) + a1b1 + a0b0 (Karatsuba, + = xor).
    let mid = mul(a1 ^ a0, b1 ^ b0, h) ^ hi ^ lo;
    let half = 1u64 << (h - 1); // F/2
    ((mid ^ hi) << h) | (lo ^ mul(hi, half, h))
}

/// `a^e` in nim multiplication (`a^0 = 1`).
pub fn nim_pow(a: u64, mut e: u64) -> u64 {
    let mut acc = 1;
    let mut base = a;
    while e > 0 {
        if e & 1 == 1 {
            acc = nim_mul(acc, base);
        }
        e >>= 1;
        if e > 0 {
            base = nim_mul(base, base);
        }
    }
    acc
}

/// The nim inverse of `a ≠ 0`; `None` for 0. Below 2^(2h) = F², with
/// X = F = 2^h, a = a1·X + a0 and X² = X + F/2: the conjugate of X is
/// X + 1, so a times a1·X + (a0 + a1) is the norm a0² + a0a1 + a1²·(F/2),
/// which lies below F; invert it there and multiply back.
pub fn nim_inv(a: u64) -> Option<u64> {
    (a != 0).then(|| inv_level(a, 64))
}

fn inv_level(a: u64, bits: u32) -> u64 {
    if a < 2 {
        return a;
    }
    if bits <= 8 {
        // The inverse byte: a^(2^8 - 2) in GF(2^8).
        let mut acc = 1;
        for _ in 0..254 {
            acc = mul_level(acc, a, 8);
        }
        return acc;
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0) = (a >> h, a & mask);
    if a1 == 0 {
        return inv_level(a0, h);
    }
    let half = 1u64 << (h - 1);
    let norm =
        mul_level(a0, a0, h) ^ mul_level(a0, a1, h) ^ mul_level(mul_level(a1, a1, h), half, h);
    let n = inv_level(norm, h);
    (mul_level(a1, n, h) << h) | mul_level(a0 ^ a1, n, h)
}

/// The inverse by the group order alone, `a^(2^64 − 2)` (the slow
/// reference the tests check [`nim_inv`] against).
#[cfg(test)]
fn nim_inv_by_power(a: u64) -> Option<u64> {
    (a != 0).then(|| nim_pow(a, u64::MAX - 1))
}

/// `a ⊘ b = a ⊗ b^-1`; `None` when `b = 0`.
pub fn nim_div(a: u64, b: u64) -> Option<u64> {
    nim_inv(b).map(|i| nim_mul(a, i))
}

/// The nim product of all `a, b < n` by the definition
/// `a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}` (the slow
/// reference the fast product is tested against). Row-major, `n·n` entries.
pub fn mex_table(n: usize) -> Vec<u64> {
    let mut t = vec![0u64; n * n];
    let mut seen = Vec::new();
    for a in 0..n {
        for b in 0..n {
            seen.clear();
            seen.resize(4 * n + 2, false);
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = t[a2 * n + b] ^ t[a * n + b2] ^ t[a2 * n + b2];
                    if let Some(s) = seen.get_mut(v as usize) {
                        *s = true;
                    }
                }
            }
            t[a * n + b] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn agrees_with_the_mex_definition() {
        let n = 64;
        let t = mex_table(n);
        for a in 0..n {
            for b in 0..n {
                assert_eq!(nim_mul(a as u64, b as u64), t[a * n + b], "{a} * {b}");
            }
        }
    }

    #[test]
    fn the_table_and_the_recursion_agree() {
        for a in 0..256u64 {
            for b in 0..256u64 {
                assert_eq!(nim_mul(a, b), mul_rec(a, b, 8));
            }
        }
    }

    #[test]
    fn the_inverse_by_the_subfield_is_the_power() {
        let edges = [
            1u64 << 8,
            1 << 16,
            1 << 32,
            u64::MAX,
            (1 << 32) - 1,
            (1 << 16) + 1,
        ];
        for a in (1..400u64).chain(edges) {
            assert_eq!(nim_inv(a), nim_inv_by_power(a), "{a}");
        }
    }

    /// Turning Corners on a 4 × 4 board, played out on whole positions (a
    /// bit per coin, 1 = heads): a move picks a rectangle whose corner
    /// (x, y) farthest from the origin shows heads and turns its four
    /// corners. By the Tartan theorem the Grundy value of a position is
    /// the nim sum, over its heads (x, y), of x ⊗ y.
    #[test]
    fn turning_corners_by_brute_force_is_the_tartan_product() {
        const N: usize = 4;
        let bit = |x: usize, y: usize| 1usize << (x * N + y);
        let mut g = vec![0u64; 1 << (N * N)];
        for state in 1..g.len() {
            let mut seen = [false; 64];
            for x in 0..N {
                for y in 0..N {
                    if state & bit(x, y) == 0 {
                        continue;
                    }
                    for a in 0..x {
                        for b in 0..y {
                            let next = state ^ bit(x, y) ^ bit(a, y) ^ bit(x, b) ^ bit(a, b);
                            // Turning (x, y) off lowers the number: the
                            // other corners have smaller bit indices.
                            assert!(next < state);
                            seen[g[next] as usize] = true;
                        }
                    }
                }
            }
            g[state] = seen.iter().position(|&v| !v).unwrap() as u64;
        }
        for (state, &v) in g.iter().enumerate() {
            let mut want = 0;
            for x in 0..N {
                for y in 0..N {
                    if state & bit(x, y) != 0 {
                        want ^= nim_mul(x as u64, y as u64);
                    }
                }
            }
            assert_eq!(v, want, "position {state:#b}");
        }
    }

    #[test]
    fn published_values() {
        // Conway, On Numbers and Games, ch. 6: 2⊗2 = 3, 2⊗3 = 1, 4⊗4 = 6,
        // 16⊗16 = 24 (F⊗F = 3F/2 for a Fermat 2-power F), 8⊗8 = 13.
        assert_eq!(nim_mul(2, 2), 3);
        assert_eq!(nim_mul(2, 3), 1);
        assert_eq!(nim_mul(4, 4), 6);
        assert_eq!(nim_mul(8, 8), 13);
        assert_eq!(nim_mul(16, 16), 24);
        assert_eq!(nim_mul(1 << 32, 1 << 32), 3 << 31);
        assert_eq!(nim_inv(2), Some(3));
        assert_eq!(nim_inv(0), None);
    }

    proptest! {
        #[test]
        fn field_laws(a: u64, b: u64, c: u64) {
            prop_assert_eq!(nim_mul(a, b), mul_rec(a, b, 64));
            prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
            prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
            prop_assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
            if a != 0 {
                prop_assert_eq!(nim_mul(a, nim_inv(a).unwrap()), 1);
                prop_assert_eq!(nim_inv(a), nim_inv_by_power(a));
                prop_assert_eq!(nim_div(nim_mul(a, b), a), Some(b));
            }
        }

        #[test]
        fn powers(a: u64, e in 0u64..200, f in 0u64..200) {
            prop_assert_eq!(nim_mul(nim_pow(a, e), nim_pow(a, f)), nim_pow(a, e + f));
        }
    }
}
