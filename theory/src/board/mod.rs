//! Boards as values: a rectangle of at most 128 squares, each either no
//! cell (`#`), an empty cell (`.`) or a cell holding one character (`x`,
//! `o`, ...). Stored as bit planes: one 128-bit mask of the cells that
//! exist and one mask per content character, so a board hashes, compares
//! and copies in a few words, and the operations the rulesets use
//! (placing a shape everywhere it fits, connected components, the
//! symmetries of the rectangle) are loops over bits. A pure library: the
//! language crate reaches it through the builtins in `src/library/boards.rs`.
//!
//! Square (r, c) is bit `r * cols + c`.

pub mod draw;

use std::fmt::Write as _;

mod canon;
mod graph;
mod planes;
mod ray;
mod symmetry;

pub use canon::canonical as canonical_graph;
pub use graph::{Graph, MAX_VERTICES};
use planes::Planes;
pub use ray::Reach;

/// The most squares a board may have (rows × columns).
pub const MAX_SQUARES: usize = 128;

/// A board. Invariants: `rows * cols <= MAX_SQUARES`; every bit of
/// `cells` and of each plane is a square `< rows * cols`; the planes are
/// disjoint subsets of `cells`, non-empty, sorted by character, and no
/// plane is `.` or `#`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    rows: u8,
    cols: u8,
    cells: u128,
    planes: Planes,
}

/// What the board functions refuse, in words for a diagnostic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardError {
    /// What is wrong: the diagnostic's message.
    pub message: String,
    /// What to do instead: the diagnostic's help.
    pub help: String,
}

fn err(message: impl Into<String>, help: impl Into<String>) -> BoardError {
    BoardError {
        message: message.into(),
        help: help.into(),
    }
}

/// Whether a character may be a cell's content.
pub fn is_content(ch: char) -> bool {
    !ch.is_whitespace() && !ch.is_control() && ch != '|' && ch != '"'
}

/// The symmetries a `canonical` board is taken under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symmetry {
    /// The four that keep rows as rows: identity, the two reflections in
    /// the axes, the half turn (for games where rows and columns differ,
    /// such as Domineering).
    Mirror,
    /// All eight symmetries of the square (also the quarter turns and the
    /// reflections in the diagonals).
    All,
}

impl Board {
    /// An empty board of `rows` × `cols` cells.
    pub fn new(rows: i64, cols: i64) -> Result<Board, BoardError> {
        let (r, c) = check_size(rows, cols)?;
        let n = usize::from(r) * usize::from(c);
        Ok(Board {
            rows: r,
            cols: c,
            cells: low_bits(n),
            planes: Planes::new(),
        })
    }

