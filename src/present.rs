//! Answers (and, in JSON, diagnostics) as text for people and as one-line
//! JSON objects for programs.

use serde_json::{Value as Json, json};

use crate::error::Error;
use crate::misere::Taming;
use crate::partizan::{self, Comparison};
use crate::query::{Answer, Outcome, QuotientAnswer};
use crate::syntax::ast::{Play, Side};

/// What a kernel answer cut short by its search budget says.
const TRUNCATED_KERNELS: &str = "truncated: the search stopped at its budget, there may be more (raise --max-steps, or --max-memory for more kernels listed)";

fn who_wins(o: Outcome) -> &'static str {
    match o {
        Outcome::P => "the previous player wins",
        Outcome::N => "the next player wins",
        Outcome::D => "a draw: neither player can force a win",
    }
}

fn partizan_wins(o: partizan::Outcome) -> &'static str {
    match o {
        partizan::Outcome::L => "Left wins whoever starts",
        partizan::Outcome::R => "Right wins whoever starts",
        partizan::Outcome::N => "the next player wins",
        partizan::Outcome::P => "the previous player wins",
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

fn sets(xs: &[Vec<String>]) -> String {
    let v: Vec<String> = xs.iter().map(|k| format!("{{{}}}", k.join(", "))).collect();
    v.join(" ")
}

/// A table: a heading, then rows of right-aligned cells under the column
/// numbers.
fn grid(head: &str, row_from: i64, col_from: i64, rows: Vec<Vec<String>>) -> String {
    let ncols = rows.first().map(|r| r.len()).unwrap_or(0);
    if ncols == 0 {
        return format!("{head}: (empty)");
    }
    let row_to = row_from + rows.len() as i64 - 1;
    let col_to = col_from + ncols as i64 - 1;
    let mut cells: Vec<Vec<String>> = Vec::new();
    let mut header = vec![String::new()];
    header.extend((0..ncols).map(|j| (col_from + j as i64).to_string()));
    cells.push(header);
    for (i, r) in rows.into_iter().enumerate() {
        let mut line = vec![(row_from + i as i64).to_string()];
        line.extend(r);
        cells.push(line);
    }
    let width = cells
        .iter()
        .flatten()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1);
    let mut s = format!("{head} {row_from}..={row_to}, {col_from}..={col_to}:");
    for line in cells {
        s.push('\n');
        let padded: Vec<String> = line.iter().map(|c| format!("{c:>width$}")).collect();
        s.push_str(padded.join(" ").trim_end());
    }
    s
}

