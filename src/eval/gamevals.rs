//! Game values inside expressions (THEORY.md §6): `value(P)` turns a
//! position into its canonical value, which `+`, `-`, `*` (by an integer)
//! and unary `-` combine and `<`, `<=`, `>`, `>=`, `==`, `!=` and `||`
//! compare by the partial order of games. Integers mix in as the numbers
//! they are. The canonical forms live in the solver's store of game
//! values, reached through the oracle; a [`GameVal`] keeps its text so that
//! a value outlives a cleared cache.

use std::rc::Rc;

use crate::error::{Error, Result};
use crate::partizan::{self, AlgebraError, Dyadic, GameStore, PartizanError, ValueId};
use crate::source::Span;
use crate::syntax::ast::BinOp;

use super::compile::Node;
use super::registry::{Imp, entry_of};
use super::value::GameVal;
use super::{Comp, Interp, Value};

/// The functions that make or read game values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameFn {
    /// `value(P)`: the canonical value of a position.
    Value,
    /// `mean(G)`, a number.
    Mean,
    /// `temperature(G)`, a number.
    Temperature,
    /// `birthday(G)`: the birthday of the canonical form, an integer.
    Birthday,
    /// `num(n)`, `num(p, q)`: the dyadic number p/q.
    Num,
    /// `up()`, `up(n)`: n·↑ (negative n: downs).
    Up,
    /// `cool(G, t)`: G cooled by the number t ≥ 0.
    Cool,
    /// `heat(G, t)`: G heated by the game t.
    Heat,
    /// `overheat(G, s, t)`: G overheated from s to t.
    Overheat,
    /// `norton(G, U)`: Norton's product of G by the unit U > 0.
    Norton,
    /// `ordinal(G, H)`: the ordinal sum G : H of the canonical forms.
    Ordinal,
    /// `left_incentives(G)`: the list of G^L − G.
    LeftIncentives,
    /// `right_incentives(G)`: the list of G − G^R.
    RightIncentives,
    /// `nim_mul(a, b)`: the nim product of two integers ≥ 0.
    NimMul,
    /// `nim_pow(a, e)`: the e-th nim power of a.
    NimPow,
    /// `nim_inv(a)`: the nim inverse of a > 0.
    NimInv,
    /// `left_stop(G)`, a number.
    LeftStop,
    /// `right_stop(G)`, a number.
    RightStop,
    /// `atomic_weight(G)` of an all-small G.
    AtomicWeight,
    /// `reduced(G)`: the reduced canonical form.
    Reduced,
    /// `latex(G)`: the value as LaTeX text, a string.
    Latex,
}

impl GameFn {
    /// The game-value function of a name (the registry's entry).
    pub fn from_name(name: &str) -> Option<GameFn> {
        match super::registry::lookup(name)?.imp {
            Imp::Game(g) => Some(g),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        entry_of(Imp::Game(self)).name
    }

    /// The least and most arguments.
    pub fn arity(self) -> (usize, usize) {
        entry_of(Imp::Game(self)).arity
    }

    pub fn usage(self) -> &'static str {
        entry_of(Imp::Game(self)).usage
    }
}

/// A failure of the game arithmetic, as a diagnostic on `span`.
pub(crate) fn arith(e: PartizanError, span: Span) -> Error {
    match e {
        PartizanError::Interrupted => Error::Interrupted { span },
        PartizanError::StepBudget { limit } => Error::StepBudget { limit, span },
        PartizanError::Memory { held, limit } => Error::MemoryBudget { limit, held, span },
        e => Error::PartizanLimit {
            message: e.to_string(),
            help: e.help().into(),
            span,
        },
    }
}

/// A failure of the short-game algebra (`cool`, `norton`, …): the store's
/// own failures as [`arith`] maps them, an argument out of the domain
/// (a negative temperature, a unit that is not positive) as a value error
/// on that argument's span, with the library's message and help.
fn algebra(e: AlgebraError, span: Span, arg: Span) -> Error {
    match e {
        AlgebraError::Partizan(e) => arith(e, span),
        e => Error::Value {
            message: e.to_string(),
            help: e.help().into(),
            span: arg,
        },
    }
}

