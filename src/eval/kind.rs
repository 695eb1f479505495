//! The game-kind seam: what the rest of the engine may ask of a kind of
//! game (built-in Nim, rule games, octal and subtraction codes, graphs).
//! Each kind lives in one module of `src/games/` and implements
//! [`GameKind`]; no method has a default, so a new kind is checked by the
//! compiler everywhere it matters. The solver sees a kind only through
//! this trait: a component's options arrive as [`Part`]s in an
//! [`OptionOut`], never as syntax or evaluator nodes.

use indexmap::IndexMap;

use crate::error::Result;
use crate::octal::Period;
use crate::source::Span;

use super::{Ctx, GameId, Value};

/// A kind of game. Implemented once per module of `src/games/`.
pub trait GameKind: std::fmt::Debug {
    /// How many parameters a position `G(..)` takes.
    fn arity(&self) -> usize;

    /// Whether any argument values make a position as they are (rule
    /// games). When false, `check_args` runs on every position made.
    fn raw_args(&self) -> bool;

    /// Check (and normalise) the arguments of `G(args)`; `name` is the
    /// game's name for messages, `span` the place to blame.
    fn check_args(&self, name: &str, args: Vec<Value>, span: Span) -> Result<Vec<Value>>;

    /// Write every option of `G(args)` to `out` (`game` is `G`'s id).
    fn options(&self, cx: &Ctx, game: GameId, args: &[Value], out: &mut OptionOut) -> Result<()>;

    /// The Grundy value of `G(args)` when theory gives it without listing
    /// options (a nim-heap's size, an octal heap from its nim-sequence).
    fn known_value(&self, cx: &Ctx, game: GameId, args: &[Value]) -> Result<Option<u64>>;

    /// The size of the nim-heap `G(args)` is by definition (Nim, `*n`), for
    /// the rules that hold for nim-heaps only (Bouton's misère rule, the
    /// winning move of a heap).
    fn nim_heap(&self, args: &[Value]) -> Option<u64>;

    /// For a heap game with a periodicity theorem: compute values until a
    /// period is proved or the budget is spent. None when no theorem
    /// applies (the caller then looks for an apparent period).
    fn proved_period(&self, cx: &Ctx) -> Option<Result<ProvedPeriod>>;

    /// A `graph` declaration's vertices and edges.
    fn graph(&self) -> Option<&GraphData>;

    /// How `:games` lists the game: its head (`Take(n)`) and a description
    /// (`rules, 1 move line`); None to leave it out. `decl` is the text of
    /// its declaration, whitespace collapsed.
    fn describe(&self, name: &str, decl: &str) -> Option<(String, String)>;
}

/// What `proved_period` found.
#[derive(Debug, Clone, PartialEq)]
pub struct ProvedPeriod {
    /// The code the theorem was applied to (e.g. `0.07`).
    pub code: String,
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

/// One component of an option, as the kind produced it (not interned).
#[derive(Debug, Clone, Copy)]
pub enum Part {
    /// `G(a, b, c)`: at most three integer arguments, `n` of them.
    Ints { game: GameId, n: u8, ints: [i64; 3] },
    /// `G([x, ..])`: one list of `len` integers in 0..=255.
    List {
        game: GameId,
        len: u8,
        items: [u8; LIST_ITEMS],
    },
    /// `G(args)` with the chunk's `args[start..end]`.
    Args { game: GameId, start: u32, end: u32 },
}

/// The longest list a `Part::List` holds.
pub const LIST_ITEMS: usize = 18;

/// Options handed over together: option `o` is `parts[ends[o - 1]..ends[o]]`
/// (the first from 0); an option with no parts is a move to `0`.
#[derive(Debug, Default)]
pub struct OptionChunk {
    pub parts: Vec<Part>,
    pub ends: Vec<u32>,
    pub args: Vec<Value>,
}

impl OptionChunk {
    pub fn clear(&mut self) {
        self.parts.clear();
        self.ends.clear();
        self.args.clear();
    }

    /// Each option's parts, in order.
    pub fn options(&self) -> impl Iterator<Item = &[Part]> {
        let mut start = 0usize;
        self.ends.iter().map(move |&e| {
            let o = &self.parts[start..e as usize];
            start = e as usize;
            o
        })
    }

    pub fn part_args(&self, start: u32, end: u32) -> &[Value] {
        &self.args[start as usize..end as usize]
    }
}

/// Options are handed to the taker this many at a time, so that listing
/// the options of a huge position holds little memory and the taker's
/// budgets and Ctrl-C are heard while the kind is still listing.
const CHUNK: usize = 1024;

/// Where a kind writes the options of one position.
pub struct OptionOut<'t> {
    chunk: OptionChunk,
    take: &'t mut dyn FnMut(&OptionChunk) -> Result<()>,
}

impl<'t> OptionOut<'t> {
    /// `chunk` is storage to reuse (cleared first).
    pub fn new(
        mut chunk: OptionChunk,
        take: &'t mut dyn FnMut(&OptionChunk) -> Result<()>,
    ) -> Self {
        chunk.clear();
        OptionOut { chunk, take }
    }

    /// An option of one part `G(ints)` (at most three integers).
    #[inline]
    pub fn single_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        self.part_ints(game, ints);
        self.end_option()
    }

    /// An option of one part `G(list)`.
    #[inline]
    pub fn single_list(&mut self, game: GameId, items: [u8; LIST_ITEMS], len: usize) -> Result<()> {
        self.chunk.parts.push(Part::List {
            game,
            len: len as u8,
            items,
        });
        self.end_option()
    }

    /// A part of the option being written: `G(ints)`, at most three integers.
    #[inline]
    pub fn part_ints(&mut self, game: GameId, ints: &[i64]) {
        let mut a = [0i64; 3];
        a[..ints.len()].copy_from_slice(ints);
        self.chunk.parts.push(Part::Ints {
            game,
            n: ints.len() as u8,
            ints: a,
        });
    }

    /// A part of the option being written: `G(args)`.
    pub fn part_args(&mut self, game: GameId, args: &[Value]) {
        let start = self.chunk.args.len() as u32;
        self.chunk.args.extend_from_slice(args);
        self.chunk.parts.push(Part::Args {
            game,
            start,
            end: self.chunk.args.len() as u32,
        });
    }

    /// The option being written is complete.
    #[inline]
    pub fn end_option(&mut self) -> Result<()> {
        self.chunk.ends.push(self.chunk.parts.len() as u32);
        if self.chunk.ends.len() >= CHUNK {
            self.flush()?;
        }
        Ok(())
    }

    #[inline(never)]
    fn flush(&mut self) -> Result<()> {
        let r = (self.take)(&self.chunk);
        self.chunk.clear();
        r
    }

    /// The storage, for reuse, with what was not handed over dropped.
    pub fn into_chunk(self) -> OptionChunk {
        self.chunk
    }

    /// Hand over what is left; returns the storage for reuse.
    pub fn finish(mut self) -> (Result<()>, OptionChunk) {
        let r = if self.chunk.ends.is_empty() {
            Ok(())
        } else {
            self.flush()
        };
        (r, self.chunk)
    }
}
