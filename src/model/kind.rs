//! The game-kind seam: what the rest of the engine may ask of a kind of
//! game (built-in Nim, rule games, octal and subtraction codes, graphs).
//! Each kind lives in one module of `src/games/` and implements
//! [`GameKind`]: two methods are required (`arity`, `options`), every
//! other is a capability whose default says the kind has none, so a kind
//! implements only what it has. The solver sees a kind only through
//! this trait: a component's options arrive through an [`OptionSink`],
//! never as syntax or evaluator nodes.

use indexmap::IndexMap;

use crate::error::Result;
use crate::octal::Period;
use crate::source::Span;
pub use crate::vocab::Side;

use super::{Comp, Ctx, GameId, Value};

/// A kind of game. Implemented once per module of `src/games/`.
///
/// Two methods are required, the core every kind has: `arity` and
/// `options`. Every other method is a capability with a default that says
/// "this kind has none" (any arguments make a position, impartial, no
/// theory, no graph, not listed by `:games`); a kind overrides what it has.
pub trait GameKind: std::fmt::Debug {
    /// How many parameters a position `G(..)` takes.
    fn arity(&self) -> usize;

    /// Whether any argument values make a position as they are (rule
    /// games). When false, `check_args` runs on every position made.
    fn raw_args(&self) -> bool {
        true
    }

    /// Whether `check_args` hands back unchanged any `arity()` arguments
    /// none of which is a position (rule games, partizan or not): a move
    /// line's fast path then makes the position without calling it.
    fn keeps_args(&self) -> bool {
        self.raw_args()
    }

    /// Check (and normalise) the arguments of `G(args)`; `name` is the
    /// game's name for messages, `span` the place to blame.
    fn check_args(&self, name: &str, args: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        let _ = (name, span);
        Ok(args)
    }

    /// Write every option of `G(args)` to `out` (`game` is `G`'s id).
    fn options(
        &self,
        cx: &Ctx,
        game: GameId,
        args: &[Value],
        out: &mut dyn OptionSink,
    ) -> Result<()>;

    /// The parameters every move keeps as they are: bit `j` set when
    /// every part of `game` in every option of `game(args)` has the
    /// position's own `j`-th argument, for any `args`, proved from the
    /// kind's definition (never observed). Every position of `game`
    /// reachable from `game(args)` then has those arguments, so the solver
    /// may tabulate the others alone (`solve/dense.rs`). 0: none proved.
    fn carried(&self, game: GameId) -> u32 {
        let _ = game;
        0
    }

    /// `options` with the carried arguments (`carried`) left out of every
    /// part of `game`, the other parts as they are; `args` is the whole
    /// position. Only asked when `carried` is not 0.
    fn carried_options(
        &self,
        cx: &Ctx,
        game: GameId,
        args: &[Value],
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        self.options(cx, game, args, out)
    }

    /// Whether Left and Right have different moves (`left move`, `-L->`).
    /// The impartial queries (`grundy`, ...) refuse such a game; `options`
    /// is then never called.
    fn partizan(&self) -> bool {
        false
    }

    /// Whether the position `G(args)` is partizan: the kind's answer, or
    /// for a kind whose positions differ (game values: `*2` is impartial,
    /// `1/2` is not), the position's.
    fn partizan_position(&self, args: &[Value]) -> bool {
        let _ = args;
        self.partizan()
    }

