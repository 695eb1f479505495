//! Reproducible random digraphs for tests and benchmarks (xorshift, no
//! dependency).

use super::Digraph;

/// A random digraph on `n` vertices with `m` edges drawn uniformly with
/// replacement (self-loops allowed, duplicates merged), from `seed`.
pub fn random_loopy(n: u32, m: usize, seed: u64) -> Digraph {
    if n == 0 {
        return Digraph::empty();
    }
    let mut s = seed ^ 0x9E37_79B9_7F4A_7C15;
    if s == 0 {
        s = 1;
    }
    let mut next = move || {
        // xorshift64*
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        s.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let m = m.min(u32::MAX as usize);
    let edges: Vec<(u32, u32)> = (0..m)
        .map(|_| {
            let a = ((next() >> 32) * u64::from(n)) >> 32;
            let b = ((next() >> 32) * u64::from(n)) >> 32;
            (a as u32, b as u32)
        })
        .collect();
    Digraph::from_edges(n as usize, &edges).unwrap_or_default()
}
