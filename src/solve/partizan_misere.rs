//! Partizan positions as misère forms (THEORY.md §9.8): each component
//! reachable is made the literal form `{L | R}` of its options (an option
//! the sum of its parts' forms), bottom-up with an explicit stack, and
//! checked against the universe a comparison is asked modulo; a component
//! outside it is the coded error naming the move that leaves it.

use std::collections::HashMap;

use rustc_hash::FxBuildHasher;

use crate::error::SolveError;
use crate::error::{AtSpan, Result};
use crate::misere::{PFormId, PartizanForms, Universe};
use crate::model::{Ctx, MisereAsk, Value};
use crate::partizan::Comparison;

use super::Solver;
use super::chain::{At, Why};
use super::misere_theory::FORM_STEP_COST;

/// A component on the stack: its options' parts, Left's then Right's, and
/// how far its parts have been made forms.
struct Frame {
    id: u32,
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    cursor: usize,
}

impl Frame {
    fn parts(&self) -> impl Iterator<Item = u32> + '_ {
        self.left.iter().chain(&self.right).flatten().copied()
    }
}

impl Solver {
    /// How the sum `a` compares with the sum `b` under misère play modulo
    /// universe `u`.
    pub(crate) fn misere_compare(
        &mut self,
        cx: &Ctx,
        a: &[u32],
        b: &[u32],
        u: Universe,
    ) -> Result<Comparison> {
        self.with_forms(cx, |s, forms| {
            let mut made = HashMap::default();
            let fa = s.sum_form(cx, forms, &mut made, a, Some(u))?;
            let fb = s.sum_form(cx, forms, &mut made, b, Some(u))?;
            Ok(forms.compare(fa, fb, u)?)
        })
    }

    /// What `ask` asks of the sum `ids` under misère play modulo `u`: its
    /// reduced form's text, its conjugate's, or whether it is invertible.
    pub(crate) fn misere_ask(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
        u: Universe,
        ask: MisereAsk,
    ) -> Result<Value> {
        self.with_forms(cx, |s, forms| {
            let mut made = HashMap::default();
            let g = s.sum_form(cx, forms, &mut made, ids, Some(u))?;
            Ok(match ask {
                MisereAsk::Form => {
                    let r = forms.reduce(g, u)?;
                    form_text(forms, r)
                }
                MisereAsk::Conjugate => {
                    let c = forms.conjugate(g)?;
                    let r = forms.reduce(c, u)?;
                    form_text(forms, r)
                }
                MisereAsk::Invertible => Value::Bool(forms.invertible(g, u)?),
            })
        })
    }

    /// Whether the sum `ids` is a Left (`left`) or Right dead end: that
    /// player has no move in it nor in any position it reaches.
    pub(crate) fn misere_dead_end(&mut self, cx: &Ctx, ids: &[u32], left: bool) -> Result<bool> {
        self.with_forms(cx, |s, forms| {
            let mut made = HashMap::default();
            let g = s.sum_form(cx, forms, &mut made, ids, None)?;
            Ok(forms.dead_end(g, left))
        })
    }

    /// Runs `f` with a store of misère forms under the query's budgets.
    fn with_forms<T>(
        &mut self,
        cx: &Ctx,
        f: impl FnOnce(&mut Self, &mut PartizanForms) -> std::result::Result<T, Either>,
    ) -> Result<T> {
        let mut forms = PartizanForms::new(cx.limits.max_positions);
        forms.set_interrupt(self.partizan.store.interrupt_flag());
        let budget = cx.limits.max_steps.saturating_sub(cx.steps()) / FORM_STEP_COST;
        forms.set_budget(budget, cx.limits.max_memory, crate::mem::held);
        let r = f(self, &mut forms);
        let r = r.map_err(|e| match e {
            Either::Solve(e) => e,
            Either::Forms(e) => e.at(cx.span),
        });
        let steps = forms.steps().saturating_mul(FORM_STEP_COST);
        r.and_then(|c| cx.advance(steps).map(|_| c))
    }

    /// The form of the sum of components `ids`.
    fn sum_form(
        &mut self,
        cx: &Ctx,
        forms: &mut PartizanForms,
        made: &mut Made,
        ids: &[u32],
        u: Option<Universe>,
    ) -> std::result::Result<PFormId, Either> {
        let mut s = forms.zero();
        for &id in ids {
            let f = self.comp_form(cx, forms, made, id, u)?;
            s = forms.add(s, f)?;
        }
        Ok(s)
    }

    /// The form of one component, every component it reaches made first
    /// (post-order on an explicit stack) and checked against `u`.
    fn comp_form(
        &mut self,
        cx: &Ctx,
        forms: &mut PartizanForms,
        made: &mut Made,
        root: u32,
        u: Option<Universe>,
    ) -> std::result::Result<PFormId, Either> {
        if let Some(&f) = made.get(&root) {
            return Ok(f);
        }
        let mut stack = vec![self.misere_frame(cx, root)?];
        // The components on the stack, to find a cycle at once (a scan of
        // the stack made a long line of play quadratic).
        let mut on_stack: rustc_hash::FxHashSet<u32> = [root].into_iter().collect();
        while let Some(top) = stack.last_mut() {
            cx.tick()?;
            let next = top
                .parts()
                .enumerate()
                .skip(top.cursor)
                .find(|(_, p)| !made.contains_key(p));
            if let Some((at, child)) = next {
                top.cursor = at;
                if on_stack.contains(&child) {
                    let path: Vec<u32> = stack.iter().map(|f| f.id).chain([child]).collect();
                    return Err(SolveError::PartizanLoopy {
                        path: self.path_text(cx, &path),
                        span: cx.span,
                    }
                    .into());
                }
                let depth = stack.len();
                if depth > cx.limits.max_depth {
                    let ends = [
                        At::Comp(root),
                        At::Comp(stack[depth - 1].id),
                        At::Comp(child),
                    ];
                    return Err(self.chain_error(cx, ends, depth, Why::Depth).into());
                }
                let f = self.misere_frame(cx, child)?;
                stack.push(f);
                on_stack.insert(child);
                continue;
            }
            let top = stack
                .pop()
                .unwrap_or_else(|| unreachable!("the loop saw a frame"));
            on_stack.remove(&top.id);
            let f = self.form_of(cx, forms, made, (&top, stack.last()), u)?;
            cx.charge(64, cx.span)?;
            made.insert(top.id, f);
        }
        Ok(made[&root])
    }

