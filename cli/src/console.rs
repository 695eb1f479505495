//! The process's standard streams and Ctrl-C, shared by `cli` and `repl`:
//! writers that never panic (a closed pipe ends the program quietly, any
//! other failed write is a coded error), input read with a size limit, and
//! the one Ctrl-C handler a process may install.

use std::io::{self, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use grundy::Error;
use grundy::{FrontEndError, LimitError};

/// Exit status after the reader of standard output went away (a closed
/// pipe, as in `grundy octal 0.77 | head -1`): what a shell reports for a
/// Unix tool that SIGPIPE ended (128 + 13), without a message.
pub const EXIT_BROKEN_PIPE: i32 = 141;

/// Exit status after Ctrl-C (SIGINT) stopped `grundy run` or `grundy
/// octal`: 128 + 2, as shells report for a tool that SIGINT ended.
pub const EXIT_INTERRUPTED: i32 = 130;

/// The largest text read from a file or standard input (the program limit,
/// 2 MiB): a larger or endless input (`grundy < /dev/zero`) is a coded
/// error, not a hang.
pub const MAX_INPUT: usize = grundy::MAX_SOURCE;

/// Why a write failed: the reader left (quiet), or anything else (an error).
#[derive(Debug, Clone)]
pub enum WriteFailure {
    Closed,
    Failed(Error),
}

/// How much of a long line `Checked::line_heard` writes between two
/// looks at Ctrl-C's flag: a megabyte, a few milliseconds into a pipe.
pub const PIECE: usize = 1 << 20;

/// What became of a line `Checked::line_heard` wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heard {
    /// All of it was written.
    Whole,
    /// Ctrl-C came while it was written: it ends where it was cut.
    Cut,
    /// The stream failed (see `Checked::failure`).
    Failed,
}

/// What a front end reports for an answer whose printing Ctrl-C cut
/// (`Heard::Cut`): the query, at `span`, interrupted.
pub fn cut_short(span: Option<grundy::Span>) -> Error {
    match span {
        Some(span) => LimitError::Interrupted { span }.into(),
        None => LimitError::Stopped {
            what: "the answer being printed was cut short".into(),
        }
        .into(),
    }
}