    /// The canonical value `G(args)` is by definition (a game value met
    /// where a position goes), so the solver need not list its options.
    fn game_value<'a>(&self, args: &'a [Value]) -> Option<&'a std::rc::Rc<super::GameVal>> {
        let _ = args;
        None
    }

    /// Write the options of `G(args)` for one player. An impartial kind
    /// writes its `options` for either side.
    fn sided_options(
        &self,
        cx: &Ctx,
        game: GameId,
        args: &[Value],
        side: Side,
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let _ = side;
        self.options(cx, game, args, out)
    }

    /// Write every option of `G(set)`, a position whose one argument is
    /// the set `set` (given as a mask, not built as a value), to `out`, as
    /// `options` writes them; None, with nothing written, when the kind
    /// needs the set as a value (the solver then builds it and calls
    /// `options`).
    fn set_options(
        &self,
        cx: &Ctx,
        game: GameId,
        set: SmallSet,
        out: &mut dyn OptionSink,
    ) -> Option<Result<()>> {
        let _ = (cx, game, set, out);
        None
    }

    /// Whether `known_value` is None for every position whose one
    /// argument is a set (so the solver need not build a set kept as a
    /// mask to ask).
    fn no_known_sets(&self) -> bool {
        false
    }

    /// The Grundy value of `G(args)` when theory gives it without listing
    /// options (a nim-heap's size, an octal heap from its nim-sequence).
    fn known_value(&self, cx: &Ctx, game: GameId, args: &[Value]) -> Result<Option<u64>> {
        let _ = (cx, game, args);
        Ok(None)
    }

    /// The size of the nim-heap `G(args)` is by definition (Nim, `*n`), for
    /// the rules that hold for nim-heaps only (Bouton's misère rule, the
    /// winning move of a heap).
    fn nim_heap(&self, args: &[Value]) -> Option<u64> {
        let _ = args;
        None
    }

    /// The octal (or hex, or subtraction) code of a heap game given by one,
    /// for the misère quotient (THEORY.md §9).
    fn heap_code(&self) -> Option<&crate::octal::OctalCode> {
        None
    }

    /// For a heap game with a periodicity theorem: compute values until a
    /// period is proved or the budget is spent. None when no theorem
    /// applies (the caller then looks for an apparent period).
    fn proved_period(&self, cx: &Ctx) -> Option<Result<ProvedPeriod>> {
        let _ = cx;
        None
    }

    /// A `graph` declaration's vertices and edges.
    fn graph(&self) -> Option<&GraphData> {
        None
    }

    /// How `:games` lists the game: its head (`Take(n)`) and a description
    /// (`rules, 1 move line`); None to leave it out. `decl` is the text of
    /// its declaration, whitespace collapsed.
    fn describe(&self, name: &str, decl: &str) -> Option<(String, String)> {
        let _ = (name, decl);
        None
    }

    /// Forget what the kind computed and keeps for later queries (only
    /// caches: an octal game's nim-sequence and its pair sets). The session
    /// calls it, with the solver's `clear`, before a statement when its
    /// caches hold more than half the memory budget.
    fn drop_caches(&self) {}

    /// Each player's shapes (Left's first) when every move of `game`
    /// puts one of them on empty cells of its one board and nothing else
    /// changes the game (`games/rules/placement.rs` says when), read from
    /// the kind's definition; the solver then searches it on bitboards
    /// (`solve/placement.rs`). None for every other kind.
    fn placement(&self, defs: &super::Defs, game: GameId) -> Option<Placement> {
        let _ = (defs, game);
        None
    }

    /// The span of the move line that lists `child` (or a sum holding it)
    /// among the options of `G(args)`, for either player: a diagnostic
    /// points at the line that made a position (`T(-1)`, a chain that
    /// grows). Only asked when such an error is raised, so it may list the
    /// options again; None for a kind without move lines.
    fn move_line(&self, cx: &Ctx, game: GameId, args: &[Value], child: &Comp) -> Option<Span> {
        let _ = (cx, game, args, child);
        None
    }
}

/// A placement ruleset (`GameKind::placement`): each player's shapes,
/// Left's first, each a list of (row, column) offsets whose least row and
/// least column are 0, sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    pub shapes: [Vec<Vec<(i64, i64)>>; 2],
}

/// A shape: its cells as (row, column) offsets, the least row and the
/// least column 0, sorted.
pub type Shape = Vec<(i64, i64)>;

/// A shape's cells moved so that the least row and the least column are
/// 0, sorted.
pub fn normalized(mut cells: Vec<(i64, i64)>) -> Shape {
    let r0 = cells.iter().map(|x| x.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|x| x.1).min().unwrap_or(0);
    for x in &mut cells {
        *x = (x.0 - r0, x.1 - c0);
    }
    cells.sort_unstable();
    cells
}

