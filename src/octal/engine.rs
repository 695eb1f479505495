//! Nim-sequence engines: plain mex and the rare/common ("sparse space") method.

use super::code::OctalCode;
use super::period::{Period, PeriodStatus, find_period};

/// How values are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// mex over every option: O(n) per heap for two parts, O(n²) for three.
    Plain,
    /// Rare/common split (Gangolli–Plambeck, Flammenkamp): O(R) per heap
    /// plus a short scan, R = number of rare heaps. Codes with three-heap
    /// splits (bit 8) or no splits at all fall back to `Plain`.
    Sparse,
}

/// Histogram and mask search stop growing past values of this many bits
/// (the mask in use is kept): beyond it the sparse method gains nothing.
const HIST_MAX_BITS: u32 = 16;

/// The moves of a code as heap-size offsets the engines can index with.
#[derive(Clone, Debug)]
struct Moves {
    take_all: Vec<usize>,
    take: Vec<usize>,
    split2: Vec<usize>,
    split3: Vec<usize>,
}

impl Moves {
    fn new(code: &OctalCode) -> Self {
        // A move removing more than any reachable heap never applies; dropping
        // it keeps `k + 2·a` and the like far from overflow.
        let conv = |v: &[u64]| -> Vec<usize> {
            v.iter()
                .filter_map(|&k| usize::try_from(k).ok())
                .filter(|&k| k <= usize::MAX / 8)
                .collect()
        };
        Moves {
            take_all: conv(code.take_all_moves()),
            take: conv(code.take_moves()),
            split2: conv(code.split2_moves()),
            split3: conv(code.split3_moves()),
        }
    }
}

/// Rare/common state. Heap `a` has key `κ(a) = parity(G(a) & mask) ⊕ (pos ∧ a odd)`
/// and is common iff `κ(a) = gamma`. Two common parts never give a value
/// that would make the heap common (see `choose`), so common values only
/// come from take moves and splits with a rare part.
#[derive(Clone, Debug)]
struct Sparse {
    mask: u32,
    pos: bool,
    gamma: u32,
    /// Parity of the tokens every split removes, if they all agree.
    split_parity: Option<u32>,
    /// Rare heaps `a ≥ 1` with their values, ascending (heaps < 2³², see
    /// `extend_to`; 8-byte entries keep the list in cache).
    rare: Vec<(u32, u32)>,
    /// Counts of the extended values `G(a) << 1 | (a & 1)`, heaps `a ≥ 1`.
    hist: Vec<u32>,
    hist_total: u64,
    frozen: bool,
    next_check: usize,
    rare_at_check: usize,
    /// Options looked at: in rare scans, in full scans.
    work: (u64, u64),
}

impl Sparse {
    fn new(moves: &Moves) -> Self {
        let mut parities = moves.split2.iter().map(|&k| (k & 1) as u32);
        let first = parities.next();
        let split_parity = first.filter(|&d| parities.all(|e| e == d));
        Sparse {
            mask: 0,
            pos: false,
            gamma: 1,
            split_parity,
            rare: Vec::new(),
            hist: vec![0; 2],
            hist_total: 0,
            frozen: false,
            next_check: 8,
            rare_at_check: 0,
            work: (0, 0),
        }
    }

    #[inline(always)]
    fn is_rare(&self, n: usize, v: u32) -> bool {
        let kappa = ((v & self.mask).count_ones() ^ (self.pos as u32 & n as u32)) & 1;
        kappa != self.gamma
    }

    /// Records heap `n` with value `v` (its bits are already covered by the
    /// histogram unless frozen).
    #[inline(always)]
    fn record(&mut self, n: usize, v: u32) {
        if n == 0 {
            return;
        }
        if !self.frozen {
            let x = ((v as usize) << 1) | (n & 1);
            if let Some(c) = self.hist.get_mut(x) {
                *c += 1;
                self.hist_total += 1;
            }
        }
        if self.is_rare(n, v) {
            self.rare.push((n as u32, v));
        }
    }

