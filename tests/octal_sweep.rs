//! The fast octal engines against the slow, obviously correct paths: the
//! sparse engine against plain mex on every short code, and both against
//! the mex of the option enumerator on random codes (hex digits included).
//!
//! Tests run in the dev profile (unoptimised), so the exhaustive sweep here
//! stops at n = 800; `octal_full_sweep_to_5000` (ignored) goes to 5000:
//! `cargo test --release --test folded octal_sweep:: -- --ignored`.

use grundy_theory::octal::{Engine, NimSequence, OctalCode};

fn code(s: &str) -> OctalCode {
    OctalCode::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn values(c: &OctalCode, engine: Engine, n: usize) -> Vec<u32> {
    let mut s = NimSequence::new(c.clone(), engine);
    s.extend_to(n);
    s.values().to_vec()
}

/// G(0..n) by the definition: mex over `for_each_option`.
fn by_options(c: &OctalCode, n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n);
    for heap in 0..n as u64 {
        let mut seen = std::collections::HashSet::new();
        c.for_each_option(heap, |parts| {
            seen.insert(parts.iter().fold(0u32, |acc, &p| acc ^ g[p as usize]));
        });
        g.push((0..).find(|v| !seen.contains(v)).unwrap_or(0));
    }
    g
}

/// Every code `d0.d1d2d3` with d0 ∈ {0, 4} and octal d1..d3.
fn short_codes() -> Vec<OctalCode> {
    let mut out = Vec::new();
    for d0 in [0u8, 4] {
        for d in 0..512u32 {
            let digits = [d0, (d >> 6) as u8, ((d >> 3) & 7) as u8, (d & 7) as u8];
            out.push(OctalCode::from_digits(&digits));
        }
    }
    out
}

fn sweep(n: usize) {
    for c in short_codes() {
        let plain = values(&c, Engine::Plain, n);
        let sparse = values(&c, Engine::Sparse, n);
        if let Some(i) = (0..n).find(|&i| plain[i] != sparse[i]) {
            panic!("{c}: heap {i}: plain {} sparse {}", plain[i], sparse[i]);
        }
    }
}

/// Every code `d0.d1d2` with d0 ∈ {0, 4, 8, c} and hex d1, d2 that has a
/// three-heap split (bit 8 in some digit): where `Sparse` means pair sets.
fn hex_codes() -> Vec<OctalCode> {
    let mut out = Vec::new();
    for d0 in [0u8, 4, 8, 12] {
        for d in 0..256u32 {
            let digits = [d0, (d >> 4) as u8, (d & 15) as u8];
            if digits.iter().any(|&x| x & 8 != 0) {
                out.push(OctalCode::from_digits(&digits));
            }
        }
    }
    out
}

/// Pair sets (what `Sparse` picks for bit 8) against plain mex, to `n`.
fn hex_sweep(codes: &[OctalCode], n: usize) {
    for c in codes {
        let mut s = NimSequence::new(c.clone(), Engine::Sparse);
        assert_eq!(s.engine(), Engine::PairSets, "{c}");
        s.extend_to(n);
        let fast = s.values().to_vec();
        let plain = values(c, Engine::Plain, n);
        if let Some(i) = (0..n).find(|&i| plain[i] != fast[i]) {
            panic!("{c}: heap {i}: plain {} pair sets {}", plain[i], fast[i]);
        }
    }
}

#[test]
fn octal_pair_sets_equal_plain_on_every_two_digit_hex_code() {
    let codes = hex_codes();
    assert_eq!(codes.len(), 4 * 256 - 2 * 64);
    hex_sweep(&codes, 120);
}

#[test]
#[ignore = "slow in the dev profile; run with --release"]
fn octal_pair_sets_equal_plain_on_every_two_digit_hex_code_to_1000() {
    hex_sweep(&hex_codes(), 1000);
}

/// Three hex digits after the point: 48 codes drawn by a fixed LCG, each
/// with a three-heap split, to n = 2000.
#[test]
#[ignore = "slow in the dev profile; run with --release"]
fn octal_pair_sets_equal_plain_on_three_digit_hex_codes_to_2000() {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut codes = Vec::new();
    while codes.len() < 48 {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let r = x >> 33;
        let digits = [
            (r & 12) as u8,
            (r >> 4 & 15) as u8,
            (r >> 8 & 15) as u8,
            (r >> 12 & 15) as u8,
        ];
        if digits.iter().any(|&d| d & 8 != 0) {
            codes.push(OctalCode::from_digits(&digits));
        }
    }
    hex_sweep(&codes, 2000);
}

#[test]
fn octal_sparse_equals_plain_on_every_short_code() {
    sweep(800);
}

#[test]
#[ignore = "slow in the dev profile; run with --release"]
fn octal_full_sweep_to_5000() {
    sweep(5000);
}

#[test]
fn octal_sparse_equals_plain_on_a_sample_to_5000() {
    for s in [
        "0.77", "0.07", "0.137", "0.16", "0.56", "0.354", "0.007", "0.127", "4.07", "4.007", "0.6",
        "0.644", "0.376", "0.45", "0.14", "0.04", "0.06",
    ] {
        let c = code(s);
        assert_eq!(
            values(&c, Engine::Sparse, 5000),
            values(&c, Engine::Plain, 5000),
            "{s}"
        );
    }
}

