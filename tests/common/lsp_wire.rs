//! The client's side of `grundy lsp`'s wire, shared by tests/lsp.rs, the
//! LSP fuzz campaign and cli/benches/lsp.rs: framing a body with its
//! `Content-Length` header, and a thread reading the server's messages.

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::{Receiver, channel};

use serde_json::Value;

/// A body with its header.
pub fn frame(body: &[u8]) -> Vec<u8> {
    [
        format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes(),
        body,
    ]
    .concat()
}

/// The server's messages, read on a thread of their own from its output
/// until it ends (the receiver then reports a disconnection).
pub fn messages(stdout: impl Read + Send + 'static) -> Receiver<Value> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut r = BufReader::new(stdout);
        loop {
            let mut length = None;
            loop {
                let mut line = String::new();
                if r.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                if let Some(n) = line.strip_prefix("Content-Length: ") {
                    length = n.parse::<usize>().ok();
                }
            }
            let mut body = vec![0; length.expect("a Content-Length header")];
            if r.read_exact(&mut body).is_err() {
                return;
            }
            let value: Value = serde_json::from_slice(&body).expect("a JSON body");
            if tx.send(value).is_err() {
                return;
            }
        }
    });
    rx
}
