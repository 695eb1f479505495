//! The worker threads the Python sessions live on: started as sessions
//! need them, at most one per core ([`most_workers`]), each with the
//! interpreter's big stack. A new session goes to an idle worker, or a new
//! one while there is room, or else the worker with the fewest sessions;
//! the texts of sessions sharing a worker run one after the other.
//!
//! A worker that cannot be started (the system refuses the thread or its
//! stack) is not an error while another one runs: the session shares it.
//! Only when there is none is it the coded error
//! `grundy::python::thread`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

use grundy::{Limits, Mode, Redefine, Session as Inner};

use super::{Item, item};

/// What a worker is asked to do.
pub enum Job {
    /// Start a session.
    Open {
        id: u64,
        limits: Limits,
        replace: bool,
        interrupt: Arc<AtomicBool>,
    },
    Run {
        id: u64,
        name: String,
        text: String,
        reply: Sender<Vec<Item>>,
    },
    /// Results the Python side has copied: freed on the worker.
    Free(Vec<Item>),
    /// The Python session was dropped.
    Close(u64),
}

struct Worker {
    jobs: Sender<Job>,
    sessions: usize,
}

static WORKERS: Mutex<Vec<Worker>> = Mutex::new(Vec::new());
static NEXT_ID: AtomicU64 = AtomicU64::new(0);

/// A fresh session number.
pub fn next_id() -> u64 {
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

/// The most workers: one per core (at least two).
pub fn most_workers() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().max(2))
}

/// A worker for a new session: its index and queue.
pub fn assign() -> Result<(usize, Sender<Job>), String> {
    let mut workers = WORKERS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let idle = workers.iter().position(|w| w.sessions == 0);
    let mut why = String::new();
    if idle.is_none() && workers.len() < most_workers() {
        match start() {
            Ok(jobs) => workers.push(Worker { jobs, sessions: 0 }),
            Err(e) => why = e.to_string(),
        }
    }
    let chosen = idle.or_else(|| (0..workers.len()).min_by_key(|&i| workers[i].sessions));
    let Some(i) = chosen else {
        return Err(format!(
            "no thread could be started for the session ({why}); the system refuses a thread with the interpreter's {} MiB stack",
            grundy::STACK_SIZE >> 20
        ));
    };
    workers[i].sessions += 1;
    Ok((i, workers[i].jobs.clone()))
}

/// A session of worker `i` was dropped.
pub fn release(i: usize) {
    let mut workers = WORKERS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(w) = workers.get_mut(i) {
        w.sessions = w.sessions.saturating_sub(1);
    }
}

fn start() -> std::io::Result<Sender<Job>> {
    let (jobs, rx) = channel();
    std::thread::Builder::new()
        .name("grundy".into())
        .stack_size(grundy::STACK_SIZE)
        .spawn(move || serve(&rx))?;
    Ok(jobs)
}

/// A worker: each job in turn, for ever (the process's end stops it).
fn serve(jobs: &Receiver<Job>) {
    let mut sessions: HashMap<u64, Inner> = HashMap::new();
    for job in jobs {
        match job {
            Job::Open {
                id,
                limits,
                replace,
                interrupt,
            } => {
                let mut session = Inner::with_limits(limits);
                session.set_interrupt(interrupt);
                if replace {
                    session.set_redefine(Redefine::Replace);
                }
                sessions.insert(id, session);
            }
            Job::Run {
                id,
                name,
                text,
                reply,
            } => {
                let mut items = Vec::new();
                if let Some(session) = sessions.get_mut(&id) {
                    session.run_text(&name, &text, Mode::Run, &mut |s, r| items.push(item(s, r)));
                }
                // The caller may be gone (an interrupt it gave up on).
                let _ = reply.send(items);
            }
            Job::Free(items) => drop(items),
            Job::Close(id) => drop(sessions.remove(&id)),
        }
    }
}
