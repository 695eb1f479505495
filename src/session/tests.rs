//! Unit tests of the session: what only its internals show.

use super::*;
use crate::model::Side;
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

/// Random boards of at most 9 squares for `game` (Amazons or
/// Domineering), their squares drawn from `squares`.
fn boards(
    game: &'static str,
    squares: &'static [u8],
) -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    (1usize..=3, 1usize..=3).prop_flat_map(move |(rows, cols)| {
        prop::collection::vec(prop::sample::select(squares), rows * cols).prop_map(move |sq| {
            let rows: Vec<String> = sq
                .chunks(cols)
                .map(|r| format!("\"{}\"", String::from_utf8_lossy(r)))
                .collect();
            format!("{game}(grid([{}]))", rows.join(", "))
        })
    })
}

/// Each position a `value` query of `positions` interned (every follower
/// of each), valued again by the search's walks (`solve/runs.rs`), which
/// intern nothing, with a memo of `cap` bytes: the walk of the whole game
/// tree gives the canonical engine's value; the longest run of a player,
/// when the other never gets a move, is that value (an integer); and on
/// boards where the other player has no piece (`one_sided`: Some(side)),
/// the run is always found. Returns how many times the walks' memo was
/// emptied.
fn walks_agree(rules: &str, positions: &[String], cap: usize, one_sided: Option<Side>) -> u64 {
    let mut s = Session::new(2_000_000);
    let queries: Vec<String> = positions.iter().map(|p| format!("value {p}")).collect();
    let text = format!("{rules}\n{}", queries.join("\n"));
    assert!(s.run_text("t.game", &text, Mode::Run, &mut |_, r| {
        r.unwrap();
    }));
    let interrupt = AtomicBool::new(false);
    let cx = Ctx::new(&s.defs, &interrupt, Limits::default(), Span::default());
    let (ids, values): (Vec<u32>, Vec<_>) = (0..s.solver.len() as u32)
        .filter_map(|id| Some((id, s.solver.value_if_known(id)?)))
        .unzip();
    let (walks, cleared) = s.solver.walks(&cx, &ids, cap).unwrap();
    for (&v, (walked, runs)) in values.iter().zip(walks) {
        assert_eq!(walked, Some(v));
        for (mover, run) in [Side::Left, Side::Right].into_iter().zip(runs) {
            if one_sided == Some(mover) {
                assert!(run.is_some(), "no run of {mover:?} found");
            }
            if let Some(n) = run {
                let n = i64::try_from(n).unwrap();
                let n = if mover == Side::Left { n } else { -n };
                assert_eq!(s.solver.store().integer(n), v, "run {n}");
            }
        }
    }
    let checked = ids.len();
    assert!(checked >= positions.len());
    cleared
}

const AMAZONS: &str = "let queen = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
game Amazons(b) {
    left move parts(put(a, s, \"#\")) for (t, a) in rays(b, \"x\", queen), (s, _) in rays(a, t, queen)
    right move parts(put(a, s, \"#\")) for (t, a) in rays(b, \"o\", queen), (s, _) in rays(a, t, queen)
}
fn parts(b) = sum([Amazons(canonical(p)) for p in components(b, \"diagonal\")])";

const DOMINEERING: &str = "game Domineering(b) {
    left move parts(c) for c in place(b, [(0, 0), (1, 0)])
    right move parts(c) for c in place(b, [(0, 0), (0, 1)])
}
fn parts(b) = sum([Domineering(canonical(p, \"mirror\")) for p in components(b)])";

/// A memo far smaller than the game tree is emptied between walks, and
/// the walks still agree with the engine (a walk keeps what it walked
/// until it ends: emptied under a walk, the memo would make it walk the
/// tree's paths, not its positions, past the position budget).
#[test]
fn walks_with_a_small_memo_forget_between_walks() {
    let board = "Amazons(grid([\"x..\", \"#.o\", \"...\"]))".to_string();
    let cleared = walks_agree(AMAZONS, &[board], 1 << 12, None);
    assert!(cleared > 10, "{cleared}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]

    /// Amazons boards of both colours, of Left's only, of Right's only.
    #[test]
    fn walks_value_amazons_as_the_engine_does(
        mixed in proptest::collection::vec(boards("Amazons", b"xo....#"), 1..3),
        left in boards("Amazons", b"x....#"),
        right in boards("Amazons", b"o....#"),
        cap in proptest::sample::select(vec![1usize << 16, 1 << 24]),
    ) {
        walks_agree(AMAZONS, &mixed, cap, None);
        walks_agree(AMAZONS, &[left], cap, Some(Side::Left));
        walks_agree(AMAZONS, &[right], cap, Some(Side::Right));
    }

    /// Domineering boards; one column is Left's alone, one row Right's.
    #[test]
    fn walks_value_domineering_as_the_engine_does(
        board in boards("Domineering", b"...#"),
        n in 1usize..=9,
        cap in proptest::sample::select(vec![1usize << 16, 1 << 24]),
    ) {
        walks_agree(DOMINEERING, &[board], cap, None);
        walks_agree(DOMINEERING, &[format!("Domineering(grid({n}, 1))")], cap, Some(Side::Left));
        walks_agree(DOMINEERING, &[format!("Domineering(grid(1, {n}))")], cap, Some(Side::Right));
    }
}
