//! CGSuite's questions about a misère canonical form, through the solver
//! (THEORY.md §9.4, §9.12): the birthday, parity, introversion,
//! half-tameness and Hoey's classes of one impartial sum, and the games
//! that tell two sums apart or link them. Each sum's canonical form is
//! built by `Solver::misere_form_id` in one store, under the query's
//! budgets; the classes are the store's phyla, the ones `misere_form`
//! prints.

use crate::error::{EvalError, Result};
use crate::misere::{FormId, Forms};
use crate::model::{Ctx, MiserePair, MisereQuestion, Value};

use super::Solver;
use super::misere_theory::{budgeted_forms, charge_forms, nim_heap_of};

impl Solver {
    /// What `q` asks of the misère canonical form of the sum `ids`.
    pub(crate) fn misere_predicate(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
        q: MisereQuestion,
    ) -> Result<Value> {
        if q != MisereQuestion::Extraverted
            && let Some(n) = self.nim_heaps(cx, ids).and_then(|h| nim_heap_of(&h))
        {
            return Ok(Self::nim_heap_answer(n, q));
        }
        let mut forms = budgeted_forms(cx, self.partizan.store.interrupt_flag());
        let r = self.misere_predicate_in(cx, ids, q, &mut forms);
        charge_forms(cx, &forms, r)
    }

    /// The answer for a sum equivalent to the nim heap *n, from theory
    /// (THEORY.md §9.12): born on day n, *n + * ≡ *(n ⊕ 1) so even exactly
    /// when n is, introverted for 0 and *, tame, never half-tame.
    fn nim_heap_answer(n: u64, q: MisereQuestion) -> Value {
        use MisereQuestion as Q;
        match q {
            Q::Birthday => Value::Int(i64::try_from(n).unwrap_or(i64::MAX)),
            Q::Even => Value::Bool(n.is_multiple_of(2)),
            Q::Odd => Value::Bool(!n.is_multiple_of(2)),
            Q::Introverted => Value::Bool(n <= 1),
            // Asked of the forms (`misere_predicate` does not come here).
            Q::Extraverted => Value::Bool(false),
            Q::HalfTame | Q::Restive | Q::GenerallyRestive | Q::Restless => Value::Bool(false),
            Q::Tame | Q::GenerallyTame | Q::Tameable | Q::NimHeap => Value::Bool(true),
        }
    }

    fn misere_predicate_in(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
        q: MisereQuestion,
        forms: &mut Forms,
    ) -> Result<Value> {
        use MisereQuestion as Q;
        let f = self.misere_form_id(cx, ids, forms)?;
        let p = forms.phylum(f);
        let err = |e| Self::misere_error(cx, e);
        Ok(match q {
            Q::Birthday => Value::Int(i64::from(forms.birthday(f))),
            Q::Even => Value::Bool(forms.is_even(f).map_err(err)?),
            Q::Odd => Value::Bool(forms.is_odd(f).map_err(err)?),
            Q::Introverted => Value::Bool(forms.is_introverted(f)),
            Q::Extraverted => Value::Bool(forms.is_extraverted(f).map_err(err)?),
            Q::HalfTame => Value::Bool(forms.is_half_tame(f).map_err(err)?),
            Q::Tame => Value::Bool(p.is_tame()),
            Q::GenerallyTame => Value::Bool(p.is_generally_tame()),
            Q::Tameable => Value::Bool(p.is_tameable()),
            Q::Restive => Value::Bool(p.is_restive()),
            Q::GenerallyRestive => Value::Bool(p.is_generally_restive()),
            Q::Restless => Value::Bool(p.is_restless()),
            Q::NimHeap => Value::Bool(forms.nim_value(f).is_some()),
        })
    }

    /// What `q` asks of the misère canonical forms of the sums `pair`.
    pub(crate) fn misere_pair(
        &mut self,
        cx: &Ctx,
        pair: [&[u32]; 2],
        q: MiserePair,
    ) -> Result<Value> {
        let mut forms = budgeted_forms(cx, self.partizan.store.interrupt_flag());
        let r = self.misere_pair_in(cx, pair, q, &mut forms);
        charge_forms(cx, &forms, r)
    }

    fn misere_pair_in(
        &mut self,
        cx: &Ctx,
        pair: [&[u32]; 2],
        q: MiserePair,
        forms: &mut Forms,
    ) -> Result<Value> {
        let g = self.misere_form_id(cx, pair[0], forms)?;
        let h = self.misere_form_id(cx, pair[1], forms)?;
        let err = |e| Self::misere_error(cx, e);
        let found = match q {
            MiserePair::Linked => return Ok(Value::Bool(forms.is_linked(g, h))),
            MiserePair::Link => forms.link(g, h).map_err(err)?,
            MiserePair::Minus => forms.minus(g, h).map_err(err)?,
            MiserePair::Distinguisher => forms.distinguisher(g, h).map_err(err)?,
        };
        match found {
            Some(x) => Self::form_value(cx, forms, x),
            None => Err(Self::no_such_game(cx, forms, g, h, q)),
        }
    }

    /// A form as a `Value::Str` in `misere_form`'s notation.
    fn form_value(cx: &Ctx, forms: &Forms, x: FormId) -> Result<Value> {
        cx.check()?;
        Ok(Value::Str(Self::form_text(cx, forms, x)?.into()))
    }

    /// Two equal forms (no distinguisher) or two forms not linked (no link).
    fn no_such_game(
        cx: &Ctx,
        forms: &Forms,
        g: FormId,
        h: FormId,
        q: MiserePair,
    ) -> crate::error::Error {
        let show = |f| forms.display(f, 48);
        let (message, help) = match q {
            MiserePair::Distinguisher => (
                format!(
                    "the two positions have the same misère canonical form {}: no game tells them apart",
                    show(g)
                ),
                "a distinguisher exists exactly when the misère canonical forms differ: compare them with `misere_form`",
            ),
            MiserePair::Minus => (
                format!(
                    "{} is not a part of {}: no game X has Q + X equivalent to P",
                    show(h),
                    show(g)
                ),
                "`misere_parts(P)` lists the parts of P (one of each pair H, H + *); Q must be one of them, or a part's sum with *",
            ),
            _ => (
                format!(
                    "{} and {} are not linked: one is an option of the other",
                    show(g),
                    show(h)
                ),
                "ask `misere_is_linked(P, Q)` first: a link exists exactly when neither form is an option of the other",
            ),
        };
        EvalError::Value {
            message,
            help: help.into(),
            span: cx.span,
        }
        .into()
    }
}
