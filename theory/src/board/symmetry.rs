//! The canonical image of a board under its symmetries, found without
//! building each image: a table sends each square to its image's square,
//! the masks are mapped through it into a buffer, and an image is only
//! made a board when it is the least so far. The order is the one of
//! `Board`'s derived `Ord` (rows, columns, cells, then the planes, whose
//! characters every image shares), so the result is exactly the least of
//! `transformed(t)` over the symmetries (tested against that).

use super::{Board, Symmetry, bits};

/// The image of every square under symmetry `t` (as `transformed`), and
/// the image's rows and columns.
fn table(b: &Board, t: u8, to: &mut [u8; 128]) -> (usize, usize) {
    let (rows, cols) = (b.rows(), b.cols());
    let (r2, c2) = if t & 4 != 0 {
        (cols, rows)
    } else {
        (rows, cols)
    };
    for r in 0..rows {
        for c in 0..cols {
            let (i, j) = if t & 4 != 0 { (c, r) } else { (r, c) };
            let i = if t & 1 != 0 { r2 - 1 - i } else { i };
            let j = if t & 2 != 0 { c2 - 1 - j } else { j };
            to[r * cols + c] = (i * c2 + j) as u8;
        }
    }
    (r2, c2)
}

fn map(m: u128, to: &[u8; 128]) -> u128 {
    bits(m).fold(0, |out, b| out | 1 << to[b])
}

impl Board {
    /// The least (in the order of values) of the cropped board's images
    /// under the symmetries: equal for boards that are images of each
    /// other.
    pub fn canonical(&self, sym: Symmetry) -> Board {
        let b = self.cropped();
        let n = match sym {
            Symmetry::Mirror => 4,
            Symmetry::All => 8,
        };
        let mut to = [0u8; 128];
        // The least image so far: rows, columns, cells, the planes' masks.
        let mut best: (usize, usize, u128) = (b.rows(), b.cols(), b.cells);
        let mut best_planes: Vec<u128> = b.planes.iter().map(|p| p.1).collect();
        let mut best_t = 0;
        let mut planes = Vec::with_capacity(b.planes.len());
        for t in 1..n {
            let (rows, cols) = table(&b, t, &mut to);
            if (rows, cols) > (best.0, best.1) {
                continue;
            }
            let key = (rows, cols, map(b.cells, &to));
            if key > best {
                continue;
            }
            planes.clear();
            planes.extend(b.planes.iter().map(|p| map(p.1, &to)));
            if key < best || planes < best_planes {
                best = key;
                std::mem::swap(&mut planes, &mut best_planes);
                best_t = t;
            }
        }
        if best_t == 0 {
            return b;
        }
        Board {
            rows: best.0 as u8,
            cols: best.1 as u8,
            cells: best.2,
            planes: b
                .planes
                .iter()
                .zip(best_planes)
                .map(|(p, m)| (p.0, m))
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
    }
}
