//! Misère canonical forms of impartial games, hash-consed: each form is
//! stored once (its sorted list of canonical options) and compared by id.
//! Sums, genus, outcome and Hoey's phyla (tame, restive, restless, ...) are
//! read from the store (`docs/THEORY.md` §9.3).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rustc_hash::FxHashMap;

use super::phylum::{Known, Phylum, classify};
use super::{GameGraph, Genus, HeapRules, MisereError, Outcome, Result, Watch, check_interrupt};

/// The id of a misère canonical form inside one [`Forms`] store. Options of
/// a form always have smaller ids than the form itself.
pub type FormId = u32;

/// A store of misère canonical forms. Id 0 is the empty game. Accessors
/// taking a [`FormId`] expect an id returned by the same store (they index
/// directly); operations that build forms check their ids and return
/// `grundy_theory::misere::bad_form` instead.
#[derive(Debug, Clone)]
pub struct Forms {
    opts: Vec<Box<[FormId]>>,
    index: FxHashMap<Box<[FormId]>, FormId>,
    genus: Vec<Genus>,
    p: Vec<bool>,
    birthday: Vec<u32>,
    nim: Vec<Option<u32>>,
    phylum: Vec<Phylum>,
    sums: FxHashMap<(FormId, FormId), FormId>,
    max_forms: usize,
    /// The flag, the work done (about one unit per option looked at) and
    /// the budgets.
    watch: Watch,
    /// Bytes about to be stored since memory was last looked at.
    charged: usize,
}

/// Bytes stored between two looks at the memory held.
const CHARGE_QUANTUM: usize = 1 << 20;

impl Forms {
    /// The empty game's id.
    pub const ZERO: FormId = 0;

    /// A store that holds at most `max_forms` forms and as many memoised
    /// sums; past that every operation returns `grundy_theory::misere::budget`.
    pub fn new(max_forms: usize) -> Forms {
        let mut f = Forms {
            opts: Vec::new(),
            index: FxHashMap::default(),
            genus: Vec::new(),
            p: Vec::new(),
            birthday: Vec::new(),
            nim: Vec::new(),
            phylum: Vec::new(),
            sums: FxHashMap::default(),
            max_forms: max_forms.max(1),
            watch: Watch::new(),
            charged: 0,
        };
        f.push(Box::new([]));
        f
    }

