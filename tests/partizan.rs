//! Partizan values of real games: move generators written here, values
//! computed bottom-up through `GameStore::game`, checked against rules
//! from the literature, published values and play by brute force.

use std::collections::HashMap;

use grundy_theory::partizan::{Dyadic, GameStore, Outcome, ValueId, parse};
use proptest::prelude::*;

fn val(s: &mut GameStore, text: &str) -> ValueId {
    parse(s, text).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

fn game(s: &mut GameStore, l: &[ValueId], r: &[ValueId]) -> ValueId {
    s.game(l, r).unwrap_or_else(|e| panic!("{e}"))
}

fn add(s: &mut GameStore, a: ValueId, b: ValueId) -> ValueId {
    s.add(a, b).unwrap_or_else(|e| panic!("{e}"))
}

// ---- Hackenbush strings -------------------------------------------------

const BLUE: u8 = 0;
const RED: u8 = 1;
const GREEN: u8 = 2;

/// A Hackenbush string, ground first. Cutting edge i removes edges i.. (the
/// rest falls); Left cuts blue or green edges, Right red or green ones.
fn string_value(s: &mut GameStore, memo: &mut HashMap<Vec<u8>, ValueId>, e: &[u8]) -> ValueId {
    if let Some(&v) = memo.get(e) {
        return v;
    }
    let mut l = Vec::new();
    let mut r = Vec::new();
    for (i, &c) in e.iter().enumerate() {
        let v = string_value(s, memo, &e[..i]);
        if c != RED {
            l.push(v);
        }
        if c != BLUE {
            r.push(v);
        }
    }
    let v = game(s, &l, &r);
    memo.insert(e.to_vec(), v);
    v
}

/// Berlekamp's sign-expansion rule for a red-blue string: the first run of
/// one colour counts ±1 per edge; after the first change of colour the
/// edges count ±1/2, ±1/4, … (blue +, red −).
fn sign_expansion(e: &[u8]) -> Dyadic {
    let sign = |c: u8| if c == BLUE { 1 } else { -1 };
    let Some(&first) = e.first() else {
        return Dyadic::ZERO;
    };
    let run = e.iter().take_while(|&&c| c == first).count();
    let mut x = Dyadic::int(sign(first) * run as i64);
    for (k, &c) in e[run..].iter().enumerate() {
        let part = Dyadic::new(sign(c), k as u32 + 1).unwrap_or(Dyadic::ZERO);
        x = x.checked_add(part).unwrap_or(Dyadic::ZERO);
    }
    x
}

/// Every string over `colours` of length at most `n`.
fn strings(colours: &[u8], n: usize) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    let mut layer = vec![Vec::new()];
    for _ in 0..n {
        let mut next = Vec::new();
        for e in &layer {
            for &c in colours {
                let mut f: Vec<u8> = e.clone();
                f.push(c);
                next.push(f);
            }
        }
        out.extend(next.iter().cloned());
        layer = next;
    }
    out
}

#[test]
fn red_blue_strings_follow_the_sign_expansion() {
    let mut s = GameStore::new();
    let mut memo = HashMap::new();
    for e in strings(&[BLUE, RED], 10) {
        let v = string_value(&mut s, &mut memo, &e);
        assert_eq!(s.as_number(v), Some(sign_expansion(&e)), "string {e:?}");
    }
    let brr = string_value(&mut s, &mut memo, &[BLUE, RED, RED]);
    assert_eq!(s.display(brr), "1/4");
}

/// Play on a sum of strings, by brute force on the positions themselves:
/// (Left wins moving first, Right wins moving first).
fn play(strings: &[Vec<u8>], memo: &mut HashMap<Vec<Vec<u8>>, (bool, bool)>) -> (bool, bool) {
    let mut key = strings.to_vec();
    key.sort();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let (mut lw, mut rw) = (false, false);
    for (j, e) in key.iter().enumerate() {
        for (i, &c) in e.iter().enumerate() {
            let mut next = key.clone();
            next[j].truncate(i);
            if c != RED && !lw {
                lw = !play(&next, memo).1;
            }
            if c != BLUE && !rw {
                rw = !play(&next, memo).0;
            }
        }
    }
    memo.insert(key, (lw, rw));
    (lw, rw)
}

