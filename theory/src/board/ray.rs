//! Moves along a ray of squares: a piece sliding through empty cells (a
//! queen's move in Amazons, an arrow), or jumping over a piece into the
//! empty cell beyond, again and again in one direction (Konane). Each
//! square reached comes with the board after the move, so that a ruleset
//! lists its moves in one pass over bit masks.

use super::{Board, bits};

/// A square reached along a ray, and the board after the piece walked
/// there.
pub type Reach = ((usize, usize), Board);

impl Board {
    /// The squares the content of `from` reaches stepping by `step`, with
    /// the board after each move, appended to `out`; returns the number of
    /// squares looked at (for a step budget).
    ///
    /// Sliding (`over` is `None`): each empty cell up to the first square
    /// that is not one. Jumping (`over` is `Some(ch)`): each empty cell
    /// beyond a square showing `ch`, then beyond the next one, as long as
    /// the pattern holds. The board after a move has `from` and the
    /// squares jumped over emptied and the square reached showing what
    /// `from` showed (an empty `from` reaches squares, its boards
    /// unchanged). A square that is no cell, or the step (0, 0), reaches
    /// nothing. `over` must be a content (neither `.` nor `#`).
    pub fn ray(
        &self,
        from: (i64, i64),
        step: (i64, i64),
        over: Option<char>,
        out: &mut Vec<Reach>,
    ) -> usize {
        let Some(start) = self.square(from.0, from.1) else {
            return 0;
        };
        if self.cells >> start & 1 == 0 || step == (0, 0) {
            return 0;
        }
        let me = self.get(from.0, from.1);
        let empty = self.empties();
        let hop = over.map(|ch| self.mask_of(ch));
        let next = |(r, c): (i64, i64)| Some((r.checked_add(step.0)?, c.checked_add(step.1)?));
        let is = |m: u128, at: (i64, i64)| self.square(at.0, at.1).filter(|&b| m >> b & 1 == 1);
        let (mut at, mut gone, mut looked) = (from, 1u128 << start, 0);
        loop {
            let mut land = next(at);
            if let Some(hop) = hop {
                looked += 1;
                let Some(mid) = land.and_then(|m| is(hop, m)) else {
                    break;
                };
                gone |= 1 << mid;
                land = land.and_then(next);
            }
            looked += 1;
            let Some((to, bit)) = land.and_then(|t| Some((t, is(empty, t)?))) else {
                break;
            };
            let mut b = self.clone();
            b.set_mask(gone, '.');
            b.set_mask(1 << bit, me);
            out.push((self.rc(bit), b));
            at = to;
        }
        looked
    }

    /// The squares showing `ch` (`.` empty cells, `#` the rectangle's
    /// squares that are no cell), as (row, column), row by row.
    pub fn squares_showing(&self, ch: char) -> Vec<(i64, i64)> {
        bits(self.mask_of(ch))
            .map(|b| {
                let (r, c) = self.rc(b);
                (r as i64, c as i64)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(rows: &[&str]) -> Board {
        Board::parse(rows).unwrap()
    }

    fn walk(x: &Board, from: (i64, i64), step: (i64, i64), over: Option<char>) -> Vec<String> {
        let mut out = Vec::new();
        x.ray(from, step, over, &mut out);
        out.iter()
            .map(|(t, y)| format!("{t:?} {}", y.text()))
            .collect()
    }

    #[test]
    fn a_slide_stops_at_the_first_square_not_empty() {
        let x = b(&["x..o.", "#...."]);
        assert_eq!(
            walk(&x, (0, 0), (0, 1), None),
            ["(0, 1) .x.o.|#....", "(0, 2) ..xo.|#...."]
        );
        assert_eq!(walk(&x, (0, 0), (1, 0), None), Vec::<String>::new());
        assert_eq!(walk(&x, (0, 0), (1, 1), None), ["(1, 1) ...o.|#x..."]);
        assert_eq!(walk(&x, (0, 0), (0, -1), None), Vec::<String>::new());
        assert_eq!(walk(&x, (0, 0), (0, 0), None), Vec::<String>::new());
        // From an empty cell: the squares, the board unchanged.
        assert_eq!(walk(&x, (1, 3), (0, 1), None), ["(1, 4) x..o.|#...."]);
        // From no cell, or off the board: nothing.
        assert_eq!(walk(&x, (1, 0), (0, 1), None), Vec::<String>::new());
        assert_eq!(walk(&x, (5, 0), (0, 1), None), Vec::<String>::new());
        assert_eq!(
            walk(&x, (0, 0), (i64::MAX, i64::MIN), None),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_jump_takes_each_stone_it_passes() {
        let x = b(&["xo.o.o", "......"]);
        assert_eq!(
            walk(&x, (0, 0), (0, 1), Some('o')),
            ["(0, 2) ..xo.o|......", "(0, 4) ....xo|......"]
        );
        // Two stones in a row, or a stone at the edge: no jump.
        assert!(walk(&b(&["xoo."]), (0, 0), (0, 1), Some('o')).is_empty());
        assert!(walk(&b(&["xo"]), (0, 0), (0, 1), Some('o')).is_empty());
        assert!(walk(&b(&["xo#"]), (0, 0), (0, 1), Some('o')).is_empty());
    }

    #[test]
    fn squares_showing_a_character() {
        let x = b(&["x.#", "ox."]);
        assert_eq!(x.squares_showing('x'), [(0, 0), (1, 1)]);
        assert_eq!(x.squares_showing('.'), [(0, 1), (1, 2)]);
        assert_eq!(x.squares_showing('#'), [(0, 2)]);
    }
}
