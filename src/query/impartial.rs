//! The impartial-value queries on a position: `grundy`, `outcome`,
//! `moves`, `winning`, `remoteness` — what they compute and how their
//! answers print (a partizan position's answers are `partizan.rs`'s).

use crate::error::CompileError;
use serde_json::{Value as Json, json};

use super::answer::{play_word, who_wins};
use super::*;

pub(super) fn grundy(ctx: &mut Run<'_>, x: &Node) -> Result<Answer> {
    let pos = ctx.position(x)?;
    ctx.impartial(&pos, Shape::Grundy.name())?;
    let ids = ctx.intern_all(&pos)?;
    let value = ctx.solver.value_sum(&ctx.cx, &ids)?;
    Ok(Answer::Grundy {
        position: ctx.heading(&pos, 0)?,
        value,
    })
}

pub(super) fn outcome(
    ctx: &mut Run<'_>,
    play: Option<Play>,
    x: &Node,
    search: bool,
) -> Result<Answer> {
    let pos = ctx.position(x)?;
    let chosen = ctx.play_for(play, &pos);
    let ids = ctx.intern_all(&pos)?;
    if search {
        return search::outcome(ctx, (play, chosen), &pos, &ids);
    }
    let Some(outcome) = ctx.impartial_outcome(chosen, &pos, &ids)? else {
        // A partizan position: Left's and Right's outcomes.
        let any = ctx.solver.partizan_outcome_any(&ctx.cx, &ids, chosen)?;
        let position = ctx.heading(&pos, 0)?;
        let explicit = play.is_some();
        return Ok(match any {
            AnyOutcome::Short(outcome) => Answer::PartizanOutcome {
                position,
                play: chosen,
                explicit,
                outcome,
                searched: None,
            },
            AnyOutcome::Loopy(outcome) => Answer::LoopyOutcome {
                position,
                play: chosen,
                explicit,
                outcome,
            },
        });
    };
    Ok(Answer::Outcome {
        position: ctx.heading(&pos, 0)?,
        play: chosen,
        explicit: play.is_some(),
        outcome,
    })
}

pub(super) fn moves(ctx: &mut Run<'_>, x: &Node) -> Result<Answer> {
    let pos = ctx.position(x)?;
    let ids = ctx.intern_all(&pos)?;
    if ctx.cx.defs.any_partizan(&pos) {
        let mut sides = Vec::new();
        for side in [Side::Left, Side::Right] {
            let mut out = Vec::new();
            let moves = ctx.solver.partizan_moves(&ctx.cx, &ids, side)?;
            for (m, v) in ctx.distinct_moves(&pos, moves) {
                let text = ctx.solver.store().display(v);
                out.push((ctx.show_move(&pos, &m)?, text));
            }
            sides.push(out);
        }
        let right = sides.pop().unwrap_or_default();
        let left = sides.pop().unwrap_or_default();
        return Ok(Answer::PartizanMoves {
            position: ctx.heading(&pos, 0)?,
            left,
            right,
        });
    }
    let mut moves = Vec::new();
    for m in ctx.solver.all_moves(&ctx.cx, &pos, &ids)? {
        let v = ctx.solver.value_sum(&ctx.cx, &m.ids)?;
        moves.push((ctx.show(&m.comps)?, v));
    }
    Ok(Answer::Moves {
        position: ctx.heading(&pos, 0)?,
        moves,
    })
}

pub(super) fn winning(
    ctx: &mut Run<'_>,
    span: Span,
    play: Option<Play>,
    x: &Node,
    (side, search): (Option<Side>, bool),
) -> Result<Answer> {
    let pos = ctx.position(x)?;
    let chosen = ctx.play_for(play, &pos);
    let ids = ctx.intern_all(&pos)?;
    if side.is_some() || search || ctx.cx.defs.any_partizan(&pos) {
        let Some(side) = side else {
            return Err(CompileError::Query {
                message: "a partizan position has a winning move for each player".into(),
                help: "say who moves: `winning P for left` or `winning P for right`".into(),
                span,
            }
            .into());
        };
        let (moves, searched) = if search {
            search::winning(ctx, chosen, &ids, side)?
        } else {
            let moves = ctx
                .solver
                .partizan_winning_any(&ctx.cx, &ids, side, chosen)?;
            (moves, None)
        };
        let moves = moves.into_iter().map(|m| (m, ())).collect();
        let moves = ctx
            .distinct_moves(&pos, moves)
            .iter()
            .map(|(m, _)| ctx.show_move(&pos, m))
            .collect::<Result<_>>()?;
        return Ok(Answer::PartizanWinning {
            position: ctx.heading(&pos, 0)?,
            play: chosen,
            explicit: play.is_some(),
            side,
            moves,
            searched,
        });
    }
    let moves = ctx
        .solver
        .winning(&ctx.cx, chosen, &pos, &ids)?
        .iter()
        .map(|m| ctx.show(m))
        .collect::<Result<_>>()?;
    Ok(Answer::Winning {
        position: ctx.heading(&pos, 0)?,
        play: chosen,
        explicit: play.is_some(),
        moves,
    })
}

