//! Octal codes: parsing, canonical printing, and the moves a code allows.
//!
//! [`OctalCode::parse`] reads `0.77`, `.77`, `4.07`, `0.137`, `0.f`, hex
//! digits in either case, any number of digits, and `4.` (no digit after
//! the point); it refuses the forms listed in `docs/OCTAL.md` with a
//! [`CodeError`] whose `offset` and `len` (bytes of the text) mark the
//! offending character. A pre-point digit with bit 1 or 2 is reported on
//! that digit, so `1..2` points at the `1`, not at the second point.
//! `Display` prints the canonical form: the pre-point digit always, at
//! least one digit after the point, no trailing zeros, hex in lower case.
//! [`OctalCode::subtraction`] is the finite subtraction game, digit 3 at
//! each number of the set.
//!
//! A code is kept as the sorted lists of `k` of each kind of move
//! ([`OctalCode::take_all_moves`], [`OctalCode::take_moves`],
//! [`OctalCode::split2_moves`], [`OctalCode::split3_moves`]; `k = 0` is the
//! pre-point digit), so a subtraction number of 2⁶² costs no more than a
//! small one. [`OctalCode::max_parts`] is h, the most heaps a move leaves
//! (1, 2 or 3; 1 for a code without splits), and [`OctalCode::max_take`]
//! t, the most tokens a move removes (pre-point moves remove none): the h
//! and t of the Guy–Smith theorem (`period.rs`).
//! [`OctalCode::for_each_option`] lists every option of a heap as its
//! non-empty parts in ascending order, each split once per `k`: the slow,
//! obviously correct reference the engines are tested against.

use std::fmt;

/// An octal (or hex) take-and-break code such as `0.77` (Kayles) or `4.07`.
///
/// Digit `d_k` (k ≥ 1, after the point) says what may remain after removing
/// `k` tokens from one heap: bit 1 — nothing (only when the heap has exactly
/// `k` tokens); bit 2 — one non-empty heap; bit 4 — two non-empty heaps;
/// bit 8 — three non-empty heaps. The optional digit before the point only
/// has bits 4 and 8: split a heap into two or three non-empty heaps, removing
/// nothing. The code is stored as sorted lists of `k`, so a subtraction game
/// with a large subtraction number costs no more than its set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    take_all: Vec<u64>,
    take: Vec<u64>,
    split2: Vec<u64>,
    split3: Vec<u64>,
}

/// A malformed octal code, with the bytes of the code text to mark.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct CodeError {
    /// Byte offset of the offending text in the code.
    pub offset: usize,
    /// Its length in bytes (0 for an empty code).
    pub len: usize,
    /// What is wrong, in a sentence.
    pub message: String,
    /// What a code looks like, or what to write instead.
    pub help: String,
}

impl CodeError {
    pub(super) fn new(
        offset: usize,
        len: usize,
        message: impl Into<String>,
        help: impl Into<String>,
    ) -> Self {
        CodeError {
            offset,
            len,
            message: message.into(),
            help: help.into(),
        }
    }

    /// A stable name for the failure, for a front end that tells its
    /// errors apart by code.
    pub fn code(&self) -> &'static str {
        "grundy_theory::octal::code"
    }
}

const FORMAT_HELP: &str = "an octal code is an optional digit 0, 4, 8 or c, a point, then octal \
     digits 0-7 (or hex digits 8-f for three-heap splits), e.g. 0.77 (Kayles), .07, 4.07, 0.f";

fn hex_value(c: char) -> Option<u8> {
    c.to_digit(16).and_then(|d| u8::try_from(d).ok())
}

