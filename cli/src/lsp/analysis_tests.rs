use super::*;

const KAYLES: &str = "# Kayles\ngame Kayles(n) {\n    move Kayles(i) + Kayles(n - k - i) for k in 1..=2, i in 0..=n - k\n}\nlet big = 20\nfn twice(n) = 2 * n\ngrundy Kayles(4)\n";

#[test]
fn positions_and_offsets_are_inverse_with_utf16_units() {
    let text = "ab\n\u{1F600}x\n\nlast";
    for at in [0, 1, 2, 3, 7, 8, 9, 10, text.len()] {
        let p = position(text, at);
        assert_eq!(offset(text, p), at, "{at} -> {p:?}");
    }
    // The emoji is two UTF-16 units (four bytes).
    assert_eq!(position(text, 7), Position::new(1, 2));
    // Past a line's end: its end; past the last line: the text's end.
    assert_eq!(offset(text, Position::new(0, 99)), 2);
    assert_eq!(offset(text, Position::new(9, 0)), text.len());
}

#[test]
fn a_clean_file_has_no_diagnostics() {
    assert!(diagnostics(KAYLES).is_empty());
}

#[test]
fn an_unknown_name_is_reported_with_its_code_and_line() {
    let text = "game K(n) {\n    move K(n - 1) if n > 0\n}\ngrundy Kx(3)\n";
    let d = diagnostics(text);
    assert_eq!(d.len(), 1, "{d:?}");
    let code = match &d[0].code {
        Some(NumberOrString::String(c)) => c.clone(),
        other => panic!("{other:?}"),
    };
    assert!(code.starts_with("grundy::"), "{code}");
    assert_eq!(d[0].range.start.line, 3, "{d:?}");
    assert_eq!(d[0].range.start.character, 7);
    assert!(d[0].message.contains("Kx"), "{}", d[0].message);
    assert!(d[0].message.contains("help:"), "{}", d[0].message);
}

#[test]
fn a_syntax_error_is_reported_where_it_is() {
    let text = "let a = 1\nlet b = (2 +\n";
    let d = diagnostics(text);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(matches!(&d[0].code, Some(NumberOrString::String(c)) if c.starts_with("grundy::")));
    assert!(d[0].range.start.line >= 1, "{d:?}");
}

#[test]
fn definitions_are_found_by_their_words_even_in_a_broken_file() {
    let defs = definitions(&format!("{KAYLES}let broken = (\n"));
    let names: Vec<(&str, DefKind)> = defs.iter().map(|d| (d.name.as_str(), d.kind)).collect();
    assert_eq!(
        names,
        [
            ("Kayles", DefKind::Game),
            ("big", DefKind::Let),
            ("twice", DefKind::Fn),
            ("broken", DefKind::Let)
        ]
    );
    let k = &defs[0];
    assert_eq!(&KAYLES[k.start..k.end], "Kayles");
    // A commented-out definition is not one.
    assert!(definitions("# game Old(n) {}\n").is_empty());
}

#[test]
fn completion_offers_query_words_builtins_keywords_and_own_names() {
    let labels = |text: &str, pos| -> Vec<String> {
        completion(text, pos).into_iter().map(|i| i.label).collect()
    };
    let gru = labels("gru", Position::new(0, 3));
    assert!(gru.contains(&"grundy".to_string()), "{gru:?}");
    assert!(gru.iter().all(|l| l.starts_with("gru")), "{gru:?}");
    let text = format!("{KAYLES}Kay");
    let last = text.lines().count() as u32 - 1;
    assert_eq!(labels(&text, Position::new(last, 3)), ["Kayles"]);
    let all = labels(&text, Position::new(last, 0));
    for word in ["game", "let", "twice", "big", "mex", "outcome"] {
        assert!(all.contains(&word.to_string()), "{word}: {all:?}");
    }
}

#[test]
fn hover_shows_registry_docs_and_own_definitions() {
    let (_, doc) = hover(KAYLES, Position::new(6, 2)).expect("hover on grundy");
    let entry = library::lookup("grundy").unwrap();
    assert!(doc.contains(entry.meta.doc), "{doc}");
    let (range, own) = hover(KAYLES, Position::new(6, 9)).expect("hover on Kayles");
    assert!(own.contains("game Kayles(n) {"), "{own}");
    assert_eq!((range.start.character, range.end.character), (7, 13));
    assert!(
        hover(KAYLES, Position::new(0, 0)).is_none(),
        "a comment's `#`"
    );
}

#[test]
fn go_to_definition_finds_the_defining_name() {
    let r = definition(KAYLES, Position::new(6, 10)).expect("Kayles is defined");
    assert_eq!(r.start, Position::new(1, 5));
    assert_eq!(r.end, Position::new(1, 11));
    assert!(
        definition(KAYLES, Position::new(6, 2)).is_none(),
        "grundy is a query word"
    );
}
