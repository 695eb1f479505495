//! Whether a rule game of one integer parameter lists, heap by heap, the
//! same options as an octal (or hex) code. A rule can do anything for
//! larger heaps, so this is an observation on the heaps checked, never a
//! proof: `period` reports it as a hint ("declare the game by its code to
//! have the period proved"), and nothing is computed from it.
//!
//! How: every option of `G(n)`, `n = 0 ..= upto`, must be a sum of at most
//! three positions `G(m)` with `0 ≤ m`; parts `G(0)` are dropped when
//! `G(0)` has no move (a sum with an empty component is the same game).
//! An option leaving the parts `m1 … mc` (non-zero) removes
//! `k = n − Σ mi` tokens and sets bit `2^c` of digit `k` (bit 1: nothing
//! left, which needs `k = n`). The digits seen make a code; the code is
//! accepted only if it lists exactly the same options, as sets of
//! multisets, for every heap checked, and if its longest move takes at
//! most a quarter of the largest heap checked (a rule that may take any
//! number, like Lasker's Nim, has no finite code).

use rustc_hash::FxHashSet;

use crate::error::Result;
use crate::model::{Ctx, GameId, LIST_ITEMS, OptionSink, RunPart, Value};
use crate::octal::OctalCode;

/// Heaps `0 ..= RESEMBLE_HEAPS` are compared.
pub const RESEMBLE_HEAPS: u64 = 300;

/// At most this many options are held (a three-heap split lists ~n²/12
/// per heap): the comparison then ends at the last heap listed in full.
const MAX_OPTIONS: usize = 400_000;

/// Fewer heaps than this compared say too little to mention.
const MIN_HEAPS: u64 = 30;

/// The options of one heap as sorted lists of non-zero part sizes, or
/// `misfit` when some option is not a sum of this game's heaps.
struct Collect {
    game: GameId,
    part: Vec<u64>,
    options: FxHashSet<Vec<u64>>,
    listed: usize,
    misfit: bool,
    drop_zero: bool,
}

impl Collect {
    fn push_part(&mut self, game: GameId, ints: &[i64]) {
        match ints {
            [m] if game == self.game && *m >= 0 => {
                if *m > 0 || !self.drop_zero {
                    self.part.push(*m as u64);
                }
            }
            _ => self.misfit = true,
        }
    }

    fn finish(&mut self) {
        self.listed += 1;
        if self.misfit || self.part.len() > 3 {
            self.misfit = true;
            self.part.clear();
            return;
        }
        let mut p = std::mem::take(&mut self.part);
        p.sort_unstable();
        self.options.insert(p);
    }
}

impl OptionSink for Collect {
    fn single_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        self.push_part(game, ints);
        self.finish();
        Ok(())
    }

    fn run(&mut self, parts: &[RunPart], ks: (i64, i64)) -> Result<()> {
        for k in ks.0..ks.1 {
            if self.misfit {
                break;
            }
            for p in parts {
                let args = p.args(k);
                self.push_part(p.game, &args[..p.arity]);
            }
            self.finish();
        }
        Ok(())
    }

    fn single_list(&mut self, _game: GameId, _items: [u8; LIST_ITEMS], _len: usize) -> Result<()> {
        self.misfit = true;
        Ok(())
    }

    fn part_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        self.push_part(game, ints);
        Ok(())
    }

    fn part_args(&mut self, game: GameId, args: &[Value]) -> Result<()> {
        match args {
            [Value::Int(m)] => self.push_part(game, &[*m]),
            _ => self.misfit = true,
        }
        Ok(())
    }

    fn end_option(&mut self) -> Result<()> {
        self.finish();
        Ok(())
    }
}

/// The options of `G(n)` as sets of sorted part lists (None: not all sums
/// of heaps of `G`).
fn heap_options(
    cx: &Ctx,
    g: GameId,
    n: u64,
    drop_zero: bool,
    listed: &mut usize,
) -> Result<Option<FxHashSet<Vec<u64>>>> {
    let mut sink = Collect {
        game: g,
        part: Vec::new(),
        options: FxHashSet::default(),
        listed: *listed,
        misfit: false,
        drop_zero,
    };
    let kind = &cx.defs.game(g).kind;
    kind.options(cx, g, &[Value::Int(n as i64)], &mut sink)?;
    *listed = sink.listed;
    Ok((!sink.misfit).then_some(sink.options))
}

/// The code whose options equal those of `G(n)` for every `n ≤ m`, and
/// that `m` (`upto`, or less when the heaps have too many options to
/// hold), if there is one (see the module comment). Only for games of one
/// parameter.
pub(super) fn observed_code(cx: &Ctx, g: GameId, upto: u64) -> Result<Option<(OctalCode, u64)>> {
    let kind = &cx.defs.game(g).kind;
    if kind.arity() != 1 || kind.partizan() || kind.heap_code().is_some() {
        return Ok(None);
    }
    let mut listed = 0;
    // Heap 0 must be the empty game, as in every octal game.
    match heap_options(cx, g, 0, false, &mut listed)? {
        Some(o) if o.is_empty() => {}
        _ => return Ok(None),
    }
    let mut seen = Vec::with_capacity(upto as usize + 1);
    seen.push(FxHashSet::default());
    let mut digits = vec![0u8; upto as usize + 1];
    let mut last = upto;
    for n in 1..=upto {
        let Some(options) = heap_options(cx, g, n, true, &mut listed)? else {
            return Ok(None);
        };
        if listed > MAX_OPTIONS {
            last = n - 1;
            break;
        }
        for parts in &options {
            let total: u64 = parts.iter().sum();
            let Some(k) = n.checked_sub(total) else {
                return Ok(None);
            };
            let bit = match parts.len() {
                0 => 1,
                1 if k > 0 => 2,
                2 => 4,
                3 => 8,
                _ => return Ok(None),
            };
            digits[k as usize] |= bit;
        }
        seen.push(options);
    }
    if last < MIN_HEAPS {
        return Ok(None);
    }
    digits.truncate(last as usize + 1);
    // Pre-point bits 1 and 2 cannot occur (k = 0 leaves n, or nothing of 0).
    let code = OctalCode::from_digits(&digits);
    // A code as long as the heaps checked (Lasker's Nim takes any number:
    // 4.333…) is not a finite code the rules follow: the last digit must
    // be seen at work on many heaps.
    if code.max_take() > last / 4 {
        return Ok(None);
    }
    for (n, options) in seen.iter().enumerate() {
        let mut listed_by_code = FxHashSet::default();
        code.for_each_option(n as u64, |p| {
            listed_by_code.insert(p.to_vec());
        });
        if &listed_by_code != options {
            return Ok(None);
        }
    }
    Ok(Some((code, last)))
}

/// How the code is declared: `subtraction {1, 3, 4}` when every move
/// takes tokens and leaves at most one heap, either way (digits 3), else
/// `octal CODE`.
pub(super) fn declaration(code: &OctalCode) -> String {
    let takes = code.take_moves();
    if code.split2_moves().is_empty()
        && code.split3_moves().is_empty()
        && takes == code.take_all_moves()
    {
        let set: Vec<String> = takes.iter().map(u64::to_string).collect();
        format!("subtraction {{{}}}", set.join(", "))
    } else {
        format!("octal {code}")
    }
}
