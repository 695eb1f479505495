//! CGSuite's extended take-and-break codes (`docs/OCTAL.md`, "Extended
//! codes"): the octal and hex codes of [`OctalCode`] widened to any
//! number of heaps, conditions on the heaps a move leaves, digits that
//! repeat for ever, and moves that add tokens.
//!
//! A code is `a_k … a_1 d_0 . d_1 d_2 … d_t [d_t+1 … d_u]`. Digit `d_j`
//! says what may remain after removing `j` tokens from one heap; the
//! digits before the point, read leftwards from the one next to it, are
//! `d_0` (remove nothing) and then `a_1`, `a_2`, … (add 1, 2, … tokens).
//! A digit is a set of heap counts, each with a condition:
//!
//! - `0`–`9`, `A`–`V` (either case): the counts of the digit's binary
//!   bits (bit `2^c`: exactly `c` non-empty heaps; count 0 means the heap
//!   is used up), `&n;` the same for any number `n`;
//! - `{c1,c2,…}` the listed counts, `{…,c+}` also every count above `c`,
//!   `*` every count (`{0+}`);
//! - a suffix `!` (the heaps left are pairwise unequal), `?` (not all
//!   equal) or `=` (all equal), after a digit, after `}` for every count
//!   of the group, or after one count inside it.
//!
//! A condition is about the two or more heaps a move leaves: a move that
//! leaves none or one heap meets each of them. The digits in brackets
//! repeat for ever (`0.[3]` is Nim).
//!
//! Every heap a move leaves must be smaller than the heap moved from, so
//! that the game ends: `d_0` may not allow 0 or 1 heap (a move that changes
//! nothing), and `a_k` (add `k` tokens) only counts of `k + 2` heaps or
//! more. [`TakeBreakCode::octal`] is the same game as an [`OctalCode`]
//! when there is one (finite, at most three heaps, no condition that
//! restricts, no added tokens), so the octal engine can answer it.
//! [`TakeBreakCode::for_each_option`] lists a heap's options in CGSuite's
//! order: by tokens removed (added first), then by the number of heaps,
//! then the heaps' sizes in ascending lexicographic order.

use std::fmt;

use super::{CodeError, OctalCode};

/// The condition a digit puts on the two or more heaps a move leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Condition {
    /// Any sizes.
    Any,
    /// `!`: pairwise unequal.
    Unequal,
    /// `?`: not all equal.
    NotAllEqual,
    /// `=`: all equal.
    AllEqual,
}

/// One digit: which numbers of heaps a move may leave, and on what
/// condition.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Digit {
    /// `counts[c]`: the condition when `c` heaps may be left, None when not.
    counts: Vec<Option<Condition>>,
    /// Every count past the last of `counts` too, on its condition.
    more: bool,
}

impl Digit {
    /// The condition on leaving `c` heaps, None when not allowed.
    pub fn allows(&self, c: u64) -> Option<Condition> {
        match usize::try_from(c) {
            Ok(i) if i < self.counts.len() => self.counts[i],
            _ if self.more => self.counts.last().copied().flatten(),
            _ => None,
        }
    }

    /// Whether the digit allows no move.
    pub fn is_zero(&self) -> bool {
        self.counts.iter().all(Option::is_none)
    }

    /// The least count allowed (None for a zero digit).
    fn least(&self) -> Option<usize> {
        self.counts.iter().position(Option::is_some)
    }

    /// The octal or hex digit with the same moves: counts up to 3, none
    /// of two or more under a condition that restricts.
    fn octal(&self) -> Option<u8> {
        if self.more || self.counts.len() > 4 {
            return None;
        }
        let mut d = 0;
        for (c, cond) in self.counts.iter().enumerate() {
            match cond {
                None => {}
                Some(Condition::Any) => d |= 1 << c,
                Some(_) if c <= 1 => d |= 1 << c,
                Some(_) => return None,
            }
        }
        Some(d)
    }
}

/// A take-and-break code in CGSuite's extended notation (`4!.0`,
/// `0.[3]`, `{2+}=.0`, `80.0`), as written and as its digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreakCode {
    text: String,
    /// `digits[j]`: remove `j` tokens (`digits[0]`: remove none).
    digits: Vec<Digit>,
    /// `added[k - 1]`: add `k` tokens.
    added: Vec<Digit>,
    /// The last `period` digits repeat for ever (0: none repeat).
    period: usize,
}

const FORMAT_HELP: &str = "an extended code is digits, a point, digits, and maybe a last group in \
    brackets that repeats: a digit is 0-9 or A-V (bits: numbers of heaps left), {1,3+} (a list of \
    numbers of heaps, + for more), * (any number) or &n;, each maybe followed by ! (heaps \
    unequal), ? (not all equal) or = (all equal); e.g. 4!.0, 0.[3], {2+}=.0, 0.{0,1,3+}";