    /// Makes the histogram cover values of `bits` bits (or freezes it).
    fn grow(&mut self, bits: u32) {
        if self.frozen {
            return;
        }
        if bits > HIST_MAX_BITS {
            self.frozen = true;
            self.hist = Vec::new();
            return;
        }
        let size = 1usize << (bits + 1);
        if self.hist.len() < size {
            self.hist.resize(size, 0);
        }
    }

    /// Re-chooses `(mask, pos)` minimising the rare count over the values
    /// so far, by the Walsh–Hadamard transform of the histogram:
    /// `#{x : parity(x & M) = 0} = (N + H[M]) / 2`.
    ///
    /// Validity (THEORY.md §3): for a split of heap n removing k into a + b,
    /// `κ(a) ⊕ κ(b) = parity(w & m) ⊕ pos·((n − k) mod 2)`, w = G(a) ⊕ G(b).
    /// Both parts common makes the left side 0, so the option value w would
    /// give heap n the key `pos·(k mod 2)`. With `gamma = 1 ⊕ pos·d` that key
    /// is never `gamma`: heap n is rare whenever its value comes only from
    /// two common parts. `pos` is only allowed when every split removes
    /// tokens of one parity d (for mixed parities the key would vary).
    fn choose(&mut self, values: &[u32]) {
        let n = values.len();
        self.next_check = if n < 4096 {
            (2 * n).max(8)
        } else {
            n + (n / 16).max(4096)
        };
        self.rare_at_check = self.rare.len();
        if self.frozen || self.hist_total == 0 {
            return;
        }
        let mut h: Vec<i64> = self.hist.iter().map(|&c| i64::from(c)).collect();
        let mut len = 1;
        while len < h.len() {
            for block in h.chunks_exact_mut(2 * len) {
                let (lo, hi) = block.split_at_mut(len);
                for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
                    let (x, y) = (*a, *b);
                    *a = x + y;
                    *b = x - y;
                }
            }
            len *= 2;
        }
        let total = self.hist_total as i64;
        let current_m = ((self.mask as usize) << 1) | self.pos as usize;
        let mut best = (self.rare.len() as i64, current_m);
        for (m, &hm) in h.iter().enumerate() {
            let gamma = match (m & 1, self.split_parity) {
                (0, _) => 1,
                (_, Some(d)) => 1 ^ d,
                (_, None) => continue,
            };
            let rare = if gamma == 1 {
                (total + hm) / 2
            } else {
                (total - hm) / 2
            };
            if rare < best.0 {
                best = (rare, m);
            }
        }
        if best.1 != current_m {
            let m = best.1;
            self.mask = (m >> 1) as u32;
            self.pos = m & 1 == 1;
            self.gamma = match (self.pos, self.split_parity) {
                (true, Some(d)) => 1 ^ d,
                _ => 1,
            };
            self.rare.clear();
            for (a, &v) in values.iter().enumerate().skip(1) {
                if self.is_rare(a, v) {
                    self.rare.push((a as u32, v));
                }
            }
            self.rare_at_check = self.rare.len();
        }
    }
}

/// A bit set of option values below `64 · words`. `u64` and `u128` live in
/// registers (no store-to-load chains in the hot loops); arrays and `Vec`
/// serve larger values.
trait Marks: Clone {
    fn with_words(words: usize) -> Self;
    fn clear(&mut self);
    fn set(&mut self, x: u32);
    /// Clears `x`, returning whether it was set.
    fn take(&mut self, x: u32) -> bool;
    /// Copies the words into `out` (as many as fit).
    fn get_words(&self, out: &mut [u64]);
    fn set_words(&mut self, words: &[u64]);
}

impl Marks for u64 {
    #[inline(always)]
    fn with_words(_: usize) -> Self {
        0
    }
    #[inline(always)]
    fn clear(&mut self) {
        *self = 0;
    }
    #[inline(always)]
    fn set(&mut self, x: u32) {
        *self |= 1u64 << (x & 63);
    }
    #[inline(always)]
    fn take(&mut self, x: u32) -> bool {
        let bit = 1u64 << (x & 63);
        let hit = *self & bit != 0;
        *self &= !bit;
        hit
    }
    fn get_words(&self, out: &mut [u64]) {
        if let Some(w) = out.first_mut() {
            *w = *self;
        }
    }
    fn set_words(&mut self, words: &[u64]) {
        *self = words.first().copied().unwrap_or(0);
    }
}

