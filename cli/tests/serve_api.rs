//! `grundy serve`'s HTTP API against hostile and careless clients: a
//! wrong token, huge and malformed bodies, endless games, a client that
//! closes its connection mid-query, cancellation, files it was not given.
//! Each is answered with a coded error and the server goes on.

use crate::serve_common;

use std::io::Write;
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::json;
use serve_common::{Server, read_response, temp_dir};

const BIN: &str = env!("CARGO_BIN_EXE_grundy");

/// A query that runs for tens of seconds under the default limits.
const LONG: &str = "game T(n) { move T(n - k) for k in 1..=3 if k <= n }\n\
                    assert exists n in 0..100000000: grundy(T(n % 50)) > 5\n";

fn code(v: &serde_json::Value) -> &str {
    v["error"]["code"].as_str().unwrap_or_default()
}

/// The server still answers a small worksheet at once.
fn still_answers(server: &mut Server) {
    assert!(server.alive(), "the server died");
    let (status, v) = server.api(
        "/api/run",
        &json!({ "text": "game K = octal 0.77\ngrundy K(7)\n" }),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["results"][0]["text"], "grundy K(7) = 2", "{v}");
}

#[test]
fn the_token_is_required_for_pages_and_the_api() {
    let dir_tmp = temp_dir("token");
    let dir = dir_tmp.path();
    let server = Server::start(dir, &[]);
    let token_path = format!("/?token={}", server.token);
    let (status, body) = server.request("GET", &token_path, &[], b"");
    assert_eq!(status, 200);
    assert!(body.contains("grundy worksheet"), "{body}");
    for path in ["/", "/?token=wrong", "/explore.html?token=0"] {
        let (status, body) = server.request("GET", path, &[], b"");
        assert_eq!(status, 403, "{path}");
        assert!(body.contains("grundy::serve::token"), "{body}");
    }
    // The scripts and the style are the repository's: no token needed.
    let (status, body) = server.request("GET", "/assets/explore.js", &[], b"");
    assert_eq!(status, 200);
    assert!(body.contains("explorer"), "{body}");
    let run = json!({ "text": "grundy *3 + *5" }).to_string();
    for headers in [vec![], vec![("X-Grundy-Token", "wrong")]] {
        let (status, body) = server.request("POST", "/api/run", &headers, run.as_bytes());
        assert_eq!(status, 403);
        assert!(body.contains("grundy::serve::token"), "{body}");
    }
    let (status, v) = server.api("/api/run", &json!({ "text": "grundy *3 + *5" }));
    assert_eq!(
        (status, &v["results"][0]["text"]),
        (200, &json!("grundy *3 + *5 = 6"))
    );
}

#[test]
fn malformed_requests_get_coded_errors() {
    let dir_tmp = temp_dir("malformed");
    let dir = dir_tmp.path();
    let mut server = Server::start(dir, &[]);
    let t = [("X-Grundy-Token", server.token.as_str())];
    let cases: [(&str, &str, &[u8], u16, &str); 6] = [
        ("POST", "/api/run", b"not json", 400, "grundy::serve::json"),
        ("POST", "/api/run", b"[1, 2]", 400, "grundy::serve::json"),
        (
            "POST",
            "/api/run",
            br#"{"text": 5}"#,
            400,
            "grundy::serve::json",
        ),
        (
            "POST",
            "/api/nothing",
            b"{}",
            404,
            "grundy::serve::not_found",
        ),
        ("GET", "/api/run", b"", 405, "grundy::serve::method"),
        ("GET", "/etc/passwd", b"", 404, "grundy::serve::not_found"),
    ];
    for (method, path, body, want, want_code) in cases {
        let (status, text) = server.request(method, path, &t, body);
        assert_eq!(status, want, "{method} {path}: {text}");
        assert!(text.contains(want_code), "{method} {path}: {text}");
    }
    let (_, v) = server.api(
        "/api/explore",
        &json!({ "text": "", "position": "*1\ngrundy *2" }),
    );
    assert_eq!(code(&v), "grundy::serve::position", "{v}");
    let (_, v) = server.api(
        "/api/explore",
        &json!({ "text": "", "position": "Nope(3)" }),
    );
    assert_eq!(code(&v), "grundy::eval::unknown_function", "{v}");
    still_answers(&mut server);
}

