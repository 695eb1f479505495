//! Game values inside expressions (THEORY.md §6): `value(P)` turns a
//! position into its canonical value, which `+`, `-`, `*` (by an integer)
//! and unary `-` combine and `<`, `<=`, `>`, `>=`, `==`, `!=` and `||`
//! compare by the partial order of games. Integers mix in as the numbers
//! they are. The canonical forms live in the solver's store of game
//! values, reached through the oracle; a [`GameVal`] keeps its text so that
//! a value outlives a cleared cache.

use std::rc::Rc;

use crate::digraph::Generalized;
use crate::error::AtSpan;
use crate::error::EvalError;
use crate::error::{Error, Result};
use crate::partizan::{Comparison, Dyadic, GameStore, PartizanError, ValueId};
use crate::source::Span;
use crate::syntax::ast::BinOp;
use crate::vocab::Play;

use super::Interp;
use super::compile::Node;
use crate::model::game_value::{as_game, game_comps, game_val, nim_sum, resolve, value_comp};
use crate::model::{Class, Comp, GameVal, Value};

/// An operand of game arithmetic: a game value, or an integer as a number.
fn operand(store: &mut GameStore, v: &Value, span: Span) -> Result<ValueId> {
    match v {
        Value::Game(g) => resolve(store, g, span),
        Value::Int(n) => Ok(store.integer(*n)),
        // `*n` (and sums of nim heaps) is the nimber it is.
        Value::Pos(cs) if let Some(m) = nim_sum(cs) => store.nimber(m).map_err(|e| e.at(span)),
        v => Err(mixed(v, span)),
    }
}

/// The type error of a game value met with something that is not one.
fn mixed(v: &Value, span: Span) -> Error {
    Error::type_error(
        format!("a game value cannot be combined with {}", v.type_name()),
        match v {
            Value::Pos(_) => {
                "turn the position into its value first: `value(P)` (positions compare as written, values by the order of games)"
            }
            _ => {
                "game values combine with game values and integers (`value(G) + 1`, `value(G) <= value(H)`)"
            }
        },
        span,
    )
}

