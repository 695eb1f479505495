//! The analysis thread: diagnostics are computed here, off the thread that
//! reads messages, so hover and completion are answered at once whatever
//! is being analysed.
//!
//! Each change of a document schedules its analysis; a burst of changes
//! is debounced (the analysis starts [`DEBOUNCE`] after the last change),
//! and a change to the document being analysed raises that analysis's
//! interrupt flag, which the session hears (as it hears Ctrl-C): the stale
//! analysis stops and its result is never published. Diagnostics are
//! published only for the latest text of a document still open, under
//! the lock that closing takes, so a closed document's cleared
//! diagnostics are never overwritten by a late analysis.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use lsp_server::{Message, Notification};
use lsp_types::notification::{Notification as _, PublishDiagnostics};
use lsp_types::{Diagnostic, PublishDiagnosticsParams, Uri};
use serde_json::Value;

use super::analysis;
use super::transport::outgoing;

/// How long after the last change an analysis starts.
pub const DEBOUNCE: Duration = Duration::from_millis(120);

/// A document's text waiting for its analysis.
struct Pending {
    generation: u64,
    uri: Uri,
    text: Arc<str>,
}

#[derive(Default)]
struct State {
    /// The latest generation of each open document.
    latest: HashMap<String, u64>,
    pending: HashMap<String, Pending>,
    /// The document being analysed and its interrupt flag.
    running: Option<(String, Arc<AtomicBool>)>,
    last_change: Option<Instant>,
    next_generation: u64,
    stop: bool,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
    out: Sender<Option<Value>>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A poisoned lock holds consistent data here (every update is a
        // few assignments); the server goes on.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The handle the message thread keeps.
pub struct Analyst {
    shared: Arc<Shared>,
}

impl Analyst {
    /// Start the analysis thread; what it publishes goes to `out`.
    pub fn start(out: Sender<Option<Value>>) -> std::io::Result<Analyst> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            wake: Condvar::new(),
            out,
        });
        let worker = shared.clone();
        std::thread::Builder::new()
            .name("analysis".into())
            .stack_size(grundy::STACK_SIZE)
            .spawn(move || {
                lower_priority();
                work(&worker);
            })?;
        Ok(Analyst { shared })
    }

    /// A document was opened or changed: analyse its new text (after the
    /// debounce), stopping an analysis of an older text.
    pub fn changed(&self, uri: Uri, text: Arc<str>) {
        let mut s = self.shared.lock();
        s.next_generation += 1;
        let generation = s.next_generation;
        let key = uri.as_str().to_string();
        s.latest.insert(key.clone(), generation);
        cancel_if(&s, &key);
        s.pending.insert(
            key,
            Pending {
                generation,
                uri,
                text,
            },
        );
        s.last_change = Some(Instant::now());
        self.shared.wake.notify_all();
    }

    /// A document was closed: forget it, and clear its diagnostics.
    pub fn closed(&self, uri: Uri) {
        let mut s = self.shared.lock();
        let key = uri.as_str();
        s.latest.remove(key);
        s.pending.remove(key);
        cancel_if(&s, key);
        let _ = self.shared.out.send(Some(publish(uri, Vec::new())));
    }

    /// Stop analysing (shutdown): the thread ends after what it is doing.
    pub fn stop(&self) {
        let mut s = self.shared.lock();
        s.stop = true;
        s.pending.clear();
        if let Some((_, flag)) = &s.running {
            flag.store(true, Ordering::Relaxed);
        }
        self.shared.wake.notify_all();
    }
}

impl Drop for Analyst {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The nice value of the analysis thread (and of the parsing threads it
/// starts, which inherit it): the reading and answering threads come
/// first when the machine is busy.
#[cfg(target_os = "linux")]
const ANALYSIS_NICE: libc::c_int = 10;

/// Lower the calling thread's priority (on Linux, where the nice value is
/// a thread's own); elsewhere nothing.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: `setpriority` reads no memory of ours; on Linux `who = 0`
    // with `PRIO_PROCESS` names the calling thread alone. A failure (not
    // allowed) leaves the priority as it was, which is harmless.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, ANALYSIS_NICE);
    }
}

fn cancel_if(s: &State, key: &str) {
    if let Some((running, flag)) = &s.running
        && running == key
    {
        flag.store(true, Ordering::Relaxed);
    }
}

/// The next text to analyse, once the changes have paused for the
/// debounce; None when the server stops.
fn next(shared: &Shared) -> Option<(Pending, Arc<AtomicBool>)> {
    let mut s = shared.lock();
    loop {
        if s.stop {
            return None;
        }
        if s.pending.is_empty() {
            s = shared
                .wake
                .wait(s)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            continue;
        }
        let quiet = s.last_change.map_or(DEBOUNCE, |t| t.elapsed());
        if quiet < DEBOUNCE {
            s = shared
                .wake
                .wait_timeout(s, DEBOUNCE - quiet)
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
            continue;
        }
        let key = s.pending.keys().min().cloned()?;
        let job = s.pending.remove(&key)?;
        let flag = Arc::new(AtomicBool::new(false));
        s.running = Some((key, flag.clone()));
        return Some((job, flag));
    }
}

fn work(shared: &Shared) {
    while let Some((job, flag)) = next(shared) {
        let found = catch_unwind(AssertUnwindSafe(|| {
            analysis::diagnostics_heard(&job.text, flag.clone())
        }));
        let mut s = shared.lock();
        s.running = None;
        let key = job.uri.as_str();
        let current = s.latest.get(key) == Some(&job.generation);
        let diagnostics = match found {
            Ok(Some(d)) => d,
            // Stopped by a newer change: that change is pending.
            Ok(None) => continue,
            // A fault inside the analysis: nothing to show for this text.
            Err(_) => Vec::new(),
        };
        if current && !flag.load(Ordering::Relaxed) {
            let _ = shared.out.send(Some(publish(job.uri, diagnostics)));
        }
    }
}

/// The notification publishing a document's diagnostics.
pub fn publish(uri: Uri, diagnostics: Vec<Diagnostic>) -> Value {
    outgoing(Message::Notification(Notification::new(
        PublishDiagnostics::METHOD.to_string(),
        PublishDiagnosticsParams {
            uri,
            diagnostics,
            version: None,
        },
    )))
}
