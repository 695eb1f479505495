//! The partizan queries: `value`, `mean`, `temperature`, `thermograph`,
//! `compare`, and the partizan and loopy answers of `outcome`, `moves` and
//! `winning` — what they compute and how their answers print.

use crate::error::AtSpan;
use crate::error::SolveError;
use serde_json::{Value as Json, json};

use super::answer::play_word;
use super::*;
use crate::model::loopy_value::within;
use crate::partizan::Comparison;
use crate::partizan::loopy::{LoopyOutcome, SidedValue};

pub(super) fn values(ctx: &mut Run<'_>, span: Span, q: PQuery, x: &Node) -> Result<Answer> {
    let v = values::eval_with(&ctx.cx, ctx.solver, x)?;
    // A loopy game value (`value over + under`) answers as itself.
    if let (Value::LoopyGame(l), PQuery::Value) = (&v, q) {
        return Ok(Answer::Value {
            position: l.text.to_string(),
            value: uncut(ctx.solver.loopy_json(&ctx.cx, &l.value)?, span)?,
        });
    }
    let pos = Run::as_position(v, x)?;
    let ids = ctx.intern_all(&pos)?;
    let v = match ctx.solver.partizan_sum(&ctx.cx, &ids) {
        Err(e @ Error::Solve(SolveError::PartizanLoopy { .. })) if matches!(q, PQuery::Value) => {
            let value = uncut(ctx.solver.loopy_value(&ctx.cx, &ids, e)?, span)?;
            return Ok(Answer::Value {
                position: ctx.heading(&pos, 0)?,
                value,
            });
        }
        r => r?,
    };
    let position = ctx.heading(&pos, 0)?;
    let store = ctx.solver.store();
    // Ctrl-C and the budgets stay themselves; the store's other limits
    // are the partizan limit.
    let arith = |e: crate::partizan::PartizanError| e.at(span);
    Ok(match q {
        PQuery::Value => Answer::Value {
            position,
            value: whole_json(store, v, ctx.cx.limits.max_memory, span)?,
        },
        PQuery::Thermograph => Answer::Thermograph {
            position,
            thermograph: (*store.thermograph(v).map_err(arith)?).clone(),
        },
    })
}

/// Longest canonical form the `value` query writes whole, in bytes (the
/// memory budget's eighth when that is less).
const VALUE_MAX_CHARS: usize = 64 << 20;

/// The `value` query's form: the whole text, in JSON and (abbreviated
/// past [`crate::partizan::MAX_TEXT`]) in the text answer; a form longer
/// than the budget allows is a coded error, never a cut text.
fn whole_json(
    store: &mut crate::partizan::GameStore,
    v: crate::partizan::ValueId,
    max_memory: usize,
    span: Span,
) -> Result<crate::partizan::ValueJson> {
    let cap = (max_memory / 8).min(VALUE_MAX_CHARS);
    store.to_json_within(v, cap).ok_or_else(|| {
        SolveError::PartizanLimit {
            message: format!("writing the canonical form takes more than {cap} bytes"),
            help: "ask for its `outcome`, `mean` or `temperature`, or about a smaller position; --max-memory raises the length".into(),
            span,
        }
        .into()
    })
}

/// A loopy value's form as `value` answers it: whole, or past the
/// display's cut-off a coded error, never a cut text.
fn uncut(value: crate::partizan::ValueJson, span: Span) -> Result<crate::partizan::ValueJson> {
    if !value.truncated {
        return Ok(value);
    }
    Err(SolveError::PartizanLimit {
        message: format!(
            "writing this loopy value's form takes more than {} bytes",
            crate::partizan::MAX_TEXT
        ),
        help: "ask for its `outcome`, or about a smaller position".into(),
        span,
    }
    .into())
}

/// A bare expression whose value is a game value too long for its
/// expression text: the whole form, as `value` writes it.
pub(super) fn whole_game(
    ctx: &mut Run<'_>,
    g: &crate::model::GameVal,
    span: Span,
) -> Result<Answer> {
    let store = ctx.solver.store();
    let id = crate::model::game_value::resolve(store, g, span)?;
    let value = whole_json(store, id, ctx.cx.limits.max_memory, span)?;
    Ok(Answer::Eval {
        text: shown_value(&value),
        json: json!({
            "value": value.text,
            "type": "game value",
            "canonical": value,
        }),
    })
}

/// A value's text in a text answer: whole up to
/// [`crate::partizan::MAX_TEXT`] characters, else cut there with the
/// length and how to get all of it; a text already cut says so.
fn shown_value(value: &crate::partizan::ValueJson) -> String {
    let cut = crate::partizan::MAX_TEXT;
    if value.truncated {
        return format!(
            "{} [cut: writing the form takes more than {cut} bytes]",
            value.text
        );
    }
    super::misere::abbreviated_form(&value.text, cut).into_owned()
}