impl Interp<'_> {
    /// Run `f` on the solver's store of game values.
    pub(super) fn with_store(
        &self,
        name: &str,
        span: Span,
        f: &mut dyn FnMut(&mut GameStore) -> Result<Value>,
    ) -> Result<Value> {
        let Some(o) = self.oracle else {
            // An operator on a game value passed into a move rule.
            return Err(Error::type_error(
                format!("`{name}` on a game value inside a move rule"),
                "game values are computed by the solver, which cannot be asked while it expands a game: give the game integers, or compare values in a query, `assert` or `let`",
                span,
            ));
        };
        o.with_store(self.cx, f)
    }

    /// The value of a sum of positions: its canonical value, or its loopy
    /// value when a play can come back to a position.
    pub(super) fn position_value(&self, comps: &[Comp], name: &str, span: Span) -> Result<Value> {
        let Some(o) = self.oracle else {
            return Err(EvalError::QueryInRules {
                name: name.to_string(),
                span,
            }
            .into());
        };
        o.any_value(self.cx, comps)
    }

    /// `{L1, L2 | R1}` of expressions: the game of the options' values
    /// (game values, integers, positions by their values).
    pub(super) fn game_braces(
        &self,
        left: &[Node],
        right: &[Node],
        frame: &mut [Value],
        span: Span,
    ) -> Result<Value> {
        let mut sides: [Vec<(Value, Span)>; 2] = [Vec::new(), Vec::new()];
        for (side, nodes) in sides.iter_mut().zip([left, right]) {
            for n in nodes {
                let v = match self.eval(n, frame)? {
                    Value::Pos(cs) if nim_sum(&cs).is_none() => {
                        self.position_value(&cs, "{…|…}", n.span)?
                    }
                    v => v,
                };
                side.push((v, n.span));
            }
        }
        if sides
            .iter()
            .flatten()
            .any(|(v, _)| matches!(v, Value::LoopyGame(_)))
        {
            return self.loopy_braces(&sides, span);
        }
        self.with_store("{…|…}", span, &mut |s| {
            let mut ids: [Vec<ValueId>; 2] = [Vec::new(), Vec::new()];
            for (out, side) in ids.iter_mut().zip(&sides) {
                for (v, vs) in side {
                    out.push(operand(s, v, *vs)?);
                }
            }
            let g = s.game(&ids[0], &ids[1]).map_err(|e| e.at(span))?;
            Ok(game_val(s, g))
        })
    }

    /// `P + G`, `G + P`, `P - G`: the sum of P's components and G's.
    fn position_plus(&self, op: BinOp, x: Value, y: Value, span: Span) -> Result<Value> {
        let (comps, other, first) = match (x, y) {
            (Value::Pos(cs), v) => (cs, v, true),
            (v, Value::Pos(cs)) => (cs, v, false),
            _ => unreachable!("position_and_value saw a position"),
        };
        let other = match (op, other) {
            (BinOp::Sub, Value::Int(n)) => Value::Int(
                n.checked_neg()
                    .ok_or_else(|| PartizanError::Overflow.at(span))?,
            ),
            (BinOp::Sub, Value::Game(g)) => self.game_neg(&g, span)?,
            (_, v) => v,
        };
        let part = as_game(&other).and_then(|g| value_comp(&g));
        let mut out: Vec<Comp> = Vec::with_capacity(comps.len() + 1);
        if !first {
            out.extend(part.clone());
        }
        out.extend(comps.iter().cloned());
        if first {
            out.extend(part);
        }
        Ok(Value::Pos(out.into()))
    }

    /// `-P` of a position: an impartial game is its own negative (`-*n`
    /// is `*n`); a partizan one is the negative of its value.
    pub(super) fn negated_position(&self, cs: Rc<[Comp]>, span: Span) -> Result<Value> {
        if nim_sum(&cs).is_some() || !self.cx.defs.any_partizan(&cs) {
            return Ok(Value::Pos(cs));
        }
        match self.position_value(&cs, "-", span)? {
            Value::Game(g) => self.game_neg(&g, span),
            Value::LoopyGame(l) => self.loopy_neg(&l, span),
            v => Ok(v),
        }
    }

    /// `G - P` with P a position: G plus the negative of P.
    fn minus_position(
        &self,
        x: Value,
        cs: Rc<[Comp]>,
        spans: (Span, Span),
        span: Span,
    ) -> Result<Value> {
        let neg = self.negated_position(cs, span)?;
        match (x, neg) {
            (Value::Pos(a), Value::Pos(b)) => {
                Ok(Value::Pos(a.iter().chain(b.iter()).cloned().collect()))
            }
            (Value::Int(0), v) => Ok(v),
            (x, v @ Value::LoopyGame(_)) => self.loopy_binary(BinOp::Add, x, v, spans, span),
            (x, v) => self.game_binary(BinOp::Add, x, v, spans, span),
        }
    }

    /// A binary operator with a game value on one side (or `||`).
    pub(super) fn game_binary(
        &self,
        op: BinOp,
        x: Value,
        y: Value,
        (xs, ys): (Span, Span),
        span: Span,
    ) -> Result<Value> {
        if op == BinOp::Sub
            && is_game(&x)
            && let Value::Pos(cs) = y
        {
            return self.minus_position(x, cs, (xs, ys), span);
        }
        if position_and_value(op, &x, &y) {
            return self.position_plus(op, x, y, span);
        }
        if compares_games(op, &x, &y) {
            return self.compare_games(op, &x, &y, span);
        }
        if scales_position(op, &x, &y) {
            // n·P: the multiple of P's value.
            let (cs, n, first) = match (x, y) {
                (Value::Pos(cs), n) => (cs, n, true),
                (n, Value::Pos(cs)) => (cs, n, false),
                _ => unreachable!("scales_position saw a position"),
            };
            let g = match nim_sum(&cs) {
                Some(m) => self.with_store("*", span, &mut |s| {
                    let id = s.nimber(m).map_err(|e| e.at(span))?;
                    Ok(game_val(s, id))
                })?,
                None => self.position_value(&cs, "*", span)?,
            };
            let (x, y) = if first { (g, n) } else { (n, g) };
            return self.game_binary(op, x, y, (xs, ys), span);
        }
        let games = matches!(x, Value::Game(_))
            || matches!(y, Value::Game(_))
            || number_and_nimber(op, &x, &y)
            || (op == BinOp::Confused && is_game(&x) && is_game(&y));
        if !games {
            // `||` of anything but game values.
            let v = if matches!(x, Value::Int(_)) { &y } else { &x };
            return Err(Error::type_error(
                format!("`||` compares game values, not {}", v.type_name()),
                "`G || H` (confused, incomparable) takes game values: write `value(P) || value(Q)`; for logical or write `or`",
                if matches!(x, Value::Int(_)) { ys } else { xs },
            ));
        }
        if let (BinOp::Mul, Value::Game(g), Value::Int(n))
        | (BinOp::Mul, Value::Int(n), Value::Game(g)) = (op, &x, &y)
        {
            let n = *n;
            return self.with_store("*", span, &mut |s| {
                let id = resolve(s, g, span)?;
                let m = s.multiple(id, n.unsigned_abs()).map_err(|e| e.at(span))?;
                let m = if n < 0 {
                    s.neg(m).map_err(|e| e.at(span))?
                } else {
                    m
                };
                Ok(game_val(s, m))
            });
        }
        let ok = matches!(op, BinOp::Add | BinOp::Sub) || is_comparison(op);
        if !ok {
            return Err(Error::type_error(
                format!("`{}` does not apply to game values", op.symbol()),
                "game values have `+`, `-`, `*` by an integer, unary `-`, and the comparisons `<`, `<=`, `>`, `>=`, `==`, `!=`, `||`",
                span,
            ));
        }
        self.with_store(op.symbol(), span, &mut |s| {
            let a = operand(s, &x, xs)?;
            let b = operand(s, &y, ys)?;
            let e = |e: PartizanError| e.at(span);
            Ok(match op {
                BinOp::Add => {
                    let v = s.add(a, b).map_err(e)?;
                    game_val(s, v)
                }
                BinOp::Sub => {
                    let v = s.sub(a, b).map_err(e)?;
                    game_val(s, v)
                }
                _ => Value::Bool(holds(op, Some(s.compare(a, b)), span)?),
            })
        })
    }

    /// `x op y`, a comparison with a position on one side, as games: G = H
    /// exactly when G - H is a second-player win. Nim heaps by their nim
    /// sums; impartial games by the Grundy value of G + H (which is G - H);
    /// anything partizan by canonical values.
    fn compare_games(&self, op: BinOp, x: &Value, y: &Value, span: Span) -> Result<Value> {
        let (Some(a), Some(b)) = (game_comps(x), game_comps(y)) else {
            unreachable!("compares_games saw two games")
        };
        if let (Some(m), Some(n)) = (nim_sum(&a), nim_sum(&b)) {
            let c = if m == n {
                Comparison::Equal
            } else {
                Comparison::Confused
            };
            return Ok(Value::Bool(holds(op, Some(c), span)?));
        }
        let Some(o) = self.oracle else {
            return Err(Error::type_error(
                format!(
                    "`{}` compares games by their values, inside a move rule",
                    op.symbol()
                ),
                "the solver computes values, and cannot be asked while it expands a game: compare positions as written with `same(P, Q)`, or compare in a query, `assert` or `let`",
                span,
            ));
        };
        let defs = self.cx.defs;
        let c = if !defs.any_partizan(&a) && !defs.any_partizan(&b) {
            // Impartial: G - H is G + H.
            let sum: Vec<Comp> = a.iter().chain(b.iter()).cloned().collect();
            match o.value(self.cx, &sum)? {
                Generalized::Finite(0) => Some(Comparison::Equal),
                Generalized::Finite(_) => Some(Comparison::Confused),
                Generalized::Infinite(_) => {
                    let class = o.outcome(self.cx, Some(Play::Normal), &sum)?;
                    (class == Class::named("N").expect("a class")).then_some(Comparison::Confused)
                }
            }
        } else {
            let gx = o.any_value(self.cx, &a)?;
            let gy = o.any_value(self.cx, &b)?;
            let (Value::Game(gx), Value::Game(gy)) = (&gx, &gy) else {
                // A loopy value: compared by its sides.
                return self.loopy_binary(op, gx, gy, (span, span), span);
            };
            let mut c = None;
            self.with_store(op.symbol(), span, &mut |s| {
                let (p, q) = (resolve(s, gx, span)?, resolve(s, gy, span)?);
                c = Some(s.compare(p, q));
                Ok(Value::Bool(true))
            })?;
            c
        };
        Ok(Value::Bool(holds(op, c, span)?))
    }

    /// `p / q` of integers that do not divide: the number p/q as a game
    /// value when q's odd part divides p (a dyadic), else the rational
    /// number p/q; in a move rule the error naming `//`.
    pub(super) fn quotient(
        &self,
        p: i64,
        q: i64,
        (_, qs): (Span, Span),
        span: Span,
    ) -> Result<Value> {
        let g = gcd(p.unsigned_abs(), q.unsigned_abs());
        let (num, den) = (p.unsigned_abs() / g, q.unsigned_abs() / g);
        let negative = (p < 0) != (q < 0);
        let inexact = |why: &str| {
            EvalError::InexactDivision {
                p,
                q,
                why: why.to_string(),
                span,
            }
            .into()
        };
        if self.oracle.is_none() {
            return Err(inexact(if den.is_power_of_two() {
                "is a number, a game value, and move rules compute with integers"
            } else {
                "is a rational number, and move rules compute with integers"
            }));
        }
        if !den.is_power_of_two() {
            // 1/3: a rational number that is not a game (CGSuite's Rational).
            let x =
                crate::rational::Rational::new(p.into(), q.into()).expect("the divisor is not 0");
            return Ok(crate::library::rationals::non_dyadic_value(x));
        }
        let num = i64::try_from(num).map_err(|_| PartizanError::Overflow.at(span))?;
        let num = if negative { -num } else { num };
        let x =
            Dyadic::new(num, den.trailing_zeros()).ok_or_else(|| PartizanError::Overflow.at(qs))?;
        self.with_store("/", span, &mut |s| {
            let id = s.number(x);
            Ok(game_val(s, id))
        })
    }

    /// `±x`: the game {x | -x}.
    pub(super) fn plus_minus(&self, x: Value, xs: Span, span: Span) -> Result<Value> {
        self.with_store("±", span, &mut |s| {
            let a = operand(s, &x, xs)?;
            let e = |e: PartizanError| e.at(span);
            let na = s.neg(a).map_err(e)?;
            let g = s.game(&[a], &[na]).map_err(e)?;
            Ok(game_val(s, g))
        })
    }

    /// `-G`.
    pub(super) fn game_neg(&self, g: &GameVal, span: Span) -> Result<Value> {
        self.with_store("-", span, &mut |s| {
            let id = resolve(s, g, span)?;
            let n = s.neg(id).map_err(|e| e.at(span))?;
            Ok(game_val(s, n))
        })
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// Whether `op` is a comparison of games.
fn is_comparison(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Confused
    )
}

