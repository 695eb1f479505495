//! Board move lines without the lists between them: a binding
//! `(t, a) in rays(..)` walked reach by reach (no list of tuples built,
//! `t` not built when nothing reads it), and a target `f(x)` whose
//! function is `sum([G(canonical(p)) for p in components(x)])` (the
//! examples' `parts`) computed straight into the option's parts (no
//! frame, list, position or sum built). Both charge exactly the steps and
//! memory of the ordinary evaluation, in the same order, and give the
//! same options in the same order (tested in `tests/board_lines.rs`
//! against rules the fast paths do not take).

use std::rc::Rc;

use crate::board::Symmetry;
use crate::error::Result;
use crate::eval::{CPattern, Interp, Node, NodeKind, bind, body};
use crate::library::{canonical_of, components_of, rays_into, square};
use crate::model::{Defs, FnDef, GameId, OptionSink, Value};
use crate::source::Span;

/// A target `f(x)` (`x` any expression) whose function `f` is, word for
/// word, `sum([G(canonical(p[, sym])) for p in components(b[, how])])` of
/// its one parameter `b`, `G` a game: each option's parts are the
/// canonical images of `x`'s components.
#[derive(Debug)]
pub(super) struct PartsPlan {
    f: u32,
    /// The definition matched: valid while `f` is still it.
    def: Rc<FnDef>,
    game: GameId,
    diagonal: bool,
    sym: Symmetry,
    /// Where the comprehension ticks (the `components` call), and the
    /// comprehension itself (its memory charge and `sum`'s argument).
    iter_span: Span,
    list_span: Span,
}

/// A library call `name(args)` (no convention written).
pub(super) fn library_call<'n>(node: &'n Node, name: &str) -> Option<&'n [Node]> {
    match &node.kind {
        NodeKind::Call(e, args, None) if e.meta.name == name => Some(args),
        _ => None,
    }
}

/// The optional word argument of `components` or `canonical`: its index
/// in `words` (0 when absent); None when it is not one of them.
pub(super) fn word(args: &[Node], words: &[&str]) -> Option<usize> {
    match args {
        [_] => Some(0),
        [_, w] => match &w.kind {
            NodeKind::Const(Value::Str(s)) => words.iter().position(|x| **x == **s),
            _ => None,
        },
        _ => None,
    }
}

/// The pieces of `sum([ITEM for p in components(ARGS)])`.
pub(super) struct SumOverComponents<'n> {
    /// The item and the slot of `p`.
    pub(super) item: &'n Node,
    pub(super) p: u32,
    /// The arguments of `components`.
    pub(super) parts: &'n [Node],
    /// The `components(..)` call and the comprehension.
    iter: &'n Node,
    list: &'n Node,
}

/// `body`'s pieces, when it has the shape `sum([ITEM for p in
/// components(ARGS)])`.
pub(super) fn sum_over_components(body: &Node) -> Option<SumOverComponents<'_>> {
    let [list] = library_call(body, "sum")? else {
        return None;
    };
    let NodeKind::Comprehension {
        set: false,
        body: item,
        bindings,
        cond: None,
    } = &list.kind
    else {
        return None;
    };
    let [(CPattern::Slot(p), iter)] = &bindings[..] else {
        return None;
    };
    let parts = library_call(iter, "components")?;
    Some(SumOverComponents {
        item,
        p: *p,
        parts,
        iter,
        list,
    })
}