pub(super) fn compare(ctx: &mut Run<'_>, a: &Node, b: &Node) -> Result<Answer> {
    let va = values::eval_with(&ctx.cx, ctx.solver, a)?;
    let vb = values::eval_with(&ctx.cx, ctx.solver, b)?;
    if matches!(va, Value::LoopyGame(_)) || matches!(vb, Value::LoopyGame(_)) {
        return compare_loopy(ctx, (va, a), (vb, b));
    }
    let (pa, pb) = (Run::as_position(va, a)?, Run::as_position(vb, b)?);
    let ia = ctx.intern_all(&pa)?;
    let ib = ctx.intern_all(&pb)?;
    let comparison = match (
        ctx.solver.partizan_sum(&ctx.cx, &ia),
        ctx.solver.partizan_sum(&ctx.cx, &ib),
    ) {
        (Ok(va), Ok(vb)) => ctx.solver.store().compare(va, vb),
        (Err(e @ Error::Solve(SolveError::PartizanLoopy { .. })), _)
        | (_, Err(e @ Error::Solve(SolveError::PartizanLoopy { .. }))) => {
            ctx.solver.loopy_compare(&ctx.cx, &ia, &ib, e)?
        }
        (Err(e), _) | (_, Err(e)) => return Err(e),
    };
    Ok(Answer::Compare {
        left: ctx.heading(&pa, 0)?,
        right: ctx.heading(&pb, 1)?,
        comparison,
    })
}

/// `compare` with a loopy game value on a side: each side as a value of
/// the loopy theory (a position by its value), compared by their sides.
fn compare_loopy(ctx: &mut Run<'_>, a: (Value, &Node), b: (Value, &Node)) -> Result<Answer> {
    let mut sides = Vec::with_capacity(2);
    let mut heads = Vec::with_capacity(2);
    for (which, (v, x)) in [a, b].into_iter().enumerate() {
        let (value, head) = match v {
            Value::LoopyGame(l) => (l.value.clone(), l.text.to_string()),
            v => {
                let pos = Run::as_position(v, x)?;
                let ids = ctx.intern_all(&pos)?;
                let value = ctx.solver.sided_value_of(&ctx.cx, &ids)?;
                (value, ctx.heading(&pos, which)?)
            }
        };
        sides.push(value);
        heads.push(head);
    }
    let cx = &ctx.cx;
    let geq = |p: &SidedValue, q: &SidedValue| {
        within(
            cx,
            "the play on the difference of the two games",
            cx.span,
            |max, stop| p.geq(q, max, stop),
        )
    };
    let comparison = match (geq(&sides[0], &sides[1])?, geq(&sides[1], &sides[0])?) {
        (true, true) => Comparison::Equal,
        (true, false) => Comparison::Greater,
        (false, true) => Comparison::Less,
        (false, false) => Comparison::Confused,
    };
    let right = heads.pop().unwrap_or_default();
    let left = heads.pop().unwrap_or_default();
    Ok(Answer::Compare {
        left,
        right,
        comparison,
    })
}

/// The text of this family's answers.
pub(crate) fn text(a: &Answer) -> String {
    let w = a.word();
    match a {
        Answer::PartizanOutcome {
            position,
            play,
            explicit,
            outcome,
            searched,
        } => {
            let by = if searched.is_some() { " by search" } else { "" };
            let mut s = format!(
                "{w}{} {position}{by} = {outcome} ({})",
                play_word(*play, *explicit),
                partizan_wins(*outcome)
            );
            if let Some(searched) = searched {
                s.push_str(&searched_text(searched));
            }
            s
        }
        Answer::LoopyOutcome {
            position,
            play,
            explicit,
            outcome,
        } => crate::partizan::loopy::outcome_text(
            &format!("{w}{} {position}", play_word(*play, *explicit)),
            *outcome,
        ),
        Answer::PartizanWinning {
            position,
            play,
            explicit,
            side,
            moves,
            searched,
        } => {
            let mut head = format!(
                "{w}{} {position} for {}",
                play_word(*play, *explicit),
                side.name()
            );
            if let Some(searched) = searched {
                head.push_str(&format!(
                    " by search ({} positions searched)",
                    crate::progress::thousands(searched.positions)
                ));
            }
            if moves.is_empty() {
                let who = if *side == Side::Left { "Left" } else { "Right" };
                return format!("{head}: none ({who} has no move that keeps a win)");
            }
            let mut s = format!("{head}:");
            for m in moves {
                s.push_str(&format!("\n  {m}"));
                s.push_str(&super::draw::below(m, 4));
            }
            s
        }
        Answer::PartizanMoves {
            position,
            left,
            right,
        } => {
            if left.is_empty() && right.is_empty() {
                return format!("{w} {position}: none (no move from here)");
            }
            let mut s = format!("{w} {position}:");
            for (side, moves) in [("left", left), ("right", right)] {
                for (to, v) in moves {
                    s.push_str(&format!("\n  {side:<5} {to}  [value {v}]"));
                    s.push_str(&super::draw::below(to, 10));
                }
            }
            s
        }
        Answer::Value { position, value } => format!("{w} {position} = {}", shown_value(value)),
        Answer::Thermograph {
            position,
            thermograph,
        } => format!("{w} {position} = {}", thermograph.cgsuite()),
        Answer::Compare {
            left,
            right,
            comparison,
        } => format!(
            "{w} {left}, {right}: {left} {} {right}",
            comparison_symbol(*comparison)
        ),
        _ => unreachable!("present: not this family's answer: {a:?}"),
    }
}

