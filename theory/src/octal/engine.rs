//! The nim-sequence of a code ([`NimSequence`]) and the choice of its
//! engine; the plain mex; computing until a period is proved.
//!
//! `NimSequence::new(code, engine)`, then `extend_to(len)`, computes
//! `G(0 .. len)`. [`Engine`] names three engines:
//!
//! - **Plain**: `G(n)` is the mex over every option, O(n) a heap for
//!   two-heap splits (`a + b = n − k`, `a ≤ b`), O(n²) for three-heap
//!   ones (`a ≤ b ≤ c`). Here, in `plain_run`.
//! - **Sparse**: the rare/common method (Gangolli–Plambeck, Flammenkamp;
//!   `sparse.rs`), for codes whose splits leave two heaps.
//! - **PairSets**: codes with three-heap splits (bit 8), by the bit sets of
//!   two-heap split values of recent heaps (`pairsets.rs`).
//!
//! Asking for `Sparse` gets the best engine that applies: `PairSets` for
//! codes with a three-heap split (with three parts common ⊕ common ⊕
//! common is common, so the rare/common method does not apply), `Plain`
//! for codes without any split (then O(t) a heap) — `engine()` says
//! which ran. `PairSets` itself falls back to `Plain` when its window of
//! sets would pass its memory limit.
//!
//! Values are stored in the narrowest of `u8`, `u16` and `u32` that holds
//! them all (`values.rs`), widened when a value first needs it: each
//! engine runs, generic over the value type and over the mark set
//! (`marks.rs`, sized to the values' bit length), until `len` values or
//! until a value needs more bits; [`NimSequence::extend_to`] then widens
//! and goes on. [`NimSequence::steps`] counts the work in the step
//! budget's units, the same on every machine.
//!
//! [`NimSequence::solve`] computes until the Guy–Smith theorem proves a
//! period (`period.rs`) or a limit is reached. It checks at lengths
//! spaced by max(len/16, 64) and, when an apparent period shows, jumps
//! to exactly the length its proof needs, so for octal games it stops at
//! h·e + h·p + t values (0.16 at 509,622, 0.56 at 653,570, 0.354 at
//! 20,126,195); it may overshoot by at most a sixteenth when the period
//! shows late (typically subtraction games, h = 1). Called again and
//! again with slightly larger limits (to stay interruptible), it does not
//! check again until the next check is due, so the checks cost
//! O(len · small) in all. Once a period is proved,
//! [`NimSequence::value_at`] answers any heap (10¹⁸ included) from it;
//! otherwise it computes up to its limit and answers `None` beyond.

use super::code::OctalCode;
use super::marks::{Bytes, Marks, Two, bit_len, first_zero, words_for};
use super::moves::Moves;
use super::pairsets::{PairSets, pairs_run};
use super::period::{Period, PeriodStatus, period_of};
use super::sparse::{Sparse, sparse_run};
use super::values::{Store, Val, Values};

/// How values are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// mex over every option: O(n) per heap for two parts, O(n²) for three.
    Plain,
    /// Rare/common split (Gangolli–Plambeck, Flammenkamp): O(R) per heap
    /// plus a short scan, R = number of rare heaps. Codes with three-heap
    /// splits (bit 8) use `PairSets` instead, codes with no splits `Plain`.
    Sparse,
    /// Codes with three-heap splits: the set of two-heap split values of
    /// each recent heap, kept as a bit set, turns the O(n²) three-heap
    /// options of a heap into about O(n + V) bit tests, an early-exit mex
    /// (`pairsets.rs`). Chosen by `Sparse` for such codes; falls back to
    /// `Plain` once the window of sets would pass its limit (1 GiB, or
    /// what `NimSequence::set_max_set_bytes` says).
    PairSets,
}

/// A nim-sequence G(0), G(1), … of an octal code, extended on demand.
#[derive(Clone, Debug)]
pub struct NimSequence {
    pub(super) code: OctalCode,
    pub(super) engine: Engine,
    moves: Moves,
    pub(super) values: Store,
    /// Every value so far is below `1 << bits`.
    pub(super) bits: u32,
    pub(super) sparse: Option<Sparse>,
    pairs: Option<PairSets>,
    pub(super) proved: Option<Period>,
    /// The last period check of `solve` (length, result) and when the next
    /// one is due.
    pub(super) last_check: Option<(usize, PeriodStatus)>,
    pub(super) check_at: usize,
    /// Most bytes the pair sets may hold (`Engine::PairSets`).
    max_set_bytes: usize,
    /// The work done so far, in the step budget's units (`steps`).
    pub(super) steps: u64,
}