/// Whether `v` is a game: a position, an integer (a number) or a game
/// value.
fn is_game(v: &Value) -> bool {
    matches!(v, Value::Pos(_) | Value::Int(_) | Value::Game(_))
}

/// Whether `x op y` compares two games of which one is a position: as
/// games, never as written.
pub(super) fn compares_games(op: BinOp, x: &Value, y: &Value) -> bool {
    is_comparison(op)
        && (matches!(x, Value::Pos(_)) || matches!(y, Value::Pos(_)))
        && is_game(x)
        && is_game(y)
}

/// Whether the comparison `op` holds of two games that compare as `c`
/// (None: a loopy difference that is drawn, which has no order).
fn holds(op: BinOp, c: Option<Comparison>, span: Span) -> Result<bool> {
    use Comparison::{Confused, Equal, Greater, Less};
    let Some(c) = c else {
        return match op {
            BinOp::Eq => Ok(false),
            BinOp::Ne => Ok(true),
            _ => Err(EvalError::Value {
                message: format!("`{}` has no answer here: the difference of these games is a draw", op.symbol()),
                help: "loopy games whose difference is drawn are neither equal nor ordered; `==` and `!=` still answer, and `outcome(G + H)` says who wins".into(),
                span,
            }
            .into()),
        };
    };
    Ok(match op {
        BinOp::Eq => c == Equal,
        BinOp::Ne => c != Equal,
        BinOp::Lt => c == Less,
        BinOp::Le => matches!(c, Less | Equal),
        BinOp::Gt => c == Greater,
        BinOp::Ge => matches!(c, Greater | Equal),
        _ => c == Confused,
    })
}