/// The JSON of this family's answers.
pub(crate) fn json(a: &Answer) -> Json {
    let w = a.word();
    match a {
        Answer::PartizanOutcome {
            position,
            play,
            outcome,
            searched,
            ..
        } => {
            let o = crate::partizan::loopy::LoopyOutcome::from(*outcome);
            let j = json!({
                "query": w,
                "position": position,
                "play": play.name(),
                "outcome": outcome.to_string(),
                "left_first": o.left_first.letter(),
                "right_first": o.right_first.letter(),
            });
            with_search(j, searched.as_ref(), true)
        }
        Answer::LoopyOutcome {
            position,
            play,
            outcome,
            ..
        } => loopy_outcome_json(w, position, play.name(), *outcome),
        Answer::PartizanWinning {
            position,
            play,
            side,
            moves,
            searched,
            ..
        } => with_search(
            json!({
                "query": w,
                "position": position,
                "play": play.name(),
                "side": side.name(),
                "moves": moves,
            }),
            searched.as_ref(),
            false,
        ),
        Answer::PartizanMoves {
            position,
            left,
            right,
        } => {
            let side = |moves: &[(String, String)]| -> Vec<Json> {
                moves
                    .iter()
                    .map(|(to, v)| json!({"to": to, "value": v}))
                    .collect()
            };
            json!({"query": w, "position": position, "left": side(left), "right": side(right)})
        }
        Answer::Value { position, value } => json!({
            "query": w,
            "position": position,
            "value": value.text,
            "canonical": value,
        }),
        Answer::Thermograph {
            position,
            thermograph,
        } => json!({
            "query": w,
            "position": position,
            "thermograph": thermograph.cgsuite(),
            "mean": thermograph.mean,
            "temperature": thermograph.temperature,
        }),
        Answer::Compare {
            left,
            right,
            comparison,
        } => json!({
            "query": w,
            "left": left,
            "right": right,
            "comparison": comparison_symbol(*comparison),
        }),
        _ => unreachable!("present: not this family's answer: {a:?}"),
    }
}

/// An answer's JSON with what a search found, if it was found by one: the
/// positions searched, and (for `outcome`) each player's winning first
/// move or null.
fn with_search(mut j: Json, searched: Option<&Searched>, first_moves: bool) -> Json {
    if let Some(s) = searched {
        j["searched"] = json!(s.positions);
        if first_moves {
            j["left_move"] = json!(s.left_move);
            j["right_move"] = json!(s.right_move);
        }
    }
    j
}

/// The size of a search and each player's winning first move, below an
/// outcome found by search.
fn searched_text(s: &Searched) -> String {
    let mut t = format!(
        "\n  {} positions searched",
        crate::progress::thousands(s.positions)
    );
    for (who, m) in [("Left", &s.left_move), ("Right", &s.right_move)] {
        if let Some(m) = m {
            t.push_str(&format!("\n  {who} moving first wins with {m}"));
            t.push_str(&super::draw::below(m, 4));
        }
    }
    t
}

fn partizan_wins(o: crate::partizan::Outcome) -> &'static str {
    match o {
        crate::partizan::Outcome::L => "Left wins whoever starts",
        crate::partizan::Outcome::R => "Right wins whoever starts",
        crate::partizan::Outcome::N => "the next player wins",
        crate::partizan::Outcome::P => "the previous player wins",
    }
}

fn comparison_symbol(c: Comparison) -> &'static str {
    match c {
        Comparison::Less => "<",
        Comparison::Equal => "=",
        Comparison::Greater => ">",
        Comparison::Confused => "||",
    }
}

/// The JSON of an outcome answer: the class and each start's winner.
fn loopy_outcome_json(w: &str, position: &str, play: &str, o: LoopyOutcome) -> Json {
    json!({
        "query": w,
        "position": position,
        "play": play,
        "outcome": o.to_string(),
        "left_first": o.left_first.letter(),
        "right_first": o.right_first.letter(),
        "loopy": true,
    })
}
