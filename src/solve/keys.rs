//! The keys the solver interns components by: a borrowed component
//! (`CompKey`), and packed keys for the common small shapes (integers,
//! short lists of bytes, sets of small elements) that are hashed and
//! compared as a few words.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use indexmap::Equivalent;
use rustc_hash::FxBuildHasher;

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

    /// The items of a key (`pack`'s `items`).
    pub(super) fn items(&self) -> [u8; 18] {
        let mut items = [0u8; 18];
        items[..8].copy_from_slice(&self.0[0].to_le_bytes());
        items[8..16].copy_from_slice(&self.0[1].to_le_bytes());
        items[16..].copy_from_slice(&self.0[2].to_le_bytes()[..2]);
        items
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
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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

/// The components with a `ListKey`, to their ids. A list or tuple of at
/// most `BOX_LEN` small integers is found in a direct-indexed table of
/// its game, kind and length (a box: `bits` bits an element, the elements
/// concatenated into the index), so that a move of a game whose positions
/// are pairs or triples of small integers (Wythoff's heaps as a pair) is
/// one load from a table whose neighbouring positions share cache lines,
/// where a hash scatters them; every other key is in the hash map. A key
/// is in its box exactly when every element is below `1 << bits` (a box
/// grows, taking the map's keys that then fit, when a larger element
/// comes and the box would stay within `BOX_BITS` bits of index); so a key
/// is in one place only.
#[derive(Default)]
pub(super) struct ListTable {
    map: HashMap<ListKey, u32, FxBuildHasher>,
    boxes: Vec<ListBox>,
}

/// Where a run of keys is in a box (`ListTable::stride`): a box stays
/// the same size while the run's own keys are stored, as they fit it.
pub(super) struct BoxRun {
    b: usize,
    base: i64,
    delta: i64,
}

/// The longest list or tuple kept in a box.
const BOX_LEN: u64 = 3;
/// A box's index has at most this many bits (2^18 entries, 1 MiB).
const BOX_BITS: u32 = 18;
/// A box has at least this many bits an element when it can.
const BOX_MIN_ELEMENT_BITS: u32 = 4;
/// At most this many boxes (their look-up is a scan).
const MAX_BOXES: usize = 8;
const VACANT: u32 = u32::MAX;

/// One game's, kind's and length's box (see `ListTable`).
struct ListBox {
    /// The keys' last word (the game, kind and length; no items there).
    tag: u64,
    bits: u32,
    /// The bits of the first word that an element too large sets.
    over: u64,
    ids: Vec<u32>,
}

impl ListBox {
    fn new(tag: u64, len: u32, bits: u32) -> ListBox {
        let mut over = 0;
        for i in 0..len {
            over |= ((0xffu64 << bits) & 0xff) << (8 * i);
        }
        ListBox {
            tag,
            bits,
            over,
            ids: vec![VACANT; 1 << (bits * len)],
        }
    }

    /// The index of a key's first word in the box, None when an element
    /// is too large for it.
    #[inline(always)]
    fn index(&self, w: u64) -> Option<usize> {
        if w & self.over != 0 {
            return None;
        }
        // Items past `len` are 0: three items whatever the length.
        let item = |e: u32| ((w >> (8 * e)) & 0xff) as usize;
        Some(item(0) | (item(1) << self.bits) | (item(2) << (2 * self.bits)))
    }
}

/// The number of bits that hold the largest element of a key's first word
/// (`len` elements).
fn element_bits(w: u64, len: u32) -> u32 {
    let max = (0..len).map(|e| (w >> (8 * e)) & 0xff).max().unwrap_or(0);
    64 - max.leading_zeros()
}

impl ListTable {
    /// The box a key belongs to by its game, kind and length, if any.
    #[inline(always)]
    fn find_box(&self, k: &ListKey) -> Option<&ListBox> {
        if k.0[2] >> 56 > BOX_LEN {
            return None;
        }
        self.boxes.iter().find(|b| b.tag == k.0[2])
    }

    #[inline(always)]
    pub(super) fn get(&self, k: &ListKey) -> Option<u32> {
        if let Some(b) = self.find_box(k)
            && let Some(i) = b.index(k.0[0])
        {
            let id = b.ids[i];
            return (id != VACANT).then_some(id);
        }
        self.map.get(k).copied()
    }

    /// A run of keys in a box: the keys of tag `tag` whose first words
    /// go from `first` to `last` in `count` equal steps of each item (a
    /// `ByteRun`) are at `ids[base + k·delta]` of box `box` when both ends
    /// fit it (then every key between does: each item moves one way); None
    /// when they do not.
    #[inline]
    pub(super) fn stride(&self, tag: u64, first: u64, last: u64, count: u64) -> Option<BoxRun> {
        let b = self.boxes.iter().position(|b| b.tag == tag)?;
        let (i0, i1) = (self.boxes[b].index(first)?, self.boxes[b].index(last)?);
        let delta = if count > 1 {
            (i1 as i64 - i0 as i64) / (count as i64 - 1)
        } else {
            0
        };
        Some(BoxRun {
            b,
            base: i0 as i64,
            delta,
        })
    }

    /// The id at a run's `k`-th key, None when the key is not stored yet.
    #[inline(always)]
    pub(super) fn at(&self, run: &BoxRun, k: u64) -> Option<u32> {
        let id = self.boxes[run.b].ids[(run.base + k as i64 * run.delta) as usize];
        (id != VACANT).then_some(id)
    }

    /// Store a key not stored yet.
    pub(super) fn insert(&mut self, k: ListKey, id: u32) {
        let len = (k.0[2] >> 56) as u32;
        if u64::from(len) <= BOX_LEN {
            let need = element_bits(k.0[0], len).max(BOX_MIN_ELEMENT_BITS);
            let pos = self.boxes.iter().position(|b| b.tag == k.0[2]);
            let bits = pos.map_or(0, |p| self.boxes[p].bits);
            if need > bits
                && need * len <= BOX_BITS
                && (pos.is_some() || self.boxes.len() < MAX_BOXES)
            {
                self.regrow(k.0[2], len, need, pos);
            }
            if let Some(b) = self.boxes.iter_mut().find(|b| b.tag == k.0[2])
                && let Some(i) = b.index(k.0[0])
            {
                b.ids[i] = id;
                return;
            }
        }
        self.map.insert(k, id);
    }

    /// Make (or remake larger) the box of `tag`, `bits` an element: the old
    /// box's keys and the map's keys of the tag that fit move into it.
    #[cold]
    #[inline(never)]
    fn regrow(&mut self, tag: u64, len: u32, bits: u32, pos: Option<usize>) {
        let mut fresh = ListBox::new(tag, len, bits);
        if let Some(p) = pos {
            let old = self.boxes.swap_remove(p);
            let mask = (1usize << old.bits) - 1;
            for (i, &id) in old.ids.iter().enumerate().filter(|(_, id)| **id != VACANT) {
                let mut w = 0u64;
                for e in 0..len {
                    w |= (((i >> (old.bits * e)) & mask) as u64) << (8 * e);
                }
                let j = fresh
                    .index(w)
                    .unwrap_or_else(|| unreachable!("a larger box holds the smaller's keys"));
                fresh.ids[j] = id;
            }
        }
        self.map.retain(|k, id| {
            if k.0[2] != tag {
                return true;
            }
            match fresh.index(k.0[0]) {
                Some(j) => {
                    fresh.ids[j] = *id;
                    false
                }
                None => true,
            }
        });
        self.boxes.push(fresh);
    }

    /// The bytes the table holds (for benchmarks).
    pub(super) fn bytes(&self) -> usize {
        self.map.capacity() * (std::mem::size_of::<ListKey>() + 5)
            + self.boxes.iter().map(|b| b.ids.len() * 4).sum::<usize>()
    }
}

/// How many (game, class) pairs get a narrow map of their own; the sets
/// of any further pair stay in the wide map.
const NARROW_TABLES: usize = 8;

/// The set positions by key (`SetKey`): a set whose elements are all
/// below 64 (the mask's high word zero) is found in a map of its game and
/// class keyed by the mask's low word alone — 16 bytes an entry, hashed as
/// one word, where the wide map's entries are 32 — and every other key in
/// the wide map. A key is in one place only: a (game, class) has a narrow
/// map from its first narrow key on, unless `NARROW_TABLES` were taken
/// before (then all its keys are in the wide map, for good).
#[derive(Default)]
pub(super) struct SetTable {
    /// Per (game, class): the key's third word, and its narrow map.
    narrow: Vec<(u64, HashMap<u64, u32, FxBuildHasher>)>,
    wide: HashMap<SetKey, u32, FxBuildHasher>,
}

impl SetTable {
    #[inline(always)]
    fn narrow_of(&self, tag: u64) -> Option<&HashMap<u64, u32, FxBuildHasher>> {
        self.narrow.iter().find(|(t, _)| *t == tag).map(|(_, m)| m)
    }

    #[inline(always)]
    pub(super) fn get(&self, k: &SetKey) -> Option<u32> {
        let [lo, hi, tag] = k.0;
        if hi == 0
            && let Some(m) = self.narrow_of(tag)
        {
            return m.get(&lo).copied();
        }
        self.wide.get(k).copied()
    }

    /// Add a key not in the table.
    pub(super) fn insert(&mut self, k: SetKey, id: u32) {
        let [lo, hi, tag] = k.0;
        if hi == 0 {
            let i = match self.narrow.iter().position(|(t, _)| *t == tag) {
                Some(i) => Some(i),
                None if self.narrow.len() < NARROW_TABLES => {
                    self.narrow.push((tag, HashMap::default()));
                    Some(self.narrow.len() - 1)
                }
                None => None,
            };
            if let Some(i) = i {
                self.narrow[i].1.insert(lo, id);
                return;
            }
        }
        self.wide.insert(k, id);
    }

    /// Heap bytes held (an entry, its control byte).
    pub(super) fn bytes(&self) -> usize {
        self.wide.capacity() * (std::mem::size_of::<SetKey>() + 5)
            + self
                .narrow
                .iter()
                .map(|(_, m)| m.capacity() * 17)
                .sum::<usize>()
    }
}

/// The keys of the set positions kept as their masks, by id: a vector from
/// the first such id on (ids only grow), `VACANT_SET` at the ids between
/// that are no such position. Read when such a position is expanded or
/// its value built; 24 bytes an id, and no hashing.
#[derive(Default)]
pub(super) struct MaskList {
    base: u32,
    keys: Vec<SetKey>,
}

/// No set position (no game has id `u32::MAX`).
const VACANT_SET: SetKey = SetKey([0, 0, u32::MAX as u64]);

impl MaskList {
    /// Keep the key of position `id`, the newest position.
    pub(super) fn push(&mut self, id: u32, k: SetKey) {
        if self.keys.is_empty() {
            self.base = id;
        }
        let at = (id - self.base) as usize;
        debug_assert!(at >= self.keys.len(), "ids only grow");
        self.keys.resize(at, VACANT_SET);
        self.keys.push(k);
    }

    #[inline]
    pub(super) fn get(&self, id: u32) -> Option<SetKey> {
        let at = id.checked_sub(self.base)? as usize;
        self.keys.get(at).copied().filter(|k| *k != VACANT_SET)
    }

    pub(super) fn bytes(&self) -> usize {
        self.keys.capacity() * std::mem::size_of::<SetKey>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A key of game `g`, kind `kind`, the items given.
    fn key(g: u32, kind: u8, items: &[u8]) -> ListKey {
        let mut xs = [0u8; 18];
        xs[..items.len()].copy_from_slice(items);
        ListKey::pack(GameId(g), kind, &xs, items.len())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// The table (boxes that grow, the map beside them) answers as a
        /// plain map of every key inserted, whatever the order the keys
        /// come in: small first, large first, lengths 0 to 5, several
        /// games and both kinds (more tags than boxes).
        #[test]
        fn the_list_table_answers_as_a_plain_map(
            keys in prop::collection::vec(
                (0u32..6, 1u8..=2, prop::collection::vec(
                    prop_oneof![0u8..4, 0u8..20, 0u8..=255], 0..=5)),
                1..200),
            probes in prop::collection::vec(
                (0u32..6, 1u8..=2, prop::collection::vec(0u8..24, 0..=4)), 0..50),
        ) {
            let mut table = ListTable::default();
            let mut plain: HashMap<ListKey, u32> = HashMap::new();
            for (n, (g, kind, items)) in keys.iter().enumerate() {
                let k = key(*g, *kind, items);
                prop_assert_eq!(table.get(&k), plain.get(&k).copied());
                if let std::collections::hash_map::Entry::Vacant(e) = plain.entry(k) {
                    e.insert(n as u32);
                    table.insert(k, n as u32);
                }
            }
            for (&k, &id) in &plain {
                prop_assert_eq!(table.get(&k), Some(id));
            }
            for (g, kind, items) in probes {
                let k = key(g, kind, &items);
                prop_assert_eq!(table.get(&k), plain.get(&k).copied());
            }
            // Each key in one place: the boxes' and the map's entries
            // together are the keys inserted.
            let boxed: usize = table
                .boxes
                .iter()
                .map(|b| b.ids.iter().filter(|&&id| id != VACANT).count())
                .sum();
            prop_assert_eq!(boxed + table.map.len(), plain.len());
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// The set table (narrow maps per game and class, the wide map
        /// beside them) answers as a plain map of every key inserted:
        /// sets below 64 and past it, more (game, class) pairs than narrow
        /// maps, the empty set, in any order; each key in one place.
        #[test]
        fn the_set_table_answers_as_a_plain_map(
            keys in prop::collection::vec(
                (0u32..4, 0u32..4, prop_oneof![0u128..16, 0u128..(1 << 64), any::<u128>()]),
                1..200),
            probes in prop::collection::vec((0u32..4, 0u32..4, 0u128..64), 0..50),
        ) {
            let set = |g: u32, class: u32, bits: u128| {
                let class = if bits == 0 { SmallSet::EMPTY } else { class };
                SetKey::pack(GameId(g), SmallSet { class, bits })
            };
            let mut table = SetTable::default();
            let mut plain: HashMap<SetKey, u32> = HashMap::new();
            for (n, &(g, class, bits)) in keys.iter().enumerate() {
                let k = set(g, class, bits);
                prop_assert_eq!(table.get(&k), plain.get(&k).copied());
                if let std::collections::hash_map::Entry::Vacant(e) = plain.entry(k) {
                    e.insert(n as u32);
                    table.insert(k, n as u32);
                }
            }
            for (&k, &id) in &plain {
                prop_assert_eq!(table.get(&k), Some(id));
            }
            for (g, class, bits) in probes {
                let k = set(g, class, bits);
                prop_assert_eq!(table.get(&k), plain.get(&k).copied());
            }
            let narrow: usize = table.narrow.iter().map(|(_, m)| m.len()).sum();
            prop_assert_eq!(narrow + table.wide.len(), plain.len());
            prop_assert!(table.narrow.len() <= NARROW_TABLES);
        }

        /// The mask list gives back each key pushed, and None at the ids
        /// between and around them.
        #[test]
        fn the_mask_list_answers_as_a_plain_map(
            steps in prop::collection::vec((1u32..5, any::<bool>(), any::<u64>()), 0..100),
        ) {
            let mut list = MaskList::default();
            let mut plain: HashMap<u32, SetKey> = HashMap::new();
            let mut id = 0u32;
            for (gap, is_set, w) in steps {
                id += gap;
                if is_set {
                    let k = SetKey([w, w >> 3, u64::from(id % 7)]);
                    list.push(id, k);
                    plain.insert(id, k);
                }
            }
            for probe in 0..=id + 2 {
                prop_assert_eq!(list.get(probe), plain.get(&probe).copied());
            }
        }
    }

    /// A pair that starts small and grows past the box's first size moves
    /// the keys it held, and keeps its ids.
    #[test]
    fn a_box_grows_and_keeps_its_keys() {
        let mut t = ListTable::default();
        t.insert(key(1, 2, &[3, 5]), 7);
        assert_eq!(t.boxes.len(), 1);
        assert_eq!(t.boxes[0].bits, BOX_MIN_ELEMENT_BITS);
        t.insert(key(1, 2, &[200, 1]), 8);
        assert_eq!(t.boxes[0].bits, 8);
        assert_eq!(t.get(&key(1, 2, &[3, 5])), Some(7));
        assert_eq!(t.get(&key(1, 2, &[200, 1])), Some(8));
        assert_eq!(t.get(&key(1, 2, &[5, 3])), None);
        assert_eq!(t.get(&key(1, 1, &[3, 5])), None);
        assert!(t.map.is_empty());
        // Triples past 64 stay in the map (a box of 2^24 entries is not made).
        t.insert(key(1, 1, &[100, 0, 0]), 9);
        t.insert(key(1, 1, &[1, 0, 0]), 10);
        assert_eq!(t.map.len(), 1);
        assert_eq!(t.get(&key(1, 1, &[100, 0, 0])), Some(9));
        assert_eq!(t.get(&key(1, 1, &[1, 0, 0])), Some(10));
    }
}
