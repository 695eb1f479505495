//! CGSuite-style notation for canonical values, and their JSON form.
//!
//! Recognised, in this order: numbers (`3`, `-5/8`); sums of a number, a
//! multiple of ↑ and a nimber (`*`, `*2`, `^`, `v*`, `^^`, `v3`, `1/2*`,
//! `1^*`, `73/16v9*8`); a number plus ±up-nth `^<n>` or ±`^[n]` (n ≥ 2)
//! and maybe `*` (`^<2>`, `v<2>*`, `^[4]`); `Tiny(G)` = {0||0|−G} and `Miny(G)` = {G|0||0} for
//! G with positive Right stop, after a number (`2Tiny(2)`); switches
//! `±G` = {G|−G} (`±1`, `±1/2`, `±{1,1*}`, `±{3|2}`); anything else as
//! `{A|B}`, where a side holding exactly one general game writes it
//! without braces and the separator has one more bar than any such
//! option (`{3||2*|1*}`, `{1|^^||^}`), up to four bars: a game needing
//! four keeps its braces. CGSuite writes `+-` in plain text;
//! we write `±` and read both. Like CGSuite, `{4|2}` is not written `3±1`.

use rustc_hash::FxHashMap;

use super::dyadic::Dyadic;
use super::store::{GameStore, ValueId};

/// A general game written with this many bars is always braced.
const MAX_BARS: usize = 4;

/// Texts longer than this are cut to [`CUT`] by [`GameStore::display`]
/// (forms can be exponentially larger than the store's DAG). The writer
/// charges each option's text where it is written and again where it is
/// copied into its parent, so the limit bounds the bytes its memo holds
/// as well as the length.
pub const MAX_TEXT: usize = 200_000;

/// What [`GameStore::display`] writes for a form longer than [`MAX_TEXT`]:
/// no game's text, so a cut form never passes for a value.
pub const CUT: &str = "{…}";

/// Which notation a value is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueKind {
    /// A number (`3`, `-5/8`).
    Number,
    /// A nimber `*m`, m ≥ 1.
    Nimber,
    /// number + n·↑ + *m with n ≠ 0 or both parts present.
    Uptimal,
    /// A number plus `Tiny(G)` = {0||0|−G}.
    Tiny,
    /// A number plus `Miny(G)` = {G|0||0}.
    Miny,
    /// A switch `±G` = {G|−G}.
    Switch,
    /// Any other game: `{A|B}`, or an up-nth such as `^<2>`.
    Game,
}

/// The structured form of a value for JSON output.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ValueJson {
    /// The value in CGSuite-style notation (parseable by [`super::parse()`]).
    pub text: String,
    /// Which notation `text` is written in.
    pub kind: ValueKind,
    /// Number part (number, uptimal, tiny and miny values).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<Dyadic>,
    /// Multiple of ↑ (uptimal values).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ups: Option<i64>,
    /// Nimber part (nimbers and uptimal values).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nimber: Option<usize>,
    /// Texts of the Left and Right options of the canonical form (empty
    /// for numbers, whose options are implied).
    pub left: Vec<String>,
    /// Texts of the Right options, likewise.
    pub right: Vec<String>,
    /// Whether `text` (or an option's text) is cut to [`CUT`] because it
    /// passes the cut-off; written only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

/// A rendered value: an atom needs no braces; a general game is held
/// without its outer braces, with the number of bars of its separator.
#[derive(Clone, Debug)]
enum Shape {
    Atom(String),
    Game { bare: String, bars: usize },
}

impl Shape {
    fn text(&self) -> String {
        match self {
            Shape::Atom(s) => s.clone(),
            Shape::Game { bare, .. } => format!("{{{bare}}}"),
        }
    }
}

struct TooLong;