    fn misere_frame(&mut self, cx: &Ctx, id: u32) -> Result<Frame> {
        let (left, right) = self.sided_parts(cx, id)?;
        Ok(Frame {
            id,
            left,
            right,
            cursor: 0,
        })
    }

    /// `{L | R}` of a component whose parts all have forms, checked
    /// against `u` (its parts were, so only its own first moves can leave);
    /// `parent` is the component whose move reached it, if any.
    fn form_of(
        &mut self,
        cx: &Ctx,
        forms: &mut PartizanForms,
        made: &Made,
        (frame, parent): (&Frame, Option<&Frame>),
        u: Option<Universe>,
    ) -> std::result::Result<PFormId, Either> {
        let mut sides = [Vec::new(), Vec::new()];
        for (k, options) in [&frame.left, &frame.right].into_iter().enumerate() {
            for parts in options {
                let mut s = forms.zero();
                for p in parts {
                    s = forms.add(s, made[p])?;
                }
                sides[k].push(s);
            }
        }
        let f = forms.game(&sides[0], &sides[1])?;
        if let Some(u) = u
            && !forms.in_universe(f, u)
        {
            return Err(self.outside(cx, forms, (frame, parent), &sides, u).into());
        }
        Ok(f)
    }

    /// The error for a component whose own moves leave `u`: among dicots
    /// the move that reached it (when the component is not the query's
    /// own), among dead-ending games its move that gives a stuck player a
    /// move back.
    fn outside(
        &self,
        cx: &Ctx,
        forms: &PartizanForms,
        (frame, parent): (&Frame, Option<&Frame>),
        sides: &[Vec<PFormId>; 2],
        u: Universe,
    ) -> SolveError {
        let name = |k: usize| if k == 0 { "Left" } else { "Right" };
        let why = match u {
            Universe::Dicot => {
                let k = usize::from(sides[0].is_empty());
                let here = format!("{} has a move there and {} none", name(k), name(1 - k));
                let into = parent.and_then(|p| {
                    [&p.left, &p.right]
                        .into_iter()
                        .enumerate()
                        .find_map(|(side, opts)| {
                            let o = opts.iter().find(|o| o.contains(&frame.id))?;
                            Some((side, p.id, self.option_text(cx, o)))
                        })
                });
                match into {
                    Some((side, from, to)) => format!(
                        "{here}; {}'s move from {} to {to} leaves the universe",
                        name(side),
                        self.comp_name(cx.defs, from)
                    ),
                    None => here,
                }
            }
            Universe::DeadEnding => {
                // A player with no move whom the other's move gives one.
                let (stuck, mover) = if sides[0].is_empty() { (0, 1) } else { (1, 0) };
                let options = if mover == 0 {
                    &frame.left
                } else {
                    &frame.right
                };
                let bad = sides[mover]
                    .iter()
                    .position(|&o| !forms.dead_end(o, stuck == 0))
                    .unwrap_or(0);
                let to = self.option_text(cx, options.get(bad).map_or(&[][..], |v| v));
                format!(
                    "{} has no move there, but {}'s move to {to} gives {} one later",
                    name(stuck),
                    name(mover),
                    name(stuck)
                )
            }
        };
        SolveError::OutsideUniverse {
            position: self.comp_name(cx.defs, frame.id),
            universe: u.name(),
            why,
            span: cx.span,
        }
    }

    fn option_text(&self, cx: &Ctx, parts: &[u32]) -> String {
        if parts.is_empty() {
            return "0".into();
        }
        let names: Vec<String> = parts.iter().map(|&p| self.comp_name(cx.defs, p)).collect();
        names.join(" + ")
    }
}

type Made = HashMap<u32, PFormId, FxBuildHasher>;

/// The longest text of a form given as an answer; a longer one is `{…}`.
const MAX_FORM_TEXT: usize = 200_000;

fn form_text(forms: &PartizanForms, g: PFormId) -> Value {
    Value::Str(
        forms
            .display(g, MAX_FORM_TEXT)
            .unwrap_or_else(|| "{…}".into())
            .into(),
    )
}

/// A failure of the solver's or of the forms' store.
enum Either {
    Solve(crate::error::Error),
    Forms(crate::misere::MisereError),
}

impl From<crate::error::Error> for Either {
    fn from(e: crate::error::Error) -> Self {
        Either::Solve(e)
    }
}

impl From<SolveError> for Either {
    fn from(e: SolveError) -> Self {
        Either::Solve(e.into())
    }
}

impl From<crate::misere::MisereError> for Either {
    fn from(e: crate::misere::MisereError) -> Self {
        Either::Forms(e)
    }
}
