//! The bitboard search of placement games (`placement.rs` recognizes
//! them; THEORY.md §6.15, "Placement games by bitboards"). A position is
//! the set of free cells of a rectangle of at most 128 squares, a `u128`
//! (square (r, c) is bit `r * cols + c`); a sum of boards is packed into
//! one rectangle with a row or column of no cells between them (shapes
//! are connected, so no placement spans two of them). A player's
//! placements of a shape are the anchors where every cell of the shape
//! is free: the free set shifted by each cell's offset, intersected.
//!
//! The search is depth-first on "the player to move wins" (depth at most
//! the number of cells, 128, so plain recursion), with:
//! - a transposition table of decided positions (two-entry buckets, the
//!   smaller subtree replaced), keyed by the free cells, the rectangle and
//!   the player to move, the free cells taken as the least of their images
//!   under the rectangle's symmetries that keep each player's shapes;
//! - the bounds of THEORY.md §6.15: a player with more disjoint safe
//!   placements than the opponent can ever make (to move), or at least
//!   as many (not to move), wins; and a player whose opponent has no
//!   placement wins moving first;
//! - move ordering: placements that take most of the opponent's
//!   placements and fewest of the mover's first, safe ones last.
//!
//! Budgets: a step per node and per placement listed (`--max-steps`),
//! the table's bytes reserved against `--max-memory` before it is made
//! (its size from `--search-table`, by default a quarter of
//! `--max-memory`).

use std::collections::HashMap;
use std::rc::Rc;

use crate::error::Result;
use crate::model::{Ctx, GameId};

use crate::model::Placement as Rules;
use crate::model::{Shape, keeps};

/// The most cells a shape may have here.
const MAX_CELLS: usize = 16;

/// A board as rows, columns and its free cells (row, column).
pub(super) type FreeCells = (usize, usize, Vec<(usize, usize)>);

/// A sum of boards packed into one rectangle: its rows, columns and free
/// cells.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pack {
    rows: u32,
    cols: u32,
    free: u128,
}

impl Pack {
    /// Boards `(rows, cols, free cells)` side by side with a column of no
    /// cells between them, or else one above the other with a row between;
    /// None when neither fits in 128 squares.
    pub(super) fn new(boards: &[FreeCells]) -> Option<Pack> {
        let n = boards.len().saturating_sub(1);
        let wide = (
            boards.iter().map(|b| b.0).max().unwrap_or(0),
            boards.iter().map(|b| b.1).sum::<usize>() + n,
        );
        let tall = (
            boards.iter().map(|b| b.0).sum::<usize>() + n,
            boards.iter().map(|b| b.1).max().unwrap_or(0),
        );
        let across = wide.0 * wide.1 <= 128;
        let (rows, cols) = if across { wide } else { tall };
        if rows * cols > 128 {
            return None;
        }
        let mut free = 0u128;
        let mut at = 0;
        for (r_n, c_n, cells) in boards {
            for &(r, col) in cells {
                let (r, col) = if across { (r, col + at) } else { (r + at, col) };
                free |= 1u128 << (r * cols + col);
            }
            at += if across { c_n + 1 } else { r_n + 1 };
        }
        Some(Pack {
            rows: rows as u32,
            cols: cols as u32,
            free,
        })
    }
}

/// A shape on a rectangle: its cells' offsets, its cells at anchor 0,
/// the anchors where it lies on the rectangle, and the positive
/// differences of its offsets (an anchor that far after a taken one
/// overlaps it).
#[derive(Debug)]
struct Piece {
    offs: Vec<u32>,
    cells: u128,
    anchors: u128,
    after: Vec<u32>,
}

/// A ruleset on a rectangle: each player's pieces, whether the player's
/// one shape is a straight bar (its disjoint placements then counted
/// exactly, THEORY.md §6.15), the least shape's size, and the symmetries
/// of the rectangle that keep each player's shapes (beside the identity).
#[derive(Debug)]
struct Geo {
    rows: u32,
    cols: u32,
    pieces: [Vec<Piece>; 2],
    bar: [bool; 2],
    least: [u32; 2],
    syms: Vec<u8>,
}

