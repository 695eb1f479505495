//! `grundy lsp`: a language server on standard input and output for
//! editors. It keeps the text of each open `.game` document (full
//! synchronisation), publishes what `grundy check` finds after each change
//! (diagnostics with their `grundy::` codes and ranges), completes
//! keywords, query words, builtins and the file's own names, shows a
//! name's doc from the library on hover, and goes to a name's definition.
//!
//! Three threads: one reads and frames the input (`transport.rs`: bounded
//! headers, a cap on a message's length checked before allocating,
//! JSON-RPC errors for what cannot be read), one writes the output in
//! order, and this one answers; diagnostics are computed on a fourth
//! (`worker.rs`: debounced, and stopped by a newer change), so a request
//! is answered at once whatever is being analysed. The answers are pure
//! functions of a text (`analysis.rs`); this file is the protocol and its
//! lifecycle (initialize once, shutdown, exit).

pub mod analysis;
pub mod transport;
mod worker;

/// The server's name in its messages.
const SERVER: &str = "grundy lsp";

/// The default cap on one message's length (`grundy lsp --max-message`):
/// room for the largest program (2 MiB) with every character escaped.
pub const MAX_MESSAGE: usize = 32 << 20;

/// LSP's error for a request before `initialize`.
const SERVER_NOT_INITIALIZED: i32 = -32002;

use std::collections::HashMap;
use std::io::{BufReader, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Exit, Notification as _,
};
use lsp_types::request::{
    Completion, GotoDefinition, HoverRequest, Initialize, Request as _, Shutdown,
};
use lsp_types::{
    CompletionOptions, CompletionParams, CompletionResponse, DidChangeTextDocumentParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, GotoDefinitionParams,
    GotoDefinitionResponse, Hover, HoverContents, HoverParams, HoverProviderCapability, Location,
    MarkupContent, MarkupKind, OneOf, ServerCapabilities, TextDocumentSyncCapability,
    TextDocumentSyncKind, Uri,
};
use serde_json::{Value, json};

use transport::{Frame, INVALID_REQUEST, PARSE_ERROR, outgoing};
use worker::Analyst;

/// Serve on standard input and output until the client says `exit` or
/// the input ends; the process's exit status: 0 after `shutdown`, else 1
/// (as LSP asks). `max_message` caps one message's length in bytes.
pub fn serve(max_message: usize) -> i32 {
    let (out, outbox) = channel::<Option<Value>>();
    let writer = std::thread::Builder::new()
        .name("lsp-write".into())
        .spawn(move || write_all(&outbox));
    let Ok(writer) = writer else {
        crate::console::Checked::stderr().line(&format!("{SERVER}: no thread to write with"));
        return 1;
    };
    let (inbox_tx, inbox) = channel();
    let reader_out = out.clone();
    let reader = std::thread::Builder::new()
        .name("lsp-read".into())
        .spawn(move || read_all(max_message, &inbox_tx, &reader_out));
    let status = match (reader, Analyst::start(out.clone())) {
        (Ok(_), Ok(analyst)) => run(&inbox, &out, Server::new(analyst)),
        _ => {
            crate::console::Checked::stderr().line(&format!("{SERVER}: no thread to read with"));
            1
        }
    };
    // Everything answered is written before the process ends; the reader
    // may still wait on standard input (the process's end stops it).
    let _ = out.send(None);
    let _ = writer.join();
    status
}

/// The writing thread: each message in order, until told to stop or the
/// client stops reading.
fn write_all(outbox: &Receiver<Option<Value>>) {
    let stdout = std::io::stdout();
    let mut w = stdout.lock();
    while let Ok(Some(value)) = outbox.recv() {
        if transport::write(&mut w, &value).is_err() {
            return;
        }
    }
    let _ = w.flush();
}