/// The image of a shape under symmetry `t` of the square (0..8: bit 0
/// mirrors columns, bit 1 mirrors rows, bit 2 transposes first).
pub fn shape_image(shape: &Shape, t: u8) -> Shape {
    let cells = shape.iter().map(|&(r, c)| {
        let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
        let c = if t & 1 != 0 { -c } else { c };
        let r = if t & 2 != 0 { -r } else { r };
        (r, c)
    });
    normalized(cells.collect())
}

/// Whether symmetry `t` maps each player's shapes onto themselves.
pub fn keeps(p: &Placement, t: u8) -> bool {
    p.shapes.iter().all(|set| {
        let mut imgs: Vec<Shape> = set.iter().map(|s| shape_image(s, t)).collect();
        imgs.sort();
        imgs.dedup();
        imgs.len() == set.len() && imgs.iter().all(|s| set.contains(s))
    })
}

/// What `proved_period` found.
#[derive(Debug, Clone, PartialEq)]
pub struct ProvedPeriod {
    /// The code the theorem was applied to (e.g. `0.07`), as answers
    /// name it: None for a code too long to spell (a heading never holds
    /// thousands of digits).
    pub code: Option<String>,
    /// None when the budget ran out before a period was proved.
    pub period: Option<Period>,
    /// How many values G(0), G(1), ... were computed.
    pub values_computed: usize,
}

/// A `graph` declaration: vertex names in the order first written (a
/// vertex is its index) and each vertex's out-edges.
#[derive(Debug, Default)]
pub struct GraphData {
    pub vertices: IndexMap<String, ()>,
    pub edges: Vec<Vec<u32>>,
}

/// The most parts a run's options have.
pub const RUN_PARTS: usize = 3;

/// One part of an affine run: `game(base + step·k)`, `arity` arguments.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunPart {
    pub game: GameId,
    pub arity: usize,
    pub base: [i64; 3],
    pub step: [i64; 3],
}

impl RunPart {
    /// The arguments at `k` (checked in range when the run was made: the
    /// wrapping arithmetic gives the exact values).
    #[inline(always)]
    pub fn args(&self, k: i64) -> [i64; 3] {
        let [b, s] = [self.base, self.step];
        [
            b[0].wrapping_add(s[0].wrapping_mul(k)),
            b[1].wrapping_add(s[1].wrapping_mul(k)),
            b[2].wrapping_add(s[2].wrapping_mul(k)),
        ]
    }
}

/// A set of small elements of one class packed as a bit mask: the
/// integers 0..128 (class `SmallSet::INTS`), or the positions `G(i)` of
/// one game `G` with one integer argument `i` in 0..128 (class 2 + the
/// game's id: the vertices of a declared graph). The empty set has class
/// `SmallSet::EMPTY`, so equal sets have equal masks and classes, and
/// bit order is the sets' own order within a class (`Value`'s `Ord`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SmallSet {
    pub class: u32,
    pub bits: u128,
}

impl SmallSet {
    pub const EMPTY: u32 = 0;
    pub const INTS: u32 = 1;

    /// The set of class `class` with elements `bits` (class `EMPTY` when
    /// there are none).
    #[inline(always)]
    pub fn new(class: u32, bits: u128) -> SmallSet {
        SmallSet {
            class: if bits == 0 { SmallSet::EMPTY } else { class },
            bits,
        }
    }

