//! Periodicity of nim-sequences: the Guy–Smith proof and apparent periods.
//!
//! [`find_period`]`(values, h, t)` (also `NimSequence::period`), for a
//! code whose moves leave at most h heaps and remove at most t tokens,
//! returns
//!
//! - `Proved`: the smallest period p, and for it the smallest preperiod
//!   e, such that every known value agrees with p from e on and
//!   len ≥ h·max(e, 1) + h·p + t ([`values_needed`]; `values_used` says
//!   it): the theorem proves the period from some e ≥ 1 (a heap of no
//!   tokens is no heap, so heap 0 is not covered by its argument), and
//!   heap 0 is then checked directly, so a purely periodic sequence has
//!   preperiod 0, as the literature writes it. For
//!   genuine values this is the same as asking only the window the
//!   theorem reads, which forces the rest. One backward scan per
//!   candidate p over the stretch the proof needs, stopping at the first
//!   mismatch; the multiples of a candidate that failed deep in the
//!   stretch are skipped (`Candidates`), which keeps the search
//!   O(len · small) on real sequences (0.354's 2·10⁷ values take
//!   milliseconds).
//! - `Apparent`: not proved, but the last max(p, ⌈len/4⌉) values repeat
//!   with period p (the smallest such p ≤ len/2); `values_used` then says
//!   how many values a proof would need.
//! - `Unknown`: neither.
//!
//! The preperiod counts from heap 0: the periodic part starts at heap e
//! (0 for a purely periodic sequence). [`find_arithmetic_period`] looks for an apparent period with a
//! saltus (`G(n + p) = G(n) + s`, s > 0), which no finite prefix proves.

use super::values::Values;

/// A period of a nim-sequence: `G(n + period) = G(n)` for all `n ≥ preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The first heap of the periodic part (counted from heap 0, at least 1).
    pub preperiod: usize,
    /// The (smallest) period.
    pub period: usize,
    /// Whether the Guy–Smith theorem proves it from the values at hand.
    pub proved: bool,
    /// How many values `G(0 .. values_used)` the proof reads: `h·e + h·p + t`.
    /// For an apparent period this is more than the values available.
    pub values_used: usize,
}

impl Period {
    /// `G(n)` from the values of heaps `0 .. preperiod + period`.
    pub fn value_at<'a>(&self, values: impl Into<Values<'a>>, n: u64) -> Option<u32> {
        let values = values.into();
        let e = self.preperiod as u64;
        let idx = if n < e {
            n
        } else {
            e + (n - e) % self.period as u64
        };
        values.get(usize::try_from(idx).ok()?)
    }
}

/// What is known about the period of a computed nim-sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PeriodStatus {
    /// Proved by the Guy–Smith theorem: holds for every heap.
    Proved(Period),
    /// The last values repeat (over at least a quarter of them and at
    /// least one whole period), but too few values are known for a proof.
    Apparent(Period),
    /// No period shows in the values.
    Unknown,
}

impl PeriodStatus {
    /// The period, proved or apparent.
    pub fn period(&self) -> Option<Period> {
        match self {
            PeriodStatus::Proved(p) | PeriodStatus::Apparent(p) => Some(*p),
            PeriodStatus::Unknown => None,
        }
    }

    /// Whether the period is proved by the Guy–Smith theorem, not only
    /// apparent.
    pub fn is_proved(&self) -> bool {
        matches!(self, PeriodStatus::Proved(_))
    }
}

/// `h·(e + p) + t`, the number of values the Guy–Smith theorem needs
/// (saturating: a huge `t` simply never proves anything).
pub fn values_needed(max_parts: usize, max_take: u64, preperiod: usize, period: usize) -> usize {
    let t = usize::try_from(max_take).unwrap_or(usize::MAX);
    preperiod
        .saturating_add(period)
        .saturating_mul(max_parts.max(1))
        .saturating_add(t)
}

/// First index `q ≥ p` such that `G(j) = G(j − p)` for all `q ≤ j < len`,
/// scanning down from `from` (all `j ≥ from` are known to match).
fn periodic_from<V: Copy + Eq>(values: &[V], p: usize, from: usize) -> usize {
    let mut j = from;
    while j > p && values[j - 1] == values[j - 1 - p] {
        j -= 1;
    }
    j
}

/// How many `j` from the top down satisfy `G(j) = G(j − p)` before the
/// first mismatch at or above `lo` (`lo ≥ p`); `None` if all of
/// `lo ≤ j < len` do. Checked from the end, so a wrong `p` usually fails
/// at once.
fn mismatch_depth<V: Copy + Eq>(values: &[V], p: usize, lo: usize) -> Option<usize> {
    values[lo..]
        .iter()
        .rev()
        .zip(values[lo - p..values.len() - p].iter().rev())
        .position(|(a, b)| a != b)
}