pub fn text(a: &Answer) -> String {
    match a {
        Answer::Grundy { position, value } => format!("grundy {position} = {value}"),
        Answer::Outcome {
            position,
            play,
            explicit,
            outcome,
        } => format!(
            "outcome{} {position} = {outcome} ({})",
            play_word(*play, *explicit),
            who_wins(*outcome)
        ),
        Answer::Moves { position, moves } => {
            if moves.is_empty() {
                return format!("moves {position}: none (no move from here)");
            }
            let mut s = format!("moves {position}:");
            for (to, v) in moves {
                s.push_str(&format!("\n  {to}  [grundy {v}]"));
            }
            s
        }
        Answer::Winning {
            position,
            play,
            explicit,
            moves,
        } => {
            let head = format!("winning{} {position}", play_word(*play, *explicit));
            if moves.is_empty() {
                return format!("{head}: none (no move leads to a P-position)");
            }
            let mut s = format!("{head}:");
            for m in moves {
                s.push_str(&format!("\n  {m}"));
            }
            s
        }
        Answer::Sequence { game, from, values } if values.is_empty() => {
            format!("sequence {game} {from}..{from}: (empty)")
        }
        Answer::Sequence { game, from, values } => {
            let to = from + values.len() as i64 - 1;
            let vals: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            format!("sequence {game} {from}..={to}: {}", vals.join(" "))
        }
        Answer::Table {
            game,
            row_from,
            col_from,
            rows,
        } => grid(
            &format!("table {game}"),
            *row_from,
            *col_from,
            rows.iter()
                .map(|r| r.iter().map(|v| v.to_string()).collect())
                .collect(),
        ),
        Answer::OutcomeTable {
            subject,
            play,
            row_from,
            col_from,
            rows,
        } => grid(
            &format!("table {} {subject}", play.name()),
            *row_from,
            *col_from,
            rows.iter()
                .map(|r| r.iter().map(|v| v.to_string()).collect())
                .collect(),
        ),
        Answer::Outcomes {
            subject,
            play,
            from,
            outcomes,
        } => {
            let play = play.name();
            if outcomes.is_empty() {
                return format!("sequence {play} {subject} {from}..{from}: (empty)");
            }
            let to = from + outcomes.len() as i64 - 1;
            let vals: Vec<String> = outcomes.iter().map(|o| o.to_string()).collect();
            format!(
                "sequence {play} {subject} {from}..={to}: {}",
                vals.join(" ")
            )
        }
        Answer::Eval { text, .. } => text.clone(),
        Answer::Assert { text } => format!("assert {text}: ok"),
        Answer::Period(p) => {
            let text = period_text(p);
            match &p.resembles {
                Some((code, upto)) => format!(
                    "{text}\n  note: the rules of {} list the same options as `{code}` on heaps 0..={upto} (observed, not proved); declared as `game {} = {code}` it runs on the octal engine, where the Guy–Smith theorem can prove an ordinary period",
                    p.game, p.game
                ),
                None => text,
            }
        }
        Answer::Remoteness {
            position,
            play,
            explicit,
            outcome,
            remoteness,
        } => {
            let head = format!("remoteness{} {position}", play_word(*play, *explicit));
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
        Answer::Kernels {
            subject,
            of_graph,
            kernels,
            complete,
            acyclic,
            odd_cycle,
        } => {
            let head = if *of_graph {
                format!("kernels {subject}")
            } else {
                format!("kernel {subject}")
            };
            let mut notes = Vec::new();
            if *acyclic {
                notes.push("acyclic: the unique kernel is the set of P-positions".to_string());
            } else if !*odd_cycle {
                notes.push("no odd cycle: a kernel exists (Richardson)".to_string());
            }
            if !*complete {
                notes.push(TRUNCATED_KERNELS.to_string());
            }
            let notes = if notes.is_empty() {
                String::new()
            } else {
                format!(" ({})", notes.join("; "))
            };
            if kernels.is_empty() {
                return format!("{head}: none{notes}");
            }
            format!("{head}: {}{notes}", sets(kernels))
        }
        Answer::KernelSequences {
            subject,
            of_graph,
            sequences,
            complete,
            acyclic,
        } => {
            let head = if *of_graph {
                format!("kernel_sequences {subject}")
            } else {
                format!("kernel_sequences of {subject}")
            };
            let mut s = if sequences.is_empty() {
                format!("{head}: none")
            } else {
                let mut s = format!("{head}:");
                for seq in sequences {
                    s.push_str(&format!("\n  {}", sets(seq)));
                }
                s
            };
            if *acyclic {
                s.push_str("\n  (acyclic: the only sequence is the Grundy classes K0, K1, ...)");
            }
            if !*complete {
                s.push_str(&format!("\n  ({TRUNCATED_KERNELS})"));
            }
            s
        }
        Answer::Dot { dot, .. } => dot.trim_end().to_string(),
        Answer::PartizanOutcome {
            position,
            play,
            explicit,
            outcome,
        } => format!(
            "outcome{} {position} = {outcome} ({})",
            play_word(*play, *explicit),
            partizan_wins(*outcome)
        ),
        Answer::LoopyOutcome {
            position,
            play,
            explicit,
            outcome,
        } => crate::partizan::loopy::outcome_text(
            &format!("outcome{} {position}", play_word(*play, *explicit)),
            *outcome,
        ),
        Answer::PartizanWinning {
            position,
            play,
            explicit,
            side,
            moves,
        } => {
            let head = format!(
                "winning{} {position} for {}",
                play_word(*play, *explicit),
                side.name()
            );
            if moves.is_empty() {
                let who = if *side == Side::Left { "Left" } else { "Right" };
                return format!("{head}: none ({who} has no move that keeps a win)");
            }
            let mut s = format!("{head}:");
            for m in moves {
                s.push_str(&format!("\n  {m}"));
            }
            s
        }
        Answer::PartizanMoves {
            position,
            left,
            right,
        } => {
            if left.is_empty() && right.is_empty() {
                return format!("moves {position}: none (no move from here)");
            }
            let mut s = format!("moves {position}:");
            for (side, moves) in [("left", left), ("right", right)] {
                for (to, v) in moves {
                    s.push_str(&format!("\n  {side:<5} {to}  [value {v}]"));
                }
            }
            s
        }
        Answer::Value { position, value } => format!("value {position} = {}", value.text),
        Answer::Genus { position, genus } => format!("genus {position} = {genus}"),
        Answer::MisereForm { position, form } => format!(
            "misere_form {position} = {} ({}, genus {}, misère outcome {})",
            abbreviated_form(&form.form),
            taming_word(form.taming),
            form.genus,
            form.outcome
        ),
        Answer::Quotient(q) => quotient_text(q),
        Answer::Mean { position, mean } => format!("mean {position} = {mean}"),
        Answer::Temperature {
            position,
            temperature,
        } => format!("temperature {position} = {temperature}"),
        Answer::Thermograph {
            position,
            thermograph,
        } => format!("thermograph {position} = {}", thermograph.cgsuite()),
        Answer::Compare {
            left,
            right,
            comparison,
        } => format!(
            "compare {left}, {right}: {left} {} {right}",
            comparison_symbol(*comparison)
        ),
    }
}

/// Misère play is always named; normal play only when the query named it.
fn taming_word(t: Taming) -> &'static str {
    match t {
        Taming::Tame => "tame",
        Taming::Restive => "restive",
        Taming::Restless => "restless",
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
    let since = if q.unchanged_since < q.max_heap {
        format!(
            "; unchanged over heaps {}..={} (observed, not proved)",
            q.unchanged_since, q.max_heap
        )
    } else {
        String::new()
    };
    format!(
        "quotient {} to {}: order {}{since}\npresentation {}\nP-portion {{{}}}\npretending {}",
        q.game,
        q.max_heap,
        q.order,
        q.presentation,
        q.p_portion.join(", "),
        pretending.join(" ")
    )
}

fn play_word(p: Play, explicit: bool) -> &'static str {
    match p {
        Play::Normal if explicit => " normal",
        Play::Normal => "",
        Play::Misere => " misere",
    }
}