/// Whether `x op y` is game arithmetic on a number and nim heaps (`1 + *`,
/// CGSuite's `1*`): an integer other than 0 added to or subtracted from
/// a position of nim heaps (`0 + P` stays the position P).
pub(super) fn number_and_nimber(op: BinOp, x: &Value, y: &Value) -> bool {
    let heaps = |v: &Value| matches!(v, Value::Pos(cs) if nim_sum(cs).is_some());
    let number = |v: &Value| matches!(v, Value::Int(n) if *n != 0);
    matches!(op, BinOp::Add | BinOp::Sub) && ((number(x) && heaps(y)) || (heaps(x) && number(y)))
}

/// Whether `x op y` multiplies a position by an integer (`2 * *`).
pub(super) fn scales_position(op: BinOp, x: &Value, y: &Value) -> bool {
    op == BinOp::Mul
        && matches!(
            (x, y),
            (Value::Pos(_), Value::Int(_)) | (Value::Int(_), Value::Pos(_))
        )
}

/// Whether `x op y` subtracts a position from a game: the sum with its
/// negative.
pub(super) fn minus_position(op: BinOp, x: &Value, y: &Value) -> bool {
    op == BinOp::Sub && is_game(x) && matches!(y, Value::Pos(_))
}

/// Whether `x op y` adds a game value (or an integer) to a position that
/// is not made of nim heaps alone, or subtracts one from it: a sum of
/// components (`T(3) + 1/2`), not a value.
pub(super) fn position_and_value(op: BinOp, x: &Value, y: &Value) -> bool {
    let pos = |v: &Value| matches!(v, Value::Pos(cs) if nim_sum(cs).is_none());
    let val = |v: &Value| matches!(v, Value::Game(_)) || matches!(v, Value::Int(n) if *n != 0);
    match op {
        BinOp::Add => (pos(x) && val(y)) || (val(x) && pos(y)),
        BinOp::Sub => pos(x) && val(y),
        _ => false,
    }
}