impl Marks for u128 {
    #[inline(always)]
    fn with_words(_: usize) -> Self {
        0
    }
    #[inline(always)]
    fn clear(&mut self) {
        *self = 0;
    }
    #[inline(always)]
    fn set(&mut self, x: u32) {
        *self |= 1u128 << (x & 127);
    }
    #[inline(always)]
    fn take(&mut self, x: u32) -> bool {
        let bit = 1u128 << (x & 127);
        let hit = *self & bit != 0;
        *self &= !bit;
        hit
    }
    fn get_words(&self, out: &mut [u64]) {
        for (i, w) in out.iter_mut().take(2).enumerate() {
            *w = (*self >> (64 * i)) as u64;
        }
    }
    fn set_words(&mut self, words: &[u64]) {
        let w = |i: usize| u128::from(words.get(i).copied().unwrap_or(0));
        *self = w(0) | (w(1) << 64);
    }
}

/// Two words in two registers; the word is chosen without a branch or a
/// memory round trip (a `[u64; 2]` on the stack chains store→load when
/// consecutive values hit the same word; a `u128` shift costs more).
#[derive(Clone, Copy)]
struct Two(u64, u64);

impl Marks for Two {
    #[inline(always)]
    fn with_words(_: usize) -> Self {
        Two(0, 0)
    }
    #[inline(always)]
    fn clear(&mut self) {
        *self = Two(0, 0);
    }
    #[inline(always)]
    fn set(&mut self, x: u32) {
        let bit = 1u64 << (x & 63);
        let hi = u64::from((x >> 6) & 1).wrapping_neg();
        self.0 |= bit & !hi;
        self.1 |= bit & hi;
    }
    #[inline(always)]
    fn take(&mut self, x: u32) -> bool {
        let w = if x & 64 == 0 {
            &mut self.0
        } else {
            &mut self.1
        };
        let bit = 1u64 << (x & 63);
        if *w & bit != 0 {
            *w &= !bit;
            true
        } else {
            false
        }
    }
    fn get_words(&self, out: &mut [u64]) {
        for (w, v) in out.iter_mut().zip([self.0, self.1]) {
            *w = v;
        }
    }
    fn set_words(&mut self, words: &[u64]) {
        self.0 = words.first().copied().unwrap_or(0);
        self.1 = words.get(1).copied().unwrap_or(0);
    }
}

impl<const W: usize> Marks for [u64; W] {
    #[inline(always)]
    fn with_words(_: usize) -> Self {
        [0; W]
    }
    #[inline(always)]
    fn clear(&mut self) {
        *self = [0; W];
    }
    #[inline(always)]
    fn set(&mut self, x: u32) {
        // W is a power of two and x < 64·W: the mask only drops the bounds check.
        self[(x as usize >> 6) & (W - 1)] |= 1u64 << (x & 63);
    }
    #[inline(always)]
    fn take(&mut self, x: u32) -> bool {
        // Store only on a hit: a store per look would chain through memory.
        let w = &mut self[(x as usize >> 6) & (W - 1)];
        let bit = 1u64 << (x & 63);
        if *w & bit != 0 {
            *w &= !bit;
            true
        } else {
            false
        }
    }
    fn get_words(&self, out: &mut [u64]) {
        for (w, &v) in out.iter_mut().zip(self.iter()) {
            *w = v;
        }
    }
    fn set_words(&mut self, words: &[u64]) {
        for (a, &b) in self.iter_mut().zip(words) {
            *a = b;
        }
    }
}

