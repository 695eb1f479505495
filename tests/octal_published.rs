//! Octal engines against published results, copied into this crate:
//! tczajka/octal-games (trivial and solved games: periods, nimber strings,
//! rare masks), Rogalski's frequency tables (tests/data/octal_freq_*.txt),
//! and the periods of Winning Ways.

use grundy_theory::octal::{Engine, NimSequence, OctalCode, Period, PeriodStatus, find_period};

fn code(s: &str) -> OctalCode {
    OctalCode::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn solve(s: &str, limit: usize) -> (NimSequence, PeriodStatus) {
    let mut seq = NimSequence::new(code(s), Engine::Sparse);
    let status = seq.solve(limit, |_| {});
    (seq, status)
}

fn proved(s: &str, limit: usize) -> Period {
    match solve(s, limit).1 {
        PeriodStatus::Proved(p) => p,
        other => panic!("{s}: not proved within {limit}: {other:?}"),
    }
}

#[test]
fn octal_kayles_first_values_and_period() {
    let (seq, status) = solve("0.77", 10_000);
    let first = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
    ];
    assert_eq!(&seq.values().to_vec()[..21], first);
    let p = status.period().unwrap_or_else(|| panic!("{status:?}"));
    assert_eq!(
        (p.preperiod, p.period, p.proved, p.values_used),
        (71, 12, true, 168)
    );
    // solve stops exactly where the proof is complete.
    assert_eq!(seq.values().len(), 168);
}

#[test]
fn octal_kayles_needs_168_values_not_167() {
    let mut seq = NimSequence::new(code("0.77"), Engine::Plain);
    seq.extend_to(168);
    let v = seq.values().to_vec();
    match find_period(&v, 2, 2) {
        PeriodStatus::Proved(p) => {
            assert_eq!((p.preperiod, p.period, p.values_used), (71, 12, 168));
        }
        other => panic!("{other:?}"),
    }
    match find_period(&v[..167], 2, 2) {
        PeriodStatus::Apparent(p) => {
            assert_eq!((p.preperiod, p.period, p.proved), (71, 12, false));
            assert_eq!(p.values_used, 168);
        }
        other => panic!("167 values: {other:?}"),
    }
}

#[test]
fn octal_kayles_value_at_any_heap() {
    let mut seq = NimSequence::new(code("0.77"), Engine::Sparse);
    // 10^18 ≡ 4 (mod 12); heaps 71 + 12j + 5 = 10^18 → value of heap 88.
    let v88 = {
        let mut s = NimSequence::new(code("0.77"), Engine::Plain);
        s.extend_to(100);
        s.values().to_vec()[88]
    };
    assert_eq!(seq.value_at(1_000_000_000_000_000_000, 1000), Some(v88));
    assert!(seq.values().len() <= 1000);
    assert!(seq.period().is_proved());
    // Without a period and beyond the limit there is no answer.
    let mut treble = NimSequence::new(code("0.007"), Engine::Sparse);
    assert_eq!(treble.value_at(1_000_000, 500), None);
}

#[test]
fn octal_winning_ways_periods() {
    for (s, e, p) in [
        ("0.77", 71, 12),
        ("0.07", 53, 34),
        ("0.137", 52, 34),
        ("0.156", 3479, 349),
    ] {
        let got = proved(s, 100_000);
        assert_eq!((got.preperiod, got.period), (e, p), "{s}");
        let c = code(s);
        let need = 2 * (e + p) + c.max_take() as usize;
        assert_eq!(got.values_used, need, "{s}");
    }
}

#[test]
fn octal_solve_in_small_steps_still_proves() {
    // Callers extend a little at a time (to stay interruptible).
    let mut seq = NimSequence::new(code("0.137"), Engine::Sparse);
    let mut limit = 0;
    let status = loop {
        limit += 7;
        let st = seq.solve(limit, |_| {});
        if st.is_proved() || limit > 10_000 {
            break st;
        }
    };
    let p = status.period().unwrap_or_else(|| panic!("{status:?}"));
    assert_eq!((p.preperiod, p.period, p.values_used), (52, 34, 175));
    assert!(seq.values().len() <= 175 + 175 / 16 + 7);
}