/// The value `id` of `store`, as an expression holds it.
pub fn game_val(store: &mut GameStore, id: ValueId) -> Value {
    Value::Game(game_rc(store, id))
}

/// The value `id` of `store`, as a [`GameVal`].
pub fn game_rc(store: &mut GameStore, id: ValueId) -> Rc<GameVal> {
    Rc::new(GameVal {
        text: store.display(id).into(),
        id,
        stamp: store.stamp(),
    })
}

/// The component a game value is in a sum: none for 0, `*n` for a
/// nimber, else the value itself.
pub fn value_comp(g: &Rc<GameVal>) -> Option<Comp> {
    let text = &*g.text;
    if text == "0" {
        return None;
    }
    let heap = match text.strip_prefix('*') {
        Some("") => Some(1),
        Some(n) if n.bytes().all(|b| b.is_ascii_digit()) => n.parse::<i64>().ok(),
        _ => None,
    };
    Some(match heap {
        Some(n) => Comp {
            game: super::STAR,
            args: vec![Value::Int(n)].into(),
        },
        None => Comp {
            game: super::VALUE,
            args: vec![Value::Game(g.clone())].into(),
        },
    })
}

/// A game value, or an integer as the number it is.
pub fn as_game(v: &Value) -> Option<Rc<GameVal>> {
    match v {
        Value::Game(g) => Some(g.clone()),
        Value::Int(n) => {
            let mut s = GameStore::new();
            let id = s.integer(*n);
            Some(game_rc(&mut s, id))
        }
        _ => None,
    }
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

/// The id in `store` of a game value (read back from its text when
/// another store made it).
pub fn resolve(store: &mut GameStore, g: &GameVal, span: Span) -> Result<ValueId> {
    if g.stamp == store.stamp() {
        return Ok(g.id);
    }
    partizan::parse(store, &g.text).map_err(|_| Error::Value {
        message: "this game value was computed before the solver's caches were cleared, and is too large to read back".into(),
        help: "compute it again (`value(P)`) in the statement that uses it".into(),
        span,
    })
}

/// An operand of game arithmetic: a game value, or an integer as a number.
fn operand(store: &mut GameStore, v: &Value, span: Span) -> Result<ValueId> {
    match v {
        Value::Game(g) => resolve(store, g, span),
        Value::Int(n) => Ok(store.integer(*n)),
        // `*n` (and sums of nim heaps) is the nimber it is.
        Value::Pos(cs) if let Some(m) = nim_sum(cs) => store.nimber(m).map_err(|e| arith(e, span)),
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
    fn with_store(
        &self,
        name: &str,
        span: Span,
        f: &mut dyn FnMut(&mut GameStore) -> Result<Value>,
    ) -> Result<Value> {
        let Some(o) = self.oracle else {
            if GameFn::from_name(name).is_none() {
                // An operator on a game value passed into a move rule.
                return Err(Error::type_error(
                    format!("`{name}` on a game value inside a move rule"),
                    "game values are computed by the solver, which cannot be asked while it expands a game: give the game integers, or compare values in a query, `assert` or `let`",
                    span,
                ));
            }
            return Err(Error::QueryInRules {
                name: name.to_string(),
                span,
            });
        };
        o.with_store(self.cx, f)
    }

    /// `value(P)`, `mean(G)`, `temperature(G)`, `birthday(G)`, `num(p, q)`,
    /// `up(n)`, the short-game algebra (`cool`, `heat`, `overheat`,
    /// `norton`, `ordinal`, the incentives, stops, `atomic_weight`,
    /// `reduced`) and nim arithmetic (`nim_mul`, `nim_pow`, `nim_inv`).
    pub(super) fn game_fn(
        &self,
        f: GameFn,
        args: &[Node],
        frame: &mut [Value],
        span: Span,
    ) -> Result<Value> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.eval(a, frame)?);
        }
        let name = f.name();
        match f {
            GameFn::Value | GameFn::Mean | GameFn::Temperature | GameFn::Birthday => {
                let x = &args[0];
                let v = vals.pop().expect("arity checked when compiled");
                let g = self.game_arg(v, f, x, span)?;
                if f == GameFn::Value {
                    return Ok(Value::Game(g));
                }
                self.with_store(name, span, &mut |s| {
                    let id = resolve(s, &g, x.span)?;
                    if f == GameFn::Birthday {
                        return i64::try_from(s.birthday(id))
                            .map(Value::Int)
                            .map_err(|_| arith(PartizanError::Overflow, span));
                    }
                    let x = match f {
                        GameFn::Mean => s.mean(id),
                        _ => s.temperature(id),
                    }
                    .map_err(|e| arith(e, span))?;
                    let id = s.number(x);
                    Ok(game_val(s, id))
                })
            }
            GameFn::Num => {
                let int = |i: usize| match &vals[i] {
                    Value::Int(n) => Ok(*n),
                    v => Err(Error::type_error(
                        format!("`num` takes integers, not {}", v.type_name()),
                        format!("usage: {}", f.usage()),
                        args[i].span,
                    )),
                };
                let p = int(0)?;
                let q = if vals.len() > 1 { int(1)? } else { 1 };
                if q <= 0 || q.count_ones() != 1 {
                    return Err(Error::Value {
                        message: format!("the denominator {q} is not a power of two"),
                        help: "game values are dyadic: write num(p, q) with q = 1, 2, 4, 8, …"
                            .into(),
                        span: args[1].span,
                    });
                }
                let x = Dyadic::new(p, q.trailing_zeros())
                    .ok_or_else(|| arith(PartizanError::Overflow, span))?;
                self.with_store(name, span, &mut |s| {
                    let id = s.number(x);
                    Ok(game_val(s, id))
                })
            }
            GameFn::Up => {
                let n = match vals.first() {
                    None => 1,
                    Some(Value::Int(n)) => *n,
                    Some(v) => {
                        return Err(Error::type_error(
                            format!("`up` takes an integer, not {}", v.type_name()),
                            format!("usage: {}", f.usage()),
                            args[0].span,
                        ));
                    }
                };
                self.with_store(name, span, &mut |s| {
                    let id = s.ups(n).map_err(|e| arith(e, span))?;
                    Ok(game_val(s, id))
                })
            }
            GameFn::NimMul | GameFn::NimPow | GameFn::NimInv => {
                let mut ns = [0u64; 2];
                for (i, n) in ns.iter_mut().enumerate().take(vals.len()) {
                    *n = match &vals[i] {
                        Value::Int(n) => u64::try_from(*n).map_err(|_| Error::Value {
                            message: format!("`{name}` takes integers >= 0, not {n}"),
                            help: format!(
                                "nim arithmetic is of non-negative integers: {}",
                                f.usage()
                            ),
                            span: args[i].span,
                        })?,
                        v => {
                            return Err(Error::type_error(
                                format!("`{name}` takes integers, not {}", v.type_name()),
                                format!("usage: {}", f.usage()),
                                args[i].span,
                            ));
                        }
                    };
                }
                let r = match f {
                    GameFn::NimMul => partizan::nim_mul(ns[0], ns[1]),
                    GameFn::NimPow => partizan::nim_pow(ns[0], ns[1]),
                    _ => partizan::nim_inv(ns[0]).ok_or_else(|| Error::Value {
                        message: "0 has no nim inverse".into(),
                        help: "nim_inv(a) takes a >= 1 (the nimbers below 2^64 form a field)"
                            .into(),
                        span: args[0].span,
                    })?,
                };
                // The arguments are below 2^63, the answer may reach 2^64 - 1.
                i64::try_from(r)
                    .map(Value::Int)
                    .map_err(|_| Error::Overflow {
                        op: name.to_string(),
                        span,
                    })
            }
            _ => {
                let mut gs = Vec::with_capacity(vals.len());
                for (v, a) in vals.into_iter().zip(args) {
                    gs.push(self.game_arg(v, f, a, span)?);
                }
                self.with_store(name, span, &mut |s| {
                    let mut ids = Vec::with_capacity(gs.len());
                    for (g, a) in gs.iter().zip(args) {
                        ids.push(resolve(s, g, a.span)?);
                    }
                    let last = args[args.len() - 1].span;
                    let e = |e| algebra(e, span, last);
                    let id = match f {
                        GameFn::Cool => {
                            let Some(t) = s.as_number(ids[1]) else {
                                return Err(Error::Value {
                                    message: format!(
                                        "`cool` cools by a number, not {}",
                                        s.display(ids[1])
                                    ),
                                    help: format!("usage: {}", f.usage()),
                                    span: last,
                                });
                            };
                            partizan::cool(s, ids[0], t).map_err(e)?
                        }
                        GameFn::Heat => partizan::heat(s, ids[0], ids[1]).map_err(e)?,
                        GameFn::Overheat => {
                            partizan::overheat(s, ids[0], ids[1], ids[2]).map_err(e)?
                        }
                        GameFn::Norton => partizan::norton(s, ids[0], ids[1]).map_err(e)?,
                        GameFn::Ordinal => partizan::ordinal(s, ids[0], ids[1]).map_err(e)?,
                        GameFn::AtomicWeight => partizan::atomic_weight(s, ids[0]).map_err(e)?,
                        GameFn::Reduced => partizan::reduced(s, ids[0]).map_err(e)?,
                        GameFn::LeftStop | GameFn::RightStop => {
                            let x = if f == GameFn::LeftStop {
                                s.left_stop(ids[0])
                            } else {
                                s.right_stop(ids[0])
                            };
                            s.number(x)
                        }
                        GameFn::Latex => {
                            return Ok(Value::Str(s.latex(ids[0]).into()));
                        }
                        GameFn::LeftIncentives | GameFn::RightIncentives => {
                            let xs = if f == GameFn::LeftIncentives {
                                partizan::left_incentives(s, ids[0])
                            } else {
                                partizan::right_incentives(s, ids[0])
                            }
                            .map_err(e)?;
                            let list: Vec<Value> = xs.into_iter().map(|x| game_val(s, x)).collect();
                            return Ok(Value::List(list.into()));
                        }
                        _ => unreachable!("handled above"),
                    };
                    Ok(game_val(s, id))
                })
            }
        }
    }

    /// An argument that is a game value: a position (its value), a game
    /// value, or an integer (the number).
    fn game_arg(&self, v: Value, f: GameFn, arg: &Node, span: Span) -> Result<Rc<GameVal>> {
        let name = f.name();
        let g = match v {
            Value::Pos(cs) => self.position_value(&cs, name, span)?,
            v @ Value::Game(_) => v,
            Value::Int(n) => self.with_store(name, span, &mut |s| {
                let id = s.integer(n);
                Ok(game_val(s, id))
            })?,
            v => {
                return Err(Error::type_error(
                    format!(
                        "`{name}` takes a position or a game value, not {}",
                        v.type_name()
                    ),
                    format!("usage: {}", f.usage()),
                    arg.span,
                ));
            }
        };
        let Value::Game(g) = g else {
            unreachable!("position_value gives a game value")
        };
        Ok(g)
    }

    /// The canonical value of a sum of positions.
    fn position_value(&self, comps: &[Comp], name: &str, span: Span) -> Result<Value> {
        let Some(o) = self.oracle else {
            return Err(Error::QueryInRules {
                name: name.to_string(),
                span,
            });
        };
        o.game_value(self.cx, comps)
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
        self.with_store("{…|…}", span, &mut |s| {
            let mut ids: [Vec<ValueId>; 2] = [Vec::new(), Vec::new()];
            for (out, side) in ids.iter_mut().zip(&sides) {
                for (v, vs) in side {
                    out.push(operand(s, v, *vs)?);
                }
            }
            let g = s.game(&ids[0], &ids[1]).map_err(|e| arith(e, span))?;
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
                    .ok_or_else(|| arith(PartizanError::Overflow, span))?,
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

    /// A binary operator with a game value on one side (or `||`).
    pub(super) fn game_binary(
        &self,
        op: BinOp,
        x: Value,
        y: Value,
        (xs, ys): (Span, Span),
        span: Span,
    ) -> Result<Value> {
        if position_and_value(op, &x, &y) {
            return self.position_plus(op, x, y, span);
        }
        let games = matches!(x, Value::Game(_))
            || matches!(y, Value::Game(_))
            || number_and_nimber(op, &x, &y);
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
                let m = s
                    .multiple(id, n.unsigned_abs())
                    .map_err(|e| arith(e, span))?;
                let m = if n < 0 {
                    s.neg(m).map_err(|e| arith(e, span))?
                } else {
                    m
                };
                Ok(game_val(s, m))
            });
        }
        let ok = matches!(
            op,
            BinOp::Add
                | BinOp::Sub
                | BinOp::Eq
                | BinOp::Ne
                | BinOp::Lt
                | BinOp::Le
                | BinOp::Gt
                | BinOp::Ge
                | BinOp::Confused
        );
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
            let e = |e| arith(e, span);
            Ok(match op {
                BinOp::Add => {
                    let v = s.add(a, b).map_err(e)?;
                    game_val(s, v)
                }
                BinOp::Sub => {
                    let v = s.sub(a, b).map_err(e)?;
                    game_val(s, v)
                }
                BinOp::Eq => Value::Bool(s.eq(a, b)),
                BinOp::Ne => Value::Bool(!s.eq(a, b)),
                BinOp::Lt => Value::Bool(s.lt(a, b)),
                BinOp::Le => Value::Bool(s.le(a, b)),
                BinOp::Gt => Value::Bool(s.lt(b, a)),
                BinOp::Ge => Value::Bool(s.ge(a, b)),
                _ => Value::Bool(s.confused(a, b)),
            })
        })
    }

    /// `p / q` of integers that do not divide: the number p/q when q's
    /// odd part divides p (a dyadic), else the error naming `//`.
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
        let inexact = |why: &str| Error::InexactDivision {
            p,
            q,
            why: why.to_string(),
            span,
        };
        if !den.is_power_of_two() {
            return Err(inexact("is not an integer or a dyadic number"));
        }
        if self.oracle.is_none() {
            return Err(inexact(
                "is a number, a game value, and move rules compute with integers",
            ));
        }
        let num = i64::try_from(num).map_err(|_| arith(PartizanError::Overflow, span))?;
        let num = if negative { -num } else { num };
        let x = Dyadic::new(num, den.trailing_zeros())
            .ok_or_else(|| arith(PartizanError::Overflow, qs))?;
        self.with_store("/", span, &mut |s| {
            let id = s.number(x);
            Ok(game_val(s, id))
        })
    }

    /// `±x`: the game {x | -x}.
    pub(super) fn plus_minus(&self, x: Value, xs: Span, span: Span) -> Result<Value> {
        self.with_store("±", span, &mut |s| {
            let a = operand(s, &x, xs)?;
            let e = |e| arith(e, span);
            let na = s.neg(a).map_err(e)?;
            let g = s.game(&[a], &[na]).map_err(e)?;
            Ok(game_val(s, g))
        })
    }

    /// `-G`.
    pub(super) fn game_neg(&self, g: &GameVal, span: Span) -> Result<Value> {
        self.with_store("-", span, &mut |s| {
            let id = resolve(s, g, span)?;
            let n = s.neg(id).map_err(|e| arith(e, span))?;
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

/// Whether `x op y` is game arithmetic on a number and nim heaps (`1 + *`,
/// CGSuite's `1*`): an integer other than 0 added to or subtracted from
/// a position of nim heaps (`0 + P` stays the position P).
pub(super) fn number_and_nimber(op: BinOp, x: &Value, y: &Value) -> bool {
    let heaps = |v: &Value| matches!(v, Value::Pos(cs) if nim_sum(cs).is_some());
    let number = |v: &Value| matches!(v, Value::Int(n) if *n != 0);
    matches!(op, BinOp::Add | BinOp::Sub) && ((number(x) && heaps(y)) || (heaps(x) && number(y)))
}

/// The nim sum of a position made only of nim heaps (`*n`, `Nim(n)`).
pub(super) fn nim_sum(cs: &[Comp]) -> Option<usize> {
    cs.iter()
        .try_fold(0usize, |acc, c| match (c.game, &*c.args) {
            (g, [Value::Int(n)]) if g == super::STAR || g == super::NIM => {
                usize::try_from(*n).ok().map(|n| acc ^ n)
            }
            _ => None,
        })
}