#[test]
fn octal_sparse_equals_plain_with_values_past_256() {
    // Values of 128 and more take the byte-table scan (one split, and
    // several); 0.007, 0.04 and 0.6 pass 256 before heap 12000 (values in
    // u16: the vector scan of one split size, with AVX2 where the CPU has it).
    for (s, past) in [("0.007", 256), ("0.04", 256), ("4.007", 128), ("0.6", 256)] {
        let c = code(s);
        let sparse = values(&c, Engine::Sparse, 12_000);
        assert!(sparse.iter().any(|&v| v >= past), "{s}");
        assert_eq!(sparse, values(&c, Engine::Plain, 12_000), "{s}");
    }
}

#[test]
fn octal_engines_equal_the_option_enumerator() {
    // Hex and pre-point codes, where Sparse uses the pair sets for bit 8.
    let hex = [
        "0.8", "0.9", "0.f", "0.48", "4.8", "8.0", "8.1", "c.3", "0.0f", "0.18", "4.c", "8.77",
        "0.a", "0.b4", "0.3f",
    ];
    for s in hex {
        let c = code(s);
        let want = by_options(&c, 150);
        assert_eq!(values(&c, Engine::Plain, 150), want, "{s} plain");
        assert_eq!(values(&c, Engine::Sparse, 150), want, "{s} sparse");
    }
}

#[test]
fn octal_random_codes_match_the_option_enumerator() {
    // A fixed xorshift stream: reproducible, no dependency.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..200 {
        let len = 1 + (next() % 6) as usize;
        let mut digits = vec![[0u8, 4, 8, 12][(next() % 4) as usize]];
        for _ in 0..len {
            // Mostly octal, sometimes hex.
            let d = if next() % 4 == 0 {
                next() % 16
            } else {
                next() % 8
            };
            digits.push(d as u8);
        }
        let c = OctalCode::from_digits(&digits);
        let n = if c.max_parts() == 3 { 80 } else { 300 };
        let want = by_options(&c, n);
        assert_eq!(values(&c, Engine::Sparse, n), want, "{c} sparse");
        assert_eq!(values(&c, Engine::Plain, n), want, "{c} plain");
        // Round trip through the canonical text.
        assert_eq!(OctalCode::parse(&c.to_string()).as_ref(), Ok(&c));
    }
}

#[test]
#[ignore = "slow in the dev profile; run with --release"]
fn octal_random_long_codes_sparse_equals_plain() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..300 {
        let len = 1 + (next() % 9) as usize;
        let mut digits = vec![[0u8, 4][(next() % 2) as usize]];
        digits.extend((0..len).map(|_| (next() % 8) as u8));
        let c = OctalCode::from_digits(&digits);
        assert_eq!(
            values(&c, Engine::Sparse, 4000),
            values(&c, Engine::Plain, 4000),
            "{c}"
        );
    }
}

#[test]
fn octal_subtraction_games_match_the_option_enumerator() {
    for set in [&[1u64, 2, 3][..], &[2, 5, 7], &[1, 4], &[3, 4, 9, 12], &[6]] {
        let c = OctalCode::subtraction(set);
        assert_eq!(c.max_parts(), 1);
        assert_eq!(values(&c, Engine::Sparse, 200), by_options(&c, 200), "{c}");
    }
}

#[test]
fn octal_no_code_string_panics() {
    let alphabet = ['0', '4', '7', '8', 'f', '.', 'x', ' ', 'é', '-'];
    let mut state = 12345u64;
    for _ in 0..5000 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let len = (state >> 60) as usize;
        let s: String = (0..len)
            .map(|i| alphabet[((state >> (i * 3 + 5)) % alphabet.len() as u64) as usize])
            .collect();
        match OctalCode::parse(&s) {
            Ok(c) => {
                let mut seq = NimSequence::new(c, Engine::Sparse);
                seq.extend_to(30);
            }
            Err(e) => {
                assert!(e.offset + e.len <= s.len(), "{s:?}: {e:?}");
                assert!(s.is_char_boundary(e.offset), "{s:?}: {e:?}");
            }
        }
    }
}

/// `extend_all` on two threads gives what one sequence at a time gives:
/// values, period, rare heaps, engine.
#[test]
fn extend_all_on_two_threads_equals_one_by_one() {
    let codes: Vec<OctalCode> = short_codes()
        .into_iter()
        .step_by(7)
        .chain(hex_codes().into_iter().step_by(29))
        .collect();
    let n = 600;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool of two threads");
    let mut seqs: Vec<NimSequence> = codes
        .iter()
        .map(|c| NimSequence::new(c.clone(), Engine::Sparse))
        .collect();
    pool.install(|| grundy_theory::octal::extend_all(&mut seqs, n));
    for (c, s) in codes.iter().zip(&seqs) {
        let mut one = NimSequence::new(c.clone(), Engine::Sparse);
        one.extend_to(n);
        assert_eq!(s.values().to_vec(), one.values().to_vec(), "{c}");
        assert_eq!(s.period(), one.period(), "{c}");
        assert_eq!(s.rare_heaps(), one.rare_heaps(), "{c}");
        assert_eq!(s.engine(), one.engine(), "{c}");
    }
}