    /// A board from its rows: `.` an empty cell, `#` no cell, any other
    /// character a cell holding it. Short rows are padded with `#`.
    /// An error names the row (from 0).
    pub fn parse(rows: &[&str]) -> Result<Board, (usize, BoardError)> {
        let cols = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        let mut b = Board::new(rows.len() as i64, cols as i64).map_err(|e| (0, e))?;
        b.cells = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '#' => {}
                    '.' => b.cells |= 1 << b.bit(r, c),
                    ch if is_content(ch) => {
                        b.cells |= 1 << b.bit(r, c);
                        b.add_to_plane(ch, 1 << b.bit(r, c));
                    }
                    ch => {
                        return Err((
                            r,
                            err(
                                format!("{ch:?} cannot be a square of a board"),
                                "a row holds `.` (empty), `#` (no cell) or a visible character",
                            ),
                        ));
                    }
                }
            }
        }
        Ok(b)
    }

    /// The number of rows of the rectangle.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// The number of columns of the rectangle.
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    fn squares(&self) -> usize {
        self.rows() * self.cols()
    }

    fn bit(&self, r: usize, c: usize) -> usize {
        r * self.cols() + c
    }

    fn rc(&self, bit: usize) -> (usize, usize) {
        (bit / self.cols(), bit % self.cols())
    }

    /// The square (r, c) as a bit, when it is on the rectangle.
    fn square(&self, r: i64, c: i64) -> Option<usize> {
        if r < 0 || c < 0 || r >= i64::from(self.rows) || c >= i64::from(self.cols) {
            return None;
        }
        Some(self.bit(r as usize, c as usize))
    }

    /// The cells holding something.
    fn occupied(&self) -> u128 {
        self.planes.iter().fold(0, |m, p| m | p.1)
    }

    /// The empty cells.
    fn empties(&self) -> u128 {
        self.cells & !self.occupied()
    }

    /// The mask of the squares showing `ch` (`.` empty cells, `#` the
    /// squares of the rectangle that are no cell).
    fn mask_of(&self, ch: char) -> u128 {
        match ch {
            '.' => self.empties(),
            '#' => low_bits(self.squares()) & !self.cells,
            ch => self
                .planes
                .iter()
                .find(|p| p.0 == ch)
                .map(|p| p.1)
                .unwrap_or(0),
        }
    }

    fn add_to_plane(&mut self, ch: char, m: u128) {
        match self.planes.as_slice().binary_search_by(|p| p.0.cmp(&ch)) {
            Ok(i) => self.planes.as_mut_slice()[i].1 |= m,
            Err(i) => self.planes.insert(i, (ch, m)),
        }
    }

    /// Clear the squares `m` from every plane (dropping emptied planes).
    fn clear_planes(&mut self, m: u128) {
        if self.planes.iter().any(|p| p.1 & m != 0) {
            for p in self.planes.iter_mut() {
                p.1 &= !m;
            }
            self.planes.retain(|p| p.1 != 0);
        }
    }

    /// Set the squares `m` (all on the rectangle) to show `ch`.
    fn set_mask(&mut self, m: u128, ch: char) {
        self.clear_planes(m);
        match ch {
            '#' => self.cells &= !m,
            '.' => self.cells |= m,
            ch => {
                self.cells |= m;
                self.add_to_plane(ch, m);
            }
        }
    }

    /// What square (r, c) shows: `.`, `#` (also off the rectangle) or its
    /// content.
    pub fn get(&self, r: i64, c: i64) -> char {
        let Some(b) = self.square(r, c) else {
            return '#';
        };
        let m = 1u128 << b;
        if self.cells & m == 0 {
            return '#';
        }
        self.planes
            .iter()
            .find(|p| p.1 & m != 0)
            .map_or('.', |p| p.0)
    }

    /// The board with each of `squares` set to show `ch`; a square off
    /// the rectangle is an error (returned as its index in `squares`).
    pub fn put(&self, squares: &[(i64, i64)], ch: char) -> Result<Board, usize> {
        let mut m = 0u128;
        for (i, &(r, c)) in squares.iter().enumerate() {
            m |= 1 << self.square(r, c).ok_or(i)?;
        }
        let mut b = self.clone();
        b.set_mask(m, ch);
        Ok(b)
    }

    /// The squares showing `ch`, row by row (`None`: every cell).
    pub fn cells(&self, ch: Option<char>) -> Vec<(usize, usize)> {
        let m = ch.map_or(self.cells, |ch| self.mask_of(ch));
        bits(m).map(|b| self.rc(b)).collect()
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.count_ones() as usize
    }

    /// The number of content characters in use.
    pub fn planes(&self) -> usize {
        self.planes.len()
    }

    /// The board in four words, when it has at most 64 squares and at
    /// most two content characters: the shape and the characters, the
    /// cells, the two planes' masks (0 for a plane not in use). Two boards
    /// have the same words exactly when they are equal (a key for tables
    /// of positions). None for any other board.
    pub fn packed(&self) -> Option<[u64; 4]> {
        let planes = self.planes.as_slice();
        if self.squares() > 64 || planes.len() > 2 {
            return None;
        }
        let (mut chars, mut masks) = (0u64, [0u64; 2]);
        for (i, &(ch, m)) in planes.iter().enumerate() {
            // A char is at most 21 bits: two fit beside the shape.
            chars |= u64::from(u32::from(ch)) << (18 + 21 * i);
            masks[i] = m as u64;
        }
        let head =
            u64::from(self.rows) | (u64::from(self.cols) << 8) | ((planes.len() as u64) << 16);
        Some([head | chars, self.cells as u64, masks[0], masks[1]])
    }

    /// Whether the board has no cells at all (not whether its cells are all
    /// empty).
    pub fn is_empty(&self) -> bool {
        self.cells == 0
    }

    /// The cells next to (r, c): orthogonally, or also diagonally; in the
    /// order up, left, right, down (diagonals: up-left, up, up-right,
    /// left, right, down-left, down, down-right).
    pub fn neighbours(&self, r: i64, c: i64, diagonal: bool) -> Vec<(usize, usize)> {
        let steps: &[(i64, i64)] = if diagonal { &KING } else { &ROOK };
        steps
            .iter()
            .filter_map(|&(dr, dc)| {
                let (r2, c2) = (r.checked_add(dr)?, c.checked_add(dc)?);
                let b = self.square(r2, c2)?;
                (self.cells >> b & 1 == 1).then(|| self.rc(b))
            })
            .collect()
    }

    /// The masks of the squares each anchor (r, c) covers with `shape`
    /// (offsets), for every anchor, row by row, where all of them are
    /// cells showing `on`.
    fn fits(&self, shape: &[(i64, i64)], on: char) -> Vec<u128> {
        let free = self.mask_of(on);
        let mut out = Vec::new();
        // Distinct offsets cover distinct squares: more than the board has
        // never fit (and a long list is not walked square by square).
        let mut shape = shape.to_vec();
        shape.sort_unstable();
        shape.dedup();
        if shape.is_empty() || shape.len() > self.squares() {
            return out;
        }
        let shape = &shape[..];
        // Anchors for which every offset lands on a free square.
        let mut anchors = low_bits(self.squares());
        for &(dr, dc) in shape {
            let mut ok = 0u128;
            for b in bits(free) {
                let (r, c) = self.rc(b);
                let (Some(ar), Some(ac)) = ((r as i64).checked_sub(dr), (c as i64).checked_sub(dc))
                else {
                    continue;
                };
                if let Some(a) = self.square(ar, ac) {
                    ok |= 1 << a;
                }
            }
            anchors &= ok;
            if anchors == 0 {
                return out;
            }
        }
        for a in bits(anchors) {
            let (r, c) = self.rc(a);
            let mut m = 0u128;
            for &(dr, dc) in shape {
                // Every offset was checked to land on the rectangle.
                let (r2, c2) = ((r as i64).saturating_add(dr), (c as i64).saturating_add(dc));
                if let Some(b) = self.square(r2, c2) {
                    m |= 1 << b;
                }
            }
            out.push(m);
        }
        out
    }

    /// Every board made by putting `ch` on the squares of `shape` (a list
    /// of (row, column) offsets) at an anchor where all of them are empty
    /// cells; anchors row by row. `ch` may be `#` (the cells are removed,
    /// as a domino covers them).
    pub fn place(&self, shape: &[(i64, i64)], ch: char) -> Vec<Board> {
        self.fits(shape, '.')
            .into_iter()
            .map(|m| {
                let mut b = self.clone();
                b.set_mask(m, ch);
                b
            })
            .collect()
    }

    /// The connected components of the cells (orthogonally, or also
    /// diagonally adjacent), each cropped to its bounding rectangle, in
    /// the order of their first cell row by row.
    pub fn components(&self, diagonal: bool) -> Vec<Board> {
        let edges = self.edges();
        let mut left = self.cells;
        let mut out = Vec::new();
        while left != 0 {
            let mut part = left & left.wrapping_neg();
            loop {
                let grown = (part | self.spread(part, diagonal, edges)) & self.cells;
                if grown == part {
                    break;
                }
                part = grown;
            }
            left &= !part;
            out.push(self.restrict(part).cropped());
        }
        out
    }

    /// The squares of the rectangle, those not in its first column and
    /// those not in its last (for `spread`).
    fn edges(&self) -> (u128, u128, u128) {
        let cols = self.cols();
        let all = low_bits(self.squares());
        let not_first = all & !column_mask(self.rows(), cols, 0);
        let not_last = all & !column_mask(self.rows(), cols, cols.saturating_sub(1));
        (all, not_first, not_last)
    }

    /// The squares next to some square of `m` (on the rectangle), given
    /// the rectangle's `edges`.
    fn spread(&self, m: u128, diagonal: bool, edges: (u128, u128, u128)) -> u128 {
        let (all, not_first, not_last) = edges;
        let cols = self.cols();
        let left = (m >> 1) & not_last;
        let right = (m << 1) & not_first;
        let vert = |x: u128| shr(x, cols) | shl(x, cols);
        let mut s = left | right | vert(m);
        if diagonal {
            s |= vert(left | right);
        }
        s & all
    }

    /// The board keeping only the cells of `m`.
    fn restrict(&self, m: u128) -> Board {
        let mut b = self.clone();
        b.cells &= m;
        for p in b.planes.iter_mut() {
            p.1 &= m;
        }
        b.planes.retain(|p| p.1 != 0);
        b
    }

    /// The board without its outer rows and columns that hold no cell.
    pub fn cropped(&self) -> Board {
        if self.cells == 0 {
            return Board {
                rows: 0,
                cols: 0,
                cells: 0,
                planes: Planes::new(),
            };
        }
        // The rows holding a cell, and the columns (the rows' union).
        let (cols, row) = (self.cols(), low_bits(self.cols()));
        // The first and last rows holding a cell, from the lowest and
        // highest bits; the columns from the rows between.
        let r0 = self.cells.trailing_zeros() as usize / cols;
        let r1 = (127 - self.cells.leading_zeros() as usize) / cols;
        let span = (r0..=r1).fold(0u128, |span, r| span | shr(self.cells, r * cols) & row);
        let c0 = span.trailing_zeros() as usize;
        let c1 = 127 - span.leading_zeros() as usize;
        if (r0, c0, r1 + 1, c1 + 1) == (0, 0, self.rows(), self.cols()) {
            return self.clone();
        }
        let (rows2, cols2) = (r1 - r0 + 1, c1 - c0 + 1);
        // Row by row: row r0 + i, columns c0.., becomes row i.
        let crop = |m: u128| -> u128 {
            if cols2 == cols {
                return shr(m, r0 * cols) & low_bits(rows2 * cols);
            }
            let row = low_bits(cols2);
            (0..rows2).fold(0, |out, i| {
                out | (shr(m, (r0 + i) * cols + c0) & row) << (i * cols2)
            })
        };
        Board {
            rows: rows2 as u8,
            cols: cols2 as u8,
            cells: crop(self.cells),
            planes: self.planes.iter().map(|&(ch, m)| (ch, crop(m))).collect(),
        }
    }

    /// The board moved into a rectangle of `rows` × `cols`, square (r, c)
    /// going to `to(r, c)` (defined on every cell).
    fn remap(
        &self,
        rows: usize,
        cols: usize,
        to: impl Fn(usize, usize) -> (usize, usize),
    ) -> Board {
        let map = |m: u128| -> u128 {
            let mut out = 0u128;
            for b in bits(m) {
                let (r, c) = self.rc(b);
                let (r2, c2) = to(r, c);
                out |= 1 << (r2 * cols + c2);
            }
            out
        };
        Board {
            rows: rows as u8,
            cols: cols as u8,
            cells: map(self.cells),
            planes: self.planes.iter().map(|&(ch, m)| (ch, map(m))).collect(),
        }
    }

    /// The board under one of the eight symmetries of the square:
    /// `t & 4` transposes, then `t & 1` reverses the rows, `t & 2` the
    /// columns.
    pub fn transformed(&self, t: u8) -> Board {
        let (rows, cols) = if t & 4 != 0 {
            (self.cols(), self.rows())
        } else {
            (self.rows(), self.cols())
        };
        self.remap(rows, cols, |r, c| {
            let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
            let r = if t & 1 != 0 { rows - 1 - r } else { r };
            let c = if t & 2 != 0 { cols - 1 - c } else { c };
            (r, c)
        })
    }

    /// The rows as text (`.`, `#` and contents).
    pub fn row_strings(&self) -> Vec<String> {
        (0..self.rows())
            .map(|r| {
                (0..self.cols())
                    .map(|c| self.get(r as i64, c as i64))
                    .collect()
            })
            .collect()
    }

    /// The rows joined by `|` (how a board prints on one line).
    pub fn text(&self) -> String {
        let mut s = String::new();
        for (i, row) in self.row_strings().iter().enumerate() {
            if i > 0 {
                s.push('|');
            }
            let _ = write!(s, "{row}");
        }
        s
    }
}

const ROOK: [(i64, i64); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];
const KING: [(i64, i64); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

fn check_size(rows: i64, cols: i64) -> Result<(u8, u8), BoardError> {
    let ok = (0..=MAX_SQUARES as i64).contains(&rows)
        && (0..=MAX_SQUARES as i64).contains(&cols)
        && rows * cols <= MAX_SQUARES as i64;
    if !ok {
        return Err(err(
            format!("a board of {rows} × {cols} squares"),
            format!("a board has rows, columns >= 0 and at most {MAX_SQUARES} squares"),
        ));
    }
    Ok((rows as u8, cols as u8))
}

fn low_bits(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

fn shl(m: u128, k: usize) -> u128 {
    m.checked_shl(k as u32).unwrap_or(0)
}

fn shr(m: u128, k: usize) -> u128 {
    m.checked_shr(k as u32).unwrap_or(0)
}

fn column_mask(rows: usize, cols: usize, c: usize) -> u128 {
    (0..rows).fold(0, |m, r| m | 1u128 << (r * cols + c))
}

/// The set bits of `m`, lowest first.
fn bits(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let b = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(b)
    })
}

#[cfg(test)]
mod graph_tests;
#[cfg(test)]
mod tests;
