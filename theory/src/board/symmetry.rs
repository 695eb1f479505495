//! The canonical image of a board under its symmetries, found without
//! building each image: each symmetry maps the masks with whole-word bit
//! operations (the half turn reverses the bits, a reflection moves whole
//! rows, the transposition is done once and the rest follow from it), an
//! image's planes are only mapped when its cells tie with the least so
//! far, and only the least image is made a board. The order is the one of
//! `Board`'s derived `Ord` (rows, columns, cells, then the planes, whose
//! characters every image shares), so the result is exactly the least of
//! `transformed(t)` over the symmetries (tested against that).

use super::{Board, Symmetry, bits, low_bits};
use std::cmp::Ordering;

/// The rows of a rows × cols mask in the opposite order.
fn flip_rows(m: u128, rows: usize, cols: usize) -> u128 {
    let row = low_bits(cols);
    (0..rows).fold(0, |out, r| {
        out | (m >> (r * cols) & row) << ((rows - 1 - r) * cols)
    })
}

/// The half turn of an n-square mask: square i goes to n - 1 - i.
fn half_turn(m: u128, n: usize) -> u128 {
    m.reverse_bits() >> (128 - n)
}

/// The transposition of a rows × cols mask: (r, c) goes to (c, r) of a
/// cols × rows one.
fn transpose(m: u128, rows: usize, cols: usize) -> u128 {
    let row = low_bits(cols);
    let mut out = 0;
    for r in 0..rows {
        for c in bits(m >> (r * cols) & row) {
            out |= 1 << (c * rows + r);
        }
    }
    out
}

/// A cropped board's masks under the symmetries of `transformed`: `t & 4`
/// transposes, then `t & 1` reverses the rows, `t & 2` the columns.
struct Images<'a> {
    b: &'a Board,
    /// The transposed cells and planes, when a transposition is tried
    /// (the planes in `few` when there are at most four, else in `many`).
    cells_t: u128,
    few: [u128; 4],
    many: Vec<u128>,
}

impl Images<'_> {
    fn dims(&self, t: u8) -> (usize, usize) {
        if t & 4 != 0 {
            (self.b.cols(), self.b.rows())
        } else {
            (self.b.rows(), self.b.cols())
        }
    }

    /// Mask `m` (or, transposed, `m_t`) under symmetry `t`.
    fn image(&self, t: u8, m: u128, m_t: u128) -> u128 {
        let (rows, cols) = self.dims(t);
        let m = if t & 4 != 0 { m_t } else { m };
        let n = rows * cols;
        match t & 3 {
            0 => m,
            1 => flip_rows(m, rows, cols),
            2 => half_turn(flip_rows(m, rows, cols), n),
            _ => half_turn(m, n),
        }
    }

    fn cells(&self, t: u8) -> u128 {
        self.image(t, self.b.cells, self.cells_t)
    }

    fn plane(&self, t: u8, i: usize) -> u128 {
        let m_t = if self.many.is_empty() {
            self.few.get(i).copied().unwrap_or(0)
        } else {
            self.many[i]
        };
        self.image(t, self.b.planes.as_slice()[i].1, m_t)
    }

    /// Image `t` against image `u` in the order of boards.
    fn cmp(&self, t: u8, u: u8, cells_t: u128, cells_u: u128) -> Ordering {
        (self.dims(t), cells_t)
            .cmp(&(self.dims(u), cells_u))
            .then_with(|| {
                (0..self.b.planes.len())
                    .map(|i| self.plane(t, i).cmp(&self.plane(u, i)))
                    .find(|o| o.is_ne())
                    .unwrap_or(Ordering::Equal)
            })
    }
}

