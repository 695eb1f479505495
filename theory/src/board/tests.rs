//! Tests of boards: parsing and printing, cells and neighbours, shapes
//! placed everywhere they fit, components, wide boards, and the canonical
//! image shared by a board's symmetries.

use super::*;

fn b(rows: &[&str]) -> Board {
    Board::parse(rows).unwrap()
}

#[test]
fn parses_and_prints_rows() {
    let x = b(&["..#", "x.o"]);
    assert_eq!(x.row_strings(), vec!["..#", "x.o"]);
    assert_eq!(x.text(), "..#|x.o");
    assert_eq!(x.len(), 5);
    assert_eq!(x.get(1, 0), 'x');
    assert_eq!(x.get(0, 2), '#');
    assert_eq!(x.get(-1, 0), '#');
    assert_eq!(x.get(0, 1), '.');
    assert_eq!(b(&["..", "."]).row_strings(), vec!["..", ".#"]);
    assert!(Board::parse(&[". "]).is_err());
    assert!(Board::new(12, 11).is_err());
    assert!(Board::new(1, 128).is_ok());
}

#[test]
fn put_and_cells() {
    let x = b(&["...", "..."]);
    let y = x.put(&[(0, 1), (1, 2)], 'x').unwrap();
    assert_eq!(y.text(), ".x.|..x");
    assert_eq!(y.cells(Some('x')), vec![(0, 1), (1, 2)]);
    assert_eq!(y.cells(Some('.')).len(), 4);
    let z = y.put(&[(0, 1)], '.').unwrap().put(&[(1, 2)], '#').unwrap();
    assert_eq!(z.text(), "...|..#");
    assert_eq!(z, b(&["...", "..#"]));
    assert!(x.put(&[(2, 0)], 'x').is_err());
}

#[test]
fn neighbours_stay_on_cells() {
    let x = b(&["..#", "..."]);
    assert_eq!(x.neighbours(0, 1, false), vec![(0, 0), (1, 1)]);
    assert_eq!(x.neighbours(1, 2, true), vec![(0, 1), (1, 1)]);
}

#[test]
fn place_a_domino_everywhere() {
    let x = b(&["..", ".#"]);
    let v: Vec<String> = x
        .place(&[(0, 0), (1, 0)], '#')
        .iter()
        .map(super::Board::text)
        .collect();
    assert_eq!(v, vec!["#.|##"]);
    let h: Vec<String> = x
        .place(&[(0, 0), (0, 1)], 'd')
        .iter()
        .map(super::Board::text)
        .collect();
    assert_eq!(h, vec!["dd|.#"]);
}

#[test]
fn components_are_cropped() {
    let x = b(&["..#.", "#.#.", "###."]);
    let parts: Vec<String> = x.components(false).iter().map(super::Board::text).collect();
    assert_eq!(parts, vec!["..|#.", ".|.|."]);
    let y = b(&[".#", "#."]);
    assert_eq!(y.components(false).len(), 2);
    assert_eq!(y.components(true).len(), 1);
    assert!(Board::new(0, 0).unwrap().components(false).is_empty());
}

#[test]
fn wide_boards_do_not_overflow_shifts() {
    let x = Board::new(1, 128).unwrap();
    assert_eq!(x.components(true).len(), 1);
    let y = Board::new(128, 1).unwrap();
    assert_eq!(y.components(false).len(), 1);
    assert_eq!(y.place(&[(0, 0), (1, 0)], '#').len(), 127);
}

#[test]
fn canonical_is_shared_by_images() {
    let x = b(&["x..", "..#"]);
    for t in 0..8 {
        assert_eq!(
            x.transformed(t).canonical(Symmetry::All),
            x.canonical(Symmetry::All)
        );
    }
    for t in 0..4 {
        assert_eq!(
            x.transformed(t).canonical(Symmetry::Mirror),
            x.canonical(Symmetry::Mirror)
        );
    }
    assert_ne!(
        x.transformed(4).canonical(Symmetry::Mirror),
        x.canonical(Symmetry::Mirror)
    );
    assert_eq!(x.transformed(4).text(), "x.|..|.#");
}

#[test]
fn shapes_repeat_offsets_or_outgrow_the_board() {
    let x = b(&["...", "..."]);
    assert_eq!(
        x.place(&[(0, 0), (0, 0), (0, 1)], '#'),
        x.place(&[(0, 1), (0, 0)], '#')
    );
    let big: Vec<(i64, i64)> = (0..7).map(|i| (0, i)).collect();
    assert!(x.place(&big, '#').is_empty());
    assert!(x.place(&[], '#').is_empty());
    assert_eq!(x.place(&[(i64::MAX, i64::MIN)], '#').len(), 0);
}

/// The board of `rows` × `cols` squares `sq`.
fn of(sq: &[u8], cols: usize) -> Board {
    let text: Vec<String> = sq
        .chunks(cols)
        .map(|row| String::from_utf8(row.to_vec()).unwrap())
        .collect();
    let rows: Vec<&str> = text.iter().map(|s| &**s).collect();
    Board::parse(&rows).unwrap()
}

mod packed {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// `packed` is a key: two boards have the same words exactly when
        /// they are equal, and it exists exactly for boards of at most 64
        /// squares and two characters. The second board is the first with
        /// one square changed, or another shape, or the first itself.
        #[test]
        fn packed_words_are_equal_exactly_for_equal_boards(
            (cols, sq, other, at, ch, how) in (1usize..=9, 1usize..=9).prop_flat_map(|(r, c)| {
                let alphabet = b"..#xoa".to_vec();
                (
                    Just(c),
                    prop::collection::vec(prop::sample::select(alphabet.clone()), r * c),
                    prop::collection::vec(prop::sample::select(alphabet.clone()), r * c),
                    0..r * c,
                    prop::sample::select(alphabet),
                    0..3u8,
                )
            })
        ) {
            let x = of(&sq, cols);
            let y = match how {
                0 => {
                    let mut s = sq.clone();
                    s[at] = ch;
                    of(&s, cols)
                }
                1 => of(&other, cols),
                _ => of(&sq, cols),
            };
            for b in [&x, &y] {
                let fits = b.rows() * b.cols() <= 64 && b.planes() <= 2;
                prop_assert_eq!(b.packed().is_some(), fits);
            }
            if let (Some(p), Some(q)) = (x.packed(), y.packed()) {
                prop_assert_eq!(p == q, x == y);
            }
        }
    }
}

/// Boards of the same bits in another shape, or the same masks under
/// other characters, have other words.
#[test]
fn packed_words_tell_shapes_and_characters_apart() {
    let words = |rows: &[&str]| b(rows).packed().unwrap();
    assert_ne!(words(&["x..."]), words(&["x.", ".."]));
    assert_ne!(words(&["xo."]), words(&["ox."]));
    assert_ne!(words(&["xo."]), words(&["xa."]));
    assert_ne!(words(&["x.."]), words(&["x.#"]));
    assert_ne!(words(&["x.", "##"]), words(&["x."]));
    assert_eq!(words(&["xo."]), words(&["xo."]));
    assert_eq!(b(&["xoa"]).packed(), None);
    assert_eq!(Board::new(5, 13).unwrap().packed(), None);
    assert!(Board::new(8, 8).unwrap().packed().is_some());
}
