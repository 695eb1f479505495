//! What a diagnostic shows of user text, made safe for a terminal: control
//! characters and bidirectional overrides appear escaped (`\u{1b}`), never
//! raw, so a comment cannot retitle the terminal or reorder what is shown;
//! lines longer than `MAX_COLUMNS` are cut around the label with `…`. The
//! label offsets are moved to where their text is in the shown copy.

use std::fmt;

use miette::{
    Diagnostic, LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

/// The widest source line a diagnostic echoes (in shown characters).
pub const MAX_COLUMNS: usize = 200;
/// How much of a cut line is kept before the label.
const BEFORE_LABEL: usize = 60;
/// The longest message, help or label (in characters).
pub const MAX_MESSAGE: usize = 1_000;

/// The escaped form of a character a terminal must not see raw, if it is one.
fn escape(c: char) -> Option<String> {
    let hidden = (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}');
    hidden.then(|| format!("\\u{{{:x}}}", c as u32))
}

/// A message, help line or label: escaped, and cut to `MAX_MESSAGE`.
pub fn clean(text: &str) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == MAX_MESSAGE {
            out.push('…');
            break;
        }
        match escape(c) {
            Some(e) => out.push_str(&e),
            None => out.push(c),
        }
    }
    out
}

/// A stretch of the original text replaced in the shown copy.
struct Edit {
    from: usize,
    to: usize,
    new_from: usize,
    new_to: usize,
}

/// A source text as shown, and where its offsets went.
pub struct ShownSource {
    pub text: String,
    edits: Vec<Edit>,
}

impl ShownSource {
    /// The shown copy of `text`; `anchors` are the label starts a cut line
    /// keeps in view.
    pub fn new(text: &str, anchors: &[usize]) -> Self {
        let mut s = ShownSource {
            text: String::with_capacity(text.len().min(1 << 20)),
            edits: Vec::new(),
        };
        let mut line_start = 0;
        while line_start <= text.len() {
            let line_end = text[line_start..]
                .find('\n')
                .map_or(text.len(), |i| line_start + i);
            s.line(text, line_start, line_end, anchors);
            if line_end < text.len() {
                s.text.push('\n');
            }
            line_start = line_end + 1;
        }
        s
    }

    fn replace(&mut self, from: usize, to: usize, with: &str) {
        let new_from = self.text.len();
        self.text.push_str(with);
        self.edits.push(Edit {
            from,
            to,
            new_from,
            new_to: self.text.len(),
        });
    }

    fn line(&mut self, text: &str, start: usize, end: usize, anchors: &[usize]) {
        let line = &text[start..end];
        let plain = line.len() <= MAX_COLUMNS
            && line.bytes().all(|b| (b >= 0x20 && b != 0x7f) || b == b'\t')
            && (line.is_ascii() || line.chars().all(|c| escape(c).is_none()));
        if plain {
            self.text.push_str(line);
            return;
        }
        // Where the shown part starts: a little before the first label on
        // this line, or at the line's start.
        let mut from = start;
        if let Some(&a) = anchors.iter().find(|&&a| a >= start && a <= end)
            && text[start..a].chars().count() > BEFORE_LABEL
        {
            from = text[start..a]
                .char_indices()
                .rev()
                .nth(BEFORE_LABEL - 1)
                .map_or(start, |(i, _)| start + i);
        }
        if from > start {
            self.replace(start, from, "…");
        }
        let mut columns = 0;
        let mut at = from;
        for (i, c) in text[from..end].char_indices() {
            let i = from + i;
            if columns >= MAX_COLUMNS {
                break;
            }
            // A `\r` before the newline is a line ending, not a character.
            let line_ending = c == '\r' && i + 1 == end && text[end..].starts_with('\n');
            match escape(c).filter(|_| !line_ending) {
                Some(e) => {
                    columns += e.len();
                    self.replace(i, i + c.len_utf8(), &e);
                }
                None => {
                    columns += 1;
                    self.text.push(c);
                }
            }
            at = i + c.len_utf8();
        }
        if at < end {
            self.replace(at, end, "…");
        }
    }

