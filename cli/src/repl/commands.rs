//! The `:commands`: what each does, and how a prefix or a misspelling
//! finds one (the list of them, with their help, is `help::COMMANDS`).

use std::io::Write;
use std::path::Path;

use super::help::{COMMANDS, help_text, suggest_among};
use super::highlight::highlight_line;
use super::{Flow, Repl};
use grundy::FrontEndError;

impl Repl {
    /// One `:command` line (the text after the colon).
    pub(super) fn command(&mut self, line: &str, out: &mut dyn Write, err: &mut dyn Write) -> Flow {
        let (word, rest) = match line.find(char::is_whitespace) {
            Some(i) => (&line[..i], line[i..].trim()),
            None => (line, ""),
        };
        let Some(cmd) = resolve_command(word) else {
            let help = match suggest_command(word) {
                Some(c) => format!("did you mean `:{c}`?"),
                None => "type :help for the list of commands".to_string(),
            };
            self.diagnostic(
                err,
                &FrontEndError::UnknownCommand {
                    word: word.to_string(),
                    help,
                }
                .into(),
            );
            return Flow::Continue;
        };
        let no_args = |this: &Self, err: &mut dyn Write| {
            if !rest.is_empty() {
                this.diagnostic(
                    err,
                    &FrontEndError::CommandArguments {
                        command: cmd.to_string(),
                    }
                    .into(),
                );
                return false;
            }
            true
        };
        match cmd {
            "quit" => return Flow::Quit,
            "help" => {
                let color = self.color;
                let paint = |s: &str| {
                    if color {
                        highlight_line(s, &[]).into_owned()
                    } else {
                        s.to_string()
                    }
                };
                let topic = (!rest.is_empty()).then_some(rest);
                match help_text(topic, &paint) {
                    Ok(text) => {
                        let _ = writeln!(out, "{text}");
                    }
                    Err(message) => {
                        self.diagnostic(err, &FrontEndError::HelpTopic { message }.into());
                    }
                }
            }
            "time" if no_args(self, err) => {
                self.time = !self.time;
                let _ = writeln!(out, "timing {}", if self.time { "on" } else { "off" });
            }
            "json" if no_args(self, err) => {
                self.json = !self.json;
                let _ = writeln!(
                    out,
                    "answers as {}",
                    if self.json { "JSON" } else { "text" }
                );
            }
            "games" if no_args(self, err) => {
                let _ = writeln!(out, "{}", self.games());
            }
            "load" => {
                let files = split_paths(rest);
                if files.is_empty() {
                    self.diagnostic(err, &FrontEndError::LoadWithoutFile.into());
                }
                for f in files {
                    if !self.load(Path::new(&f), out, err) {
                        break;
                    }
                }
            }
            "plot" | "svg" => self.picture(cmd, rest, out, err),
            "reload" if no_args(self, err) => {
                if self.loaded.is_empty() {
                    let _ = writeln!(out, "no file loaded yet: use :load FILE");
                }
                for f in self.loaded.clone() {
                    if !self.load(&f, out, err) {
                        break;
                    }
                }
            }
            _ => {}
        }
        let _ = out.flush();
        Flow::Continue
    }

