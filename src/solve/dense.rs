//! Heap games written as rules, bottom-up into a dense table. When every
//! option of `G(m)` is a sum of smaller heaps of `G` itself (Kayles,
//! Dawson's Kayles, Grundy's game, take-and-break rules in general),
//! `G(0), G(1), …` are computed in order, each the mex of the xors of its
//! options' values read from the table: no position is interned and no
//! move stored (4 bytes a heap). The options come from the game's kind as
//! usual, through an `OptionSink` that reads values instead of interning;
//! a move line handed over as a run (`Run`) is a tight loop. The first
//! option of another shape (another game, a heap not smaller, a non-integer
//! argument) marks the game as not dense, and the general path (interning
//! and the Grundy DFS) answers instead: the two give the same values by
//! definition (THEORY.md §2), and tests compare them.

use crate::error::{Error, Result};
use crate::eval::{Ctx, GameId, LIST_ITEMS, OptionSink, RunPart, Value};

use super::Solver;

/// The table of one game.
#[derive(Default)]
pub(super) struct Dense {
    values: Vec<u32>,
    /// Some option did not have the dense shape: never try again.
    failed: bool,
}

impl Dense {
    /// G(n) if computed.
    #[inline]
    pub(super) fn get(&self, n: i64) -> Option<u64> {
        let i = usize::try_from(n).ok()?;
        self.values.get(i).map(|&v| u64::from(v))
    }
}

impl Solver {
    /// `G(n)` of a one-parameter rule game from its dense table, extended
    /// bottom-up as far as `n`; None when the game does not have the dense
    /// shape (the caller takes the general path).
    pub fn dense_value(&mut self, cx: &Ctx, game: GameId, n: i64) -> Result<Option<u64>> {
        let kind = cx.defs.game(game).kind.clone();
        // A table past the position budget is not tried: the general path
        // may need far fewer positions (a heap that halves, say).
        let fits = usize::try_from(n).is_ok_and(|n| n < cx.limits.max_positions);
        if !fits || !kind.raw_args() || kind.arity() != 1 {
            return Ok(None);
        }
        let table = self.dense.entry(game).or_default();
        if table.failed {
            return Ok(None);
        }
        if let Some(v) = table.get(n) {
            return Ok(Some(v));
        }
        let mut values = std::mem::take(&mut table.values);
        let mut stamps = std::mem::take(&mut self.dense_stamps);
        let result = extend(cx, game, &*kind, n, &mut values, &mut stamps);
        self.dense_stamps = stamps;
        let table = self.dense.entry(game).or_default();
        match result {
            Ok(true) => {
                table.values = values;
                Ok(table.get(n))
            }
            Ok(false) => {
                table.failed = true;
                Ok(None)
            }
            Err(e) => {
                // What was computed is right: keep it for the next query.
                table.values = values;
                Err(e)
            }
        }
    }
}

/// Compute `values[len..=n]`; false when some option is not a sum of
/// smaller heaps of `game`.
fn extend(
    cx: &Ctx,
    game: GameId,
    kind: &dyn crate::eval::GameKind,
    n: i64,
    values: &mut Vec<u32>,
    stamps: &mut Vec<u32>,
) -> Result<bool> {
    let want = usize::try_from(n).unwrap_or(usize::MAX).saturating_add(1);
    // Marks of another game's heaps must not count here.
    stamps.iter_mut().for_each(|s| *s = 0);
    let mut top = values.iter().copied().max().unwrap_or(0);
    while values.len() < want {
        let m = values.len();
        cx.charge(4, cx.span)?;
        let mut sink = Values {
            cx,
            game,
            n: m as i64,
            table: values,
            stamps: &mut *stamps,
            stamp: (m as u32).wrapping_add(1),
            acc: 0,
            count: 0,
            misfit: false,
            top,
        };
        // Stamps tell this heap's marks from earlier ones without clearing.
        if sink.stamp == 0 {
            sink.stamps.iter_mut().for_each(|s| *s = 0);
            sink.stamp = 1;
        }
        let r = kind.options(cx, game, &[Value::Int(m as i64)], &mut sink);
        if sink.misfit {
            return Ok(false);
        }
        r?;
        let (stamp, count) = (sink.stamp, sink.count);
        let mex = (0..=count)
            .find(|&v| stamps.get(v).is_none_or(|&s| s != stamp))
            .unwrap_or(count);
        values.push(mex as u32);
        top = top.max(mex as u32);
    }
    Ok(true)
}

