//! Where text comes from: `Span`s (byte ranges in one loaded text) and the
//! texts a session has loaded, so a diagnostic can show the line it is about.

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
    files: Vec<(String, std::sync::Arc<String>)>,
}

impl Sources {
    /// Keep a text under a name (a file's path, `<stdin>`), for its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> SourceId {
        self.files
            .push((name.into(), std::sync::Arc::new(text.into())));
        SourceId((self.files.len() - 1) as u32)
    }

    /// The text of `id` (empty for an unknown id).
    pub fn text(&self, id: SourceId) -> &str {
        self.files
            .get(id.0 as usize)
            .map(|(_, t)| t.as_str())
            .unwrap_or("")
    }

    /// The name of `id`.
    pub fn name(&self, id: SourceId) -> &str {
        self.files
            .get(id.0 as usize)
            .map(|(n, _)| n.as_str())
            .unwrap_or("<unknown>")
    }

    /// The text of `id` as miette shows a diagnostic's source.
    pub fn named(&self, id: SourceId) -> NamedSource<String> {
        NamedSource::new(self.name(id), self.text(id).to_string())
    }
}