impl NimSequence {
    /// A sequence for `code`; `Engine::Sparse` falls back to `Plain` for
    /// codes it does not apply to (three-heap splits, or no splits).
    pub fn new(code: OctalCode, engine: Engine) -> Self {
        let moves = Moves::new(&code);
        let engine = match engine {
            Engine::Sparse | Engine::PairSets if !moves.split3.is_empty() => Engine::PairSets,
            Engine::Sparse if !moves.split2.is_empty() => Engine::Sparse,
            _ => Engine::Plain,
        };
        let sparse = (engine == Engine::Sparse).then(|| Sparse::new(&moves));
        let pairs = (engine == Engine::PairSets).then(PairSets::new);
        NimSequence {
            code,
            engine,
            moves,
            values: Store::new(),
            bits: 0,
            sparse,
            pairs,
            proved: None,
            last_check: None,
            check_at: 0,
            max_set_bytes: super::pairsets::MAX_BYTES,
            steps: 0,
        }
    }

    /// Bounds the memory of the three-heap pair sets (`Engine::PairSets`;
    /// default 1 GiB): past it, counted for the length asked, the sequence
    /// goes on with the plain mex, which holds nothing but the values
    /// (and is far slower: `engine()` says which ran).
    pub fn set_max_set_bytes(&mut self, bytes: usize) {
        self.max_set_bytes = bytes;
    }

    /// Lets the rare/common engine share each heap's work with a second
    /// thread (`threads ≥ 2`; the default is 1). The values, rare heaps,
    /// masks, work and steps are the same for any number; a second thread
    /// runs only where the rare heaps make it worth it (`sparse_two.rs`).
    pub fn set_threads(&mut self, threads: usize) {
        if let Some(sp) = self.sparse.as_mut() {
            sp.threads = threads.max(1);
        }
    }

    /// Heaps per block when two threads share a code by blocks of heaps
    /// (`sparse_block.rs`, one split size); 0 computes two adjacent heaps
    /// at once instead (`sparse_pipe.rs`). Values and counts are the same
    /// for any setting; for tests and benchmarks.
    #[doc(hidden)]
    pub fn set_thread_block(&mut self, heaps: usize) {
        if let Some(sp) = self.sparse.as_mut() {
            sp.block = heaps;
        }
    }