impl OctalCode {
    /// Parses a code: `[d0].d1d2…`, digits 0–f (case-insensitive).
    ///
    /// Accepted: `0.77`, `.77`, `4.07`, `0.137`, `0.f`, `0.` and `4.` (no
    /// digit after the point). Rejected, with the offending character
    /// marked: an empty string, a code without a point (`77` is ambiguous:
    /// write `.77` or `0.77`), `.` alone, a second point, more than one
    /// digit before the point, a pre-point digit with bit 1 or 2 (those
    /// would be moves removing nothing), and any other character.
    pub fn parse(s: &str) -> Result<Self, CodeError> {
        if s.is_empty() {
            return Err(CodeError::new(0, 0, "empty octal code", FORMAT_HELP));
        }
        let Some(point) = s.find('.') else {
            return Err(CodeError::new(
                0,
                s.len(),
                "an octal code needs a point",
                format!(
                    "write .{s} or 0.{s} for digits after the point, or {s}. for a digit before it"
                ),
            ));
        };
        let mut digits: Vec<u8> = Vec::with_capacity(s.len());
        // Before the point: at most one digit, bits 4/8 only.
        let pre = &s[..point];
        let mut pre_chars = pre.char_indices();
        let mut d0 = 0u8;
        if let Some((i, c)) = pre_chars.next() {
            match hex_value(c) {
                None => {
                    return Err(CodeError::new(
                        i,
                        c.len_utf8(),
                        format!("`{c}` is not an octal or hex digit"),
                        FORMAT_HELP,
                    ));
                }
                Some(d) if d & 3 != 0 => {
                    return Err(CodeError::new(
                        i,
                        c.len_utf8(),
                        format!("pre-point digit `{c}` has bit 1 or 2, which are not moves there"),
                        "before the point only bits 4 (split into two heaps) and 8 (split into \
                         three heaps) mean something: use 0, 4, 8 or c",
                    ));
                }
                Some(d) => d0 = d,
            }
        }
        if let Some((i, _)) = pre_chars.next() {
            return Err(CodeError::new(
                i,
                pre.len() - i,
                "only one digit may stand before the point",
                FORMAT_HELP,
            ));
        }
        digits.push(d0);
        for (i, c) in s[point + 1..].char_indices() {
            let offset = point + 1 + i;
            if c == '.' {
                return Err(CodeError::new(
                    offset,
                    1,
                    "a second point in an octal code",
                    FORMAT_HELP,
                ));
            }
            match hex_value(c) {
                Some(d) => digits.push(d),
                None => {
                    return Err(CodeError::new(
                        offset,
                        c.len_utf8(),
                        format!("`{c}` is not an octal or hex digit"),
                        FORMAT_HELP,
                    ));
                }
            }
        }
        if pre.is_empty() && digits.len() == 1 {
            return Err(CodeError::new(
                point,
                1,
                "an octal code needs at least one digit",
                "write 0.0 for the game with no moves, or e.g. .77 for Kayles",
            ));
        }
        Ok(Self::from_digits(&digits))
    }

    /// Builds a code from its digits: `digits[0]` is the pre-point digit
    /// (bits 1 and 2 ignored), `digits[k]` the digit for removing `k`.
    pub fn from_digits(digits: &[u8]) -> Self {
        let mut code = OctalCode {
            take_all: Vec::new(),
            take: Vec::new(),
            split2: Vec::new(),
            split3: Vec::new(),
        };
        for (k, &d) in digits.iter().enumerate() {
            let k = k as u64;
            if k > 0 && d & 1 != 0 {
                code.take_all.push(k);
            }
            if k > 0 && d & 2 != 0 {
                code.take.push(k);
            }
            if d & 4 != 0 {
                code.split2.push(k);
            }
            if d & 8 != 0 {
                code.split3.push(k);
            }
        }
        code
    }

    /// The finite subtraction game "take s from a heap, s in `set`": digit 3
    /// at each s (leaving nothing or one heap). Zeros are ignored.
    pub fn subtraction(set: &[u64]) -> Self {
        let mut s: Vec<u64> = set.iter().copied().filter(|&k| k > 0).collect();
        s.sort_unstable();
        s.dedup();
        OctalCode {
            take_all: s.clone(),
            take: s,
            split2: Vec::new(),
            split3: Vec::new(),
        }
    }

    /// The most heaps any move leaves: 1 (subtraction games, and codes with
    /// no split at all), 2 (octal) or 3 (hex digits with bit 8).
    pub fn max_parts(&self) -> usize {
        if !self.split3.is_empty() {
            3
        } else if !self.split2.is_empty() {
            2
        } else {
            1
        }
    }

    /// The most tokens any move removes (pre-point moves remove 0).
    pub fn max_take(&self) -> u64 {
        [&self.take_all, &self.take, &self.split2, &self.split3]
            .iter()
            .filter_map(|v| v.last().copied())
            .max()
            .unwrap_or(0)
    }

