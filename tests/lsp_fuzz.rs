//! The language server under random message sequences: each sequence
//! goes to a fresh `grundy lsp --max-message 64K`, made of well-framed
//! messages of every kind an editor sends (initialize, open, change,
//! close, completion, hover, definition, shutdown) with random texts
//! (the fuzz generators' programs, their mutants, random bytes) and random
//! positions, and of what a broken client sends (bodies that are not
//! JSON or not UTF-8, batches, ids and params of the wrong type, unknown
//! methods, header blocks without a length, a length over the cap with its
//! body). After each sequence a probe request must be answered (the
//! server is alive), and closing its input must end it with status 0 or
//! 1, not a signal.
//!
//! Outside `cargo test` (it takes minutes):
//!
//! ```text
//! GRUNDY_LSP_FUZZ=10000 cargo test --release --test folded lsp_fuzz::lsp_sequences -- --ignored --nocapture
//! ```
//!
//! GRUNDY_LSP_FUZZ is the number of sequences (10,000), GRUNDY_FUZZ_SEED
//! the seed (hex), GRUNDY_FUZZ_JOBS how many servers run at once (2),
//! GRUNDY_FUZZ_BIN the binary. A failing sequence is written to
//! target/fuzz/lsp-finding-SEED-N.txt (its messages, one a line).

use crate::common;

use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use common::fuzz::{Gen, Rng, mutate};
use common::lsp_wire::{frame, messages};

const URIS: &[&str] = &["file:///a.game", "file:///b.game", "untitled:x"];
const PROBE: i64 = 999_999;
/// The server's message cap in the campaign, so that bodies over it are
/// cheap to send.
const CAP: usize = 64 << 10;
const WAIT: Duration = Duration::from_secs(20);

fn text(rng: &mut Rng) -> String {
    match rng.below(5) {
        0 | 1 => Gen::new(rng).program(),
        2 => {
            let a = Gen::new(rng).program();
            let b = Gen::new(rng).program();
            String::from_utf8_lossy(&mutate(rng, &a, &b, true)).into_owned()
        }
        3 => (0..rng.below(200))
            .map(|_| char::from_u32(rng.below(0x3000) as u32).unwrap_or('?'))
            .collect(),
        _ => "grundy Unknown(1)\n".repeat(1 + rng.below(50)),
    }
}

fn position(rng: &mut Rng) -> Value {
    let n = |rng: &mut Rng| match rng.below(6) {
        0 => json!(u32::MAX),
        1 => json!(-1),
        _ => json!(rng.below(40)),
    };
    json!({"line": n(rng), "character": n(rng)})
}

fn request(id: i64, method: &str, params: Value) -> Vec<u8> {
    frame(
        json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
            .to_string()
            .as_bytes(),
    )
}

fn notify(method: &str, params: Value) -> Vec<u8> {
    frame(
        json!({"jsonrpc": "2.0", "method": method, "params": params})
            .to_string()
            .as_bytes(),
    )
}

