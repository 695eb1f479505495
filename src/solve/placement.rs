//! Placement games searched natively (issue 41; THEORY.md §6.15,
//! "Placement games by bitboards"): when a game's kind says it is a
//! placement game (`GameKind::placement`: each player's shapes, read from
//! the rules as compiled, never from the game's name), `outcome P by
//! search` of a sum of its positions runs on bitboards
//! (`placement_search.rs`) instead of the general search; any other sum
//! goes to the general search.

use std::rc::Rc;

use crate::error::Result;
use crate::model::{Comp, Ctx, GameId, Placement, Side, Value};

use super::placement_search::{Engine, FreeCells, Native, Pack};
use super::search::Search;
use super::{SidedMove, Solver};

/// The free cells of a position of a placement game: its board's rows,
/// columns and empty cells (`.`; any other square is never covered).
fn board_of(c: &Comp) -> Option<FreeCells> {
    match &c.args[..] {
        [Value::Board(b)] => Some((b.rows(), b.cols(), b.cells(Some('.')))),
        _ => None,
    }
}

/// The sum of `comps`, all positions of one placement game, as one
/// bitboard (`Pack`); None when they are not, or do not fit.
fn packed(cx: &Ctx, comps: &[Comp], g: GameId) -> Option<Pack> {
    let boards: Vec<_> = comps
        .iter()
        .map(|c| (c.game == g).then(|| board_of(c)).flatten())
        .collect::<Option<_>>()?;
    let _ = cx;
    Pack::new(&boards)
}

impl Solver {
    /// `search_winning` for a sum of positions of one placement game
    /// (module comment), on bitboards; None when the sum is not one (the
    /// general search then runs).
    pub(super) fn placement_winning(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        ids: &[u32],
        side: Side,
        first: bool,
    ) -> Result<Option<Vec<SidedMove>>> {
        let Some(&id0) = ids.first() else {
            return Ok(None);
        };
        let g = self.comp(id0).game;
        let Some(rules) = native_rules(cx, s, g) else {
            return Ok(None);
        };
        let comps: Vec<Comp> = ids.iter().map(|&i| self.comp(i).clone()).collect();
        if packed(cx, &comps, g).is_none() {
            return Ok(None);
        }
        let mut children = Vec::new();
        for (k, (m, child)) in self.sided_children(cx, ids, side)?.into_iter().enumerate() {
            let comps: Vec<Comp> = child.iter().map(|&c| self.comp(c).clone()).collect();
            let Some(p) = packed(cx, &comps, g) else {
                return Ok(None);
            };
            children.push((k, m, p));
        }
        let me = usize::from(side == Side::Right);
        let mut engine = Engine::new(cx, &mut s.native, &rules)?;
        // The children where the mover is furthest ahead first.
        let mut scored = Vec::new();
        for (k, m, p) in children {
            scored.push((-engine.balance_in(&p, me), k, m, p));
        }
        scored.sort_by_key(|(n, k, ..)| (*n, *k));
        let mut out = Vec::new();
        for (_, k, m, p) in scored {
            if !engine.wins(&p, 1 - me)? {
                out.push((k, m));
                if first {
                    break;
                }
            }
        }
        s.nodes += engine.nodes();
        out.sort_by_key(|(k, _)| *k);
        Ok(Some(out.into_iter().map(|(_, m)| m).collect()))
    }
}

/// Game `g`'s placement ruleset, recognized once per search.
fn native_rules(cx: &Ctx, s: &mut Search, g: GameId) -> Option<Rc<Placement>> {
    let n: &mut Native = &mut s.native;
    if let Some((h, r)) = &n.rules
        && *h == g
    {
        return r.clone();
    }
    let r = cx.defs.game(g).kind.placement(cx.defs, g).map(Rc::new);
    n.rules = Some((g, r.clone()));
    r
}