pub fn json(a: &Answer) -> Json {
    match a {
        Answer::Grundy { position, value } => {
            json!({"query": "grundy", "position": position, "value": value})
        }
        Answer::Outcome {
            position,
            play,
            outcome,
            ..
        } => json!({
            "query": "outcome",
            "position": position,
            "play": play.name(),
            "outcome": outcome.to_string(),
        }),
        Answer::Moves { position, moves } => {
            let moves: Vec<Json> = moves
                .iter()
                .map(|(to, v)| json!({"to": to, "value": v}))
                .collect();
            json!({"query": "moves", "position": position, "moves": moves})
        }
        Answer::Winning {
            position,
            play,
            moves,
            ..
        } => json!({"query": "winning", "position": position, "play": play.name(), "moves": moves}),
        Answer::Sequence { game, from, values } => {
            json!({"query": "sequence", "game": game, "from": from, "values": values})
        }
        Answer::Table {
            game,
            row_from,
            col_from,
            rows,
        } => json!({
            "query": "table",
            "game": game,
            "row_from": row_from,
            "col_from": col_from,
            "rows": rows,
        }),
        Answer::Outcomes {
            subject,
            play,
            from,
            outcomes,
        } => {
            let o: Vec<String> = outcomes.iter().map(|o| o.to_string()).collect();
            json!({"query": "sequence", "game": subject, "play": play.name(), "from": from, "outcomes": o})
        }
        Answer::OutcomeTable {
            subject,
            play,
            row_from,
            col_from,
            rows,
        } => {
            let rows: Vec<Vec<String>> = rows
                .iter()
                .map(|r| r.iter().map(|o| o.to_string()).collect())
                .collect();
            json!({
                "query": "table",
                "game": subject,
                "play": play.name(),
                "row_from": row_from,
                "col_from": col_from,
                "outcomes": rows,
            })
        }
        Answer::Eval { json, .. } => json!({"query": "eval", "value": json}),
        Answer::Assert { text } => json!({"query": "assert", "condition": text, "holds": true}),
        Answer::Period(p) if p.arithmetic.is_some() => {
            let (a, proof) = p
                .arithmetic
                .as_ref()
                .map(|(a, w)| (*a, w.is_some()))
                .unwrap_or_else(|| unreachable!());
            json!({
                "query": "period",
                "game": p.game,
                "code": p.code,
                "preperiod": a.preperiod,
                "period": a.period,
                "saltus": a.saltus,
                "proved": proof,
                "values_computed": p.values_computed,
                "resembles": resembles_json(p),
            })
        }
        Answer::Period(p) => json!({
            "query": "period",
            "game": p.game,
            "code": p.code,
            "preperiod": p.period.map(|x| x.preperiod),
            "period": p.period.map(|x| x.period),
            "proved": p.period.is_some_and(|x| x.proved),
            "values_used": p.period.filter(|_| p.unprovable.is_none()).map(|x| x.values_used),
            "values_computed": p.values_computed,
            "resembles": resembles_json(p),
        }),
        Answer::Remoteness {
            position,
            play,
            outcome,
            remoteness,
            ..
        } => json!({
            "query": "remoteness",
            "position": position,
            "play": play.name(),
            "outcome": outcome.to_string(),
            "remoteness": remoteness,
        }),
        Answer::Kernels {
            subject,
            of_graph,
            kernels,
            complete,
            ..
        } => {
            if *of_graph {
                json!({"query": "kernels", "graph": subject, "kernels": kernels, "complete": complete})
            } else {
                json!({"query": "kernel", "position": subject, "kernels": kernels, "complete": complete})
            }
        }
        Answer::KernelSequences {
            subject,
            of_graph,
            sequences,
            complete,
            ..
        } => {
            let key = if *of_graph { "graph" } else { "position" };
            json!({
                "query": "kernel_sequences",
                key: subject,
                "sequences": sequences,
                "complete": complete,
            })
        }
        Answer::Dot { subject, dot } => json!({"query": "dot", "subject": subject, "dot": dot}),
        Answer::PartizanOutcome {
            position,
            play,
            outcome,
            ..
        } => json!({
            "query": "outcome",
            "position": position,
            "play": play.name(),
            "outcome": outcome.to_string(),
            "left_first": partizan::loopy::LoopyOutcome::from(*outcome).left_first.letter(),
            "right_first": partizan::loopy::LoopyOutcome::from(*outcome).right_first.letter(),
        }),
        Answer::LoopyOutcome {
            position,
            play,
            outcome,
            ..
        } => crate::partizan::loopy::outcome_json(position, play.name(), *outcome),
        Answer::PartizanWinning {
            position,
            play,
            side,
            moves,
            ..
        } => json!({
            "query": "winning",
            "position": position,
            "play": play.name(),
            "side": side.name(),
            "moves": moves,
        }),
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
            json!({"query": "moves", "position": position, "left": side(left), "right": side(right)})
        }
        Answer::Value { position, value } => json!({
            "query": "value",
            "position": position,
            "value": value.text,
            "canonical": value,
        }),
        Answer::Genus { position, genus } => {
            json!({"query": "genus", "position": position, "genus": genus.to_json(), "text": genus.to_string()})
        }
        Answer::MisereForm { position, form } => json!({
            "query": "misere_form",
            "position": position,
            "form": form.form,
            "class": taming_word(form.taming),
            "genus": form.genus.to_json(),
            "outcome": form.outcome.to_string(),
        }),
        Answer::Quotient(q) => json!({
            "query": "quotient",
            "game": q.game,
            "max_heap": q.max_heap,
            "order": q.order,
            "presentation": q.presentation,
            "p_portion": q.p_portion,
            "pretending": q.pretending,
            "unchanged_since": q.unchanged_since,
            "proved": false,
            "quotient": q.json,
        }),
        Answer::Mean { position, mean } => {
            json!({"query": "mean", "position": position, "mean": mean})
        }
        Answer::Temperature {
            position,
            temperature,
        } => json!({"query": "temperature", "position": position, "temperature": temperature}),
        Answer::Thermograph {
            position,
            thermograph,
        } => json!({
            "query": "thermograph",
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
            "query": "compare",
            "left": left,
            "right": right,
            "comparison": comparison_symbol(*comparison),
        }),
    }
}

