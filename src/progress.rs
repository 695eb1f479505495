//! Progress of long work, on a terminal only: a line on standard error
//! saying how far a query has got (positions or values, their rate, an
//! estimate of the time left when the end is known), shown once the work
//! has taken a second and cleared when it ends.
//!
//! The front ends decide whether progress may show (`set_enabled`: standard
//! error is a terminal and the answers are not JSON); the session brackets
//! each statement with `begin` and `end`; the solver's hot loops report
//! counts (`count`) once in a while and `Ctx::tick`'s every-1,024-steps hook
//! calls `tick`, so the line keeps moving when no count does. Nothing here
//! is on a hot path: every entry point returns at once when progress is
//! off, and the line is redrawn at most ten times a second.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Whether progress may show at all (set by the front end).
static ENABLED: AtomicBool = AtomicBool::new(false);

/// Work shorter than this shows nothing.
const QUIET: Duration = Duration::from_secs(1);
/// The line is redrawn at most this often.
const REDRAW: Duration = Duration::from_millis(100);

/// The statement under way.
struct State {
    started: Instant,
    last_drawn: Option<Instant>,
    /// What is counted, how many so far, and how many there will be.
    unit: &'static str,
    count: u64,
    total: Option<u64>,
    /// The count and time the rate is measured from.
    rate_from: (u64, Instant),
    bar: Option<ProgressBar>,
}

thread_local! {
    static STATE: RefCell<Option<State>> = const { RefCell::new(None) };
}

/// Let progress show (true only when standard error is a terminal and the
/// answers are not JSON), or not.
pub fn set_enabled(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

/// Whether standard error is a terminal (and `GRUNDY_NO_PROGRESS` is not
/// set):
/// what the front ends pass to `set_enabled`, with their own conditions.
pub fn stderr_is_terminal() -> bool {
    std::env::var_os("GRUNDY_NO_PROGRESS").is_none()
        && std::io::IsTerminal::is_terminal(&std::io::stderr())
}

fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// A statement begins: its clock starts.
pub fn begin() {
    if !enabled() {
        return;
    }
    let now = Instant::now();
    STATE.with(|s| {
        *s.borrow_mut() = Some(State {
            started: now,
            last_drawn: None,
            unit: "",
            count: 0,
            total: None,
            rate_from: (0, now),
            bar: None,
        });
    });
}

/// The statement ended: its line (if any) is cleared.
pub fn end() {
    if !enabled() {
        return;
    }
    STATE.with(|s| {
        if let Some(State { bar: Some(bar), .. }) = s.borrow_mut().take() {
            bar.finish_and_clear();
        }
    });
}

/// How far the work has got: `count` `unit` (e.g. "positions", "values")
/// out of `total` when known.
#[cold]
pub fn count(unit: &'static str, count: u64, total: Option<u64>) {
    if !enabled() {
        return;
    }
    STATE.with(|s| {
        if let Some(st) = s.borrow_mut().as_mut() {
            if st.unit != unit {
                // Another kind of work: its rate starts now.
                st.unit = unit;
                st.rate_from = (count, Instant::now());
            }
            st.count = count;
            st.total = total;
            draw(st);
        }
    });
}

/// The work goes on (once in 1,024 steps): redraw if it is time.
#[cold]
pub fn tick() {
    if !enabled() {
        return;
    }
    STATE.with(|s| {
        if let Some(st) = s.borrow_mut().as_mut() {
            draw(st);
        }
    });
}

fn draw(st: &mut State) {
    let now = Instant::now();
    let elapsed = now.duration_since(st.started);
    if elapsed < QUIET
        || st
            .last_drawn
            .is_some_and(|t| now.duration_since(t) < REDRAW)
    {
        return;
    }
    st.last_drawn = Some(now);
    let bar = st.bar.get_or_insert_with(|| {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{spinner} {msg}") {
            bar.set_style(style);
        }
        bar
    });
    let since = now.duration_since(st.rate_from.1).as_secs_f64();
    let rate = (since > 0.2 && st.count > st.rate_from.0)
        .then(|| (st.count - st.rate_from.0) as f64 / since);
    bar.set_message(message(st.unit, st.count, st.total, rate, elapsed));
    bar.tick();
}

/// The progress line: `12,345 positions · 4,321/s · 3 s`, with the total
/// and the time left when the total is known.
pub fn message(
    unit: &str,
    count: u64,
    total: Option<u64>,
    rate: Option<f64>,
    elapsed: Duration,
) -> String {
    let mut parts = Vec::new();
    if unit.is_empty() {
        parts.push("working".to_string());
    } else {
        match total {
            Some(t) => parts.push(format!("{} / {} {unit}", thousands(count), thousands(t))),
            None => parts.push(format!("{} {unit}", thousands(count))),
        }
        if let Some(r) = rate {
            parts.push(format!("{}/s", rate_text(r)));
            if let Some(t) = total
                && r > 0.0
                && t > count
            {
                let left = Duration::from_secs_f64((t - count) as f64 / r);
                parts.push(format!("ETA {}", duration_text(left)));
            }
        }
    }
    parts.push(duration_text(elapsed));
    parts.join(" · ")
}

/// An integer with a comma every three digits: `1,044`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A rate as a whole number (`1,044`), or in thousands or millions when it
/// is large (`125k`, `3.2M`).
pub fn rate_text(r: f64) -> String {
    let r = r.max(0.0);
    if r < 100_000.0 {
        thousands(r.round() as u64)
    } else if r < 999_500.0 {
        format!("{}k", thousands((r / 1e3).round() as u64))
    } else {
        format!("{:.1}M", r / 1e6)
    }
}

/// A duration to the second: `7 s`, `2m 05s`, `1h 02m`.
pub fn duration_text(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m", s / 3600, (s % 3600) / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_integers() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1044), "1,044");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(rate_text(1044.4695), "1,044");
        assert_eq!(rate_text(99_999.4), "99,999");
        assert_eq!(rate_text(125_400.0), "125k");
        assert_eq!(rate_text(3_210_000.0), "3.2M");
        assert_eq!(duration_text(Duration::from_secs(7)), "7 s");
        assert_eq!(duration_text(Duration::from_secs(125)), "2m 05s");
        assert_eq!(duration_text(Duration::from_secs(3725)), "1h 02m");
    }

    #[test]
    fn the_line_has_the_rate_and_a_time_left_when_the_end_is_known() {
        let e = Duration::from_secs(3);
        assert_eq!(
            message("positions", 1_234_567, None, Some(411_522.3), e),
            "1,234,567 positions · 412k/s · 3 s"
        );
        assert_eq!(
            message("values", 1_000, Some(4_000), Some(100.0), e),
            "1,000 / 4,000 values · 100/s · ETA 30 s · 3 s"
        );
        assert_eq!(message("", 0, None, None, e), "working · 3 s");
    }
}
