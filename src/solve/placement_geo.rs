//! The geometry of the placement search (`placement_search.rs`): each
//! player's pieces on a rectangle, their anchors, the pairs of pieces that
//! can make switch regions, the greedy counts of disjoint placements
//! (straight bars line by line) and the rectangle's symmetries
//! (THEORY.md §6.15, "Placement games by bitboards").

use crate::model::Placement as Rules;
use crate::model::{Shape, keeps};

/// A shape on a rectangle: its cells' offsets, its cells at anchor 0,
/// the anchors where it lies on the rectangle, and the positive
/// differences of its offsets (an anchor that far after a taken one
/// overlaps it).
#[derive(Debug)]
pub(super) struct Piece {
    pub(super) rc: Vec<(i32, i32)>,
    pub(super) offs: Vec<u32>,
    pub(super) cells: u128,
    pub(super) anchors: u128,
    pub(super) after: Vec<u32>,
    pub(super) line: Option<(u32, u32)>,
}

/// A ruleset on a rectangle: each player's pieces, whether the player's
/// one shape is a straight bar (its disjoint placements then counted
/// exactly, THEORY.md §6.15), the least shape's size, and the symmetries
/// of the rectangle that keep each player's shapes (beside the identity).
#[derive(Debug)]
pub(super) struct Geo {
    pub(super) rows: u32,
    pub(super) cols: u32,
    pub(super) pieces: [Vec<Piece>; 2],
    pub(super) bar: [bool; 2],
    pub(super) least: [u32; 2],
    pub(super) syms: Vec<u8>,
    pub(super) twins: [Vec<Twin>; 2],
}

/// Two pieces of one player side by side: the first piece's index, the
/// second's, and the second's anchor less the first's (rows, columns).
pub(super) type Twin = (usize, usize, i32, i32);

/// The ways two pieces p, q of a player lie side by side such that they
/// could make a switch region (`Engine::regions`): disjoint, some cells
/// orthogonally adjacent, and with only their cells free the opponent
/// (`opp`) has a placement inside p ∪ q and each one meets p.
pub(super) fn twins(pieces: &[Piece], opp: &[Piece]) -> Vec<Twin> {
    // q's anchor at most one row or column beyond p's extent either way.
    let reach = |p: &Piece, f: fn(&(i32, i32)) -> i32| p.rc.iter().map(f).max().unwrap_or(0) + 1;
    let mut out: Vec<(usize, Twin)> = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
        for (j, q) in pieces.iter().enumerate() {
            for dr in -reach(q, |x| x.0)..=reach(p, |x| x.0) {
                for dc in -reach(q, |x| x.1)..=reach(p, |x| x.1) {
                    let moved: Vec<(i32, i32)> =
                        q.rc.iter().map(|&(r, c)| (r + dr, c + dc)).collect();
                    let apart = moved.iter().all(|x| !p.rc.contains(x));
                    let touch = moved
                        .iter()
                        .map(|&(r, c)| {
                            p.rc.iter()
                                .filter(|&&(a, b)| (r - a).abs() + (c - b).abs() == 1)
                                .count()
                        })
                        .sum::<usize>();
                    if apart && touch > 0 && switches(&p.rc, &moved, opp) {
                        out.push((touch, (i, j, dr, dc)));
                    }
                }
            }
        }
    }
    // The most compact first (most pairs of adjacent cells): the greedy
    // pass then packs squares before staircases.
    out.sort_by_key(|x| std::cmp::Reverse(x.0));
    out.into_iter().map(|x| x.1).collect()
}

/// Whether, with only the cells `p` and `q` free, some placement of the
/// pieces `opp` fits and every one meets `p`.
pub(super) fn switches(p: &[(i32, i32)], q: &[(i32, i32)], opp: &[Piece]) -> bool {
    let free = |x: &(i32, i32)| p.contains(x) || q.contains(x);
    let mut any = false;
    for s in opp {
        let (r0, c0) = s.rc[0];
        for &(r, c) in p.iter().chain(q) {
            let at: Vec<(i32, i32)> =
                s.rc.iter()
                    .map(|&(a, b)| (a - r0 + r, b - c0 + c))
                    .collect();
            if at.iter().all(free) {
                if !at.iter().any(|x| p.contains(x)) {
                    return false;
                }
                any = true;
            }
        }
    }
    any
}

