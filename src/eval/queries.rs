//! The query functions (`grundy(P)`, `outcome(P)`, …, answered by the
//! oracle) and the quantifiers `forall` / `exists`, with the witness a
//! failed `forall` leaves for `assert`.

use std::rc::Rc;

use crate::error::{Error, Result};
use crate::source::Span;
use crate::syntax::ast::BinOp;

use super::Interp;
use super::compile::{CPattern, Node, NodeKind};
use super::interp::{bind, set_int, slot};
use super::registry::{Imp, entry_of};
use crate::digraph::{Generalized, Outcome};
use crate::model::{Comp, Value};

/// The query functions of expressions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryFn {
    Grundy,
    Outcome,
    Options,
    Winning,
    Remoteness,
    IsP,
    IsN,
}

impl QueryFn {
    /// The query function of a name (the registry's entry).
    pub fn from_name(name: &str) -> Option<QueryFn> {
        match super::registry::lookup(name)?.imp {
            Imp::Query(q) => Some(q),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        entry_of(Imp::Query(self)).name
    }

    /// Whether a convention (`normal`, `misere`) may follow the position.
    pub fn takes_play(self) -> bool {
        !matches!(self, QueryFn::Grundy | QueryFn::Options)
    }

    pub fn usage(self) -> &'static str {
        entry_of(Imp::Query(self)).usage
    }
}

/// A range a quantifier runs over may hold at most this many values.
pub const MAX_QUANTIFIED: i64 = 100_000_000;

/// A counterexample of a `forall`: the bindings (of nested `forall`s too,
/// outermost first), and when the innermost body is a comparison `a OP b`,
/// the two sides with their spans and values there.
#[derive(Debug, Clone, Default)]
pub struct Witness {
    pub bindings: Vec<(String, Value)>,
    pub sides: Option<Sides>,
}

/// The two sides of a failed comparison, as (span, value).
pub type Sides = (BinOp, (Span, Value), (Span, Value));

/// A quantifier's parts, while it runs.
pub(super) struct Quantifier<'n> {
    pub(super) all: bool,
    pub(super) cond: Option<&'n Node>,
    pub(super) body: &'n Node,
    pub(super) names: &'n [(String, u32)],
}

