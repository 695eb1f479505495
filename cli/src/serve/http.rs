//! The server's requests (axum on a one-thread tokio runtime): the pages
//! and their assets (embedded in the binary), the token, bounded bodies,
//! and the JSON API's routes. Each computation runs on a thread of its own
//! with `grundy::STACK_SIZE` of stack and an interrupt flag that
//! `/api/cancel` raises, and so does a client that goes away before its
//! answer (hyper drops the request's future).

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::Response;
use serde_json::{Value, json};

use super::api;
use grundy::{Error, FrontEndError, Limits};

/// The largest request body read: a worksheet at the program limit
/// (2 MiB), every character escaped in JSON, and room for the fields.
pub const MAX_BODY: usize = 2 * grundy::MAX_SOURCE + 64 * 1024;

/// Computations (checks, runs, explorations) running at once; one more
/// is answered `grundy::serve::busy`.
pub const MAX_WORKERS: usize = 4;

/// The longest request id a page may choose.
const MAX_ID: usize = 100;

/// The pages and their assets, from cli/src/serve/assets/.
const ASSETS: &[(&str, &str, &str)] = &[
    ("/", "text/html", include_str!("assets/index.html")),
    (
        "/index.html",
        "text/html",
        include_str!("assets/index.html"),
    ),
    (
        "/explore.html",
        "text/html",
        include_str!("assets/explore.html"),
    ),
    (
        "/assets/app.css",
        "text/css",
        include_str!("assets/app.css"),
    ),
    (
        "/assets/common.js",
        "text/javascript",
        include_str!("assets/common.js"),
    ),
    (
        "/assets/worksheet.js",
        "text/javascript",
        include_str!("assets/worksheet.js"),
    ),
    (
        "/assets/explore.js",
        "text/javascript",
        include_str!("assets/explore.js"),
    ),
    (
        "/assets/sample.game",
        "text/plain",
        include_str!("assets/sample.game"),
    ),
];

/// What every request shares.
pub struct State {
    pub token: String,
    pub limits: Limits,
    /// The files named on the command line: the only ones the server
    /// reads or writes, by their index.
    pub files: Vec<PathBuf>,
    /// The interrupt flag of each running computation, by the id its page
    /// chose.
    running: Mutex<HashMap<String, Arc<AtomicBool>>>,
    workers: AtomicUsize,
}

impl State {
    pub fn new(token: String, limits: Limits, files: Vec<PathBuf>) -> State {
        State {
            token,
            limits,
            files,
            running: Mutex::new(HashMap::new()),
            workers: AtomicUsize::new(0),
        }
    }

    fn running(&self) -> MutexGuard<'_, HashMap<String, Arc<AtomicBool>>> {
        // Every update is one insertion or removal: a poisoned map is whole.
        self.running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Raise every running computation's flag (Ctrl-C: the server stops).
    pub fn cancel_all(&self) -> usize {
        let running = self.running();
        for flag in running.values() {
            flag.store(true, Ordering::Relaxed);
        }
        running.len()
    }

    /// A new flag for `id`; a computation still running under the same id
    /// (the page's previous check of a text that changed) is stopped.
    fn start(&self, id: &str) -> Arc<AtomicBool> {
        let flag = Arc::new(AtomicBool::new(false));
        if let Some(old) = self.running().insert(id.to_string(), flag.clone()) {
            old.store(true, Ordering::Relaxed);
        }
        flag
    }

    fn finish(&self, id: &str, flag: &Arc<AtomicBool>) {
        let mut running = self.running();
        if running.get(id).is_some_and(|f| Arc::ptr_eq(f, flag)) {
            running.remove(id);
        }
    }
}

/// An API error: `{"error": {"code", "message", "help"}}`.
pub fn api_error(code: &str, message: &str, help: &str) -> Value {
    json!({ "error": { "code": code, "message": message, "help": help } })
}

/// A response with the headers every answer carries.
fn reply(status: u16, content_type: &str, body: String) -> Response {
    Response::builder()
        .status(StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR))
        .header(
            header::CONTENT_TYPE,
            format!("{content_type}; charset=utf-8"),
        )
        .header(header::CACHE_CONTROL, "no-store")
        .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
        .header(
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'",
        )
        .body(Body::from(body))
        .unwrap_or_default()
}

fn reply_json(body: &Value) -> Response {
    reply(status_of(body), "application/json", body.to_string())
}

/// The status an API answer is sent with: 200, or the status its error
/// code calls for.
fn status_of(body: &Value) -> u16 {
    match body["error"]["code"].as_str() {
        None => 200,
        Some("grundy::serve::token") => 403,
        Some("grundy::serve::not_found") => 404,
        Some("grundy::serve::method") => 405,
        Some("grundy::serve::too_large") => 413,
        Some("grundy::serve::busy") => 503,
        Some("grundy::serve::internal") => 500,
        Some("grundy::serve::json" | "grundy::serve::file" | "grundy::serve::position") => 400,
        // The diagnostics of a worksheet are answers about it.
        Some(_) => 200,
    }
}