impl Marks for Vec<u64> {
    fn with_words(words: usize) -> Self {
        vec![0; words]
    }
    #[inline(always)]
    fn clear(&mut self) {
        self.fill(0);
    }
    #[inline(always)]
    fn set(&mut self, x: u32) {
        if let Some(w) = self.get_mut(x as usize >> 6) {
            *w |= 1u64 << (x & 63);
        }
    }
    #[inline(always)]
    fn take(&mut self, x: u32) -> bool {
        let bit = 1u64 << (x & 63);
        match self.get_mut(x as usize >> 6) {
            Some(w) if *w & bit != 0 => {
                *w &= !bit;
                true
            }
            _ => false,
        }
    }
    fn get_words(&self, out: &mut [u64]) {
        for (w, &v) in out.iter_mut().zip(self.iter()) {
            *w = v;
        }
    }
    fn set_words(&mut self, words: &[u64]) {
        for (a, &b) in self.iter_mut().zip(words) {
            *a = b;
        }
    }
}

/// Words of a bit set holding every value below `1 << bits`.
fn words_for(bits: u32) -> usize {
    if bits <= 6 { 1 } else { 1 << (bits - 6) }
}

fn bit_len(v: u32) -> u32 {
    32 - v.leading_zeros()
}

/// The least value not in the set (may be `64 · words`).
#[inline(always)]
fn first_zero(words: &[u64]) -> u32 {
    for (i, &w) in words.iter().enumerate() {
        if w != u64::MAX {
            return (i as u32) * 64 + (!w).trailing_zeros();
        }
    }
    (words.len() as u32) * 64
}

/// A nim-sequence G(0), G(1), … of an octal code, extended on demand.
#[derive(Clone, Debug)]
pub struct NimSequence {
    code: OctalCode,
    engine: Engine,
    moves: Moves,
    values: Vec<u32>,
    /// Every value so far is below `1 << bits`.
    bits: u32,
    sparse: Option<Sparse>,
    proved: Option<Period>,
    /// The last period check of `solve` (length, result) and when the next
    /// one is due.
    last_check: Option<(usize, PeriodStatus)>,
    check_at: usize,
}

impl NimSequence {
    /// A sequence for `code`; `Engine::Sparse` falls back to `Plain` for
    /// codes it does not apply to (three-heap splits, or no splits).
    pub fn new(code: OctalCode, engine: Engine) -> Self {
        let moves = Moves::new(&code);
        let engine =
            if engine == Engine::Sparse && moves.split3.is_empty() && !moves.split2.is_empty() {
                Engine::Sparse
            } else {
                Engine::Plain
            };
        let sparse = (engine == Engine::Sparse).then(|| Sparse::new(&moves));
        NimSequence {
            code,
            engine,
            moves,
            values: Vec::new(),
            bits: 0,
            sparse,
            proved: None,
            last_check: None,
            check_at: 0,
        }
    }

    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The engine actually used.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The values computed so far: `values()[n] = G(n)`.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
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
        }
        // Grow by at least a quarter (not Vec's doubling): at most 5 bytes
        // per value. A failed reservation (absurd `len`) is not an error
        // yet: pushing goes on until memory really runs out.
        let have = self.values.len();
        if self.values.capacity() < len {
            let want = len.max(have.saturating_add(have / 4));
            let _ = self.values.try_reserve_exact(want - have);
        }
        while self.values.len() < len {
            match self.engine {
                Engine::Plain => self.plain_run(len),
                Engine::Sparse => self.sparse_dispatch(len),
            }
        }
    }

    fn sparse_dispatch(&mut self, len: usize) {
        let Some(sp) = self.sparse.as_mut() else {
            return self.plain_run(len);
        };
        if self.values.len() >= sp.next_check {
            sp.choose(&self.values);
        }
        let sp_moves = (&self.moves, sp, &mut self.values, &mut self.bits);
        let (moves, sp, values, bits) = sp_moves;
        match words_for(*bits) {
            1 => sparse_run::<u64>(moves, sp, values, bits, len),
            2 => sparse_run::<Two>(moves, sp, values, bits, len),
            4 => sparse_run::<[u64; 4]>(moves, sp, values, bits, len),
            8 => sparse_run::<[u64; 8]>(moves, sp, values, bits, len),
            16 => sparse_run::<[u64; 16]>(moves, sp, values, bits, len),
            32 => sparse_run::<[u64; 32]>(moves, sp, values, bits, len),
            _ => sparse_run::<Vec<u64>>(moves, sp, values, bits, len),
        }
    }

    /// Plain mex over all options, until `len` values or the values need
    /// a larger bit set.
    fn plain_run(&mut self, len: usize) {
        let (mv, g, bits) = (&self.moves, &mut self.values, &mut self.bits);
        match words_for(*bits) {
            1 => plain_run::<u64>(mv, g, bits, len),
            2 => plain_run::<Two>(mv, g, bits, len),
            4 => plain_run::<[u64; 4]>(mv, g, bits, len),
            8 => plain_run::<[u64; 8]>(mv, g, bits, len),
            16 => plain_run::<[u64; 16]>(mv, g, bits, len),
            32 => plain_run::<[u64; 32]>(mv, g, bits, len),
            _ => plain_run::<Vec<u64>>(mv, g, bits, len),
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
        find_period(&self.values, self.code.max_parts(), self.code.max_take())
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
        if let Some(&v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(v);
        }
        if self.proved.is_none() {
            let want = usize::try_from(n.saturating_add(1))
                .unwrap_or(usize::MAX)
                .min(limit);
            self.solve(want, |_| {});
        }
        if let Some(p) = self.proved {
            return p.value_at(&self.values, n);
        }
        usize::try_from(n)
            .ok()
            .and_then(|i| self.values.get(i))
            .copied()
    }
}

