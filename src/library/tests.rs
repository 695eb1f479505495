//! The library against the language's other lists and the docs' table.

use std::collections::BTreeSet;

use super::*;

#[test]
fn names_are_unique() {
    let mut seen = BTreeSet::new();
    for e in entries() {
        assert!(
            seen.insert(e.meta.name),
            "`{}` is in the library twice",
            e.meta.name
        );
    }
}

#[test]
fn statement_words_are_the_grammars_query_words() {
    let library: BTreeSet<&str> = statement_words().collect();
    let grammar: BTreeSet<&str> = crate::syntax::QUERY_WORDS.iter().copied().collect();
    assert_eq!(library, grammar);
}

#[test]
fn every_entry_is_whole() {
    for e in entries() {
        let m = &e.meta;
        assert_eq!(lookup(m.name).map(|f| f.meta.name), Some(m.name));
        assert!(!m.doc.is_empty() && !m.example.is_empty() && !m.returns.is_empty());
        assert!(m.arity.0 <= m.arity.1);
        // A word with no function form is a statement of its own shape.
        if !e.is_function() {
            assert!(matches!(m.statement, Statement::Shaped(_)), "{}", m.name);
        }
        // A convention follows the position of a solver's question only.
        assert!(!m.play || m.solver, "{}", m.name);
    }
}

#[test]
fn every_shape_has_one_entry() {
    let shapes: Vec<Shape> = entries()
        .filter_map(|e| match e.meta.statement {
            Statement::Shaped(s) => Some(s),
            _ => None,
        })
        .collect();
    for (i, s) in shapes.iter().enumerate() {
        assert!(!shapes[..i].contains(s), "{s:?} has two entries");
        assert_eq!(
            lookup(s.name()).map(|e| e.meta.statement),
            Some(Statement::Shaped(*s))
        );
    }
}

#[test]
fn the_docs_table_is_the_library() {
    const DOCS: &str = include_str!("../../docs/LANGUAGE.md");
    let begin = "<!-- registry table: begin -->\n";
    let end = "<!-- registry table: end -->";
    let from = DOCS
        .find(begin)
        .expect("docs/LANGUAGE.md has the registry table")
        + begin.len();
    let to = DOCS[from..].find(end).expect("the table ends") + from;
    let docs = &DOCS[from..to];
    let want = markdown_table();
    if docs != want {
        panic!(
            "docs/LANGUAGE.md's function table differs from the library; it should read:\n{want}"
        );
    }
}
