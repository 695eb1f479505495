//! Where text comes from: `Span`s (byte ranges in one loaded text) and the
//! texts a session has loaded, so a diagnostic can show the line it is about.

use std::sync::{Arc, OnceLock};

use miette::NamedSource;

/// The largest program text (2 MiB): checked before parsing, by the front
/// ends when they read a file or standard input and by the session for a
/// text given to it, so a huge input is refused at once
/// (`grundy::io::too_large`) instead of parsed for minutes.
pub const MAX_SOURCE: usize = 2 << 20;

/// Which loaded text a span points into (a file, a REPL line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct SourceId(pub u32);

/// A byte range in one source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// The text it is in.
    pub src: SourceId,
    /// Its first byte.
    pub start: u32,
    /// The byte after its last.
    pub end: u32,
}

impl Span {
    /// The bytes `start..end` of `src`.
    pub fn new(src: SourceId, start: usize, end: usize) -> Self {
        Span {
            src,
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            src: self.src,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(s: Span) -> Self {
        (s.start as usize, (s.end - s.start) as usize).into()
    }
}

/// The texts a session loaded, by id, which diagnostics point into.
#[derive(Debug, Default, Clone)]
pub struct Sources {
    /// Each text's name, the text, and where its lines start, made when
    /// a diagnostic first needs it: a diagnostic shows a few lines around
    /// its labels, found there without scanning the text from its start
    /// each time (20,000 diagnostics in a 400 KB file took minutes).
    files: Vec<(String, Arc<String>, LineStarts)>,
}

/// Where a text's lines start, once a diagnostic asked.
type LineStarts = OnceLock<Arc<[usize]>>;

impl Sources {
    /// Keep a text under a name (a file's path, `<stdin>`), for its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> SourceId {
        self.files
            .push((name.into(), Arc::new(text.into()), OnceLock::new()));
        SourceId((self.files.len() - 1) as u32)
    }

    /// The offsets at which the lines of `id`'s text start.
    pub fn line_starts(&self, id: SourceId) -> Arc<[usize]> {
        match self.files.get(id.0 as usize) {
            Some((_, text, lines)) => lines
                .get_or_init(|| {
                    std::iter::once(0)
                        .chain(newlines(text).map(|n| n + 1))
                        .collect()
                })
                .clone(),
            None => Arc::from([0]),
        }
    }

    /// The text of `id` (empty for an unknown id).
    pub fn text(&self, id: SourceId) -> &str {
        self.files
            .get(id.0 as usize)
            .map(|(_, t, _)| t.as_str())
            .unwrap_or("")
    }

    /// The name of `id`.
    pub fn name(&self, id: SourceId) -> &str {
        self.files
            .get(id.0 as usize)
            .map(|(n, _, _)| n.as_str())
            .unwrap_or("<unknown>")
    }

    /// The text of `id` as miette shows a diagnostic's source.
    pub fn named(&self, id: SourceId) -> NamedSource<String> {
        NamedSource::new(self.name(id), self.text(id).to_string())
    }
}

/// The offsets of the newlines of a text.
fn newlines(text: &str) -> impl Iterator<Item = usize> + '_ {
    text.bytes()
        .enumerate()
        .filter(|&(_, b)| b == b'\n')
        .map(|(i, _)| i)
}