/// `x + n·↑ + *m` in CGSuite's order: number, ups, star.
fn uptimal_text(x: Dyadic, n: i64, m: usize) -> String {
    let mut s = String::new();
    if !x.is_zero() || (n == 0 && m == 0) {
        s.push_str(&x.to_string());
    }
    match n {
        0 => {}
        1 => s.push('^'),
        2 => s.push_str("^^"),
        -1 => s.push('v'),
        -2 => s.push_str("vv"),
        n if n > 0 => s.push_str(&format!("^{n}")),
        n => s.push_str(&format!("v{}", n.unsigned_abs())),
    }
    match m {
        0 => {}
        1 => s.push('*'),
        // `1*2` would read as the product 2 outside braces: `1+*2` reads
        // back everywhere (docs/LANGUAGE.md, "Game values as literals").
        m if n == 0 && !x.is_zero() => s.push_str(&format!("+*{m}")),
        m => s.push_str(&format!("*{m}")),
    }
    s
}

impl GameStore {
    /// The value in CGSuite-style notation; [`super::parse()`] reads it back.
    pub fn display(&mut self, g: ValueId) -> String {
        self.display_whole(g).unwrap_or_else(|| CUT.to_string())
    }

    /// The whole text, or `None` when it would pass the cut-off of
    /// [`GameStore::display`] ([`MAX_TEXT`]): for results that must not
    /// carry [`CUT`].
    pub fn display_whole(&mut self, g: ValueId) -> Option<String> {
        self.display_within(g, MAX_TEXT)
    }

    /// The whole text when writing it takes at most `cap` bytes (see
    /// [`MAX_TEXT`]), else `None`.
    pub fn display_within(&mut self, g: ValueId, cap: usize) -> Option<String> {
        self.unmetered(|s| {
            let mut memo = FxHashMap::default();
            let mut budget = cap;
            s.shape(g, &mut memo, &mut budget).ok().map(|s| s.text())
        })
    }

    /// The structured form for JSON, texts cut to [`CUT`] past
    /// [`MAX_TEXT`] (and `truncated` set then).
    pub fn to_json(&mut self, g: ValueId) -> ValueJson {
        self.to_json_within(g, MAX_TEXT)
            .unwrap_or_else(|| self.json_of(g, CUT.to_string(), MAX_TEXT, true))
    }

    /// The structured form for JSON with the whole text and the options'
    /// whole texts, when writing the text takes at most `cap` bytes; else
    /// `None`.
    pub fn to_json_within(&mut self, g: ValueId, cap: usize) -> Option<ValueJson> {
        let text = self.display_within(g, cap)?;
        Some(self.json_of(g, text, cap, false))
    }

    fn json_of(&mut self, g: ValueId, text: String, cap: usize, truncated: bool) -> ValueJson {
        let mut json = ValueJson {
            text,
            kind: ValueKind::Game,
            number: None,
            ups: None,
            nimber: None,
            left: Vec::new(),
            right: Vec::new(),
            truncated,
        };
        if let Some(x) = self.as_number(g) {
            json.kind = ValueKind::Number;
            json.number = Some(x);
            return json;
        }
        for (side, out) in [
            (self.node(g).left.clone(), &mut json.left),
            (self.node(g).right.clone(), &mut json.right),
        ] {
            let mut parts: Vec<_> = side
                .iter()
                .map(|&o| {
                    let text = self.display_within(o, cap);
                    json.truncated |= text.is_none();
                    (self.order_key(o), text.unwrap_or_else(|| CUT.to_string()))
                })
                .collect();
            parts.sort();
            out.extend(parts.into_iter().map(|(_, t)| t));
        }
        if let Some((x, n, m)) = self.uptimal(g) {
            json.kind = if n == 0 && x.is_zero() {
                ValueKind::Nimber
            } else {
                ValueKind::Uptimal
            };
            json.number = Some(x);
            json.ups = Some(n);
            json.nimber = Some(m);
        } else if let Some((x, _, tiny)) = self.tiny(g) {
            json.kind = if tiny {
                ValueKind::Tiny
            } else {
                ValueKind::Miny
            };
            json.number = Some(x);
        } else if self.switch(g) {
            json.kind = ValueKind::Switch;
        }
        json
    }