/// The reading thread: each message framed and parsed; what cannot be
/// read is answered here with its JSON-RPC error, and reading goes on.
fn read_all(max: usize, inbox: &Sender<Message>, out: &Sender<Option<Value>>) {
    let mut r = BufReader::new(std::io::stdin().lock());
    loop {
        let Ok(frame) = transport::read_frame(&mut r, max) else {
            return;
        };
        match frame {
            Frame::End => return,
            Frame::Bad { why, skip } => {
                let _ = out.send(Some(transport::error(None, PARSE_ERROR, &why)));
                if skip > 0 && !matches!(transport::skip(&mut r, skip), Ok(true)) {
                    return;
                }
            }
            Frame::Body(body) => match transport::parse(&body) {
                Ok(message) => {
                    if inbox.send(message).is_err() {
                        return;
                    }
                }
                Err(answer) => {
                    let _ = out.send(Some(answer));
                }
            },
        }
    }
}

/// Where the session with the client is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Before `initialize`: requests get `ServerNotInitialized` (-32002),
    /// notifications but `exit` are dropped.
    Waiting,
    Running,
    /// After `shutdown`: requests get `InvalidRequest`, until `exit`.
    ShutDown,
}

/// The session with one client: initialize, then requests and
/// notifications until exit; the exit status.
fn run(inbox: &Receiver<Message>, out: &Sender<Option<Value>>, mut server: Server) -> i32 {
    let mut phase = Phase::Waiting;
    let reply = |r: Response| out.send(Some(outgoing(Message::Response(r)))).is_ok();
    for message in inbox {
        let alive = match message {
            Message::Request(req) => {
                let (answer, next) = lifecycle(phase, &mut server, req);
                phase = next;
                reply(answer)
            }
            Message::Notification(n) if n.method == Exit::METHOD => break,
            Message::Notification(n) => {
                if phase == Phase::Running {
                    server.notification(n);
                }
                true
            }
            Message::Response(_) => true,
        };
        if !alive {
            break;
        }
    }
    i32::from(phase != Phase::ShutDown)
}

/// The answer to a request where the session is, and where it is next.
fn lifecycle(phase: Phase, server: &mut Server, req: Request) -> (Response, Phase) {
    let refuse = |code: i32, why: &str| Response::new_err(req.id.clone(), code, why.to_string());
    match (phase, req.method.as_str()) {
        (Phase::Waiting, Initialize::METHOD) => {
            let result = json!({
                "capabilities": capabilities(),
                "serverInfo": {"name": crate::PROGRAM, "version": env!("CARGO_PKG_VERSION")},
            });
            (Response::new_ok(req.id, result), Phase::Running)
        }
        (Phase::Waiting, _) => (
            refuse(
                SERVER_NOT_INITIALIZED,
                "the server is not initialized: send `initialize` first",
            ),
            phase,
        ),
        (Phase::Running, Initialize::METHOD) => (
            refuse(
                INVALID_REQUEST,
                "the server is initialized already (`initialize` is sent once)",
            ),
            phase,
        ),
        (Phase::Running, Shutdown::METHOD) => {
            server.analyst.stop();
            (Response::new_ok(req.id, Value::Null), Phase::ShutDown)
        }
        (Phase::Running, _) => (server.request(req), phase),
        (Phase::ShutDown, _) => (
            refuse(
                INVALID_REQUEST,
                "the server is shut down: only `exit` is expected",
            ),
            phase,
        ),
    }
}

/// What the server offers, sent in the answer to `initialize`.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        completion_provider: Some(CompletionOptions::default()),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// An open document: its text and the names it defines (found when it
/// changes, so that a request does not read the whole text again).
struct Doc {
    text: Arc<str>,
    defs: Vec<analysis::Definition>,
}

/// The open documents, by URI, and the thread analysing them.
struct Server {
    docs: HashMap<String, Doc>,
    analyst: Analyst,
}

impl Server {
    fn new(analyst: Analyst) -> Server {
        Server {
            docs: HashMap::new(),
            analyst,
        }
    }

