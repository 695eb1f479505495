//! The `grundy` command: a thin shell over `grundy_cli::main`.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether standard output was closed when the process started (`>&-`).
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Looks at descriptor 1 before Rust's runtime starts: the runtime
/// reopens a closed standard output on `/dev/null` before `main`, after
/// which a closed one cannot be told from `> /dev/null`. Functions in
/// `.init_array` run before it.
extern "C" fn look_at_stdout() {
    // SAFETY: fcntl(F_GETFD) only reads the descriptor's flags.
    if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
    }
}

#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;

fn main() {
    grundy_cli::console::set_stdout_closed_at_start(STDOUT_CLOSED.load(Ordering::Relaxed));
    std::process::exit(grundy_cli::main());
}
