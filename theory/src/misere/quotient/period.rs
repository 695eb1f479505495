//! Periodicity of the pretending function, proved (`docs/THEORY.md` §9.7):
//! the misère analogue of Guy–Smith for heap games given by an octal, hex
//! or subtraction code. If the quotient of heaps 0..=N has a pretending
//! function with Φ(n + p) = Φ(n) for n0 ≤ n ≤ N − p, and
//! N ≥ k + r·(max(n0, 1) + p − 1) (k the most tokens a move removes, r the
//! most heaps it leaves), then every heap n > N is equivalent to heap
//! n − p and the quotient of all heaps is the quotient of heaps 0..=N.

use crate::octal::OctalCode;

use super::{Element, MisereQuotient};

/// A proved period of the pretending function: Φ(n + period) = Φ(n) for
/// every n ≥ preperiod, and the quotient of all heaps is the quotient
/// computed to `proved_at` (the largest heap whose quotient proved it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct QuotientPeriod {
    /// The first heap of the periodic part.
    pub preperiod: u64,
    /// The period p: Φ(n + p) = Φ(n) from `preperiod` on.
    pub period: u64,
    /// The N of the quotient of heaps 0..=N that proves the period; every
    /// larger heap reduces to a heap at most N.
    pub proved_at: u64,
}

impl QuotientPeriod {
    /// The heap at most `proved_at` that heap `h` is equivalent to.
    pub fn reduce(&self, h: u64) -> u64 {
        if h <= self.proved_at {
            h
        } else {
            let n0 = self.preperiod;
            n0 + (h - n0) % self.period
        }
    }
}

/// The smallest heap range N from which a period `p` with preperiod `n0`
/// is proved for a code removing at most `k` tokens and leaving at most
/// `r` heaps; None on overflow.
pub fn proof_range(n0: u64, p: u64, k: u64, r: usize) -> Option<u64> {
    let n1 = n0.max(1);
    (r as u64)
        .checked_mul(n1.checked_add(p)? - 1)?
        .checked_add(k)
}

impl MisereQuotient {
    /// The least period of the pretending function on heaps 0..=max_heap
    /// that the theorem proves for `code` (whose heaps this quotient is
    /// of), with its least preperiod; None when none is proved yet (the
    /// quotient may still grow, or a longer range is needed).
    pub fn proved_period(&self, code: &OctalCode) -> Option<QuotientPeriod> {
        let n = self.max_heap;
        let (k, r) = (code.max_take(), code.max_parts());
        let phi = &self.pretend;
        for p in 1..=n {
            // The cheapest proof this period could have (n0 = 0).
            if proof_range(0, p, k, r).is_none_or(|need| need > n) {
                return None;
            }
            let mut n0 = n - p + 1;
            while n0 > 0 && phi[(n0 - 1) as usize] == phi[(n0 - 1 + p) as usize] {
                n0 -= 1;
            }
            if proof_range(n0, p, k, r).is_some_and(|need| need <= n) {
                return Some(QuotientPeriod {
                    preperiod: n0,
                    period: p,
                    proved_at: n,
                });
            }
        }
        None
    }

    /// The element of heap `h` of any size under a proved period.
    pub fn pretending_periodic(&self, period: &QuotientPeriod, h: u64) -> Element {
        self.pretend[period.reduce(h) as usize]
    }
}