    /// `(x, n, m)` when `g = x + n·↑ + *m` (cached).
    pub fn uptimal(&mut self, g: ValueId) -> Option<(Dyadic, i64, usize)> {
        if let Some(x) = self.as_number(g) {
            return Some((x, 0, 0));
        }
        if let Some(m) = self.as_nimber(g) {
            return Some((Dyadic::ZERO, 0, m));
        }
        if let Some(&v) = self.uptimal_cache.get(&g) {
            return v;
        }
        let v = self.find_uptimal(g);
        self.uptimal_cache.insert(g, v);
        v
    }

    fn find_uptimal(&mut self, g: ValueId) -> Option<(Dyadic, i64, usize)> {
        let (ls, rs) = (self.left_stop(g), self.right_stop(g));
        if ls != rs {
            return None;
        }
        if !ls.is_zero() {
            let minus = self.number(ls.checked_neg()?);
            let h = self.add(g, minus).ok()?;
            let (_, n, m) = self.uptimal(h)?;
            return Some((ls, n, m));
        }
        // Every option of x + n·↑ + *m is again of that shape.
        let opts: Vec<ValueId> = self
            .node(g)
            .left
            .iter()
            .chain(self.node(g).right.iter())
            .copied()
            .collect();
        let mut tags = Vec::with_capacity(opts.len());
        for o in opts {
            tags.push(self.uptimal(o)?);
        }
        // Then G + G = 2n·↑ (the nimbers cancel) gives n, and G − n·↑ = *m.
        if let Ok(double) = self.add(g, g) {
            let (k, star) = self.up_tag(double)?;
            if star || k % 2 != 0 {
                return None;
            }
            let ups = self.ups(k / 2).ok()?;
            let rest = self.sub(g, ups).ok()?;
            let m = self.as_nimber(rest)?;
            return Some((Dyadic::ZERO, k / 2, m));
        }
        // G + G is beyond the store's limits: try n·↑ + *m for n and m
        // next to those of the options, each checked by building it.
        for &(_, n0, m0) in &tags {
            for n in [n0 - 1, n0, n0 + 1] {
                for m in [m0, m0 ^ 1, 0, 1] {
                    if n == 0 {
                        continue;
                    }
                    let (Ok(u), Ok(st)) = (self.ups(n), self.nimber(m)) else {
                        continue;
                    };
                    if self.add(u, st).ok() == Some(g) {
                        return Some((Dyadic::ZERO, n, m));
                    }
                }
            }
        }
        None
    }

    /// `(n, false)` for `n·↑` and `(n, true)` for `n·↑ + *`, n ≠ 0, read
    /// from the canonical forms ↑ = {0|*}, ↑* = {0,*|0}, and for n ≥ 2
    /// n·↑ = {0 | (n−1)·↑*}, n·↑* = {0 | (n−1)·↑}; downs by symmetry.
    fn up_tag(&mut self, k: ValueId) -> Option<(i64, bool)> {
        if self.is_number(k) {
            return None;
        }
        let zero = self.zero();
        let star = self.nimber(1).ok()?;
        let mut zs = [zero, star];
        zs.sort_unstable();
        let (left, right) = (self.node(k).left.clone(), self.node(k).right.clone());
        if *left == [zero] {
            if *right == [star] {
                return Some((1, false));
            }
            if *right == zs {
                return Some((-1, true));
            }
            if let [r] = *right {
                return match self.up_tag(r)? {
                    (j, true) if j >= 1 => Some((j + 1, false)),
                    (j, false) if j >= 1 => Some((j + 1, true)),
                    _ => None,
                };
            }
        }
        if *right == [zero] {
            if *left == [star] {
                return Some((-1, false));
            }
            if *left == zs {
                return Some((1, true));
            }
            if let [l] = *left {
                return match self.up_tag(l)? {
                    (j, true) if j <= -1 => Some((j - 1, false)),
                    (j, false) if j <= -1 => Some((j - 1, true)),
                    _ => None,
                };
            }
        }
        None
    }