/// One message of a sequence, as bytes on the wire.
fn message(rng: &mut Rng, id: i64) -> Vec<u8> {
    let uri = *rng.pick(URIS);
    let doc = json!({"uri": uri});
    match rng.below(20) {
        0 => request(id, "initialize", json!({"capabilities": {}})),
        1 => notify("initialized", json!({})),
        2..=4 => notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "grundy", "version": 1, "text": text(rng)}}),
        ),
        5..=7 => notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": id}, "contentChanges": [{"text": text(rng)}]}),
        ),
        8 => notify("textDocument/didClose", json!({"textDocument": doc})),
        9 | 10 => {
            let method = *rng.pick(&[
                "textDocument/hover",
                "textDocument/completion",
                "textDocument/definition",
            ]);
            request(
                id,
                method,
                json!({"textDocument": doc, "position": position(rng)}),
            )
        }
        11 => request(id, "shutdown", Value::Null),
        12 => request(id, "workspace/symbol", json!({"query": ""})),
        13 => frame(b"{\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": "),
        14 => frame(&[0xff, 0xfe, b'{', 0x80]),
        15 => frame(
            [
                "[]",
                "[{\"jsonrpc\": \"2.0\", \"method\": \"x\"}]",
                "{\"jsonrpc\": \"2.0\", \"id\": 1.5, \"method\": \"x\"}",
                "{\"jsonrpc\": \"2.0\", \"id\": {}, \"method\": \"x\"}",
                "{\"id\": 4, \"method\": \"x\"}",
                "null",
                "{\"jsonrpc\": \"2.0\", \"id\": 5, \"result\": 1}",
            ][rng.below(7)]
            .as_bytes(),
        ),
        16 => {
            let method = *rng.pick(&["textDocument/hover", "textDocument/didOpen", "initialize"]);
            request(id, method, json!({"textDocument": 7, "position": "x"}))
        }
        17 => b"Content-Length: many\r\n\r\n".to_vec(),
        18 => b"X-Nothing: 1\r\n\r\n".to_vec(),
        _ => {
            // Over the cap, with its body: skipped.
            let pad = "p".repeat(CAP + rng.below(CAP));
            notify("textDocument/didOpen", json!({"pad": pad}))
        }
    }
}

/// What the server sent back over a sequence: diagnostics published,
/// error answers by code, and how long the probe took.
#[derive(Default)]
struct Seen {
    published: usize,
    errors: BTreeMap<i64, usize>,
    probe: Duration,
    settled: bool,
}

impl Seen {
    fn note(&mut self, m: &Value) {
        if m["method"] == "textDocument/publishDiagnostics" {
            self.published += 1;
        }
        if let Some(code) = m["error"]["code"].as_i64() {
            *self.errors.entry(code).or_default() += 1;
        }
    }
}

/// One sequence: its messages, and how it ended (an error if badly).
/// One in four waits before the probe, so that analyses run and publish.
fn sequence(bin: &str, rng: &mut Rng) -> (Result<(), String>, Vec<Vec<u8>>, Seen) {
    let mut sent = Vec::new();
    if rng.below(10) < 8 {
        sent.push(request(0, "initialize", json!({"capabilities": {}})));
    }
    for id in 1..=1 + rng.below(12) {
        sent.push(message(rng, id as i64));
    }
    let settle = rng.one_in(4);
    let mut seen = Seen {
        settled: settle,
        ..Seen::default()
    };
    let r = drive(bin, &sent, settle, &mut seen);
    (r, sent, seen)
}

