//! `grundy._grundy`: the native half of the Python package. The sessions
//! live on a few worker threads with the interpreter's big stack (as
//! `grundy run` runs on one), at most one per core (`pool.rs`): a
//! `grundy::Session` holds `Rc`s and never leaves its worker, and however
//! many Python sessions or threads there are, no more than that many big
//! stacks are reserved. A call of `run` sends the text to its session's
//! worker and waits for the results without the GIL, looking at Python's
//! signals with the GIL every 50 ms: a KeyboardInterrupt raises the
//! session's interrupt flag, which the query's `Ctx` polls, and is raised
//! in Python once the query has stopped (a second Ctrl-C stops the
//! waiting at once).
//!
//! Each result crosses as plain strings (the `--json` line, the text line,
//! the picture's SVG); the Python half (`grundy/__init__.py`) makes the
//! dicts and the exceptions. The strings go back to the worker to be
//! freed there, so its memory count (`grundy::theory::mem`) stays its own.

mod pool;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::time::Duration;

use grundy::Answer;
use grundy::Error;
use grundy::Limits;
use grundy::Session as Inner;
use pool::Job;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// One statement's result: an answer or a diagnostic.
struct Item {
    ok: bool,
    /// The `--json` line: the answer's dict, or `{"error": {...}}`.
    json: String,
    /// What `grundy run` prints for it: the answer's line, or the
    /// diagnostic drawn in plain text.
    text: String,
    /// The answer's picture, when it has one.
    svg: Option<String>,
}

fn item(s: &Inner, r: Result<Answer, Error>) -> Item {
    match r {
        Ok(answer) => Item {
            ok: true,
            json: grundy::render::json(&answer).to_string(),
            text: grundy::render::text(&answer),
            // A picture that cannot be drawn (no Graphviz) is left out.
            svg: grundy::render::svg_of(&answer).and_then(Result::ok),
        },
        Err(e) => Item {
            ok: false,
            json: grundy::render::json_error_line(s.query_word(), &e, s.sources()).to_string(),
            text: e.render_plain(s.sources()),
            svg: None,
        },
    }
}

fn internal() -> PyErr {
    PyRuntimeError::new_err(
        "grundy: internal error (please report it with the input that caused it)",
    )
}

/// A grundy session: definitions kept from one `run` to the next.
#[pyclass(module = "grundy._grundy")]
struct Session {
    /// Its worker's queue and its number there.
    jobs: Sender<Job>,
    id: u64,
    worker: usize,
    interrupt: Arc<AtomicBool>,
}

#[pymethods]
impl Session {
    #[new]
    #[pyo3(signature = (replace, max_positions=None, max_memory=None, max_steps=None, max_depth=None))]
    fn new(
        replace: bool,
        max_positions: Option<usize>,
        max_memory: Option<usize>,
        max_steps: Option<u64>,
        max_depth: Option<usize>,
    ) -> PyResult<Self> {
        let d = Limits::default();
        let limits = Limits {
            max_positions: max_positions.unwrap_or(d.max_positions),
            max_memory: max_memory.unwrap_or(d.max_memory),
            max_steps: max_steps.unwrap_or(d.max_steps),
            max_depth: max_depth.unwrap_or(d.max_depth),
            ..d
        };
        let interrupt = Arc::new(AtomicBool::new(false));
        let (worker, jobs) = pool::assign().map_err(|e| {
            // The Python half makes this the coded `GrundyError`
            // `grundy::python::thread` (docs/PYTHON.md).
            PyRuntimeError::new_err(format!("grundy::python::thread: {e}"))
        })?;
        let id = pool::next_id();
        jobs.send(Job::Open {
            id,
            limits,
            replace,
            interrupt: interrupt.clone(),
        })
        .map_err(|_| internal())?;
        Ok(Session {
            jobs,
            id,
            worker,
            interrupt,
        })
    }

    /// Run a text: a list of (ok, json, text, svg) per statement that
    /// answers or fails.
    #[pyo3(signature = (text, name="<python>"))]
    fn run<'py>(&self, py: Python<'py>, text: String, name: &str) -> PyResult<Bound<'py, PyList>> {
        let (reply, mut results) = channel();
        self.jobs
            .send(Job::Run {
                id: self.id,
                name: name.to_string(),
                text,
                reply,
            })
            .map_err(|_| internal())?;
        let mut interrupted: Option<PyErr> = None;
        loop {
            let (r, rx) = py.detach(move || {
                let r = results.recv_timeout(Duration::from_millis(50));
                (r, results)
            });
            results = rx;
            match r {
                Ok(items) => {
                    if let Some(e) = interrupted {
                        let _ = self.jobs.send(Job::Free(items));
                        return Err(e);
                    }
                    let list = PyList::new(
                        py,
                        items
                            .iter()
                            .map(|i| (i.ok, i.json.as_str(), i.text.as_str(), i.svg.as_deref())),
                    );
                    let _ = self.jobs.send(Job::Free(items));
                    return list;
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        if interrupted.is_some() {
                            // A second Ctrl-C: stop waiting. The session's
                            // thread ends the query by itself (its reply
                            // is dropped there) before the next text.
                            return Err(e);
                        }
                        interrupted = Some(e);
                    }
                    // Raised again each time: the text may not have started
                    // yet (starting clears the flag).
                    if interrupted.is_some() {
                        self.interrupt.store(true, Ordering::Relaxed);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return Err(internal()),
            }
        }
    }

    /// Ask the query running to stop (as Ctrl-C does), from another thread.
    fn interrupt(&self) {
        self.interrupt.store(true, Ordering::Relaxed);
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.interrupt.store(true, Ordering::Relaxed);
        let _ = self.jobs.send(Job::Close(self.id));
        pool::release(self.worker);
    }
}

/// The version of the package (its native module).
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// The version of the `--json` lines' schema (docs/JSON.md): each line's
/// `"grundy_json"`.
#[pyfunction]
fn json_version() -> u64 {
    grundy::render::JSON_VERSION
}

#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Session>()?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(json_version, m)?)?;
    Ok(())
}
