//! CGSuite's predicates and listings of short games (THEORY.md §6.14):
//! infinitesimal, numberish and number-tiny games, the followers of a
//! canonical form and how many there are, and the uptimal expansion
//! `x.d₁d₂…dₖ` of a game `x + d₁·↑ + d₂·↑² + … + dₖ·↑ᵏ (+ *m)`.

use std::cmp::Ordering;
use std::fmt;

use rustc_hash::{FxHashMap, FxHashSet};

use super::algebra::AlgebraError;
use super::dyadic::Dyadic;
use super::methods::pow;
use super::store::{GameStore, ValueId};

type Result<T> = std::result::Result<T, AlgebraError>;

/// Whether both stops of `g` are 0 (CGSuite's `IsInfinitesimal`): 0 and
/// the games infinitely close to it.
pub fn is_infinitesimal(store: &GameStore, g: ValueId) -> bool {
    store.left_stop(g).is_zero() && store.right_stop(g).is_zero()
}

/// Whether the stops of `g` are equal (CGSuite's `IsNumberish`): a number
/// plus an infinitesimal.
pub fn is_numberish(store: &GameStore, g: ValueId) -> bool {
    store.left_stop(g) == store.right_stop(g)
}

/// Whether `g` is a number, or a number plus a tiny or a miny (CGSuite's
/// `IsNumberTiny`): `{x | {x | H}}` with the mean of H below x, or its
/// mirror `{{H | x} | x}` with the mean of H above x.
pub fn is_number_tiny(store: &mut GameStore, g: ValueId) -> Result<bool> {
    if store.is_number(g) {
        return Ok(true);
    }
    let (l, r) = (store.left_options(g)?, store.right_options(g)?);
    let ([gl], [gr]) = (&*l, &*r) else {
        return Ok(false);
    };
    for (x, other, left) in [(*gl, *gr, true), (*gr, *gl, false)] {
        let Some(x) = store.as_number(x) else {
            continue;
        };
        let (near, far) = if left {
            (store.left_options(other)?, store.right_options(other)?)
        } else {
            (store.right_options(other)?, store.left_options(other)?)
        };
        if let ([n], [h]) = (&*near, &*far)
            && store.as_number(*n) == Some(x)
        {
            let mean = store.mean(*h)?;
            if (left && mean < x) || (!left && mean > x) {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// The followers of a canonical form: the games other than integers met
/// below it (itself included), and the integers met, which are every
/// integer from `low` to `high` (0 among them): an integer n's followers
/// are 0, 1, …, n, counted without walking the chain.
pub struct Followers {
    /// The followers that are not integers.
    pub others: Vec<ValueId>,
    /// The least integer follower (at most 0).
    pub low: i64,
    /// The greatest integer follower (at least 0).
    pub high: i64,
}

impl Followers {
    /// How many followers there are (CGSuite's `FollowerCount`).
    pub fn count(&self) -> u128 {
        self.others.len() as u128 + (i128::from(self.high) - i128::from(self.low) + 1) as u128
    }
}

/// The followers of `g`'s canonical form, itself included.
pub fn followers(store: &mut GameStore, g: ValueId) -> Result<Followers> {
    let mut seen = FxHashSet::default();
    let (mut low, mut high) = (0i64, 0i64);
    let mut others = Vec::new();
    let mut stack = vec![g];
    while let Some(h) = stack.pop() {
        if !seen.insert(h) {
            continue;
        }
        if let Some(n) = store
            .as_number(h)
            .filter(|x| x.is_integer())
            .map(Dyadic::numerator)
        {
            low = low.min(n);
            high = high.max(n);
            continue;
        }
        others.push(h);
        stack.extend(store.left_options(h)?.iter().copied());
        stack.extend(store.right_options(h)?.iter().copied());
    }
    Ok(Followers { others, low, high })
}

/// An uptimal expansion `x.d₁d₂…dₖ`, with a nimber: the game
/// `x + *m + d₁·↑ + d₂·↑² + … + dₖ·↑ᵏ`, where `↑ⁱ` is CGSuite's power
/// `pow(↑, i)` and `dₖ ≠ 0` (an empty list of digits is written `.0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uptimal {
    /// The number part x.
    pub number: Dyadic,
    /// The nimber part m.
    pub nimber: usize,
    /// The digits d₁ … dₖ, the last nonzero.
    pub digits: Vec<i64>,
}

impl Uptimal {
    fn new(number: Dyadic, nimber: usize, mut digits: Vec<i64>) -> Uptimal {
        while digits.last() == Some(&0) {
            digits.pop();
        }
        Uptimal {
            number,
            nimber,
            digits,
        }
    }

    fn negated(&self) -> Option<Uptimal> {
        Some(Uptimal {
            number: self.number.checked_neg()?,
            nimber: self.nimber,
            digits: self.digits.iter().map(|d| -d).collect(),
        })
    }

    /// Each of the first `to` digits one more (digits past the end are
    /// 1), and the nimber part plus `*`.
    fn incremented(&self, to: usize) -> Uptimal {
        let len = to.max(self.digits.len());
        let digits = (0..len)
            .map(|i| self.digits.get(i).copied().unwrap_or(0) + i64::from(i < to))
            .collect();
        Uptimal::new(self.number, self.nimber ^ 1, digits)
    }
}

/// CGSuite's text: the number part (left out when 0 and there is a
/// nimber), `*m`, a point, and the digits: 0–9, then `A`–`Z` for 10–35,
/// then `(n)`; a negative digit followed by `-` (`v*` is `*.1-`).
impl fmt::Display for Uptimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.nimber == 0 || !self.number.is_zero() {
            write!(f, "{}", self.number)?;
        }
        match self.nimber {
            0 => {}
            1 => write!(f, "*")?,
            m => write!(f, "*{m}")?,
        }
        write!(f, ".")?;
        if self.digits.is_empty() {
            write!(f, "0")?;
        }
        for &d in &self.digits {
            let a = d.unsigned_abs();
            match a {
                0..=9 => write!(f, "{a}")?,
                10..=35 => write!(f, "{}", char::from(b'A' + (a - 10) as u8))?,
                _ => write!(f, "({a})")?,
            }
            if d < 0 {
                write!(f, "-")?;
            }
        }
        Ok(())
    }
}

/// The uptimal expansion of `g`, or `None` when `g` is no uptimal
/// (CGSuite's `UptimalExpansion` and `IsUptimal`).
///
/// A number plus `n·↑ + *m` is `x*m.n`. Otherwise, when the last digit is
/// positive, `g` has one Right option, whose expansion has each digit one
/// less and the nimber part plus `*`, so `g`'s expansion is that one with
/// its digits raised: either the digits it has, or up to one past the
/// longest expansion among the options (new digits 1). Each candidate is
/// built (`x + *m + Σ dᵢ·pow(↑, i)`) and compared with `g`, so an answer
/// is always right; a last digit below 0 is the same on `−g`.
pub fn uptimal_expansion(store: &mut GameStore, g: ValueId) -> Result<Option<Uptimal>> {
    let mut memo = FxHashMap::default();
    expansion(store, g, &mut memo)
}

type Memo = FxHashMap<ValueId, Option<Uptimal>>;

fn expansion(store: &mut GameStore, g: ValueId, memo: &mut Memo) -> Result<Option<Uptimal>> {
    if let Some((x, n, m)) = store.uptimal(g) {
        return Ok(Some(Uptimal::new(x, m, vec![n])));
    }
    if let Some(u) = memo.get(&g) {
        return Ok(u.clone());
    }
    let mut u = with_positive_last_digit(store, g, memo)?;
    if u.is_none() {
        let n = store.neg(g)?;
        u = with_positive_last_digit(store, n, memo)?.and_then(|u| u.negated());
    }
    memo.insert(g, u.clone());
    Ok(u)
}

fn with_positive_last_digit(
    store: &mut GameStore,
    g: ValueId,
    memo: &mut Memo,
) -> Result<Option<Uptimal>> {
    let right = store.right_options(g)?;
    let [gr] = *right else {
        return Ok(None);
    };
    let Some(r) = expansion(store, gr, memo)? else {
        return Ok(None);
    };
    let mut longest = r.digits.len();
    for gl in store.left_options(g)?.iter().copied() {
        match expansion(store, gl, memo)? {
            Some(l) if l.number == r.number => longest = longest.max(l.digits.len()),
            _ => return Ok(None),
        }
    }
    let mut candidates = Vec::new();
    if r.digits.last().is_some_and(|&d| d > 0) {
        candidates.push(r.incremented(r.digits.len()));
    }
    candidates.push(r.incremented(longest + 1));
    for c in candidates {
        if built(store, &c)? == g {
            return Ok(Some(c));
        }
    }
    Ok(None)
}

/// The game an expansion stands for.
fn built(store: &mut GameStore, u: &Uptimal) -> Result<ValueId> {
    let x = store.number(u.number);
    let m = store.nimber(u.nimber)?;
    let mut acc = store.add(x, m)?;
    let up = store.up()?;
    for (i, &d) in u.digits.iter().enumerate() {
        if d == 0 {
            continue;
        }
        let p = pow(store, up, i as u32 + 1)?;
        let term = store.multiple(p, d.unsigned_abs())?;
        acc = if d > 0 {
            store.add(acc, term)?
        } else {
            store.sub(acc, term)?
        };
    }
    Ok(acc)
}

/// What CGSuite's deterministic order of games sees of a game.
enum Class {
    Number(Dyadic),
    Nimber(usize),
    Uptimal(Uptimal),
    Other,
}

/// The followers of `g` in CGSuite's order (how it prints a set of
/// games): numbers by value, then nimbers, then uptimals by their
/// expansions (number part, digits in turn, length, nimber part), then
/// the others by their sorted Left options compared in turn, then their
/// Right ones. `Err(count)` when there are more than `cap`.
pub fn sorted_followers(
    store: &mut GameStore,
    g: ValueId,
    cap: u128,
) -> Result<std::result::Result<Vec<ValueId>, u128>> {
    let f = followers(store, g)?;
    let count = f.count();
    if count > cap {
        return Ok(Err(count));
    }
    let mut all: Vec<ValueId> = (f.low..=f.high).map(|n| store.integer(n)).collect();
    all.extend(f.others);
    let mut classes = FxHashMap::default();
    let mut memo = FxHashMap::default();
    for &h in &all {
        let class = if let Some(x) = store.as_number(h) {
            Class::Number(x)
        } else if let Some(m) = store.as_nimber(h) {
            Class::Nimber(m)
        } else if let Some(u) = expansion(store, h, &mut memo)? {
            Class::Uptimal(u)
        } else {
            Class::Other
        };
        classes.insert(h, class);
    }
    let order = Order { store, classes };
    all.sort_by(|&a, &b| order.cmp(a, b));
    Ok(Ok(all))
}

struct Order<'a> {
    store: &'a GameStore,
    classes: FxHashMap<ValueId, Class>,
}