    /// `x^<n>`, `xv<n>`, `x^[n]`, `xv[n]`, each possibly followed by `*`,
    /// when `g` is a number plus `±↑^n` or `±^[n]` (n ≥ 2), plus `*` or not.
    fn up_family_text(&mut self, g: ValueId) -> Option<String> {
        let (ls, rs) = (self.left_stop(g), self.right_stop(g));
        if ls != rs || self.is_number(g) {
            return None;
        }
        let h = if ls.is_zero() {
            g
        } else {
            let minus = self.number(ls.checked_neg()?);
            self.add(g, minus).ok()?
        };
        let star = self.nimber(1).ok()?;
        let hs = self.add(h, star).ok()?;
        let reach = self.height(h).max(self.height(hs)) + 1;
        let prefix = if ls.is_zero() {
            String::new()
        } else {
            ls.to_string()
        };
        for (to, open, close) in [(false, '<', '>'), (true, '[', ']')] {
            for k in 2..=64u32 {
                let u = if to { self.up_to(k) } else { self.up_nth(k) }.ok()?;
                if self.height(u) > reach {
                    break;
                }
                let d = self.neg(u).ok()?;
                for (cand, suffix) in [(h, ""), (hs, "*")] {
                    let arrow = if cand == u {
                        '^'
                    } else if cand == d {
                        'v'
                    } else {
                        continue;
                    };
                    return Some(format!("{prefix}{arrow}{open}{k}{close}{suffix}"));
                }
            }
        }
        None
    }

    /// `(x, G, true)` when `g = x + Tiny(G)` = x + {0||0|−G}, and
    /// `(x, G, false)` when `g = x + Miny(G)` = x + {G|0||0}, for G with
    /// a positive Right stop (so the tiny is positive and infinitesimal).
    fn tiny(&mut self, g: ValueId) -> Option<(Dyadic, ValueId, bool)> {
        let (ls, rs) = (self.left_stop(g), self.right_stop(g));
        if ls != rs || self.is_number(g) {
            return None;
        }
        let minus = self.number(ls.checked_neg()?);
        let h = self.add(g, minus).ok()?;
        if self.is_number(h) {
            return None;
        }
        let zero = self.zero();
        let (hl, hr) = (self.node(h).left.clone(), self.node(h).right.clone());
        if *hl == [zero]
            && let [k] = *hr
            && !self.is_number(k)
            && *self.node(k).left == [zero]
            && let [y] = *self.node(k).right.clone()
        {
            let x = self.neg(y).ok()?;
            if self.right_stop(x) > Dyadic::ZERO {
                return Some((ls, x, true));
            }
        }
        if *hr == [zero]
            && let [k] = *hl
            && !self.is_number(k)
            && *self.node(k).right == [zero]
            && let [x] = *self.node(k).left.clone()
            && self.right_stop(x) > Dyadic::ZERO
        {
            return Some((ls, x, false));
        }
        None
    }

    /// Whether the Right options are exactly the negatives of the Left ones.
    fn switch(&mut self, g: ValueId) -> bool {
        if self.is_number(g) {
            return false;
        }
        let (left, right) = (self.node(g).left.clone(), self.node(g).right.clone());
        if left.len() != right.len() {
            return false;
        }
        let mut negs = Vec::with_capacity(left.len());
        for &l in left.iter() {
            match self.neg(l) {
                Ok(n) => negs.push(n),
                Err(_) => return false,
            }
        }
        negs.sort_unstable();
        *negs == *right
    }

    fn shape(
        &mut self,
        g: ValueId,
        memo: &mut FxHashMap<ValueId, Shape>,
        budget: &mut usize,
    ) -> Result<Shape, TooLong> {
        if let Some(s) = memo.get(&g) {
            let len = match s {
                Shape::Atom(t) => t.len(),
                Shape::Game { bare, .. } => bare.len() + 2,
            };
            *budget = budget.checked_sub(len).ok_or(TooLong)?;
            return Ok(s.clone());
        }
        let s = self.compute_shape(g, memo, budget)?;
        let len = match &s {
            Shape::Atom(t) => t.len(),
            Shape::Game { bare, .. } => bare.len() + 2,
        };
        *budget = budget.checked_sub(len).ok_or(TooLong)?;
        memo.insert(g, s.clone());
        Ok(s)
    }

