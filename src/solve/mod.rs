//! The state graph: components interned to dense ids, their options
//! expanded once, Grundy values and misère outcomes computed with explicit
//! stacks. The solver sees games only as "component -> options"; how a kind
//! of game lists its options lives in `expand.rs`.
//!
//! ## The state graph
//!
//! - **Interned**: each component (a game id and its argument values, `Comp`)
//!   gets a dense `u32` id, its index in `Solver::comps`; a sum is a list of
//!   ids. Only a component with no packed key (below) is also in a map by
//!   value (`Solver::general`); a set position made from a mask is kept as
//!   its mask, its value built when something reads it (`Solver::comp`). A
//!   component of at most two arguments below 2^24 is also in a table keyed
//!   by an 8-byte `TinyKey`, one of at most three 32-bit integers by a
//!   16-byte `SmallKey`, and one whose single argument is a short list of
//!   small integers by a 24-byte `ListKey`: the hot lookup reads no other
//!   memory and an integer target `G(x, y)` is interned without building
//!   values. Options are stored flat (`Adjacency`): per component a range of
//!   part ids in one `parts` vector, and, only when some option has a number
//!   of parts other than one (a split, or a move to `0`), a range of
//!   per-option ends in `opt_end`. A component is expanded at most once.
//! - **Cached** for the life of the definitions (`Solver::clear` drops all of
//!   it when the REPL redefines a name, or when the caches hold more than
//!   half the memory budget): Grundy values per component (4 bytes; larger
//!   values aside); γ per component of a loopy game; misère outcomes per
//!   misère sum node (a sorted multiset of non-terminal component ids, in
//!   `MisereStore`). The nim-sequence of an octal or subtraction game is kept
//!   by its kind (`games::octal::Octal`), so a redefinition starts afresh.
//!   Sum graphs built for `remoteness`, `kernel`, `dot` and loopy misère play
//!   are *not* cached.
//! - **Partizan values** (`solve/partizan.rs`, docs/THEORY.md §6.8) are cached
//!   per component in a `partizan::GameStore` (`Solver::partizan`), with
//!   each partizan component's Left and Right options (lists of part ids)
//!   and misère wins per sorted multiset of components. An impartial
//!   component is the nimber of its Grundy value, from the Grundy DFS; the
//!   impartial paths never touch the partizan cache.
//! - **Sums are never expanded in normal play**: `grundy`, `outcome` and
//!   `winning` add the components' values (xor, or Smith's rule for loopy
//!   components: `digraph::Generalized::add`, the one implementation). Misère
//!   play expands the sum's own graph of multisets (`sums.rs` makes the
//!   children, for `misere.rs` and `loopy.rs` alike), except for sums of
//!   nim-heaps (Bouton).
//!
//! ## Loopy positions
//!
//! `Solver::value` first runs the ordinary Grundy DFS (iterative, with an
//! explicit stack and an on-stack mark). If the DFS meets a component already
//! on its stack, it returns `Error::Cycle`, and `value` falls back:
//! `loopy_gamma` builds the **sum graph** reachable from that component
//! (`Solver::sum_graph`: breadth first; each node a sorted multiset of
//! non-terminal component ids; node 0 the start; the empty node the end of
//! the game), runs `digraph::gamma` (Smith's γ, O((values + 1)·(n + m))) on
//! it, and caches γ for every single-component node of that graph. Values
//! already cached by the DFS before the cycle was met are true Grundy values
//! (their options were all settled) and stay. `GValue` (`Generalized<u64>`)
//! carries values to queries; its outcome is 0 → P, finite → N, ∞ with
//! 0 ∈ K → N, else D (docs/THEORY.md §5).
//!
//! Misère play falls back the same way: `misere_is_p` (a DFS over misère
//! nodes) returns `Error::Cycle`, and `misere_outcome` runs
//! `digraph::misere_retrograde` on the sum graph. `remoteness`, `kernel` and
//! `dot P` always build the sum graph; `kernels`, `kernel_sequences` and
//! `dot G` use a `graph` declaration's adjacency directly. So
//! `grundy::solve::cycle` no longer reaches a user.

