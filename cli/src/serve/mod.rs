//! `grundy serve`: the worksheet and the game-tree explorer in a browser.
//! A local web server (axum) bound to the loopback address on a free
//! port unless told otherwise, its address printed with a random token
//! that every page and API call must carry (as Jupyter does); the pages
//! and their assets are embedded in the binary (`assets/`), the JSON API
//! (`api.rs`) runs over the library's façade as the REPL does, each
//! request in a session of its own under the per-query limits. Ctrl-C
//! stops the queries under way and the server. docs/SERVE.md describes
//! the pages and the API.

pub mod api;
pub mod http;

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use grundy::{Error, FrontEndError, Limits};

use crate::console::{self, Checked};

/// What `grundy serve` is given.
pub struct Args {
    pub files: Vec<PathBuf>,
    pub host: IpAddr,
    pub port: u16,
    pub open: bool,
    pub limits: Limits,
}

/// What begins each line the server prints: `grundy serve: `.
const SAID: &str = "grundy serve: ";

/// The default address: this machine only.
pub const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

/// A random token of 32 hexadecimal digits, from the system's generator.
fn token() -> Result<String, Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| {
        Error::from(FrontEndError::Usage {
            message: format!("no random token could be made: {e}"),
            help: "the system's random number generator is needed for the server's token".into(),
        })
    })?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The files named on the command line: each must be a readable text when
/// it exists, or be creatable (its folder exists) when it does not.
fn check_files(files: &[PathBuf]) -> Result<(), Error> {
    for path in files {
        if path.exists() {
            console::read_file(
                path,
                "`grundy serve` reads and writes the files it is given",
            )?;
        } else {
            let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
            if folder.is_some_and(|f| !f.is_dir()) {
                return Err(FrontEndError::ReadFile {
                    path: path.display().to_string(),
                    reason: "its folder does not exist".into(),
                    help: "name a file in a folder that exists: it is created by the first save"
                        .into(),
                }
                .into());
            }
        }
    }
    Ok(())
}

/// Open the address in the desktop's browser (`--open`); a failure is
/// said on standard error, the server goes on.
fn open_browser(url: &str, err: &mut Checked<std::io::Stderr>) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let spawned = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if spawned.is_err() {
        err.line(&format!(
            "{SAID}could not run `{opener}`: open the address above in a browser"
        ));
    }
}

/// Run the server until Ctrl-C. Exit status: 1 when it cannot start (a
/// diagnostic says why), 130 when Ctrl-C stops it.
pub fn run(args: Args) -> i32 {
    let mut out = Checked::stdout();
    let mut err = Checked::stderr();
    let started = start(&args);
    let (listener, state, url) = match started {
        Ok(s) => s,
        Err(e) => {
            err.line(&format!("{:?}", e.report_alone()));
            return 1;
        }
    };
    out.line(&format!("{SAID}{url}"));
    if !args.host.is_loopback() {
        err.line(&format!(
            "{SAID}listening on {} beyond this machine: whoever has the address with its token can run queries here",
            args.host
        ));
    }
    err.line(&format!("{SAID}Ctrl-C stops the server"));
    let _ = std::io::stdout().flush();
    if args.open {
        open_browser(&url, &mut err);
    }
    let stop = Arc::new(AtomicBool::new(false));
    console::on_ctrl_c(stop.clone());
    if let Err(e) = listen(listener, state.clone(), &stop) {
        err.line(&format!("{SAID}the server failed: {e}"));
        return 1;
    }
    let n = state.cancel_all();
    err.line(&format!(
        "{SAID}stopped ({n} quer{} cancelled)",
        if n == 1 { "y" } else { "ies" }
    ));
    console::EXIT_INTERRUPTED
}

/// Serve requests on a one-thread runtime until `stop` (Ctrl-C) is raised.
fn listen(
    listener: std::net::TcpListener,
    state: Arc<http::State>,
    stop: &AtomicBool,
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        listener.set_nonblocking(true)?;
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let app = axum::Router::new().fallback(http::handle).with_state(state);
        let stopped = async {
            while !stop.load(Ordering::Relaxed) {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        };
        tokio::select! {
            served = axum::serve(listener, app) => served,
            () = stopped => Ok(()),
        }
    })
}

type Started = (std::net::TcpListener, Arc<http::State>, String);

fn start(args: &Args) -> Result<Started, Error> {
    check_files(&args.files)?;
    let token = token()?;
    let addr = SocketAddr::new(args.host, args.port);
    let listener = std::net::TcpListener::bind(addr).map_err(|e| {
        Error::from(FrontEndError::Usage {
            message: format!("cannot listen on {addr}: {e}"),
            help: "choose another --port (0: any free one) or --host".into(),
        })
    })?;
    let bound = listener.local_addr().unwrap_or(addr);
    let host = match bound.ip() {
        IpAddr::V6(ip) => format!("[{ip}]"),
        IpAddr::V4(ip) => ip.to_string(),
    };
    let url = format!("http://{host}:{}/?token={token}", bound.port());
    let state = Arc::new(http::State::new(token, args.limits, args.files.clone()));
    Ok((listener, state, url))
}