    /// Long operations (sums, graphs, heap ranges) end with
    /// `grundy_theory::misere::interrupted` once `flag` is set.
    pub fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.watch.interrupt = flag;
    }

    /// At most `max_steps` units of work (about one per option looked
    /// at) and `held()` at most `max_memory` bytes, looked at before a form
    /// is stored; past either, `grundy_theory::misere::steps` or
    /// `grundy_theory::misere::memory`. Resets the count of steps.
    pub fn set_budget(&mut self, max_steps: u64, max_memory: usize, held: fn() -> isize) {
        self.watch.set_budget(max_steps, max_memory, held);
    }

    /// Units of work done since the store was made or its budget set.
    pub fn steps(&self) -> u64 {
        self.watch.steps
    }

    pub(crate) fn tick(&mut self) -> Result<()> {
        self.work(1)
    }

    /// `n` units of work; once in 1,024 the interrupt flag and the memory.
    fn work(&mut self, n: u64) -> Result<()> {
        if self.watch.count(n)? {
            check_interrupt(&self.watch.interrupt)?;
            self.check_memory(0)?;
        }
        Ok(())
    }

    /// Fails when the bytes held plus `more` (about to be allocated) pass
    /// the memory budget.
    fn check_memory(&mut self, more: usize) -> Result<()> {
        self.charged = 0;
        self.watch.check_held(more)
    }

    /// Announce `bytes` about to be stored: memory is looked at (with them
    /// counted) once the announcements reach a megabyte, or at once for a
    /// large allocation.
    fn charge(&mut self, bytes: usize) -> Result<()> {
        self.charged = self.charged.saturating_add(bytes);
        if self.charged >= CHARGE_QUANTUM {
            let c = self.charged;
            return self.check_memory(c);
        }
        Ok(())
    }

    /// How many forms the store holds.
    pub fn len(&self) -> usize {
        self.opts.len()
    }

    /// Always false: a store holds the empty game (id 0) from the start.
    pub fn is_empty(&self) -> bool {
        self.opts.is_empty()
    }

    pub(crate) fn check(&self, id: FormId) -> Result<()> {
        if (id as usize) < self.opts.len() {
            Ok(())
        } else {
            Err(MisereError::BadForm {
                id,
                len: self.opts.len(),
            })
        }
    }

    /// The canonical options of a form, sorted by id.
    pub fn options(&self, id: FormId) -> &[FormId] {
        &self.opts[id as usize]
    }

    /// The genus of a form (the same for every game equivalent to it).
    pub fn genus(&self, id: FormId) -> &Genus {
        &self.genus[id as usize]
    }

    /// The misère outcome of a form alone.
    pub fn outcome(&self, id: FormId) -> Outcome {
        if self.p[id as usize] {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The birthday (height of the game tree) of a form.
    pub fn birthday(&self, id: FormId) -> u32 {
        self.birthday[id as usize]
    }

    /// `Some(n)` if the form is the nim heap *n.
    pub fn nim_value(&self, id: FormId) -> Option<u32> {
        self.nim[id as usize]
    }

    /// Its phylum in Hoey's classification (tame, restive, restless, ...).
    pub fn phylum(&self, id: FormId) -> Phylum {
        self.phylum[id as usize]
    }

    /// What the classification of a new form needs of a stored one.
    fn known(&self, id: FormId) -> Known {
        let i = id as usize;
        Known {
            plus: self.genus[i].g,
            minus: self.genus[i].misere_value(),
            phylum: self.phylum[i],
        }
    }

    fn push(&mut self, opts: Box<[FormId]>) -> FormId {
        let id = self.opts.len() as FormId;
        let genus = Genus::from_options(opts.iter().map(|&o| &self.genus[o as usize]));
        let p = !opts.is_empty() && opts.iter().all(|&o| !self.p[o as usize]);
        let birthday = opts
            .iter()
            .map(|&o| self.birthday[o as usize] + 1)
            .max()
            .unwrap_or(0);
        // *n has exactly the options *0 … *(n-1).
        let nim = {
            let mut vals: Vec<u32> = Vec::with_capacity(opts.len());
            let mut all = true;
            for &o in &opts {
                match self.nim[o as usize] {
                    Some(v) => vals.push(v),
                    None => all = false,
                }
            }
            vals.sort_unstable();
            (all && vals.iter().enumerate().all(|(i, &v)| v as usize == i))
                .then_some(vals.len() as u32)
        };
        let phylum = {
            let options: Vec<(Known, Vec<Known>)> = opts
                .iter()
                .map(|&o| {
                    let second = self.opts[o as usize].iter().map(|&s| self.known(s));
                    (self.known(o), second.collect())
                })
                .collect();
            classify((genus.g, genus.misere_value()), &options)
        };
        self.genus.push(genus);
        self.p.push(p);
        self.birthday.push(birthday);
        self.nim.push(nim);
        self.phylum.push(phylum);
        self.index.insert(opts.clone(), id);
        self.opts.push(opts);
        id
    }

    /// The canonical form of the game whose options are the (canonical)
    /// forms `options`, in any order and with repeats.
    ///
    /// Rule (Conway; `docs/THEORY.md` §9.3): after removing duplicates the
    /// options S are already canonical; the game equals a grandchild D'' (an
    /// option of some D in S) exactly when S = opts(D'') ∪ R where every
    /// member of R has D'' as an option, provided that, if D'' = 0, some
    /// member of S is a misère P-position. Otherwise S itself is canonical.
    pub fn canonical(&mut self, options: &[FormId]) -> Result<FormId> {
        for &o in options {
            self.check(o)?;
        }
        let mut s: Vec<FormId> = options.to_vec();
        s.sort_unstable();
        s.dedup();
        if let Some(&id) = self.index.get(s.as_slice()) {
            return Ok(id);
        }
        self.work(1 + s.len() as u64 / 16)?;
        // Options exactly *0 … *(k−1) make *k, which is canonical
        // (THEORY.md §9.3): no reversal search.
        if !self.is_nim_set(&s)
            && let Some(dd) = self.reversal_target(&s)?
        {
            return Ok(dd);
        }
        if self.opts.len() >= self.max_forms {
            return Err(MisereError::Budget {
                what: "misère canonical forms",
                limit: self.max_forms,
            });
        }
        // The options, the index's copy and the per-form data.
        self.charge(8 * s.len() + 96)?;
        Ok(self.push(s.into_boxed_slice()))
    }

    /// Whether the distinct sorted forms `s` are their own game's canonical
    /// options (no option reverses), without storing the game.
    pub(crate) fn is_canonical_set(&mut self, s: &[FormId]) -> Result<bool> {
        self.work(1 + s.len() as u64 / 16)?;
        Ok(self.is_nim_set(s) || self.reversal_target(s)?.is_none())
    }

    /// Whether the distinct forms `s` are the nim heaps *0 … *(len − 1).
    fn is_nim_set(&self, s: &[FormId]) -> bool {
        let mut seen = vec![false; s.len()];
        for &f in s {
            match self.nim[f as usize] {
                Some(v) if (v as usize) < s.len() && !seen[v as usize] => seen[v as usize] = true,
                _ => return false,
            }
        }
        true
    }

    fn reversal_target(&mut self, s: &[FormId]) -> Result<Option<FormId>> {
        let has_p = s.iter().any(|&e| self.p[e as usize]);
        for &d in s {
            for j in 0..self.opts[d as usize].len() {
                let dd = self.opts[d as usize][j];
                // Work counted as the searches actually made.
                let mut looked = 1u64;
                let c = self.options(dd);
                let found = (!c.is_empty() || has_p)
                    && c.iter().all(|x| {
                        looked += 1;
                        s.binary_search(x).is_ok()
                    })
                    && s.iter().filter(|x| c.binary_search(x).is_err()).all(|&e| {
                        looked += 1;
                        self.options(e).binary_search(&dd).is_ok()
                    });
                self.work(looked)?;
                if found {
                    return Ok(Some(dd));
                }
            }
        }
        Ok(None)
    }

    /// The nim heap *n.
    pub fn nim(&mut self, n: u32) -> Result<FormId> {
        let mut heaps: Vec<FormId> = Vec::with_capacity(n as usize);
        for _ in 0..n {
            self.tick()?;
            let next = self.canonical(&heaps)?;
            heaps.push(next);
        }
        self.canonical(&heaps)
    }

    /// The canonical form of the sum a + b. Iterative: a stack of pairs
    /// whose component sums are computed first, memoised by pair.
    pub fn add(&mut self, a: FormId, b: FormId) -> Result<FormId> {
        self.check(a)?;
        self.check(b)?;
        let key = |x: FormId, y: FormId| if x <= y { (x, y) } else { (y, x) };
        let mut stack: Vec<(FormId, FormId)> = vec![key(a, b)];
        while let Some(&(x, y)) = stack.last() {
            self.tick()?;
            if x == 0 {
                stack.pop();
                continue;
            }
            if self.sums.contains_key(&(x, y)) {
                stack.pop();
                continue;
            }
            let mut missing = false;
            let mut parts: Vec<FormId> =
                Vec::with_capacity(self.opts[x as usize].len() + self.opts[y as usize].len());
            for (moved, other) in [(x, y), (y, x)] {
                for i in 0..self.opts[moved as usize].len() {
                    let o = self.opts[moved as usize][i];
                    let k = key(o, other);
                    if k.0 == 0 {
                        parts.push(k.1);
                    } else if let Some(&v) = self.sums.get(&k) {
                        parts.push(v);
                    } else {
                        missing = true;
                        stack.push(k);
                    }
                }
            }
            self.work(parts.len() as u64 / 16)?;
            if missing {
                continue;
            }
            stack.pop();
            if self.sums.len() >= self.max_forms.saturating_mul(4) {
                return Err(MisereError::Budget {
                    what: "memoised sums of misère forms",
                    limit: self.max_forms.saturating_mul(4),
                });
            }
            let v = self.canonical(&parts)?;
            self.sums.insert((x, y), v);
        }
        let k = key(a, b);
        Ok(if k.0 == 0 { k.1 } else { self.sums[&k] })
    }

    /// The canonical form of a sum of forms (0 for no parts).
    pub fn sum(&mut self, parts: &[FormId]) -> Result<FormId> {
        let mut acc = Self::ZERO;
        for &p in parts {
            acc = self.add(acc, p)?;
        }
        Ok(acc)
    }

    /// The canonical form of every node of an acyclic game graph.
    pub fn of_graph(&mut self, graph: &GameGraph) -> Result<Vec<FormId>> {
        let order = graph.topological_order()?;
        let mut form = vec![Self::ZERO; graph.len()];
        let mut opts: Vec<FormId> = Vec::new();
        let mut parts: Vec<FormId> = Vec::new();
        for node in order {
            self.tick()?;
            opts.clear();
            for option in graph.options(node) {
                parts.clear();
                parts.extend(option.iter().map(|&p| form[p]));
                opts.push(self.sum(&parts)?);
            }
            form[node] = self.canonical(&opts)?;
        }
        Ok(form)
    }

    /// The canonical forms of heaps 0..=max_heap of a heap game.
    pub fn of_heaps(&mut self, rules: &dyn HeapRules, max_heap: u64) -> Result<Vec<FormId>> {
        // One unit of the forms budget per heap, so a huge range is refused
        // before it runs (heaps often repeat old forms and add none).
        if max_heap >= self.max_forms as u64 {
            return Err(MisereError::Budget {
                what: "heaps (one per unit of the forms budget)",
                limit: self.max_forms,
            });
        }
        let mut form: Vec<FormId> = vec![Self::ZERO];
        let mut opts: Vec<FormId> = Vec::new();
        let mut parts: Vec<FormId> = Vec::new();
        for n in 1..=max_heap {
            self.tick()?;
            opts.clear();
            for option in rules.options_of(n)? {
                parts.clear();
                parts.extend(option.iter().map(|&h| form[h as usize]));
                opts.push(self.sum(&parts)?);
            }
            let f = self.canonical(&opts)?;
            form.push(f);
        }
        Ok(form)
    }

    /// The whole form as text, or `None` when it is longer than
    /// `max_chars` bytes. The text and the print orders count against the
    /// memory budget: memory is looked at every few thousand tokens, with
    /// the text's next growth (as large as the text) counted before it is
    /// made, so `grundy_theory::misere::memory` comes before the budget is passed.
    pub fn display_whole(&self, id: FormId, max_chars: usize) -> Result<Option<String>> {
        let s = self.render(id, max_chars, true)?;
        Ok((!s.ends_with('…')).then_some(s))
    }

    /// The options of a form in the order they print: an order of the
    /// forms themselves, not of their ids (which depend on what the store
    /// made before), so a form prints the same whatever was computed
    /// first — in another query, or on another `--jobs` worker. `memo`
    /// keeps the orders made during one display.
    fn shown_order(&self, id: FormId, memo: &ShownOrders) -> std::rc::Rc<[FormId]> {
        if let Some(o) = memo.borrow().get(&id) {
            return o.clone();
        }
        let mut o = self.options(id).to_vec();
        o.sort_by(|&a, &b| self.intrinsic_cmp(a, b, memo));
        let o: std::rc::Rc<[FormId]> = o.into();
        memo.borrow_mut().insert(id, o.clone());
        o
    }

    /// A total order of forms that depends on the forms alone: nim heaps
    /// first by size, then by birthday, then by their options (so
    /// ordered) compared as sorted lists. Distinct ids are distinct forms
    /// (hash consing), so only equal ids compare equal, and the first
    /// pair of options that differs decides: the walk follows that one
    /// pair down, each step to a smaller birthday.
    fn intrinsic_cmp(
        &self,
        mut a: FormId,
        mut b: FormId,
        memo: &ShownOrders,
    ) -> std::cmp::Ordering {
        use std::cmp::Ordering::{Equal, Greater, Less};
        loop {
            if a == b {
                return Equal;
            }
            let c = match (self.nim[a as usize], self.nim[b as usize]) {
                (Some(x), Some(y)) => x.cmp(&y),
                (Some(_), None) => Less,
                (None, Some(_)) => Greater,
                (None, None) => self.birthday(a).cmp(&self.birthday(b)),
            };
            if c != Equal {
                return c;
            }
            let (oa, ob) = (self.shown_order(a, memo), self.shown_order(b, memo));
            match oa.iter().zip(ob.iter()).find(|(x, y)| x != y) {
                Some((&x, &y)) => (a, b) = (x, y),
                None => return oa.len().cmp(&ob.len()),
            }
        }
    }

    /// The form as text: `0`, `*n` for nim heaps, otherwise `{…}` of its
    /// options; at most `max_chars` characters (then `…`). Iterative.
    pub fn display(&self, id: FormId, max_chars: usize) -> String {
        self.render(id, max_chars, false).unwrap_or_default()
    }

    /// `display`, looking at the memory budget on the way when `budgeted`.
    fn render(&self, id: FormId, max_chars: usize, budgeted: bool) -> Result<String> {
        enum Tok {
            Form(FormId),
            Text(&'static str),
        }
        let mut out = String::new();
        let memo = ShownOrders::default();
        let mut stack = vec![Tok::Form(id)];
        let mut tokens = 0u32;
        while let Some(t) = stack.pop() {
            tokens = tokens.wrapping_add(1);
            if budgeted && tokens.is_multiple_of(4096) {
                check_interrupt(&self.watch.interrupt)?;
                self.watch.check_held(out.capacity())?;
            }
            if out.len() > max_chars {
                out.truncate(max_chars);
                out.push('…');
                return Ok(out);
            }
            match t {
                Tok::Text(s) => out.push_str(s),
                Tok::Form(f) => match self.nim[f as usize] {
                    Some(0) => out.push('0'),
                    Some(n) => {
                        out.push('*');
                        out.push_str(&n.to_string());
                    }
                    None => {
                        out.push('{');
                        stack.push(Tok::Text("}"));
                        let o = self.shown_order(f, &memo);
                        for (i, &c) in o.iter().enumerate().rev() {
                            stack.push(Tok::Form(c));
                            if i > 0 {
                                stack.push(Tok::Text(", "));
                            }
                        }
                    }
                },
            }
        }
        Ok(out)
    }
}

/// The print orders of options made during one display.
type ShownOrders = std::cell::RefCell<std::collections::HashMap<FormId, std::rc::Rc<[FormId]>>>;
