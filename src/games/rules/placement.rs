//! Whether a rule game is a placement game (`GameKind::placement`): read
//! from its compiled move lines, never from its name. Every line, for
//! each player, must be `move T for c in place(b, SHAPE)` of the game's
//! one parameter `b`, `SHAPE` a constant list of cells, with no condition,
//! and `T` either `G(c)` or `f(c)` with `f` the examples' `parts`
//! (`sum([G(canonical(p[, sym])) for p in components(x[, how])])`, or the
//! same without `canonical`). The split into components and the canonical
//! image change nothing of who wins when (THEORY.md §6.15, "Placement
//! games by bitboards") (a) every shape is orthogonally connected, so
//! that no placement straddles two components, (b) the anchor `(0, 0)`
//! lies in the shape's bounding box, so that `place` tries every
//! translation that fits (it tries anchors on the rectangle only, so
//! another shape would lose placements when a component is cropped), and
//! (c) each symmetry `canonical` applies maps each player's set of shapes
//! onto itself (Domineering's "mirror" does; its quarter turns would swap
//! the players, so `canonical(p)` with all eight is refused). Any other
//! line leaves the game to the general search.

use crate::eval::{CPattern, Node, NodeKind, body};
#[cfg(test)]
use crate::model::shape_image as image;
use crate::model::{Defs, GameId, Placement, Shape, Value, keeps, normalized};

use super::RuleSet;
use super::boards::{SumOverComponents, library_call, sum_over_components, word};

/// The symmetries `canonical` may apply: none, the four that keep rows
/// rows ("mirror"), all eight.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sym {
    None,
    Mirror,
    All,
}

fn local(n: &Node, s: u32) -> bool {
    matches!(n.kind, NodeKind::Local(x) if x == s)
}

/// A constant expression's value (literals, lists, tuples, negation).
fn constant(n: &Node) -> Option<Value> {
    Some(match &n.kind {
        NodeKind::Const(v) => v.clone(),
        NodeKind::List(xs) => Value::List(xs.iter().map(constant).collect::<Option<_>>()?),
        NodeKind::Tuple(xs) => Value::Tuple(xs.iter().map(constant).collect::<Option<_>>()?),
        NodeKind::Unary(crate::syntax::ast::UnOp::Neg, x) => match constant(x)? {
            Value::Int(k) => Value::Int(k.checked_neg()?),
            _ => return None,
        },
        _ => return None,
    })
}

fn cell(v: &Value) -> Option<(i64, i64)> {
    match v {
        Value::Tuple(xs) => match &xs[..] {
            [Value::Int(r), Value::Int(c)] => Some((*r, *c)),
            _ => None,
        },
        _ => None,
    }
}

/// The shape `place` reads from a constant (one cell, or a list, tuple or
/// set of cells), normalized; None when it is not one the native search
/// takes (see the module comment: connected, anchor in its box).
fn shape_of(v: &Value) -> Option<Shape> {
    let mut cells: Vec<(i64, i64)> = match v {
        Value::Tuple(_) if cell(v).is_some() => vec![cell(v)?],
        Value::List(xs) | Value::Tuple(xs) => xs.iter().map(cell).collect::<Option<_>>()?,
        Value::Set(xs) => xs.iter().map(cell).collect::<Option<_>>()?,
        _ => return None,
    };
    cells.sort_unstable();
    cells.dedup();
    let (r0, c0) = (
        cells.iter().map(|x| x.0).min()?,
        cells.iter().map(|x| x.1).min()?,
    );
    let (r1, c1) = (
        cells.iter().map(|x| x.0).max()?,
        cells.iter().map(|x| x.1).max()?,
    );
    if !(r0 <= 0 && 0 <= r1 && c0 <= 0 && 0 <= c1) || r1 - r0 >= 16 || c1 - c0 >= 16 {
        return None;
    }
    let shape = normalized(cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect());
    connected(&shape).then_some(shape)
}

/// Whether the cells are orthogonally connected.
fn connected(cells: &[(i64, i64)]) -> bool {
    let mut seen = vec![false; cells.len()];
    let mut todo = vec![0];
    seen[0] = true;
    while let Some(i) = todo.pop() {
        let (r, c) = cells[i];
        for (j, &(r2, c2)) in cells.iter().enumerate() {
            if !seen[j] && (r - r2).abs() + (c - c2).abs() == 1 {
                seen[j] = true;
                todo.push(j);
            }
        }
    }
    seen.iter().all(|&s| s)
}

/// The target of a line, if it is `G(c)` or `f(c)` with `f` the `parts`
/// shape of game `g`: the symmetries its canonical image applies.
fn target_sym(defs: &Defs, g: GameId, target: &Node, c: u32) -> Option<Sym> {
    match &target.kind {
        NodeKind::MakePos(h, xs) if *h == g && xs.len() == 1 && local(&xs[0], c) => Some(Sym::None),
        NodeKind::CallFn(f, xs) if xs.len() == 1 && local(&xs[0], c) => {
            let def = defs.fns.get(*f as usize)?.clone()?;
            if def.arity != 1 {
                return None;
            }
            parts_sym(g, body(&def))
        }
        _ => None,
    }
}

/// `sum([G(canonical(p[, sym])) for p in components(x[, how])])` or
/// `sum([G(p) for p in components(x[, how])])` of the function's one
/// parameter `x` (slot 0).
fn parts_sym(g: GameId, body: &Node) -> Option<Sym> {
    let SumOverComponents { item, p, parts, .. } = sum_over_components(body)?;
    word(parts, &["orthogonal", "diagonal"])?;
    if !local(&parts[0], 0) || p == 0 {
        return None;
    }
    let NodeKind::MakePos(h, made) = &item.kind else {
        return None;
    };
    let [image] = &made[..] else {
        return None;
    };
    if *h != g {
        return None;
    }
    if local(image, p) {
        return Some(Sym::None);
    }
    let canon = library_call(image, "canonical")?;
    if !local(&canon[0], p) {
        return None;
    }
    Some(match word(canon, &["all", "mirror"])? {
        0 => Sym::All,
        _ => Sym::Mirror,
    })
}

