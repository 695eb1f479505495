//! Positions of real games for the algebra's tests, valued through the
//! store bottom up: Domineering, Clobber, red-blue-green Hackenbush
//! strings, Cutcake, and random game trees (all-small ones too). Each
//! family is written from its rules, independent of the algebra.

use rustc_hash::FxHashMap;

use super::store::{GameStore, ValueId};

/// A xorshift step: the next pseudo-random number below `m` (m ≥ 1).
pub(super) fn next(seed: &mut u64, m: u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed % m
}

/// Domineering on a `rows × cols` board (at most 32 cells), `free` the
/// bit mask of empty cells (bit `r·cols + c`): Left places vertical
/// dominoes, Right horizontal ones.
pub(super) fn domineering(s: &mut GameStore, rows: u32, cols: u32, free: u32) -> ValueId {
    fn go(
        s: &mut GameStore,
        rows: u32,
        cols: u32,
        free: u32,
        memo: &mut FxHashMap<u32, ValueId>,
    ) -> ValueId {
        if let Some(&v) = memo.get(&free) {
            return v;
        }
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for row in 0..rows {
            for col in 0..cols {
                let a = row * cols + col;
                if free & (1 << a) == 0 {
                    continue;
                }
                if row + 1 < rows && free & (1 << (a + cols)) != 0 {
                    l.push(go(
                        s,
                        rows,
                        cols,
                        free & !(1 << a) & !(1 << (a + cols)),
                        memo,
                    ));
                }
                if col + 1 < cols && free & (1 << (a + 1)) != 0 {
                    r.push(go(s, rows, cols, free & !(1 << a) & !(1 << (a + 1)), memo));
                }
            }
        }
        let v = s.game(&l, &r).unwrap();
        memo.insert(free, v);
        v
    }
    go(s, rows, cols, free, &mut FxHashMap::default())
}

/// Clobber on a `rows × cols` board given cell by cell (0 empty, 1 a
/// Left (black) stone, 2 a Right (white) stone): a player moves one of
/// their stones onto an orthogonally adjacent stone of the other player,
/// which is removed.
pub(super) fn clobber(s: &mut GameStore, rows: usize, cols: usize, cells: &[u8]) -> ValueId {
    fn go(
        s: &mut GameStore,
        rows: usize,
        cols: usize,
        cells: &mut Vec<u8>,
        memo: &mut FxHashMap<Vec<u8>, ValueId>,
    ) -> ValueId {
        if let Some(&v) = memo.get(cells.as_slice()) {
            return v;
        }
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for a in 0..rows * cols {
            let who = cells[a];
            if who == 0 {
                continue;
            }
            let (row, col) = (a / cols, a % cols);
            let mut near = Vec::new();
            if row > 0 {
                near.push(a - cols);
            }
            if row + 1 < rows {
                near.push(a + cols);
            }
            if col > 0 {
                near.push(a - 1);
            }
            if col + 1 < cols {
                near.push(a + 1);
            }
            for b in near {
                if cells[b] == 3 - who {
                    let old = cells[b];
                    cells[b] = who;
                    cells[a] = 0;
                    let v = go(s, rows, cols, cells, memo);
                    cells[a] = who;
                    cells[b] = old;
                    if who == 1 { l.push(v) } else { r.push(v) }
                }
            }
        }
        let v = s.game(&l, &r).unwrap();
        memo.insert(cells.clone(), v);
        v
    }
    go(
        s,
        rows,
        cols,
        &mut cells.to_vec(),
        &mut FxHashMap::default(),
    )
}

/// A Hackenbush string on the ground, edges from the ground up (0 blue:
/// Left's, 1 red: Right's, 2 green: either's): cutting edge i removes it
/// and every edge above it.
pub(super) fn hackenbush(s: &mut GameStore, edges: &[u8]) -> ValueId {
    // The value of the first k edges, for k = 0, 1, …
    let mut values: Vec<ValueId> = vec![s.zero()];
    for k in 1..=edges.len() {
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for (i, &e) in edges[..k].iter().enumerate() {
            if e != 1 {
                l.push(values[i]);
            }
            if e != 0 {
                r.push(values[i]);
            }
        }
        let v = s.game(&l, &r).unwrap();
        values.push(v);
    }
    values[edges.len()]
}