    /// Sorted `k` whose digit has bit 1 (remove all `k` tokens of a heap of `k`).
    pub fn take_all_moves(&self) -> &[u64] {
        &self.take_all
    }

    /// Sorted `k` whose digit has bit 2 (remove `k`, leave one non-empty heap).
    pub fn take_moves(&self) -> &[u64] {
        &self.take
    }

    /// Sorted `k` (0 = pre-point) whose digit has bit 4 (remove `k`, leave two heaps).
    pub fn split2_moves(&self) -> &[u64] {
        &self.split2
    }

    /// Sorted `k` (0 = pre-point) whose digit has bit 8 (remove `k`, leave three heaps).
    pub fn split3_moves(&self) -> &[u64] {
        &self.split3
    }

    /// The digit for removing `k` tokens (`k = 0`: the pre-point digit).
    pub fn digit(&self, k: u64) -> u8 {
        let has = |v: &Vec<u64>| v.binary_search(&k).is_ok();
        u8::from(has(&self.take_all))
            | u8::from(has(&self.take)) << 1
            | u8::from(has(&self.split2)) << 2
            | u8::from(has(&self.split3)) << 3
    }

    /// How many times `for_each_option(n)` calls its function, without
    /// listing the options (a heap of 10^15 has too many to list).
    pub fn option_count(&self, n: u64) -> u128 {
        let mut count = u128::from(self.take_all.binary_search(&n).is_ok());
        count += self.take.iter().filter(|&&k| k < n).count() as u128;
        for &k in &self.split2 {
            if n >= k.saturating_add(2) {
                count += u128::from((n - k) / 2);
            }
        }
        // Σ_{a=1}^{A} (⌊(m-a)/2⌋ - a + 1) with A = ⌊m/3⌋, by the closed form
        // of Σ_{j<x} ⌊j/2⌋ = ⌊x/2⌋·⌊(x-1)/2⌋.
        let f = |x: u128| if x == 0 { 0 } else { (x / 2) * ((x - 1) / 2) };
        for &k in &self.split3 {
            if n >= k.saturating_add(3) {
                let m = u128::from(n - k);
                let a = m / 3;
                count += f(m) - f(m - a) - a * (a.saturating_sub(1)) / 2;
            }
        }
        count
    }

    /// Calls `f` once per option of a heap of `n` tokens, with the option's
    /// non-empty heaps in ascending order (`[]` when nothing is left). A
    /// split is listed once per multiset of parts and per `k`.
    pub fn for_each_option(&self, n: u64, mut f: impl FnMut(&[u64])) {
        if self.take_all.binary_search(&n).is_ok() {
            f(&[]);
        }
        for &k in &self.take {
            if k >= n {
                break;
            }
            f(&[n - k]);
        }
        for &k in &self.split2 {
            if n < k.saturating_add(2) {
                break;
            }
            let m = n - k;
            for a in 1..=m / 2 {
                f(&[a, m - a]);
            }
        }
        for &k in &self.split3 {
            if n < k.saturating_add(3) {
                break;
            }
            let m = n - k;
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    f(&[a, b, m - a - b]);
                }
            }
        }
    }
}

impl std::str::FromStr for OctalCode {
    type Err = CodeError;
    fn from_str(s: &str) -> Result<Self, CodeError> {
        OctalCode::parse(s)
    }
}

fn digit_char(d: u8) -> char {
    char::from_digit(u32::from(d), 16).unwrap_or('?')
}