pub fn read(defs: &Defs, g: GameId, sides: [&RuleSet; 2]) -> Option<Placement> {
    if sides[0].arity != 1 {
        return None;
    }
    let mut shapes: [Vec<Shape>; 2] = [Vec::new(), Vec::new()];
    let mut syms = Vec::new();
    for (i, set) in sides.into_iter().enumerate() {
        for line in &set.moves {
            if line.cond.is_some() {
                return None;
            }
            let [(CPattern::Slot(c), iter)] = &line.bindings[..] else {
                return None;
            };
            let [b, shape] = library_call(iter, "place")? else {
                return None;
            };
            if !local(b, 0) || *c == 0 {
                return None;
            }
            let shape = shape_of(&constant(shape)?)?;
            syms.push(target_sym(defs, g, &line.target, *c)?);
            if !shapes[i].contains(&shape) {
                shapes[i].push(shape);
            }
        }
    }
    let rules = Placement { shapes };
    // The symmetries the rules' canonical images apply must keep each
    // player's shapes (module comment, (c)).
    let needed: &[u8] = if syms.contains(&Sym::All) {
        &[1, 2, 3, 4, 5, 6, 7]
    } else if syms.contains(&Sym::Mirror) {
        &[1, 2, 3]
    } else {
        &[]
    };
    needed.iter().all(|&t| keeps(&rules, t)).then_some(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rulesets `text` defines, read: `name`'s shapes, or None.
    fn read(text: &str, name: &str) -> Option<Placement> {
        let mut s = crate::Session::default();
        assert!(s.run_text("t.game", text, crate::Mode::Run, &mut |_, r| {
            r.unwrap();
        }));
        let defs = s.defs_for_tests();
        defs.game(defs.lookup_game(name)?)
            .kind
            .placement(defs, defs.lookup_game(name)?)
    }

    /// The example's Domineering is read as a placement game; a condition,
    /// a third argument, a shape with a gap, a canonical image under all
    /// eight symmetries (which swap Domineering's players) are not.
    #[test]
    fn placement_rulesets_are_read_from_their_move_lines() {
        let dom = include_str!("../../../examples/domineering.game");
        let defs: String = dom
            .lines()
            .filter(|l| {
                l.starts_with("game ") || l.starts_with("fn ") || l.starts_with("    ") || *l == "}"
            })
            .collect::<Vec<_>>()
            .join("\n");
        let domineering = Placement {
            shapes: [vec![vec![(0, 0), (1, 0)]], vec![vec![(0, 0), (0, 1)]]],
        };
        assert_eq!(read(&defs, "Domineering"), Some(domineering.clone()));
        let plain = "game D(b) {\n left move D(c) for c in place(b, [(0, 0), (1, 0)])\n right move D(c) for c in place(b, [(0, 0), (0, 1)])\n}";
        assert_eq!(read(plain, "D"), Some(domineering));
        let cram = "game C(b) {\n move p(c) for c in place(b, [(0, 0), (1, 0)])\n move p(c) for c in place(b, [(0, 0), (0, 1)])\n}\nfn p(b) = sum([C(canonical(x)) for x in components(b)])";
        let both = vec![vec![(0, 0), (0, 1)], vec![(0, 0), (1, 0)]];
        let got = read(cram, "C").map(|r| {
            r.shapes.map(|mut s| {
                s.sort();
                s
            })
        });
        assert_eq!(got, Some([both.clone(), both]));
        for refused in [
            plain.replace("[(0, 0), (1, 0)])", "[(0, 0), (1, 0)]) if len(c) > 0"),
            plain.replace("[(0, 0), (1, 0)])", "[(0, 0), (1, 0)], \"#\")"),
            plain.replace("[(0, 0), (1, 0)])", "[(0, 0), (2, 0)])"),
            plain.replace("[(0, 0), (1, 0)])", "[(1, 0), (2, 0)])"),
            defs.replace("canonical(p, \"mirror\")", "canonical(p)"),
        ] {
            let name = if refused.contains("game D(") {
                "D"
            } else {
                "Domineering"
            };
            assert_eq!(read(&refused, name), None, "{refused}");
        }
    }

    #[test]
    fn shapes_are_normalized_and_checked() {
        let v = |cells: &[(i64, i64)]| {
            Value::List(
                cells
                    .iter()
                    .map(|&(r, c)| Value::Tuple(vec![Value::Int(r), Value::Int(c)].into()))
                    .collect(),
            )
        };
        assert_eq!(shape_of(&v(&[(0, 0), (1, 0)])), Some(vec![(0, 0), (1, 0)]));
        assert_eq!(shape_of(&v(&[(0, 0), (0, -1)])), Some(vec![(0, 0), (0, 1)]));
        // Not connected; anchor outside the box.
        assert_eq!(shape_of(&v(&[(0, 0), (0, 2)])), None);
        assert_eq!(shape_of(&v(&[(1, 0), (2, 0)])), None);
        let l = vec![(0, 0), (1, 0), (1, 1)];
        assert_eq!(image(&l, 1), vec![(0, 1), (1, 0), (1, 1)]);
        let domineering = Placement {
            shapes: [vec![vec![(0, 0), (1, 0)]], vec![vec![(0, 0), (0, 1)]]],
        };
        assert!(keeps(&domineering, 1) && keeps(&domineering, 2) && keeps(&domineering, 3));
        assert!(!keeps(&domineering, 4));
    }
}
