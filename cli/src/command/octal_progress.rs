//! How far `grundy octal CODE` has got: a progress bar on a terminal
//! (values, values a second, the time left with `--to`), and with
//! `--progress-json SECONDS` one JSON line on standard error every so
//! many seconds and one at the end, for scripts and batch logs.

use std::io::Write;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::console::Checked;
use grundy::theory::octal::NimSequence;

/// The progress of one code's run.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    /// `--progress-json`: the interval, and when the last line went.
    json: Option<(Duration, Instant)>,
    started: Instant,
    /// Values computed before this run (resumed from a checkpoint): the
    /// rate counts this run's values only.
    before: usize,
    to: Option<usize>,
    limit: usize,
}

impl Progress {
    /// A bar when `bar` and standard error is a terminal; JSON lines every
    /// `json` when given. `limit` is `--to`, or else `--max-values`.
    pub fn new(
        seq: &NimSequence,
        bar: bool,
        json: Option<Duration>,
        to: Option<usize>,
        limit: usize,
    ) -> Self {
        let started = Instant::now();
        Progress {
            bar: if bar { progress_bar(limit) } else { None },
            json: json.map(|every| (every, started)),
            started,
            before: seq.len(),
            to,
            limit,
        }
    }

    /// Values a second in this run (None in its first fifth of a second).
    fn rate(&self, done: usize) -> Option<f64> {
        let secs = self.started.elapsed().as_secs_f64();
        (secs > 0.2).then(|| done.saturating_sub(self.before) as f64 / secs)
    }

    /// Shows `seq`'s count: on the bar, and as a JSON line when one is due.
    pub fn update(&mut self, seq: &NimSequence, err: &mut Checked<impl Write>) {
        let done = seq.len();
        let elapsed = self.started.elapsed();
        if let Some(b) = &self.bar {
            b.set_position(done as u64);
            // A time left only when the count is the end (`--to`), not
            // when a period may come first.
            let total = self.to.map(|n| n as u64);
            b.set_message(grundy::progress::message(
                "values",
                done as u64,
                total,
                self.rate(done),
                elapsed,
            ));
        }
        if let Some((every, last)) = self.json
            && last.elapsed() >= every
        {
            self.json = Some((every, Instant::now()));
            err.line(&self.json_line(seq, false));
        }
    }

    /// Clears the bar; the last JSON line (`"done": true`).
    pub fn finish(self, seq: &NimSequence, err: &mut Checked<impl Write>) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
        if self.json.is_some() {
            err.line(&self.json_line(seq, true));
        }
    }

    /// `{"grundy_json":2,"query":"octal_progress",...}` (docs/OCTAL.md).
    fn json_line(&self, seq: &NimSequence, done: bool) -> String {
        let values = seq.len();
        let rate = self.rate(values);
        let eta = rate
            .filter(|&r| r > 0.0)
            .map(|r| (self.limit.saturating_sub(values) as f64 / r).round() as u64);
        json!({
            "grundy_json": grundy::render::JSON_VERSION,
            "query": "octal_progress",
            "code": seq.code().to_string(),
            "values": values,
            "to": self.to,
            "limit": self.limit,
            "values_per_second": rate.map(|r| r.round() as u64),
            "eta_seconds": eta,
            "elapsed_seconds": self.started.elapsed().as_secs(),
            "rare_count": seq.rare_mask().map(|_| seq.rare_count()),
            "done": done,
        })
        .to_string()
    }
}

fn progress_bar(limit: usize) -> Option<indicatif::ProgressBar> {
    if !grundy::progress::stderr_is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(limit as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} {wide_bar}") {
        bar.set_style(style);
    }
    Some(bar)
}

/// `--progress-json SECONDS`: a number of seconds, fractions allowed.
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|m| m.is_finite() && *m >= 0.0 && *m <= 1e9)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("`{s}` is not a number of seconds: write e.g. 10 or 0.5"))
}
