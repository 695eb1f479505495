//! Parameters a move never changes, proved from the move lines: in
//! `game KL(n, t) { move KL(i, t) + KL(n - k - i, t) for ... }` every
//! position of `KL` a move makes is written with `t`, the parameter
//! itself, in `t`'s place, so every position reachable from `KL(n, t)`
//! has the same `t`, and the game is, for each `t`, a game of `n` alone
//! (THEORY.md §2, "Carried parameters"). The solver then tabulates `n` densely for each `t`
//! met (`solve/dense.rs`), listing options through the *projection*: the
//! same move lines with the carried arguments left out of the targets.
//!
//! The proof is syntactic and sound: a parameter's slot is never written
//! after the frame is filled (every loop name gets a slot of its own after
//! the parameters, `Scope::bind`), so `Local(j)` for `j` below the arity
//! is always the position's own `j`-th argument. A target of any shape
//! other than a sum of `Name(..)` and `0` (a call, an `if`, a position
//! held in a variable) proves nothing: no parameter is carried.

use crate::eval::{Node, NodeKind};
use crate::model::{GameId, Value};
use crate::syntax::ast::BinOp;

use super::moves::{MoveCode, RuleSet};

/// The most parameters the mask can name.
const MASK_BITS: usize = 32;

/// Bit `j` set when every move line's every part of `game` has parameter
/// `j` unchanged (0 when some target's shape proves nothing).
pub(super) fn carried_mask(moves: &[MoveCode], arity: usize, game: GameId) -> u32 {
    if arity == 0 {
        return 0;
    }
    let mut mask = if arity >= MASK_BITS {
        u32::MAX
    } else {
        (1u32 << arity) - 1
    };
    for mv in moves {
        if !target_mask(&mv.target, game, &mut mask) {
            return 0;
        }
    }
    mask
}

/// Clear from `mask` the parameters some part of `game` in `node` does
/// not carry; false when `node` is not a sum of positions and `0`.
fn target_mask(node: &Node, game: GameId, mask: &mut u32) -> bool {
    match &node.kind {
        NodeKind::MakePos(g, args) => {
            if *g == game {
                for (j, a) in args.iter().enumerate().take(MASK_BITS) {
                    if !matches!(a.kind, NodeKind::Local(s) if s as usize == j) {
                        *mask &= !(1u32 << j);
                    }
                }
            }
            true
        }
        NodeKind::Binary(BinOp::Add, a, b) => {
            target_mask(a, game, mask) && target_mask(b, game, mask)
        }
        NodeKind::Const(Value::Int(0)) => true,
        _ => false,
    }
}

/// The move lines with the arguments in `mask` left out of every part of
/// `game` (`KL(i, t)` becomes `KL(i)`); the frame keeps every parameter,
/// so conditions and other games' arguments read them as before.
pub(super) fn project(rules: &RuleSet, game: GameId, mask: u32) -> RuleSet {
    let moves = rules
        .moves
        .iter()
        .map(|mv| MoveCode {
            span: mv.span,
            target: project_target(&mv.target, game, mask),
            bindings: mv.bindings.clone(),
            cond: mv.cond.clone(),
        })
        .collect();
    RuleSet::new(rules.arity, rules.slots, moves)
}

fn project_target(node: &Node, game: GameId, mask: u32) -> Node {
    let kind = match &node.kind {
        NodeKind::MakePos(g, args) if *g == game => {
            let kept = args
                .iter()
                .enumerate()
                .filter(|(j, _)| *j >= MASK_BITS || mask & (1u32 << j) == 0)
                .map(|(_, a)| a.clone())
                .collect();
            NodeKind::MakePos(*g, kept)
        }
        NodeKind::Binary(BinOp::Add, a, b) => NodeKind::Binary(
            BinOp::Add,
            Box::new(project_target(a, game, mask)),
            Box::new(project_target(b, game, mask)),
        ),
        _ => return node.clone(),
    };
    Node {
        kind,
        span: node.span,
        fast: None,
    }
}