mod chain;
mod dense;
mod dfpn;
mod expand;
mod keys;
mod loopy;
mod misere;
mod misere_predicates;
mod misere_theory;
mod partizan;
mod partizan_loopy;
mod partizan_misere;
mod period;
mod placement;
mod placement_geo;
mod placement_search;
mod resemble;
mod runs;
mod search;
mod steps;
mod sums;
mod value;
mod winning;

use std::cell::OnceCell;
use std::collections::HashMap;

use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;

use crate::digraph::Gamma;
use crate::error::{Error, Result};
use crate::error::{EvalError, SolveError};
use crate::model::fmt_comp;
use crate::model::{Comp, Ctx, Defs, GameId, Limits, SmallSet, Value};
use chain::{At, Why};
use keys::{BoardKey, CompKey, ListKey, MaskList, SetKey, SetTable, SmallKey, TinyKey};
use steps::{ELEMENT_STEPS, INTERN_STEPS, NEW_POSITION_STEPS, shallow_elements};

pub(crate) use loopy::SumGraph;
pub(crate) use misere::MisereStore;
pub use misere_theory::MisereForm;
pub(crate) use misere_theory::{FORM_CHARS, QuotientCache, budgeted_forms, charge_forms};
pub(crate) use partizan::{PartizanCache, SidedMove};
pub(crate) use partizan_loopy::AnyOutcome;
pub use period::PeriodAnswer;
pub(crate) use period::period_further;
pub(crate) use search::Search;
pub use value::GValue;

const UNEXPANDED: u32 = u32::MAX;
/// `Solver::grundy` entries: a value below `BIG` is the value itself;
/// `BIG` means the value is in `Solver::big_grundy` (a nim-heap of more
/// than 2^32 - 3, say); `UNKNOWN` that it is not known yet.
const UNKNOWN: u32 = u32::MAX;
const BIG: u32 = u32::MAX - 1;

/// Where a component's options are stored: its parts are
/// `parts[parts.0 .. parts.1]`; option `o` of `opts.0 .. opts.1` ends at
/// `opt_end[o]` and starts where the previous one ended (the first at
/// `parts.0`). When every option is a single part (most games) no
/// `opt_end` entries are kept: `opts.0 == SINGLE`, and each part is an
/// option. `parts.0 == UNEXPANDED` until the component is expanded.
#[derive(Clone, Copy, Debug)]
struct Adjacency {
    parts: (u32, u32),
    opts: (u32, u32),
}

impl Adjacency {
    const UNEXPANDED: Adjacency = Adjacency {
        parts: (UNEXPANDED, UNEXPANDED),
        opts: (SINGLE, SINGLE),
    };
}

const SINGLE: u32 = u32::MAX;

/// A new component's key in the packed table it belongs in (`No`: none;
/// it is then found by value, in `Solver::general`). A component with a
/// packed key is always looked up by it, so it is in no other table.
#[derive(Clone, Copy)]
enum Packed {
    No,
    Tiny(TinyKey),
    Small(SmallKey),
    List(ListKey),
    Set(SetKey),
    Board(BoardKey),
}

/// The options of one component (see `Adjacency`).
pub struct Options<'a> {
    solver: &'a Solver,
    adj: Adjacency,
    /// The next part (single-part layout) or option (general layout).
    next: u32,
}

impl<'a> Iterator for Options<'a> {
    type Item = &'a [u32];

    #[inline]
    fn next(&mut self) -> Option<&'a [u32]> {
        let s = self.solver;
        if self.adj.opts.0 == SINGLE {
            if self.next >= self.adj.parts.1 {
                return None;
            }
            let i = self.next as usize;
            self.next += 1;
            return Some(&s.parts[i..=i]);
        }
        if self.next >= self.adj.opts.1 {
            return None;
        }
        let o = self.next as usize;
        let start = if self.next == self.adj.opts.0 {
            self.adj.parts.0
        } else {
            s.opt_end[o - 1]
        };
        self.next += 1;
        Some(&s.parts[start as usize..s.opt_end[o] as usize])
    }
}