    /// The class and bit of a small element, None for any other value.
    #[inline]
    pub fn element(v: &Value) -> Option<(u32, u32)> {
        match v {
            Value::Int(n) if (0..128).contains(n) => Some((SmallSet::INTS, *n as u32)),
            Value::Pos(cs) => match &cs[..] {
                [c] if c.game.0 < u32::MAX - 2 => match &c.args[..] {
                    [Value::Int(i)] if (0..128).contains(i) => Some((2 + c.game.0, *i as u32)),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        }
    }

    /// A set value as a `SmallSet`, when all its elements are small ones
    /// of one class.
    pub fn of(xs: &std::collections::BTreeSet<Value>) -> Option<SmallSet> {
        let mut class = SmallSet::EMPTY;
        let mut bits = 0u128;
        for x in xs {
            let (c, b) = SmallSet::element(x)?;
            if class != c && class != SmallSet::EMPTY {
                return None;
            }
            class = c;
            bits |= 1 << b;
        }
        Some(SmallSet { class, bits })
    }

    /// The element of class `class` at bit `bit`, as a value.
    pub fn element_value(class: u32, bit: u32) -> Value {
        let n = Value::Int(i64::from(bit));
        if class == SmallSet::INTS {
            return n;
        }
        Value::Pos(
            vec![Comp {
                game: GameId(class - 2),
                args: vec![n].into(),
            }]
            .into(),
        )
    }

    /// The set as a value.
    pub fn to_value(self) -> Value {
        self.value_from(|b| SmallSet::element_value(self.class, b))
    }

    /// The set as a value, its elements `element(bit)` (shared ones,
    /// say: `SmallSet::elements`).
    pub fn value_from(self, element: impl Fn(u32) -> Value) -> Value {
        let mut xs = Vec::with_capacity(self.len());
        let mut bits = self.bits;
        while bits != 0 {
            xs.push(element(bits.trailing_zeros()));
            bits &= bits - 1;
        }
        // In order and distinct: the tree is built in one pass.
        Value::Set(std::rc::Rc::new(xs.into_iter().collect()))
    }

    /// Every element of class `class`, by bit.
    pub fn elements(class: u32) -> Vec<Value> {
        (0..128)
            .map(|b| SmallSet::element_value(class, b))
            .collect()
    }

    /// How many elements.
    #[inline(always)]
    pub fn len(self) -> usize {
        // Most sets have no element past 63: one word's count (a software
        // count on CPUs the build does not assume to have `popcnt`).
        let (lo, hi) = (self.bits as u64, (self.bits >> 64) as u64);
        (lo.count_ones() + if hi == 0 { 0 } else { hi.count_ones() }) as usize
    }

    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.bits == 0
    }
}

/// The longest list `OptionSink::single_list` takes.
pub const LIST_ITEMS: usize = 18;

/// Where a kind writes the options of one position, as they are listed
/// (the solver interns each part at once: nothing is buffered). An option
/// is either one call of `single_ints` / `single_list`, or its parts by
/// `part_ints` / `part_args` followed by `end_option` (no parts: a move to
/// `0`). Every method may fail (a budget, Ctrl-C): the kind then stops
/// listing and returns the error.
/// A run of single-part options `G(first + k·step)` for k in
/// `0..count`, each a list (or, `tuple`, a tuple) of `len` ≤ `LIST_ITEMS`
/// integers in 0..=255 packed eight a word (item `i` in byte `i % 8` of
/// word `i / 8`, items past `len` 0), every item in 0..=255 all along
/// (checked at both ends by the maker): a `LiteralRun`'s options.
#[derive(Clone, Copy, Debug)]
pub struct ByteRun {
    pub game: GameId,
    pub tuple: bool,
    pub len: usize,
    pub first: [u64; 3],
    pub step: [u64; 3],
    pub count: u64,
}

impl ByteRun {
    /// The items of option `k + 1` from those of option `k`: each byte
    /// plus its step, mod 256, without carries between bytes.
    #[inline(always)]
    pub fn next(&self, items: &mut [u64; 3]) {
        for (w, s) in items.iter_mut().zip(self.step) {
            const HIGH: u64 = 0x8080_8080_8080_8080;
            *w = ((*w & !HIGH) + (s & !HIGH)) ^ ((*w ^ s) & HIGH);
        }
    }

    /// The items of option `k`: each byte plus `k` steps, mod 256. Word
    /// by word: each byte's step times `k mod 256` (at most 255², so in a
    /// 16-bit lane) for the even bytes, then the odd ones, and the sum
    /// added bytewise as in `next`.
    #[inline]
    pub fn nth(&self, k: u64) -> [u64; 3] {
        const EVEN: u64 = 0x00ff_00ff_00ff_00ff;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let k = k & 0xff;
        let mut items = self.first;
        for (w, s) in items.iter_mut().zip(self.step) {
            let even = ((s & EVEN) * k) & EVEN;
            let odd = (((s >> 8) & EVEN) * k) & EVEN;
            let d = even | (odd << 8);
            *w = ((*w & !HIGH) + (d & !HIGH)) ^ ((*w ^ d) & HIGH);
        }
        items
    }