/// The most heaps a digit may name one by one.
const MAX_COUNT: u64 = 63;

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn err(&self, len: usize, message: impl Into<String>) -> CodeError {
        CodeError::new(self.at, len, message, FORMAT_HELP)
    }

    /// A character the code cannot hold here.
    fn unexpected(&self, what: &str) -> CodeError {
        match self.peek() {
            Some(c) => self.err(c.len_utf8(), format!("`{c}` cannot stand here: {what}")),
            None => self.err(0, format!("the code ends too soon: {what}")),
        }
    }

    fn condition(&mut self) -> Option<Condition> {
        let c = match self.peek()? {
            '!' => Condition::Unequal,
            '?' => Condition::NotAllEqual,
            '=' => Condition::AllEqual,
            _ => return None,
        };
        self.at += 1;
        Some(c)
    }

    /// A decimal number, at most `max`.
    fn number(&mut self, max: u64, what: &str) -> Result<u64, CodeError> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        if start == self.at {
            return Err(self.unexpected(&format!("{what} was expected")));
        }
        match self.text[start..self.at].parse::<u64>() {
            Ok(n) if n <= max => Ok(n),
            _ => Err(CodeError::new(
                start,
                self.at - start,
                format!(
                    "`{}` is too large: {what} is at most {max}",
                    &self.text[start..self.at]
                ),
                FORMAT_HELP,
            )),
        }
    }

    /// One digit with its condition.
    fn digit(&mut self) -> Result<Digit, CodeError> {
        let Some(c) = self.peek() else {
            return Err(self.unexpected("a digit was expected"));
        };
        match c {
            '{' => self.group(),
            '*' => {
                self.at += 1;
                let cond = self.condition().unwrap_or(Condition::Any);
                Ok(Digit {
                    counts: vec![Some(cond)],
                    more: true,
                })
            }
            '&' => {
                self.at += 1;
                let bits = self.number(u64::MAX >> 1, "the number of a digit `&n;`")?;
                if self.peek() != Some(';') {
                    return Err(self.unexpected("`&n;` ends with `;`"));
                }
                self.at += 1;
                Ok(from_bits(bits, self.condition().unwrap_or(Condition::Any)))
            }
            _ => match c.to_digit(32) {
                Some(bits) => {
                    self.at += 1;
                    Ok(from_bits(
                        u64::from(bits),
                        self.condition().unwrap_or(Condition::Any),
                    ))
                }
                None => Err(self.unexpected("a digit 0-9 or A-V, `{`, `*` or `&` was expected")),
            },
        }
    }

    /// `{c1, c2!, c3+}` with an optional condition after it for every count.
    fn group(&mut self) -> Result<Digit, CodeError> {
        let open = self.at;
        self.at += 1;
        let mut listed: Vec<(u64, Option<Condition>)> = Vec::new();
        let mut more = false;
        loop {
            let n = self.number(MAX_COUNT, "a number of heaps")?;
            let cond = self.condition();
            listed.push((n, cond));
            match self.peek() {
                Some(',') => self.at += 1,
                Some('+') => {
                    self.at += 1;
                    more = true;
                    match self.peek() {
                        Some('}') => {}
                        Some(_) => return Err(self.unexpected("`+` ends the group: `{2,4+}`")),
                        None => {
                            return Err(CodeError::new(
                                open,
                                1,
                                "this `{` is not closed by a `}`",
                                FORMAT_HELP,
                            ));
                        }
                    }
                }
                Some('}') => break,
                Some(_) => return Err(self.unexpected("`,`, `+` or `}` was expected")),
                None => {
                    return Err(CodeError::new(
                        open,
                        1,
                        "this `{` is not closed by a `}`",
                        FORMAT_HELP,
                    ));
                }
            }
            if self.peek() == Some('}') {
                break;
            }
        }
        self.at += 1;
        let after = self.at;
        let all = self.condition();
        let top = listed.iter().map(|&(n, _)| n).max().unwrap_or(0) as usize;
        let mut counts = vec![None; top + 1];
        for &(n, cond) in &listed {
            if all.is_some() && cond.is_some() {
                return Err(CodeError::new(
                    after,
                    1,
                    "a condition after `}` and another inside the group",
                    "write the condition once for the whole group (`{2,3}!`) or one per number (`{2!,3}`)",
                ));
            }
            counts[n as usize] = Some(cond.or(all).unwrap_or(Condition::Any));
        }
        if more {
            // `+` continues from the last number listed.
            let last = listed.last().map_or(0, |&(n, _)| n as usize);
            let cond = counts[last];
            counts.truncate(last + 1);
            counts[last] = cond;
        }
        Ok(Digit { counts, more })
    }
}