#[test]
fn huge_bodies_are_refused_unread() {
    let dir_tmp = temp_dir("huge");
    let dir = dir_tmp.path();
    let mut server = Server::start(dir, &[]);
    // Announced as 100 MB: refused before it is read.
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let head = format!(
        "POST /api/run HTTP/1.1\r\nHost: x\r\nX-Grundy-Token: {}\r\nContent-Length: 100000000\r\n\r\n",
        server.token
    );
    s.write_all(head.as_bytes()).unwrap();
    let _ = s.write_all(&[b'x'; 4096]);
    let (status, body) = read_response(&mut s);
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("grundy::serve::too_large"), "{body}");
    // Chunked, with no length announced: read to the limit and refused.
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let head = format!(
        "POST /api/run HTTP/1.1\r\nHost: x\r\nX-Grundy-Token: {}\r\nTransfer-Encoding: chunked\r\n\r\n",
        server.token
    );
    s.write_all(head.as_bytes()).unwrap();
    let chunk = format!("100000\r\n{}\r\n", "x".repeat(0x100000));
    for _ in 0..6 {
        if s.write_all(chunk.as_bytes()).is_err() {
            break;
        }
    }
    let _ = s.write_all(b"0\r\n\r\n");
    let (status, body) = read_response(&mut s);
    assert_eq!(status, 413, "{body}");
    // A worksheet past the program's limit (2 MiB) in a body within the
    // request limit: the session's own coded error.
    let text = "#".repeat(grundy::MAX_SOURCE + 10);
    let (status, v) = server.api("/api/run", &json!({ "text": text }));
    assert_eq!(status, 200);
    assert_eq!(code(&v["results"][0]), "grundy::io::too_large", "{v}");
    still_answers(&mut server);
}

#[test]
fn endless_games_and_long_queries_stop_at_their_limits() {
    let dir_tmp = temp_dir("endless");
    let dir = dir_tmp.path();
    let mut server = Server::start(dir, &["--max-steps", "3000000"]);
    let endless = "game Up(n) { move Up(n + 1) }\ngrundy Up(0)\n";
    let (_, v) = server.api("/api/run", &json!({ "text": endless }));
    assert!(code(&v["results"][0]).starts_with("grundy::"), "{v}");
    assert_eq!(v["complete"], true, "{v}");
    let (_, v) = server.api(
        "/api/explore",
        &json!({ "text": endless, "position": "Up(0)" }),
    );
    assert!(code(&v).starts_with("grundy::"), "{v}");
    let (_, v) = server.api("/api/run", &json!({ "text": LONG }));
    assert_eq!(code(&v["results"][0]), "grundy::eval::steps", "{v}");
    still_answers(&mut server);
}

