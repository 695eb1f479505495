//! The named forms of stoppers the reader of [`super::parse_loopy`]
//! takes besides braces (THEORY.md §6.9), as [`super::stopper_text`]
//! prints them: the upon forms `x^[on]*m` ({pass | x + *(m xor 1)}, or
//! {x, pass | x} when m = 1), `x^<on>*m` ({x, x*, …, x*m | w} with
//! −w = (−x)^[on]*(m xor 1)) and their negatives `xv[on]*m`, `xv<on>*m`;
//! `Tiny(G)` = {0 || 0 | −G} and `Miny(G)` = {G | 0 || 0} of any game G,
//! after a number x or not (x + the game, built as the sum's graph); and
//! `±{X, Y}` = {X, Y | −X, −Y}.

use std::collections::HashMap;

use super::parse::{Reader, err};
use crate::partizan::{ParseError, ValueId};

/// The largest nimber part of an upon form (`^[on]*m`): `x^<on>*m` has
/// m + 1 Left options x + *n, about m² positions to simplify where the
/// literal is written (`^<on>*300` took over a minute).
const MAX_NIMBER: usize = 64;

/// Whether `t` is empty or a number as a prefix writes it (`3`, `-1/4`,
/// `- 2`).
fn is_number_text(t: &str) -> bool {
    let t = t.strip_prefix('-').map_or(t, str::trim_start);
    t.is_empty()
        || t.bytes().all(|b| b.is_ascii_digit() || b == b'/')
            && t.starts_with(|c: char| c.is_ascii_digit())
}