fn drive(bin: &str, sent: &[Vec<u8>], settle: bool, seen: &mut Seen) -> Result<(), String> {
    let mut child = Command::new(bin)
        .args(["lsp", "--max-message", "64K"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("spawn: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let rx = messages(child.stdout.take().ok_or("no stdout")?);
    for m in sent {
        if stdin.write_all(m).is_err() {
            break;
        }
    }
    let _ = stdin.flush();
    if settle {
        std::thread::sleep(Duration::from_millis(400));
    }
    let _ = stdin.write_all(&request(
        PROBE,
        "textDocument/hover",
        json!({"textDocument": {"uri": URIS[0]}, "position": {"line": 0, "character": 0}}),
    ));
    let _ = stdin.flush();
    let started = Instant::now();
    let alive = loop {
        match rx.recv_timeout(WAIT.saturating_sub(started.elapsed())) {
            Ok(m) if m["id"] == json!(PROBE) => break Ok(()),
            Ok(m) => seen.note(&m),
            Err(e) => break Err(format!("no answer to the probe: {e}")),
        }
    };
    seen.probe = started.elapsed();
    drop(stdin);
    let deadline = Instant::now() + WAIT;
    let status = loop {
        while let Ok(m) = rx.try_recv() {
            seen.note(&m);
        }
        match child.try_wait() {
            Ok(Some(status)) => break Ok(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break Err("did not end when its input closed".to_string());
            }
        }
    };
    alive?;
    match status?.code() {
        Some(0 | 1) => Ok(()),
        Some(c) => Err(format!("exit status {c}")),
        None => Err("ended by a signal".into()),
    }
}

/// The campaign's figures.
#[derive(Default)]
struct Tally {
    sequences: usize,
    messages: usize,
    settled: usize,
    published: usize,
    errors: BTreeMap<i64, usize>,
    slowest_probe: Duration,
    failures: Vec<(usize, String)>,
}

impl Tally {
    fn add(&mut self, sent: usize, seen: &Seen) {
        self.sequences += 1;
        self.messages += sent;
        self.published += seen.published;
        for (code, n) in &seen.errors {
            *self.errors.entry(*code).or_default() += n;
        }
        self.slowest_probe = self.slowest_probe.max(seen.probe);
    }

    fn report(&self, seed: u64, took: Duration) -> String {
        format!(
            "sequences: {} (seed {seed:#x}), {} waited for analyses; messages: {}; \
             diagnostics published: {}; error answers by code: {:?}; slowest probe: {} ms; \
             failures: {} {:?}; {:.0} s\n",
            self.sequences,
            self.settled,
            self.messages,
            self.published,
            self.errors,
            self.slowest_probe.as_millis(),
            self.failures.len(),
            self.failures,
            took.as_secs_f64()
        )
    }
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
#[ignore]
fn lsp_sequences() {
    let count: usize = env_or("GRUNDY_LSP_FUZZ", 10_000);
    let seed = std::env::var("GRUNDY_FUZZ_SEED")
        .ok()
        .and_then(|s| u64::from_str_radix(s.trim_start_matches("0x"), 16).ok())
        .unwrap_or(0x1_5500);
    let jobs: usize = env_or("GRUNDY_FUZZ_JOBS", 2);
    let bin = std::env::var("GRUNDY_FUZZ_BIN").unwrap_or_else(|_| common::grundy_bin().to_string());
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../fuzz");
    std::fs::create_dir_all(&out).expect("target/fuzz");
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        return;
                    }
                    let mut rng = Rng((seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1);
                    let (r, sent, seen) = sequence(&bin, &mut rng);
                    let mut t = tally
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    t.add(sent.len(), &seen);
                    t.settled += usize::from(seen.settled);
                    if let Err(why) = r {
                        let lines: Vec<String> = sent
                            .iter()
                            .map(|m| String::from_utf8_lossy(m).into_owned())
                            .collect();
                        let name = format!("lsp-finding-{seed:x}-{i}.txt");
                        let _ = std::fs::write(out.join(name), lines.join("\n"));
                        t.failures.push((i, why));
                    }
                    if t.sequences.is_multiple_of(500) {
                        let text = t.report(seed, started.elapsed());
                        let _ =
                            std::fs::write(out.join(format!("lsp-progress-{seed:x}.txt")), text);
                    }
                }
            });
        }
    });
    let tally = tally
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let report = tally.report(seed, started.elapsed());
    println!("{report}");
    let _ = std::fs::write(out.join(format!("lsp-report-{seed:x}.txt")), &report);
    assert!(tally.failures.is_empty(), "{report}");
}

/// A few sequences in every `cargo test`: the campaign's harness works.
#[test]
fn a_few_random_sequences_leave_the_server_alive() {
    let bin = common::grundy_bin();
    for i in 0..12u64 {
        let mut rng = Rng((0x5eed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1);
        let t = Instant::now();
        let (r, sent, seen) = sequence(bin, &mut rng);
        if std::env::var_os("GRUNDY_FUZZ_SHOW").is_some() {
            println!(
                "{i}: {:?} probe {:?} settled {}",
                t.elapsed(),
                seen.probe,
                seen.settled
            );
        }
        assert!(
            r.is_ok(),
            "sequence {i}: {r:?} after {} messages",
            sent.len()
        );
    }
}