impl fmt::Display for OctalCode {
    /// The canonical code: the pre-point digit, the point, the digits
    /// without trailing zeros (at least one), hex digits in lower case.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lists = [&self.take_all, &self.take, &self.split2, &self.split3];
        let mut pos = [0usize; 4];
        let mut digit_at = |k: u64| -> u8 {
            let mut d = 0u8;
            for (bit, list) in lists.iter().enumerate() {
                if list.get(pos[bit]) == Some(&k) {
                    d |= 1 << bit;
                    pos[bit] += 1;
                }
            }
            d
        };
        let t = self.max_take();
        write!(f, "{}.", digit_char(digit_at(0)))?;
        if t == 0 {
            return write!(f, "0");
        }
        for k in 1..=t {
            write!(f, "{}", digit_char(digit_at(k)))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn option_count_is_the_number_of_options_listed() {
        for code in [
            "0.77", "0.07", "0.137", "4.07", "0.f7", "0.8", "0.9b", "0.333", "0.ff",
        ] {
            let c = OctalCode::parse(code).unwrap();
            for n in 0..60u64 {
                let mut listed = 0u128;
                c.for_each_option(n, |_| listed += 1);
                assert_eq!(c.option_count(n), listed, "{code} at {n}");
            }
        }
        // Large heaps: about n/2 two-way splits per digit with bit 4.
        let k = OctalCode::parse("0.77").unwrap();
        assert!(k.option_count(1_000_000_000_000_000) >= 900_000_000_000_000);
    }

    use super::*;

    fn canon(s: &str) -> String {
        OctalCode::parse(s)
            .map(|c| c.to_string())
            .unwrap_or_default()
    }

    #[test]
    fn parses_and_prints_canonically() {
        assert_eq!(canon("0.77"), "0.77");
        assert_eq!(canon(".77"), "0.77");
        assert_eq!(canon("4.07"), "4.07");
        assert_eq!(canon("0.137"), "0.137");
        assert_eq!(canon("0.F"), "0.f");
        assert_eq!(canon("0.7700"), "0.77");
        assert_eq!(canon("0."), "0.0");
        assert_eq!(canon("4."), "4.0");
        assert_eq!(canon("c.0"), "c.0");
        assert_eq!(OctalCode::subtraction(&[3, 1, 0, 3]).to_string(), "0.303");
    }

    #[test]
    fn measures_codes() {
        let k = OctalCode::parse("0.77").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((k.max_parts(), k.max_take()), (2, 2));
        let s = OctalCode::subtraction(&[1, 5]);
        assert_eq!((s.max_parts(), s.max_take()), (1, 5));
        let h = OctalCode::parse("8.1").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((h.max_parts(), h.max_take()), (3, 1));
        assert_eq!(OctalCode::parse("0.").map(|c| c.max_parts()), Ok(1));
    }

    #[test]
    fn rejects_bad_codes_with_offsets() {
        let err = |s: &str| OctalCode::parse(s).err().map(|e| (e.offset, e.len));
        assert_eq!(err("0.9x"), Some((3, 1)));
        assert_eq!(err("0..2"), Some((2, 1)));
        assert_eq!(err("1..2"), Some((0, 1)));
        assert_eq!(err(""), Some((0, 0)));
        assert_eq!(err("77"), Some((0, 2)));
        assert_eq!(err("."), Some((0, 1)));
        assert_eq!(err("44.1"), Some((1, 1)));
        assert_eq!(err("0.7é"), Some((3, 2)));
        assert_eq!(err("0.7 "), Some((3, 1)));
        assert_eq!(err("0.9"), None);
    }

    #[test]
    fn errors_say_what_where_and_how() {
        let e = OctalCode::parse("0.9x")
            .err()
            .unwrap_or_else(|| panic!("accepted"));
        assert_eq!(e.to_string(), "`x` is not an octal or hex digit");
        assert_eq!(e.code(), "grundy_theory::octal::code");
        assert!(e.help.contains("0.77"));
        assert_eq!((e.offset, e.len), (3, 1));
        let boxed: Box<dyn std::error::Error> = Box::new(e);
        assert!(boxed.to_string().contains('x'));
    }

    #[test]
    fn lists_options() {
        let code = OctalCode::parse("4.37").unwrap_or_else(|e| panic!("{e}"));
        let mut seen = Vec::new();
        code.for_each_option(4, |p| seen.push(p.to_vec()));
        let expected: Vec<Vec<u64>> = vec![vec![3], vec![2], vec![1, 3], vec![2, 2], vec![1, 1]];
        assert_eq!(seen, expected);
        let mut three = Vec::new();
        OctalCode::parse("0.8")
            .unwrap_or_else(|e| panic!("{e}"))
            .for_each_option(7, |p| three.push(p.to_vec()));
        assert_eq!(three, vec![vec![1, 1, 4], vec![1, 2, 3], vec![2, 2, 2]]);
    }
}