/// Write `text` and a newline to `out` in pieces of [`PIECE`] bytes, with
/// a look at `stop` (Ctrl-C's flag) after each: raised before the end, the
/// line ends where it is ([`Heard::Cut`]). Flushed at the end.
pub fn write_line_heard(out: &mut dyn Write, text: &str, stop: &AtomicBool) -> io::Result<Heard> {
    let mut rest = text;
    while rest.len() > PIECE {
        let mut end = PIECE;
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        let (piece, after) = rest.split_at(end);
        out.write_all(piece.as_bytes())?;
        rest = after;
        if stop.load(Ordering::Relaxed) {
            out.write_all(b"\n")?;
            out.flush()?;
            return Ok(Heard::Cut);
        }
    }
    out.write_all(rest.as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(Heard::Whole)
}

/// A writer that remembers its first failure and refuses to write after
/// it, so a program whose output is gone stops rather than computing on.
pub struct Checked<W: Write> {
    inner: W,
    stream: &'static str,
    failure: Option<WriteFailure>,
}

impl Checked<io::Stdout> {
    pub fn stdout() -> Self {
        Checked::new(io::stdout(), "standard output")
    }
}

impl Checked<io::Stderr> {
    pub fn stderr() -> Self {
        Checked::new(io::stderr(), "standard error")
    }
}

impl<W: Write> Checked<W> {
    pub fn new(inner: W, stream: &'static str) -> Self {
        Checked {
            inner,
            stream,
            failure: None,
        }
    }

    /// Write a line and flush it; false once this stream has failed.
    /// The writer inside (what was written, for a buffer).
    pub fn into_inner(self) -> W {
        self.inner
    }

    pub fn line(&mut self, text: &str) -> bool {
        let r = self
            .write_all(text.as_bytes())
            .and_then(|()| self.write_all(b"\n"))
            .and_then(|()| self.flush());
        r.is_ok()
    }

    /// `line` for an answer that may be long: written in pieces of
    /// [`PIECE`] bytes, with a look at `stop` (Ctrl-C's flag) after each.
    /// Raised before the end, the line ends where it is ([`Heard::Cut`]),
    /// so a long answer does not keep a pressed Ctrl-C waiting.
    pub fn line_heard(&mut self, text: &str, stop: &AtomicBool) -> Heard {
        match write_line_heard(self, text, stop) {
            Ok(heard) => heard,
            Err(_) => Heard::Failed,
        }
    }

    pub fn failure(&self) -> Option<&WriteFailure> {
        self.failure.as_ref()
    }

    pub fn failed(&self) -> bool {
        self.failure.is_some()
    }

    fn record(&mut self, e: &io::Error) {
        if self.failure.is_some() {
            return;
        }
        self.failure = Some(if e.kind() == io::ErrorKind::BrokenPipe {
            WriteFailure::Closed
        } else {
            WriteFailure::Failed(
                FrontEndError::WriteStream {
                    stream: self.stream.to_string(),
                    reason: e.to_string(),
                }
                .into(),
            )
        });
    }

    fn refused(&self) -> io::Error {
        io::Error::other(format!("{} failed earlier", self.stream))
    }
}

impl<W: Write> Write for Checked<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.failure.is_some() {
            return Err(self.refused());
        }
        self.inner.write(buf).inspect_err(|e| self.record(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.failure.is_some() {
            return Err(self.refused());
        }
        self.inner.flush().inspect_err(|e| self.record(e))
    }
}

/// The exit status of a program whose streams are `out` and `err`, given
/// the status it would have had: a closed pipe is 141 (quietly), a failed
/// write to standard output is reported on standard error and is 1, a
/// failed standard error is 1 (there is nowhere left to say why).
/// Set by the binary when standard output was closed as it started.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Record that standard output was closed when the process started
/// (`grundy run f.game >&-`): the binary looks before Rust's runtime
/// reopens it on `/dev/null`.
pub fn set_stdout_closed_at_start(closed: bool) {
    STDOUT_CLOSED.store(closed, Ordering::Relaxed);
}

/// `grundy::io::write` when standard output was closed at the start:
/// every answer would be lost, and a program running grundy could not
/// tell from an exit status of 0.
pub fn stdout_closed_error() -> Option<Error> {
    STDOUT_CLOSED.load(Ordering::Relaxed).then(|| {
        FrontEndError::WriteStream {
            stream: "standard output".into(),
            reason: "it was closed when grundy started (`>&-`), so every answer would be lost"
                .into(),
        }
        .into()
    })
}

pub fn exit_status(status: i32, out: &Checked<impl Write>, err: &mut Checked<impl Write>) -> i32 {
    for failure in [out.failure(), err.failure()].into_iter().flatten() {
        if let WriteFailure::Closed = failure {
            return EXIT_BROKEN_PIPE;
        }
    }
    if let Some(WriteFailure::Failed(e)) = out.failure() {
        let e = e.clone();
        err.line(&format!("{:?}", e.report_alone()));
        return 1;
    }
    if err.failed() {
        return 1;
    }
    status
}

/// Read all of `input` as UTF-8 text of at most `MAX_INPUT` bytes; `name`
/// says what it is in the error.
pub fn read_text(mut input: impl Read, name: &str, help: &str) -> Result<String, Error> {
    let mut bytes = Vec::new();
    let limit = MAX_INPUT as u64 + 1;
    if let Err(e) = (&mut input).take(limit).read_to_end(&mut bytes) {
        return Err(FrontEndError::ReadFile {
            path: name.to_string(),
            reason: e.to_string(),
            help: help.to_string(),
        }
        .into());
    }
    if bytes.len() > MAX_INPUT {
        return Err(FrontEndError::InputTooLarge {
            name: name.to_string(),
            limit: MAX_INPUT,
        }
        .into());
    }
    // A byte-order mark some editors put first says only "UTF-8": drop it.
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..offset]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        FrontEndError::NotUtf8 {
            name: name.to_string(),
            offset,
            line,
        }
        .into()
    })
}

/// Read a file as `read_text` reads a stream.
pub fn read_file(path: &std::path::Path, help: &str) -> Result<String, Error> {
    let name = path.display().to_string();
    match std::fs::File::open(path) {
        Ok(f) => read_text(f, &name, help),
        Err(e) => Err(FrontEndError::ReadFile {
            path: name,
            reason: e.to_string(),
            help: help.to_string(),
        }
        .into()),
    }
}

/// Let Ctrl-C (SIGINT) set `flag` instead of ending the process. A process
/// has one handler: the first call installs it, later calls change nothing
/// (a process runs one REPL or one command). Returns whether `flag` is the
/// one the handler sets.
pub fn on_ctrl_c(flag: Arc<AtomicBool>) -> bool {
    static INSTALLED: std::sync::OnceLock<(usize, bool)> = std::sync::OnceLock::new();
    let id = Arc::as_ptr(&flag) as usize;
    let (installed_for, ok) = *INSTALLED.get_or_init(|| {
        let ok = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed)).is_ok();
        (id, ok)
    });
    ok && installed_for == id
}

/// The flag Ctrl-C raises in `grundy run`, the same for every session the
/// run makes (the text read once to plan `--jobs`, its workers, or the
/// sequential run it falls back to), with the handler installed for it.
pub fn run_flag() -> Arc<AtomicBool> {
    static FLAG: std::sync::OnceLock<Arc<AtomicBool>> = std::sync::OnceLock::new();
    let flag = FLAG
        .get_or_init(|| Arc::new(AtomicBool::new(false)))
        .clone();
    on_ctrl_c(flag.clone());
    flag
}