    /// The code whose nim-sequence this is.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The engine actually used.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The values computed so far: `values().get(n) = Some(G(n))`.
    pub fn values(&self) -> Values<'_> {
        self.values.view()
    }

    /// How many values are computed: `G(0 .. len)`.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.len() == 0
    }

    /// The rare mask in use (values bits), `None` for the plain engine.
    pub fn rare_mask(&self) -> Option<u32> {
        self.sparse.as_ref().map(|s| s.mask)
    }

    /// Whether the heap's parity is part of the rare/common split.
    pub fn rare_uses_position_parity(&self) -> bool {
        self.sparse.as_ref().is_some_and(|s| s.pos)
    }

    /// Number of rare heaps (≥ 1) under the current mask; 0 for `Plain`.
    pub fn rare_count(&self) -> usize {
        self.sparse.as_ref().map_or(0, |s| s.rare.len())
    }

    /// Options examined by the sparse engine so far: (in scans of the rare
    /// list, in scans of all splits).
    pub fn work(&self) -> (u64, u64) {
        self.sparse.as_ref().map_or((0, 0), |s| s.work)
    }

    /// The rare heaps (≥ 1) under the current mask, ascending.
    pub fn rare_heaps(&self) -> Vec<usize> {
        self.sparse.as_ref().map_or_else(Vec::new, |s| {
            s.rare.iter().map(|&(a, _)| a as usize).collect()
        })
    }

    /// Computes values until `values().len() ≥ len` (heaps `0 .. len`).
    pub fn extend_to(&mut self, len: usize) {
        if len > u32::MAX as usize {
            // The rare list stores heaps as u32; nobody holds 2³² values,
            // but stay correct if asked.
            self.engine = Engine::Plain;
            self.sparse = None;
            self.pairs = None;
        }
        // Values take 1, 2 or 4 bytes each (the narrowest that holds them),
        // grown by at least a quarter (not Vec's doubling).
        self.values.reserve_total(len);
        while self.values.len() < len {
            let (from, work) = (self.values.len(), self.work());
            let pending = match self.engine {
                Engine::Plain => self.plain_dispatch(len),
                Engine::Sparse => self.sparse_dispatch(len),
                Engine::PairSets => self.pairs_dispatch(len),
            };
            // A value too wide for the storage: widen, then store it.
            if let Some(v) = pending {
                self.values.push(v);
            }
            self.count_work(from, work);
        }
    }

    /// The work done so far, in the units of the step budget
    /// (`--max-steps`), the same on every machine and thread count: a step
    /// per heap and per 64 options the sparse engine examined; for the plain
    /// mex, a step per two-heap split; for three-heap splits, a step per
    /// word of the pair sets read (heap n reads n sets). Queries on a code
    /// count it against their budget, so that a code whose values cost
    /// more and more (`8.1`: about n² words each) stops at the budget.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Add the work of the heaps from `from` to the values' length (`work`:
    /// the sparse engine's count before them).
    fn count_work(&mut self, from: usize, work: (u64, u64)) {
        let (a, b) = (from as u64, self.values.len() as u64);
        // Σ n for a ≤ n < b.
        let heaps_sum = (b.saturating_mul(b.saturating_sub(1)) / 2)
            .saturating_sub(a.saturating_mul(a.saturating_sub(1)) / 2);
        // The sparse engine's options examined are bit operations, a few
        // to a nanosecond: a sixty-fourth of them is a step.
        // Each part is a difference of a function of the totals (not of
        // the differences rounded), so computing in one call or in many
        // counts the same steps.
        let (w0, w1) = self.work();
        let examined =
            (w0.saturating_add(w1) / 64).saturating_sub(work.0.saturating_add(work.1) / 64);
        let mut steps = (b - a).saturating_add(examined);
        if self.engine == Engine::Plain && !self.moves.split2.is_empty() {
            let pairs = |x: u64| x.saturating_mul(x.saturating_sub(1)) / 4;
            let splits = pairs(b).saturating_sub(pairs(a));
            steps = steps.saturating_add(splits.saturating_mul(self.moves.split2.len() as u64));
        }
        if !self.moves.split3.is_empty() {
            let words = words_for(self.bits) as u64;
            let reads = heaps_sum.saturating_mul(words);
            steps = steps.saturating_add(reads.saturating_mul(self.moves.split3.len() as u64));
        }
        self.steps = self.steps.saturating_add(steps);
    }

    fn sparse_dispatch(&mut self, len: usize) -> Option<u32> {
        let Some(sp) = self.sparse.as_mut() else {
            return self.plain_dispatch(len);
        };
        let (moves, bits) = (&self.moves, &mut self.bits);
        match &mut self.values {
            Store::U8(g) => sparse_words(moves, sp, g, bits, len),
            Store::U16(g) => sparse_words(moves, sp, g, bits, len),
            Store::U32(g) => sparse_words(moves, sp, g, bits, len),
        }
    }

    fn pairs_dispatch(&mut self, len: usize) -> Option<u32> {
        let fits = PairSets::fits(&self.moves, words_for(self.bits), len, self.max_set_bytes);
        let Some(ps) = self.pairs.as_mut().filter(|_| fits) else {
            self.engine = Engine::Plain;
            self.pairs = None;
            return self.plain_dispatch(len);
        };
        let (moves, bits) = (&self.moves, &mut self.bits);
        match &mut self.values {
            Store::U8(g) => pairs_run(moves, ps, g, bits, len),
            Store::U16(g) => pairs_run(moves, ps, g, bits, len),
            Store::U32(g) => pairs_run(moves, ps, g, bits, len),
        }
    }

    /// Plain mex over all options, until `len` values or the values need
    /// a larger bit set.
    fn plain_dispatch(&mut self, len: usize) -> Option<u32> {
        let (mv, bits) = (&self.moves, &mut self.bits);
        match &mut self.values {
            Store::U8(g) => plain_words(mv, g, bits, len),
            Store::U16(g) => plain_words(mv, g, bits, len),
            Store::U32(g) => plain_words(mv, g, bits, len),
        }
    }

    /// Periodicity of the values computed so far (cached once proved).
    pub fn period(&self) -> PeriodStatus {
        if let Some(p) = self.proved {
            return PeriodStatus::Proved(p);
        }
        if let Some((at, st)) = self.last_check
            && at == self.values.len()
        {
            return st;
        }
        let (h, t) = (self.code.max_parts(), self.code.max_take());
        match &self.values {
            Store::U8(g) => period_of(g, h, t),
            Store::U16(g) => period_of(g, h, t),
            Store::U32(g) => period_of(g, h, t),
        }
    }

    /// Computes values until the Guy–Smith theorem proves a period or
    /// `limit` values are known. Checks at geometrically spaced lengths
    /// (every 1/16) and jumps exactly to the length an apparent period
    /// needs, so it stops at `h·e + h·p + t` values for octal games (a
    /// little later, at most 1/16, when the period shows late). Called
    /// again with a slightly larger limit, it extends without re-checking
    /// until the next check is due, and returns the last check's result
    /// (a proof is never missed, only noticed at the next check).
    /// `progress` is called with the number of values known.
    pub fn solve(&mut self, limit: usize, mut progress: impl FnMut(usize)) -> PeriodStatus {
        loop {
            if let Some(p) = self.proved {
                return PeriodStatus::Proved(p);
            }
            let len = self.values.len();
            let status = match self.last_check {
                // Checked at this length, or not due yet: repeated calls with
                // small steps cost nothing until the next scheduled check.
                Some((at, st)) if at == len || len < self.check_at => st,
                _ => {
                    let st = self.period();
                    if let PeriodStatus::Proved(p) = st {
                        self.proved = Some(p);
                        return st;
                    }
                    self.last_check = Some((len, st));
                    self.check_at = len.saturating_add((len / 16).max(64));
                    if let PeriodStatus::Apparent(p) = st
                        && p.values_used > len
                    {
                        self.check_at = self.check_at.min(p.values_used);
                    }
                    st
                }
            };
            if len >= limit {
                return status;
            }
            let next = self.check_at.min(limit);
            while self.values.len() < next {
                let step = (self.values.len() + (1 << 20)).min(next);
                self.extend_to(step);
                progress(self.values.len());
            }
        }
    }

    /// `G(n)` for any `n`: from the values, from a proved period, or by
    /// computing up to `limit` values (stopping early once a period is
    /// proved). `None` if `n ≥ limit` and no period was proved by then.
    pub fn value_at(&mut self, n: u64, limit: usize) -> Option<u32> {
        let values = self.values.view();
        if let Some(v) = usize::try_from(n).ok().and_then(|i| values.get(i)) {
            return Some(v);
        }
        if self.proved.is_none() {
            let want = usize::try_from(n.saturating_add(1))
                .unwrap_or(usize::MAX)
                .min(limit);
            self.solve(want, |_| {});
        }
        if let Some(p) = self.proved {
            return p.value_at(self.values.view(), n);
        }
        usize::try_from(n)
            .ok()
            .and_then(|i| self.values.view().get(i))
    }
}