    /// Where an offset that starts a span went.
    fn start(&self, o: usize) -> usize {
        self.map(o, |e| e.new_from)
    }

    /// Where an offset that ends a span went.
    fn end(&self, o: usize) -> usize {
        self.map(o, |e| e.new_to)
    }

    fn map(&self, o: usize, inside: impl Fn(&Edit) -> usize) -> usize {
        // The last edit starting at or before `o`.
        let i = self.edits.partition_point(|e| e.from <= o);
        let Some(e) = i.checked_sub(1).map(|i| &self.edits[i]) else {
            return o;
        };
        if o == e.from {
            e.new_from
        } else if o < e.to {
            inside(e)
        } else {
            o - e.to + e.new_to
        }
    }

    /// A span of the original text, in the shown copy.
    pub fn span(&self, s: SourceSpan) -> SourceSpan {
        let start = self.start(s.offset());
        let end = self.end(s.offset() + s.len()).max(start);
        (start, end - start).into()
    }
}

/// A diagnostic as shown: every part that holds user text cleaned, the
/// source a `ShownSource`.
#[derive(Debug)]
pub struct Shown {
    message: String,
    code: Option<String>,
    help: Option<String>,
    labels: Vec<LabeledSpan>,
    source: Option<ShownText>,
}

/// The shown copy of a source as miette reads it; the header's column is
/// the label's column in the original line (a cut line shifts it).
#[derive(Debug)]
struct ShownText {
    name: String,
    text: String,
    /// The line of the original text the shown copy starts at.
    first_line: usize,
    /// Label starts in the shown copy, and their original columns.
    columns: Vec<(usize, usize)>,
}

impl SourceCode for ShownText {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let c = self.text.read_span(span, before, after)?;
        // miette asks for a label alone (no context lines) for the header.
        let column = match (before, after) {
            (0, 0) => self
                .columns
                .iter()
                .find(|(at, _)| *at == span.offset())
                .map_or(c.column(), |&(_, col)| col),
            _ => c.column(),
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            c.data(),
            *c.span(),
            c.line() + self.first_line,
            column,
            c.line_count(),
        )))
    }
}

/// Lines of context kept around a diagnostic's labels (miette shows
/// one on each side).
const CONTEXT_LINES: usize = 3;

/// The part of `text` a diagnostic shows: from a few lines before its
/// first label to a few lines after its last. Its offset in the text, its
/// first line's number, and the part.
fn window<'t>(text: &'t str, lines: &[usize], labels: &[LabeledSpan]) -> (usize, usize, &'t str) {
    let line_of = |o: usize| lines.partition_point(|&s| s <= o).saturating_sub(1);
    let lo = labels.iter().map(LabeledSpan::offset).min().unwrap_or(0);
    let hi = labels
        .iter()
        .map(|l| l.offset() + l.len())
        .max()
        .unwrap_or(0);
    let first = line_of(lo.min(text.len())).saturating_sub(CONTEXT_LINES);
    let last = line_of(hi.min(text.len())) + CONTEXT_LINES + 1;
    let from = lines.get(first).copied().unwrap_or(0).min(text.len());
    let to = lines
        .get(last)
        .copied()
        .unwrap_or(text.len())
        .min(text.len());
    (from, first, &text[from..to])
}

