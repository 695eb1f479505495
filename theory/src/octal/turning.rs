//! Coin-turning codes (CGSuite's `game.strip.Turning("1-3")` and its heap
//! form `game.heap.Spawning("1-3")`; Winning Ways, chapter 14).
//!
//! A row of coins is numbered from 1 at the left. A move turns over a set
//! T of coins whose rightmost coin goes from heads to tails; a code says
//! which sets T may be turned. As a heap game (a head on coin n is a heap
//! n), the move turning T = A ∪ {n} takes the heap n to the sum of the
//! heaps in A; [`TurningCode::for_each_set`] lists those sets A.
//!
//! A code is a list of elements separated by commas; a move allowed by any
//! element is allowed. An element is a count of coins — `3` (exactly
//! three), `1-3` (one to three), `2+` (two or more) — followed by
//! modifiers, in any order:
//!
//! | modifier | the coins turned … |
//! |---|---|
//! | `C` | are consecutive |
//! | `E` | are equally spaced |
//! | `S` | are placed symmetrically about their middle |
//! | `F` | include the leftmost coin of the row, coin 1 |
//! | `C(k)` | lie within k consecutive coins |
//!
//! At most one of `C`, `E`, `S` per element. Letters may be lower case.
//! `F` is read as CGSuite's documentation says it ("the leftmost coin
//! must be among those turned"), also for a move turning one coin;
//! CGSuite's program lets a single coin be turned under `F` anyway (under
//! `FS`, a single odd-numbered coin), which no code in its test rows
//! meets; see docs/THEORY.md §12.

use std::fmt;

use super::CodeError;

/// How the coins of a move must be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spacing {
    /// Anywhere.
    Any,
    /// Next to each other.
    Consecutive,
    /// The same gap between neighbours.
    EquallySpaced,
    /// The i-th from the left and the i-th from the right the same
    /// distance from the ends.
    Symmetric,
}

/// One element of a code: `1-3C(5)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    /// The least number of coins turned (>= 1).
    pub min: u64,
    /// The most (`u64::MAX`: no bound).
    pub max: u64,
    /// How the coins turned are placed.
    pub spacing: Spacing,
    /// Coin 1 must be turned.
    pub first: bool,
    /// The coins lie within this many consecutive coins (`u64::MAX`: no
    /// bound).
    pub within: u64,
}

/// A coin-turning code: the moves of every element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurningCode {
    text: String,
    elements: Vec<Element>,
}

const HELP: &str = "a turning code is counts of coins with modifiers, separated by commas: 1-3, 3, 2+, 1+C, 1-3C(5), 3E, 4FS, 1-2,6C";

impl TurningCode {
    /// Reads a code; a [`CodeError`] marks the part that does not read.
    pub fn parse(s: &str) -> Result<Self, CodeError> {
        if s.trim().is_empty() {
            return Err(CodeError::new(0, s.len(), "empty turning code", HELP));
        }
        let mut elements = Vec::new();
        let mut at = 0;
        for part in s.split(',') {
            elements.push(parse_element(part, at)?);
            at += part.len() + 1;
        }
        Ok(TurningCode {
            text: s.to_string(),
            elements,
        })
    }

    /// The elements, in the order written.
    pub fn elements(&self) -> &[Element] {
        &self.elements
    }

    /// Calls `f` with each set A (ascending, every coin in 1..n) such that
    /// turning A ∪ {n} is a move of the code from a head on coin `n >= 1`:
    /// each element's sets in turn, so a set two elements allow comes
    /// twice. Stops when `f` returns false; returns whether it ran to the
    /// end. A heap `n = 0` has no move.
    pub fn for_each_set(&self, n: u64, f: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        if n == 0 {
            return true;
        }
        let mut buf = Vec::new();
        self.elements
            .iter()
            .all(|e| element_sets(e, n, &mut buf, f))
    }
}

