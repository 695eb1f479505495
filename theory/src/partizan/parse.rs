//! Reads CGSuite-style notation into a canonical value.
//!
//! A value is a sequence of units, added up (`1/2*` = 1/2 + *, `2Tiny(2)`);
//! `+` between units is allowed, `-` negates the next unit. Units:
//! integers and dyadics `3`, `3/4`; `*`, `*n`; `^`, `^n`, `v`, `vn`; the
//! up-nth `^<n>`, `v<n>` and `^[n]`, `v[n]` (also `↑ ↓ ⇑ ⇓`); `±X` or
//! `+-X` = {X|−X}, `±{A,B}` = {A,B|−A,−B} and `±{G}` for a game G;
//! `Tiny(G)`, `Miny(G)`; `(…)`; and games `{L1,L2|R1,R2}`, where `||`,
//! `|||`, … separate nested games: the longest run of bars splits the
//! braces, so `{3||2|1}` = {3|{2|1}}. Two runs of the same greatest
//! length (`{3|2|1}`) are ambiguous and refused.

use super::PartizanError;
use super::store::{GameStore, ValueId};

/// Deepest nesting of braces, parentheses and prefix operators.
const MAX_DEPTH: usize = 100;

/// A text that is not a value, with the bytes of the text to mark.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    /// Byte offset of the offending text.
    pub offset: usize,
    /// Its length in bytes.
    pub len: usize,
    /// What is wrong, in a sentence.
    pub message: String,
    /// What a value looks like, or what to do instead.
    pub help: String,
    /// `grundy_theory::partizan::parse`, or the code of the game error met while
    /// building the value.
    pub code: &'static str,
    /// The game error met while building the value, if that was the
    /// failure: a budget or Ctrl-C stays what it is, not a syntax error.
    pub cause: Option<PartizanError>,
}

impl ParseError {
    pub(crate) fn new(
        offset: usize,
        len: usize,
        message: impl Into<String>,
        help: impl Into<String>,
    ) -> Self {
        ParseError {
            offset,
            len,
            message: message.into(),
            help: help.into(),
            code: "grundy_theory::partizan::parse",
            cause: None,
        }
    }

    /// The game error met while building the value, under the game
    /// error's own code; the help is shorter than the game error's, as it
    /// speaks of the text just read.
    pub(crate) fn game(offset: usize, len: usize, e: &PartizanError) -> Self {
        let help = match e {
            PartizanError::Overflow => "numerators are 64-bit and denominators at most 2^62",
            PartizanError::TooDeep { .. } => "use a game of smaller height",
            PartizanError::TooManyOptions { .. } => "use a game with fewer options",
            PartizanError::TooManyValues { .. } => "use smaller games",
            PartizanError::StepBudget { .. } => "use smaller values, or raise --max-steps",
            PartizanError::Memory { .. } => "use smaller values, or raise --max-memory",
            PartizanError::Interrupted => "cancelled",
        };
        ParseError {
            offset,
            len,
            message: e.to_string(),
            help: help.to_string(),
            code: e.code(),
            cause: Some(e.clone()),
        }
    }
}

const HELP: &str = "write a value such as 3, -3/4, *2, ^*, v3, ±1, 2Tiny(1) or {1|*||-1}";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Int(i64),
    Div,
    Bars(usize),
    Comma,
    LBrace,
    RBrace,
    LParen,
    RParen,
    Plus,
    Minus,
    PlusMinus,
    Star,
    /// `^` (1) or `⇑` (2).
    Up(i64),
    /// `v` (1) or `⇓` (2).
    Down(i64),
    Tiny,
    Miny,
    Lt,
    Gt,
    LBracket,
    RBracket,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    tok: Tok,
    start: usize,
    end: usize,
}

/// The text as tokens, each with its byte range for the errors.
fn tokenize(text: &str) -> Result<Vec<Token>, ParseError> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let token = |tok, end| Token { tok, start: i, end };
        match c {
            c if c.is_whitespace() => {}
            '0'..='9' => {
                let end = run_end(&mut chars, i + 1, |d| d.is_ascii_digit());
                out.push(token(Tok::Int(integer(text, i, end)?), end));
            }
            '|' => {
                let end = run_end(&mut chars, i + 1, |d| d == '|');
                out.push(token(Tok::Bars(end - i), end));
            }
            '+' => match chars.next_if(|&(_, d)| d == '-') {
                Some((j, _)) => out.push(token(Tok::PlusMinus, j + 1)),
                None => out.push(token(Tok::Plus, i + 1)),
            },
            c if c.is_alphabetic() => {
                let end = run_end(&mut chars, i + c.len_utf8(), char::is_alphabetic);
                word_tokens(text, i, end, &mut out)?;
            }
            c => match symbol(c) {
                Some(tok) => out.push(token(tok, i + c.len_utf8())),
                None => {
                    return Err(ParseError::new(
                        i,
                        c.len_utf8(),
                        format!("unexpected character `{c}` in a game value"),
                        HELP,
                    ));
                }
            },
        }
    }
    Ok(out)
}