impl Board {
    /// The least (in the order of values) of the cropped board's images
    /// under the symmetries: equal for boards that are images of each
    /// other.
    pub fn canonical(&self, sym: Symmetry) -> Board {
        let b = self.cropped();
        if b.cells == 0 {
            return b;
        }
        let (rows, cols) = (b.rows(), b.cols());
        // A transposition gives cols × rows: never less when cols > rows.
        let n = match sym {
            Symmetry::All if cols <= rows => 8,
            _ => 4,
        };
        let mut im = Images {
            b: &b,
            cells_t: 0,
            few: [0; 4],
            many: Vec::new(),
        };
        if n == 8 {
            im.cells_t = transpose(b.cells, rows, cols);
            let planes = b.planes.iter().map(|p| transpose(p.1, rows, cols));
            if b.planes.len() <= im.few.len() {
                for (x, m) in im.few.iter_mut().zip(planes) {
                    *x = m;
                }
            } else {
                im.many = planes.collect();
            }
        }
        let (mut best_t, mut best_cells) = (0, b.cells);
        for t in 1..n {
            let cells = im.cells(t);
            if im.cmp(t, best_t, cells, best_cells) == Ordering::Less {
                (best_t, best_cells) = (t, cells);
            }
        }
        if best_t == 0 {
            return b;
        }
        let (rows, cols) = im.dims(best_t);
        Board {
            rows: rows as u8,
            cols: cols as u8,
            cells: best_cells,
            planes: (0..b.planes.len())
                .map(|i| (b.planes.as_slice()[i].0, im.plane(best_t, i)))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The least image, by building every one.
    fn least_built(x: &Board, sym: Symmetry) -> Board {
        let b = x.cropped();
        let n = if sym == Symmetry::Mirror { 4 } else { 8 };
        (1..n)
            .map(|t| b.transformed(t))
            .fold(b.clone(), |best, x| if x < best { x } else { best })
    }

    /// The rows without the outer rows and columns of `#` only.
    fn cropped_rows(rows: &[String]) -> Vec<String> {
        let cell = |r: &String, c: usize| r.as_bytes()[c] != b'#';
        let full: Vec<&String> = rows
            .iter()
            .filter(|r| r.bytes().any(|b| b != b'#'))
            .collect();
        let (Some(first), Some(last)) = (
            rows.iter().position(|r| r.bytes().any(|b| b != b'#')),
            rows.iter().rposition(|r| r.bytes().any(|b| b != b'#')),
        ) else {
            return Vec::new();
        };
        let cols = rows[0].len();
        let c0 = (0..cols)
            .find(|&c| full.iter().any(|r| cell(r, c)))
            .unwrap_or(0);
        let c1 = (0..cols)
            .rev()
            .find(|&c| full.iter().any(|r| cell(r, c)))
            .unwrap_or(0);
        rows[first..=last]
            .iter()
            .map(|r| r[c0..=c1].to_string())
            .collect()
    }

    proptest! {
        #[test]
        fn the_canonical_image_is_the_least_image_built(
            (rows, cols, sq) in (1usize..=6, 1usize..=7).prop_flat_map(|(r, c)| {
                (Just(r), Just(c), prop::collection::vec(prop::sample::select(b"..#xoa".to_vec()), r * c))
            })
        ) {
            let text: Vec<String> = sq
                .chunks(cols)
                .map(|row| String::from_utf8(row.to_vec()).unwrap())
                .collect();
            let rows_text: Vec<&str> = text.iter().map(|s| &**s).collect();
            let x = Board::parse(&rows_text).unwrap();
            prop_assert_eq!(x.rows(), rows);
            prop_assert_eq!(x.cropped().row_strings(), cropped_rows(&text));
            for sym in [Symmetry::All, Symmetry::Mirror] {
                prop_assert_eq!(x.canonical(sym), least_built(&x, sym));
            }
        }

        /// Up to 128 squares (every shift of a word), and up to seven
        /// characters (planes inline, in `few`, and in `many`).
        #[test]
        fn the_canonical_image_is_the_least_image_built_on_large_boards(
            (rows, cols, sq) in (1usize..=16, 1usize..=128)
                .prop_map(|(r, c)| (r, c.min(128 / r)))
                .prop_flat_map(|(r, c)| {
                    // Without `#` the cells of every image tie and the
                    // planes decide.
                    let squares = prop_oneof![
                        prop::collection::vec(prop::sample::select(b"...#xoabcd".to_vec()), r * c),
                        prop::collection::vec(prop::sample::select(b"..xo".to_vec()), r * c),
                        prop::collection::vec(prop::sample::select(b"......x".to_vec()), r * c),
                    ];
                    (Just(r), Just(c), squares)
                })
        ) {
            let text: Vec<String> = sq
                .chunks(cols)
                .map(|row| String::from_utf8(row.to_vec()).unwrap())
                .collect();
            let rows_text: Vec<&str> = text.iter().map(|s| &**s).collect();
            let x = Board::parse(&rows_text).unwrap();
            prop_assert_eq!(x.rows(), rows);
            prop_assert_eq!(x.cropped().row_strings(), cropped_rows(&text));
            for sym in [Symmetry::All, Symmetry::Mirror] {
                prop_assert_eq!(x.canonical(sym), least_built(&x, sym));
            }
        }
    }
}