/// Whether two strings are equal, in a time that does not depend on where
/// they differ.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The `token=` of a URL's query.
fn query_token(uri: &Uri) -> Option<&str> {
    uri.query()?
        .split('&')
        .find_map(|pair| pair.strip_prefix("token="))
}

fn token_ok(state: &State, uri: &Uri, headers: &HeaderMap) -> bool {
    let from_header = headers.get("x-grundy-token").and_then(|v| v.to_str().ok());
    from_header
        .or_else(|| query_token(uri))
        .is_some_and(|t| same_secret(t, &state.token))
}

fn wrong_token() -> Value {
    api_error(
        "grundy::serve::token",
        "the token is missing or wrong",
        "open the address `grundy serve` printed, with its ?token=…",
    )
}

fn too_large() -> Value {
    api_error(
        "grundy::serve::too_large",
        &format!("the request is larger than {MAX_BODY} bytes"),
        "a worksheet may hold 2 MiB of text",
    )
}

/// A request body as a JSON object, read to at most [`MAX_BODY`] bytes
/// (one announced as longer is refused before it is read).
async fn read_json(headers: &HeaderMap, body: Body) -> Result<Value, Value> {
    let announced = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY as u64) {
        return Err(too_large());
    }
    let bad = |what: String| {
        api_error(
            "grundy::serve::json",
            &format!("the request is not JSON: {what}"),
            "send a JSON object, as docs/SERVE.md shows",
        )
    };
    let bytes: Bytes = axum::body::to_bytes(body, MAX_BODY).await.map_err(|e| {
        let source = std::error::Error::source(&e).map(ToString::to_string);
        if source.is_some_and(|s| s.contains("length limit")) {
            too_large()
        } else {
            bad(e.to_string())
        }
    })?;
    let v: Value = serde_json::from_slice(&bytes).map_err(|e| bad(e.to_string()))?;
    if v.is_object() {
        Ok(v)
    } else {
        Err(bad("not an object".into()))
    }
}

/// A string field of a request (`""` when absent).
fn field<'a>(body: &'a Value, name: &str) -> Result<&'a str, Value> {
    match &body[name] {
        Value::Null => Ok(""),
        Value::String(s) => Ok(s),
        _ => Err(api_error(
            "grundy::serve::json",
            &format!("the field `{name}` must be a string"),
            "send a JSON object, as docs/SERVE.md shows",
        )),
    }
}

/// The server's one handler: every path.
pub async fn handle(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let path = uri.path().to_string();
    if let Some(&(_, kind, page)) = ASSETS.iter().find(|(p, _, _)| *p == path) {
        if method != Method::GET && method != Method::HEAD {
            return reply_json(&not_allowed());
        }
        // The pages show nothing without their token, which the address
        // `grundy serve` printed carries; their scripts and style are the
        // repository's, given to anyone.
        if kind == "text/html" && !token_ok(&state, &uri, &headers) {
            return reply_json(&wrong_token());
        }
        return reply(200, kind, page.to_string());
    }
    if !path.starts_with("/api/") {
        return reply_json(&api_error(
            "grundy::serve::not_found",
            &format!("nothing is served at {}", shorten(&path)),
            "the worksheet is at / and the explorer at /explore.html",
        ));
    }
    if !token_ok(&state, &uri, &headers) {
        return reply_json(&wrong_token());
    }
    if method != Method::POST {
        return reply_json(&not_allowed());
    }
    let body = match read_json(&headers, body).await {
        Ok(body) => body,
        Err(e) => return reply_json(&e),
    };
    let answer = match path.as_str() {
        "/api/cancel" => cancel(&state, &body),
        "/api/files" => files(&state),
        "/api/load" => load(&state, &body),
        "/api/save" => save(&state, &body),
        "/api/check" | "/api/run" | "/api/explore" => compute(&state, path, body).await,
        _ => api_error(
            "grundy::serve::not_found",
            &format!("no API at {}", shorten(&path)),
            "docs/SERVE.md lists the API",
        ),
    };
    reply_json(&answer)
}

fn not_allowed() -> Value {
    api_error(
        "grundy::serve::method",
        "this method is not served here",
        "the pages are read with GET, the API is called with POST",
    )
}

/// A path as an error message shows it: at most 80 characters.
fn shorten(path: &str) -> String {
    let short: String = path.chars().take(80).collect();
    if short.len() < path.len() {
        format!("{short}…")
    } else {
        short
    }
}

/// Raises a computation's flag when the request's future is dropped
/// before the answer came: the client went away.
struct StopIfDropped {
    flag: Arc<AtomicBool>,
    done: bool,
}

impl Drop for StopIfDropped {
    fn drop(&mut self) {
        if !self.done {
            self.flag.store(true, Ordering::Relaxed);
        }
    }
}