/// The token a character stands for by itself (`+`, which may begin
/// `+-`, is read by the caller).
fn symbol(c: char) -> Option<Tok> {
    Some(match c {
        '/' => Tok::Div,
        '<' => Tok::Lt,
        '[' => Tok::LBracket,
        ']' => Tok::RBracket,
        '>' => Tok::Gt,
        ',' => Tok::Comma,
        '{' => Tok::LBrace,
        '}' => Tok::RBrace,
        '(' => Tok::LParen,
        ')' => Tok::RParen,
        '-' | '−' => Tok::Minus,
        '±' => Tok::PlusMinus,
        '*' => Tok::Star,
        '^' | '↑' => Tok::Up(1),
        '⇑' => Tok::Up(2),
        '↓' => Tok::Down(1),
        '⇓' => Tok::Down(2),
        _ => return None,
    })
}

/// Consumes the characters that continue a run begun before `end` (a
/// byte offset past its first character); returns the run's end.
fn run_end(
    chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>,
    mut end: usize,
    more: impl Fn(char) -> bool,
) -> usize {
    while let Some((j, d)) = chars.next_if(|&(_, d)| more(d)) {
        end = j + d.len_utf8();
    }
    end
}

/// The integer `text[start..end]`, refused when it does not fit in 64 bits.
fn integer(text: &str, start: usize, end: usize) -> Result<i64, ParseError> {
    text[start..end].parse::<i64>().map_err(|_| {
        ParseError::new(
            start,
            end - start,
            format!("integer `{}` does not fit in 64 bits", &text[start..end]),
            "integers are signed 64-bit",
        )
    })
}

/// The tokens of the word `text[start..end]`: `Tiny`, `Miny`, or a run of
/// `v`, each a down of its own (`vv` is ⇓); any other word is refused.
fn word_tokens(
    text: &str,
    start: usize,
    end: usize,
    out: &mut Vec<Token>,
) -> Result<(), ParseError> {
    let word = &text[start..end];
    let token = |tok| Token { tok, start, end };
    match word {
        "Tiny" => out.push(token(Tok::Tiny)),
        "Miny" => out.push(token(Tok::Miny)),
        w if w.chars().all(|c| c == 'v') => {
            out.extend((start..end).map(|k| Token {
                tok: Tok::Down(1),
                start: k,
                end: k + 1,
            }));
        }
        _ => {
            return Err(ParseError::new(
                start,
                end - start,
                format!("unknown name `{word}` in a game value"),
                "the names in values are v (down), Tiny and Miny",
            ));
        }
    }
    Ok(())
}

/// Parses `text` into a canonical value of `store`.
pub fn parse(store: &mut GameStore, text: &str) -> Result<ValueId, ParseError> {
    let toks = tokenize(text)?;
    // Matching bracket of every opening bracket (and a check of balance).
    let mut close = vec![usize::MAX; toks.len()];
    let mut stack = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        match t.tok {
            Tok::LBrace | Tok::LParen => {
                stack.push(i);
                if stack.len() > MAX_DEPTH {
                    return Err(ParseError::new(
                        t.start,
                        1,
                        format!("this value is nested too deeply (more than {MAX_DEPTH} levels)"),
                        "write it with less nesting",
                    ));
                }
            }
            Tok::RBrace | Tok::RParen => {
                let open = stack.pop().ok_or_else(|| {
                    ParseError::new(t.start, 1, "this bracket closes nothing", HELP)
                })?;
                let want = if toks[open].tok == Tok::LBrace {
                    Tok::RBrace
                } else {
                    Tok::RParen
                };
                if t.tok != want {
                    return Err(ParseError::new(
                        t.start,
                        1,
                        "this bracket does not match the one it closes",
                        HELP,
                    ));
                }
                close[open] = i;
            }
            _ => {}
        }
    }
    if let Some(&open) = stack.last() {
        return Err(ParseError::new(
            toks[open].start,
            1,
            "this bracket is never closed",
            HELP,
        ));
    }
    let mut p = Parser {
        toks,
        close,
        store,
        text_len: text.len(),
        depth: 0,
    };
    p.sum(0, p.toks.len())
}