impl Reader<'_> {
    /// `x^[on]*m`, `xv<on>` and the like in `lo..hi`, built; None when the
    /// text is no upon form.
    pub(super) fn upon_literal(&mut self, lo: usize, hi: usize) -> Result<Option<u32>, ParseError> {
        let t = &self.text[lo..hi];
        let Some(at) = t.find("[on]").or_else(|| t.find("<on>")) else {
            return Ok(None);
        };
        let uponth = t[at..].starts_with('<');
        let down = match t[..at].chars().last() {
            Some('^') => false,
            Some('v') => true,
            _ => return Ok(None),
        };
        let number_end = lo + at - 1;
        if !is_number_text(&self.text[lo..number_end]) {
            return Ok(None);
        }
        let x = if number_end == lo {
            self.store.zero()
        } else {
            let id = self.short_text(lo, number_end)?;
            if !self.store.is_number(id) {
                return Err(err(lo, number_end, "an upon form follows a number"));
            }
            id
        };
        let tail = &t[at + 4..];
        let m = match tail.strip_prefix('*') {
            None if tail.is_empty() => 0,
            Some("") => 1,
            Some(d) if d.bytes().all(|b| b.is_ascii_digit()) => match d.parse::<usize>() {
                Ok(m) if m <= MAX_NIMBER => m,
                _ => {
                    return Err(err(
                        lo + at + 5,
                        hi,
                        format!("the nimber of an upon form is at most {MAX_NIMBER}"),
                    ));
                }
            },
            _ => {
                return Err(err(
                    lo + at + 4,
                    hi,
                    "an upon form ends with `*` or `*n` or nothing: `^[on]*`, `v<on>*2`",
                ));
            }
        };
        let v = if down {
            let minus = self.neg(x, lo, hi)?;
            self.flip = !self.flip;
            let v = self.upon(minus, m, uponth, lo, hi);
            self.flip = !self.flip;
            v?
        } else {
            self.upon(x, m, uponth, lo, hi)?
        };
        Ok(Some(v))
    }

    /// −x for a short game x.
    fn neg(&mut self, x: ValueId, lo: usize, hi: usize) -> Result<ValueId, ParseError> {
        self.store
            .neg(x)
            .map_err(|e| ParseError::game(lo, hi - lo, &e))
    }

    /// The short game x + *n.
    fn plus_nimber(
        &mut self,
        x: ValueId,
        n: usize,
        lo: usize,
        hi: usize,
    ) -> Result<u32, ParseError> {
        let sum = self
            .store
            .nimber(n)
            .and_then(|s| self.store.add(x, s))
            .map_err(|e| ParseError::game(lo, hi - lo, &e))?;
        self.short(sum, lo, hi)
    }

    /// `x^[on]*m` (or `x^<on>*m` when `uponth`) for a number x.
    fn upon(
        &mut self,
        x: ValueId,
        m: usize,
        uponth: bool,
        lo: usize,
        hi: usize,
    ) -> Result<u32, ParseError> {
        let v = self.vertex(lo, hi)?;
        if !uponth {
            let k = m ^ 1;
            let r = self.plus_nimber(x, k, lo, hi)?;
            let l = if k == 0 { vec![r, v] } else { vec![v] };
            self.g.options(v, &l, &[r], self.flip);
            return Ok(v);
        }
        let l = (0..=m)
            .map(|n| self.plus_nimber(x, n, lo, hi))
            .collect::<Result<Vec<u32>, ParseError>>()?;
        // w = −((−x)^[on]*(m xor 1)).
        let minus = self.neg(x, lo, hi)?;
        self.flip = !self.flip;
        let w = self.upon(minus, m ^ 1, false, lo, hi);
        self.flip = !self.flip;
        self.g.options(v, &l, &[w?], self.flip);
        Ok(v)
    }

    /// `xTiny(G)` or `xMiny(G)` in `lo..hi`, built; None when the text is
    /// neither.
    pub(super) fn tiny_literal(&mut self, lo: usize, hi: usize) -> Result<Option<u32>, ParseError> {
        let t = &self.text[lo..hi];
        let Some(at) = t.find("Tiny(").or_else(|| t.find("Miny(")) else {
            return Ok(None);
        };
        let open = lo + at + 4;
        if !is_number_text(&t[..at]) || !t.ends_with(')') || self.closing(open) != Some(hi - 1) {
            return Ok(None);
        }
        let x = if at == 0 {
            None
        } else {
            let id = self.short_text(lo, lo + at)?;
            if !self.store.is_number(id) {
                return Err(err(lo, lo + at, "`Tiny` and `Miny` follow a number"));
            }
            Some(id)
        };
        self.enter(open)?;
        let r = self.tiny_game(t[at..].starts_with("Tiny"), open + 1, hi - 1, lo, hi);
        self.depth -= 1;
        let v = r?;
        match x {
            Some(x)
                if !self
                    .store
                    .as_number(x)
                    .is_some_and(crate::partizan::Dyadic::is_zero) =>
            {
                let x = self.short(x, lo, hi)?;
                self.sum(x, v, lo, hi).map(Some)
            }
            _ => Ok(Some(v)),
        }
    }

    /// `Tiny(G)` = {0 || 0 | −G} or `Miny(G)` = {G | 0 || 0}, G in `glo..ghi`.
    fn tiny_game(
        &mut self,
        tiny: bool,
        glo: usize,
        ghi: usize,
        lo: usize,
        hi: usize,
    ) -> Result<u32, ParseError> {
        let (v, w) = (self.vertex(lo, hi)?, self.vertex(lo, hi)?);
        let zero = self.store.zero();
        let z = self.short(zero, lo, hi)?;
        if tiny {
            let minus = self.negated(glo, ghi)?;
            self.g.options(w, &[z], &[minus], self.flip);
            self.g.options(v, &[z], &[w], self.flip);
        } else {
            let g = self.piece(glo, ghi, None)?;
            self.g.options(w, &[g], &[z], self.flip);
            self.g.options(v, &[w], &[z], self.flip);
        }
        Ok(v)
    }

    /// The sum of the games at vertices `a` and `b`, as the graph of
    /// their pairs (a move is a move in one of them). Both must be
    /// finished: neither may reach a game still being read.
    fn sum(&mut self, a: u32, b: u32, lo: usize, hi: usize) -> Result<u32, ParseError> {
        let open: Vec<u32> = self.labels.iter().map(|&(_, v)| v).collect();
        if self.reaches_any(b, &open) {
            return Err(err(
                lo,
                hi,
                "a number before `Tiny` or `Miny` of a game naming an outer game is not read",
            ));
        }
        let mut index: HashMap<(u32, u32), u32> = HashMap::new();
        let root = self.vertex(lo, hi)?;
        index.insert((a, b), root);
        let mut work = vec![(a, b)];
        while let Some((x, y)) = work.pop() {
            let v = index[&(x, y)];
            let mut sides: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
            for (side, out) in sides.iter_mut().enumerate() {
                let of = |g: &super::value::GraphBuilder, u: u32| {
                    if side == 0 {
                        g.left[u as usize].clone()
                    } else {
                        g.right[u as usize].clone()
                    }
                };
                let moves: Vec<(u32, u32)> = of(&self.g, x)
                    .into_iter()
                    .map(|x2| (x2, y))
                    .chain(of(&self.g, y).into_iter().map(|y2| (x, y2)))
                    .collect();
                for pair in moves {
                    let w = match index.get(&pair) {
                        Some(&w) => w,
                        None => {
                            let w = self.vertex(lo, hi)?;
                            index.insert(pair, w);
                            work.push(pair);
                            w
                        }
                    };
                    out.push(w);
                }
            }
            // The options read are stored as built (negated already under
            // a negation), so they are added as they are.
            let [l, r] = sides;
            self.g.options(v, &l, &r, false);
        }
        Ok(root)
    }

    /// Whether a play from `v` can reach one of `targets`.
    fn reaches_any(&self, v: u32, targets: &[u32]) -> bool {
        let mut seen = vec![false; self.g.len()];
        let mut work = vec![v];
        while let Some(w) = work.pop() {
            if targets.contains(&w) {
                return true;
            }
            if !std::mem::replace(&mut seen[w as usize], true) {
                work.extend(&self.g.left[w as usize]);
                work.extend(&self.g.right[w as usize]);
            }
        }
        false
    }

    /// `±{X, Y, …}` in `lo..hi` (past the sign, no bar inside the braces):
    /// {X, Y | −X, −Y}.
    pub(super) fn plus_minus_list(&mut self, lo: usize, hi: usize) -> Result<u32, ParseError> {
        let open = lo + (self.text[lo..hi].len() - self.text[lo..hi].trim_start().len());
        let close = self.closing(open).filter(|&c| c + 1 == hi);
        let Some(close) = close else {
            return Err(err(lo, hi, "expected `±{X, Y}`"));
        };
        self.enter(open)?;
        let r = self.plus_minus_items(open + 1, close, lo, hi);
        self.depth -= 1;
        r
    }

    fn plus_minus_items(
        &mut self,
        ilo: usize,
        ihi: usize,
        lo: usize,
        hi: usize,
    ) -> Result<u32, ParseError> {
        let v = self.vertex(lo, hi)?;
        let (mut xs, mut minus) = (Vec::new(), Vec::new());
        for (a, b) in self.items(ilo, ihi) {
            xs.push(self.piece(a, b, None)?);
            minus.push(self.negated(a, b)?);
        }
        self.g.options(v, &xs, &minus, self.flip);
        Ok(v)
    }

    /// The spans of the comma-separated items at the top level of `lo..hi`.
    fn items(&self, lo: usize, hi: usize) -> Vec<(usize, usize)> {
        let b = self.text.as_bytes();
        let (mut out, mut depth, mut start) = (Vec::new(), 0usize, lo);
        for (i, &c) in b.iter().enumerate().take(hi).skip(lo) {
            match c {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                b',' if depth == 0 => {
                    out.push((start, i));
                    start = i + 1;
                }
                _ => {}
            }
        }
        out.push((start, hi));
        out
    }
}
