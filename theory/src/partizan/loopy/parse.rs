//! Reads loopy games written in CGSuite's notation, as [`super::stopper_text`]
//! prints them (THEORY.md §6.9), into a game graph:
//!
//! - `{L1, L2 | R1}` with `pass` for a move to the game itself, runs of
//!   bars for nested games (`{0||pass|1}`, the longest run splitting
//!   first), and a name before a brace labelling that game, which any
//!   option inside may name: `a{0|{a|*}}` is a = {0 | {a | \*}};
//! - the named stoppers `on` = {pass|}, `off` = {|pass}, `over` =
//!   {0|pass}, `under` = {pass|0}, `upon` = {pass|\*}, `upon*` =
//!   {0,pass|0}, and `dud` = {pass|pass}; a number before `over` or
//!   `under` (`1over` = {1|pass}, `-1/2under` = {pass|−1/2});
//! - the upon forms `x^[on]*m`, `x^<on>*m`, `xv[on]*m`, `xv<on>*m`
//!   (`^[on]` is upon, `-1/4v[on]`, `^<on>*`) and `xTiny(G)`, `xMiny(G)`
//!   of a loopy G (`Tiny(on)`), read by the module `parse_forms`;
//! - `-X` for the negative of any of these (`-upon`, `-{0|pass}`), `±X`
//!   (or `+-X`) for {X | −X} (`±over`, `+-(5over)`), `±{X, Y}` for {X, Y
//!   | −X, −Y}, and `(X)` for X;
//! - anything else as a short game, read by [`crate::partizan::parse`].
//!
//! The reader builds the graph as it goes; it does not simplify it.

use super::SidedGraph;
use super::value::GraphBuilder;
use crate::partizan::{GameStore, ParseError, ValueId, parse};

/// Deepest nesting of braces and negations.
const MAX_DEPTH: usize = 100;

const HELP: &str = "write a loopy game such as on, over, 1over, upon*, {0|pass} or a{0|{a|*}}";

/// The game graph written in `text` and its root. Short parts are read
/// into `store`; a game of more than `max_vertices` positions is refused.
pub fn parse_loopy(
    store: &mut GameStore,
    text: &str,
    max_vertices: usize,
) -> Result<(SidedGraph, u32), ParseError> {
    let mut r = Reader {
        text,
        store,
        g: GraphBuilder::default(),
        labels: Vec::new(),
        fence: 0,
        flip: false,
        depth: 0,
        max: max_vertices,
    };
    let root = r.piece(0, text.len(), None)?;
    Ok((r.g.finish(), root))
}

pub(super) struct Reader<'a> {
    pub(super) text: &'a str,
    pub(super) store: &'a mut GameStore,
    pub(super) g: GraphBuilder,
    /// The labels in scope, innermost last, with their vertices.
    pub(super) labels: Vec<(&'a str, u32)>,
    /// Labels below this index are outside the negation being read.
    fence: usize,
    /// Whether the part being read is negated.
    pub(super) flip: bool,
    pub(super) depth: usize,
    max: usize,
}

/// Whether `t` is a name: a letter, then letters and digits.
/// The error of `lo..hi` of the text.
pub(super) fn err(lo: usize, hi: usize, message: impl Into<String>) -> ParseError {
    ParseError::new(lo, hi.saturating_sub(lo).max(1), message, HELP)
}

fn is_name(t: &str) -> bool {
    let mut c = t.chars();
    c.next().is_some_and(|c| c.is_ascii_alphabetic()) && c.all(|c| c.is_ascii_alphanumeric())
}

impl<'a> Reader<'a> {
    /// A new vertex, within the budget.
    pub(super) fn vertex(&mut self, lo: usize, hi: usize) -> Result<u32, ParseError> {
        if self.g.len() >= self.max {
            return Err(self.too_large(lo, hi));
        }
        Ok(self.g.vertex())
    }

    fn too_large(&self, lo: usize, hi: usize) -> ParseError {
        err(
            lo,
            hi,
            format!("this game has more than {} positions", self.max),
        )
    }

    /// The vertex of a short game.
    pub(super) fn short(&mut self, id: ValueId, lo: usize, hi: usize) -> Result<u32, ParseError> {
        match self.g.short(self.store, id, self.flip, self.max) {
            Ok(Some(v)) => Ok(v),
            Ok(None) => Err(self.too_large(lo, hi)),
            Err(e) => Err(ParseError::game(lo, hi - lo, &e)),
        }
    }

    /// The short game written in `lo..hi`.
    pub(super) fn short_text(&mut self, lo: usize, hi: usize) -> Result<ValueId, ParseError> {
        parse(self.store, &self.text[lo..hi]).map_err(|mut e| {
            e.offset += lo;
            e
        })
    }