pub(super) fn remoteness(ctx: &mut Run<'_>, play: Option<Play>, x: &Node) -> Result<Answer> {
    let pos = ctx.position(x)?;
    ctx.impartial(&pos, Shape::Remoteness.name())?;
    let chosen = ctx.play_for(play, &pos);
    let ids = ctx.intern_all(&pos)?;
    let sg = ctx.sum_graph(&ids)?;
    let analysis = match chosen {
        Play::Normal => digraph::retrograde(&sg.graph),
        Play::Misere => digraph::misere_retrograde(&sg.graph),
    };
    Ok(Answer::Remoteness {
        position: ctx.heading(&pos, 0)?,
        play: chosen,
        explicit: play.is_some(),
        outcome: analysis.outcome[0],
        remoteness: analysis.remoteness[0],
    })
}

/// The text of this family's answers.
pub(crate) fn text(a: &Answer) -> String {
    let w = a.word();
    match a {
        Answer::Grundy { position, value } => format!("{w} {position} = {value}"),
        Answer::Outcome {
            position,
            play,
            explicit,
            outcome,
        } => format!(
            "{w}{} {position} = {outcome} ({})",
            play_word(*play, *explicit),
            who_wins(*outcome)
        ),
        Answer::Moves { position, moves } => {
            if moves.is_empty() {
                return format!("{w} {position}: none (no move from here)");
            }
            let mut s = format!("{w} {position}:");
            for (to, v) in moves {
                s.push_str(&format!("\n  {to}  [grundy {v}]"));
                s.push_str(&super::draw::below(to, 4));
            }
            s
        }
        Answer::Winning {
            position,
            play,
            explicit,
            moves,
        } => {
            let head = format!("{w}{} {position}", play_word(*play, *explicit));
            if moves.is_empty() {
                return format!("{head}: none (no move leads to a P-position)");
            }
            let mut s = format!("{head}:");
            for m in moves {
                s.push_str(&format!("\n  {m}"));
                s.push_str(&super::draw::below(m, 4));
            }
            s
        }
        Answer::Remoteness {
            position,
            play,
            explicit,
            outcome,
            remoteness,
        } => {
            let head = format!("{w}{} {position}", play_word(*play, *explicit));
            match remoteness {
                Some(r) => format!(
                    "{head} = {r} ({outcome}: {} in {r} move{})",
                    match outcome {
                        Outcome::P => "the previous player wins",
                        _ => "the next player wins",
                    },
                    if *r == 1 { "" } else { "s" }
                ),
                None => format!("{head}: none ({outcome}: {})", who_wins(*outcome)),
            }
        }
        _ => unreachable!("present: not this family's answer: {a:?}"),
    }
}

/// The JSON of this family's answers.
pub(crate) fn json(a: &Answer) -> Json {
    let w = a.word();
    match a {
        Answer::Grundy { position, value } => {
            json!({"query": w, "position": position, "value": finite(value), "infinity": infinity(value)})
        }
        Answer::Outcome {
            position,
            play,
            outcome,
            ..
        } => json!({
            "query": w,
            "position": position,
            "play": play.name(),
            "outcome": outcome.to_string(),
        }),
        Answer::Moves { position, moves } => {
            let moves: Vec<Json> = moves
                .iter()
                .map(|(to, v)| json!({"to": to, "value": finite(v), "infinity": infinity(v)}))
                .collect();
            json!({"query": w, "position": position, "moves": moves})
        }
        Answer::Winning {
            position,
            play,
            moves,
            ..
        } => json!({"query": w, "position": position, "play": play.name(), "moves": moves}),
        Answer::Remoteness {
            position,
            play,
            outcome,
            remoteness,
            ..
        } => json!({
            "query": w,
            "position": position,
            "play": play.name(),
            "outcome": outcome.to_string(),
            "remoteness": remoteness,
        }),
        _ => unreachable!("present: not this family's answer: {a:?}"),
    }
}

/// A Grundy value's `value` field in JSON: the integer, null for a loopy
/// position's ∞(K) (whose K is in the `infinity` field).
pub(crate) fn finite(v: &GValue) -> Json {
    match v {
        GValue::Finite(a) => json!(a),
        GValue::Infinite(_) => Json::Null,
    }
}

/// A Grundy value's `infinity` field in JSON: K of ∞(K) as an array, null
/// for a finite value.
pub(crate) fn infinity(v: &GValue) -> Json {
    match v {
        GValue::Finite(_) => Json::Null,
        GValue::Infinite(k) => json!(k),
    }
}
