//! `grundy lsp` driven as an editor drives it: a scripted client speaks
//! JSON-RPC with `Content-Length` framing over the server's stdin/stdout.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use serde_json::{Value, json};

struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(common::grundy_bin())
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("grundy lsp starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, messages) = channel();
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
                let value: Value = serde_json::from_slice(&body).expect("JSON body");
                if tx.send(value).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            messages,
            next_id: 1,
        }
    }

    fn send(&mut self, value: Value) {
        let body = value.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Send a request and wait for its response (skipping notifications).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let m = self.receive();
            if m["id"] == json!(id) {
                return m;
            }
        }
    }

    fn receive(&mut self) -> Value {
        self.messages
            .recv_timeout(Duration::from_secs(30))
            .expect("the server answers within 30 s")
    }

    /// The next `publishDiagnostics` notification.
    fn diagnostics(&mut self) -> Value {
        loop {
            let m = self.receive();
            if m["method"] == "textDocument/publishDiagnostics" {
                return m["params"].clone();
            }
        }
    }
}

const URI: &str = "file:///work/example.game";

fn at(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

#[test]
fn an_editor_session_diagnostics_completion_hover_definition_shutdown() {
    let mut c = Client::start();
    let init = c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    let caps = &init["result"]["capabilities"];
    assert_eq!(caps["hoverProvider"], json!(true), "{init}");
    assert_eq!(caps["definitionProvider"], json!(true), "{init}");
    assert!(caps["completionProvider"].is_object(), "{init}");
    c.notify("initialized", json!({}));

    // A file with an unknown name: one diagnostic, coded, on line 3.
    let broken = "game K(n) {\n    move K(n - 1) if n > 0\n}\ngrundy Kx(3)\n";
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "grundy", "version": 1, "text": broken}}),
    );
    let d = c.diagnostics();
    assert_eq!(d["uri"], URI);
    let list = d["diagnostics"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{d}");
    assert!(
        list[0]["code"].as_str().unwrap().starts_with("grundy::"),
        "{d}"
    );
    assert_eq!(list[0]["range"]["start"]["line"], 3, "{d}");
    assert_eq!(list[0]["source"], "grundy");

    // Fixed by an edit: the diagnostics are cleared.
    let fixed = "game K(n) {\n    move K(n - 1) if n > 0\n}\ngrundy K(3)\ngru";
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": fixed}]}),
    );
    // `gru` alone on the last line is an expression naming nothing: an
    // unknown name, reported on line 4.
    let d = c.diagnostics();
    let list = d["diagnostics"].as_array().unwrap();
    assert!(list.iter().all(|x| x["range"]["start"]["line"] == 4), "{d}");

    // Completing `gru` offers `grundy`.
    let r = c.request("textDocument/completion", at(4, 3));
    let labels: Vec<&str> = r["result"]
        .as_array()
        .unwrap_or_else(|| panic!("{r}"))
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"grundy"), "{labels:?}");

    // Hover on the query word shows its doc; on `K` its definition.
    let r = c.request("textDocument/hover", at(3, 2));
    let doc = r["result"]["contents"]["value"].as_str().unwrap();
    assert!(doc.contains("grundy"), "{r}");
    let r = c.request("textDocument/hover", at(3, 7));
    assert!(
        r["result"]["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("game K(n) {"),
        "{r}"
    );

    // Go to definition of `K` at line 3: the name on line 0.
    let r = c.request("textDocument/definition", at(3, 7));
    assert_eq!(r["result"]["uri"], URI, "{r}");
    assert_eq!(
        r["result"]["range"]["start"],
        json!({"line": 0, "character": 5}),
        "{r}"
    );

    // An unknown request is an error answer, not a dead server.
    let r = c.request("textDocument/formatting", json!({}));
    assert_eq!(r["error"]["code"], -32601, "{r}");

    // Closing the document clears its diagnostics.
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": URI}}),
    );
    let d = c.diagnostics();
    assert_eq!(d["diagnostics"], json!([]));

    let r = c.request("shutdown", json!(null));
    assert_eq!(r["result"], json!(null), "{r}");
    c.notify("exit", json!(null));
    let status = c.child.wait().unwrap();
    assert!(status.success(), "{status:?}");
}
