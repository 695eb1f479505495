//! The counts of misère games born by day n: the published ones, and the
//! last day counted without storing against the day stored and counted.

use super::*;

/// 1, 2, 3, 5, 22 misère impartial games born by days 0 to 4 (Conway,
/// ONAG; Siegel, *Combinatorial Game Theory*, misère chapter).
#[test]
fn misere_games_born_by_day_four() {
    let mut forms = Forms::new(1_000_000);
    assert_eq!(forms.born_by_counts(4).unwrap(), [1, 2, 3, 5, 22]);
    // Each day counted from the sets of the day before (the last day of
    // each call) agrees with the days built above.
    for day in 1..=4 {
        let mut fresh = Forms::new(1_000_000);
        let counts = fresh.born_by_counts(day).unwrap();
        assert_eq!(counts[day as usize], [1, 2, 3, 5, 22][day as usize]);
    }
    assert!(forms.born_by_counts(6).is_err());
}

/// Day 5: 4,171,780 games, from the 2^22 sets of day 4's forms (4 s in a
/// release build, far longer in a debug one, so behind `--ignored`:
/// `cargo test --release -p grundy-theory misere_games_born_by_day_five
/// -- --ignored`).
#[test]
#[ignore]
fn misere_games_born_by_day_five() {
    let mut forms = Forms::new(1_000_000);
    assert_eq!(
        forms.born_by_counts(5).unwrap(),
        [1, 2, 3, 5, 22, 4_171_780]
    );
}
