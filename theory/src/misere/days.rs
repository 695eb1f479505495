//! The misère impartial games born by day n (THEORY.md §9.3): day n + 1's
//! forms are the canonical forms of the sets of day n's forms, and a set
//! is its own canonical form exactly when no option reverses through a
//! grandchild, so day n + 1 has as many forms as day n has canonical
//! sets. The published counts are 1, 2, 3, 5, 22, 4171780 (days 0 to 5).

use super::canon::{FormId, Forms};
use super::{MisereError, Result};

/// The last day [`born_by_counts`] reaches: day 5 has 4,171,780 forms,
/// counted from the 2^22 sets of day 4's without storing them; day 6
/// would be 2^4171780 sets.
pub const MAX_MISERE_DAY: u32 = 5;

impl Forms {
    /// How many misère canonical forms are born by each day 0 to `day`
    /// (at most [`MAX_MISERE_DAY`]), building days up to `day − 1` in this
    /// store and counting the last one's canonical sets.
    pub fn born_by_counts(&mut self, day: u32) -> Result<Vec<u64>> {
        if day > MAX_MISERE_DAY {
            return Err(MisereError::Budget {
                what: "days of misère games (day 6 is past counting)",
                limit: MAX_MISERE_DAY as usize,
            });
        }
        let mut forms: Vec<FormId> = vec![self.canonical(&[])?];
        let mut counts = vec![1u64];
        for d in 1..=day {
            let k = forms.len();
            let mut next = Vec::new();
            let mut count = 0u64;
            let mut set = Vec::with_capacity(k);
            for mask in 0..1u64 << k {
                set.clear();
                set.extend((0..k).filter(|i| mask >> i & 1 == 1).map(|i| forms[i]));
                if d < day {
                    let f = self.canonical(&set)?;
                    if !next.contains(&f) {
                        next.push(f);
                    }
                } else if self.is_canonical_set(&set)? {
                    count += 1;
                }
            }
            if d < day {
                count = next.len() as u64;
                forms = next;
            }
            counts.push(count);
        }
        Ok(counts)
    }

    /// The misère canonical forms born by day `day` (at most
    /// [`MAX_MISERE_DAY`]), each the canonical form of a set of the day
    /// before's, in the order made: 1, 2, 3, 5 and 22 forms for days 0 to
    /// 4. Day 5's 4,171,780 forms pass any but a huge forms budget of the
    /// store (`grundy_theory::misere::budget`).
    pub fn born_by(&mut self, day: u32) -> Result<Vec<FormId>> {
        if day > MAX_MISERE_DAY {
            return Err(MisereError::Budget {
                what: "days of misère games (day 6 is past counting)",
                limit: MAX_MISERE_DAY as usize,
            });
        }
        let mut forms: Vec<FormId> = vec![self.canonical(&[])?];
        let mut set = Vec::new();
        for _ in 0..day {
            let k = forms.len();
            let mut next = Vec::new();
            let mut seen = rustc_hash::FxHashSet::default();
            for mask in 0..1u64 << k {
                set.clear();
                set.extend((0..k).filter(|i| mask >> i & 1 == 1).map(|i| forms[i]));
                let f = self.canonical(&set)?;
                if seen.insert(f) {
                    next.push(f);
                }
            }
            forms = next;
        }
        Ok(forms)
    }
}