/// Plain mex over all options until `len` values or a value that needs
/// more bits than `M` holds.
fn plain_run<M: Marks>(mv: &Moves, g: &mut Vec<u32>, bits: &mut u32, len: usize) {
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
            marks.set(g[n - k]);
        }
        for &k in &mv.split2 {
            if n < k + 2 {
                break;
            }
            let m = n - k;
            let half = m / 2;
            // Pairs (a, m − a), a = 1 ..= half.
            for (&a, &b) in g[1..=half].iter().zip(g[m - half..m].iter().rev()) {
                marks.set(a ^ b);
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
                    marks.set(ga ^ b ^ c);
                }
            }
        }
        marks.get_words(&mut mw);
        let v = first_zero(&mw);
        g.push(v);
        if bit_len(v) > *bits {
            *bits = bit_len(v);
            return;
        }
    }
}

/// The sparse method until `len` values, the next mask check, or a value
/// that needs more bits than `M` holds.
fn sparse_run<M: Marks>(
    moves: &Moves,
    sp: &mut Sparse,
    g: &mut Vec<u32>,
    bits: &mut u32,
    len: usize,
) {
    let words = words_for(*bits);
    let lim = 1u64 << *bits;
    // rare_words[par]: the values that make a heap of parity `par` rare.
    let mut rare_words = [vec![0u64; words], vec![0u64; words]];
    for (par, rw) in rare_words.iter_mut().enumerate() {
        for w in 0..(64 * words) as u32 {
            if sp.is_rare(par, w) {
                rw[w as usize >> 6] |= 1u64 << (w & 63);
            }
        }
    }
    let mut marks = M::with_words(words);
    let mut missing = M::with_words(words);
    let mut mw = vec![0u64; words];
    let mut table = vec![0u8; 64 * words];
    let stop = len.min(sp.next_check);
    let split = moves.split2.as_slice();
    let (mut w0, mut w1) = (0u64, 0u64);
    while g.len() < stop {
        let n = g.len();
        marks.clear();
        if moves.take_all.binary_search(&n).is_ok() {
            marks.set(0);
        }
        for &k in &moves.take {
            if k >= n {
                break;
            }
            marks.set(g[n - k]);
        }
        // Splits with a rare part; two k at a time share one pass over the list.
        let mut ks = split;
        while let [k1, rest @ ..] = ks {
            let k1 = *k1;
            if n < k1 + 2 {
                break;
            }
            let m1 = n - k1;
            let cnt1 = sp.rare.partition_point(|&(r, _)| (r as usize) < m1);
            let (cnt2, m2) = match rest.first() {
                Some(&k2) if n >= k2 + 2 => {
                    let m2 = n - k2;
                    (sp.rare.partition_point(|&(r, _)| (r as usize) < m2), m2)
                }
                _ => (0, 0),
            };
            let (g1, g2) = (&g[..m1], &g[..m2]);
            for &(r, gr) in &sp.rare[..cnt2] {
                marks.set(gr ^ g1[m1 - r as usize]);
                marks.set(gr ^ g2[m2 - r as usize]);
            }
            for &(r, gr) in &sp.rare[cnt2..cnt1] {
                marks.set(gr ^ g1[m1 - r as usize]);
            }
            w0 += (cnt1 + cnt2) as u64;
            ks = rest.get(1..).unwrap_or(&[]);
        }
        let rb = &rare_words[n & 1];
        marks.get_words(&mut mw);
        // c: the least unmarked common value.
        let mut c = (64 * words) as u32;
        for (i, (&a, &b)) in mw.iter().zip(rb).enumerate() {
            let w = a | b;
            if w != u64::MAX {
                c = (i as u32) * 64 + (!w).trailing_zeros();
                break;
            }
        }
        // Rare values below c not yet seen among the options.
        let mut count = 0u32;
        for (i, (a, &b)) in mw.iter_mut().zip(rb).enumerate() {
            let lo = (i as u32) * 64;
            let below = if c >= lo + 64 {
                u64::MAX
            } else if c <= lo {
                0
            } else {
                (1u64 << (c - lo)) - 1
            };
            *a = b & !*a & below;
            count += a.count_ones();
        }
        let v = if count == 0 {
            c
        } else {
            if words >= 4 {
                // Many values: a byte per value tests faster than bits.
                for (i, &w) in mw.iter().enumerate() {
                    let mut w = w;
                    while w != 0 {
                        table[i * 64 + w.trailing_zeros() as usize] = 1;
                        w &= w - 1;
                    }
                }
                let left = scan_splits_table(g, n, split, &mut table, count, &mut w1);
                let v = if left == 0 {
                    c
                } else {
                    table.iter().position(|&b| b != 0).unwrap_or(0) as u32
                };
                if left != 0 {
                    table.fill(0);
                }
                v
            } else {
                missing.set_words(&mw);
                let left = scan_splits(g, n, split, &mut missing, count, &mut w1);
                if left == 0 {
                    c
                } else {
                    missing.get_words(&mut mw);
                    first_one(&mw)
                }
            }
        };
        g.push(v);
        if u64::from(v) >= lim {
            *bits = bit_len(v);
            sp.grow(*bits);
            sp.record(n, v);
            sp.next_check = n + 1;
            break;
        }
        sp.record(n, v);
        if sp.rare.len() > 2 * sp.rare_at_check + 64 {
            sp.next_check = n + 1;
            break;
        }
    }
    sp.work.0 += w0;
    sp.work.1 += w1;
}