#[test]
fn red_blue_green_strings_match_known_values_and_play() {
    let mut s = GameStore::new();
    let mut memo = HashMap::new();
    let mut plays = HashMap::new();
    let all = strings(&[BLUE, RED, GREEN], 5);
    for e in &all {
        let v = string_value(&mut s, &mut memo, e);
        let (l, r) = play(std::slice::from_ref(e), &mut plays);
        assert_eq!(s.outcome(v), Outcome::from_wins(l, r), "string {e:?}");
        // A green edge atop a red-blue string of value x is x* (the
        // number's own options are dominated by x).
        if let Some((&GREEN, below)) = e.split_last()
            && !below.contains(&GREEN)
        {
            let x = s.number(sign_expansion(below));
            let star = val(&mut s, "*");
            assert_eq!(v, add(&mut s, x, star), "string {e:?}");
        }
        // A green string of n edges is the nimber *n.
        if e.iter().all(|&c| c == GREEN) {
            assert_eq!(s.as_nimber(v), Some(e.len()));
        }
    }
    // Green under blue: {0, * | 0} = ↑* (Winning Ways, flowers).
    let gb = string_value(&mut s, &mut memo, &[GREEN, BLUE]);
    assert_eq!(s.display(gb), "^*");
    // Sums of two strings: the outcome of the sum by play is the outcome
    // of the sum of the canonical values.
    let short: Vec<&Vec<u8>> = all.iter().filter(|e| e.len() <= 3).collect();
    for a in &short {
        for b in &short {
            let v = string_value(&mut s, &mut memo, a);
            let w = string_value(&mut s, &mut memo, b);
            let sum = add(&mut s, v, w);
            let (l, r) = play(&[(*a).clone(), (*b).clone()], &mut plays);
            assert_eq!(s.outcome(sum), Outcome::from_wins(l, r), "{a:?} + {b:?}");
        }
    }
}

/// Green Hackenbush on a rooted tree (parent array, vertex 0 the ground):
/// cutting the edge above a vertex removes its subtree.
fn tree_value(
    s: &mut GameStore,
    parent: &[usize],
    alive: u32,
    memo: &mut HashMap<u32, ValueId>,
) -> ValueId {
    if let Some(&v) = memo.get(&alive) {
        return v;
    }
    let mut opts = Vec::new();
    for c in 1..parent.len() {
        if alive & (1 << c) == 0 {
            continue;
        }
        // Remove c and everything above it.
        let mut next = alive;
        for d in 1..parent.len() {
            let mut x = d;
            while x != 0 && x != c {
                x = parent[x];
            }
            if x == c {
                next &= !(1 << d);
            }
        }
        opts.push(tree_value(s, parent, next, memo));
    }
    let v = game(s, &opts, &opts);
    memo.insert(alive, v);
    v
}

/// The colon principle: a vertex's branches are worth the xor over its
/// children c of (value above c) + 1.
fn colon(parent: &[usize], v: usize) -> usize {
    (1..parent.len())
        .filter(|&c| parent[c] == v)
        .map(|c| colon(parent, c) + 1)
        .fold(0, |a, b| a ^ b)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn green_trees_follow_the_colon_principle(raw in prop::collection::vec(0usize..100, 1..8)) {
        // Vertex i + 1 hangs from a vertex numbered below it.
        let mut parent = vec![0];
        for (i, r) in raw.iter().enumerate() {
            parent.push(r % (i + 1));
        }
        let mut s = GameStore::new();
        let all = (1u32 << parent.len()) - 2;
        let v = tree_value(&mut s, &parent, all, &mut HashMap::new());
        prop_assert_eq!(s.as_nimber(v), Some(colon(&parent, 0)));
    }
}

// ---- Domineering ----------------------------------------------------------

/// Domineering on a `rows × cols` board of free cells `free` (bit
/// `r * cols + c`). Left places vertical dominoes, Right horizontal ones
/// (the convention of Winning Ways and CGSuite).
fn domineering(
    s: &mut GameStore,
    rows: usize,
    cols: usize,
    free: u32,
    memo: &mut HashMap<u32, ValueId>,
) -> ValueId {
    if let Some(&v) = memo.get(&free) {
        return v;
    }
    let bit = |r: usize, c: usize| 1u32 << (r * cols + c);
    let mut l = Vec::new();
    let mut r = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            let a = bit(row, col);
            if free & a == 0 {
                continue;
            }
            if row + 1 < rows && free & bit(row + 1, col) != 0 {
                let next = free & !a & !bit(row + 1, col);
                l.push(domineering(s, rows, cols, next, memo));
            }
            if col + 1 < cols && free & bit(row, col + 1) != 0 {
                let next = free & !a & !bit(row, col + 1);
                r.push(domineering(s, rows, cols, next, memo));
            }
        }
    }
    let v = game(s, &l, &r);
    memo.insert(free, v);
    v
}

fn board(s: &mut GameStore, rows: usize, cols: usize) -> ValueId {
    let full = (1u32 << (rows * cols)) - 1;
    domineering(s, rows, cols, full, &mut HashMap::new())
}

