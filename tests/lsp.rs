//! `grundy lsp` driven as an editor drives it: a scripted client speaks
//! JSON-RPC with `Content-Length` framing over the server's stdin/stdout.

use crate::common;

use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Receiver;
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
        Client::start_with(&[])
    }

    fn start_with(args: &[&str]) -> Client {
        let mut child = Command::new(common::grundy_bin())
            .arg("lsp")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("grundy lsp starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let messages = common::lsp_wire::messages(stdout);
        Client {
            child,
            stdin,
            messages,
            next_id: 1,
        }
    }

    fn send(&mut self, value: Value) {
        self.framed(value.to_string().as_bytes());
    }

    /// Bytes as they are, framed or not.
    fn raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// A body of any bytes with its header.
    fn framed(&mut self, body: &[u8]) {
        self.raw(
            &[
                format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes(),
                body,
            ]
            .concat(),
        );
    }

    fn initialize(&mut self) {
        let init = self.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}}),
        );
        assert!(init["result"]["capabilities"].is_object(), "{init}");
        self.notify("initialized", json!({}));
    }

    /// The client closes the server's input; the server's exit status.
    fn close(mut self) -> std::process::ExitStatus {
        drop(self.stdin);
        self.child.wait().unwrap()
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

/// The next error answer (an error response with this id, or null).
fn next_error(c: &mut Client, id: Value) -> Value {
    loop {
        let m = c.receive();
        if m.get("error").is_some() && m["id"] == id {
            return m["error"].clone();
        }
    }
}

#[test]
fn what_cannot_be_read_gets_a_json_rpc_error_and_the_server_goes_on() {
    let mut c = Client::start_with(&["--max-message", "1K"]);
    // Before `initialize`, a request is refused with -32002.
    let r = c.request("textDocument/hover", at(0, 0));
    assert_eq!(r["error"]["code"], -32002, "{r}");
    c.initialize();
    // Not JSON, and not UTF-8: parse errors (-32700), id null.
    c.framed(b"{\"jsonrpc\": \"2.0\", \"id\": ");
    assert_eq!(next_error(&mut c, Value::Null)["code"], -32700);
    c.framed(b"\xff\xfe\xfd");
    assert_eq!(next_error(&mut c, Value::Null)["code"], -32700);
    // JSON that is no message: an invalid request (-32600).
    c.framed(b"[1, 2]");
    assert_eq!(next_error(&mut c, Value::Null)["code"], -32600);
    c.framed(br#"{"jsonrpc": "2.0", "id": 77, "method": 5}"#);
    assert_eq!(next_error(&mut c, json!(77))["code"], -32600);
    // A message over the cap: refused, skipped, and the next one read.
    let big = json!({"jsonrpc": "2.0", "method": "x", "params": {"pad": "p".repeat(2000)}});
    c.framed(big.to_string().as_bytes());
    let e = next_error(&mut c, Value::Null);
    assert_eq!(e["code"], -32700, "{e}");
    assert!(e["message"].as_str().unwrap().contains("1024"), "{e}");
    // A header that frames nothing.
    c.raw(b"Content-Length: lots\r\n\r\n");
    assert_eq!(next_error(&mut c, Value::Null)["code"], -32700);
    // A second `initialize` is an invalid request, not an unknown method.
    let r = c.request("initialize", json!({"capabilities": {}}));
    assert_eq!(r["error"]["code"], -32600, "{r}");
    // The server still answers.
    let r = c.request("textDocument/completion", at(0, 0));
    assert!(r["result"].is_array(), "{r}");
    // After shutdown, requests are invalid; exit ends with status 0.
    let r = c.request("shutdown", json!(null));
    assert!(r.get("error").is_none(), "{r}");
    let r = c.request("textDocument/hover", at(0, 0));
    assert_eq!(r["error"]["code"], -32600, "{r}");
    c.notify("exit", json!(null));
    assert_eq!(c.child.wait().unwrap().code(), Some(0));
}

#[test]
fn a_length_no_machine_could_allocate_is_an_error_not_an_abort() {
    let mut c = Client::start();
    c.initialize();
    c.raw(b"Content-Length: 99999999999999\r\n\r\n");
    let e = next_error(&mut c, Value::Null);
    assert_eq!(e["code"], -32700, "{e}");
    // The input ends before the declared body: the server ends, with the
    // status LSP gives an end without `shutdown` (1), not a signal.
    let status = c.close();
    assert_eq!(status.code(), Some(1), "{status:?}");
}

/// A document of about a megabyte whose analysis takes a while, with an
/// unknown name on its last line, `tag`.
fn big_document(tag: &str) -> String {
    let mut text: String = (0..60_000)
        .map(|i| format!("let a{i} = {i} + 1\n"))
        .collect();
    text.push_str(&format!("grundy {tag}(1)\n"));
    text
}

#[test]
fn hover_is_answered_while_a_big_document_is_analysed_and_stale_analyses_are_dropped() {
    let mut c = Client::start();
    c.initialize();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "grundy", "version": 1, "text": big_document("First")}}),
    );
    for version in 2..=6 {
        let text = big_document(&format!("Edit{version}"));
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"text": text}]}),
        );
    }
    // Hover on `let` of the first line: answered before the analysis of
    // the latest text ends (it takes seconds; the hover does not wait).
    let id = c.next_id;
    c.next_id += 1;
    c.send(json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": at(0, 1)}));
    let mut published = Vec::new();
    loop {
        let m = c.receive();
        if m["id"] == json!(id) {
            assert!(
                m["result"]["contents"]["value"]
                    .as_str()
                    .unwrap()
                    .contains("let")
            );
            break;
        }
        published.push(m);
    }
    assert!(published.is_empty(), "answered after {published:?}");
    // The diagnostics published are the latest text's: `Edit6` unknown.
    let d = c.diagnostics();
    let message = d["diagnostics"][0]["message"].as_str().unwrap().to_string();
    assert!(message.contains("Edit6"), "{d}");
    assert_eq!(d["diagnostics"][0]["range"]["start"]["line"], 60_000);
    let r = c.request("shutdown", json!(null));
    assert!(r.get("error").is_none(), "{r}");
    c.notify("exit", json!(null));
    assert!(c.child.wait().unwrap().success());
}