impl fmt::Display for TurningCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// One element, `part`, starting at byte `at` of the code.
fn parse_element(part: &str, at: usize) -> Result<Element, CodeError> {
    let err = |o: usize, l: usize, m: &str| CodeError::new(at + o, l.max(1), m, HELP);
    let count_end = part
        .find(|c: char| !(c.is_ascii_digit() || c == '+' || c == '-'))
        .unwrap_or(part.len());
    let count = &part[..count_end];
    let number = |t: &str, o: usize| -> Result<u64, CodeError> {
        match t.parse::<u64>() {
            Ok(v) if v <= 1_000_000 => Ok(v),
            Ok(_) => Err(err(o, t.len(), "a count of coins above 1000000")),
            Err(_) => Err(err(o, t.len().max(1), "expected a count of coins")),
        }
    };
    let (min, max) = if let Some(lo) = count.strip_suffix('+') {
        (number(lo, 0)?, u64::MAX)
    } else if let Some((lo, hi)) = count.split_once('-') {
        let (a, b) = (number(lo, 0)?, number(hi, lo.len() + 1)?);
        if a > b {
            return Err(err(
                0,
                count.len(),
                "a range of counts whose first is above its last",
            ));
        }
        (a, b)
    } else {
        let v = number(count, 0)?;
        (v, v)
    };
    if min == 0 {
        return Err(CodeError::new(
            at,
            count.len().max(1),
            "a move turns at least one coin (the head at its right end)",
            "counts start at 1: 1-3, not 0-3",
        ));
    }
    let mut e = Element {
        min,
        max,
        spacing: Spacing::Any,
        first: false,
        within: u64::MAX,
    };
    let bytes = part.as_bytes();
    let mut i = count_end;
    while i < bytes.len() {
        let c = bytes[i].to_ascii_uppercase();
        let spacing = match c {
            b'C' if bytes.get(i + 1) == Some(&b'(') => {
                let close = part[i..]
                    .find(')')
                    .map(|p| i + p)
                    .ok_or_else(|| err(i + 1, 1, "this `(` is not closed by a `)`"))?;
                let k = number(&part[i + 2..close], i + 2)?;
                if k == 0 {
                    return Err(err(i, close + 1 - i, "no move lies within 0 coins"));
                }
                e.within = e.within.min(k);
                i = close + 1;
                continue;
            }
            b'C' => Spacing::Consecutive,
            b'E' => Spacing::EquallySpaced,
            b'S' => Spacing::Symmetric,
            b'F' => {
                e.first = true;
                i += 1;
                continue;
            }
            _ => {
                let len = part[i..].chars().next().map_or(1, char::len_utf8);
                return Err(err(
                    i,
                    len,
                    "not a modifier of a turning code (C, E, S, F, C(k))",
                ));
            }
        };
        if e.spacing != Spacing::Any {
            return Err(err(i, 1, "one element has at most one of C, E and S"));
        }
        e.spacing = spacing;
        i += 1;
    }
    Ok(e)
}

/// The sets of one element from a head on coin `n >= 1`, through `f`.
fn element_sets(
    e: &Element,
    n: u64,
    buf: &mut Vec<u64>,
    f: &mut dyn FnMut(&[u64]) -> bool,
) -> bool {
    // The leftmost coin a move may turn, and the most coins it may turn.
    let lo = if e.within == u64::MAX {
        1
    } else {
        n.saturating_sub(e.within - 1).max(1)
    };
    if e.first && lo > 1 {
        return true;
    }
    let most = e.max.min(e.within).min(n);
    for k in e.min..=most {
        buf.clear();
        let go_on = match e.spacing {
            Spacing::Any if e.first && k == 1 => n > 1 || f(&[]),
            Spacing::Any if e.first => {
                buf.push(1);
                choose(2, n, k - 2, buf, f)
            }
            Spacing::Any => choose(lo, n, k - 1, buf, f),
            Spacing::Consecutive => {
                let a = n + 1 - k;
                (e.first && a != 1) || {
                    buf.extend(a..n);
                    f(buf)
                }
            }
            Spacing::EquallySpaced => equally_spaced(e.first, lo, n, k, buf, f),
            Spacing::Symmetric => symmetric(e.first, lo, n, k, buf, f),
        };
        if !go_on {
            return false;
        }
    }
    true
}

/// Every way to add `k` coins from `a..n` (ascending) to `buf`.
fn choose(a: u64, n: u64, k: u64, buf: &mut Vec<u64>, f: &mut dyn FnMut(&[u64]) -> bool) -> bool {
    if k == 0 {
        return f(buf);
    }
    if a + k > n {
        return true;
    }
    for c in a..=n - k {
        buf.push(c);
        let go_on = choose(c + 1, n, k - 1, buf, f);
        buf.pop();
        if !go_on {
            return false;
        }
    }
    true
}

/// `k` equally spaced coins ending at `n`, none left of `lo`.
fn equally_spaced(
    first: bool,
    lo: u64,
    n: u64,
    k: u64,
    buf: &mut Vec<u64>,
    f: &mut dyn FnMut(&[u64]) -> bool,
) -> bool {
    if k == 1 {
        return (first && n != 1) || f(&[]);
    }
    for d in 1..=(n - lo) / (k - 1) {
        let a = n - (k - 1) * d;
        if first && a != 1 {
            continue;
        }
        buf.clear();
        buf.extend((0..k - 1).map(|i| a + i * d));
        if !f(buf) {
            return false;
        }
    }
    true
}

