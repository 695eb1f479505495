//! `game G = octal 0.77` and `game G = subtraction {1, 3, 4}`: heap games
//! given by a code (THEORY.md §3). Values come from the game's
//! nim-sequence, computed by `crate::octal` on demand and kept with the
//! game; once Guy–Smith proves a period, any heap is answered.

use std::cell::RefCell;

use crate::error::{Error, Result};
use crate::error::{EvalError, SolveError};
use crate::model::{Ctx, GameId, GameKind, OptionSink, ProvedPeriod, Value};
use crate::octal::{Engine, NimSequence, OctalCode, PeriodStatus};
use crate::source::Span;

pub struct Octal {
    code: OctalCode,
    /// Made on first use; a redefinition is a new `Octal`.
    seq: RefCell<Option<NimSequence>>,
}

impl std::fmt::Debug for Octal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Octal({})", self.code)
    }
}

/// The sequence is extended by at most this many values between two
/// looks at Ctrl-C and the budget.
const STEP: usize = 1 << 16;

/// The nim-sequence engine's steps (`NimSequence::steps`: a heap, 64
/// options, a word of pair sets) that make one step of `--max-steps`: an
/// engine step takes about 0.4 ns, so sixteen make about the time of a
/// step anywhere else (docs/PERFORMANCE.md, "What a step costs").
const OCTAL_WORK_PER_STEP: u64 = 16;

impl Octal {
    pub fn new(code: OctalCode) -> Self {
        Octal {
            code,
            seq: RefCell::new(None),
        }
    }

    /// Run `f` on the game's nim-sequence (created on first use).
    fn with_seq<T>(&self, f: impl FnOnce(&mut NimSequence) -> T) -> T {
        let mut seq = self.seq.borrow_mut();
        f(seq.get_or_insert_with(|| NimSequence::new(self.code.clone(), Engine::Sparse)))
    }

    /// Extend the sequence in steps, hearing Ctrl-C between them, until
    /// `done` holds or `limit` values are known; returns whether `done`.
    /// Progress counts the values; `limit` is their total when `to_limit`
    /// (a value wanted), not when a period may end the work sooner.
    fn extend_until(
        &self,
        cx: &Ctx,
        limit: usize,
        to_limit: bool,
        done: impl Fn(&NimSequence) -> bool,
    ) -> Result<bool> {
        let total = to_limit.then_some(limit as u64);
        // Steps of about a tenth of a second (at most STEP values), so a
        // slow code still hears Ctrl-C and shows progress often.
        let mut step = 1024usize;
        self.with_seq(|seq| {
            loop {
                if done(seq) {
                    return Ok(true);
                }
                if seq.len() >= limit {
                    return Ok(false);
                }
                cx.check()?;
                crate::progress::count("values", seq.len() as u64, total);
                let next = limit.min(seq.len().saturating_add(step));
                let started = std::time::Instant::now();
                let before = seq.steps();
                seq.solve(next, |_| {});
                cx.advance((seq.steps() - before) / OCTAL_WORK_PER_STEP)?;
                let took = started.elapsed();
                if took < std::time::Duration::from_millis(50) {
                    step = step.saturating_mul(2).min(STEP);
                } else if took > std::time::Duration::from_millis(200) {
                    step = (step / 2).max(64);
                }
            }
        })
    }

    /// `G(n)`: from the values known, or by extending the sequence until
    /// the heap is reached or a period is proved; the budget bounds the work.
    pub fn heap_value(&self, cx: &Ctx, name: &str, n: u64) -> Result<u64> {
        let target = usize::try_from(n.saturating_add(1)).unwrap_or(usize::MAX);
        let found = self.extend_until(cx, target.min(cx.limits.max_positions), true, |seq| {
            known(seq, n).is_some()
        })?;
        match self.with_seq(|seq| known(seq, n)) {
            Some(v) if found => Ok(u64::from(v)),
            _ => Err(SolveError::Budget {
                game: name.to_string(),
                budget: cx.limits.max_positions,
                span: cx.span,
            }
            .into()),
        }
    }
}

/// `G(n)` if already computed, or given by a proved period.
fn known(seq: &NimSequence, n: u64) -> Option<u32> {
    if let Some(v) = usize::try_from(n).ok().and_then(|i| seq.values().get(i)) {
        return Some(v);
    }
    match seq.period() {
        PeriodStatus::Proved(p) => p.value_at(seq.values(), n),
        _ => None,
    }
}