#[test]
fn a_client_that_leaves_mid_query_stops_its_query() {
    let dir_tmp = temp_dir("leave");
    let dir = dir_tmp.path();
    let mut server = Server::start(dir, &[]);
    // As many long queries as may run at once, each left by its client.
    let clients: Vec<TcpStream> = (0..4)
        .map(|i| {
            let body = json!({ "text": LONG, "id": format!("gone{i}") }).to_string();
            let mut s = TcpStream::connect(&server.addr).unwrap();
            let head = format!(
                "POST /api/run HTTP/1.1\r\nHost: x\r\nX-Grundy-Token: {}\r\nContent-Length: {}\r\n\r\n",
                server.token,
                body.len()
            );
            s.write_all(head.as_bytes()).unwrap();
            s.write_all(body.as_bytes()).unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let (status, v) = server.api("/api/run", &json!({ "text": "grundy *1" }));
    assert_eq!((status, code(&v)), (503, "grundy::serve::busy"), "{v}");
    drop(clients);
    // Their queries stop (each runs for tens of seconds otherwise): the
    // server has room again at once.
    let left = Instant::now();
    loop {
        let (status, _) = server.api("/api/run", &json!({ "text": "grundy *1" }));
        if status == 200 {
            break;
        }
        assert!(
            left.elapsed() < Duration::from_secs(10),
            "the queries go on"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    still_answers(&mut server);
}

#[test]
fn cancel_stops_a_running_query_as_ctrl_c_does() {
    let dir_tmp = temp_dir("cancel");
    let dir = dir_tmp.path();
    let mut server = Server::start(dir, &[]);
    let started = Instant::now();
    std::thread::scope(|scope| {
        let running =
            scope.spawn(|| server.api("/api/run", &json!({ "text": LONG, "id": "long" })));
        // The query is under way when the cancel comes.
        std::thread::sleep(Duration::from_millis(700));
        let (_, c) = server.api("/api/cancel", &json!({ "id": "long" }));
        assert_eq!(c["cancelled"], 1, "{c}");
        let (status, v) = running.join().unwrap();
        assert_eq!(status, 200);
        assert_eq!(code(&v["results"][0]), "grundy::solve::interrupted", "{v}");
        assert_eq!(v["complete"], false);
    });
    assert!(started.elapsed() < Duration::from_secs(20));
    let (_, c) = server.api("/api/cancel", &json!({ "id": "long" }));
    assert_eq!(c["cancelled"], 0, "{c}");
    still_answers(&mut server);
}

#[test]
fn only_the_files_named_are_read_and_written() {
    let dir_tmp = temp_dir("files");
    let dir = dir_tmp.path();
    std::fs::write(dir.join("a.game"), "grundy *1\n").unwrap();
    std::fs::write(dir.join("secret.txt"), "not yours").unwrap();
    let server = Server::start(dir, &["a.game", "new.game"]);
    let (_, v) = server.api("/api/files", &json!({}));
    assert_eq!(v["files"], json!(["a.game", "new.game"]));
    let (_, v) = server.api("/api/load", &json!({ "file": 0 }));
    assert_eq!(v["text"], "grundy *1\n");
    let (_, v) = server.api("/api/load", &json!({ "file": 1 }));
    assert_eq!(v["text"], "", "a file not written yet is empty");
    let (_, v) = server.api("/api/save", &json!({ "file": 1, "text": "grundy *2\n" }));
    assert_eq!(v["saved"], 10, "{v}");
    assert_eq!(
        std::fs::read_to_string(dir.join("new.game")).unwrap(),
        "grundy *2\n"
    );
    for file in [json!(2), json!("secret.txt"), json!(-1), json!("../a.game")] {
        let (_, v) = server.api("/api/load", &json!({ "file": file }));
        assert_eq!(code(&v), "grundy::serve::file", "{v}");
        let (_, v) = server.api("/api/save", &json!({ "file": file, "text": "x" }));
        assert_eq!(code(&v), "grundy::serve::file", "{v}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("secret.txt")).unwrap(),
        "not yours"
    );
}

#[test]
fn a_server_that_cannot_start_says_why() {
    let dir_tmp = temp_dir("start");
    let dir = dir_tmp.path();
    let out = Command::new(BIN)
        .args(["serve", "no-such-folder/x.game"])
        .current_dir(dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("grundy::io::read"), "{err}");
    assert!(err.contains("folder does not exist"), "{err}");
    let server = Server::start(dir, &[]);
    let port = server.addr.rsplit(':').next().unwrap();
    let out = Command::new(BIN)
        .args(["serve", "--port", port])
        .current_dir(dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("grundy::usage") && err.contains("cannot listen"),
        "{err}"
    );
}

/// The blocks of a Markdown text tagged `tag`, in order.
fn blocks<'a>(doc: &'a str, tag: &str) -> Vec<&'a str> {
    let fence = format!("```{tag}\n");
    doc.match_indices(&fence)
        .map(|(at, _)| {
            let body = &doc[at + fence.len()..];
            &body[..body.find("```").expect("a closed block")]
        })
        .collect()
}

#[test]
fn the_docs_api_examples_answer_as_shown() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/SERVE.md"))
        .expect("docs/SERVE.md");
    let requests = blocks(&doc, "serve-request");
    let responses = blocks(&doc, "serve-response");
    assert_eq!(requests.len(), responses.len());
    assert!(requests.len() >= 3);
    let dir_tmp = temp_dir("docs");
    let dir = dir_tmp.path();
    let server = Server::start(dir, &[]);
    for (request, response) in requests.iter().zip(&responses) {
        let (head, body) = request.split_once('\n').unwrap();
        let path = head.strip_prefix("POST ").expect("POST PATH");
        let body: serde_json::Value = serde_json::from_str(body).expect("a JSON request");
        let want: serde_json::Value = serde_json::from_str(response).expect("a JSON answer");
        let (status, got) = server.api(path, &body);
        assert_eq!(status, 200);
        assert_eq!(got, want, "{path}: docs/SERVE.md shows another answer");
    }
}

#[test]
fn the_sample_worksheet_runs_without_a_diagnostic() {
    let dir_tmp = temp_dir("sample");
    let dir = dir_tmp.path();
    let server = Server::start(dir, &[]);
    let (status, sample) = server.request("GET", "/assets/sample.game", &[], b"");
    assert_eq!(status, 200);
    let (_, v) = server.api("/api/run", &json!({ "text": sample }));
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 3, "{v}");
    assert!(results.iter().all(|r| r.get("error").is_none()), "{v}");
    assert_eq!(
        results[0]["text"],
        "value Domineering(grid(\"...|...|...\")) = ±1"
    );
}

#[test]
fn ctrl_c_stops_the_queries_and_the_server() {
    let dir_tmp = temp_dir("ctrl-c");
    let dir = dir_tmp.path();
    let mut server = Server::start(dir, &[]);
    let addr = server.addr.clone();
    let token = server.token.clone();
    let running = std::thread::spawn(move || {
        let body = json!({ "text": LONG }).to_string();
        let mut s = TcpStream::connect(&addr).unwrap();
        let head = format!(
            "POST /api/run HTTP/1.1\r\nHost: x\r\nX-Grundy-Token: {token}\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        s.write_all(head.as_bytes()).unwrap();
        s.write_all(body.as_bytes()).unwrap();
        let mut raw = Vec::new();
        let _ = std::io::Read::read_to_end(&mut s, &mut raw);
    });
    std::thread::sleep(Duration::from_millis(500));
    let started = Instant::now();
    assert_eq!(server.interrupt(), Some(130));
    assert!(started.elapsed() < Duration::from_secs(5));
    running.join().unwrap();
    assert!(
        TcpStream::connect(&server.addr).is_err(),
        "the port is closed"
    );
}