#[test]
fn octal_subtraction_game_periods() {
    // Subtraction {1..m}: G(n) = n mod (m + 1), purely periodic (preperiod
    // 0), p = m + 1; the proof reads from e = 1: e + p + t values.
    let (seq, status) = {
        let mut s = NimSequence::new(OctalCode::subtraction(&[1, 2, 3]), Engine::Sparse);
        let st = s.solve(1000, |_| {});
        (s, st)
    };
    match status {
        PeriodStatus::Proved(p) => {
            assert_eq!((p.preperiod, p.period, p.values_used), (0, 4, 8));
        }
        other => panic!("{other:?}"),
    }
    assert!(seq.values().len() >= 8);
}

/// Parses tczajka's digit alphabet: 0-9 then A=10 … H=17.
fn nimbers(s: &str) -> Vec<u32> {
    s.chars().filter_map(|c| c.to_digit(18)).collect()
}

#[test]
fn octal_tczajka_trivial_games() {
    let text = include_str!("data/octal_trivial.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split_whitespace().collect();
        let [name, pre, per, seq] = cols[..] else {
            panic!("bad line {line:?}");
        };
        // tczajka writes "4" for the code 4.0.
        let name = if name.contains('.') {
            name.to_string()
        } else {
            format!("{name}.")
        };
        let (e, p): (usize, usize) = (pre.parse().unwrap_or(0), per.parse().unwrap_or(0));
        let (head, tail) = seq.split_once('(').unwrap_or((seq, ""));
        let head = nimbers(head);
        let tail = nimbers(tail.trim_end_matches(')'));
        assert_eq!((head.len(), tail.len()), (e, p), "{name}: the data itself");
        let got = proved(&name, 5000);
        assert_eq!((got.preperiod, got.period), (e, p), "{name}");
        let mut seq = NimSequence::new(code(&name), Engine::Plain);
        seq.extend_to(e + 3 * p);
        for (n, v) in seq.values().iter().enumerate() {
            let want = if n < e { head[n] } else { tail[(n - e) % p] };
            assert_eq!(v, want, "{name} heap {n}");
        }
        checked += 1;
    }
    assert_eq!(checked, 82);
}

/// tczajka's SolvedGames: rare mask, number of rare heaps (heap 0 counted)
/// and the last rare heap.
#[test]
fn octal_tczajka_rare_masks() {
    for (s, mask, count, last) in [
        ("0.45", 0xf, 11, 198),
        ("0.156", 0x1b, 15, 357),
        ("0.356", 0x1b, 7, 43),
        ("0.644", 0x7e, 31, 511),
        ("0.16", 0x1e, 53, 13935),
        ("0.56", 0x5b, 46, 1795),
        ("0.354", 0x3f, 132, 3227),
    ] {
        let n = last + last / 2 + 100;
        let mut seq = NimSequence::new(code(s), Engine::Sparse);
        seq.extend_to(n);
        let values = seq.values().to_vec();
        let rare: Vec<usize> = (0..n)
            .filter(|&i| (values[i] & mask).count_ones().is_multiple_of(2))
            .collect();
        assert_eq!(rare.len(), count, "{s}");
        assert_eq!(rare.last(), Some(&last), "{s}");
        // The engine's own choice is at least as good (it leaves out heap 0).
        assert!(seq.rare_count() < count, "{s}: {}", seq.rare_count());
    }
}