    /// The items of an option as bytes.
    #[inline(always)]
    pub fn bytes(items: &[u64; 3]) -> [u8; LIST_ITEMS] {
        let mut bytes = [0u8; LIST_ITEMS];
        bytes[..8].copy_from_slice(&items[0].to_le_bytes());
        bytes[8..16].copy_from_slice(&items[1].to_le_bytes());
        bytes[16..].copy_from_slice(&items[2].to_le_bytes()[..2]);
        bytes
    }
}

pub trait OptionSink {
    /// True when the sink only counts options: a kind may then call
    /// `end_option` once for an option without working out its target
    /// (a rule line's binding that passed its condition is one option,
    /// whatever it reaches). False by default.
    fn counts_only(&self) -> bool {
        false
    }
    /// The options of a `ByteRun` in order, each counted a step at `span`
    /// (as `Ctx::tick_at` counts) before it is written; None, with nothing
    /// written, when the sink takes them one at a time (`single_list`,
    /// `single_tuple`).
    fn byte_run(&mut self, run: &ByteRun, span: Span) -> Option<Result<()>> {
        let _ = (run, span);
        None
    }
    /// An option of one part `G(ints)` (at most three integers).
    fn single_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()>;
    /// The options `parts[0](k) + parts[1](k) + ...` for k in
    /// `ks.0..ks.1`, in order, each part a position of at most three
    /// integer arguments affine in `k` (a move line listed in one call).
    fn run(&mut self, parts: &[RunPart], ks: (i64, i64)) -> Result<()>;
    /// An option of one part `G([items[..len]])`.
    fn single_list(&mut self, game: GameId, items: [u8; LIST_ITEMS], len: usize) -> Result<()>;
    /// An option of one part `G((items[..len]))`, a tuple: by default
    /// built and written as a part.
    fn single_tuple(&mut self, game: GameId, items: [u8; LIST_ITEMS], len: usize) -> Result<()> {
        let tuple = Value::Tuple(
            items[..len]
                .iter()
                .map(|&x| Value::Int(i64::from(x)))
                .collect(),
        );
        self.part_args(game, std::slice::from_ref(&tuple))?;
        self.end_option()
    }
    /// An option of one part `G(set)`, a set of small elements: by
    /// default built and written as a part.
    fn single_set(&mut self, game: GameId, set: SmallSet) -> Result<()> {
        let v = set.to_value();
        self.part_args(game, std::slice::from_ref(&v))?;
        self.end_option()
    }
    /// A part of the option being written: `G(ints)`, at most three integers.
    fn part_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()>;
    /// A part of the option being written: `G(args)`.
    fn part_args(&mut self, game: GameId, args: &[Value]) -> Result<()>;
    /// The option being written is complete.
    fn end_option(&mut self) -> Result<()>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// `ByteRun::nth` (word-parallel) gives each byte plus `k` steps
        /// mod 256, as a byte loop does, and as `next` applied `k` times.
        #[test]
        fn nth_is_each_byte_plus_k_steps(
            first in any::<[u64; 3]>(),
            step in any::<[u64; 3]>(),
            k in prop_oneof![0u64..600, any::<u64>()],
        ) {
            let run = ByteRun { game: GameId(0), tuple: true, len: 18, first, step, count: u64::MAX };
            let mut plain = first;
            for (w, s) in plain.iter_mut().zip(step) {
                let mut acc = w.to_le_bytes();
                for (a, d) in acc.iter_mut().zip(s.to_le_bytes()) {
                    *a = a.wrapping_add(d.wrapping_mul(k as u8));
                }
                *w = u64::from_le_bytes(acc);
            }
            prop_assert_eq!(run.nth(k), plain);
            if k < 600 {
                let mut items = first;
                for _ in 0..k {
                    run.next(&mut items);
                }
                prop_assert_eq!(items, plain);
            }
        }

        /// `SmallSet::len` counts every element, below 64 and past it.
        #[test]
        fn a_small_sets_len_counts_its_bits(bits in prop_oneof![0u128..(1 << 64), any::<u128>()]) {
            let set = SmallSet { class: SmallSet::INTS, bits };
            prop_assert_eq!(set.len(), bits.count_ones() as usize);
        }
    }
}
