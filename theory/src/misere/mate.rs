//! The mate of a misère impartial form (THEORY.md §9.10): Conway's G⁻,
//! with 0⁻ = * and G⁻ = {(G')⁻ : G' an option of G} for G ≠ 0, taken on
//! canonical forms. G + G⁻ is a misère P-position for every G.

use std::collections::HashMap;

use super::Result;
use super::canon::{FormId, Forms};

impl Forms {
    /// The canonical form of the mate G⁻ of the form `g`. Iterative: a
    /// stack of forms whose options' mates are computed first.
    pub fn mate(&mut self, g: FormId) -> Result<FormId> {
        self.check(g)?;
        let mut done: HashMap<FormId, FormId> = HashMap::new();
        let mut stack = vec![g];
        while let Some(&f) = stack.last() {
            self.tick()?;
            if done.contains_key(&f) {
                stack.pop();
                continue;
            }
            let opts = self.options(f).to_vec();
            if opts.is_empty() {
                // 0⁻ = *.
                let star = self.canonical(&[f])?;
                done.insert(f, star);
                stack.pop();
                continue;
            }
            let missing: Vec<FormId> = opts
                .iter()
                .copied()
                .filter(|o| !done.contains_key(o))
                .collect();
            if missing.is_empty() {
                let mates: Vec<FormId> = opts.iter().map(|o| done[o]).collect();
                let m = self.canonical(&mates)?;
                done.insert(f, m);
                stack.pop();
            } else {
                stack.extend(missing);
            }
        }
        Ok(done[&g])
    }
}
