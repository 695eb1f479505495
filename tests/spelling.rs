//! Each query word is spelled in at most two files of `src/`, `cli/src/`
//! and `grammar/`: the grammar's `query_word` rule and its library entry
//! (a file of `src/library/`). Everywhere else the code names a query by
//! its entry (`Shape::Genus.name()`), so a new query word is one library
//! entry and one word in the grammar.
//!
//! What counts as spelling a word `W`: a string literal (outside `//`
//! comments and test code) that is `W`, or that starts with `W ` or `W{`
//! (a heading such as `"genus {position} = ..."`); in the grammar, the
//! quoted `"W"`. What does not: a JSON object key (`"genus": ...`, a field
//! of the answer's schema in docs/JSON.md, not the word), prose that merely
//! uses the word, and the few uses listed in `NOT_THE_WORD` with why.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use grundy::library;

/// Literals that equal a query word but mean something else.
const NOT_THE_WORD: &[(&str, &str, &str)] = &[
    ("cli/src/lib.rs", "grundy", "the program's name"),
    (
        "src/pictures.rs",
        "dot",
        "the Graphviz program run to draw DOT",
    ),
    ("src/pictures.rs", "outcome", "a plot's axis label"),
    ("src/pictures.rs", "thermograph", "a picture's title"),
    (
        "src/plot_thermo.rs",
        "temperature",
        "a thermograph picture's axis label and mark",
    ),
    (
        "cli/src/command/octal.rs",
        "period",
        "a field of `grundy octal --json`, written as a (key, value) pair",
    ),
    (
        "cli/src/repl/help.rs",
        "*",
        "the REPL's manual: prose and examples, each run by tests/repl.rs",
    ),
    (
        "cli/src/serve/api.rs",
        "*",
        "the explorer writes the language's own queries on a position (`moves P`, `outcome misere P`), each checked against the library by the explorer's tests",
    ),
];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs" || x == "pest") {
            out.push(p);
        }
    }
}

/// The code of a Rust file without its tests: files of tests (`tests.rs`,
/// `*_tests.rs`) are empty, and a file's `#[cfg(test)]` module (at its
/// end, by the project's convention) is cut off.
fn without_tests(rel: &str, text: &str) -> String {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    if name == "tests.rs" || name.ends_with("_tests.rs") {
        return String::new();
    }
    // Only an inline module (`#[cfg(test)]` then `mod tests {`): a
    // `#[cfg(test)] mod tests;` line names a file of tests.
    let mut at = 0;
    while let Some(i) = text[at..].find("#[cfg(test)]") {
        let start = at + i;
        let rest = text[start + "#[cfg(test)]".len()..].trim_start();
        let line = rest.lines().next().unwrap_or("");
        if line.starts_with("mod ") && line.contains('{') {
            return text[..start].to_string();
        }
        at = start + 1;
    }
    text.to_string()
}

/// The string literals of Rust code, each with the character after its
/// closing quote. `//` comments are skipped; escapes are kept as written.
fn literals(code: &str) -> Vec<(String, Option<char>)> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '\'' {
            // A char literal ('"', '\'') or a lifetime.
            if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else if chars.get(i + 1) == Some(&'\\') && chars.get(i + 3) == Some(&'\'') {
                i += 4;
            } else {
                i += 1;
            }
        } else if c == '"' {
            let mut s = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    s.push(chars[i]);
                    i += 1;
                }
                if i < chars.len() {
                    s.push(chars[i]);
                }
                i += 1;
            }
            i += 1;
            let after = chars[i.min(chars.len())..]
                .iter()
                .find(|c| !c.is_whitespace())
                .copied();
            out.push((s, after));
        } else {
            i += 1;
        }
    }
    out
}

/// Whether a literal spells the word: is it, or is a format string whose
/// heading starts with it (`"genus {position} = {genus}"`, `"outcome{} {p}"`;
/// prose with no placeholder, `"grundy values need ..."`, is not).
fn spells(lit: &str, after: Option<char>, word: &str) -> bool {
    if after == Some(':') && lit == word {
        return false; // a JSON key
    }
    lit == word
        || lit.strip_prefix(word).is_some_and(|rest| {
            (rest.starts_with(' ') || rest.starts_with('{')) && rest.contains('{')
        })
}

/// word -> the files that spell it.
fn spellings() -> BTreeMap<&'static str, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    files(&root.join("src"), &mut all);
    files(&root.join("cli/src"), &mut all);
    files(&root.join("grammar"), &mut all);
    let mut out: BTreeMap<&'static str, BTreeSet<String>> = BTreeMap::new();
    for p in &all {
        let rel = p
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = fs::read_to_string(p).unwrap();
        let lits: Vec<(String, Option<char>)> = if rel.ends_with(".pest") {
            // Grammar strings: every quoted text outside `//` comments.
            text.lines()
                .flat_map(|l| {
                    let code = l.split("//").next().unwrap_or("");
                    code.split('"')
                        .skip(1)
                        .step_by(2)
                        .map(|s| (s.to_string(), None))
                        .collect::<Vec<_>>()
                })
                .collect()
        } else {
            literals(&without_tests(&rel, &text))
        };
        for word in library::statement_words() {
            let excused = NOT_THE_WORD
                .iter()
                .any(|(f, w, _)| *f == rel && (*w == word || *w == "*"));
            if !excused && lits.iter().any(|(l, a)| spells(l, *a, word)) {
                out.entry(word).or_default().insert(rel.clone());
            }
        }
    }
    out
}

#[test]
fn each_query_word_is_spelled_in_at_most_two_files() {
    let found = spellings();
    let words: Vec<&str> = library::statement_words().collect();
    assert!(words.len() >= 20, "{words:?}");
    let mut bad = Vec::new();
    for w in &words {
        let files = found.get(w).cloned().unwrap_or_default();
        // The grammar and the library spell every word.
        assert!(
            files.contains("grammar/grundy.pest")
                && files.iter().any(|f| f.starts_with("src/library/")),
            "`{w}`: {files:?}"
        );
        if files.len() > 2 {
            bad.push(format!("`{w}`: {files:?}"));
        }
    }
    assert!(
        bad.is_empty(),
        "query words spelled in more than two files:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_reader_finds_literals_and_headings() {
    let code = r#"let a = "genus"; // "kernel"
        let c = '"'; json!({"genus": 1}); format!("genus {p} = {v}"); "genuses"; "mean{x}";
        "genus of a position""#;
    let lits = literals(code);
    let texts: Vec<&str> = lits.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        texts,
        [
            "genus",
            "genus",
            "genus {p} = {v}",
            "genuses",
            "mean{x}",
            "genus of a position"
        ]
    );
    let spelled: Vec<bool> = lits.iter().map(|(l, a)| spells(l, *a, "genus")).collect();
    assert_eq!(spelled, [true, false, true, false, false, false]);
    assert!(spells("mean{x}", None, "mean"));
    assert_eq!(without_tests("src/a/tests.rs", "x"), "");
    assert_eq!(
        without_tests("src/a.rs", "a\n#[cfg(test)]\nmod t {}"),
        "a\n"
    );
    let declared = "#[cfg(test)]\nmod tests;\nb";
    assert_eq!(without_tests("src/a.rs", declared), declared);
}