/// Cutcake on a `w × h` cake: Left cuts it along a vertical line (two
/// cakes of widths a and w − a), Right along a horizontal one.
pub(super) fn cutcake(s: &mut GameStore, w: u32, h: u32) -> ValueId {
    fn go(s: &mut GameStore, w: u32, h: u32, memo: &mut FxHashMap<(u32, u32), ValueId>) -> ValueId {
        if let Some(&v) = memo.get(&(w, h)) {
            return v;
        }
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for a in 1..w {
            let (x, y) = (go(s, a, h, memo), go(s, w - a, h, memo));
            l.push(s.add(x, y).unwrap());
        }
        for b in 1..h {
            let (x, y) = (go(s, w, b, memo), go(s, w, h - b, memo));
            r.push(s.add(x, y).unwrap());
        }
        let v = s.game(&l, &r).unwrap();
        memo.insert((w, h), v);
        v
    }
    go(s, w, h, &mut FxHashMap::default())
}

/// A random game tree of height ≤ `depth`: leaves are small dyadics,
/// inner nodes have 0–2 options a side.
pub(super) fn random_tree(s: &mut GameStore, seed: &mut u64, depth: u32) -> ValueId {
    if depth == 0 || next(seed, 4) == 0 {
        let num = next(seed, 9) as i64 - 4;
        let exp = next(seed, 2) as u32;
        return s.dyadic(num, exp).unwrap();
    }
    let (nl, nr) = (next(seed, 3), next(seed, 3));
    let mut opts = Vec::new();
    for _ in 0..nl + nr {
        opts.push(random_tree(s, seed, depth - 1));
    }
    let (l, r) = opts.split_at(nl as usize);
    s.game(l, r).unwrap()
}

/// A random all-small (dicotic) tree: 0 at the leaves, every inner node
/// with 1–2 options a side.
pub(super) fn random_dicotic(s: &mut GameStore, seed: &mut u64, depth: u32) -> ValueId {
    if depth == 0 || next(seed, 4) == 0 {
        return s.zero();
    }
    let (nl, nr) = (1 + next(seed, 2), 1 + next(seed, 2));
    let mut opts = Vec::new();
    for _ in 0..nl + nr {
        opts.push(random_dicotic(s, seed, depth - 1));
    }
    let (l, r) = opts.split_at(nl as usize);
    s.game(l, r).unwrap()
}

/// A random Clobber board of at most 8 cells (1×n up to n = 8, or 2×n
/// up to n = 4), each cell empty, black or white.
pub(super) fn random_clobber(s: &mut GameStore, seed: &mut u64) -> ValueId {
    let rows = 1 + next(seed, 2) as usize;
    let cols = 1 + next(seed, if rows == 1 { 8 } else { 4 }) as usize;
    let cells: Vec<u8> = (0..rows * cols)
        .map(|_| [1, 2, 1, 2, 0][next(seed, 5) as usize])
        .collect();
    clobber(s, rows, cols, &cells)
}

/// A random short game from one of the families: Domineering (boards of
/// at most 12 cells, some cells taken), Clobber, Hackenbush strings,
/// Cutcake, or a random tree.
pub(super) fn random_short(s: &mut GameStore, seed: &mut u64) -> ValueId {
    match next(seed, 5) {
        0 => {
            let rows = 1 + next(seed, 4) as u32;
            let cols = 1 + next(seed, 12 / u64::from(rows)) as u32;
            let mut free = (1u32 << (rows * cols)) - 1;
            for _ in 0..next(seed, 4) {
                free &= !(1 << next(seed, u64::from(rows * cols)));
            }
            domineering(s, rows, cols, free)
        }
        1 => random_clobber(s, seed),
        2 => {
            let len = next(seed, 7) as usize;
            let edges: Vec<u8> = (0..len).map(|_| next(seed, 3) as u8).collect();
            hackenbush(s, &edges)
        }
        3 => {
            let (w, h) = (1 + next(seed, 6) as u32, 1 + next(seed, 6) as u32);
            cutcake(s, w, h)
        }
        _ => random_tree(s, seed, 3),
    }
}

/// A random all-small game: a Clobber position or a dicotic tree.
pub(super) fn random_all_small(s: &mut GameStore, seed: &mut u64) -> ValueId {
    if next(seed, 2) == 0 {
        random_clobber(s, seed)
    } else {
        random_dicotic(s, seed, 4)
    }
}