impl Shown {
    /// `source` is the name and text the diagnostic's labels point into.
    ///
    /// `lines` are where the text's lines start: only the lines around
    /// the labels are copied and escaped, so a diagnostic costs the same
    /// at the end of a long file as at its start.
    pub fn new(d: &dyn Diagnostic, source: Option<(&str, &str, &[usize])>) -> Shown {
        let labels: Vec<LabeledSpan> = d
            .labels()
            .map(std::iter::Iterator::collect)
            .unwrap_or_default();
        let mut shown_labels = Vec::new();
        let source = source.map(|(name, whole, lines)| {
            let (from, first_line, text) = window(whole, lines, &labels);
            let labels: Vec<LabeledSpan> = labels
                .iter()
                .map(|l| {
                    let o = l.offset().min(whole.len()).max(from) - from;
                    let len = l.len().min(text.len() - o);
                    let span = SourceSpan::from((o, len));
                    let label = l.label().map(str::to_string);
                    if l.primary() {
                        LabeledSpan::new_primary_with_span(label, span)
                    } else {
                        LabeledSpan::new_with_span(label, span)
                    }
                })
                .collect();
            let anchors: Vec<usize> = labels.iter().map(miette::LabeledSpan::offset).collect();
            let s = ShownSource::new(text, &anchors);
            let mut columns = Vec::new();
            for l in &labels {
                let span = s.span(*l.inner());
                let o = l.offset().min(text.len());
                let line_start = text.as_bytes()[..o]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                columns.push((span.offset(), o - line_start));
                let label = l.label().map(clean);
                shown_labels.push(if l.primary() {
                    LabeledSpan::new_primary_with_span(label, span)
                } else {
                    LabeledSpan::new_with_span(label, span)
                });
            }
            ShownText {
                name: clean(name),
                text: s.text,
                first_line,
                columns,
            }
        });
        Shown {
            message: clean(&d.to_string()),
            code: d.code().map(|c| c.to_string()),
            help: d.help().map(|h| clean(&h.to_string())),
            labels: shown_labels,
            source,
        }
    }
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Shown {}

impl Diagnostic for Shown {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.code
            .as_ref()
            .map(|c| Box::new(c) as Box<dyn fmt::Display>)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().cloned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str, span: (usize, usize)) -> (String, (usize, usize)) {
        let s = ShownSource::new(text, &[span.0]);
        let m = s.span((span.0, span.1 - span.0).into());
        (s.text.clone(), (m.offset(), m.offset() + m.len()))
    }

    #[test]
    fn plain_text_is_unchanged() {
        let text = "game G(n) {\n\tmove G(n - 1)\r\n}\n";
        assert_eq!(shown(text, (5, 6)), (text.to_string(), (5, 6)));
    }

    #[test]
    fn controls_and_bidi_overrides_are_escaped_and_labels_follow() {
        let text = "# \u{1b}]0;title\u{7}\nlet x = \u{202e}y\n";
        let at = text.find('y').unwrap();
        let (s, (a, b)) = shown(text, (at, at + 1));
        assert_eq!(s, "# \\u{1b}]0;title\\u{7}\nlet x = \\u{202e}y\n");
        assert_eq!(&s[a..b], "y");
        assert_eq!(clean("found `\0`"), "found `\\u{0}`");
    }

    #[test]
    fn long_lines_are_cut_around_the_label() {
        let line = format!("{}HERE{}", "a".repeat(10_000), "b".repeat(10_000));
        let text = format!("first\n{line}\nlast\n");
        let at = text.find("HERE").unwrap();
        let (s, (a, b)) = shown(&text, (at, at + 4));
        assert_eq!(&s[a..b], "HERE");
        let cut = s.lines().nth(1).unwrap();
        assert!(cut.starts_with('…') && cut.ends_with('…'), "{cut}");
        assert!(cut.chars().count() <= MAX_COLUMNS + 2, "{}", cut.len());
        assert_eq!(s.lines().nth(2), Some("last"));
        // A span running past the cut ends at the `…`.
        let (s, (a, b)) = shown(&text, (at, text.len() - 6));
        assert!(s[a..b].starts_with("HERE") && s[a..b].ends_with('…'));
        assert!(clean(&"x".repeat(5_000)).chars().count() <= MAX_MESSAGE + 1);
    }
}
