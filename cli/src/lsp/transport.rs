//! The language server's wire: JSON-RPC 2.0 messages framed by a
//! `Content-Length` header (the LSP base protocol), read with bounds so
//! that no input can make the server allocate without limit or die.
//!
//! - A header line longer than [`MAX_HEADER_LINE`] is read to its end but
//!   only its start is kept; a header block without a usable
//!   `Content-Length` is answered with a parse error (-32700).
//! - A `Content-Length` over the server's cap (`grundy lsp
//!   --max-message`) is answered with a parse error *before* anything is
//!   allocated, and its body is read and thrown away in small pieces, so
//!   the next message is read as the client framed it.
//! - A body that is not UTF-8 or not JSON is a parse error (-32700, `id`
//!   null); JSON that is not a request, notification or response is an
//!   invalid request (-32600, with its `id` when it has a usable one).
//!
//! None of these ends the server: only the end of its input, or `exit`.

use std::io::{self, BufRead, Read, Write};

use lsp_server::{Message, Notification, Request, RequestId, Response};
use serde_json::{Map, Value, json};

/// The longest header line kept (longer lines are cut when read).
pub const MAX_HEADER_LINE: usize = 4096;

/// JSON-RPC's error codes the transport answers with.
pub const PARSE_ERROR: i32 = -32700;
/// The message is JSON but no JSON-RPC request, notification or response.
pub const INVALID_REQUEST: i32 = -32600;

/// One framed message read from the input.
#[derive(Debug, PartialEq, Eq)]
pub enum Frame {
    /// A body of the length its header gave.
    Body(Vec<u8>),
    /// A header block that does not frame a body: the reason, and how many
    /// bytes of body to throw away (a declared length over the cap).
    Bad { why: String, skip: u64 },
    /// The input ended.
    End,
}

/// Read one line (to `\n`), keeping at most [`MAX_HEADER_LINE`] bytes of
/// it: None at the end of the input before any byte.
fn header_line(r: &mut impl BufRead) -> io::Result<Option<Vec<u8>>> {
    let mut line = Vec::new();
    let mut any = false;
    loop {
        let available = r.fill_buf()?;
        if available.is_empty() {
            return Ok(any.then_some(line));
        }
        any = true;
        let (piece, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let room = MAX_HEADER_LINE.saturating_sub(line.len());
        line.extend_from_slice(&piece[..piece.len().min(room)]);
        let used = piece.len();
        r.consume(used);
        if done {
            return Ok(Some(line));
        }
    }
}

/// Read the next message's frame: its header block, then its body when
/// the header gives a length within `max` bytes.
pub fn read_frame(r: &mut impl BufRead, max: usize) -> io::Result<Frame> {
    let mut length: Option<Result<u64, String>> = None;
    let mut bad: Option<String> = None;
    loop {
        let Some(line) = header_line(r)? else {
            return Ok(Frame::End);
        };
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            break;
        }
        match text.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                let value = value.trim();
                length = Some(value.parse::<u64>().map_err(|_| {
                    format!(
                        "the header's Content-Length `{}` is not a length",
                        cut(value)
                    )
                }));
            }
            Some(_) => {}
            None => {
                bad.get_or_insert_with(|| format!("`{}` is not a header line", cut(text)));
            }
        }
    }
    let length = match (length, bad) {
        (Some(Ok(n)), None) => n,
        // A broken line beside a usable length: the body it frames is
        // skipped, so the next message is read where the client put it.
        (Some(Ok(n)), Some(why)) => return Ok(Frame::Bad { why, skip: n }),
        (Some(Err(why)), _) | (None, Some(why)) => return Ok(Frame::Bad { why, skip: 0 }),
        (None, None) => {
            return Ok(Frame::Bad {
                why: "a message without a Content-Length header".into(),
                skip: 0,
            });
        }
    };
    if length > max as u64 {
        return Ok(Frame::Bad {
            why: format!(
                "a message of {length} bytes is over the limit of {max} bytes (grundy lsp --max-message); it was skipped"
            ),
            skip: length,
        });
    }
    let mut body = vec![0; length as usize];
    match r.read_exact(&mut body) {
        Ok(()) => Ok(Frame::Body(body)),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(Frame::End),
        Err(e) => Err(e),
    }
}