impl Interp<'_> {
    /// A query function: the position evaluated, then the oracle asked.
    pub(super) fn query(
        &self,
        q: QueryFn,
        play: Option<crate::syntax::ast::Play>,
        x: &Node,
        frame: &mut [Value],
        span: Span,
    ) -> Result<Value> {
        let comps: Rc<[Comp]> = match self.eval(x, frame)? {
            Value::Pos(cs) => cs,
            Value::Int(0) => Rc::from(Vec::new()),
            Value::Game(g) => {
                return self.query_game_value(q, play, &Value::Game(g), x.span, span);
            }
            v => {
                return Err(Error::NotAPosition {
                    found: v.type_name().to_string(),
                    span: x.span,
                });
            }
        };
        let Some(o) = self.oracle else {
            return Err(Error::QueryInRules {
                name: q.name().to_string(),
                span,
            });
        };
        let cx = self.cx;
        // A list of positions, reserved against the memory budget first.
        let positions = |xs: Vec<Vec<Comp>>| -> Result<Value> {
            let bytes: usize = xs
                .iter()
                .map(|cs| std::mem::size_of::<Value>() + cs.len() * std::mem::size_of::<Comp>())
                .sum();
            cx.reserve(bytes, span)?;
            Ok(Value::list(
                xs.into_iter().map(|cs| Value::Pos(cs.into())).collect(),
            ))
        };
        Ok(match q {
            QueryFn::Grundy => match o.value(cx, &comps)? {
                Generalized::Finite(v) => {
                    Value::Int(i64::try_from(v).map_err(|_| Error::Overflow {
                        op: q.name().into(),
                        span,
                    })?)
                }
                Generalized::Infinite(k) => Value::Loopy(k.into()),
            },
            QueryFn::Outcome => Value::Outcome(o.outcome(cx, play, &comps)?),
            QueryFn::IsP => Value::Bool(o.outcome(cx, play, &comps)? == Outcome::P),
            QueryFn::IsN => Value::Bool(o.outcome(cx, play, &comps)? == Outcome::N),
            QueryFn::Options => positions(o.options(cx, &comps)?)?,
            QueryFn::Winning => positions(o.winning(cx, play, &comps)?)?,
            QueryFn::Remoteness => {
                Value::Int(o.remoteness(cx, play, &comps)?.map_or(-1, i64::from))
            }
        })
    }

    /// `is_p(G)`, `is_n(G)` of a game value (normal play): G = 0, G || 0.
    fn query_game_value(
        &self,
        q: QueryFn,
        play: Option<crate::syntax::ast::Play>,
        g: &Value,
        xs: Span,
        span: Span,
    ) -> Result<Value> {
        let op = match (q, play) {
            (QueryFn::IsP, None | Some(crate::syntax::ast::Play::Normal)) => BinOp::Eq,
            (QueryFn::IsN, None | Some(crate::syntax::ast::Play::Normal)) => BinOp::Confused,
            _ => {
                return Err(Error::type_error(
                    format!("`{}` of a game value is not defined here", q.name()),
                    "a game value's outcome is its order against 0: `G > 0` (Left wins), `G < 0` (Right wins), `G == 0` or `is_p(G)` (the previous player), `G || 0` or `is_n(G)` (the next player); misère outcomes need the position: `outcome(P, misere)`",
                    xs,
                ));
            }
        };
        self.game_binary(op, g.clone(), Value::Int(0), (xs, xs), span)
    }

    /// The sides of a comparison that came out false, evaluated again
    /// (once, at the counterexample); None for another body or an error.
    fn sides(&self, body: &Node, frame: &mut [Value]) -> Option<Sides> {
        let NodeKind::Binary(
            op @ (BinOp::Eq
            | BinOp::Ne
            | BinOp::Lt
            | BinOp::Le
            | BinOp::Gt
            | BinOp::Ge
            | BinOp::Confused),
            a,
            b,
        ) = &body.kind
        else {
            return None;
        };
        let x = self.eval(a, frame).ok()?;
        let y = self.eval(b, frame).ok()?;
        Some((*op, (a.span, x), (b.span, y)))
    }

    /// `forall`/`exists` over the bindings from the first on: whether the
    /// body holds for all (some) assignments that pass the condition.
    /// A `forall` that fails leaves its counterexample in `witness`.
    pub(super) fn quantify(
        &self,
        q: &Quantifier,
        bindings: &[(CPattern, Node)],
        frame: &mut [Value],
    ) -> Result<bool> {
        let Some(((pat, iter), rest)) = bindings.split_first() else {
            if let Some(c) = q.cond
                && !self.truth(c, frame)?
            {
                return Ok(q.all);
            }
            self.witness.replace(None);
            let holds = match self.eval(q.body, frame)? {
                Value::Bool(b) => b,
                v => {
                    return Err(Error::type_error(
                        format!(
                            "a quantifier's body must be a boolean, not {}",
                            v.type_name()
                        ),
                        "write a condition after `:`, e.g. `forall n in 0..=9: grundy(G(n)) == n % 3`",
                        q.body.span,
                    ));
                }
            };
            if q.all && !holds {
                let mut bindings: Vec<(String, Value)> = q
                    .names
                    .iter()
                    .map(|(n, s)| (n.clone(), frame[*s as usize].clone()))
                    .collect();
                let inner = self.witness.borrow_mut().take();
                let sides = match inner {
                    Some(inner) => {
                        bindings.extend(inner.bindings);
                        inner.sides
                    }
                    None => self.sides(q.body, frame),
                };
                self.witness.replace(Some(Witness { bindings, sides }));
            }
            return Ok(holds);
        };
        let span = iter.span;
        let items: Vec<Value> = match self.eval(iter, frame)? {
            Value::Range(a, b) => {
                let n = b.saturating_sub(a).max(0);
                if n > MAX_QUANTIFIED {
                    return Err(Error::Value {
                        message: format!("this quantifier ranges over {n} values"),
                        help: format!(
                            "a quantifier may range over at most {MAX_QUANTIFIED} values: bound the range"
                        ),
                        span,
                    });
                }
                let slot = slot(pat)?;
                for i in a..b {
                    self.tick(span)?;
                    set_int(&mut frame[slot], i);
                    if self.quantify(q, rest, frame)? != q.all {
                        return Ok(!q.all);
                    }
                }
                return Ok(q.all);
            }
            Value::List(xs) | Value::Tuple(xs) => xs.to_vec(),
            Value::Set(xs) => xs.iter().cloned().collect(),
            v => {
                return Err(Error::type_error(
                    format!("cannot quantify over {}", v.type_name()),
                    "`forall x in xs` takes a range (`0..=n`), a list, a tuple or a set",
                    span,
                ));
            }
        };
        for x in items {
            self.tick(span)?;
            bind(pat, x, frame)?;
            if self.quantify(q, rest, frame)? != q.all {
                return Ok(!q.all);
            }
        }
        Ok(q.all)
    }
}