#[test]
fn domineering_rectangles_have_their_published_values() {
    let mut s = GameStore::new();
    // A vertical domino's room is Left's move: 1; a horizontal one Right's.
    let v21 = board(&mut s, 2, 1);
    let v12 = board(&mut s, 1, 2);
    assert_eq!((s.display(v21), s.display(v12)), ("1".into(), "-1".into()));
    // 2×2 = ±1 and 2 rows × 3 columns = {2 | −1/2}, mean 3/4, temperature
    // 5/4 (Wikipedia, "Domineering"); 3 × 2 is its negative.
    let v22 = board(&mut s, 2, 2);
    assert_eq!(s.display(v22), "±1");
    let v23 = board(&mut s, 2, 3);
    assert_eq!(s.display(v23), "{2|-1/2}");
    assert_eq!(
        s.mean(v23).map(|d| d.to_string()).ok().as_deref(),
        Some("3/4")
    );
    assert_eq!(
        s.temperature(v23).map(|d| d.to_string()).ok().as_deref(),
        Some("5/4")
    );
    let v32 = board(&mut s, 3, 2);
    assert_eq!(s.neg(v23).ok(), Some(v32));
    // 4×4, from CGSuite's own test table for game.grid.Domineering.
    let v44 = board(&mut s, 4, 4);
    let published = val(&mut s, "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}");
    assert_eq!(v44, published);
    assert_eq!(s.display(v44), "±{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}");
    // 3×3 is ±1, the value quoted for it in Winning Ways.
    let v33 = board(&mut s, 3, 3);
    assert_eq!(s.display(v33), "±1");
}

#[test]
fn domineering_components_add_up() {
    // A board cut in two by a blocked column is the sum of its parts, and
    // the canonical value of the whole equals the sum of the values.
    let mut s = GameStore::new();
    let mut memo = HashMap::new();
    let (rows, cols) = (3, 5);
    for blocked in 0..cols {
        let mut free = (1u32 << (rows * cols)) - 1;
        for r in 0..rows {
            free &= !(1 << (r * cols + blocked));
        }
        let whole = domineering(&mut s, rows, cols, free, &mut memo);
        let (mut left, mut right) = (0u32, 0u32);
        for r in 0..rows {
            for c in 0..cols {
                let b = 1 << (r * cols + c);
                if c < blocked {
                    left |= b;
                } else if c > blocked {
                    right |= b;
                }
            }
        }
        let a = domineering(&mut s, rows, cols, left, &mut memo);
        let b = domineering(&mut s, rows, cols, right, &mut memo);
        assert_eq!(whole, add(&mut s, a, b), "blocked column {blocked}");
    }
}

/// (Left wins moving first, Right wins moving first) on a Domineering
/// region, by play.
fn domineering_play(
    rows: usize,
    cols: usize,
    free: u64,
    memo: &mut HashMap<u64, (bool, bool)>,
) -> (bool, bool) {
    if let Some(&v) = memo.get(&free) {
        return v;
    }
    let bit = |r: usize, c: usize| 1u64 << (r * cols + c);
    let (mut lw, mut rw) = (false, false);
    for row in 0..rows {
        for col in 0..cols {
            let a = bit(row, col);
            if free & a == 0 {
                continue;
            }
            if !lw && row + 1 < rows && free & bit(row + 1, col) != 0 {
                lw = !domineering_play(rows, cols, free & !a & !bit(row + 1, col), memo).1;
            }
            if !rw && col + 1 < cols && free & bit(row, col + 1) != 0 {
                rw = !domineering_play(rows, cols, free & !a & !bit(row, col + 1), memo).0;
            }
        }
    }
    memo.insert(free, (lw, rw));
    (lw, rw)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn domineering_regions_have_the_outcome_of_their_value(free in 0u32..1 << 16, other in 0u32..1 << 16) {
        let mut s = GameStore::new();
        let mut memo = HashMap::new();
        let mut plays = HashMap::new();
        let v = domineering(&mut s, 4, 4, free, &mut memo);
        let (l, r) = domineering_play(4, 4, u64::from(free), &mut plays);
        prop_assert_eq!(s.outcome(v), Outcome::from_wins(l, r));
        // Two regions side by side on a 4 × 9 board (column 4 blocked) are
        // their sum: compare the outcome by play with that of the sum.
        let w = domineering(&mut s, 4, 4, other, &mut memo);
        let sum = add(&mut s, v, w);
        let mut wide = 0u64;
        for row in 0..4 {
            for col in 0..4 {
                if free & (1 << (row * 4 + col)) != 0 {
                    wide |= 1 << (row * 9 + col);
                }
                if other & (1 << (row * 4 + col)) != 0 {
                    wide |= 1 << (row * 9 + col + 5);
                }
            }
        }
        let (l, r) = domineering_play(4, 9, wide, &mut HashMap::new());
        prop_assert_eq!(s.outcome(sum), Outcome::from_wins(l, r));
    }
}