/// The sink that reads option values from the table instead of interning.
struct Values<'a, 'c> {
    cx: &'a Ctx<'c>,
    game: GameId,
    /// The heap whose options are listed.
    n: i64,
    table: &'a [u32],
    stamps: &'a mut Vec<u32>,
    stamp: u32,
    /// The xor of the parts of the option being written.
    acc: u32,
    /// Options seen: the mex is at most this.
    count: usize,
    misfit: bool,
    /// The largest value in `table`.
    top: u32,
}

impl Values<'_, '_> {
    /// Not the dense shape: stop listing (the error is not reported).
    #[cold]
    fn misfit(&mut self) -> Result<()> {
        self.misfit = true;
        Err(Error::Interrupted { span: self.cx.span })
    }

    /// The value of heap `m` of `game`, if it is a smaller heap of this game.
    #[inline]
    fn part(&self, game: GameId, ints: &[i64]) -> Option<u32> {
        match ints {
            [m] if game == self.game && *m >= 0 && *m < self.n => Some(self.table[*m as usize]),
            _ => None,
        }
    }

    #[inline]
    fn mark(&mut self, v: u32) {
        let v = v as usize;
        if v >= self.stamps.len() {
            self.stamps.resize((v + 1).next_power_of_two(), 0);
        }
        self.stamps[v] = self.stamp;
        self.count += 1;
    }
}

impl OptionSink for Values<'_, '_> {
    #[inline]
    fn single_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        self.cx.tick()?;
        match self.part(game, ints) {
            Some(v) => {
                self.mark(v);
                Ok(())
            }
            None => self.misfit(),
        }
    }

    fn run(&mut self, parts: &[RunPart], ks: (i64, i64)) -> Result<()> {
        if parts.iter().any(|p| p.game != self.game || p.arity != 1) {
            return self.misfit();
        }
        // Affine heaps are monotone in `k`: checking both ends checks all.
        let n = self.n;
        let inside = |m: i64| (0..n).contains(&m);
        let last = ks.1 - 1;
        if !parts
            .iter()
            .all(|p| inside(p.args(ks.0)[0]) && inside(p.args(last)[0]))
        {
            return self.misfit();
        }
        self.cx.advance((ks.1 - ks.0) as u64)?;
        self.count += (ks.1 - ks.0) as usize;
        // Every value read is below the next power of two above the
        // largest in the table, and so is any xor of them.
        let size = (self.top as usize + 1).next_power_of_two();
        if self.stamps.len() < size {
            self.stamps.resize(size, 0);
        }
        let (t, st, stamp) = (self.table, &mut self.stamps[..], self.stamp);
        let at = |p: &RunPart| (p.args(ks.0)[0] as usize, p.step[0] as isize);
        match parts {
            [p] => {
                let (mut x, dx) = at(p);
                for _ in ks.0..ks.1 {
                    st[t[x] as usize] = stamp;
                    x = x.wrapping_add_signed(dx);
                }
            }
            [p, q] => {
                let ((mut x, dx), (mut y, dy)) = (at(p), at(q));
                for _ in ks.0..ks.1 {
                    st[(t[x] ^ t[y]) as usize] = stamp;
                    x = x.wrapping_add_signed(dx);
                    y = y.wrapping_add_signed(dy);
                }
            }
            _ => {
                for k in ks.0..ks.1 {
                    let v = parts.iter().fold(0, |v, p| v ^ t[p.args(k)[0] as usize]);
                    st[v as usize] = stamp;
                }
            }
        }
        Ok(())
    }

    fn single_list(&mut self, _game: GameId, _items: [u8; LIST_ITEMS], _len: usize) -> Result<()> {
        self.misfit()
    }

    fn part_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        match self.part(game, ints) {
            Some(v) => {
                self.acc ^= v;
                Ok(())
            }
            None => self.misfit(),
        }
    }

    fn part_args(&mut self, game: GameId, args: &[Value]) -> Result<()> {
        match args {
            [Value::Int(m)] => self.part_ints(game, &[*m]),
            _ => self.misfit(),
        }
    }

    fn end_option(&mut self) -> Result<()> {
        self.cx.tick()?;
        let v = std::mem::take(&mut self.acc);
        self.mark(v);
        Ok(())
    }
}
