//! `grundy serve` for the tests: the binary started on a free port of the
//! loopback address, its printed address read back, ended when dropped;
//! and a plain HTTP/1.1 client on a socket, so a test can send what no
//! browser would (a wrong token, a huge body, a connection closed early).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `grundy serve`.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    pub token: String,
    /// The address it printed, with its token.
    pub url: String,
}

impl Server {
    /// `grundy serve ARGS...` from `dir`, once it has printed its address.
    pub fn start(dir: &Path, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .arg("serve")
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("grundy serve starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("its stdout"))
            .read_line(&mut first)
            .expect("grundy serve prints its address");
        let url = first
            .trim()
            .strip_prefix("grundy serve: ")
            .unwrap_or_else(|| panic!("an address, not {first:?}"))
            .to_string();
        let rest = url.strip_prefix("http://").expect("an http address");
        let (addr, token) = rest.split_once("/?token=").expect("a token in the address");
        Server {
            addr: addr.to_string(),
            token: token.to_string(),
            url: url.clone(),
            child,
        }
    }

    /// Send the server Ctrl-C (SIGINT) and wait for it to end (10 s at
    /// most): its exit status and what it wrote on standard error.
    pub fn interrupt(&mut self) -> Option<i32> {
        let pid = libc::pid_t::try_from(self.child.id()).expect("a pid");
        // SAFETY: kill(2) on this test's own child process.
        unsafe { libc::kill(pid, libc::SIGINT) };
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            assert!(
                std::time::Instant::now() < deadline,
                "Ctrl-C did not stop the server"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether the process still runs.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// An API call with the token: the status and the JSON answer.
    pub fn api(&self, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        let (status, text) = self.request(
            "POST",
            path,
            &[("X-Grundy-Token", &self.token)],
            body.to_string().as_bytes(),
        );
        let json = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("JSON from {path}, not {text:?}: {e}"));
        (status, json)
    }

    /// One request on a connection of its own: the status and the body.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).expect("the server accepts");
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        s.write_all(head.as_bytes()).unwrap();
        s.write_all(body).unwrap();
        read_response(&mut s)
    }
}

/// A response read to its end: the status and the body.
pub fn read_response(s: &mut TcpStream) -> (u16, String) {
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("a status line, not {text:?}"));
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    // A chunked body: its chunks joined.
    let body = if text
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    (status, body)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh folder of the system's temporary folder for one test.
/// (Removed when the value is dropped.)
pub fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("grundy-serve-{name}-"))
        .tempdir()
        .unwrap()
}