/// For a straight bar of at least two cells (one row or one column, no
/// gaps): the step between its cells' squares (1 across, `cols` down) and
/// its length, which is all `Geo::greedy` needs to count it line by line.
pub(super) fn line(shape: &Shape, cols: u32) -> Option<(u32, u32)> {
    let k = shape.len();
    let span = |f: fn(&(i64, i64)) -> i64| {
        let lo = shape.iter().map(f).min().unwrap_or(0);
        let hi = shape.iter().map(f).max().unwrap_or(0);
        (lo, hi)
    };
    let (r, c) = (span(|x| x.0), span(|x| x.1));
    let mut cells: Vec<_> = shape.clone();
    cells.sort_unstable();
    cells.dedup();
    if k < 2 || cells.len() != k {
        None
    } else if r.0 == r.1 && c.1 - c.0 + 1 == k as i64 {
        Some((1, k as u32))
    } else if c.0 == c.1 && r.1 - r.0 + 1 == k as i64 {
        Some((cols, k as u32))
    } else {
        None
    }
}

pub(super) fn piece(shape: &Shape, rows: u32, cols: u32) -> Option<Piece> {
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
        line: line(shape, cols),
        rc: shape.iter().map(|&(r, c)| (r as i32, c as i32)).collect(),
        cells: offs.iter().fold(0, |m, &o| m | 1 << o),
        offs,
        anchors,
        after,
    })
}

impl Geo {
    pub(super) fn new(rules: &Rules, rows: u32, cols: u32) -> Geo {
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
        let twins = [twins(&pieces[0], &pieces[1]), twins(&pieces[1], &pieces[0])];
        Geo {
            twins,
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
    pub(super) fn fits(p: &Piece, f: u128) -> u128 {
        p.offs.iter().fold(p.anchors, |m, &o| m & (f >> o))
    }

    /// The cells covered by the placements `a` of piece `p`.
    #[inline]
    pub(super) fn covered(p: &Piece, a: u128) -> u128 {
        p.offs.iter().fold(0, |m, &o| m | (a << o))
    }

    /// A largest set of pairwise disjoint placements among `a` of piece
    /// `p`, greedily (each anchor in turn, the ones overlapping it
    /// dropped): a lower bound on the most, exact for a straight bar.
    #[inline]
    pub(super) fn greedy(p: &Piece, a: u128) -> u32 {
        match p.line {
            Some((d, k)) => Self::greedy_lines(a, d, k),
            None => Self::greedy_one_by_one(p, a),
        }
    }

    /// `greedy` anchor by anchor in increasing order.
    pub(super) fn greedy_one_by_one(p: &Piece, mut a: u128) -> u32 {
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

    /// `greedy` for a straight bar of `k` cells whose squares are `d`
    /// apart, every line at once: two placements overlap exactly when
    /// their anchors lie on one line less than k steps apart, so the
    /// greedy choice on a line is each anchor with no anchor left within
    /// k − 1 steps before it, and the overlapped ones after it dropped,
    /// round after round (the same choices as anchor by anchor; a line of
    /// anchors never wraps into the next, since a bar across has no
    /// anchor in its row's last k − 1 columns).
    pub(super) fn greedy_lines(a: u128, d: u32, k: u32) -> u32 {
        Self::chosen_lines(a, d, k).count_ones()
    }

    /// The anchors `greedy_lines` chooses.
    pub(super) fn chosen_lines(mut a: u128, d: u32, k: u32) -> u128 {
        let mut chosen = 0;
        while a != 0 {
            let mut s = a;
            for j in 1..k {
                s &= !(a << (j * d));
            }
            chosen |= s;
            let mut gone = s;
            for j in 1..k {
                gone |= s << (j * d);
            }
            a &= !gone;
        }
        chosen
    }

    /// The image of the free cells `f` under symmetry `t` (as `image`).
    pub(super) fn transform(&self, f: u128, t: u8) -> u128 {
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
    pub(super) fn canonical(&self, f: u128) -> u128 {
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
