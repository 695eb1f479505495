//! CGSuite's misère predicates on canonical forms that the phyla do not
//! give (THEORY.md §9.12): Conway's parity (even, odd), introversion,
//! half-tameness, and the games that link two forms or tell them apart
//! (Conway's theorems on linked games, ONAG ch. 12). The phylum
//! predicates themselves are [`Phylum`](super::Phylum)'s.

use std::collections::HashMap;

use super::canon::{FormId, Forms};
use super::{MisereError, Outcome, Result};

/// One question the search for links and distinguishers asks, kept on an
/// explicit stack until the answers it needs are known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Task {
    /// A game T with a + T and b + T both misère P-positions (a and b
    /// linked).
    Link(FormId, FormId),
    /// A game T with a + T and b + T of different outcomes (a ≠ b).
    Disc(FormId, FormId),
    /// A game T with a + T a P-position and b + T an N-position (a ≠ b).
    DiscPn(FormId, FormId),
}

/// The answers found so far.
#[derive(Default)]
struct Found {
    link: HashMap<(FormId, FormId), FormId>,
    disc: HashMap<(FormId, FormId), FormId>,
    disc_pn: HashMap<(FormId, FormId), FormId>,
}

/// The key of a symmetric question.
fn both(a: FormId, b: FormId) -> (FormId, FormId) {
    if a <= b { (a, b) } else { (b, a) }
}

impl Forms {
    /// Whether `b` is an option of `a`.
    fn has_option(&self, a: FormId, b: FormId) -> bool {
        self.options(a).binary_search(&b).is_ok()
    }

    /// The canonical form of G + *.
    pub fn plus_star(&mut self, g: FormId) -> Result<FormId> {
        let star = self.nim(1)?;
        self.add(g, star)
    }

    /// Conway's parity: G is *even* when it is born earlier than G + *
    /// (CGSuite's `IsEven`: `G.Birthday < (G + *).Birthday`).
    pub fn is_even(&mut self, g: FormId) -> Result<bool> {
        self.check(g)?;
        let s = self.plus_star(g)?;
        Ok(self.birthday(g) < self.birthday(s))
    }

    /// G is *odd* when G + * is born earlier than G: exactly the games
    /// that are not even, since the birthdays of G and G + * always
    /// differ by one (THEORY.md §9.12; checked by the tests).
    pub fn is_odd(&mut self, g: FormId) -> Result<bool> {
        self.check(g)?;
        let s = self.plus_star(g)?;
        Ok(self.birthday(s) < self.birthday(g))
    }

    /// Whether G is introverted (a part of each of its options): by
    /// Conway's extraversion–introversion theorem exactly 0 and *.
    pub fn is_introverted(&self, g: FormId) -> bool {
        g == Self::ZERO || self.options(g) == [Self::ZERO]
    }

    /// Whether G is extraverted: a part of {G}, the game whose one option
    /// is G (CGSuite's `IsExtraverted`; THEORY.md §9.12): {G} − G exists.
    pub fn is_extraverted(&mut self, g: FormId) -> Result<bool> {
        self.check(g)?;
        let up = self.canonical(&[g])?;
        Ok(self.difference(up, g)?.is_some())
    }

    /// CGSuite's `MisereMinus`: the X with H + X ≡ G, when H is a part of
    /// G (`difference`, THEORY.md §9.11), else `None`.
    pub fn minus(&mut self, g: FormId, h: FormId) -> Result<Option<FormId>> {
        self.check(g)?;
        self.check(h)?;
        self.difference(g, h)
    }

    /// CGSuite's `IsHalfTame`: G is not generally tame, but G + G is
    /// generally tame with g+ = g- = 0 (genus 0^0).
    pub fn is_half_tame(&mut self, g: FormId) -> Result<bool> {
        self.check(g)?;
        if self.phylum(g).is_generally_tame() {
            return Ok(false);
        }
        let d = self.add(g, g)?;
        let genus = self.genus(d);
        Ok(self.phylum(d).is_generally_tame() && genus.g == 0 && genus.misere_value() == 0)
    }

    /// Whether G and H are *linked*: some T makes G + T and H + T both
    /// misère P-positions. By Conway's theorem, exactly when neither is
    /// an option of the other.
    pub fn is_linked(&self, g: FormId, h: FormId) -> bool {
        !self.has_option(g, h) && !self.has_option(h, g)
    }

    /// A game T linking G and H (G + T and H + T both misère
    /// P-positions), or `None` when they are not linked.
    pub fn link(&mut self, g: FormId, h: FormId) -> Result<Option<FormId>> {
        self.check(g)?;
        self.check(h)?;
        if !self.is_linked(g, h) {
            return Ok(None);
        }
        let mut found = Found::default();
        self.solve(Task::Link(g, h), &mut found)?;
        Ok(Some(found.link[&both(g, h)]))
    }