/// Run a check, a worksheet or an exploration on a thread of its own,
/// under the request's id (a later request with the same id, or
/// `/api/cancel`, stops it; so does the client's leaving).
async fn compute(state: &Arc<State>, path: String, body: Value) -> Value {
    let id = match field(&body, "id") {
        Ok(id) if id.len() <= MAX_ID => id.to_string(),
        Ok(_) => {
            return api_error(
                "grundy::serve::json",
                "the field `id` is too long",
                "an id of at most 100 characters",
            );
        }
        Err(e) => return e,
    };
    if state.workers.fetch_add(1, Ordering::SeqCst) >= MAX_WORKERS {
        state.workers.fetch_sub(1, Ordering::SeqCst);
        return api_error(
            "grundy::serve::busy",
            &format!("{MAX_WORKERS} queries are running already"),
            "wait for one to finish, or stop one",
        );
    }
    let flag = state.start(&id);
    let mut guard = StopIfDropped {
        flag: flag.clone(),
        done: false,
    };
    let (send, receive) = tokio::sync::oneshot::channel();
    let shared = state.clone();
    let spawned = std::thread::Builder::new()
        .name("serve-query".into())
        .stack_size(grundy::STACK_SIZE)
        .spawn(move || {
            let answer = catch_unwind(AssertUnwindSafe(|| {
                work(&shared, &path, &body, flag.clone())
            }))
            .unwrap_or_else(|_| internal());
            shared.finish(&id, &flag);
            shared.workers.fetch_sub(1, Ordering::SeqCst);
            // The client may have gone: the answer is dropped then.
            let _ = send.send(answer);
        });
    if spawned.is_err() {
        state.workers.fetch_sub(1, Ordering::SeqCst);
        guard.done = true;
        return internal();
    }
    let answer = receive.await.unwrap_or_else(|_| internal());
    guard.done = true;
    answer
}

fn internal() -> Value {
    api_error(
        "grundy::serve::internal",
        "internal error (please report it with the worksheet that caused it)",
        "the server goes on; the next query starts afresh",
    )
}

fn work(state: &State, path: &str, body: &Value, flag: Arc<AtomicBool>) -> Value {
    let text = match field(body, "text") {
        Ok(t) => t,
        Err(e) => return e,
    };
    match path {
        "/api/check" => api::check(text, state.limits, flag)
            .unwrap_or_else(|| json!({ "diagnostics": null, "stale": true })),
        "/api/run" => api::run(text, state.limits, flag),
        _ => {
            let position = match field(body, "position") {
                Ok(p) => p,
                Err(e) => return e,
            };
            let req = api::ExploreRequest {
                text,
                position,
                misere: body["play"].as_str() == Some("misere"),
            };
            api::explore(&req, state.limits, flag)
        }
    }
}

/// `/api/cancel`: raise the flag of the computation with this id (all of
/// them without one), as Ctrl-C raises a session's.
fn cancel(state: &State, body: &Value) -> Value {
    match body["id"].as_str() {
        Some(id) => {
            let found = state.running().get(id).cloned();
            if let Some(flag) = &found {
                flag.store(true, Ordering::Relaxed);
            }
            json!({ "cancelled": usize::from(found.is_some()) })
        }
        None => json!({ "cancelled": state.cancel_all() }),
    }
}

/// `/api/files`: the files named on the command line.
fn files(state: &State) -> Value {
    let names: Vec<Value> = state
        .files
        .iter()
        .map(|p| json!(p.display().to_string()))
        .collect();
    json!({ "files": names })
}

/// The file a request names by its index in the command line's list.
fn file_of<'a>(state: &'a State, body: &Value) -> Result<&'a PathBuf, Value> {
    body["file"]
        .as_u64()
        .and_then(|i| state.files.get(usize::try_from(i).ok()?))
        .ok_or_else(|| {
            api_error(
                "grundy::serve::file",
                "no such file: the server reads and writes only the files named on its command line",
                "give the file's index in /api/files (`grundy serve FILE...` names them)",
            )
        })
}

/// `/api/load`: the text of a file named on the command line (empty for
/// one not written yet).
fn load(state: &State, body: &Value) -> Value {
    let path = match file_of(state, body) {
        Ok(p) => p,
        Err(e) => return e,
    };
    if !path.exists() {
        return json!({ "text": "", "file": path.display().to_string() });
    }
    match crate::console::read_file(path, "the server reads the files named on its command line") {
        Ok(text) => json!({ "text": text, "file": path.display().to_string() }),
        Err(e) => api::error_json(&e, None),
    }
}

/// `/api/save`: write a worksheet to a file named on the command line.
fn save(state: &State, body: &Value) -> Value {
    let path = match file_of(state, body) {
        Ok(p) => p,
        Err(e) => return e,
    };
    let text = match field(body, "text") {
        Ok(t) => t,
        Err(e) => return e,
    };
    if text.len() > grundy::MAX_SOURCE {
        let e: Error = FrontEndError::InputTooLarge {
            name: path.display().to_string(),
            limit: grundy::MAX_SOURCE,
        }
        .into();
        return api::error_json(&e, None);
    }
    match std::fs::write(path, text) {
        Ok(()) => json!({ "saved": text.len(), "file": path.display().to_string() }),
        Err(e) => {
            let e: Error = FrontEndError::WriteFile {
                path: path.display().to_string(),
                reason: e.to_string(),
            }
            .into();
            api::error_json(&e, None)
        }
    }
}