fn sparse_words<V: Val>(
    moves: &Moves,
    sp: &mut Sparse,
    g: &mut Vec<V>,
    bits: &mut u32,
    len: usize,
) -> Option<u32> {
    if g.len() >= sp.next_check {
        sp.choose(g);
    }
    let words = words_for(*bits);
    // Rare-list entries per heap: with many, a byte per value marks faster.
    let sets = sp.rare.len() * moves.split2.len().min(2);
    if words >= 2 && sets >= 16 * words {
        return sparse_run::<Bytes, V>(moves, sp, g, bits, len);
    }
    match words {
        1 => sparse_run::<u64, V>(moves, sp, g, bits, len),
        2 => sparse_run::<Two, V>(moves, sp, g, bits, len),
        4 => sparse_run::<[u64; 4], V>(moves, sp, g, bits, len),
        8 => sparse_run::<[u64; 8], V>(moves, sp, g, bits, len),
        16 => sparse_run::<[u64; 16], V>(moves, sp, g, bits, len),
        32 => sparse_run::<[u64; 32], V>(moves, sp, g, bits, len),
        _ => sparse_run::<Vec<u64>, V>(moves, sp, g, bits, len),
    }
}

fn plain_words<V: Val>(mv: &Moves, g: &mut Vec<V>, bits: &mut u32, len: usize) -> Option<u32> {
    let words = words_for(*bits);
    // Three-heap splits set O(n²) values per heap: a byte each is one store.
    if words >= 2 && !mv.split3.is_empty() {
        return plain_run::<Bytes, V>(mv, g, bits, len);
    }
    match words {
        1 => plain_run::<u64, V>(mv, g, bits, len),
        2 => plain_run::<Two, V>(mv, g, bits, len),
        4 => plain_run::<[u64; 4], V>(mv, g, bits, len),
        8 => plain_run::<[u64; 8], V>(mv, g, bits, len),
        16 => plain_run::<[u64; 16], V>(mv, g, bits, len),
        32 => plain_run::<[u64; 32], V>(mv, g, bits, len),
        _ => plain_run::<Vec<u64>, V>(mv, g, bits, len),
    }
}