    /// The answer to one request. A request the server does not know gets
    /// `MethodNotFound`; a fault inside an analysis an `InternalError`,
    /// never a dead server.
    fn request(&mut self, req: Request) -> Response {
        let id = req.id.clone();
        let method = req.method.clone();
        let answer = catch_unwind(AssertUnwindSafe(|| self.answer(req)));
        match answer {
            Ok(Some(Ok(value))) => Response::new_ok(id, value),
            Ok(Some(Err(e))) => Response::new_err(id, ErrorCode::InvalidParams as i32, e),
            Ok(None) => Response::new_err(
                id,
                ErrorCode::MethodNotFound as i32,
                format!("{SERVER} does not answer `{method}`"),
            ),
            Err(_) => internal_error(id),
        }
    }

    fn answer(&mut self, req: Request) -> Option<Result<serde_json::Value, String>> {
        fn params<P: serde::de::DeserializeOwned>(req: Request) -> Result<P, String> {
            serde_json::from_value(req.params).map_err(|e| e.to_string())
        }
        let result = match req.method.as_str() {
            Completion::METHOD => params::<CompletionParams>(req).map(|p| {
                let at = p.text_document_position;
                let items = self
                    .doc(&at.text_document.uri)
                    .map(|d| analysis::completion_in(&d.text, &d.defs, at.position))
                    .unwrap_or_default();
                json(CompletionResponse::Array(items))
            }),
            HoverRequest::METHOD => params::<HoverParams>(req).map(|p| {
                let at = p.text_document_position_params;
                let hover = self.doc(&at.text_document.uri).and_then(|d| {
                    analysis::hover_in(&d.text, &d.defs, at.position).map(|(range, value)| Hover {
                        contents: HoverContents::Markup(MarkupContent {
                            kind: MarkupKind::Markdown,
                            value,
                        }),
                        range: Some(range),
                    })
                });
                json(hover)
            }),
            GotoDefinition::METHOD => params::<GotoDefinitionParams>(req).map(|p| {
                let at = p.text_document_position_params;
                let uri = at.text_document.uri;
                let found = self
                    .doc(&uri)
                    .and_then(|d| analysis::definition_in(&d.text, &d.defs, at.position))
                    .map(|range| GotoDefinitionResponse::Scalar(Location::new(uri.clone(), range)));
                json(found)
            }),
            _ => return None,
        };
        Some(result)
    }

    fn doc(&self, uri: &Uri) -> Option<&Doc> {
        self.docs.get(uri.as_str())
    }

    /// Handle a notification: a document's text kept, and analysed on
    /// the analysis thread (which publishes its diagnostics).
    fn notification(&mut self, n: Notification) {
        let (uri, text) = match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Ok(p) = n.extract::<DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                else {
                    return;
                };
                (p.text_document.uri, p.text_document.text)
            }
            DidChangeTextDocument::METHOD => {
                let Ok(p) = n.extract::<DidChangeTextDocumentParams>(DidChangeTextDocument::METHOD)
                else {
                    return;
                };
                // Full synchronisation: the last change is the whole text.
                let Some(change) = p.content_changes.into_iter().last() else {
                    return;
                };
                (p.text_document.uri, change.text)
            }
            DidCloseTextDocument::METHOD => {
                let Ok(p) = n.extract::<DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                else {
                    return;
                };
                self.docs.remove(p.text_document.uri.as_str());
                // Closed: its diagnostics are cleared.
                self.analyst.closed(p.text_document.uri);
                return;
            }
            _ => return,
        };
        let text: Arc<str> = text.into();
        let defs = analysis::definitions(&text);
        self.docs.insert(
            uri.as_str().to_string(),
            Doc {
                text: text.clone(),
                defs,
            },
        );
        self.analyst.changed(uri, text);
    }
}

fn json<T: serde::Serialize>(value: T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

fn internal_error(id: RequestId) -> Response {
    Response::new_err(
        id,
        ErrorCode::InternalError as i32,
        format!("{SERVER} failed on this request (please report it with the file)"),
    )
}