fn piece(shape: &Shape, rows: u32, cols: u32) -> Option<Piece> {
    let h = shape.iter().map(|x| x.0).max()? as u32 + 1;
    let w = shape.iter().map(|x| x.1).max()? as u32 + 1;
    if h > rows || w > cols {
        return None;
    }
    let offs: Vec<u32> = shape
        .iter()
        .map(|&(r, c)| r as u32 * cols + c as u32)
        .collect();
    let mut anchors = 0u128;
    for r in 0..=rows - h {
        for c in 0..=cols - w {
            anchors |= 1 << (r * cols + c);
        }
    }
    let mut after: Vec<u32> = offs
        .iter()
        .flat_map(|&a| offs.iter().filter(move |&&b| b > a).map(move |&b| b - a))
        .collect();
    after.sort_unstable();
    after.dedup();
    Some(Piece {
        cells: offs.iter().fold(0, |m, &o| m | 1 << o),
        offs,
        anchors,
        after,
    })
}

impl Geo {
    fn new(rules: &Rules, rows: u32, cols: u32) -> Geo {
        let pieces = [0, 1].map(|i| {
            rules.shapes[i]
                .iter()
                .filter_map(|s| piece(s, rows, cols))
                .collect::<Vec<_>>()
        });
        let bar = [0, 1].map(|i| {
            matches!(&rules.shapes[i][..], [s] if s.iter().all(|x| x.0 == 0) || s.iter().all(|x| x.1 == 0))
        });
        let least = [0, 1].map(|i| {
            rules.shapes[i]
                .iter()
                .map(|s| s.len() as u32)
                .min()
                .unwrap_or(1)
        });
        let syms = (1..8u8)
            .filter(|&t| (t & 4 == 0 || rows == cols) && keeps(rules, t))
            .collect();
        Geo {
            rows,
            cols,
            pieces,
            bar,
            least,
            syms,
        }
    }

    /// The anchors of piece `p` of `side` on the free cells `f`.
    #[inline]
    fn fits(p: &Piece, f: u128) -> u128 {
        p.offs.iter().fold(p.anchors, |m, &o| m & (f >> o))
    }

    /// The cells covered by the placements `a` of piece `p`.
    #[inline]
    fn covered(p: &Piece, a: u128) -> u128 {
        p.offs.iter().fold(0, |m, &o| m | (a << o))
    }

    /// A largest set of pairwise disjoint placements among `a` of piece
    /// `p`, greedily (each anchor in turn, the ones overlapping it
    /// dropped): a lower bound on the most, exact for a straight bar.
    #[inline]
    fn greedy(p: &Piece, mut a: u128) -> u32 {
        let mut n = 0;
        while a != 0 {
            let low = a & a.wrapping_neg();
            n += 1;
            let mut gone = low;
            for &d in &p.after {
                gone |= low << d;
            }
            a &= !gone;
        }
        n
    }

    /// The image of the free cells `f` under symmetry `t` (as `image`).
    fn transform(&self, f: u128, t: u8) -> u128 {
        let (rows, cols) = (self.rows, self.cols);
        let mut out = 0u128;
        let mut m = f;
        while m != 0 {
            let b = m.trailing_zeros();
            m &= m - 1;
            let (mut r, mut c) = (b / cols, b % cols);
            if t & 4 != 0 {
                (r, c) = (c, r);
            }
            if t & 1 != 0 {
                c = cols - 1 - c;
            }
            if t & 2 != 0 {
                r = rows - 1 - r;
            }
            out |= 1 << (r * cols + c);
        }
        out
    }

    /// The least image of `f` under the kept symmetries: the half turn
    /// is a bit reversal, the mirror of the rows moves whole rows, the
    /// mirror of the columns is the two together; the transposing ones
    /// go square by square.
    fn canonical(&self, f: u128) -> u128 {
        if self.syms.is_empty() {
            return f;
        }
        let n = self.rows * self.cols;
        let half = |x: u128| x.reverse_bits() >> (128 - n);
        let rows = |x: u128| {
            let row = (1u128 << self.cols) - 1;
            (0..self.rows).fold(0u128, |m, r| {
                m | ((x >> (r * self.cols) & row) << ((self.rows - 1 - r) * self.cols))
            })
        };
        let mut best = f;
        for &t in &self.syms {
            let image = match t {
                1 => half(rows(f)),
                2 => rows(f),
                3 => half(f),
                t => self.transform(f, t),
            };
            best = best.min(image);
        }
        best
    }
}

