//! The quantifiers `forall` / `exists`, with the witness a failed
//! `forall` leaves for `assert`.

use crate::error::EvalError;
use crate::error::{Error, Result};
use crate::source::Span;
use crate::syntax::ast::BinOp;

use super::Interp;
use super::compile::{CPattern, Node, NodeKind};
use super::interp::{bind, set_int, slot};
use crate::model::Value;

/// A range a quantifier runs over may hold at most this many values.
pub const MAX_QUANTIFIED: i64 = 100_000_000;

/// Steps of `--max-steps` a quantifier's turn counts: its body is
/// evaluated as a value, 15–25 ns a turn, about three turns of a
/// comprehension's loop (docs/PERFORMANCE.md, "What a step costs").
const QUANTIFIER_TURN_STEPS: u64 = 3;

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
                    return Err(EvalError::Value {
                        message: format!("this quantifier ranges over {n} values"),
                        help: format!(
                            "a quantifier may range over at most {MAX_QUANTIFIED} values: bound the range"
                        ),
                        span,
                    }.into());
                }
                let slot = slot(pat)?;
                for i in a..b {
                    // A turn evaluates the body as a value (no integer
                    // closure): about three turns of a comprehension.
                    self.cx.advance_at(QUANTIFIER_TURN_STEPS, span)?;
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
            self.cx.advance_at(QUANTIFIER_TURN_STEPS, span)?;
            bind(pat, x, frame)?;
            if self.quantify(q, rest, frame)? != q.all {
                return Ok(!q.all);
            }
        }
        Ok(q.all)
    }
}