    /// One game in `lo..hi`; `me` is the game whose option it is (what
    /// `pass` names).
    pub(super) fn piece(
        &mut self,
        lo: usize,
        hi: usize,
        me: Option<u32>,
    ) -> Result<u32, ParseError> {
        let raw = &self.text[lo..hi];
        let lo = lo + (raw.len() - raw.trim_start().len());
        let hi = lo + raw.trim().len();
        let t = &self.text[lo..hi];
        if t.is_empty() {
            return Err(err(lo, lo, "expected a game"));
        }
        if t == "pass" {
            return me.ok_or_else(|| {
                ParseError::new(
                    lo,
                    4,
                    "`pass` is a move to the game itself: it is an option, inside braces",
                    "write it as an option: `{0|pass}` is over, `{pass|}` is on",
                )
            });
        }
        if let Some(rest) = t.strip_prefix('±').or_else(|| t.strip_prefix("+-")) {
            // `±{a, b}` (no bar inside) is the short notation's list of
            // options, {a, b | -a, -b}, which the short reader reads.
            let at = hi - rest.trim_start().len();
            let list = rest.trim_start().starts_with('{')
                && self
                    .closing(at)
                    .is_some_and(|close| self.bars(at + 1, close).is_empty());
            return if list {
                self.plus_minus_list(at, hi)
            } else {
                self.plus_minus(at, hi)
            };
        }
        if t.starts_with('(') && self.closing(lo) == Some(hi - 1) {
            self.enter(lo)?;
            let v = self.piece(lo + 1, hi - 1, me);
            self.depth -= 1;
            return v;
        }
        if let Some(rest) = t.strip_prefix('-')
            && !rest.trim_start().starts_with(|c: char| c.is_ascii_digit())
        {
            return self.negated(lo + 1, hi);
        }
        if is_name(t)
            && let Some(at) = self.labels.iter().rposition(|(n, _)| *n == t)
        {
            if at < self.fence {
                return Err(err(
                    lo,
                    hi,
                    format!("`{t}` names a game outside the negative being read"),
                ));
            }
            return Ok(self.labels[at].1);
        }
        if let Some(v) = self.named(lo, hi)? {
            return Ok(v);
        }
        if let Some(v) = self.upon_literal(lo, hi)? {
            return Ok(v);
        }
        if let Some(v) = self.tiny_literal(lo, hi)? {
            return Ok(v);
        }
        let label_end = t.find('{').filter(|&i| is_name(&t[..i]) || i == 0);
        if let Some(open) = label_end
            && t.ends_with('}')
            && self.closing(lo + open) == Some(hi - 1)
        {
            return self.braced(lo, lo + open, hi);
        }
        let id = self.short_text(lo, hi)?;
        self.short(id, lo, hi)
    }

    /// `-X` in `lo..hi` (past the sign): X built negated, seeing no label
    /// from outside it.
    pub(super) fn negated(&mut self, lo: usize, hi: usize) -> Result<u32, ParseError> {
        self.enter(lo)?;
        let (flip, fence) = (self.flip, self.fence);
        self.flip = !flip;
        self.fence = self.labels.len();
        let v = self.piece(lo, hi, None);
        self.flip = flip;
        self.fence = fence;
        self.depth -= 1;
        v
    }

    /// `±X` in `lo..hi` (past the sign): {X | −X}, which is its own
    /// negative.
    fn plus_minus(&mut self, lo: usize, hi: usize) -> Result<u32, ParseError> {
        self.enter(lo)?;
        let v = self.vertex(lo, hi)?;
        let x = self.piece(lo, hi, None);
        let minus = x.and_then(|x| Ok((x, self.negated(lo, hi)?)));
        self.depth -= 1;
        let (x, minus) = minus?;
        // Under a negation x is −X and `minus` is X, and `options` puts
        // them on the other sides: {X | −X} again, as it must be.
        self.g.options(v, &[x], &[minus], self.flip);
        Ok(v)
    }