/// The table's bucket: two entries of three words: the free cells (two
/// words), then the tag (rectangle and player, 1 when in use) in the low
/// half and the result and subtree size in the high half.
type Entry = [u64; 3];

/// What a placement search keeps between the searches of one query: the
/// ruleset recognized, its rectangles and the table.
#[derive(Debug, Default)]
pub(crate) struct Native {
    pub(super) rules: Option<(GameId, Option<Rc<Rules>>)>,
    geos: HashMap<(u32, u32), Rc<Geo>>,
    table: Vec<Entry>,
    nodes: u64,
}

/// The search over one ruleset.
pub(super) struct Engine<'a> {
    cx: &'a Ctx<'a>,
    n: &'a mut Native,
    rules: Rc<Rules>,
    start: u64,
    moves: Vec<(i32, u128)>,
}

fn tag(geo: &Geo, side: usize) -> u64 {
    1 | (side as u64) << 1 | u64::from(geo.rows) << 8 | u64::from(geo.cols) << 16
}

fn hash(f: u128, tag: u64) -> u64 {
    let x =
        (f as u64) ^ ((f >> 64) as u64).rotate_left(29) ^ tag.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let x = (x ^ (x >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 29)
}

impl<'a> Engine<'a> {
    /// An engine for `rules`, its table made (once per query) under the
    /// memory budget.
    pub(super) fn new(cx: &'a Ctx<'a>, n: &'a mut Native, rules: &Rc<Rules>) -> Result<Engine<'a>> {
        if n.table.is_empty() {
            let bytes = match cx.limits.search_table {
                0 => cx.limits.max_memory / 4,
                b => b,
            };
            let entries = (bytes / std::mem::size_of::<Entry>()).max(2);
            let entries = (1usize << (usize::BITS - 1 - entries.leading_zeros())).min(1 << 22);
            cx.reserve(entries * std::mem::size_of::<Entry>(), cx.span)?;
            n.table = vec![[0u64; 3]; entries];
        }
        let start = n.nodes;
        Ok(Engine {
            cx,
            n,
            rules: rules.clone(),
            start,
            moves: Vec::new(),
        })
    }

    /// Nodes searched since the engine was made.
    pub(super) fn nodes(&self) -> u64 {
        self.n.nodes - self.start
    }

    fn geo(&mut self, p: &Pack) -> Rc<Geo> {
        let rules = &self.rules;
        self.n
            .geos
            .entry((p.rows, p.cols))
            .or_insert_with(|| Rc::new(Geo::new(rules, p.rows, p.cols)))
            .clone()
    }

    /// How far `side` is ahead in `p` by the bounds' counts (the move
    /// ordering's measure).
    pub(super) fn balance_in(&mut self, p: &Pack, side: usize) -> i32 {
        let geo = self.geo(p);
        balance(&geo, p.free, side)
    }

    /// Whether `side` (0 Left, 1 Right), to move in `p`, wins.
    pub(super) fn wins(&mut self, p: &Pack, side: usize) -> Result<bool> {
        let geo = self.geo(p);
        self.search(&geo, p.free, side)
    }

    fn lookup(&self, geo: &Geo, f: u128, side: usize) -> Option<bool> {
        let t = tag(geo, side);
        let mask = self.n.table.len() - 1;
        let i = (hash(f, t) as usize) & mask & !1;
        for e in &self.n.table[i..i + 2] {
            if e[2] & 0xffff_ffff == t && e[0] == f as u64 && e[1] == (f >> 64) as u64 {
                return Some(e[2] >> 32 & 1 == 1);
            }
        }
        None
    }

    fn store(&mut self, geo: &Geo, f: u128, side: usize, wins: bool, size: u64) {
        let t = tag(geo, side);
        let mask = self.n.table.len() - 1;
        let i = (hash(f, t) as usize) & mask & !1;
        let size = size.min(u64::from(u32::MAX >> 1));
        let entry = [
            f as u64,
            (f >> 64) as u64,
            t | (u64::from(wins) | size << 1) << 32,
        ];
        let b = &mut self.n.table[i..i + 2];
        let slot = if b[0][2] & 0xffff_ffff == t && b[0][0] == entry[0] && b[0][1] == entry[1] {
            0
        } else if b[1][2] & 0xffff_ffff == t && b[1][0] == entry[0] && b[1][1] == entry[1] {
            1
        } else if b[0][2] >> 33 <= b[1][2] >> 33 {
            0
        } else {
            1
        };
        b[slot] = entry;
    }

    /// Each player's placements on `f` (per piece) and the cells they
    /// cover.
    fn placements(geo: &Geo, f: u128, side: usize) -> ([u128; MAX_CELLS], u128) {
        let mut a = [0u128; MAX_CELLS];
        let mut cover = 0;
        for (k, q) in geo.pieces[side].iter().enumerate().take(MAX_CELLS) {
            a[k] = Geo::fits(q, f);
            cover |= Geo::covered(q, a[k]);
        }
        (a, cover)
    }

    /// At least how many placements `side` can make however the opponent
    /// plays: pairwise disjoint ones on the cells `f` the opponent can
    /// never cover.
    fn safe(geo: &Geo, f: u128, side: usize) -> u32 {
        geo.pieces[side]
            .iter()
            .map(|q| Geo::greedy(q, Geo::fits(q, f)))
            .max()
            .unwrap_or(0)
    }

    /// At most how many placements `side` can make in any play from `f`
    /// (where it has placements `a` covering `cover`).
    fn most(geo: &Geo, side: usize, a: &[u128; MAX_CELLS], cover: u128) -> u32 {
        if geo.bar[side]
            && let [q] = &geo.pieces[side][..]
        {
            return Geo::greedy(q, a[0]);
        }
        cover.count_ones() / geo.least[side]
    }

    fn search(&mut self, geo: &Geo, f: u128, side: usize) -> Result<bool> {
        self.n.nodes += 1;
        self.cx.tick()?;
        if self.n.nodes & 0xffff == 0 {
            crate::progress::count("positions searched", self.n.nodes, None);
        }
        let key = geo.canonical(f);
        if let Some(w) = self.lookup(geo, key, side) {
            return Ok(w);
        }
        let opp = 1 - side;
        let (mine, my_cover) = Self::placements(geo, f, side);
        let (theirs, their_cover) = Self::placements(geo, f, opp);
        let m = geo.pieces[side].len().min(MAX_CELLS);
        let t = geo.pieces[opp].len().min(MAX_CELLS);
        if mine[..m].iter().all(|&x| x == 0) {
            return Ok(false);
        }
        if theirs[..t].iter().all(|&x| x == 0) {
            return Ok(true);
        }
        let began = self.n.nodes;
        let verdict = if Self::safe(geo, f & !their_cover, side)
            > Self::most(geo, opp, &theirs, their_cover)
        {
            Some(true)
        } else if Self::safe(geo, f & !my_cover, opp) >= Self::most(geo, side, &mine, my_cover) {
            Some(false)
        } else {
            None
        };
        let won = match verdict {
            Some(w) => w,
            None => self.children(geo, f, side, (&mine, their_cover), &theirs)?,
        };
        self.store(geo, key, side, won, self.n.nodes - began + 1);
        Ok(won)
    }

    /// Whether some move of `side` on `f` leaves the opponent lost.
    fn children(
        &mut self,
        geo: &Geo,
        f: u128,
        side: usize,
        (mine, their_cover): (&[u128; MAX_CELLS], u128),
        theirs: &[u128; MAX_CELLS],
    ) -> Result<bool> {
        let opp = 1 - side;
        let start = self.moves.len();
        let mut listed = 0u64;
        for (k, q) in geo.pieces[side].iter().enumerate().take(MAX_CELLS) {
            let mut a = mine[k];
            while a != 0 {
                let low = a & a.wrapping_neg();
                a &= a - 1;
                let cells = q.cells << low.trailing_zeros();
                listed += 1;
                let s = 128 * balance(geo, f & !cells, side)
                    + score(geo, cells, side, mine, theirs, their_cover);
                self.moves.push((s, cells));
            }
        }
        self.cx.advance(listed)?;
        self.moves[start..].sort_unstable_by_key(|&(s, _)| std::cmp::Reverse(s));
        let mut won = false;
        // A child the table shows lost decides at once (looked up only
        // where the subtrees are large: it costs a probe per child).
        let deep = f.count_ones() * 2 > geo.rows * geo.cols;
        for i in (start..self.moves.len()).filter(|_| deep) {
            let child = f & !self.moves[i].1;
            if self.lookup(geo, geo.canonical(child), opp) == Some(false) {
                self.moves.truncate(start);
                return Ok(true);
            }
        }
        for i in start..self.moves.len() {
            let cells = self.moves[i].1;
            if !self.search(geo, f & !cells, opp)? {
                won = true;
                break;
            }
        }
        self.moves.truncate(start);
        Ok(won)
    }
}

/// How far `side` is ahead on `f` by the bounds' counts: its most
/// placements and its safe ones, less the opponent's.
fn balance(geo: &Geo, f: u128, side: usize) -> i32 {
    let opp = 1 - side;
    let (mine, my_cover) = Engine::placements(geo, f, side);
    let (theirs, their_cover) = Engine::placements(geo, f, opp);
    let me = Engine::most(geo, side, &mine, my_cover) + Engine::safe(geo, f & !their_cover, side);
    let them = Engine::most(geo, opp, &theirs, their_cover) + Engine::safe(geo, f & !my_cover, opp);
    me as i32 - them as i32
}

/// How good a placement `cells` of `side` looks: the opponent's
/// placements it takes, twice, less the mover's own it takes; a safe one
/// (no opponent placement covers it) last.
fn score(
    geo: &Geo,
    cells: u128,
    side: usize,
    mine: &[u128; MAX_CELLS],
    theirs: &[u128; MAX_CELLS],
    their_cover: u128,
) -> i32 {
    let taken = |s: usize, a: &[u128; MAX_CELLS]| -> i32 {
        geo.pieces[s]
            .iter()
            .enumerate()
            .map(|(k, q)| {
                let hit = q.offs.iter().fold(0u128, |m, &o| m | (cells >> o));
                (a[k] & hit).count_ones() as i32
            })
            .sum()
    };
    let safe = if cells & their_cover == 0 { 1000 } else { 0 };
    2 * taken(1 - side, theirs) - taken(side, mine) - safe
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_and_greedy_counts() {
        let rules = Rules {
            shapes: [vec![vec![(0, 0), (1, 0)]], vec![vec![(0, 0), (0, 1)]]],
        };
        let g = Geo::new(&rules, 3, 3);
        assert_eq!(g.syms, vec![1, 2, 3]);
        // Row 0 all free: one horizontal domino, greedily and at most.
        let f = 0b111;
        let a = Geo::fits(&g.pieces[1][0], f);
        assert_eq!(a, 0b011);
        assert_eq!(Geo::greedy(&g.pieces[1][0], a), 1);
        // Mirrored columns: cell 0 -> 2.
        assert_eq!(g.transform(1, 1), 4);
        assert_eq!(g.transform(1, 2), 1 << 6);
        // The fast images are the square-by-square ones.
        for f in [1u128, 0b110_011, 0b1_0110_1101, 0x1ff, 0b1000_0010] {
            let slow = [1, 2, 3]
                .iter()
                .map(|&t| g.transform(f, t))
                .fold(f, u128::min);
            assert_eq!(g.canonical(f), slow, "{f:b}");
        }
        let wide = Geo::new(&rules, 2, 5);
        for f in [1u128, 0b10_0110_1101, 0b11_1110_0000] {
            let slow = [1, 2, 3]
                .iter()
                .map(|&t| wide.transform(f, t))
                .fold(f, u128::min);
            assert_eq!(wide.canonical(f), slow, "{f:b}");
        }
    }

    #[test]
    fn packs_side_by_side_or_stacked() {
        let a = (2, 2, vec![(0, 0), (1, 1)]);
        let p = Pack::new(&[a.clone(), a.clone()]).unwrap();
        assert_eq!((p.rows, p.cols), (2, 5));
        assert_eq!(p.free, 1 | 1 << 6 | 1 << 3 | 1 << 9);
        // 8 × 17 is too many squares across: stacked, 11 × 8.
        let p = Pack::new(&[(8, 8, vec![(0, 0)]), (2, 8, vec![(0, 0)])]).unwrap();
        assert_eq!((p.rows, p.cols), (11, 8));
        assert_eq!(p.free, 1 | 1 << 72);
        assert!(Pack::new(&[(8, 16, vec![]), (1, 1, vec![])]).is_none());
    }
}