/// 0.127: rare mask "1+pos" — the position-parity variant.
#[test]
fn octal_tczajka_position_parity_rare_count() {
    let n = 30_000;
    let mut seq = NimSequence::new(code("0.127"), Engine::Sparse);
    seq.extend_to(n);
    let values = seq.values().to_vec();
    let rare: Vec<usize> = (0..n)
        .filter(|&i| (values[i] ^ i as u32) & 1 == 1)
        .collect();
    assert_eq!(rare.len(), 693);
    assert_eq!(rare.last(), Some(&27106));
    // Heap 0 is common here (G(0) ⊕ 0 is even), so the engine's count matches.
    assert!(seq.rare_uses_position_parity());
    assert!(seq.rare_count() <= 693, "{}", seq.rare_count());
}

fn check_frequencies(s: &str, table: &str) {
    let mut seq = NimSequence::new(code(s), Engine::Sparse);
    seq.extend_to(65537);
    let mut counts = std::collections::BTreeMap::new();
    for v in seq.values().iter().skip(1) {
        *counts.entry(v).or_insert(0usize) += 1;
    }
    let mut want = std::collections::BTreeMap::new();
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let mut it = line
            .split_whitespace()
            .map(|x| x.parse::<usize>().unwrap_or(usize::MAX));
        if let (Some(v), Some(c)) = (it.next(), it.next())
            && c > 0
        {
            want.insert(v as u32, c);
        }
    }
    assert_eq!(counts, want, "{s}");
}

#[test]
fn octal_rogalski_frequencies_0_167() {
    check_frequencies("0.167", include_str!("data/octal_freq_0.167.txt"));
}

#[test]
#[ignore = "65536 heaps each; run with --release"]
fn octal_rogalski_frequencies_all() {
    check_frequencies("0.014", include_str!("data/octal_freq_0.014.txt"));
    check_frequencies("0.034", include_str!("data/octal_freq_0.034.txt"));
    check_frequencies("0.161", include_str!("data/octal_freq_0.161.txt"));
    check_frequencies("0.172", include_str!("data/octal_freq_0.172.txt"));
}

#[test]
#[ignore = "about 2·10^7 values; run with --release"]
fn octal_flammenkamp_0_354() {
    let p = proved("0.354", 30_000_000);
    assert_eq!((p.preperiod, p.period), (10_061_916, 1180));
}

#[test]
#[ignore = "run with --release"]
fn octal_gangolli_plambeck_0_16_and_0_56() {
    let p = proved("0.16", 1_000_000);
    assert_eq!(
        (p.preperiod, p.period, p.values_used),
        (105_351, 149_459, 509_622)
    );
    let p = proved("0.56", 1_000_000);
    assert_eq!(
        (p.preperiod, p.period, p.values_used),
        (326_640, 144, 653_570)
    );
}

/// Officers (0.6): the published rare values are 1,584 heaps, the last at
/// 20,627, counting heap 0 (whose value, 0, is rare under the mask); the
/// list, heap and value, is tests/data/officers_rare_0.6.txt. To 100,000
/// heaps — five times the last — grundy finds exactly those heaps with
/// those values (1,583 from heap 1, none after 20,627), on one thread and
/// on two. (To 2^32 the count stays 1,583: docs/RECORDS.md.)
#[test]
fn officers_rare_values_are_the_published_ones() {
    let published: Vec<(usize, u32)> = include_str!("data/officers_rare_0.6.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (n, g) = l.split_once(',').expect("n,G(n)");
            (n.parse().expect("heap"), g.parse().expect("value"))
        })
        .collect();
    assert_eq!(published.len(), 1584);
    for threads in [1, 2] {
        let mut seq = NimSequence::new(code("0.6"), Engine::Sparse);
        seq.set_threads(threads);
        seq.extend_to(100_000);
        let values = seq.values();
        let found: Vec<(usize, u32)> = std::iter::once(0)
            .chain(seq.rare_heaps())
            .map(|n| (n, values.get(n).expect("a computed heap")))
            .collect();
        assert_eq!(found, published, "threads {threads}");
        let mask = seq.rare_mask().expect("the sparse engine");
        assert_eq!(
            (mask & seq.values().get(0).expect("G(0)")).count_ones() % 2,
            0
        );
    }
}