/// Candidate periods `1 ..= max_p`, smallest first, skipping multiples of
/// a period that already failed deep in the stretch: if `G(j) = G(j − p)`
/// for the top `ℓ` values but not the next, every `q = k·p` with
/// `(k − 1)·p ≤ ℓ` fails at the same place (walk from `j` down to
/// `j − (k − 1)p` by steps of p, then up by q). Without this a sequence
/// periodic over a long recent stretch (0.354 before its proof) would have
/// every multiple of its period re-scan that stretch: O(len²).
struct Candidates {
    skip: Vec<u64>,
}

impl Candidates {
    fn new(max_p: usize) -> Self {
        Candidates {
            skip: vec![0; max_p / 64 + 1],
        }
    }

    fn skipped(&self, p: usize) -> bool {
        self.skip
            .get(p / 64)
            .is_some_and(|w| w >> (p % 64) & 1 == 1)
    }

    /// `p` failed after `depth` matching values.
    fn failed(&mut self, p: usize, depth: usize) {
        let mut q = 2 * p;
        while q - p <= depth {
            match self.skip.get_mut(q / 64) {
                Some(w) => *w |= 1 << (q % 64),
                None => break,
            }
            q += p;
        }
    }
}

/// Periodicity of `values = G(0), G(1), …` for a code whose moves leave at
/// most `max_parts` heaps and remove at most `max_take` tokens.
///
/// Proved: the smallest `p` (and for it the smallest `e`) with
/// `G(n + p) = G(n)` for all `e ≤ n < len − p` and `len ≥ h·max(e, 1) + h·p + t`;
/// by the Guy–Smith theorem the window `e ≤ n < h·e + (h − 1)·p + t` alone
/// implies the period for every heap, so for genuine values this is the
/// same as asking only the window. Cost: one backward scan per candidate
/// `p`, stopping at the first mismatch, multiples of deep failures
/// skipped — O(len · small) for real sequences.
pub fn find_period(values: &[u32], max_parts: usize, max_take: u64) -> PeriodStatus {
    period_of(values, max_parts, max_take)
}

/// [`find_period`] over values stored in any width.
pub(super) fn period_of<V: Copy + Eq>(
    values: &[V],
    max_parts: usize,
    max_take: u64,
) -> PeriodStatus {
    let len = values.len();
    let h = max_parts.max(1);
    let t = usize::try_from(max_take).unwrap_or(usize::MAX);
    // Proof: e + p ≤ q_max, and the stretch [q_max, len) must match.
    if len > t {
        let q_max = (len - t) / h;
        let mut cand = Candidates::new(q_max);
        for p in 1..q_max {
            if cand.skipped(p) {
                continue;
            }
            match mismatch_depth(values, p, q_max) {
                Some(depth) => cand.failed(p, depth),
                None => {
                    // The theorem proves the period from e ≥ 1 (a heap
                    // of 0 tokens is no heap); the values show it from
                    // q − p, which is 0 for a purely periodic sequence.
                    let q = periodic_from(values, p, q_max);
                    let e = q.saturating_sub(p);
                    return PeriodStatus::Proved(Period {
                        preperiod: e,
                        period: p,
                        proved: true,
                        values_used: values_needed(h, max_take, e.max(1), p),
                    });
                }
            }
        }
    }
    // Apparent: the last max(p, len/4) values repeat with period p.
    let mut cand = Candidates::new(len / 2);
    for p in 1..=len / 2 {
        let stretch = p.max(len.div_ceil(4));
        if stretch + p > len {
            break;
        }
        if cand.skipped(p) {
            continue;
        }
        match mismatch_depth(values, p, len - stretch) {
            Some(depth) => cand.failed(p, depth),
            None => {
                let q = periodic_from(values, p, len - stretch);
                let e = q.saturating_sub(p);
                return PeriodStatus::Apparent(Period {
                    preperiod: e,
                    period: p,
                    proved: false,
                    values_used: values_needed(h, max_take, e.max(1), p),
                });
            }
        }
    }
    PeriodStatus::Unknown
}

/// An arithmetic period of a sequence: `G(n + period) = G(n) + saltus`
/// for all `n ≥ preperiod`, with `saltus > 0` (a saltus of 0 is an
/// ordinary period, `find_period`'s business).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ArithmeticPeriod {
    /// The first heap of the periodic part (at least 1, as for `Period`).
    pub preperiod: usize,
    /// The period p: `G(n + p) = G(n) + saltus` from `preperiod` on.
    pub period: usize,
    /// What one period adds to the values (at least 1).
    pub saltus: u32,
}