/// The digit whose bit `2^c` allows `c` heaps, every count on `cond`.
fn from_bits(bits: u64, cond: Condition) -> Digit {
    let counts = (0..64)
        .take_while(|&c| bits >> c != 0)
        .map(|c| (bits >> c & 1 == 1).then_some(cond))
        .collect();
    Digit {
        counts,
        more: false,
    }
}

impl TakeBreakCode {
    /// Reads a code in CGSuite's notation; a [`CodeError`] marks what is
    /// wrong (a character, a bracket, a group, a digit whose moves would
    /// not end).
    pub fn parse(s: &str) -> Result<Self, CodeError> {
        if s.is_empty() {
            return Err(CodeError::new(
                0,
                0,
                "empty take-and-break code",
                FORMAT_HELP,
            ));
        }
        let mut r = Reader { text: s, at: 0 };
        let mut before: Vec<(Digit, usize, usize)> = Vec::new();
        while r.peek().is_some_and(|c| c != '.') {
            let at = r.at;
            let d = r.digit()?;
            before.push((d, at, r.at - at));
        }
        if r.peek() != Some('.') {
            return Err(CodeError::new(
                0,
                s.len(),
                "a take-and-break code needs a point",
                format!(
                    "write .{s} or 0.{s} for digits after the point, or {s}. for digits before it"
                ),
            ));
        }
        if s == "." {
            return Err(CodeError::new(0, 1, "a code with no digit", FORMAT_HELP));
        }
        r.at += 1;
        let mut digits = vec![Digit::default()];
        let mut added = Vec::new();
        if let Some((d0, at, len)) = before.pop() {
            if d0.least().is_some_and(|c| c < 2) {
                return Err(CodeError::new(
                    at,
                    len,
                    "the digit before the point allows leaving 0 or 1 heap, a move that takes nothing",
                    "the digit next to the point removes nothing, so it may only split a heap into 2 or more: 4, 8, c, {2+}, …",
                ));
            }
            digits[0] = d0;
        }
        for (k, (d, at, len)) in before.into_iter().rev().enumerate() {
            let k = k + 1;
            if d.least().is_some_and(|c| c < k + 2) {
                return Err(CodeError::new(
                    at,
                    len,
                    format!(
                        "this digit adds {k} token{} and allows fewer than {} heaps, so a heap could grow and the game never end",
                        if k == 1 { "" } else { "s" },
                        k + 2
                    ),
                    format!(
                        "a digit that adds {k} must leave {} heaps or more, each then smaller than the heap",
                        k + 2
                    ),
                ));
            }
            added.push(d);
        }
        let mut repeat_from = None;
        while let Some(c) = r.peek() {
            match c {
                '[' if repeat_from.is_none() => {
                    repeat_from = Some((digits.len(), r.at));
                    r.at += 1;
                }
                ']' if repeat_from.is_some() => {
                    let (from, open) = repeat_from.unwrap_or_default();
                    if from == digits.len() {
                        return Err(CodeError::new(
                            open,
                            r.at + 1 - open,
                            "nothing to repeat between the brackets",
                            "put the digits that repeat for ever in the brackets: 0.[3] is 0.333…",
                        ));
                    }
                    r.at += 1;
                    if r.at != s.len() {
                        return Err(r.unexpected("the repeating digits in brackets end the code"));
                    }
                    let period = digits.len() - from;
                    return Ok(TakeBreakCode::new(s, digits, added, period));
                }
                '.' => return Err(r.unexpected("a code has one point")),
                '[' | ']' => {
                    return Err(r.unexpected("one group in brackets ends the code: 0.7[03]"));
                }
                _ => digits.push(r.digit()?),
            }
        }
        if let Some((_, open)) = repeat_from {
            return Err(CodeError::new(
                open,
                1,
                "this `[` is not closed by a `]`",
                FORMAT_HELP,
            ));
        }
        Ok(TakeBreakCode::new(s, digits, added, 0))
    }

    fn new(text: &str, mut digits: Vec<Digit>, mut added: Vec<Digit>, mut period: usize) -> Self {
        if digits[digits.len() - period..].iter().all(Digit::is_zero) {
            digits.truncate(digits.len() - period);
            period = 0;
        }
        if period == 0 {
            while digits.len() > 1 && digits.last().is_some_and(Digit::is_zero) {
                digits.pop();
            }
        }
        while added.last().is_some_and(Digit::is_zero) {
            added.pop();
        }
        TakeBreakCode {
            text: text.to_string(),
            digits,
            added,
            period,
        }
    }

    /// The digit of removing `j` tokens (`j < 0`: adding `-j`).
    pub fn digit(&self, j: i64) -> &Digit {
        static ZERO: Digit = Digit {
            counts: Vec::new(),
            more: false,
        };
        if j < 0 {
            let k = j.unsigned_abs() as usize;
            return self.added.get(k - 1).unwrap_or(&ZERO);
        }
        let j = j as u64;
        let len = self.digits.len() as u64;
        if j < len {
            &self.digits[j as usize]
        } else if self.period > 0 {
            let start = len - self.period as u64;
            &self.digits[(start + (j - start) % self.period as u64) as usize]
        } else {
            &ZERO
        }
    }