impl PartsPlan {
    /// The plan of a move line's target, if it has the shape.
    pub(super) fn new(defs: &Defs, target: &Node) -> Option<PartsPlan> {
        let NodeKind::CallFn(f, xs) = &target.kind else {
            return None;
        };
        let def = defs.fns.get(*f as usize)?.clone()?;
        if xs.len() != 1 || def.arity != 1 {
            return None;
        }
        let SumOverComponents {
            item,
            p,
            parts,
            iter,
            list,
        } = sum_over_components(body(&def))?;
        let diagonal = word(parts, &["orthogonal", "diagonal"])? == 1;
        let NodeKind::MakePos(game, made) = &item.kind else {
            return None;
        };
        let [image] = &made[..] else {
            return None;
        };
        let canon = library_call(image, "canonical")?;
        let sym = match word(canon, &["all", "mirror"])? {
            0 => Symmetry::All,
            _ => Symmetry::Mirror,
        };
        let local = |n: &Node, s: u32| matches!(n.kind, NodeKind::Local(x) if x == s);
        if !local(&parts[0], 0) || !local(&canon[0], p) || p == 0 {
            return None;
        }
        let (iter_span, list_span) = (iter.span, list.span);
        Some(PartsPlan {
            f: *f,
            def: def.clone(),
            game: *game,
            diagonal,
            sym,
            iter_span,
            list_span,
        })
    }

    /// Whether `f` is still the function matched.
    pub(super) fn fresh(&self, defs: &Defs) -> bool {
        matches!(defs.fns.get(self.f as usize), Some(Some(d)) if Rc::ptr_eq(d, &self.def))
    }

    /// The option `f(x)` for the line's target `target` written to `out`.
    pub(super) fn emit(
        &self,
        me: &Interp,
        target: &Node,
        frame: &mut [Value],
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let xs: &[Node] = match &target.kind {
            NodeKind::CallFn(_, xs) => xs,
            _ => &[],
        };
        let [arg] = xs else {
            // Not the call the plan was made of: the ordinary evaluation.
            let v = me.eval(target, frame)?;
            return emit_value(v, target.span, out);
        };
        // The argument, as the call evaluates it.
        let v = me.eval(arg, frame)?;
        let kind = &me.defs.game(self.game).kind;
        let plain = kind.keeps_args() && kind.arity() == 1;
        let Value::Board(x) = &v else {
            return ordinary(me, self.f, v, target.span, out);
        };
        if !plain || !self.fresh(me.defs) || !me.can_call() {
            return ordinary(me, self.f, v, target.span, out);
        }
        let mut parts = components_of(me.cx, x, self.diagonal)?;
        for p in &mut parts {
            me.tick(self.iter_span)?;
            *p = canonical_of(me.cx, p, self.sym)?;
        }
        // The comprehension's list, then `sum`'s copy of its elements.
        let bytes = parts.len() * std::mem::size_of::<Value>();
        me.cx.charge(bytes, self.list_span)?;
        me.cx.reserve(bytes, self.list_span)?;
        for p in parts {
            out.part_args(self.game, &[Value::Board(Rc::new(p))])?;
        }
        out.end_option()
    }
}

/// The call `f(v)` evaluated the ordinary way, its position written to
/// `out` as one option.
fn ordinary(me: &Interp, f: u32, v: Value, span: Span, out: &mut dyn OptionSink) -> Result<()> {
    emit_value(me.call_fn(f, vec![v], span)?, span, out)
}

/// A target's value (a position, or `0`) written to `out` as one option,
/// as `eval_target` writes it.
fn emit_value(v: Value, span: Span, out: &mut dyn OptionSink) -> Result<()> {
    match v {
        Value::Pos(comps) => {
            for c in comps.iter() {
                out.part_args(c.game, &c.args)?;
            }
        }
        Value::Int(0) => {}
        v => {
            return Err(crate::error::EvalError::NotAPosition {
                found: v.type_name().to_string(),
                span,
            }
            .into());
        }
    }
    out.end_option()
}

/// Per binding of a move line whose bindings include `(t, a) in
/// rays(..)`: whether its first name is read by what follows (the later
/// bindings, the condition, the target). None when no binding has that
/// shape.
pub(super) fn rays_plan(
    bindings: &[(CPattern, Node)],
    cond: Option<&Node>,
    target: &Node,
) -> Option<Vec<bool>> {
    if !bindings.iter().any(|(p, x)| rays_binding(p, x).is_some()) {
        return None;
    }
    let keep = (0..bindings.len())
        .map(|i| match rays_binding(&bindings[i].0, &bindings[i].1) {
            Some((t, _)) => {
                bindings[i + 1..].iter().any(|(_, x)| reads(x, t))
                    || cond.is_some_and(|c| reads(c, t))
                    || reads(target, t)
            }
            None => true,
        })
        .collect();
    Some(keep)
}

