//! Rule games of one or two integer parameters, bottom-up into a dense
//! table. When every option of a position is a sum of positions of the
//! same game that come earlier in the table's order (Kayles, Dawson's
//! Kayles, Grundy's game, take-and-break rules in general; Wythoff-like
//! games of two heaps), the values are computed in that order, each the
//! mex of the xors of its options' values read from the table: no position
//! is interned and no move stored (4 bytes a position).
//!
//! The order: `G(m)` by `m`; `G(a, b)` row by row in a box `b < width`
//! (index `a·width + b`), so an option must have `0 ≤ b' < width`, `a' ≥ 0`
//! and a smaller index. A query outside the box rebuilds it wider. The
//! options come from the game's kind as usual, through an `OptionSink`
//! that reads values instead of interning; a move line handed over as a
//! run (`Run`) is a tight loop over indices (an affine position has an
//! affine index, so checking a run's two ends checks all of it). The first
//! option of another shape (another game, a position not earlier, a
//! non-integer argument) marks the game as not dense, and the general path
//! (interning and the Grundy DFS) answers instead: the two give the same
//! values by definition (THEORY.md §2), and tests compare them. So does
//! an error other than a budget's while the table is filled, since the
//! table computes positions the query may never reach.

use crate::error::LimitError;
use crate::error::Result;
use crate::model::{Ctx, GameId, LIST_ITEMS, OptionSink, RunPart, Value};

use super::Solver;

/// The table of one game.
#[derive(Default)]
pub(super) struct Dense {
    values: Vec<u32>,
    /// Row length for two parameters (0 until the first table is made).
    width: usize,
    /// Some option did not have the dense shape: never try again.
    failed: bool,
}

impl Dense {
    /// The value at these arguments, if computed.
    #[inline]
    pub(super) fn get(&self, args: &[Value]) -> Option<u64> {
        let i = self.index(args)?;
        self.values.get(i).map(|&v| u64::from(v))
    }

    /// The table index of a position (None outside the box).
    #[inline]
    fn index(&self, args: &[Value]) -> Option<usize> {
        match args {
            [Value::Int(m)] if self.width == 0 => usize::try_from(*m).ok(),
            [Value::Int(a), Value::Int(b)] if self.width > 0 => {
                let (a, b) = (usize::try_from(*a).ok()?, usize::try_from(*b).ok()?);
                (b < self.width).then(|| a.checked_mul(self.width)?.checked_add(b))?
            }
            _ => None,
        }
    }
}

/// Which table: a game, and the values of its carried parameters (none
/// for a game of one or two integer parameters).
pub(super) type DenseKey = (GameId, Box<[Value]>);

impl Solver {
    /// The value of `G(args)` for a rule game of one or two integer
    /// parameters (besides any it carries, `GameKind::carried`: a table per
    /// value of those) from its dense table, extended as far as the
    /// position; None when the game does not have the dense shape, or the
    /// table would pass the position budget (the caller takes the general
    /// path, which may need far fewer positions: a heap that halves, say).
    /// `reach` bounds the table built for this call (a single position
    /// asks less than a `sequence`, which needs every value anyway).
    pub(super) fn dense_value(
        &mut self,
        cx: &Ctx,
        game: GameId,
        args: &[Value],
        reach: usize,
    ) -> Result<Option<u64>> {
        let kind = cx.defs.game(game).kind.clone();
        if !kind.raw_args() || kind.arity() != args.len() {
            return Ok(None);
        }
        let carried = if args.len() > 1 {
            kind.carried(game)
        } else {
            0
        };
        let (free, fixed) = split(args, carried);
        let key: DenseKey = (game, fixed.into_boxed_slice());
        // The index wanted and the row length it needs.
        let (want, width) = match free {
            Free::One(m) if m >= 0 => (usize::try_from(m).ok(), 0),
            Free::Two(a, b) if a >= 0 && b >= 0 => {
                let table_width = self.dense.get(&key).map_or(0, |t| t.width);
                let width = table_width.max(usize::try_from(b).unwrap_or(usize::MAX) + 1);
                let a = usize::try_from(a).ok();
                (
                    a.and_then(|a| a.checked_mul(width)?.checked_add(b as usize)),
                    width,
                )
            }
            _ => return Ok(None),
        };
        let Some(want) = want else {
            return Ok(None);
        };
        let table = self.dense.entry(key.clone()).or_default();
        if table.failed {
            return Ok(None);
        }
        if table.width == width
            && let Some(&v) = table.values.get(want)
        {
            return Ok(Some(u64::from(v)));
        }
        if want >= reach.min(cx.limits.max_positions) {
            return Ok(None);
        }
        if table.width != width {
            // A wider box: the order changes, start again.
            table.values.clear();
            table.width = width;
        }
        if let Some(&v) = table.values.get(want) {
            return Ok(Some(u64::from(v)));
        }
        let mut values = std::mem::take(&mut table.values);
        let mut stamps = std::mem::take(&mut self.dense_stamps);
        let shape = Shape {
            game,
            width,
            carried,
            fixed: &key.1,
        };
        let result = extend(cx, shape, &*kind, want, &mut values, &mut stamps);
        self.dense_stamps = stamps;
        let table = self.dense.entry(key).or_default();
        match result {
            Ok(true) => {
                let v = values.get(want).map(|&v| u64::from(v));
                table.values = values;
                Ok(v)
            }
            Ok(false) => {
                table.failed = true;
                Ok(None)
            }
            Err(e @ crate::error::Error::Limit(_)) => {
                // What was computed is right: keep it for the next query.
                table.values = values;
                Err(e)
            }
            Err(_) => {
                // A position the table reaches but the query may not (an
                // index out of range at an odd heap, say): the general
                // path visits only what is reachable, and reports the
                // error if it is.
                table.failed = true;
                Ok(None)
            }
        }
    }
}

