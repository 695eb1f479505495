//! Unit tests of the session: what only its internals show.

use super::*;
use crate::syntax::ast::Play;

/// A definition replaced at the REPL clears the solver; a value kept in a
/// `let` is read back from its text into the new store.
#[test]
fn game_values_outlive_a_cleared_cache() {
    let mut s = Session::new(2_000_000);
    s.set_redefine(Redefine::Replace);
    let mut out = Vec::new();
    let mut stamps = Vec::new();
    let string = "game String(s) {
    left move String([s[j] for j in 0..i]) for i in 0..len(s) if s[i] >= 0
    right move String([s[j] for j in 0..i]) for i in 0..len(s) if s[i] <= 0
}";
    for chunk in [
        format!("{string}\nlet h = value(String([1, -1])) + up()"),
        "game String(s) { left move String([]) if len(s) > 0 }".to_string(),
        "h + h\nh - h == 0\nh > 0".to_string(),
    ] {
        s.run_text("t.game", &chunk, Mode::Run, &mut |_, r| {
            if let Ok(Answer::Eval { text, .. }) = r {
                out.push(text);
            }
        });
        stamps.push(s.solver.store_ref().stamp());
    }
    assert_ne!(stamps[0], stamps[2], "the store was replaced");
    assert_eq!(out, ["1^^", "true", "true"]);
}

/// `:games` lists the games a text defined, with their heads, arities,
/// conventions and kinds; the functions and `let`s by name.
#[test]
fn the_games_a_session_lists() {
    let mut s = Session::default();
    let text =
        "game T(n) misere {\n  move T(n - 1) if n > 0 # one move\n}\nfn f(a, b) = a\nlet x = 1\n";
    assert!(s.run_text("t.game", text, Mode::Run, &mut |_, r| {
        r.unwrap();
    }));
    let games = s.games();
    let t = games.iter().find(|g| g.head == "T(n)").expect("T listed");
    assert_eq!((t.arity, t.play), (1, Play::Misere));
    assert_eq!(s.function_heads(), ["f(a, b)"]);
    assert_eq!(s.let_names().collect::<Vec<_>>(), ["x"]);
    assert!(s.game_names().any(|g| g == "T"));
}
