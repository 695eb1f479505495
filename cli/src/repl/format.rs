//! Answers, diagnostics and the `:games` table as the REPL prints them.

use std::time::Duration;

use super::Repl;
use grundy::Answer;
use grundy::Error;
use grundy::Play;
use grundy::Session;
use grundy::render;

impl Repl {
    /// What `:games` prints.
    pub fn games(&self) -> String {
        let mut rows: Vec<[String; 4]> = Vec::new();
        for g in self.session.games() {
            let play = match g.play {
                Play::Normal => "normal",
                Play::Misere => "misere",
            };
            let arity = g.arity;
            rows.push([
                g.head,
                format!("{arity} argument{}", if arity == 1 { "" } else { "s" }),
                format!("{play} play"),
                g.kind,
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
        let fns = self.session.function_heads();
        if !fns.is_empty() {
            s.push_str(&format!("\nfunctions: {}", fns.join(", ")));
        }
        let lets: Vec<&str> = self.session.let_names().collect();
        if !lets.is_empty() {
            s.push_str(&format!("\nnames (let): {}", lets.join(", ")));
        }
        s
    }
}

/// An answer as text or JSON, with the time it took when `:time` is on.
pub(super) fn format_answer(a: &Answer, json: bool, took: Option<Duration>) -> String {
    if json {
        let mut j = render::json(a);
        if let (Some(t), Some(obj)) = (took, j.as_object_mut()) {
            obj.insert(
                "seconds".into(),
                serde_json::json!((t.as_secs_f64() * 1e6).round() / 1e6),
            );
        }
        return j.to_string();
    }
    let mut s = render::text(a);
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
        format!("{:?}", e.report(s.sources()))
    } else {
        e.render_plain(s.sources())
    }
}