    /// A game T that tells G from H: G + T is a misère P-position and
    /// H + T an N-position (CGSuite's `Distinguisher`); `None` when
    /// G = H, which no game tells apart.
    pub fn distinguisher(&mut self, g: FormId, h: FormId) -> Result<Option<FormId>> {
        self.check(g)?;
        self.check(h)?;
        if g == h {
            return Ok(None);
        }
        let mut found = Found::default();
        self.solve(Task::DiscPn(g, h), &mut found)?;
        Ok(Some(found.disc_pn[&(g, h)]))
    }

    /// Answers `top` and every question it needs, with an explicit stack:
    /// each question either finds its answer from answers already known
    /// or pushes the first one it lacks. Each question needs only
    /// questions of a smaller total birthday, so the stack ends.
    fn solve(&mut self, top: Task, found: &mut Found) -> Result<()> {
        let mut stack = vec![top];
        while let Some(&t) = stack.last() {
            self.tick()?;
            let need = match t {
                Task::Link(a, b) => self.try_link(a, b, found)?,
                Task::Disc(a, b) => self.try_disc(a, b, found)?,
                Task::DiscPn(a, b) => self.try_disc_pn(a, b, found)?,
            };
            match need {
                None => {
                    stack.pop();
                }
                Some(n) => stack.push(n),
            }
        }
        Ok(())
    }

    /// Conway: if G and H are linked, T = {G' ⊳ H, H' ⊳ G} links them,
    /// where X ⊳ Y is a game with X + T P and Y + T N; 0 and 0 are linked
    /// by *. Stores the link, or names the first answer it lacks.
    fn try_link(&mut self, a: FormId, b: FormId, found: &mut Found) -> Result<Option<Task>> {
        let key = both(a, b);
        if found.link.contains_key(&key) {
            return Ok(None);
        }
        if a == Self::ZERO && b == Self::ZERO {
            let star = self.nim(1)?;
            found.link.insert(key, star);
            return Ok(None);
        }
        let mut opts = Vec::new();
        for (x, y) in [(a, b), (b, a)] {
            for i in 0..self.options(x).len() {
                let xo = self.options(x)[i];
                match found.disc_pn.get(&(xo, y)) {
                    Some(&t) => opts.push(t),
                    None => return Ok(Some(Task::DiscPn(xo, y))),
                }
            }
        }
        let t = self.canonical(&opts)?;
        found.link.insert(key, t);
        Ok(None)
    }

    /// Conway: for G ≠ H, some option of one is linked to the other, and
    /// their link tells G and H apart (0 against a P-position: 0 itself).
    fn try_disc(&mut self, a: FormId, b: FormId, found: &mut Found) -> Result<Option<Task>> {
        let key = both(a, b);
        if found.disc.contains_key(&key) {
            return Ok(None);
        }
        for (x, y) in [(a, b), (b, a)] {
            if x == Self::ZERO && self.outcome(y) == Outcome::P {
                found.disc.insert(key, Self::ZERO);
                return Ok(None);
            }
        }
        for (x, y) in [(a, b), (b, a)] {
            for i in 0..self.options(x).len() {
                let xo = self.options(x)[i];
                if !self.is_linked(y, xo) {
                    continue;
                }
                return Ok(match found.link.get(&both(y, xo)) {
                    Some(&t) => {
                        found.disc.insert(key, t);
                        None
                    }
                    None => Some(Task::Link(y, xo)),
                });
            }
        }
        Err(MisereError::Internal {
            what: format!("no option of forms {a} and {b} is linked to the other"),
        })
    }

    /// A distinguisher T of G and H turned so that G + T is the
    /// P-position: T itself when it is, else {T, (G')⁻ : G' of G}.
    fn try_disc_pn(&mut self, a: FormId, b: FormId, found: &mut Found) -> Result<Option<Task>> {
        if found.disc_pn.contains_key(&(a, b)) {
            return Ok(None);
        }
        let Some(&t) = found.disc.get(&both(a, b)) else {
            return Ok(Some(Task::Disc(a, b)));
        };
        let at = self.add(a, t)?;
        let pn = if self.outcome(at) == Outcome::P {
            t
        } else {
            let mut opts = vec![t];
            for i in 0..self.options(a).len() {
                let o = self.options(a)[i];
                opts.push(self.mate(o)?);
            }
            self.canonical(&opts)?
        };
        found.disc_pn.insert((a, b), pn);
        Ok(None)
    }
}