/// `scan_splits` with the missing values as a byte table (all zero again
/// when it returns 0), eight splits per branch.
fn scan_splits_table(
    g: &[u32],
    n: usize,
    split: &[usize],
    table: &mut [u8],
    mut count: u32,
    work: &mut u64,
) -> u32 {
    let mask = table.len() - 1; // a power of two above every value
    let [k] = *split else {
        // Several splits: test value by value, smallest part first.
        let Some(&k_min) = split.first() else {
            return count;
        };
        if n < k_min + 2 {
            return count;
        }
        for a in 1..=(n - k_min) / 2 {
            let ga = g[a];
            for &k in split {
                if n < k + 2 * a {
                    break;
                }
                *work += 1;
                let t = &mut table[(ga ^ g[n - k - a]) as usize & mask];
                if *t != 0 {
                    *t = 0;
                    count -= 1;
                    if count == 0 {
                        return 0;
                    }
                }
            }
        }
        return count;
    };
    if n < k + 2 {
        return count;
    }
    let m = n - k;
    let half = m / 2;
    // Pairs (a, m − a), a = 1 ..= half: lo[i] = G(1 + i), hi[i] = G(m − 1 − i).
    let lo = &g[1..=half];
    let hi = &g[m - half..m];
    let mut i = 0;
    while i + 8 <= half {
        let l = &lo[i..i + 8];
        let h = &hi[half - i - 8..half - i];
        let mut hit = 0u8;
        for j in 0..8 {
            hit |= table[(l[j] ^ h[7 - j]) as usize & mask];
        }
        if hit != 0 {
            for j in 0..8 {
                let t = &mut table[(l[j] ^ h[7 - j]) as usize & mask];
                if *t != 0 {
                    *t = 0;
                    count -= 1;
                    if count == 0 {
                        *work += (i + j + 1) as u64;
                        return 0;
                    }
                }
            }
        }
        i += 8;
    }
    for j in i..half {
        let t = &mut table[(lo[j] ^ hi[half - 1 - j]) as usize & mask];
        if *t != 0 {
            *t = 0;
            count -= 1;
            if count == 0 {
                *work += (j + 1) as u64;
                return 0;
            }
        }
    }
    *work += half as u64;
    count
}