/// `{1, 3, 4}` to the subtraction game (a set evaluated when its
/// definition runs).
pub fn subtraction(v: Value, span: Span) -> Result<std::rc::Rc<dyn GameKind>> {
    let items: Vec<Value> = match v {
        Value::Set(s) => s.iter().cloned().collect(),
        Value::List(xs) | Value::Tuple(xs) => xs.to_vec(),
        Value::Range(a, b) if b.saturating_sub(a) <= 100_000 => (a..b).map(Value::Int).collect(),
        other => {
            return Err(Error::type_error(
                format!(
                    "a subtraction set must be a set of integers, not {}",
                    other.type_name()
                ),
                "write the amounts that may be taken, e.g. `subtraction {1, 3, 4}`",
                span,
            ));
        }
    };
    let mut set = Vec::new();
    for x in items {
        match x {
            Value::Int(n) if (1..=100_000).contains(&n) => set.push(n as u64),
            other => {
                return Err(EvalError::Value {
                    message: format!(
                        "`{}` cannot be taken",
                        match other {
                            Value::Int(n) => n.to_string(),
                            v => v.type_name().to_string(),
                        }
                    ),
                    help: "a subtraction set holds positive integers (at most 100000)".into(),
                    span,
                }
                .into());
            }
        }
    }
    if set.is_empty() {
        return Err(EvalError::Value {
            message: "the subtraction set is empty".into(),
            help: "give at least one amount that may be taken".into(),
            span,
        }
        .into());
    }
    Ok(std::rc::Rc::new(Octal::new(OctalCode::subtraction(&set))))
}

impl GameKind for Octal {
    fn drop_caches(&self) {
        *self.seq.borrow_mut() = None;
    }

    fn heap_code(&self) -> Option<&crate::octal::OctalCode> {
        Some(&self.code)
    }

    fn arity(&self) -> usize {
        1
    }

    fn raw_args(&self) -> bool {
        false
    }

    fn check_args(&self, name: &str, args: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        super::heap_arg(name, args, span)
    }

    fn options(
        &self,
        cx: &Ctx,
        game: GameId,
        args: &[Value],
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let n = super::heap_size(args).unwrap_or(0).max(0) as u64;
        // A huge heap's options cannot be listed: say so before trying.
        if self.code.option_count(n) > cx.limits.max_edges() as u128 {
            return Err(SolveError::MoveBudget {
                game: format!("{}({n})", cx.defs.game(game).name),
                budget: cx.limits.max_edges(),
                span: cx.span,
            }
            .into());
        }
        let mut result = Ok(());
        self.code.for_each_option(n, |parts| {
            if result.is_err() {
                return;
            }
            result = cx.tick().and_then(|()| {
                for &p in parts {
                    out.part_ints(game, &[p as i64])?;
                }
                out.end_option()
            });
        });
        result
    }

    fn known_value(&self, cx: &Ctx, game: GameId, args: &[Value]) -> Result<Option<u64>> {
        let Some(n) = super::heap_size(args) else {
            return Ok(None);
        };
        let n = u64::try_from(n).map_err(|_| EvalError::Value {
            message: format!("heap {n} is negative"),
            help: "heap sizes are counted from 0".into(),
            span: cx.span,
        })?;
        self.heap_value(cx, &cx.defs.game(game).name, n).map(Some)
    }

    /// Guy–Smith: compute until a period is proved or the budget is spent.
    fn proved_period(&self, cx: &Ctx) -> Option<Result<ProvedPeriod>> {
        let limit = cx.limits.period_values();
        let r = self
            .extend_until(cx, limit, false, |seq| seq.period().is_proved())
            .map(|_| {
                self.with_seq(|seq| {
                    let period = seq.period().period();
                    // A property of the code, not of what earlier queries
                    // left in the cache (under `--jobs` a worker may or may
                    // not have computed the values before): a proof counts
                    // the values it needs (the least h·e + h·p + t, the
                    // same on any longer prefix), else the budget's values.
                    let values_computed = match period {
                        Some(p) if p.proved => p.values_used,
                        _ => seq.len().min(limit),
                    };
                    ProvedPeriod {
                        code: short_code(&self.code),
                        period,
                        values_computed,
                    }
                })
            });
        Some(r)
    }

    fn describe(&self, name: &str, decl: &str) -> Option<(String, String)> {
        let code = &self.code;
        let kind = match decl.split_once('=') {
            Some((_, rhs)) if rhs.trim().starts_with("subtraction") => {
                format!("{} (code {code})", super::clip(rhs.trim(), 40))
            }
            _ => format!("octal {code}"),
        };
        Some((format!("{name}(n)"), kind))
    }
}

/// A code as answers name it: its digits when they are at most
/// [`CODE_CHARS`] characters, else a subtraction game's set when that is
/// short (`subtraction {7, 100000}` is a code of 100,001 digits), else
/// nothing: a heading or a JSON field never holds a code of thousands of
/// digits.
fn short_code(code: &OctalCode) -> Option<String> {
    let digits = code.to_string();
    if digits.len() <= CODE_CHARS {
        return Some(digits);
    }
    let subtraction = code.split2_moves().is_empty()
        && code.split3_moves().is_empty()
        && code.take_moves() == code.take_all_moves();
    let set: Vec<String> = code.take_moves().iter().map(u64::to_string).collect();
    let spelt = format!("subtraction {{{}}}", set.join(", "));
    (subtraction && spelt.len() <= CODE_CHARS).then_some(spelt)
}

/// The longest code an answer spells out.
pub const CODE_CHARS: usize = 64;
