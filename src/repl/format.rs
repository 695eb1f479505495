//! Answers, diagnostics and the `:games` table as the REPL prints them.

use std::time::Duration;

use super::Repl;
use crate::error::Error;
use crate::eval::GameKind;
use crate::present;
use crate::query::Answer;
use crate::session::Session;
use crate::syntax::ast::Play;

impl Repl {
    /// What `:games` prints.
    pub fn games(&self) -> String {
        let defs = &self.session.defs;
        let sources = &self.session.sources;
        let mut rows: Vec<[String; 4]> = Vec::new();
        for g in &defs.games {
            if matches!(g.kind, GameKind::Star) {
                continue;
            }
            let decl = if matches!(g.kind, GameKind::Nim) {
                String::new()
            } else {
                collapse(span_text(
                    sources.text(g.span.src),
                    g.span.start,
                    g.span.end,
                ))
            };
            let arity = g.kind.arity();
            let head = match &g.kind {
                GameKind::Nim => "Nim(n)".to_string(),
                GameKind::Rules(_) => signature(&decl, &g.name, arity),
                _ => format!("{}(n)", g.name),
            };
            let kind = match &g.kind {
                GameKind::Nim => "built in".to_string(),
                GameKind::Star => String::new(),
                GameKind::Rules(r) => format!(
                    "rules, {} move line{}",
                    r.moves.len(),
                    if r.moves.len() == 1 { "" } else { "s" }
                ),
                GameKind::Octal(code) => match decl.split_once('=') {
                    Some((_, rhs)) if rhs.trim().starts_with("subtraction") => {
                        format!("{} (code {code})", clip(rhs.trim(), 40))
                    }
                    _ => format!("octal {code}"),
                },
                GameKind::Graph(gr) => format!("graph of {} vertices", gr.vertices.len()),
                GameKind::Pending(_) => "not defined yet (its definition failed)".to_string(),
            };
            let play = match g.play {
                Play::Normal => "normal",
                Play::Misere => "misere",
            };
            rows.push([
                head,
                format!("{arity} argument{}", if arity == 1 { "" } else { "s" }),
                format!("{play} play"),
                kind,
            ]);
        }
        let mut s = String::from("games:");
        let w0 = rows.iter().map(|r| r[0].chars().count()).max().unwrap_or(0);
        let w1 = rows.iter().map(|r| r[1].len()).max().unwrap_or(0);
        let w2 = rows.iter().map(|r| r[2].len()).max().unwrap_or(0);
        for [a, b, c, d] in &rows {
            let line = format!("  {a:<w0$}  {b:<w1$}  {c:<w2$}  {d}");
            s.push('\n');
            s.push_str(line.trim_end());
        }
        let fns: Vec<String> = defs
            .fns
            .iter()
            .flatten()
            .map(|f| {
                let decl = collapse(span_text(
                    sources.text(f.span.src),
                    f.span.start,
                    f.span.end,
                ));
                signature(&decl, &f.name, f.arity)
            })
            .collect();
        if !fns.is_empty() {
            s.push_str(&format!("\nfunctions: {}", fns.join(", ")));
        }
        let lets: Vec<&str> = defs.global_ids.keys().map(|k| k.as_str()).collect();
        if !lets.is_empty() {
            s.push_str(&format!("\nnames (let): {}", lets.join(", ")));
        }
        s
    }
}

/// An answer as text or JSON, with the time it took when `:time` is on.
pub(super) fn format_answer(a: &Answer, json: bool, took: Option<Duration>) -> String {
    if json {
        let mut j = present::json(a);
        if let (Some(t), Some(obj)) = (took, j.as_object_mut()) {
            obj.insert(
                "seconds".into(),
                serde_json::json!((t.as_secs_f64() * 1e6).round() / 1e6),
            );
        }
        return j.to_string();
    }
    let mut s = present::text(a);
    if let Some(t) = took {
        s.push_str(&format!("\n({})", format_duration(t)));
    }
    s
}

fn format_duration(t: Duration) -> String {
    let secs = t.as_secs_f64();
    if secs < 1e-3 {
        format!("{:.0} µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.1} ms", secs * 1e3)
    } else {
        format!("{secs:.2} s")
    }
}

/// A diagnostic: coloured on a terminal, plain otherwise.
pub(super) fn render_error(e: &Error, s: &Session, color: bool) -> String {
    if color {
        format!("{:?}", e.report(&s.sources))
    } else {
        e.render_plain(&s.sources)
    }
}

fn span_text(text: &str, start: u32, end: u32) -> &str {
    text.get(start as usize..end as usize).unwrap_or("")
}

/// Whitespace runs (newlines too) as one space, comments dropped.
fn collapse(s: &str) -> String {
    s.lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ")
}

fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(n - 1).collect::<String>())
    }
}

/// `Name(params)` from a declaration's text, or `Name/arity` when the text
/// does not show them.
fn signature(decl: &str, name: &str, arity: usize) -> String {
    let after = decl
        .find(name)
        .map(|i| &decl[i + name.len()..])
        .unwrap_or("")
        .trim_start();
    if arity == 0 {
        return name.to_string();
    }
    match (after.starts_with('('), after.find(')')) {
        (true, Some(close)) => format!("{name}{}", &after[..=close]),
        _ => format!("{name}/{arity}"),
    }
}