/// Looks at the splits of heap `n`, smallest part first, clearing their
/// values from `missing` until `count` of them have been seen or the splits
/// run out; returns how many are still missing.
#[inline(always)]
fn scan_splits<M: Marks>(
    g: &[u32],
    n: usize,
    split: &[usize],
    missing: &mut M,
    mut count: u32,
    work: &mut u64,
) -> u32 {
    let mut look = |x: u32, count: &mut u32| -> bool {
        if missing.take(x) {
            *count -= 1;
            *count == 0
        } else {
            false
        }
    };
    match *split {
        [k] => {
            if n < k + 2 {
                return count;
            }
            let m = n - k;
            let (lo, hi) = (&g[1..=m / 2], &g[m.div_ceil(2)..m]);
            for (i, (&a, &b)) in lo.iter().zip(hi.iter().rev()).enumerate() {
                if look(a ^ b, &mut count) {
                    *work += i as u64 + 1;
                    return 0;
                }
            }
            *work += lo.len() as u64;
            count
        }
        [k1, k2] => {
            // k1 < k2: parts (a, m1 − a) and (a, m2 − a), smallest a first.
            if n < k1 + 2 {
                return count;
            }
            let (m1, m2) = (n - k1, n.saturating_sub(k2));
            let both = if n >= k2 + 2 { m2 / 2 } else { 0 };
            let lo = &g[1..=both];
            let h1 = &g[m1 - both..m1];
            let h2 = &g[m2 - both..m2];
            for (i, ((&a, &b1), &b2)) in lo
                .iter()
                .zip(h1.iter().rev())
                .zip(h2.iter().rev())
                .enumerate()
            {
                if look(a ^ b1, &mut count) || look(a ^ b2, &mut count) {
                    *work += 2 * i as u64 + 2;
                    return 0;
                }
            }
            *work += 2 * both as u64;
            let lo = &g[both + 1..=m1 / 2];
            let hi = &g[m1.div_ceil(2)..m1 - both];
            for (i, (&a, &b)) in lo.iter().zip(hi.iter().rev()).enumerate() {
                if look(a ^ b, &mut count) {
                    *work += i as u64 + 1;
                    return 0;
                }
            }
            *work += lo.len() as u64;
            count
        }
        _ => {
            let Some(&k_min) = split.first() else {
                return count;
            };
            if n < k_min + 2 {
                return count;
            }
            for a in 1..=(n - k_min) / 2 {
                let ga = g[a];
                for &k in split {
                    if n < k + 2 * a {
                        break;
                    }
                    *work += 1;
                    if look(ga ^ g[n - k - a], &mut count) {
                        return 0;
                    }
                }
            }
            count
        }
    }
}

/// The least value in the set (the set is non-empty).
fn first_one(words: &[u64]) -> u32 {
    for (i, &w) in words.iter().enumerate() {
        if w != 0 {
            return (i as u32) * 64 + w.trailing_zeros();
        }
    }
    (words.len() as u32) * 64
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
    fn subtraction_mod() {
        let mut s = NimSequence::new(OctalCode::subtraction(&[1, 2, 3]), Engine::Sparse);
        assert_eq!(s.engine(), Engine::Plain);
        s.extend_to(20);
        assert!(
            s.values()
                .iter()
                .enumerate()
                .all(|(n, &v)| v as usize == n % 4)
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