/// A diagnostic as JSON, without its place (see `json_error_at`).
pub fn json_error(e: &Error) -> Json {
    json!({"error": {
        "code": miette::Diagnostic::code(e).map(|c| c.to_string()),
        "message": e.to_string(),
    }})
}

/// The text of a `period` answer, without the resemblance note.
fn period_text(p: &crate::solve::PeriodAnswer) -> String {
    let code = p
        .code
        .as_ref()
        .map(|c| format!(" ({c})"))
        .unwrap_or_default();

    if let Some((a, proof)) = &p.arithmetic {
        let rule = format!(
            "preperiod {}, period {}, saltus {}: G(n + {}) = G(n) + {}",
            a.preperiod, a.period, a.saltus, a.period, a.saltus
        );
        return match proof {
            Some(why) => format!("period {}{code}: {rule} (proved: {why})", p.game),
            None => format!(
                "period {}{code}: apparent {rule} (not proved: {}; seen in the first {} values)",
                p.game,
                p.unprovable
                    .clone()
                    .unwrap_or_else(|| "no theorem applies".into()),
                p.values_computed
            ),
        };
    }
    let further = match (&p.code, &p.period) {
        (Some(c), None) => format!(" ({})", crate::solve::period_further(c)),
        (Some(c), Some(per)) if !per.proved && p.unprovable.is_none() => {
            format!(" ({})", crate::solve::period_further(c))
        }
        _ => String::new(),
    };
    match &p.period {
        Some(per) if per.proved => format!(
            "period {}{code}: preperiod {}, period {} (proved by the Guy–Smith theorem from {} values)",
            p.game, per.preperiod, per.period, per.values_used
        ),
        Some(per) => format!(
            "period {}{code}: apparent preperiod {}, period {} (not proved: {}){further}",
            p.game,
            per.preperiod,
            per.period,
            p.unprovable.clone().unwrap_or_else(|| format!(
                "a proof needs {} values, {} were computed",
                per.values_used, p.values_computed
            ))
        ),
        None => format!(
            "period {}{code}: no period in the first {} values{further}",
            p.game, p.values_computed
        ),
    }
}