    /// The same game as an octal or hex code, when there is one.
    pub fn octal(&self) -> Option<OctalCode> {
        if self.period > 0 || !self.added.is_empty() {
            return None;
        }
        let digits: Option<Vec<u8>> = self.digits.iter().map(Digit::octal).collect();
        digits.map(|d| OctalCode::from_digits(&d))
    }

    /// The most heaps a move from a heap of `n` may leave.
    pub fn max_parts(&self, n: u64) -> u64 {
        let mut most = 0;
        let take = self.max_take(n);
        for j in -(self.added.len() as i64)..=take {
            let Some(m) = n.checked_add_signed(-j) else {
                continue;
            };
            let d = self.digit(j);
            let top = if d.more {
                m
            } else {
                (d.counts.len() as u64).saturating_sub(1).min(m)
            };
            if !d.is_zero() {
                most = most.max(top);
            }
        }
        most
    }

    /// The most tokens a move from a heap of `n` may remove.
    fn max_take(&self, n: u64) -> i64 {
        let top = if self.period > 0 {
            n
        } else {
            (self.digits.len() as u64 - 1).min(n)
        };
        i64::try_from(top).unwrap_or(i64::MAX)
    }

    /// Calls `f` on every option of a heap of `n` tokens, as the sizes of
    /// the heaps left in ascending order (`[]` when nothing is), in
    /// CGSuite's order; stops when `f` returns false. Returns whether it
    /// went through every option.
    pub fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        let mut buf = Vec::new();
        for j in -(self.added.len() as i64)..=self.max_take(n) {
            let Some(m) = n.checked_add_signed(-j) else {
                continue;
            };
            let d = self.digit(j);
            if d.is_zero() {
                continue;
            }
            let top = if d.more {
                m
            } else {
                (d.counts.len() as u64 - 1).min(m)
            };
            for c in 0..=top {
                let Some(cond) = d.allows(c) else {
                    continue;
                };
                if c == 0 {
                    if m == 0 && !f(&[]) {
                        return false;
                    }
                    continue;
                }
                if !partitions(m, c as usize, cond, &mut buf, f) {
                    return false;
                }
            }
        }
        true
    }
}

/// Calls `f` on every way to write `m` as `c >= 1` positive parts in
/// ascending order meeting `cond`, in lexicographic order; false when `f`
/// stopped it.
fn partitions(
    m: u64,
    c: usize,
    cond: Condition,
    buf: &mut Vec<u64>,
    f: &mut dyn FnMut(&[u64]) -> bool,
) -> bool {
    let cu = c as u64;
    buf.clear();
    match cond {
        _ if c == 1 => return f(&[m]),
        Condition::AllEqual => {
            if m.is_multiple_of(cu) {
                buf.resize(c, m / cu);
                return f(buf);
            }
            return true;
        }
        Condition::Unequal => {
            // 1, 2, …, c - 1 and the rest, which must pass c - 1.
            if u128::from(m) < u128::from(cu) * u128::from(cu + 1) / 2 {
                return true;
            }
            buf.extend(1..cu);
            buf.push(m - cu * (cu - 1) / 2);
        }
        Condition::Any | Condition::NotAllEqual => {
            if m < cu {
                return true;
            }
            buf.resize(c - 1, 1);
            buf.push(m - (cu - 1));
        }
    }
    loop {
        let skip = cond == Condition::NotAllEqual && buf[0] == buf[c - 1];
        if !skip && !f(buf) {
            return false;
        }
        if !next(buf, cond == Condition::Unequal) {
            return true;
        }
    }
}

/// The next ascending partition after `buf` in lexicographic order (of
/// pairwise unequal parts when `unequal`), in place; false after the last.
fn next(buf: &mut [u64], unequal: bool) -> bool {
    let c = buf.len();
    let mut rest = buf[c - 1];
    for i in (0..c - 1).rev() {
        rest += buf[i];
        let v = buf[i] + 1;
        let k = (c - i) as u128;
        // The least the parts i.. can hold when part i is v.
        let least = if unequal {
            k * u128::from(v) + k * (k - 1) / 2
        } else {
            k * u128::from(v)
        };
        if least <= u128::from(rest) {
            let mut used = 0;
            for (t, slot) in buf[i..c - 1].iter_mut().enumerate() {
                *slot = if unequal { v + t as u64 } else { v };
                used += *slot;
            }
            buf[c - 1] = rest - used;
            return true;
        }
    }
    false
}

impl fmt::Display for TakeBreakCode {
    /// The code as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}