struct Parser<'a> {
    toks: Vec<Token>,
    close: Vec<usize>,
    store: &'a mut GameStore,
    text_len: usize,
    depth: usize,
}

impl Parser<'_> {
    /// The span of tokens `lo..hi` (or the end of the text when empty).
    fn span(&self, lo: usize, hi: usize) -> (usize, usize) {
        match (
            self.toks.get(lo),
            hi.checked_sub(1).and_then(|h| self.toks.get(h)),
        ) {
            (Some(a), Some(b)) if lo < hi => (a.start, b.end.saturating_sub(a.start).max(1)),
            (Some(a), _) => (a.start, 1),
            _ => (self.text_len, 0),
        }
    }

    fn game_err(&self, lo: usize, hi: usize, e: &PartizanError) -> ParseError {
        let (o, l) = self.span(lo, hi);
        ParseError::game(o, l, e)
    }

    fn syntax(&self, lo: usize, hi: usize, message: impl Into<String>) -> ParseError {
        let (o, l) = self.span(lo, hi);
        ParseError::new(o, l, message, HELP)
    }

    /// The sum of the units filling `lo..hi`.
    fn sum(&mut self, lo: usize, hi: usize) -> Result<ValueId, ParseError> {
        if lo >= hi {
            return Err(self.syntax(lo, lo, "expected a value"));
        }
        let mut acc = self.store.zero();
        let mut i = lo;
        while i < hi {
            if self.toks[i].tok == Tok::Plus {
                if i + 1 >= hi || i == lo {
                    return Err(self.syntax(i, i + 1, "`+` needs a value on each side"));
                }
                i += 1;
            }
            let (v, next) = self.unit(i, hi)?;
            acc = self
                .store
                .add(acc, v)
                .map_err(|e| self.game_err(lo, next, &e))?;
            i = next;
        }
        Ok(acc)
    }

    /// An integer right after token `i` with no space between, if any.
    fn adjacent_int(&self, i: usize, hi: usize) -> Option<i64> {
        let next = self.toks.get(i + 1).filter(|_| i + 1 < hi)?;
        match next.tok {
            Tok::Int(n) if next.start == self.toks[i].end => Some(n),
            _ => None,
        }
    }

    fn enter(&mut self, i: usize) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let t = self.toks[i];
            return Err(ParseError::new(
                t.start,
                t.end - t.start,
                format!("this value is nested too deeply (more than {MAX_DEPTH} levels)"),
                "write it with less nesting",
            ));
        }
        Ok(())
    }

    /// One unit starting at token `i`; returns it and the index after it.
    /// Each kind of unit is its own function so that the frames of the
    /// recursion (`±`, brackets) stay small.
    fn unit(&mut self, i: usize, hi: usize) -> Result<(ValueId, usize), ParseError> {
        let t = self.toks[i];
        match t.tok {
            Tok::Int(n) => self.number_unit(i, hi, n),
            Tok::Star => self.star_unit(i, hi),
            Tok::Up(k) | Tok::Down(k) => self.up_unit(i, hi, k),
            Tok::Minus => self.minus_unit(i, hi),
            Tok::PlusMinus => self.pm_unit(i, hi),
            Tok::LBrace => self.brace_unit(i, hi),
            Tok::LParen => self.paren_unit(i, hi),
            Tok::Tiny | Tok::Miny => self.tiny_unit(i, hi),
            Tok::Div => Err(self.syntax(i, i + 1, "`/` must sit between two integers")),
            Tok::Bars(_) => Err(self.syntax(i, i + 1, "`|` belongs inside `{…}`")),
            Tok::Comma => Err(self.syntax(i, i + 1, "`,` belongs inside `{…}`")),
            Tok::Plus => Err(self.syntax(i, i + 1, "expected a value before `+`")),
            Tok::RBrace | Tok::RParen | Tok::Lt | Tok::Gt | Tok::LBracket | Tok::RBracket => {
                Err(self.syntax(i, i + 1, "expected a value"))
            }
        }
    }

    #[inline(never)]
    fn number_unit(&mut self, i: usize, hi: usize, n: i64) -> Result<(ValueId, usize), ParseError> {
        if i + 2 < hi && self.toks[i + 1].tok == Tok::Div {
            let Tok::Int(d) = self.toks[i + 2].tok else {
                return Err(self.syntax(i + 1, i + 2, "expected a denominator after `/`"));
            };
            if d <= 0 || d.count_ones() != 1 {
                return Err(ParseError::new(
                    self.toks[i + 2].start,
                    self.toks[i + 2].end - self.toks[i + 2].start,
                    format!("the denominator {d} is not a power of two"),
                    "short games have dyadic values: the denominator must be 1, 2, 4, 8, …",
                ));
            }
            let v = self
                .store
                .dyadic(n, d.trailing_zeros())
                .map_err(|e| self.game_err(i, i + 3, &e))?;
            return Ok((v, i + 3));
        }
        if i + 1 < hi && self.toks[i + 1].tok == Tok::Div {
            return Err(self.syntax(i + 1, i + 2, "expected a denominator after `/`"));
        }
        Ok((self.store.integer(n), i + 1))
    }

    #[inline(never)]
    fn star_unit(&mut self, i: usize, hi: usize) -> Result<(ValueId, usize), ParseError> {
        let (m, next) = match self.adjacent_int(i, hi) {
            Some(n) => (n, i + 2),
            None => (1, i + 1),
        };
        let m = usize::try_from(m).map_err(|_| self.syntax(i, next, "bad nimber"))?;
        let v = self
            .store
            .nimber(m)
            .map_err(|e| self.game_err(i, next, &e))?;
        Ok((v, next))
    }

    #[inline(never)]
    fn up_unit(&mut self, i: usize, hi: usize, k: i64) -> Result<(ValueId, usize), ParseError> {
        let t = self.toks[i];
        let down = matches!(t.tok, Tok::Down(_));
        // `^<n>` / `v<n>` (up-nth) and `^[n]` / `v[n]`, and negatives.
        let family = self.toks.get(i + 1).and_then(|n| match n.tok {
            Tok::Lt if n.start == t.end => Some((false, Tok::Gt)),
            Tok::LBracket if n.start == t.end => Some((true, Tok::RBracket)),
            _ => None,
        });
        if k == 1
            && let Some((to, close)) = family
        {
            if i + 3 >= hi || self.toks[i + 3].tok != close {
                return Err(self.syntax(i, (i + 4).min(hi), "expected `^<n>` or `^[n]`"));
            }
            let Tok::Int(n) = self.toks[i + 2].tok else {
                return Err(self.syntax(i + 2, i + 3, "expected the order n of `^<n>`"));
            };
            let next = i + 4;
            let n = u32::try_from(n)
                .ok()
                .filter(|&n| (1..=64).contains(&n))
                .ok_or_else(|| {
                    ParseError::new(
                        self.toks[i + 2].start,
                        self.toks[i + 2].end - self.toks[i + 2].start,
                        format!("order {n} is not supported"),
                        "the order n of `^<n>` and `^[n]` runs from 1 to 64",
                    )
                })?;
            let v = if to {
                self.store.up_to(n)
            } else {
                self.store.up_nth(n)
            };
            let mut v = v.map_err(|e| self.game_err(i, next, &e))?;
            if down {
                v = self.store.neg(v).map_err(|e| self.game_err(i, next, &e))?;
            }
            return Ok((v, next));
        }
        let (n, next) = match self.adjacent_int(i, hi) {
            Some(n) if k == 1 => (n, i + 2),
            _ => (k, i + 1),
        };
        let n = if down { -n } else { n };
        let v = self.store.ups(n).map_err(|e| self.game_err(i, next, &e))?;
        Ok((v, next))
    }

    #[inline(never)]
    fn minus_unit(&mut self, i: usize, hi: usize) -> Result<(ValueId, usize), ParseError> {
        // A run of signs is read in a loop, not by recursion.
        let mut j = i;
        while j < hi && self.toks[j].tok == Tok::Minus {
            j += 1;
        }
        if j >= hi {
            return Err(self.syntax(i, j, "`-` needs a value after it"));
        }
        let (v, next) = self.unit(j, hi)?;
        if (j - i).is_multiple_of(2) {
            return Ok((v, next));
        }
        let v = self.store.neg(v).map_err(|e| self.game_err(i, next, &e))?;
        Ok((v, next))
    }

    #[inline(never)]
    fn pm_unit(&mut self, i: usize, hi: usize) -> Result<(ValueId, usize), ParseError> {
        if i + 1 >= hi {
            return Err(self.syntax(i, i + 1, "`±` needs a value after it"));
        }
        self.enter(i)?;
        let (opts, next) = if self.toks[i + 1].tok == Tok::LBrace {
            let close = self.close[i + 1];
            let opts = if self.top_bars(i + 2, close).is_some() {
                vec![self.body(i + 2, close)?]
            } else {
                self.list(i + 2, close)?
            };
            (opts, close + 1)
        } else {
            let (v, next) = self.unit(i + 1, hi)?;
            (vec![v], next)
        };
        self.depth -= 1;
        let mut negs = Vec::with_capacity(opts.len());
        for &o in &opts {
            negs.push(self.store.neg(o).map_err(|e| self.game_err(i, next, &e))?);
        }
        let v = self
            .store
            .game(&opts, &negs)
            .map_err(|e| self.game_err(i, next, &e))?;
        Ok((v, next))
    }

    #[inline(never)]
    fn brace_unit(&mut self, i: usize, _hi: usize) -> Result<(ValueId, usize), ParseError> {
        self.enter(i)?;
        let close = self.close[i];
        if self.top_bars(i + 1, close).is_none() {
            return Err(self.syntax(
                i,
                close + 1,
                "a game needs `|` between its Left and Right options",
            ));
        }
        let v = self.body(i + 1, close)?;
        self.depth -= 1;
        Ok((v, close + 1))
    }

    #[inline(never)]
    fn paren_unit(&mut self, i: usize, _hi: usize) -> Result<(ValueId, usize), ParseError> {
        self.enter(i)?;
        let close = self.close[i];
        let v = self.sum(i + 1, close)?;
        self.depth -= 1;
        Ok((v, close + 1))
    }

    #[inline(never)]
    fn tiny_unit(&mut self, i: usize, hi: usize) -> Result<(ValueId, usize), ParseError> {
        let t = self.toks[i];
        if i + 1 >= hi || self.toks[i + 1].tok != Tok::LParen {
            return Err(self.syntax(i, i + 1, "expected `(` after Tiny or Miny"));
        }
        self.enter(i)?;
        let close = self.close[i + 1];
        let g = self.sum(i + 2, close)?;
        self.depth -= 1;
        let next = close + 1;
        let err = |p: &Self, e: PartizanError| p.game_err(i, next, &e);
        let zero = self.store.zero();
        let v = if t.tok == Tok::Tiny {
            let ng = self.store.neg(g).map_err(|e| err(self, e))?;
            let inner = self.store.game(&[zero], &[ng]).map_err(|e| err(self, e))?;
            self.store.game(&[zero], &[inner])
        } else {
            let inner = self.store.game(&[g], &[zero]).map_err(|e| err(self, e))?;
            self.store.game(&[inner], &[zero])
        }
        .map_err(|e| err(self, e))?;
        Ok((v, next))
    }

    /// The longest run of bars at the top level of `lo..hi`, and where
    /// each run of that length is.
    fn top_bars(&self, lo: usize, hi: usize) -> Option<(usize, Vec<usize>)> {
        let mut best: Option<(usize, Vec<usize>)> = None;
        let mut i = lo;
        while i < hi {
            match self.toks[i].tok {
                Tok::LBrace | Tok::LParen => {
                    i = self.close[i] + 1;
                    continue;
                }
                Tok::Bars(k) => match &mut best {
                    Some((b, at)) if *b == k => at.push(i),
                    Some((b, _)) if *b > k => {}
                    _ => best = Some((k, vec![i])),
                },
                _ => {}
            }
            i += 1;
        }
        best
    }

    /// The game written `L | R` (without braces) in `lo..hi`.
    fn body(&mut self, lo: usize, hi: usize) -> Result<ValueId, ParseError> {
        let Some((bars, at)) = self.top_bars(lo, hi) else {
            return Err(self.syntax(lo, hi, "expected `|` here"));
        };
        if at.len() > 1 {
            return Err(self.syntax(
                at[1],
                at[1] + 1,
                format!(
                    "ambiguous: two separators of {bars} bar{} at the same level",
                    if bars == 1 { "" } else { "s" }
                ),
            ));
        }
        let split = at[0];
        let left = self.side(lo, split)?;
        let right = self.side(split + 1, hi)?;
        self.store
            .game(&left, &right)
            .map_err(|e| self.game_err(lo, hi, &e))
    }

    /// One side: a nested game written with fewer bars, or a list.
    fn side(&mut self, lo: usize, hi: usize) -> Result<Vec<ValueId>, ParseError> {
        if self.top_bars(lo, hi).is_some() {
            // A nested game written with bars: one more level.
            self.enter(lo)?;
            let g = self.body(lo, hi)?;
            self.depth -= 1;
            return Ok(vec![g]);
        }
        self.list(lo, hi)
    }

    /// Comma-separated values (possibly none) filling `lo..hi`.
    fn list(&mut self, lo: usize, hi: usize) -> Result<Vec<ValueId>, ParseError> {
        let mut out = Vec::new();
        if lo >= hi {
            return Ok(out);
        }
        let mut start = lo;
        let mut i = lo;
        while i <= hi {
            let at_end = i == hi;
            if !at_end {
                match self.toks[i].tok {
                    Tok::LBrace | Tok::LParen => {
                        i = self.close[i] + 1;
                        continue;
                    }
                    Tok::Comma => {}
                    _ => {
                        i += 1;
                        continue;
                    }
                }
            }
            if start == i {
                let comma = if at_end { i - 1 } else { i };
                return Err(self.syntax(comma, comma + 1, "expected a value next to `,`"));
            }
            out.push(self.sum(start, i)?);
            start = i + 1;
            i += 1;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (usize, usize, String) {
        let mut s = GameStore::new();
        match parse(&mut s, text) {
            Ok(v) => panic!("`{text}` parsed as {}", s.display(v)),
            Err(e) => (e.offset, e.len, e.message),
        }
    }

    #[test]
    fn rejects_with_spans() {
        assert_eq!(err("{3|2|1}").0, 4);
        assert!(err("{3|2|1}").2.contains("ambiguous"));
        assert_eq!(err("1/3").0, 2);
        assert_eq!(err("{1,2}").0, 0);
        assert_eq!(err("{1|2").0, 0);
        assert_eq!(err("1|0").0, 1);
        assert_eq!(err("foo").2, "unknown name `foo` in a game value");
        assert_eq!(err("").2, "expected a value");
        assert_eq!(err("{1,|0}").0, 2);
        assert_eq!(err("99999999999999999999").1, 20);
        assert!(err("*100000").2.contains("options"));
        assert!(err(&"(".repeat(300)).2.contains("too deeply"));
        assert!(
            err(&format!("{}0{}", "(".repeat(101), ")".repeat(101)))
                .2
                .contains("too deeply")
        );
        // {0|0||0|||0…} nests one game per length of bars.
        let bars: String = (1..=101)
            .map(|k| format!("|{}0", "|".repeat(k - 1)))
            .collect();
        assert!(err(&format!("{{0{bars}}}")).2.contains("too deeply"));
        assert!(
            err(&format!("{}1", "±".repeat(300)))
                .2
                .contains("too deeply")
        );
        let mut s = GameStore::new();
        let v = parse(&mut s, &format!("{}1", "-".repeat(301)));
        assert_eq!(v.map(|v| s.display(v)).ok().as_deref(), Some("-1"));
    }

    #[test]
    fn nesting_up_to_the_limit_fits_a_test_thread() {
        // Test threads have 2 MiB of stack; the deepest accepted nesting of
        // each recursive form must fit (debug build).
        let d = MAX_DEPTH - 1;
        let mut s = GameStore::new();
        let texts = [
            format!("{}1", "±".repeat(d)),
            format!("{}0{}", "(".repeat(d), ")".repeat(d)),
            format!("{}0{}", "{".repeat(d), "|}".repeat(d)),
            format!(
                "{{0{}}}",
                (1..d)
                    .map(|k| format!("{}0", "|".repeat(k)))
                    .collect::<String>()
            ),
        ];
        for t in texts {
            if let Err(e) = parse(&mut s, &t) {
                panic!("{e} in {}…", &t[..20]);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// Any text gives a value or an error, never a panic.
        #[test]
        fn never_panics(text in "[{}|,*^v<>\\[\\]()0-9/+±Tiny -]{0,24}") {
            let mut s = GameStore::new();
            if let Ok(v) = parse(&mut s, &text) {
                let shown = s.display(v);
                proptest::prop_assert_eq!(parse(&mut s, &shown).ok(), Some(v), "{}", shown);
            }
        }
    }

    #[test]
    fn errors_say_what_where_and_how() {
        let mut s = GameStore::new();
        let e = parse(&mut s, "{1|x}")
            .err()
            .unwrap_or_else(|| panic!("accepted"));
        assert_eq!(e.code, "grundy_theory::partizan::parse");
        assert!(!e.help.is_empty());
        assert_eq!((e.offset, e.len), (3, 1));
    }
}