/// The slots of `(t, a) in rays(..)`.
fn rays_binding(p: &CPattern, iter: &Node) -> Option<(u32, u32)> {
    library_call(iter, "rays")?;
    match p {
        CPattern::Tuple(ps, _) => match &ps[..] {
            [CPattern::Slot(t), CPattern::Slot(a)] => Some((*t, *a)),
            _ => None,
        },
        CPattern::Slot(_) => None,
    }
}

/// Whether evaluating `node` may read frame slot `slot` (true for any
/// shape not looked into). A call's function runs in a frame of its own.
fn reads(node: &Node, slot: u32) -> bool {
    let any = |xs: &[Node]| xs.iter().any(|x| reads(x, slot));
    match &node.kind {
        NodeKind::Const(_) | NodeKind::Global(_) => false,
        NodeKind::Local(s) => *s == slot,
        NodeKind::Tuple(xs) | NodeKind::List(xs) | NodeKind::Set(xs) => any(xs),
        NodeKind::CallFn(_, xs) | NodeKind::Call(_, xs, _) | NodeKind::MakePos(_, xs) => any(xs),
        NodeKind::Unary(_, x) => reads(x, slot),
        NodeKind::Binary(_, a, b) | NodeKind::Index(a, b) => reads(a, slot) || reads(b, slot),
        NodeKind::If(c, t, f) => reads(c, slot) || reads(t, slot) || reads(f, slot),
        _ => true,
    }
}

/// A move line's bindings run as `Interp::iterate` runs them, `f` called
/// for each assignment that passes `cond`, but a binding `(t, a) in
/// rays(b, ..)` of a board `b` walked over the reaches themselves: `t`
/// bound only where `keep` says it is read.
pub(super) fn each(
    me: &Interp,
    (bindings, keep): (&[(CPattern, Node)], &[bool]),
    cond: Option<&Node>,
    frame: &mut [Value],
    f: &mut dyn FnMut(&Interp, &mut [Value]) -> Result<()>,
) -> Result<()> {
    let Some(((pat, iter), rest)) = bindings.split_first() else {
        if let Some(c) = cond
            && !me.truth(c, frame)?
        {
            return Ok(());
        }
        return f(me, frame);
    };
    let later = (rest, keep.get(1..).unwrap_or(&[]));
    let (Some((t, a)), NodeKind::Call(e, args, play)) = (rays_binding(pat, iter), &iter.kind)
    else {
        return me.iterate(&bindings[..1], None, frame, &mut |me, frame| {
            each(me, later, cond, frame, f)
        });
    };
    let span = iter.span;
    let reaches = me.with_library_args(e, args, *play, frame, span, |a| {
        if !matches!(a.values.first(), Some(Value::Board(_))) {
            // Refused by the builtin: its error, as the call gives it.
            return crate::library::call(e, a).map(Err);
        }
        let mut out = Vec::new();
        rays_into(&a, &mut out)?;
        Ok(Ok(out))
    })?;
    let reaches = match reaches {
        Ok(r) => r,
        Err(v) => {
            // Never reached (the builtin takes only boards), but bound as
            // `iterate` binds any list.
            let Value::List(xs) = v else {
                return Err(crate::error::Error::type_error(
                    format!("cannot iterate over {}", v.type_name()),
                    "`for x in xs` takes a range (`0..n`, `1..=n`), a list, a tuple or a set",
                    span,
                ));
            };
            for x in xs.iter() {
                me.tick(span)?;
                bind(pat, x.clone(), frame)?;
                each(me, later, cond, frame, f)?;
            }
            return Ok(());
        }
    };
    let keep_t = keep.first().copied().unwrap_or(true);
    for ((r, c), board) in reaches {
        me.tick(span)?;
        if keep_t {
            frame[t as usize] = square(r, c);
        }
        frame[a as usize] = Value::Board(Rc::new(board));
        each(me, later, cond, frame, f)?;
    }
    Ok(())
}