/// Per-run solver state: everything here is a cache, valid as long as the
/// game definitions it was computed from.
pub struct Solver {
    /// A move from integer arguments ≥ 0 to a negative one, watched for a
    /// missing guard (`expand.rs`).
    below_zero: expand::BelowZero,
    /// Every component, by id; a set position made from a mask
    /// (`intern_set`) is empty until something needs its value (`comp`).
    comps: Vec<OnceCell<Comp>>,
    /// The set positions made from masks, by id: their keys.
    masks: MaskList,
    /// The components with no packed key (`Packed`), to their ids: a
    /// component with one is found by its key alone, so it is never hashed
    /// or compared as values.
    general: IndexMap<Comp, u32, FxBuildHasher>,
    small: HashMap<SmallKey, u32, FxBuildHasher>,
    tiny: HashMap<TinyKey, u32, FxBuildHasher>,
    lists: keys::ListTable,
    sets: SetTable,
    boards: HashMap<BoardKey, u32, FxBuildHasher>,
    /// The elements of each `SmallSet` class met, by bit, shared by the
    /// set positions built (`intern_set`).
    set_elements: HashMap<u32, Vec<Value>, FxBuildHasher>,
    /// Per component: where its options are.
    adj: Vec<Adjacency>,
    /// Per option of components with some option of several parts (or
    /// none): the end of its parts in `parts`.
    opt_end: Vec<u32>,
    /// While expanding: whether every option so far had exactly one part.
    all_single: bool,
    /// While expanding: where the component's parts start.
    first_part: usize,
    parts: Vec<u32>,
    /// Per component, its value (see `UNKNOWN`, `BIG`): four bytes, as the
    /// DFS reads one entry per option.
    grundy: Vec<u32>,
    big_grundy: HashMap<u32, u64, FxBuildHasher>,
    misere: MisereStore,
    /// γ of components of loopy games.
    loopy: HashMap<u32, Gamma, FxBuildHasher>,
    /// Values of rule games of one or two integer parameters computed
    /// bottom-up, a table per game and values of its carried parameters
    /// (`dense.rs`).
    dense: HashMap<dense::DenseKey, dense::Dense, FxBuildHasher>,
    dense_stamps: Vec<u32>,
    /// The limits of the query under way, as the counts they stop at
    /// (`begin_query`): what earlier queries stored is not charged.
    limit: Marks,
    /// The counts when the query began.
    base: Marks,
    /// Storage reused by every expansion.
    option_ids: Vec<u32>,
    /// Canonical values of partizan components, their sided options.
    partizan: PartizanCache,
    /// Misère quotients of heap games (`misere_theory.rs`).
    quotients: QuotientCache,
}

/// Counts of what the solver stores, per kind.
#[derive(Clone, Copy, Debug, Default)]
struct Marks {
    comps: usize,
    parts: usize,
    misere: usize,
}

