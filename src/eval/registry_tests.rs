//! The registry against the language's other lists and the docs' table.

use std::collections::BTreeSet;

use super::*;

#[test]
fn names_are_unique() {
    let mut seen = BTreeSet::new();
    for e in REGISTRY {
        assert!(seen.insert(e.name), "`{}` is in the registry twice", e.name);
    }
}

#[test]
fn statement_words_are_the_grammars_query_words() {
    let registry: BTreeSet<&str> = statement_words().collect();
    let grammar: BTreeSet<&str> = crate::syntax::QUERY_WORDS.iter().copied().collect();
    assert_eq!(registry, grammar);
}

#[test]
fn every_implementation_has_one_entry() {
    for e in REGISTRY {
        let same = REGISTRY
            .iter()
            .filter(|o| o.imp == e.imp && e.imp != Imp::Graph)
            .count();
        assert!(same <= 1, "`{}` shares its implementation", e.name);
        // The name finds the implementation, and back.
        match e.imp {
            Imp::Builtin(b) => assert_eq!(Builtin::from_name(e.name), Some(b)),
            Imp::Query(q) => assert_eq!(q.name(), e.name),
            Imp::Game(g) => assert_eq!(g.name(), e.name),
            Imp::Statement(w) => assert_eq!(w.name(), e.name),
            Imp::Graph => {}
        }
        assert!(!e.doc.is_empty() && !e.example.is_empty() && !e.returns.is_empty());
        assert!(e.arity.0 <= e.arity.1);
    }
}

#[test]
fn the_docs_table_is_the_registry() {
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
            "docs/LANGUAGE.md's function table differs from the registry; it should read:\n{want}"
        );
    }
}