/// Whether parameter `j` is in a `GameKind::carried` mask.
#[inline]
fn is_carried(carried: u32, j: usize) -> bool {
    j < 32 && carried & (1 << j) != 0
}

/// The arguments not carried, which must be one or two integers (else
/// none), and the carried ones (no allocation when there are none).
fn split(args: &[Value], carried: u32) -> (Free, Vec<Value>) {
    let (mut free, mut n, mut fixed) = ([0i64; 2], 0, Vec::new());
    for (j, a) in args.iter().enumerate() {
        match a {
            _ if is_carried(carried, j) => fixed.push(a.clone()),
            Value::Int(m) if n < 2 => {
                free[n] = *m;
                n += 1;
            }
            _ => return (Free::None, fixed),
        }
    }
    let free = match n {
        1 => Free::One(free[0]),
        2 => Free::Two(free[0], free[1]),
        _ => Free::None,
    };
    (free, fixed)
}

/// The integer parameters a table runs over.
enum Free {
    None,
    One(i64),
    Two(i64, i64),
}

/// The game a table is of, its row length (0: one parameter), and its
/// carried parameters (a mask) with their values.
#[derive(Clone, Copy)]
struct Shape<'a> {
    game: GameId,
    width: usize,
    carried: u32,
    fixed: &'a [Value],
}

impl Shape<'_> {
    /// The whole position at table index `i`.
    fn args(&self, i: usize) -> Vec<Value> {
        let free = match (i.checked_div(self.width), i.checked_rem(self.width)) {
            (Some(a), Some(b)) => vec![Value::Int(a as i64), Value::Int(b as i64)],
            _ => vec![Value::Int(i as i64)],
        };
        if self.carried == 0 {
            return free;
        }
        let arity = self.fixed.len() + free.len();
        let (mut free, mut fixed) = (free.into_iter(), self.fixed.iter());
        (0..arity)
            .filter_map(|j| {
                if is_carried(self.carried, j) {
                    fixed.next().cloned()
                } else {
                    free.next()
                }
            })
            .collect()
    }
}

