//! `grundy lsp`: a language server on standard input and output for
//! editors. It keeps the text of each open `.game` document (full
//! synchronisation), publishes what `grundy check` finds after each change
//! (diagnostics with their `grundy::` codes and ranges), completes
//! keywords, query words, builtins and the file's own names, shows a
//! name's doc from the library on hover, and goes to a name's definition.
//! The answers are computed by `analysis.rs`; this file is the protocol.

pub mod analysis;

/// The server's name in its messages.
const SERVER: &str = "grundy lsp";

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{Completion, GotoDefinition, HoverRequest, Request as _};
use lsp_types::{
    CompletionOptions, CompletionParams, CompletionResponse, DidChangeTextDocumentParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, GotoDefinitionParams,
    GotoDefinitionResponse, Hover, HoverContents, HoverParams, HoverProviderCapability, Location,
    MarkupContent, MarkupKind, OneOf, PublishDiagnosticsParams, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};

/// Serve on standard input and output until the client says `exit`;
/// the process's exit status (0 after `shutdown` then `exit`).
pub fn serve() -> i32 {
    let (connection, io_threads) = Connection::stdio();
    let status = match run(&connection) {
        Ok(()) => 0,
        Err(e) => {
            crate::console::Checked::stderr().line(&format!("{SERVER}: {e}"));
            1
        }
    };
    drop(connection);
    match io_threads.join() {
        Ok(()) => status,
        Err(_) => 1,
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

/// The session with one client: initialize, then requests and
/// notifications until shutdown.
pub fn run(connection: &Connection) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let caps = serde_json::to_value(capabilities())?;
    connection.initialize(caps)?;
    let mut server = Server::default();
    for msg in &connection.receiver {
        match msg {
            Message::Request(req) => {
                if connection.handle_shutdown(&req)? {
                    return Ok(());
                }
                let response = server.request(req);
                connection.sender.send(Message::Response(response))?;
            }
            Message::Notification(n) => {
                for out in server.notification(n) {
                    connection.sender.send(Message::Notification(out))?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

/// The open documents, by URI.
#[derive(Default)]
pub struct Server {
    docs: HashMap<String, String>,
}

impl Server {
    /// The answer to one request. A request the server does not know gets
    /// `MethodNotFound`; a fault inside an analysis an `InternalError`,
    /// never a dead server.
    pub fn request(&mut self, req: Request) -> Response {
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
                    .text(&at.text_document.uri)
                    .map(|t| analysis::completion(t, at.position))
                    .unwrap_or_default();
                json(CompletionResponse::Array(items))
            }),
            HoverRequest::METHOD => params::<HoverParams>(req).map(|p| {
                let at = p.text_document_position_params;
                let hover = self.text(&at.text_document.uri).and_then(|t| {
                    analysis::hover(t, at.position).map(|(range, value)| Hover {
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
                    .text(&uri)
                    .and_then(|t| analysis::definition(t, at.position))
                    .map(|range| GotoDefinitionResponse::Scalar(Location::new(uri.clone(), range)));
                json(found)
            }),
            _ => return None,
        };
        Some(result)
    }

    fn text(&self, uri: &Uri) -> Option<&str> {
        self.docs.get(uri.as_str()).map(String::as_str)
    }

    /// Handle a notification: the diagnostics to publish, if any.
    pub fn notification(&mut self, n: Notification) -> Vec<Notification> {
        let uri = match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Ok(p) = n.extract::<DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                else {
                    return Vec::new();
                };
                self.docs.insert(
                    p.text_document.uri.as_str().to_string(),
                    p.text_document.text,
                );
                p.text_document.uri
            }
            DidChangeTextDocument::METHOD => {
                let Ok(p) = n.extract::<DidChangeTextDocumentParams>(DidChangeTextDocument::METHOD)
                else {
                    return Vec::new();
                };
                // Full synchronisation: the last change is the whole text.
                let Some(change) = p.content_changes.into_iter().last() else {
                    return Vec::new();
                };
                self.docs
                    .insert(p.text_document.uri.as_str().to_string(), change.text);
                p.text_document.uri
            }
            DidCloseTextDocument::METHOD => {
                let Ok(p) = n.extract::<DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                else {
                    return Vec::new();
                };
                self.docs.remove(p.text_document.uri.as_str());
                // Closed: its diagnostics are cleared.
                return vec![publish(p.text_document.uri, Vec::new())];
            }
            _ => return Vec::new(),
        };
        let text = self.text(&uri).unwrap_or_default().to_string();
        let diagnostics = catch_unwind(|| analysis::diagnostics(&text)).unwrap_or_default();
        vec![publish(uri, diagnostics)]
    }
}

fn publish(uri: Uri, diagnostics: Vec<lsp_types::Diagnostic>) -> Notification {
    Notification::new(
        PublishDiagnostics::METHOD.to_string(),
        PublishDiagnosticsParams {
            uri,
            diagnostics,
            version: None,
        },
    )
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