/// `k` coins symmetric about their middle, ending at `n`, none left of
/// `lo`: a leftmost coin a, and between a and n pairs (i, a + n - i) and
/// the middle coin when a + n is even.
fn symmetric(
    first: bool,
    lo: u64,
    n: u64,
    k: u64,
    buf: &mut Vec<u64>,
    f: &mut dyn FnMut(&[u64]) -> bool,
) -> bool {
    if k == 1 {
        return (first && n != 1) || f(&[]);
    }
    let inner = k - 2;
    let last_a = if first { 1 } else { n - 1 };
    for a in lo..=last_a.min(n - 1) {
        let middle = (a + n).is_multiple_of(2);
        // Pairs strictly between a and the middle.
        let pairs_room = (n - a - 1) / 2;
        for m in 0..=u64::from(middle) {
            if inner < m || (inner - m) % 2 == 1 || (inner - m) / 2 > pairs_room {
                continue;
            }
            let p = (inner - m) / 2;
            let mut lows = Vec::with_capacity(p as usize);
            let go_on = choose(a + 1, a + 1 + pairs_room, p, &mut lows, &mut |low| {
                buf.clear();
                buf.push(a);
                buf.extend_from_slice(low);
                if m == 1 {
                    buf.push((a + n) / 2);
                }
                buf.extend(low.iter().rev().map(|&i| a + n - i));
                f(buf)
            });
            if !go_on {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sets(code: &str, n: u64) -> Vec<Vec<u64>> {
        let c = TurningCode::parse(code).unwrap();
        let mut out = Vec::new();
        c.for_each_set(n, &mut |s| {
            out.push(s.to_vec());
            true
        });
        out
    }

    /// Whether the rule allows turning exactly `t` (ascending, ends at n),
    /// read straight from the rule's words.
    fn allows(e: &Element, t: &[u64]) -> bool {
        let k = t.len() as u64;
        let span = t[t.len() - 1] - t[0] + 1;
        let gaps: Vec<u64> = t.windows(2).map(|w| w[1] - w[0]).collect();
        let placed = match e.spacing {
            Spacing::Any => true,
            Spacing::Consecutive => gaps.iter().all(|&g| g == 1),
            Spacing::EquallySpaced => gaps.iter().all(|&g| g == gaps[0]),
            Spacing::Symmetric => {
                (0..t.len()).all(|i| t[i] + t[t.len() - 1 - i] == t[0] + t[t.len() - 1])
            }
        };
        e.min <= k && k <= e.max && span <= e.within && placed && (!e.first || t[0] == 1)
    }

    /// Every set by brute force: each subset of 1..n, kept when some
    /// element allows it with n.
    fn brute(code: &str, n: u64) -> Vec<Vec<u64>> {
        let c = TurningCode::parse(code).unwrap();
        let mut out = Vec::new();
        for e in c.elements() {
            for bits in 0..1u64 << (n - 1) {
                let a: Vec<u64> = (1..n).filter(|i| bits >> (i - 1) & 1 == 1).collect();
                let mut t = a.clone();
                t.push(n);
                if allows(e, &t) {
                    out.push(a);
                }
            }
        }
        out
    }

    fn sorted(mut v: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
        v.sort();
        v
    }

    #[test]
    fn cgsuite_option_counts_of_heap_20() {
        // GameHeapTest.scala lines 76 to 94: `Spawning(code)(20).Options.Size`.
        for (code, count) in [
            ("1-3", 191),
            ("1-9", 169_766),
            ("3", 171),
            ("1+C", 20),
            ("1-3C(5)", 11),
            ("3C(5)", 6),
            ("1-5C", 5),
            ("3E", 9),
            ("4FS", 9),
            ("1+S", 2046),
        ] {
            assert_eq!(sets(code, 20).len(), count, "{code}");
        }
    }

    #[test]
    fn codes_that_do_not_read() {
        for (code, offset) in [
            ("", 0),
            ("0-3", 0),
            ("3-1", 0),
            ("1-3X", 3),
            ("1-3C(5", 4),
            ("1-3CE", 4),
            ("1-3,", 4),
            ("a", 0),
            ("1-3C(0)", 3),
            ("1-3é", 3),
        ] {
            let e = TurningCode::parse(code).unwrap_err();
            assert_eq!(e.offset, offset, "{code}: {}", e.message);
            assert!(e.offset <= code.len(), "{code}");
        }
        assert!(TurningCode::parse("1-3c(5)").is_ok());
        assert!(TurningCode::parse("4fs").is_ok());
    }

    #[test]
    fn a_search_that_stops_stops() {
        let c = TurningCode::parse("1+").unwrap();
        let mut seen = 0;
        assert!(!c.for_each_set(30, &mut |_| {
            seen += 1;
            seen < 10
        }));
        assert_eq!(seen, 10);
    }

    fn element_text() -> impl Strategy<Value = String> {
        (
            1u64..6,
            prop_oneof![Just(0u64), 0u64..4, Just(99)],
            prop_oneof![Just(""), Just("C"), Just("E"), Just("S")],
            any::<bool>(),
            prop_oneof![Just(0u64), 1u64..8],
        )
            .prop_map(|(min, extra, spacing, first, within)| {
                let count = match extra {
                    0 => min.to_string(),
                    99 => format!("{min}+"),
                    x => format!("{min}-{}", min + x),
                };
                let f = if first { "F" } else { "" };
                let w = if within > 0 {
                    format!("C({within})")
                } else {
                    String::new()
                };
                format!("{count}{f}{spacing}{w}")
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn the_sets_are_the_rules_sets(
            parts in prop::collection::vec(element_text(), 1..3),
            n in 1u64..12,
        ) {
            let code = parts.join(",");
            let got = sets(&code, n);
            // Each element lists each of its sets once, ascending.
            prop_assert!(got.iter().all(|s| s.windows(2).all(|w| w[0] < w[1])
                && s.iter().all(|&c| (1..n).contains(&c))));
            prop_assert_eq!(sorted(got), sorted(brute(&code, n)), "{}", code);
        }
    }
}