/// Compute `values[len..=want]`; false when some option is not a sum of
/// earlier positions of the game.
fn extend(
    cx: &Ctx,
    shape: Shape<'_>,
    kind: &dyn crate::model::GameKind,
    want: usize,
    values: &mut Vec<u32>,
    stamps: &mut Vec<u32>,
) -> Result<bool> {
    // Marks of another game's positions must not count here.
    stamps.iter_mut().for_each(|s| *s = 0);
    let mut top = values.iter().copied().max().unwrap_or(0);
    while values.len() <= want {
        let i = values.len();
        cx.charge(4, cx.span)?;
        let mut sink = Values {
            cx,
            shape,
            index: i as i64,
            table: values,
            stamps: &mut *stamps,
            stamp: (i as u32).wrapping_add(1),
            acc: 0,
            count: 0,
            misfit: false,
            top,
        };
        // Stamps tell this position's marks from earlier ones without clearing.
        if sink.stamp == 0 {
            sink.stamps.iter_mut().for_each(|s| *s = 0);
            sink.stamp = 1;
        }
        let r = if shape.carried == 0 {
            kind.options(cx, shape.game, &shape.args(i), &mut sink)
        } else {
            kind.carried_options(cx, shape.game, &shape.args(i), &mut sink)
        };
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

/// Options of a run counted as one step of the budget.
const RUN_OPTIONS_PER_STEP: usize = 8;

/// The sink that reads option values from the table instead of interning.
struct Values<'a, 'c> {
    cx: &'a Ctx<'c>,
    shape: Shape<'a>,
    /// The index of the position whose options are listed.
    index: i64,
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
        Err(LimitError::Interrupted { span: self.cx.span }.into())
    }

    /// The table index of `game(ints)` if it is an earlier position of
    /// this game.
    #[inline]
    fn earlier(&self, game: GameId, ints: &[i64]) -> Option<usize> {
        if game != self.shape.game {
            return None;
        }
        let w = self.shape.width as i64;
        let i = match *ints {
            [m] if w == 0 => m,
            [a, b] if w > 0 && a >= 0 && (0..w).contains(&b) => a.checked_mul(w)?.checked_add(b)?,
            _ => return None,
        };
        (0..self.index).contains(&i).then_some(i as usize)
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

    /// A run part as `(first index, step)`, if every position of the run
    /// is an earlier one: coordinates and the index are affine in `k`, so
    /// the two ends decide.
    fn run_part(&self, p: &RunPart, ks: (i64, i64)) -> Option<(usize, isize)> {
        if p.game != self.shape.game || p.arity != self.shape.width.min(1) + 1 {
            return None;
        }
        let last = ks.1 - 1;
        let (first, end) = (p.args(ks.0), p.args(last));
        let i0 = self.earlier(p.game, &first[..p.arity])?;
        let i1 = self.earlier(p.game, &end[..p.arity])? as i64;
        let w = self.shape.width.max(1) as i64;
        let step = if self.shape.width == 0 {
            p.step[0]
        } else {
            p.step[0].checked_mul(w)?.checked_add(p.step[1])?
        };
        // The index at the last `k` must be what the step gives.
        (i0 as i64 + step.checked_mul(last - ks.0)? == i1).then_some((i0, step as isize))
    }
}

impl OptionSink for Values<'_, '_> {
    #[inline]
    fn single_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        self.cx.tick()?;
        match self.earlier(game, ints) {
            Some(i) => {
                self.mark(self.table[i]);
                Ok(())
            }
            None => self.misfit(),
        }
    }

    fn run(&mut self, parts: &[RunPart], ks: (i64, i64)) -> Result<()> {
        let mut at = [(0usize, 0isize); crate::model::RUN_PARTS];
        for (slot, p) in at.iter_mut().zip(parts) {
            match self.run_part(p, ks) {
                Some(x) => *slot = x,
                None => return self.misfit(),
            }
        }
        let len = (ks.1 - ks.0) as usize;
        // An option here is a load, an xor and a store, about 0.5 ns: a
        // step per `RUN_OPTIONS_PER_STEP` of them costs about what a turn
        // of the interpreter's lightest loop does (PERFORMANCE.md,
        // "Budgets that measure work evenly").
        self.cx.advance(len.div_ceil(RUN_OPTIONS_PER_STEP) as u64)?;
        self.count += len;
        // Every value read is below the next power of two above the
        // largest in the table, and so is any xor of them.
        let size = (self.top as usize + 1).next_power_of_two();
        if self.stamps.len() < size {
            self.stamps.resize(size, 0);
        }
        let (t, st, stamp) = (self.table, &mut self.stamps[..], self.stamp);
        match parts.len() {
            1 => {
                let (mut x, dx) = at[0];
                for _ in 0..len {
                    st[t[x] as usize] = stamp;
                    x = x.wrapping_add_signed(dx);
                }
            }
            2 => {
                let ((mut x, dx), (mut y, dy)) = (at[0], at[1]);
                for _ in 0..len {
                    st[(t[x] ^ t[y]) as usize] = stamp;
                    x = x.wrapping_add_signed(dx);
                    y = y.wrapping_add_signed(dy);
                }
            }
            n => {
                let mut at = at;
                for _ in 0..len {
                    let mut v = 0;
                    for (x, dx) in &mut at[..n] {
                        v ^= t[*x];
                        *x = x.wrapping_add_signed(*dx);
                    }
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
        match self.earlier(game, ints) {
            Some(i) => {
                self.acc ^= self.table[i];
                Ok(())
            }
            None => self.misfit(),
        }
    }

    fn part_args(&mut self, game: GameId, args: &[Value]) -> Result<()> {
        match *args {
            [Value::Int(m)] => self.part_ints(game, &[m]),
            [Value::Int(a), Value::Int(b)] => self.part_ints(game, &[a, b]),
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
