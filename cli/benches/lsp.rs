//! How long `grundy lsp` takes to answer a hover, side by side: when it
//! is idle, and right behind a change of a megabyte document (whose
//! analysis takes seconds). The target: under 100 ms behind a change, as
//! when idle.
//!
//! ```text
//! cargo bench -p grundy-cli --bench lsp
//! ```

#[path = "../../tests/common/lsp_wire.rs"]
mod lsp_wire;

use std::io::Write;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const URI: &str = "file:///bench/big.game";
const ROUNDS: usize = 20;

fn send(stdin: &mut ChildStdin, value: &Value) {
    stdin
        .write_all(&lsp_wire::frame(value.to_string().as_bytes()))
        .unwrap();
    stdin.flush().unwrap();
}

fn document(version: usize) -> String {
    let mut text: String = (0..60_000)
        .map(|i| format!("let a{i} = {i} + {version}\n"))
        .collect();
    text.push_str("grundy Unknown(1)\n");
    text
}

/// Send a hover and wait for its answer: the time it took, and whether
/// diagnostics were published before it (the analysis had ended).
fn hover(stdin: &mut ChildStdin, rx: &Receiver<Value>, id: i64) -> (Duration, bool) {
    let params = json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 1}});
    let start = Instant::now();
    send(
        stdin,
        &json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": params}),
    );
    let mut published = false;
    loop {
        let m = rx.recv_timeout(Duration::from_secs(60)).expect("an answer");
        if m["id"] == json!(id) {
            return (start.elapsed(), published);
        }
        published |= m["method"] == "textDocument/publishDiagnostics";
    }
}

fn wait_diagnostics(rx: &Receiver<Value>) {
    loop {
        let m = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("diagnostics");
        if m["method"] == "textDocument/publishDiagnostics" {
            return;
        }
    }
}

fn summary(times: &mut [Duration]) -> (f64, f64) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    (ms(times[times.len() / 2]), ms(times[times.len() - 1]))
}

fn main() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("grundy lsp starts");
    let mut stdin = child.stdin.take().unwrap();
    let rx = lsp_wire::messages(child.stdout.take().unwrap());
    send(
        &mut stdin,
        &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}}),
    );
    let _ = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("initialized");
    let open = json!({"textDocument": {"uri": URI, "languageId": "grundy", "version": 1, "text": document(1)}});
    send(
        &mut stdin,
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": open}),
    );
    wait_diagnostics(&rx);
    let mut id = 1;
    let mut idle = Vec::new();
    for _ in 0..ROUNDS {
        idle.push(hover(&mut stdin, &rx, id).0);
        id += 1;
    }
    let mut busy = Vec::new();
    let mut during = 0;
    for version in 2..2 + ROUNDS {
        let change = json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"text": document(version)}]});
        send(
            &mut stdin,
            &json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": change}),
        );
        // Past the debounce and the change's own reading: the analysis of
        // this text has started (it takes a second or more).
        std::thread::sleep(Duration::from_millis(500));
        let (took, published) = hover(&mut stdin, &rx, id);
        busy.push(took);
        if !published {
            during += 1;
            wait_diagnostics(&rx);
        }
        id += 1;
    }
    let (idle_mid, idle_max) = summary(&mut idle);
    let (busy_mid, busy_max) = summary(&mut busy);
    println!(
        "hover on a {} KB document, {ROUNDS} each:",
        document(1).len() / 1000
    );
    println!("  idle                 median {idle_mid:7.2} ms   max {idle_max:7.2} ms");
    println!(
        "  while it is analysed median {busy_mid:7.2} ms   max {busy_max:7.2} ms   ({:.2}x idle; {during} of {ROUNDS} answered before the analysis ended)",
        busy_mid / idle_mid
    );
    send(
        &mut stdin,
        &json!({"jsonrpc": "2.0", "id": id, "method": "shutdown"}),
    );
    send(&mut stdin, &json!({"jsonrpc": "2.0", "method": "exit"}));
    let _ = child.wait();
}