    /// `:plot FILE` / `:svg FILE`: the last answer's picture, drawn as
    /// `grundy run --plot` / `--svg` draws it.
    fn picture(&self, cmd: &str, rest: &str, out: &mut dyn Write, err: &mut dyn Write) {
        use grundy::Picture;
        use grundy::render::{draw_one, picture_kind};
        let files = split_paths(rest);
        let [file] = files.as_slice() else {
            let example = if cmd == "plot" { "s.svg" } else { "g.png" };
            self.diagnostic(
                err,
                &FrontEndError::PictureWithoutFile {
                    command: cmd.to_string(),
                    example: example.to_string(),
                }
                .into(),
            );
            return;
        };
        let wanted = if cmd == "plot" {
            Picture::Plot
        } else {
            Picture::Graph
        };
        let kind = self.last.as_ref().and_then(picture_kind);
        let problem = match (kind, wanted) {
            (Some(k), w) if k == w => None,
            (Some(Picture::Graph), _) => Some((
                "the last answer is a graph, not a plot".to_string(),
                "draw it with `:svg FILE`".to_string(),
            )),
            (Some(Picture::Plot), _) => Some((
                "the last answer is a sequence, table or thermograph, not a graph".to_string(),
                "draw it with `:plot FILE`".to_string(),
            )),
            (None, _) => Some((
                match self.last {
                    Some(_) => format!("the last answer has no picture for `:{cmd}`"),
                    None => "there is no answer to draw yet".to_string(),
                },
                if cmd == "plot" {
                    "ask a `sequence`, `table` or `thermograph` first (e.g. `sequence Nim 0..=9`), then :plot FILE"
                        .to_string()
                } else {
                    "ask `dot` of a graph or position first (e.g. `dot Nim(3)`), then :svg FILE"
                        .to_string()
                },
            )),
        };
        if let Some((message, help)) = problem {
            self.diagnostic(err, &FrontEndError::NoPicture { message, help }.into());
            return;
        }
        let Some(answer) = &self.last else { return };
        // What was written goes to `out` (it answers the command); in
        // `:json` mode as `{"wrote": FILE}` (and `{"note": …}`).
        let mut log = Vec::new();
        let drawn = draw_one(answer, std::path::Path::new(file), &mut log);
        for line in String::from_utf8_lossy(&log).lines() {
            if !self.json {
                let _ = writeln!(out, "{line}");
            } else if let Some(path) = line.strip_prefix("wrote ") {
                let _ = writeln!(
                    out,
                    "{}",
                    grundy::render::json_line(serde_json::json!({ "wrote": path }))
                );
            } else {
                let _ = writeln!(
                    out,
                    "{}",
                    grundy::render::json_line(serde_json::json!({ "note": line }))
                );
            }
        }
        if let Err(e) = drawn {
            self.diagnostic(err, &e);
        }
    }

    /// Load a file into the session (definitions replace, queries run).
    /// Returns false when it could not be read.
    pub fn load(&mut self, path: &Path, out: &mut dyn Write, err: &mut dyn Write) -> bool {
        let help = "check the path (Tab after :load completes file names)";
        let text = match crate::console::read_file(path, help) {
            Ok(t) => t,
            Err(e) => {
                self.diagnostic(err, &e);
                return false;
            }
        };
        if !self.loaded.iter().any(|p| p == path) {
            self.loaded.push(path.to_path_buf());
        }
        let name = path.display().to_string();
        let games_before = self.session.game_count();
        let ok = self.run(&name, &text, out, err);
        let new = self.session.game_count() - games_before;
        let _ = writeln!(
            out,
            "{} {name}{}",
            if ok { "loaded" } else { "loaded with errors:" },
            if new > 0 {
                format!(" ({new} new game{})", if new == 1 { "" } else { "s" })
            } else {
                String::new()
            }
        );
        true
    }
}

/// The full name of a command from a prefix (`:q`, `:ga`), if unique.
pub fn resolve_command(word: &str) -> Option<&'static str> {
    if word == "exit" {
        return Some("quit");
    }
    if word == "?" {
        return Some("help");
    }
    if word.is_empty() {
        return None;
    }
    let mut found = COMMANDS.iter().filter(|(c, _, _)| c.starts_with(word));
    match (found.next(), found.next()) {
        (Some((c, _, _)), None) => Some(c),
        _ => COMMANDS
            .iter()
            .find(|(c, _, _)| *c == word)
            .map(|(c, ..)| *c),
    }
}

/// The command a misspelt `:word` most likely meant.
pub fn suggest_command(word: &str) -> Option<String> {
    suggest_among(word, COMMANDS.iter().map(|(c, _, _)| *c))
}

/// The file names after `:load`: split at spaces, `\ ` and quotes keep one.
fn split_paths(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (c, quote) {
            ('\\', None) => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
            }
            ('"' | '\'', None) => quote = Some(c),
            (c, Some(q)) if c == q => quote = None,
            (c, None) if c.is_whitespace() => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            (c, _) => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}