/// Positions may nest values (a list in a list, a position in a
/// position) at most this deep: hashing, comparing and freeing them recurse.
pub const MAX_NESTING: usize = 1_000;

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// The store of canonical game values the partizan queries and game
    /// values work in.
    pub(crate) fn store(&mut self) -> &mut crate::partizan::GameStore {
        &mut self.partizan.store
    }

    /// The store, to read.
    pub(crate) fn store_ref(&self) -> &crate::partizan::GameStore {
        &self.partizan.store
    }

    pub(super) fn new() -> Self {
        Solver {
            comps: Vec::new(),
            masks: MaskList::default(),
            general: IndexMap::default(),
            small: HashMap::default(),
            tiny: HashMap::default(),
            lists: keys::ListTable::default(),
            sets: SetTable::default(),
            boards: HashMap::default(),
            set_elements: HashMap::default(),
            adj: Vec::new(),
            opt_end: Vec::new(),
            all_single: true,
            first_part: 0,
            parts: Vec::new(),
            grundy: Vec::new(),
            big_grundy: HashMap::default(),
            misere: MisereStore::default(),
            loopy: HashMap::default(),
            dense: HashMap::default(),
            dense_stamps: Vec::new(),
            limit: Marks::default(),
            base: Marks::default(),
            option_ids: Vec::new(),
            partizan: PartizanCache::default(),
            quotients: QuotientCache::default(),
            below_zero: expand::BelowZero::default(),
        }
    }

    /// Forget everything (a definition changed, or the caches grew large).
    pub(super) fn clear(&mut self) {
        *self = Solver::new();
    }

    /// A query begins: it may add up to the limits' positions and moves to
    /// what is stored already.
    pub(super) fn begin_query(&mut self, limits: &Limits) {
        self.base = Marks {
            comps: self.comps.len(),
            parts: self.parts.len(),
            misere: self.misere.len(),
        };
        self.limit = Marks {
            comps: self.base.comps.saturating_add(limits.max_positions),
            parts: self.base.parts.saturating_add(limits.max_edges()),
            misere: self.base.misere.saturating_add(limits.max_positions),
        };
        self.partizan
            .begin_query(limits.max_edges(), limits.max_positions);
        self.below_zero = expand::BelowZero::default();
    }

    /// The game with the most positions added by the query under way (the
    /// one that grew), for a budget's diagnostic.
    fn grown(&self, cx: &Ctx, fallback: GameId) -> String {
        let mut counts: HashMap<GameId, usize, FxBuildHasher> = HashMap::default();
        for id in self.base.comps..self.comps.len() {
            *counts.entry(self.game_of(id as u32)).or_default() += 1;
        }
        let game = counts
            .into_iter()
            .max_by_key(|&(g, n)| (n, std::cmp::Reverse(g)))
            .map_or(fallback, |(g, _)| g);
        cx.defs.game(game).name.clone()
    }

    /// The position budget's error.
    #[cold]
    fn budget_error(&self, cx: &Ctx, fallback: GameId) -> Error {
        SolveError::Budget {
            game: self.grown(cx, fallback),
            budget: cx.limits.max_positions,
            span: cx.span,
        }
        .into()
    }

    /// The components interned so far.
    pub(crate) fn len(&self) -> usize {
        self.comps.len()
    }

    /// The moves stored so far (parts of options).
    pub(crate) fn edge_count(&self) -> usize {
        self.parts.len()
    }

    /// Heap bytes held per interned component (a rough figure for benchmarks).
    pub(crate) fn bytes_per_position(&self) -> f64 {
        let n = self.comps.len().max(1) as f64;
        let args: usize = self
            .comps
            .iter()
            .filter_map(OnceCell::get)
            .map(|c| c.args.len() * std::mem::size_of::<Value>() + 16)
            .sum();
        let bytes = self.comps.capacity() * std::mem::size_of::<Comp>()
            + self.masks.bytes()
            + self.general.capacity() * (std::mem::size_of::<Comp>() + 20)
            + args
            + self.adj.capacity() * std::mem::size_of::<Adjacency>()
            + self.opt_end.capacity() * 4
            + self.parts.capacity() * 4
            + self.grundy.capacity() * 4
            + self.small.capacity() * (std::mem::size_of::<SmallKey>() + 5)
            + self.tiny.capacity() * (std::mem::size_of::<TinyKey>() + 5)
            + self.lists.bytes()
            + self.sets.bytes()
            + self.boards.capacity() * (std::mem::size_of::<BoardKey>() + 5);
        bytes as f64 / n
    }

    pub(super) fn comp(&self, id: u32) -> &Comp {
        match self.comps[id as usize].get() {
            Some(c) => c,
            None => self.build_set(id),
        }
    }

    /// The value of a set position kept as its mask, built once.
    #[cold]
    #[inline(never)]
    fn build_set(&self, id: u32) -> &Comp {
        self.comps[id as usize].get_or_init(|| {
            let (game, set) = self
                .masks
                .get(id)
                .unwrap_or_else(|| unreachable!("an empty component is a set kept as its mask"))
                .unpack();
            let value = match self.set_elements.get(&set.class) {
                Some(elements) => set.value_from(|b| elements[b as usize].clone()),
                None => set.to_value(),
            };
            Comp {
                game,
                args: vec![value].into(),
            }
        })
    }

    /// The game and set of a set position kept as its mask (its value not
    /// built yet), None for any other.
    #[inline]
    pub(super) fn unbuilt_set(&self, id: u32) -> Option<(GameId, SmallSet)> {
        if self.comps[id as usize].get().is_some() {
            return None;
        }
        self.masks.get(id).map(SetKey::unpack)
    }

    /// A component's game, without building a set kept as its mask.
    pub(super) fn game_of(&self, id: u32) -> GameId {
        match self.unbuilt_set(id) {
            Some((game, _)) => game,
            None => self.comp(id).game,
        }
    }

    pub(super) fn comp_name(&self, defs: &Defs, id: u32) -> String {
        let mut s = String::new();
        fmt_comp(self.comp(id), defs, &mut s);
        s
    }

    /// The id of a component, interning it if new (within the budget).
    pub(super) fn intern(&mut self, cx: &Ctx, game: GameId, args: &[Value]) -> Result<u32> {
        if args.len() <= 3 {
            let mut ints = [0i64; 3];
            let mut all_int = true;
            for (o, a) in ints.iter_mut().zip(args) {
                match a {
                    Value::Int(n) => *o = *n,
                    _ => all_int = false,
                }
            }
            if all_int {
                return self.intern_ints(cx, game, &ints[..args.len()]);
            }
        }
        // Hashing and comparing the arguments walks their elements.
        let elements: usize = args.iter().map(shallow_elements).sum();
        cx.advance(INTERN_STEPS + (ELEMENT_STEPS * elements) as u64)?;
        if let Some(k) = BoardKey::new(game, args) {
            if let Some(&i) = self.boards.get(&k) {
                return Ok(i);
            }
            return self.intern_new(cx, game, args, Packed::Board(k));
        }
        if let Some(k) = ListKey::new(game, args) {
            if let Some(i) = self.lists.get(&k) {
                return Ok(i);
            }
            return self.intern_new(cx, game, args, Packed::List(k));
        }
        if let Some(k) = SetKey::new(game, args) {
            if let Some(i) = self.sets.get(&k) {
                return Ok(i);
            }
            return self.intern_new(cx, game, args, Packed::Set(k));
        }
        self.intern_new(cx, game, args, Packed::No)
    }

    /// `intern` of `G(set)` for a set of small elements, building the set
    /// only when the position is new; charged as `intern` charges it.
    #[inline(always)]
    fn intern_set(&mut self, cx: &Ctx, game: GameId, set: SmallSet) -> Result<u32> {
        cx.advance(INTERN_STEPS + (ELEMENT_STEPS * set.len()) as u64)?;
        let k = SetKey::pack(game, set);
        if let Some(i) = self.sets.get(&k) {
            return Ok(i);
        }
        // New: kept as its mask, its value built when something needs it
        // (`comp`), from elements shared per class; charged the bytes and
        // steps the value's `intern_new` charges.
        if self.comps.len() >= self.limit.comps {
            return Err(self.budget_error(cx, game));
        }
        cx.advance(NEW_POSITION_STEPS)?;
        cx.charge(set_payload(set), cx.span)?;
        self.set_elements
            .entry(set.class)
            .or_insert_with(|| SmallSet::elements(set.class));
        let id = self.comps.len() as u32;
        self.masks.push(id, k);
        self.sets.insert(k, id);
        Ok(self.push_comp(OnceCell::new()))
    }

    /// `intern` of `G(xs)` for a list (or, `tuple` true, a tuple) `xs` of
    /// at most 18 integers in 0..=255 (`items[..len]`), building the list
    /// only when the position is new. Always inlined: it is the lookup of
    /// every move of a list game, and left to itself the compiler's choice
    /// changes with unrelated code.
    #[inline(always)]
    fn intern_list(
        &mut self,
        cx: &Ctx,
        game: GameId,
        (tuple, items): (bool, [u8; 18]),
        len: usize,
    ) -> Result<u32> {
        cx.advance(INTERN_STEPS)?;
        let k = ListKey::pack(game, 1 + u8::from(tuple), &items, len);
        if let Some(i) = self.lists.get(&k) {
            return Ok(i);
        }
        self.new_list(cx, game, &k, tuple)
    }

    /// `intern` for a component of integer arguments, without building values
    /// when it is already known.
    #[inline]
    pub(super) fn intern_ints(&mut self, cx: &Ctx, game: GameId, ints: &[i64]) -> Result<u32> {
        cx.advance(INTERN_STEPS)?;
        let packed = if let Some(k) = TinyKey::from_ints(game, ints) {
            if let Some(&i) = self.tiny.get(&k) {
                return Ok(i);
            }
            Packed::Tiny(k)
        } else if let Some(k) = SmallKey::from_ints(game, ints) {
            if let Some(&i) = self.small.get(&k) {
                return Ok(i);
            }
            Packed::Small(k)
        } else {
            Packed::No
        };
        let args: Vec<Value> = ints.iter().map(|&n| Value::Int(n)).collect();
        self.intern_new(cx, game, &args, packed)
    }

    /// Intern a component not found in the packed tables: `packed` is its
    /// key in one (so it is new); a component without one is looked up in
    /// full.
    #[inline(never)]
    fn intern_new(
        &mut self,
        cx: &Ctx,
        game: GameId,
        args: &[Value],
        packed: Packed,
    ) -> Result<u32> {
        if matches!(packed, Packed::No)
            && let Some(&i) = self.general.get(&CompKey { game, args })
        {
            return Ok(i);
        }
        if self.comps.len() >= self.limit.comps {
            return Err(self.budget_error(cx, game));
        }
        cx.advance(NEW_POSITION_STEPS)?;
        let (bytes, depth) = payload(args);
        if depth > MAX_NESTING {
            return Err(EvalError::Value {
                message: format!(
                    "a position of `{}` nests values more than {MAX_NESTING} deep",
                    cx.defs.game(game).name
                ),
                help: "a move wraps the position in itself again and again (`G([x])`, `G(G(p))`): the game never ends".into(),
                span: cx.span,
            }.into());
        }
        cx.charge(bytes, cx.span)?;
        let id = self.comps.len() as u32;
        let comp = Comp {
            game,
            args: args.into(),
        };
        match packed {
            Packed::No => {
                self.general.insert(comp.clone(), id);
            }
            Packed::Tiny(k) => {
                self.tiny.insert(k, id);
            }
            Packed::Small(k) => {
                self.small.insert(k, id);
            }
            Packed::List(k) => {
                self.lists.insert(k, id);
            }
            Packed::Set(k) => {
                self.sets.insert(k, id);
            }
            Packed::Board(k) => {
                self.boards.insert(k, id);
            }
        }
        Ok(self.push_comp(OnceCell::from(comp)))
    }

    /// Store a new component (its key is stored already): its id.
    fn push_comp(&mut self, comp: OnceCell<Comp>) -> u32 {
        let i = self.comps.len();
        self.comps.push(comp);
        self.adj.push(Adjacency::UNEXPANDED);
        self.grundy.push(UNKNOWN);
        if i & 0x3ff == 0 {
            crate::progress::count("positions", (i - self.base.comps) as u64, None);
        }
        i as u32
    }

    /// Whether the query under way may store `more` moves.
    #[inline]
    fn edges_left(&self, more: usize) -> bool {
        self.parts.len() + more <= self.limit.parts
    }

    pub(super) fn intern_comp(&mut self, cx: &Ctx, c: &Comp) -> Result<u32> {
        self.intern(cx, c.game, &c.args)
    }

    pub(super) fn is_expanded(&self, id: u32) -> bool {
        self.adj[id as usize].parts.0 != UNEXPANDED
    }

    /// The options of an expanded component, each as a slice of part ids.
    pub(super) fn options(&self, id: u32) -> Options<'_> {
        let adj = self.adj[id as usize];
        debug_assert!(
            adj.parts.0 != UNEXPANDED,
            "options of an unexpanded component"
        );
        Options {
            solver: self,
            adj,
            next: if adj.opts.0 == SINGLE {
                adj.parts.0
            } else {
                adj.opts.0
            },
        }
    }

    pub(super) fn option_count(&self, id: u32) -> usize {
        let adj = self.adj[id as usize];
        if adj.opts.0 == SINGLE {
            (adj.parts.1 - adj.parts.0) as usize
        } else {
            (adj.opts.1 - adj.opts.0) as usize
        }
    }

    /// The part ids of an expanded component's options, all together.
    fn all_parts(&self, id: u32) -> (usize, usize) {
        let (a, b) = self.adj[id as usize].parts;
        (a as usize, b as usize)
    }

    pub(super) fn is_terminal(&mut self, cx: &Ctx, id: u32) -> Result<bool> {
        self.expand(cx, id)?;
        Ok(self.option_count(id) == 0)
    }

    /// The Grundy value of one component (normal play).
    pub(super) fn grundy(&mut self, cx: &Ctx, root: u32) -> Result<u64> {
        if let Some(v) = self.known_grundy(cx, root)? {
            return Ok(v);
        }
        // Iterative post-order: (component, cursor into its parts).
        let mut stack: Vec<(u32, usize)> = Vec::new();
        let mut on_stack: Vec<bool> = Vec::new();
        let mark = |on: &mut Vec<bool>, id: u32, v: bool| {
            let i = id as usize;
            if on.len() <= i {
                on.resize(i + 1, false);
            }
            on[i] = v;
        };
        self.expand(cx, root)?;
        mark(&mut on_stack, root, true);
        stack.push((root, self.all_parts(root).0));
        let mut seen_values: Vec<bool> = Vec::new();
        while let Some(&mut (id, ref mut cursor)) = stack.last_mut() {
            cx.tick()?;
            let (_, end) = self.all_parts(id);
            let mut descend = None;
            while *cursor < end {
                let child = self.parts[*cursor];
                if self.grundy[child as usize] != UNKNOWN || self.known_grundy(cx, child)?.is_some()
                {
                    *cursor += 1;
                    continue;
                }
                // A child already known to be loopy makes this one loopy too:
                // report it at once rather than walk its cycle again.
                if on_stack.get(child as usize).copied().unwrap_or(false)
                    || self.loopy.contains_key(&child)
                {
                    let from = stack.iter().position(|(c, _)| *c == child).unwrap_or(0);
                    let mut path: Vec<u32> = stack[from..].iter().map(|(c, _)| *c).collect();
                    path.push(child);
                    return Err(SolveError::Cycle {
                        path: self.path_text(cx, &path),
                        span: cx.span,
                    }
                    .into());
                }
                descend = Some(child);
                break;
            }
            if let Some(child) = descend {
                // A chain of new positions too long to end (`chain.rs`).
                let (root, depth) = (stack[0].0, stack.len());
                let ends = [At::Comp(root), At::Comp(id), At::Comp(child)];
                if depth > cx.limits.max_depth {
                    return Err(self.chain_error(cx, ends, depth, Why::Depth));
                }
                if let Err(e) = self.expand(cx, child) {
                    return Err(self.chain_or(cx, ends, depth, e));
                }
                mark(&mut on_stack, child, true);
                let start = self.all_parts(child).0;
                stack.push((child, start));
                continue;
            }
            // Every part has a value: mex over the options' xors.
            let n = self.option_count(id);
            seen_values.clear();
            seen_values.resize(n + 1, false);
            let adj = self.adj[id as usize];
            if adj.opts.0 == SINGLE {
                for &p in &self.parts[adj.parts.0 as usize..adj.parts.1 as usize] {
                    let v = self.stored_value(p);
                    if v <= n as u64 {
                        seen_values[v as usize] = true;
                    }
                }
            } else {
                for opt in self.options(id) {
                    let v = opt.iter().fold(0u64, |acc, &p| acc ^ self.stored_value(p));
                    if (v as usize) <= n {
                        seen_values[v as usize] = true;
                    }
                }
            }
            let mex = seen_values.iter().position(|s| !s).unwrap_or(n) as u64;
            self.set_value(id, mex);
            mark(&mut on_stack, id, false);
            stack.pop();
        }
        Ok(self.stored_value(root))
    }

    /// The value of a component known to have one.
    #[inline]
    fn stored_value(&self, id: u32) -> u64 {
        match self.grundy[id as usize] {
            v if v < BIG => u64::from(v),
            _ => self.big_value(id),
        }
    }

    #[cold]
    #[inline(never)]
    fn big_value(&self, id: u32) -> u64 {
        self.big_grundy
            .get(&id)
            .copied()
            .unwrap_or_else(|| unreachable!("value_of a component without a value"))
    }

    fn set_value(&mut self, id: u32, v: u64) {
        self.grundy[id as usize] = match u32::try_from(v) {
            Ok(small) if small < BIG => small,
            _ => {
                self.big_grundy.insert(id, v);
                BIG
            }
        };
    }

    /// A value known without expansion: computed before, or given by theory.
    fn known_grundy(&mut self, cx: &Ctx, id: u32) -> Result<Option<u64>> {
        if self.grundy[id as usize] != UNKNOWN {
            return Ok(Some(self.stored_value(id)));
        }
        let fast = self.fast_grundy(cx, id)?;
        if let Some(f) = fast {
            self.set_value(id, f);
        }
        Ok(fast)
    }

    fn path_text(&self, cx: &Ctx, path: &[u32]) -> String {
        const SHOW: usize = 12;
        let names: Vec<String> = if path.len() > SHOW {
            let mut v: Vec<String> = path[..SHOW / 2]
                .iter()
                .map(|&c| self.comp_name(cx.defs, c))
                .collect();
            v.push(format!("... ({} more)", path.len() - SHOW));
            v.extend(
                path[path.len() - SHOW / 2..]
                    .iter()
                    .map(|&c| self.comp_name(cx.defs, c)),
            );
            v
        } else {
            path.iter().map(|&c| self.comp_name(cx.defs, c)).collect()
        };
        names.join(" -> ")
    }
}