// ---- Clobber ---------------------------------------------------------------

/// Clobber on a small grid (`x` Left's stones, `o` Right's, `.` empty): a
/// player moves one of their stones onto an orthogonally adjacent stone of
/// the other colour, which is removed; the square left behind is empty.
fn clobber(
    s: &mut GameStore,
    grid: &[Vec<u8>],
    memo: &mut HashMap<Vec<Vec<u8>>, ValueId>,
) -> ValueId {
    if let Some(&v) = memo.get(grid) {
        return v;
    }
    let (rows, cols) = (grid.len(), grid[0].len());
    let mut l = Vec::new();
    let mut r = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            let me = grid[row][col];
            if me == b'.' {
                continue;
            }
            let other = if me == b'x' { b'o' } else { b'x' };
            let steps = [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)];
            for (dr, dc) in steps {
                let (Some(nr), Some(nc)) = (row.checked_add_signed(dr), col.checked_add_signed(dc))
                else {
                    continue;
                };
                if nr >= rows || nc >= cols || grid[nr][nc] != other {
                    continue;
                }
                let mut next = grid.to_vec();
                next[nr][nc] = me;
                next[row][col] = b'.';
                if me == b'x' {
                    l.push(next);
                } else {
                    r.push(next);
                }
            }
        }
    }
    let l: Vec<ValueId> = l.iter().map(|g| clobber(s, g, memo)).collect();
    let r: Vec<ValueId> = r.iter().map(|g| clobber(s, g, memo)).collect();
    let v = game(s, &l, &r);
    memo.insert(grid.to_vec(), v);
    v
}

#[test]
fn clobber_positions_have_their_published_values() {
    // `xox|ox.` from CGSuite's own test table for game.grid.Clobber (rows
    // separated by `|`, Left plays `x`); `xo` = {0|0} = * and
    // `xxo` = {0|xo} = ↑ by hand from the rules.
    let mut s = GameStore::new();
    for (grid, value) in [("xox|ox.", "{^^*|*,v}"), ("xo", "*"), ("xxo", "^")] {
        let rows: Vec<Vec<u8>> = grid.split('|').map(|r| r.as_bytes().to_vec()).collect();
        let v = clobber(&mut s, &rows, &mut HashMap::new());
        assert_eq!(s.display(v), value, "{grid}");
    }
}

// ---- Toads and Frogs --------------------------------------------------------

/// Toads and Frogs on a strip: Left moves a toad `T` one square right into
/// an empty square, or jumps it over one frog into the empty square beyond;
/// Right moves frogs `F` left the same way.
fn toads(s: &mut GameStore, strip: &[u8], memo: &mut HashMap<Vec<u8>, ValueId>) -> ValueId {
    if let Some(&v) = memo.get(strip) {
        return v;
    }
    let n = strip.len();
    let mut l = Vec::new();
    let mut r = Vec::new();
    for i in 0..n {
        let mv = |to: usize| {
            let mut next = strip.to_vec();
            next.swap(i, to);
            next
        };
        if strip[i] == b'T' {
            if i + 1 < n && strip[i + 1] == b'.' {
                l.push(mv(i + 1));
            } else if i + 2 < n && strip[i + 1] == b'F' && strip[i + 2] == b'.' {
                l.push(mv(i + 2));
            }
        } else if strip[i] == b'F' {
            if i >= 1 && strip[i - 1] == b'.' {
                r.push(mv(i - 1));
            } else if i >= 2 && strip[i - 1] == b'T' && strip[i - 2] == b'.' {
                r.push(mv(i - 2));
            }
        }
    }
    let l: Vec<ValueId> = l.iter().map(|p| toads(s, p, memo)).collect();
    let r: Vec<ValueId> = r.iter().map(|p| toads(s, p, memo)).collect();
    let v = game(s, &l, &r);
    memo.insert(strip.to_vec(), v);
    v
}

#[test]
fn toads_and_frogs_have_their_published_values() {
    let mut s = GameStore::new();
    let mut memo = HashMap::new();
    let mut t = |s: &mut GameStore, p: &str| toads(s, p.as_bytes(), &mut memo);
    // Small rows, worked by hand from the rules: T. = 1, .F = −1, T.F = *
    // (whoever moves first blocks the other), TF = 0.
    for (strip, value) in [("T.", "1"), (".F", "-1"), ("T.F", "*"), ("TF", "0")] {
        let v = t(&mut s, strip);
        assert_eq!(s.display(v), value, "{strip}");
    }
    // From CGSuite's own test table for game.strip.ToadsAndFrogs.
    let v = t(&mut s, "TTTTT..FFFFF");
    let published = val(
        &mut s,
        "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}",
    );
    assert_eq!(v, published);
    assert_eq!(
        s.display(v),
        "±{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}"
    );
}