/// The smallest `p` (and for it the smallest `e ≥ 1`) such that the last
/// `max(p, len/4)` values, and every value back to `e + p`, satisfy
/// `G(j) = G(j − p) + s` for one `s > 0`. Apparent only: a finite prefix
/// never proves it (docs/THEORY.md §3 says which games have a theorem).
pub fn find_arithmetic_period(values: &[u32]) -> Option<ArithmeticPeriod> {
    let len = values.len();
    let holds = |j: usize, p: usize, s: u32| values[j - p].checked_add(s) == Some(values[j]);
    for p in 1..=len / 2 {
        let stretch = p.max(len.div_ceil(4));
        if stretch + p > len {
            break;
        }
        let top = len - 1;
        let Some(s) = values[top].checked_sub(values[top - p]) else {
            continue;
        };
        if s == 0 {
            continue;
        }
        if !(len - stretch..len).all(|j| holds(j, p, s)) {
            continue;
        }
        // Down from the stretch while the rule still holds.
        let mut q = len - stretch;
        while q > p && holds(q - 1, p, s) {
            q -= 1;
        }
        return Some(ArithmeticPeriod {
            preperiod: q.saturating_sub(p),
            period: p,
            saltus: s,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_periods() {
        // Nim: G(n) = n, period 1, saltus 1, from heap 0.
        let nim: Vec<u32> = (0..100).collect();
        assert_eq!(
            find_arithmetic_period(&nim),
            Some(ArithmeticPeriod {
                preperiod: 0,
                period: 1,
                saltus: 1
            })
        );
        // Lasker's Nim: 4k+1, 4k+2, 4k+4, 4k+3.
        let lasker: Vec<u32> = (0..200u32)
            .map(|n| match n % 4 {
                0 if n > 0 => n - 1,
                3 => n + 1,
                _ => n,
            })
            .collect();
        assert_eq!(
            find_arithmetic_period(&lasker),
            Some(ArithmeticPeriod {
                preperiod: 1,
                period: 4,
                saltus: 4
            })
        );
        // A preperiod: 7 9 then n.
        let mut v: Vec<u32> = (0..60).collect();
        v[1] = 7;
        v[2] = 9;
        assert_eq!(find_arithmetic_period(&v).map(|a| a.preperiod), Some(3));
        // Purely periodic and random-looking sequences have none.
        let pure: Vec<u32> = (0..60).map(|n| n % 3).collect();
        assert_eq!(find_arithmetic_period(&pure), None);
        let noise: Vec<u32> = (0..60u32)
            .map(|n| n.wrapping_mul(2654435761) >> 27)
            .collect();
        assert_eq!(find_arithmetic_period(&noise), None);
        assert_eq!(find_arithmetic_period(&[]), None);
    }

    #[test]
    fn proves_only_with_enough_values() {
        // 0.1: G = 0 1 0 0 0 …; h = 1, t = 1: e = 2, p = 1 needs 4 values.
        let v = [0, 1, 0, 0, 0, 0];
        assert!(matches!(
            find_period(&v[..4], 1, 1),
            PeriodStatus::Proved(Period {
                preperiod: 2,
                period: 1,
                values_used: 4,
                ..
            })
        ));
        assert!(!find_period(&v[..3], 1, 1).is_proved());
    }

    #[test]
    fn preperiod_counts_from_heap_zero() {
        // Subtraction {1, 4} (0.3003): 0 1 0 1 2 repeating from heap 0.
        let w: Vec<u32> = (0..40).map(|n| [0, 1, 0, 1, 2][n % 5]).collect();
        assert_eq!(
            find_period(&w, 1, 4)
                .period()
                .map(|p| (p.preperiod, p.period, p.proved)),
            Some((0, 5, true))
        );
        // 4.: values 0 0 1 0 1 0 …: e = 1, p = 2, needs 2·3 = 6 values.
        let v = [0, 0, 1, 0, 1, 0, 1, 0];
        let s = find_period(&v[..6], 2, 0);
        assert_eq!(
            s.period().map(|p| (p.preperiod, p.period, p.proved)),
            Some((1, 2, true))
        );
        assert!(!find_period(&v[..5], 2, 0).is_proved());
    }

    #[test]
    fn apparent_then_unknown() {
        let v: Vec<u32> = (0..40).map(|i| if i < 20 { i } else { i % 3 }).collect();
        assert!(matches!(find_period(&v, 2, 2), PeriodStatus::Apparent(_)));
        let w: Vec<u32> = (0..40).collect();
        assert_eq!(find_period(&w, 2, 2), PeriodStatus::Unknown);
        assert_eq!(find_period(&[], 2, 2), PeriodStatus::Unknown);
    }

    #[test]
    fn value_by_period() {
        let p = Period {
            preperiod: 1,
            period: 2,
            proved: true,
            values_used: 6,
        };
        let v = [0, 0, 1];
        assert_eq!(p.value_at(&v, 0), Some(0));
        assert_eq!(p.value_at(&v, 1_000_000_000_000_000_000), Some(1));
        assert_eq!(p.value_at(&v, 1_000_000_000_000_000_001), Some(0));
    }
}
