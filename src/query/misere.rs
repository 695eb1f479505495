//! The misère-theory queries: `genus`, `misere_form` and `quotient` —
//! what they compute and how their answers print.

use serde_json::{Value as Json, json};

use super::*;

pub(super) fn genus_or_form(ctx: &mut Run<'_>, x: &Node, genus: bool) -> Result<Answer> {
    let pos = ctx.position(x)?;
    let query = match genus {
        true => Shape::Genus.name(),
        _ => Shape::MisereForm.name(),
    };
    ctx.impartial(&pos, query)?;
    let ids = ctx.intern_all(&pos)?;
    let position = ctx.heading(&pos, 0)?;
    Ok(match genus {
        true => Answer::Genus {
            genus: ctx.solver.genus(&ctx.cx, &ids)?,
            position,
        },
        _ => Answer::MisereForm {
            form: ctx.solver.misere_form(&ctx.cx, &ids)?,
            position,
        },
    })
}

pub(super) fn quotient(ctx: &mut Run<'_>, g: GameId, n: &Node) -> Result<Answer> {
    ctx.impartial_game(g, Shape::Quotient.name())?;
    let n = match values::eval_with(&ctx.cx, ctx.solver, n)? {
        Value::Int(k) if k >= 0 => k as u64,
        v => {
            return Err(Error::type_error(
                format!("expected a heap size >= 0, found {}", v.type_name()),
                "write the largest heap the quotient covers, e.g. `quotient Kayles to 40`",
                n.span,
            ));
        }
    };
    let h = ctx.solver.quotient_history(&ctx.cx, g, n)?;
    let q = &h.quotient;
    let kind = ctx.cx.defs.game(g).kind.clone();
    let proved = kind.heap_code().and_then(|code| q.proved_period(code));
    Ok(Answer::Quotient(Box::new(QuotientAnswer {
        game: ctx.cx.defs.game(g).name.clone(),
        max_heap: n,
        order: q.order(),
        presentation: q.presentation(),
        p_portion: q
            .p_portion()
            .into_iter()
            .map(|e| q.element_name(e))
            .collect(),
        pretending: (0..=n)
            .map(|h| {
                q.pretending(h)
                    .map(|e| q.element_name(e))
                    .unwrap_or_default()
            })
            .collect(),
        unchanged_since: h.unchanged_since,
        proved,
        json: q.to_json(),
    })))
}

/// The text of this family's answers.
pub(crate) fn text(a: &Answer) -> String {
    let w = a.word();
    match a {
        Answer::Genus { position, genus } => format!("{w} {position} = {genus}"),
        Answer::MisereForm { position, form } => format!(
            "{w} {position} = {} ({}, genus {}, misère outcome {})",
            abbreviated_form(&form.form, crate::solve::FORM_CHARS),
            form.phylum.word(),
            form.genus,
            form.outcome
        ),
        Answer::Quotient(q) => quotient_text(q),
        _ => unreachable!("present: not this family's answer: {a:?}"),
    }
}

/// The JSON of this family's answers.
pub(crate) fn json(a: &Answer) -> Json {
    let w = a.word();
    match a {
        Answer::Genus { position, genus } => {
            json!({"query": w, "position": position, "genus": genus.to_json(), "text": genus.to_string()})
        }
        Answer::MisereForm { position, form } => json!({
            "query": w,
            "position": position,
            "form": form.form,
            "class": form.phylum.word(),
            "genus": form.genus.to_json(),
            "outcome": form.outcome.to_string(),
        }),
        Answer::Quotient(q) => json!({
            "query": w,
            "game": q.game,
            "max_heap": q.max_heap,
            "order": q.order,
            "presentation": q.presentation,
            "p_portion": q.p_portion,
            "pretending": q.pretending,
            "unchanged_since": q.unchanged_since,
            "proved": q.proved.map(|p| json!({
                "range": p.proved_at,
                "preperiod": p.preperiod,
                "period": p.period,
            })),
            "quotient": q.json,
        }),
        _ => unreachable!("present: not this family's answer: {a:?}"),
    }
}

/// `quotient G to n`: order, presentation, P-portion and each heap's
/// element; the stability is an observation, said so.
fn quotient_text(q: &QuotientAnswer) -> String {
    let pretending: Vec<String> = q
        .pretending
        .iter()
        .enumerate()
        .map(|(h, e)| format!("{h}:{e}"))
        .collect();
    let since = if let Some(per) = &q.proved {
        format!(
            "; the quotient of all heaps, proved by heaps 0..={} (heap n is equivalent to heap n − {} for n ≥ {})",
            per.proved_at,
            per.period,
            per.preperiod + per.period
        )
    } else if q.unchanged_since < q.max_heap {
        format!(
            "; unchanged over heaps {}..={} (observed, not proved)",
            q.unchanged_since, q.max_heap
        )
    } else {
        String::new()
    };
    format!(
        "{} {} to {}: order {}{since}\npresentation {}\nP-portion {{{}}}\npretending {}",
        Shape::Quotient.name(),
        q.game,
        q.max_heap,
        q.order,
        q.presentation,
        q.p_portion.join(", "),
        pretending.join(" ")
    )
}

/// A form's text in a text answer: whole up to `cut` characters, else cut
/// there with the length and how to get all of it (the JSON answer holds
/// the whole form). Misère forms are cut at `solve::FORM_CHARS`.
pub(super) fn abbreviated_form(form: &str, cut: usize) -> std::borrow::Cow<'_, str> {
    match form.char_indices().nth(cut) {
        None => form.into(),
        Some((end, _)) => format!(
            "{}… [{} characters in all; `--json` prints the whole form]",
            &form[..end],
            form.chars().count()
        )
        .into(),
    }
}