    pub(super) fn enter(&mut self, at: usize) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(err(
                at,
                at + 1,
                format!("this game is nested too deeply (more than {MAX_DEPTH} levels)"),
            ));
        }
        Ok(())
    }

    /// The index of the bracket closing the one at `open` (`{` or `(`).
    pub(super) fn closing(&self, open: usize) -> Option<usize> {
        let b = self.text.as_bytes();
        let (o, c) = match b.get(open) {
            Some(b'(') => (b'(', b')'),
            _ => (b'{', b'}'),
        };
        let mut depth = 0usize;
        for (i, &x) in b.iter().enumerate().skip(open) {
            if x == o {
                depth += 1;
            } else if x == c {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
        }
        None
    }

    /// A named stopper in `lo..hi`, built: `on`, `off`, `over`, `under`,
    /// `upon`, `upon*`, `dud`, and x`over`, x`under` for a number x.
    fn named(&mut self, lo: usize, hi: usize) -> Result<Option<u32>, ParseError> {
        let t = &self.text[lo..hi];
        let (number, word) = match t.strip_suffix("over").or_else(|| t.strip_suffix("under")) {
            Some(x) if !x.is_empty() && x.starts_with(|c: char| c == '-' || c.is_ascii_digit()) => {
                (Some(lo..lo + x.len()), &t[x.len()..])
            }
            _ => (None, t),
        };
        if !matches!(
            word,
            "on" | "off" | "over" | "under" | "upon" | "upon*" | "dud"
        ) || (number.is_some() && !matches!(word, "over" | "under"))
        {
            return Ok(None);
        }
        let x = match number {
            Some(r) => {
                let id = self.short_text(r.start, r.end)?;
                if !self.store.is_number(id) {
                    return Err(err(r.start, r.end, format!("`{word}` follows a number")));
                }
                Some(id)
            }
            None => None,
        };
        let v = self.vertex(lo, hi)?;
        let zero = self.store.zero();
        let short = |r: &mut Self, id: ValueId| r.short(id, lo, hi);
        let (l, rt): (Vec<u32>, Vec<u32>) = match word {
            "on" => (vec![v], vec![]),
            "off" => (vec![], vec![v]),
            "dud" => (vec![v], vec![v]),
            "over" => (vec![short(self, x.unwrap_or(zero))?], vec![v]),
            "under" => (vec![v], vec![short(self, x.unwrap_or(zero))?]),
            "upon" => {
                let star = self
                    .store
                    .star()
                    .map_err(|e| ParseError::new(lo, hi - lo, e.to_string(), HELP))?;
                (vec![v], vec![short(self, star)?])
            }
            _ => {
                let z = short(self, zero)?;
                (vec![z, v], vec![z])
            }
        };
        self.g.options(v, &l, &rt, self.flip);
        Ok(Some(v))
    }

    /// `label{…}` in `lo..hi`, its `{` at `open`.
    fn braced(&mut self, lo: usize, open: usize, hi: usize) -> Result<u32, ParseError> {
        self.enter(open)?;
        let v = self.vertex(lo, hi)?;
        let label = &self.text[lo..open];
        let scoped = !label.is_empty();
        if scoped {
            self.labels.push((label, v));
        }
        let r = self.body(open + 1, hi - 1, v);
        if scoped {
            self.labels.pop();
        }
        self.depth -= 1;
        r.map(|()| v)
    }

    /// The runs of bars at the top level of `lo..hi`: (start, length).
    pub(super) fn bars(&self, lo: usize, hi: usize) -> Vec<(usize, usize)> {
        let b = self.text.as_bytes();
        let mut out = Vec::new();
        let mut depth = 0usize;
        let mut i = lo;
        while i < hi {
            match b[i] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                b'|' if depth == 0 => {
                    let start = i;
                    while i < hi && b[i] == b'|' {
                        i += 1;
                    }
                    out.push((start, i - start));
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        out
    }

    /// The options of `v` written `L | R` in `lo..hi`.
    fn body(&mut self, lo: usize, hi: usize, v: u32) -> Result<(), ParseError> {
        let bars = self.bars(lo, hi);
        let Some(most) = bars.iter().map(|b| b.1).max() else {
            return Err(err(
                lo,
                hi,
                "a game needs `|` between its Left and Right options",
            ));
        };
        let at: Vec<usize> = bars.iter().filter(|b| b.1 == most).map(|b| b.0).collect();
        if at.len() > 1 {
            return Err(ParseError::new(
                at[1],
                most,
                format!(
                    "ambiguous: two separators of {most} bar{} at the same level",
                    if most == 1 { "" } else { "s" }
                ),
                "nest the games with runs of different lengths, `{3||2|1}`, or with braces, `{3|{2|1}}`",
            ));
        }
        let left = self.side(lo, at[0], v)?;
        let right = self.side(at[0] + most, hi, v)?;
        self.g.options(v, &left, &right, self.flip);
        Ok(())
    }

    /// One side of `v`'s options: a nested game written with fewer bars,
    /// or options separated by commas.
    fn side(&mut self, lo: usize, hi: usize, v: u32) -> Result<Vec<u32>, ParseError> {
        if !self.bars(lo, hi).is_empty() {
            self.enter(lo)?;
            let w = self.vertex(lo, hi)?;
            let r = self.body(lo, hi, w);
            self.depth -= 1;
            r?;
            return Ok(vec![w]);
        }
        if self.text[lo..hi].trim().is_empty() {
            return Ok(Vec::new());
        }
        let b = self.text.as_bytes();
        let mut out = Vec::new();
        let mut depth = 0usize;
        let mut start = lo;
        for (i, &c) in b.iter().enumerate().take(hi).skip(lo) {
            match c {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                b',' if depth == 0 => {
                    out.push(self.piece(start, i, Some(v))?);
                    start = i + 1;
                }
                _ => {}
            }
        }
        out.push(self.piece(start, hi, Some(v))?);
        Ok(out)
    }
}