/// Throw away `n` bytes of input (a body over the cap) in small pieces.
/// False if the input ended first.
pub fn skip(r: &mut impl Read, n: u64) -> io::Result<bool> {
    let thrown = io::copy(&mut r.take(n), &mut io::sink())?;
    Ok(thrown == n)
}

/// The start of a long text, for a message.
fn cut(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// An error response to a message that could not be read: `id` null
/// unless the message had a usable one.
pub fn error(id: Option<RequestId>, code: i32, message: &str) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id.map_or(Value::Null, |id| serde_json::to_value(id).unwrap_or(Value::Null)),
        "error": {"code": code, "message": message},
    })
}

/// A message of the server as a JSON-RPC value.
pub fn outgoing(message: Message) -> Value {
    let mut value = serde_json::to_value(message).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        map.insert("jsonrpc".into(), "2.0".into());
    }
    value
}

/// A body as a message, or the error response it gets.
pub fn parse(body: &[u8]) -> Result<Message, Value> {
    let text = std::str::from_utf8(body)
        .map_err(|_| error(None, PARSE_ERROR, "the message is not UTF-8"))?;
    let value: Value = serde_json::from_str(text)
        .map_err(|e| error(None, PARSE_ERROR, &format!("the message is not JSON: {e}")))?;
    let Value::Object(map) = value else {
        return Err(error(
            None,
            INVALID_REQUEST,
            "a message must be one JSON object (batches are not part of LSP)",
        ));
    };
    message(map)
}

fn message(mut map: Map<String, Value>) -> Result<Message, Value> {
    let id = match map.remove("id") {
        None => None,
        Some(v) => match serde_json::from_value::<RequestId>(v.clone()) {
            Ok(id) => Some(id),
            // A response to a message we could not read has a null id.
            Err(_) if v.is_null() && !map.contains_key("method") => None,
            Err(_) => {
                return Err(error(
                    None,
                    INVALID_REQUEST,
                    "a message's id must be a string or a 32-bit integer",
                ));
            }
        },
    };
    let invalid = |id: Option<RequestId>, why: &str| Err(error(id, INVALID_REQUEST, why));
    if map.get("jsonrpc") != Some(&json!("2.0")) {
        return invalid(id, "a message must have \"jsonrpc\": \"2.0\"");
    }
    let params = map.remove("params").unwrap_or(Value::Null);
    if !(params.is_null() || params.is_object() || params.is_array()) {
        return invalid(id, "a message's params must be an object or an array");
    }
    match (map.remove("method"), id) {
        (Some(Value::String(method)), Some(id)) => {
            Ok(Message::Request(Request { id, method, params }))
        }
        (Some(Value::String(method)), None) => {
            Ok(Message::Notification(Notification { method, params }))
        }
        (Some(_), id) => invalid(id, "a message's method must be a string"),
        (None, id) if map.contains_key("result") || map.contains_key("error") => {
            // A response to the server: it sends no requests, so none is
            // awaited; its id is kept only to say whose it was.
            Ok(Message::Response(Response::new_ok(
                id.unwrap_or_else(|| RequestId::from(0)),
                Value::Null,
            )))
        }
        (None, id) => invalid(id, "a message must have a method, or a result or error"),
    }
}

/// Write one message with its header, and flush.
pub fn write(w: &mut impl Write, value: &Value) -> io::Result<()> {
    let body = value.to_string();
    write!(w, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    w.flush()
}

#[cfg(test)]
#[path = "transport_tests.rs"]
mod tests;