/// `payload(&[set.to_value()]).0` without the value: a set of integers,
/// or of positions `H(i)` (each one component of one integer).
fn set_payload(set: SmallSet) -> usize {
    let value = std::mem::size_of::<Value>();
    let n = set.len();
    let mut bytes = 64 + value + 16 + n * (value + 16);
    if set.class != SmallSet::INTS {
        bytes += n * (16 + std::mem::size_of::<Comp>() + 16 + value);
    }
    bytes
}

/// The bytes a position's arguments hold (shared parts counted each time
/// they appear) and how deeply they nest, walked with an explicit stack;
/// the walk stops once the nesting passes `MAX_NESTING`.
fn payload(args: &[Value]) -> (usize, usize) {
    let value = std::mem::size_of::<Value>();
    let mut bytes = 64 + std::mem::size_of_val(args);
    let mut deepest = 0;
    let mut stack: Vec<(&Value, usize)> = args.iter().map(|v| (v, 1)).collect();
    while let Some((v, depth)) = stack.pop() {
        deepest = deepest.max(depth);
        if depth > MAX_NESTING {
            break;
        }
        match v {
            Value::Tuple(xs) | Value::List(xs) => {
                bytes += 16 + xs.len() * value;
                stack.extend(xs.iter().map(|x| (x, depth + 1)));
            }
            Value::Set(xs) => {
                bytes += 16 + xs.len() * (value + 16);
                stack.extend(xs.iter().map(|x| (x, depth + 1)));
            }
            Value::Pos(cs) => {
                bytes += 16 + cs.len() * std::mem::size_of::<Comp>();
                for c in cs.iter() {
                    bytes += 16 + c.args.len() * value;
                    stack.extend(c.args.iter().map(|x| (x, depth + 1)));
                }
            }
            Value::Game(g) => bytes += 48 + g.text.len(),
            Value::LoopyGame(g) => {
                let sides =
                    g.value.onside.graph.num_vertices() + g.value.offside.graph.num_vertices();
                bytes += 96 + g.text.len() + 32 * sides;
            }
            Value::Str(s) => bytes += 16 + s.len(),
            Value::Board(b) => bytes += 64 + 24 * b.planes(),
            Value::Graph(g) => bytes += 48 + 8 * g.adj_len(),
            Value::Ordinal(x) | Value::Nimber(x) => bytes += 32 + 16 * x.to_string().len(),
            Value::Surreal(x) => bytes += 64 + 16 * x.to_string().len(),
            Value::Rational(x) => bytes += 64 + (x.num().bits() + x.den().bits()) as usize / 8,
            Value::Int(_)
            | Value::Bool(_)
            | Value::Range(..)
            | Value::Outcome(_)
            | Value::Loopy(_) => {}
        }
    }
    (bytes, deepest)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set kept as its mask is charged what its value would be.
    #[test]
    fn a_set_kept_as_a_mask_is_charged_as_its_value() {
        let mut x: u128 = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834;
        for class in [SmallSet::INTS, 2, 7] {
            for _ in 0..200 {
                // xorshift: masks of every density.
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let bits = x & (x >> (x % 5) as u32);
                let set = SmallSet::new(class, bits);
                assert_eq!(set_payload(set), payload(&[set.to_value()]).0);
            }
        }
        assert_eq!(
            set_payload(SmallSet::new(2, 0)),
            payload(&[SmallSet::new(2, 0).to_value()]).0
        );
    }
}