    fn compute_shape(
        &mut self,
        g: ValueId,
        memo: &mut FxHashMap<ValueId, Shape>,
        budget: &mut usize,
    ) -> Result<Shape, TooLong> {
        if let Some((x, n, m)) = self.uptimal(g) {
            return Ok(Shape::Atom(uptimal_text(x, n, m)));
        }
        if let Some(text) = self.up_family_text(g) {
            return Ok(Shape::Atom(text));
        }
        if let Some((x, arg, tiny)) = self.tiny(g) {
            let prefix = if x.is_zero() {
                String::new()
            } else {
                x.to_string()
            };
            let inner = self.shape(arg, memo, budget)?.text();
            let name = if tiny { "Tiny" } else { "Miny" };
            return Ok(Shape::Atom(format!("{prefix}{name}({inner})")));
        }
        let (left, right) = (self.node(g).left.clone(), self.node(g).right.clone());
        if self.switch(g) {
            if let [x] = *left
                && let Some(v) = self.as_number(x)
            {
                return Ok(Shape::Atom(format!("±{v}")));
            }
            let (inner, _) = self.side(&left, memo, budget)?;
            return Ok(Shape::Atom(format!("±{{{inner}}}")));
        }
        let (l, lb) = self.side(&left, memo, budget)?;
        let (r, rb) = self.side(&right, memo, budget)?;
        let bars = lb.max(rb) + 1;
        let bare = format!("{l}{}{r}", "|".repeat(bars));
        // Like CGSuite, a game needing four bars keeps its braces, so a
        // game that contains it starts again from one bar.
        if bars >= MAX_BARS {
            return Ok(Shape::Atom(format!("{{{bare}}}")));
        }
        Ok(Shape::Game { bare, bars })
    }

    /// One side of `{…|…}`: a single general game without braces (and its
    /// bars), or the options separated by commas.
    fn side(
        &mut self,
        opts: &[ValueId],
        memo: &mut FxHashMap<ValueId, Shape>,
        budget: &mut usize,
    ) -> Result<(String, usize), TooLong> {
        if let [o] = *opts
            && let Shape::Game { bare, bars } = self.shape(o, memo, budget)?
        {
            return Ok((bare, bars));
        }
        let mut parts = Vec::with_capacity(opts.len());
        for &o in opts {
            let text = self.shape(o, memo, budget)?.text();
            parts.push((self.order_key(o), text));
        }
        parts.sort();
        let texts: Vec<String> = parts.into_iter().map(|(_, t)| t).collect();
        Ok((texts.join(","), 0))
    }

    /// Options print in an order that does not depend on the store's
    /// history: numbers first, ascending, then by birthday (the text breaks
    /// ties when sorting).
    fn order_key(&self, g: ValueId) -> (u8, Dyadic, u64) {
        match self.as_number(g) {
            Some(x) => (0, x, 0),
            None => (1, Dyadic::ZERO, self.birthday(g)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uptimal_texts() {
        let d = |n, e| Dyadic::new(n, e).unwrap_or(Dyadic::ZERO);
        assert_eq!(uptimal_text(Dyadic::ZERO, 0, 0), "0");
        assert_eq!(uptimal_text(Dyadic::ZERO, 2, 4), "^^*4");
        assert_eq!(uptimal_text(d(73, 4), -9, 8), "73/16v9*8");
        assert_eq!(uptimal_text(Dyadic::int(6), 1, 1), "6^*");
        assert_eq!(uptimal_text(Dyadic::ZERO, 3, 0), "^3");
        assert_eq!(uptimal_text(d(9, 3), 0, 1), "9/8*");
    }
}
