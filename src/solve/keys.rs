//! The keys the solver interns components by: a borrowed component
//! (`CompKey`), and packed keys for the common small shapes (integers,
//! short lists of bytes, sets of small elements) that are hashed and
//! compared as a few words.

use std::hash::{Hash, Hasher};

use indexmap::Equivalent;

use crate::model::{Comp, GameId, SmallSet, Value};

/// A borrowed component, to look one up without allocating.
#[derive(Clone, Copy)]
pub(super) struct CompKey<'a> {
    pub(super) game: GameId,
    pub(super) args: &'a [Value],
}

impl Hash for CompKey<'_> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        // Must match `#[derive(Hash)] Comp`: the fields in order.
        self.game.hash(h);
        self.args.hash(h);
    }
}

impl Equivalent<Comp> for CompKey<'_> {
    fn equivalent(&self, c: &Comp) -> bool {
        self.game == c.game && *self.args == *c.args
    }
}

/// A component whose arguments are at most three integers of 32 bits,
/// packed into 16 bytes: looking it up reads no other memory, and the
/// table stays small enough for the cache (the common case: heaps, boards
/// by coordinates). Every component is in `Solver::comps`; these are also
/// in `Solver::small`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct SmallKey {
    pub(super) game: u32,
    pub(super) args: [i32; 3],
}

impl Hash for SmallKey {
    /// Two words rather than four fields: half the hashing rounds.
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(u64::from(self.game) | (u64::from(self.args[0] as u32) << 32));
        h.write_u64(u64::from(self.args[1] as u32) | (u64::from(self.args[2] as u32) << 32));
    }
}

impl SmallKey {
    #[inline]
    pub(super) fn from_ints(game: GameId, ints: &[i64]) -> Option<SmallKey> {
        if ints.len() > 3 || game.0 >= 1 << 28 {
            return None;
        }
        let mut k = SmallKey {
            game: game.0 | ((ints.len() as u32) << 28),
            args: [0; 3],
        };
        for (slot, n) in k.args.iter_mut().zip(ints) {
            *slot = i32::try_from(*n).ok()?;
        }
        Some(k)
    }
}

/// The smallest packing, into 8 bytes (a 12-byte table entry, as a
/// hand-written `(u32, u32) -> u32` map has): a game below 2^12 with at
/// most two arguments in -2^24 .. 2^24. Such components are in
/// `Solver::tiny`, not in `Solver::small`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct TinyKey(pub(super) [u32; 2]);

impl Hash for TinyKey {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(u64::from(self.0[0]) | (u64::from(self.0[1]) << 32));
    }
}

impl TinyKey {
    #[inline]
    pub(super) fn from_ints(game: GameId, ints: &[i64]) -> Option<TinyKey> {
        const BITS: u32 = 25;
        if ints.len() > 2 || game.0 >= 1 << 12 {
            return None;
        }
        // 12 bits of game, 2 of arity (apart for redefinitions), 25 per argument.
        let mut w = u64::from(game.0) | ((ints.len() as u64) << 12);
        for (i, &n) in ints.iter().enumerate() {
            if !(-(1 << (BITS - 1))..1 << (BITS - 1)).contains(&n) {
                return None;
            }
            w |= (n as u64 & ((1 << BITS) - 1)) << (14 + BITS as usize * i);
        }
        Some(TinyKey([w as u32, (w >> 32) as u32]))
    }
}

/// A component whose one argument is a short list or tuple of small
/// non-negative integers (heap sizes, the rows of a board), packed inline
/// in three words: items 0..8, items 8..16, and items 16..18 with the
/// game (32 bits), the kind (1 for a list, 2 for a tuple) and the length.
/// Found without reading the list or the stored component: hashed as
/// three words, compared as three. Such components are in `Solver::lists`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct ListKey(pub(super) [u64; 3]);

impl Hash for ListKey {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.0[0]);
        h.write_u64(self.0[1]);
        h.write_u64(self.0[2]);
    }
}

impl ListKey {
    /// The key of `G(items[..len])`: items past `len` are 0.
    #[inline(always)]
    pub(super) fn pack(game: GameId, kind: u8, items: &[u8; 18], len: usize) -> ListKey {
        let word = |i: usize| u64::from_le_bytes(items[i..i + 8].try_into().unwrap_or_default());
        let last = u64::from(items[16])
            | (u64::from(items[17]) << 8)
            | (u64::from(game.0) << 16)
            | (u64::from(kind) << 48)
            | ((len as u64) << 56);
        ListKey([word(0), word(8), last])
    }

    #[inline]
    pub(super) fn new(game: GameId, args: &[Value]) -> Option<ListKey> {
        let (kind, xs) = match args {
            [Value::List(xs)] => (1, xs),
            [Value::Tuple(xs)] => (2, xs),
            _ => return None,
        };
        if xs.len() > 18 {
            return None;
        }
        let mut items = [0u8; 18];
        for (o, x) in items.iter_mut().zip(xs.iter()) {
            match x {
                Value::Int(n) => *o = u8::try_from(*n).ok()?,
                _ => return None,
            }
        }
        Some(ListKey::pack(game, kind, &items, xs.len()))
    }
}

/// A component whose one argument is a set of small elements of one class
/// (`SmallSet`: integers below 128, or a declared graph's vertices), packed
/// in three words: the mask's two halves, and the game (32 bits) with the
/// class. Equal sets have equal keys (the empty set's class is 0). Such
/// components are in `Solver::sets`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct SetKey(pub(super) [u64; 3]);

impl Hash for SetKey {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.0[0]);
        h.write_u64(self.0[1]);
        h.write_u64(self.0[2]);
    }
}

impl SetKey {
    #[inline(always)]
    pub(super) fn pack(game: GameId, set: SmallSet) -> SetKey {
        SetKey([
            set.bits as u64,
            (set.bits >> 64) as u64,
            u64::from(game.0) | (u64::from(set.class) << 32),
        ])
    }

    /// The game and set of a key (`pack`'s inverse).
    pub(super) fn unpack(self) -> (GameId, SmallSet) {
        let [lo, hi, w] = self.0;
        let set = SmallSet {
            class: (w >> 32) as u32,
            bits: u128::from(lo) | (u128::from(hi) << 64),
        };
        (GameId(w as u32), set)
    }

    #[inline]
    pub(super) fn new(game: GameId, args: &[Value]) -> Option<SetKey> {
        match args {
            [Value::Set(xs)] => Some(SetKey::pack(game, SmallSet::of(xs)?)),
            _ => None,
        }
    }
}

/// A component `G(b)` of one board of at most 64 squares and at most two
/// content characters, packed (`Board::packed`): looking it up compares
/// five words in the table itself, where `Solver::comps` reads the
/// component, its arguments and the board, three more places in memory
/// (the lookups of a board game's options were a third of its time).
/// Every such component is in `Solver::comps` and in `Solver::boards`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct BoardKey {
    words: [u64; 4],
    game: u32,
}

impl BoardKey {
    #[inline]
    pub(super) fn new(game: GameId, args: &[Value]) -> Option<BoardKey> {
        let [Value::Board(b)] = args else {
            return None;
        };
        Some(BoardKey {
            words: b.packed()?,
            game: game.0,
        })
    }
}
