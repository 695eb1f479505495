//! Arithmetic in the store: negation, sums (number translation, nim
//! addition of nimbers) and multiples.

use super::PartizanError;
use super::store::{GameStore, Result, ValueId};

impl GameStore {
    // ---- arithmetic --------------------------------------------------

    /// `−G = {−G^R | −G^L}` (canonical when G is).
    pub fn neg(&mut self, g: ValueId) -> Result<ValueId> {
        if let Some(x) = self.node(g).number {
            let y = x.checked_neg().ok_or(PartizanError::Overflow)?;
            return Ok(self.number(y));
        }
        if let Some(&v) = self.neg_cache.get(&g) {
            return Ok(v);
        }
        let (gl, gr) = (self.node(g).left.clone(), self.node(g).right.clone());
        let mut left = Vec::with_capacity(gr.len());
        for &y in gr.iter() {
            left.push(self.neg(y)?);
        }
        let mut right = Vec::with_capacity(gl.len());
        for &x in gl.iter() {
            right.push(self.neg(x)?);
        }
        let v = self.intern(left, right)?;
        self.neg_cache.insert(g, v);
        self.neg_cache.insert(v, g);
        Ok(v)
    }

    /// `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}`, canonicalised and
    /// cached. A number x is added by translation, `x + G = {x + G^L | x + G^R}`.
    pub fn add(&mut self, g: ValueId, h: ValueId) -> Result<ValueId> {
        let (ng, nh) = (self.node(g).number, self.node(h).number);
        match (ng, nh) {
            (Some(x), Some(y)) => {
                let z = x.checked_add(y).ok_or(PartizanError::Overflow)?;
                return Ok(self.number(z));
            }
            (Some(x), _) if x.is_zero() => return Ok(h),
            (_, Some(y)) if y.is_zero() => return Ok(g),
            _ => {}
        }
        let key = (g.min(h), g.max(h));
        if let Some(&v) = self.add_cache.get(&key) {
            return Ok(v);
        }
        // Nim addition (THEORY.md §6.4): `*a + *b = *(a ⊕ b)`, without
        // expanding the options.
        if let (Some(a), Some(b)) = (self.as_nimber(g), self.as_nimber(h)) {
            self.tick()?;
            let v = self.nimber(a ^ b)?;
            self.add_cache.insert(key, v);
            return Ok(v);
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        // Number translation: only the non-number's options move.
        if ng.is_none() {
            let (gl, gr) = (self.node(g).left.clone(), self.node(g).right.clone());
            for &x in gl.iter() {
                left.push(self.add(x, h)?);
            }
            for &y in gr.iter() {
                right.push(self.add(y, h)?);
            }
        }
        if nh.is_none() {
            let (hl, hr) = (self.node(h).left.clone(), self.node(h).right.clone());
            for &x in hl.iter() {
                left.push(self.add(g, x)?);
            }
            for &y in hr.iter() {
                right.push(self.add(g, y)?);
            }
        }
        let v = self.canon(left, right)?;
        self.add_cache.insert(key, v);
        Ok(v)
    }

    /// `G − H`.
    pub fn sub(&mut self, g: ValueId, h: ValueId) -> Result<ValueId> {
        let nh = self.neg(h)?;
        self.add(g, nh)
    }

    /// `G + G + … + G` (`n` copies), by repeated doubling; a nimber `*m`
    /// is its own negative, so `n·*m` is `*m` for odd `n` and 0 for even.
    pub fn multiple(&mut self, g: ValueId, n: u64) -> Result<ValueId> {
        if self.as_nimber(g).is_some() {
            return Ok(if n % 2 == 1 { g } else { self.zero() });
        }
        let mut acc = self.zero();
        let mut pow = g;
        let mut n = n;
        while n > 0 {
            self.tick()?;
            if n & 1 == 1 {
                acc = self.add(acc, pow)?;
            }
            n >>= 1;
            if n > 0 {
                pow = self.add(pow, pow)?;
            }
        }
        Ok(acc)
    }
}
