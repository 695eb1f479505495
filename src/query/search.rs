//! `outcome P by search` and `winning P for left|right by search`: who
//! wins a partizan position in normal play, found by playing it out
//! (`solve/search.rs`) instead of by its canonical value, with the size of
//! the search and a winning first move for each player who has one.

use crate::error::CompileError;

use super::*;
use crate::solve::{Search, SidedMove};

/// The error of `by search` in misère play.
fn normal_only(ctx: &Run<'_>) -> Error {
    CompileError::Query {
        message: "`by search` plays normal play only".into(),
        help: "drop `by search` for misère play: `outcome misere P` searches by play already"
            .into(),
        span: ctx.cx.span,
    }
    .into()
}

pub(super) fn outcome(
    ctx: &mut Run<'_>,
    (play, chosen): (Option<Play>, Play),
    pos: &[Comp],
    ids: &[u32],
) -> Result<Answer> {
    if chosen == Play::Misere {
        return Err(normal_only(ctx));
    }
    let mut s = Search::new(&ctx.cx);
    let (outcome, [left, right]) = ctx.solver.search_outcome(&ctx.cx, &mut s, ids)?;
    let show = |m: Option<SidedMove>| m.map(|m| ctx.show_move(pos, &m)).transpose();
    let (left_move, right_move) = (show(left)?, show(right)?);
    Ok(Answer::PartizanOutcome {
        position: ctx.heading(pos, 0)?,
        play: chosen,
        explicit: play.is_some(),
        outcome,
        searched: Some(Searched {
            positions: s.nodes,
            left_move,
            right_move,
            dropped: s.evicted,
        }),
    })
}

pub(super) fn winning(
    ctx: &mut Run<'_>,
    chosen: Play,
    ids: &[u32],
    side: Side,
) -> Result<(Vec<SidedMove>, Option<Searched>)> {
    if chosen == Play::Misere {
        return Err(normal_only(ctx));
    }
    let mut s = Search::new(&ctx.cx);
    let moves = ctx
        .solver
        .search_winning(&ctx.cx, &mut s, ids, side, false)?;
    let searched = Searched {
        positions: s.nodes,
        left_move: None,
        right_move: None,
        dropped: s.evicted,
    };
    Ok((moves, Some(searched)))
}