/// Plain mex over all options until `len` values or a value that needs
/// more bits than `M` holds; a value too wide for `V` is returned, not
/// stored.
fn plain_run<M: Marks, V: Val>(
    mv: &Moves,
    g: &mut Vec<V>,
    bits: &mut u32,
    len: usize,
) -> Option<u32> {
    let words = words_for(*bits);
    let mut marks = M::with_words(words);
    let mut mw = vec![0u64; words];
    while g.len() < len {
        let n = g.len();
        marks.clear();
        if mv.take_all.binary_search(&n).is_ok() {
            marks.set(0);
        }
        for &k in &mv.take {
            if k >= n {
                break;
            }
            marks.set(g[n - k].get());
        }
        for &k in &mv.split2 {
            if n < k + 2 {
                break;
            }
            let m = n - k;
            let half = m / 2;
            // Pairs (a, m − a), a = 1 ..= half.
            for (&a, &b) in g[1..=half].iter().zip(g[m - half..m].iter().rev()) {
                marks.set(a.xor(b).get());
            }
        }
        for &k in &mv.split3 {
            if n < k + 3 {
                break;
            }
            let m = n - k;
            for a in 1..=m / 3 {
                let ga = g[a];
                // b = a ..= (m − a) / 2, c = m − a − b.
                let r = m - a;
                let hb = r / 2;
                for (&b, &c) in g[a..=hb].iter().zip(g[r - hb..=r - a].iter().rev()) {
                    marks.set(ga.xor(b).xor(c).get());
                }
            }
        }
        marks.get_words(&mut mw);
        let v = first_zero(&mw);
        if bit_len(v) > *bits {
            *bits = bit_len(v);
            if *bits > V::BITS {
                return Some(v);
            }
            g.push(V::of(v));
            return None;
        }
        g.push(V::of(v));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(code: &str, engine: Engine, n: usize) -> Vec<u32> {
        let code = OctalCode::parse(code).unwrap_or_else(|e| panic!("{e}"));
        let mut s = NimSequence::new(code, engine);
        s.extend_to(n);
        s.values().to_vec()
    }

    #[test]
    fn kayles_first_values() {
        let want = [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
        ];
        assert_eq!(seq("0.77", Engine::Plain, 21), want);
        assert_eq!(seq("0.77", Engine::Sparse, 21), want);
    }

    #[test]
    fn sparse_matches_plain_on_a_few_codes() {
        for code in [
            "0.77", "0.07", "0.137", "4.07", "0.16", "0.56", "0.354", "0.007", "0.6",
        ] {
            assert_eq!(
                seq(code, Engine::Sparse, 1500),
                seq(code, Engine::Plain, 1500),
                "{code}"
            );
        }
    }

    #[test]
    fn three_heap_codes_use_pair_sets() {
        for code in ["0.8", "0.9", "0.f7", "8.0", "c.3", "0.48", "4.c"] {
            let c = OctalCode::parse(code).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                NimSequence::new(c, Engine::Sparse).engine(),
                Engine::PairSets
            );
            // 0.9 passes 255 (one-byte values, then two) before 700.
            assert_eq!(
                seq(code, Engine::Sparse, 700),
                seq(code, Engine::Plain, 700),
                "{code}"
            );
        }
    }

    #[test]
    fn subtraction_mod() {
        let mut s = NimSequence::new(OctalCode::subtraction(&[1, 2, 3]), Engine::Sparse);
        assert_eq!(s.engine(), Engine::Plain);
        s.extend_to(20);
        assert!(
            s.values()
                .iter()
                .enumerate()
                .all(|(n, v)| v as usize == n % 4)
        );
        assert_eq!(s.value_at(1_000_000_000_000_000_003, 1000), Some(3));
    }

    #[test]
    fn huge_subtraction_numbers() {
        let mut s = NimSequence::new(
            OctalCode::subtraction(&[2, u64::MAX, 1 << 62]),
            Engine::Sparse,
        );
        s.extend_to(10);
        assert_eq!(s.values(), [0, 0, 1, 1, 0, 0, 1, 1, 0, 0]);
        assert!(!s.period().is_proved());
    }

    #[test]
    fn values_grow_past_a_word() {
        // 0.4444…: values climb; checks the bit-set growth paths.
        let code = "0.".to_string() + &"4".repeat(40);
        assert_eq!(
            seq(&code, Engine::Sparse, 600),
            seq(&code, Engine::Plain, 600)
        );
    }
}
