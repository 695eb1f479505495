//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod bin;
pub mod child;
pub mod fuzz;
pub mod grammar_gen;
pub mod kills;
pub mod lsp_wire;

/// The `grundy` binary, built and up to date (`bin.rs`).
pub fn grundy_bin() -> &'static str {
    bin::grundy()
}

/// Whether a diagnostic as the binary prints it says `words`, however
/// miette wrapped it: its width depends on the terminal, and a message
/// that quotes a file's path wraps at a place that depends on the folder
/// the repository was cloned into. Whitespace and the margin's `│` are
/// left out of both sides.
pub fn says(stderr: &str, words: &str) -> bool {
    let flat = |t: &str| -> String {
        t.chars()
            .filter(|c| !c.is_whitespace() && *c != '│')
            .collect()
    };
    flat(stderr).contains(&flat(words))
}

/// A folder name of 150 characters: scratch files go under it, so that a
/// test whose diagnostic quotes a path sees a long one wherever the
/// repository is.
pub const DEEP: &str = "a-folder-with-a-long-name-so-that-every-path-the-tests-print-is-long-as-in-a-deep-clone-0123456789-0123456789-0123456789-0123456789-0123456789-01234567";

/// The definitions of an example file (its `game`/`fn`/`graph`/`let`
/// lines and the lines of their bodies), without its queries.
pub fn definitions(text: &str) -> String {
    let keep = |l: &&str| {
        ["game ", "fn ", "graph ", "let ", "    "]
            .iter()
            .any(|p| l.starts_with(p))
            || *l == "}"
    };
    text.lines().filter(keep).collect::<Vec<_>>().join("\n")
}

use grundy::{Answer, Outcome};
use grundy::{Mode, Session};

/// Run a text; each answer as its text line, each error as `error CODE`.
pub fn texts_or_error_codes(text: &str) -> Vec<String> {
    answers_or_codes(&mut Session::default(), text, false)
}

/// Each statement's result in `s`: the answer's text (or JSON line), or
/// `error CODE`.
pub fn answers_or_codes(s: &mut Session, text: &str, json: bool) -> Vec<String> {
    let mut out = Vec::new();
    s.run_text("t.game", text, Mode::Run, &mut |_, r| match r {
        Ok(a) if json => out.push(grundy::render::json(&a).to_string()),
        Ok(a) => out.push(grundy::render::text(&a)),
        Err(e) => out.push(format!(
            "error {}",
            miette::Diagnostic::code(&e)
                .map(|c| c.to_string())
                .unwrap_or_default()
        )),
    });
    out
}

/// Run a text; each answer as its text line, each error as its code and
/// help (`error CODE: HELP`).
pub fn texts_or_codes(text: &str) -> Vec<String> {
    let mut s = Session::default();
    let mut out = Vec::new();
    s.run_text("t.game", text, Mode::Run, &mut |_, r| match r {
        Ok(a) => out.push(grundy::render::text(&a)),
        Err(e) => out.push(format!(
            "error {}: {}",
            miette::Diagnostic::code(&e)
                .map(|c| c.to_string())
                .unwrap_or_default(),
            miette::Diagnostic::help(&e)
                .map(|h| h.to_string())
                .unwrap_or_default()
        )),
    });
    out
}

/// Run a program; every query must succeed.
pub fn answers(text: &str) -> Vec<Answer> {
    let mut s = Session::new(2_000_000);
    answers_in(&mut s, text)
}

pub fn answers_in(s: &mut Session, text: &str) -> Vec<Answer> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    s.run_text("test.game", text, Mode::Run, &mut |s, r| match r {
        Ok(a) => out.push(a),
        Err(e) => errors.push(e.render_plain(s.sources())),
    });
    assert!(errors.is_empty(), "errors:\n{}", errors.join("\n"));
    out
}

pub fn one(text: &str) -> Answer {
    let mut a = answers(text);
    assert_eq!(a.len(), 1, "expected one answer");
    a.pop().unwrap()
}

pub fn grundy(a: &Answer) -> u64 {
    match a {
        Answer::Grundy { value, .. } => value.finite().expect("a finite value"),
        other => panic!("not a grundy answer: {other:?}"),
    }
}

pub fn outcome(a: &Answer) -> Outcome {
    match a {
        Answer::Outcome { outcome, .. } => *outcome,
        other => panic!("not an outcome answer: {other:?}"),
    }
}

pub fn moves(a: &Answer) -> Vec<String> {
    match a {
        Answer::Winning { moves, .. } => moves.clone(),
        other => panic!("not a winning answer: {other:?}"),
    }
}

pub fn sequence(a: &Answer) -> Vec<u64> {
    match a {
        Answer::Sequence { values, .. } => {
            values.iter().map(|v| v.finite().expect("finite")).collect()
        }
        other => panic!("not a sequence answer: {other:?}"),
    }
}

pub fn table(a: &Answer) -> Vec<Vec<u64>> {
    match a {
        Answer::Table { rows, .. } => rows
            .iter()
            .map(|r| r.iter().map(|v| v.finite().expect("finite")).collect())
            .collect(),
        other => panic!("not a table answer: {other:?}"),
    }
}

pub fn mex(xs: impl IntoIterator<Item = u64>) -> u64 {
    let mut v: Vec<u64> = xs.into_iter().collect();
    v.sort_unstable();
    v.dedup();
    let mut m = 0;
    for x in v {
        if x == m {
            m += 1;
        } else if x > m {
            break;
        }
    }
    m
}

/// A random board of at most `max` squares of `alphabet`, its rows joined
/// by `|` (as `grid("..|..")` reads it).
pub fn board_text(
    alphabet: &'static [u8],
    max: usize,
) -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    (1usize..=5, 1usize..=5)
        .prop_filter("small", move |(r, c)| r * c <= max)
        .prop_flat_map(move |(rows, cols)| {
            prop::collection::vec(prop::sample::select(alphabet), rows * cols).prop_map(move |sq| {
                sq.chunks(cols)
                    .map(|row| String::from_utf8(row.to_vec()).expect("ascii"))
                    .collect::<Vec<_>>()
                    .join("|")
            })
        })
}
