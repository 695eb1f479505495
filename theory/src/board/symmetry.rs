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

/// A mask of a rows × cols board under the eight symmetries of
/// `transformed` (`t & 4` transposes, then `t & 1` reverses the rows,
/// `t & 2` the columns); the last four only when `transposes`.
fn images(m: u128, rows: usize, cols: usize, transposes: bool) -> [u128; 8] {
    let n = rows * cols;
    let f = flip_rows(m, rows, cols);
    let mut out = [m, f, half_turn(f, n), half_turn(m, n), 0, 0, 0, 0];
    if transposes {
        let t = transpose(m, rows, cols);
        let tf = flip_rows(t, cols, rows);
        out[4..].copy_from_slice(&[t, tf, half_turn(tf, n), half_turn(t, n)]);
    }
    out
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
        // A transposition gives cols × rows: never less when cols > rows,
        // always less when cols < rows.
        let transposes = sym == Symmetry::All && cols <= rows;
        let ts: &[usize] = match (transposes, cols < rows) {
            (false, _) => &[0, 1, 2, 3],
            (true, true) => &[4, 5, 6, 7],
            (true, false) => &[0, 1, 2, 3, 4, 5, 6, 7],
        };
        let dims = |t: usize| if t >= 4 { (cols, rows) } else { (rows, cols) };
        // The images whose cells are least; the planes decide among them.
        let cells = images(b.cells, rows, cols, transposes);
        let least = ts.iter().map(|&t| cells[t]).min().unwrap_or(b.cells);
        let mut tied = ts.iter().copied().filter(|&t| cells[t] == least);
        let mut best_t = tied.next().unwrap_or(0);
        // The planes' images, when the cells tie (on the stack for up to
        // four planes).
        let np = b.planes.len();
        let (mut few, many): ([[u128; 8]; 4], Vec<[u128; 8]>);
        let mut planes: &[[u128; 8]] = &[];
        if tied.clone().next().is_some() && np > 0 {
            let all = b.planes.iter().map(|p| images(p.1, rows, cols, transposes));
            if np <= 4 {
                few = [[0; 8]; 4];
                for (x, im) in few.iter_mut().zip(all) {
                    *x = im;
                }
                planes = &few[..np];
            } else {
                many = all.collect();
                planes = &many;
            }
            let key = |t: usize| planes.iter().map(move |im| im[t]);
            for t in tied {
                if key(t).lt(key(best_t)) {
                    best_t = t;
                }
            }
        }
        if best_t == 0 {
            return b;
        }
        let (r2, c2) = dims(best_t);
        let plane = |i: usize| -> u128 {
            match planes.get(i) {
                Some(im) => im[best_t],
                None => images(b.planes.as_slice()[i].1, rows, cols, transposes)[best_t],
            }
        };
        Board {
            rows: r2 as u8,
            cols: c2 as u8,
            cells: cells[best_t],
            planes: (0..np)
                .map(|i| (b.planes.as_slice()[i].0, plane(i)))
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

    /// The board of `sq` (`rows` × `cols` squares): its rows, its cropped
    /// rows and, under each symmetry, its canonical image against the least
    /// image built square by square.
    fn least_image_checked(sq: &[u8], rows: usize, cols: usize) -> Result<(), TestCaseError> {
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
        Ok(())
    }

    proptest! {
        #[test]
        fn the_canonical_image_is_the_least_image_built(
            (rows, cols, sq) in (1usize..=6, 1usize..=7).prop_flat_map(|(r, c)| {
                (Just(r), Just(c), prop::collection::vec(prop::sample::select(b"..#xoa".to_vec()), r * c))
            })
        ) {
            least_image_checked(&sq, rows, cols)?;
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
            least_image_checked(&sq, rows, cols)?;
        }
    }
}