impl Order<'_> {
    fn rank(&self, g: ValueId) -> u8 {
        match self.classes[&g] {
            Class::Number(_) => 0,
            Class::Nimber(_) => 1,
            Class::Uptimal(_) => 2,
            Class::Other => 3,
        }
    }

    fn cmp(&self, g: ValueId, h: ValueId) -> Ordering {
        match (&self.classes[&g], &self.classes[&h]) {
            (Class::Number(a), Class::Number(b)) => a.cmp(b),
            (Class::Nimber(a), Class::Nimber(b)) => a.cmp(b),
            (Class::Uptimal(a), Class::Uptimal(b)) => {
                let digits = a.digits.iter().zip(&b.digits).map(|(x, y)| x.cmp(y));
                a.number
                    .cmp(&b.number)
                    .then(digits.fold(Ordering::Equal, Ordering::then))
                    .then(a.digits.len().cmp(&b.digits.len()))
                    .then(a.nimber.cmp(&b.nimber))
            }
            (Class::Other, Class::Other) => {
                let (gn, hn) = (self.store.node(g), self.store.node(h));
                self.cmp_lists(&gn.left, &hn.left)
                    .then_with(|| self.cmp_lists(&gn.right, &hn.right))
            }
            _ => self.rank(g).cmp(&self.rank(h)),
        }
    }

    fn cmp_lists(&self, a: &[ValueId], b: &[ValueId]) -> Ordering {
        let sorted = |xs: &[ValueId]| {
            let mut v = xs.to_vec();
            v.sort_by(|&x, &y| self.cmp(x, y));
            v
        };
        let (a, b) = (sorted(a), sorted(b));
        for (x, y) in a.iter().zip(&b) {
            let c = self.cmp(*x, *y);
            if c != Ordering::Equal {
                return c;
            }
        }
        a.len().cmp(&b.len())
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::born_by;
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Every expansion x*m.d1…dk built as a game is found again
        /// (the search's candidates are complete on uptimals), and its
        /// negative is the negated expansion.
        #[test]
        fn an_uptimal_is_found_again(
            num in -8i64..8, exp in 0u32..3, m in 0usize..4,
            digits in proptest::collection::vec(-3i64..=3, 0..5),
        ) {
            let mut s = GameStore::new();
            let u = Uptimal::new(Dyadic::new(num, exp).unwrap(), m, digits);
            let g = built(&mut s, &u).unwrap();
            prop_assert_eq!(uptimal_expansion(&mut s, g).unwrap(), Some(u.clone()));
            let n = s.neg(g).unwrap();
            prop_assert_eq!(uptimal_expansion(&mut s, n).unwrap(), u.negated());
        }
    }

    /// On the 1,474 games born by day 3: an expansion found builds the
    /// game (checked inside, here again), and some are found beyond
    /// x + n·↑ + *m; infinitesimal means between
    /// −1/64 and 1/64, numberish means that G minus its stop is
    /// infinitesimal, and the follower count is the count of a walk that
    /// visits integers one by one.
    #[test]
    fn predicates_on_the_games_born_by_day_three() {
        let mut s = GameStore::new();
        let eps = s.dyadic(1, 6).unwrap();
        let neps = s.neg(eps).unwrap();
        let (mut uptimals, mut nus) = (0, 0);
        for g in born_by(&mut s, 3).unwrap() {
            nus += usize::from(s.uptimal(g).is_some());
            if let Some(u) = uptimal_expansion(&mut s, g).unwrap() {
                assert_eq!(built(&mut s, &u).unwrap(), g);
                uptimals += 1;
            }
            let small = s.lt(neps, g) && s.lt(g, eps);
            assert_eq!(is_infinitesimal(&s, g), small);
            let x = s.number(s.left_stop(g));
            let d = s.sub(g, x).unwrap();
            let near = s.lt(neps, d) && s.lt(d, eps);
            assert_eq!(is_numberish(&s, g), near);
            let mut seen = FxHashSet::default();
            let mut stack = vec![g];
            while let Some(h) = stack.pop() {
                if seen.insert(h) {
                    stack.extend(s.left_options(h).unwrap().iter().copied());
                    stack.extend(s.right_options(h).unwrap().iter().copied());
                }
            }
            assert_eq!(followers(&mut s, g).unwrap().count(), seen.len() as u128);
        }
        // More than the numbers plus n·↑ + *m: ↑² = {0|↑*} is one.
        assert!(uptimals > nus, "{uptimals} {nus}");
    }
}
