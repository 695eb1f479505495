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

/// A session that ran `value P` for each of `positions` under `rules`.
fn valued(rules: &str, positions: &[String]) -> Session {
    let mut s = Session::new(2_000_000);
    let queries: Vec<String> = positions.iter().map(|p| format!("value {p}")).collect();
    let text = format!("{rules}\n{}", queries.join("\n"));
    assert!(s.run_text("t.game", &text, Mode::Run, &mut |_, r| {
        r.unwrap();
    }));
    s
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
    let mut s = valued(rules, positions);
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

/// What the search takes into its known value at `--search-parts 0`, for
/// every position a `value` query of Amazons boards interned: a part where
/// both players move stays open; one where a player has no move is taken,
/// as its value, only when that player never gets a move (its longest run
/// is found), and stays open when they do (valuing it would take its whole
/// game tree). Returns how many of each: taken, left open though a player
/// has no move.
fn parts_taken_agree(positions: &[String]) -> (usize, usize) {
    let mut s = valued(AMAZONS, positions);
    let interrupt = AtomicBool::new(false);
    let limits = Limits {
        search_parts: 0,
        ..Limits::default()
    };
    let cx = Ctx::new(&s.defs, &interrupt, limits, Span::default());
    let (ids, values): (Vec<u32>, Vec<_>) = (0..s.solver.len() as u32)
        .filter_map(|id| Some((id, s.solver.value_if_known(id)?)))
        .unzip();
    let taken = s.solver.parts_taken(&cx, &ids).unwrap();
    let (walks, _) = s.solver.walks(&cx, &ids, 1 << 20).unwrap();
    let (mut valued, mut open) = (0, 0);
    for ((&v, (got, [left, right])), (_, runs)) in values.iter().zip(taken).zip(walks) {
        let stuck_for_good = match (left, right) {
            (0, 0) => true,
            (_, 0) => runs[0].is_some(),
            (0, _) => runs[1].is_some(),
            _ => false,
        };
        if stuck_for_good {
            assert_eq!(got, Some(v));
            valued += 1;
        } else {
            assert_eq!(got, None, "a part with moves {left}, {right} was valued");
            open += usize::from(left == 0 || right == 0);
        }
    }
    (valued, open)
}

/// Right's amazon walled in by Left's, which can move away and free it:
/// the part is left open; walled in by burnt squares: taken.
#[test]
fn a_part_where_a_player_is_stuck_for_now_stays_open() {
    let boards = [
        r##"Amazons(grid(["ox..", "#x.."]))"##.to_string(),
        r###"Amazons(grid(["o#..", "##x."]))"###.to_string(),
    ];
    let (valued, open) = parts_taken_agree(&boards);
    assert!(valued > 0 && open > 0, "taken {valued}, open {open}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(16))]

    #[test]
    fn parts_taken_by_the_search_on_amazons(board in boards("Amazons", b"xo....#")) {
        parts_taken_agree(&[board]);
    }
}