/// `{"declaration": "octal 0.77", "heaps_checked": 300}` when a rule game lists a code's
/// options on the heaps checked (observed, not proved), else null.
fn resembles_json(p: &crate::solve::PeriodAnswer) -> serde_json::Value {
    match &p.resembles {
        Some((code, upto)) => json!({"declaration": code, "heaps_checked": upto}),
        None => serde_json::Value::Null,
    }
}

/// The JSON line `--json` (and the REPL's `:json`) prints for a diagnostic:
/// its code, its message and, when it points into a text, the `line` and
/// `column` (both from 1, the column in characters) where its span starts.
pub fn json_error_at(e: &Error, sources: &crate::source::Sources) -> Json {
    let mut j = json_error(e);
    if e.in_source() {
        let span = e.span();
        let (line, column) = line_column(sources.text(span.src), span.start as usize);
        if let Some(obj) = j["error"].as_object_mut() {
            obj.insert("line".into(), json!(line));
            obj.insert("column".into(), json!(column));
        }
    }
    j
}

/// The 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// A misère form's text in a text answer: whole up to
/// `solve::FORM_CHARS` characters, else cut there with the length and how
/// to get all of it (the JSON answer holds the whole form).
fn abbreviated_form(form: &str) -> std::borrow::Cow<'_, str> {
    let cut = crate::solve::FORM_CHARS;
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
