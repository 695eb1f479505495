//! Transfinite nim arithmetic below ω^ω^ω (Conway, *On Numbers and
//! Games*, ch. 6; Lenstra, *On the algebraic closure of two*, 1977).
//!
//! The ordinals with nim addition and nim multiplication form a field,
//! and the ordinals below ω^ω^ω are the algebraic closure of the
//! two-element field. Nim addition of ordinals in Cantor normal form is
//! the exclusive or of the coefficients, term by term. For the product:
//! number the odd primes P₀ = 3, P₁ = 5, P₂ = 7, … An exponent below ω^ω
//! is `ω^k×n_k + … + ω×n₁ + n₀`; write each n_k in base P_k. Then the
//! ordinal `ω^(ω^k×P_k^i)` is Lenstra's κ_{P_k^(i+1)}, and an ordinal's
//! monomial ω^E is the nim product of the κ's its digits count (each
//! digit below its prime). So monomials multiply by adding digits, with
//! the relations `κ_{p^(i+1)}^p = κ_{p^i}` (a carry moves one digit
//! *down*) and `κ_p^p = α_p`, an ordinal below κ_p; coefficients (finite
//! ordinals) multiply as finite nimbers.
//!
//! Lenstra showed `α_p = κ_{f} + m`, where f is the order of 2 modulo p,
//! κ_f is a sum of κ_q over a set Q of prime powers q dividing f (his
//! Theorem 2.1 says which: `kappa_set`), and the excess m is the least
//! integer for which κ_f + m is not a p-th power. This module computes
//! Q and m itself: an element x of the finite field of degree d (the
//! least d with x^(2^d) = x) is a p-th power there, and so in every
//! field of degree d×e with e prime to p, exactly when p does not divide
//! 2^d - 1 or x^((2^d - 1)/p) = 1. The fast path asks these questions in
//! one dense finite field ([`super::tower`]); the slow path
//! (`alpha_slow`, on sparse polynomials, half a minute for 47) is kept
//! as its reference. The α's are computed once per process, on demand,
//! for the first [`MAX_PRIMES`] odd primes (3 to 257) within a budget on
//! the fields' degree ([`max_field_degree`]; all but 167 fit the
//! default); ordinals that need a larger prime are out of range.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::sync::{Arc, Mutex};

use super::tower::{self, Tower};
use super::{GenOrdinal, OrdinalError, Term};
use crate::partizan::nim_mul as nim_mul64;

/// How many odd primes (3, 5, 7, …, 257) may have their α computed:
/// the nim products of ordinals below ω^ω^MAX_PRIMES (CGSuite's range).
pub const MAX_PRIMES: usize = 54;

/// The most m tried as Lenstra's excess (the largest known is 4).
const MAX_EXCESS: u64 = 64;

/// The largest degree over GF(2) of a finite nim-field the fast path
/// computes in, unless `GRUNDY_NIM_FIELD_DEGREE` says otherwise.
pub const MAX_FIELD_DEGREE: u64 = 20_000;

/// The field-degree budget: [`MAX_FIELD_DEGREE`], or the value of the
/// environment variable `GRUNDY_NIM_FIELD_DEGREE`.
pub fn max_field_degree() -> u64 {
    std::env::var("GRUNDY_NIM_FIELD_DEGREE")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(MAX_FIELD_DEGREE)
}

/// The largest degree of a finite field the nim operations work in
/// (`nim_inv` squares an element this many times to find its field).
const MAX_DEGREE: u64 = 1 << 12;

/// The most products of two monomials one nim operation multiplies
/// (about a second): a bigger one is refused rather than left to run.
pub const MAX_WORK: u64 = 5_000_000;

thread_local! {
    /// The monomial products of the current operation.
    static WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The help line of an out-of-range nim operation.
pub const RANGE_HELP: &str = "nim products are computed for ordinals below ω^ω^54 (the fields of the odd primes 3 to 257), with coefficients below 2^64, in nim-fields of degree at most 20000 over GF(2) (the environment variable GRUNDY_NIM_FIELD_DEGREE sets another budget)";

/// The exponent of a monomial: `n[k]` is the coefficient of ω^k in the
/// exponent of ω (trailing zeros dropped).
type Mono = Vec<u64>;
/// A nim polynomial: monomials with their finite nim coefficients
/// (nonzero), nim-added.
type Poly = BTreeMap<Mono, u64>;

type Res<T> = Result<T, OrdinalError>;

/// The odd primes' constants known so far (computed on demand, each
/// with those of the primes it needs).
#[derive(Debug, Clone, Default)]
struct Field {
    /// The first [`MAX_PRIMES`] odd primes.
    primes: Vec<u64>,
    /// `alphas[k]` = α of `primes[k]`, once computed.
    alphas: BTreeMap<usize, Poly>,
    /// Lenstra's Q-set and excess of each, for the record.
    lenstra: BTreeMap<usize, (Vec<u64>, u64)>,
}

static FIELD: Mutex<Option<Arc<Field>>> = Mutex::new(None);

/// The field with the α's of the odd primes `need` (indices) and of
/// every prime their α's products reach.
fn field(need: &[usize]) -> Res<Arc<Field>> {
    if let Some(&k) = need.iter().find(|&&k| k >= MAX_PRIMES) {
        return Err(OrdinalError::OutOfRange(format!(
            "an exponent holds ω^{k} (the field of the {}th odd prime)",
            k + 1
        )));
    }
    let mut slot = FIELD
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let current = slot.get_or_insert_with(|| Arc::new(Field::new()));
    let mut todo: Vec<usize> = need.to_vec();
    let mut seen = std::collections::BTreeSet::new();
    let mut f: Option<Field> = None;
    while let Some(k) = todo.pop() {
        if !seen.insert(k) {
            continue;
        }
        if !current.alphas.contains_key(&k) {
            let g = f.get_or_insert_with(|| Field::clone(current));
            if !g.alphas.contains_key(&k) {
                WORK.set(0);
                g.compute(k)?;
            }
        }
        let alpha = match &f {
            Some(g) => &g.alphas[&k],
            None => &current.alphas[&k],
        };
        for m in alpha.keys() {
            todo.extend(m.iter().enumerate().filter(|e| *e.1 != 0).map(|e| e.0));
        }
    }
    if let Some(g) = f {
        *current = Arc::new(g);
    }
    WORK.set(0);
    Ok(Arc::clone(current))
}

fn is_prime(n: u64) -> bool {
    n >= 2
        && (2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

/// The multiplicative order of 2 modulo the odd prime p.
pub(super) fn order_of_two(p: u64) -> u64 {
    let (mut x, mut k) = (2 % p, 1);
    while x != 1 {
        x = x * 2 % p;
        k += 1;
    }
    k
}

fn one() -> Poly {
    Poly::from([(Mono::new(), 1)])
}

fn xor_into(out: &mut Poly, m: Mono, c: u64) {
    match out.entry(m) {
        Entry::Occupied(mut o) => {
            *o.get_mut() ^= c;
            if *o.get() == 0 {
                o.remove();
            }
        }
        Entry::Vacant(v) => {
            v.insert(c);
        }
    }
}

/// x + y with the digits of x and y in base p added, carries moving one
/// digit down; and whether the last digit carried (a factor α_p).
fn add_digits(x: u64, y: u64, p: u64) -> Res<(u64, bool)> {
    let digits = |mut n: u64| {
        let mut d = Vec::new();
        while n > 0 {
            d.push(n % p);
            n /= p;
        }
        d
    };
    let (dx, dy) = (digits(x), digits(y));
    let mut s: Vec<u64> = (0..dx.len().max(dy.len()))
        .map(|i| dx.get(i).unwrap_or(&0) + dy.get(i).unwrap_or(&0))
        .collect();
    let mut over = false;
    for i in (0..s.len()).rev() {
        if s[i] >= p {
            s[i] -= p;
            if i > 0 {
                s[i - 1] += 1;
            } else {
                over = true;
            }
        }
    }
    let mut n: u128 = 0;
    for &d in s.iter().rev() {
        n = n * u128::from(p) + u128::from(d);
    }
    let n = u64::try_from(n)
        .map_err(|_| OrdinalError::OutOfRange("an exponent's coefficient reached 2^64".into()))?;
    Ok((n, over))
}

impl Field {
    /// The product of two monomials: the reduced monomial and the
    /// primes (indices) whose last digit carried.
    fn mono_mul(&self, a: &Mono, b: &Mono) -> Res<(Mono, Vec<usize>)> {
        let len = a.len().max(b.len());
        let mut m = Vec::with_capacity(len);
        let mut overs = Vec::new();
        for k in 0..len {
            let (x, y) = (
                a.get(k).copied().unwrap_or(0),
                b.get(k).copied().unwrap_or(0),
            );
            let (n, over) = add_digits(x, y, self.primes[k])?;
            m.push(n);
            if over {
                overs.push(k);
            }
        }
        while m.last() == Some(&0) {
            m.pop();
        }
        Ok((m, overs))
    }

    fn mul(&self, a: &Poly, b: &Poly) -> Res<Poly> {
        let pairs = a.len().saturating_mul(b.len()) as u64;
        let done = WORK.get().saturating_add(pairs);
        if done > MAX_WORK {
            return Err(OrdinalError::TooLarge);
        }
        WORK.set(done);
        let mut out = Poly::new();
        for (m1, &c1) in a {
            for (m2, &c2) in b {
                let (m, overs) = self.mono_mul(m1, m2)?;
                let c = nim_mul64(c1, c2);
                if overs.is_empty() {
                    xor_into(&mut out, m, c);
                    continue;
                }
                let mut t = Poly::from([(m, c)]);
                for &k in overs.iter().rev() {
                    t = self.mul(&t, &self.alphas[&k])?;
                }
                for (m, c) in t {
                    xor_into(&mut out, m, c);
                }
            }
        }
        Ok(out)
    }

    /// x², term by term (the cross terms cancel in characteristic 2).
    fn square(&self, x: &Poly) -> Res<Poly> {
        let mut out = Poly::new();
        for (m, &c) in x {
            let t = Poly::from([(m.clone(), c)]);
            for (m, c) in self.mul(&t, &t)? {
                xor_into(&mut out, m, c);
            }
        }
        Ok(out)
    }

    /// x to the power whose binary digits, most significant first, are
    /// `bits`.
    fn pow_bits(&self, x: &Poly, bits: impl Iterator<Item = bool>) -> Res<Poly> {
        let mut acc = one();
        for bit in bits {
            acc = self.square(&acc)?;
            if bit {
                acc = self.mul(&acc, x)?;
            }
        }
        Ok(acc)
    }

    /// The degree of the finite field x generates: the least d >= 1 with
    /// x^(2^d) = x.
    fn degree(&self, x: &Poly) -> Res<u64> {
        let mut y = self.square(x)?;
        let mut d = 1;
        while &y != x {
            y = self.square(&y)?;
            d += 1;
            if d > MAX_DEGREE {
                return Err(OrdinalError::OutOfRange(format!(
                    "a field of degree above {MAX_DEGREE}"
                )));
            }
        }
        Ok(d)
    }

    /// κ_q for a prime power q = P^n: 2^(2^(n-1)) for P = 2, else
    /// ω^(ω^k × P^(n-1)) with P the k-th odd prime.
    fn kappa(&self, q: u64) -> Poly {
        let p = (2..=q).find(|d| q.is_multiple_of(*d)).unwrap_or(q);
        let mut pn = 1;
        while pn * p < q {
            pn *= p;
        }
        if p == 2 {
            return Poly::from([(Mono::new(), 1u64 << (q / 2))]);
        }
        let k = self
            .primes
            .iter()
            .position(|&x| x == p)
            .expect("κ of a prime already known");
        let mut m = vec![0; k + 1];
        m[k] = pn;
        Poly::from([(m, 1)])
    }

    /// Lenstra's Q-set of h (Theorem 2.1): prime powers q with
    /// κ_h = Σ κ_q. With q the full power of h's least prime and g = h/q,
    /// κ_h = κ_g if q divides the degree of κ_g, κ_g + κ_q otherwise.
    fn kappa_set(&self, h: u64) -> Res<Vec<u64>> {
        let p = (2..=h).find(|d| h.is_multiple_of(*d)).unwrap_or(h);
        let mut q = p;
        while h.is_multiple_of(q * p) {
            q *= p;
        }
        if q == h {
            return Ok(vec![h]);
        }
        let mut set = self.kappa_set(h / q)?;
        let mut kg = Poly::new();
        for &r in &set {
            for (m, c) in self.kappa(r) {
                xor_into(&mut kg, m, c);
            }
        }
        if !self.degree(&kg)?.is_multiple_of(q) {
            set.push(q);
        }
        Ok(set)
    }

    /// Lenstra's Q-set, excess and α of the k-th odd prime by the slow
    /// path (sparse polynomials over the α's of the smaller primes, which
    /// must be known): the reference the fast path is tested against.
    fn alpha_slow(&self, k: usize) -> Res<(Vec<u64>, u64, Poly)> {
        let p = self.primes[k];
        let qset = self.kappa_set(order_of_two(p))?;
        // The finite part of κ_f: 2^(q/2) for its power of 2 q, if any.
        let finite: u64 = qset
            .iter()
            .filter(|q| *q % 2 == 0)
            .map(|q| 1u64 << (q / 2))
            .sum();
        let mut big = Poly::new();
        for &q in qset.iter().filter(|q| *q % 2 == 1) {
            big.extend(self.kappa(q));
        }
        for m in 0..MAX_EXCESS {
            let mut x = big.clone();
            let c = finite
                .checked_add(m)
                .ok_or_else(|| OrdinalError::OutOfRange("α too large".into()))?;
            if c != 0 {
                x.insert(Mono::new(), c);
            }
            if !self.is_pth_power(&x, p)? {
                return Ok((qset, m, x));
            }
        }
        Err(OrdinalError::OutOfRange(format!("no excess found for {p}")))
    }

    /// Whether x is a p-th power in the field it generates (and so in any
    /// field of degree prime to p over that one).
    fn is_pth_power(&self, x: &Poly, p: u64) -> Res<bool> {
        let d = self.degree(x)?;
        let mut two_d = 1;
        for _ in 0..d {
            two_d = two_d * 2 % p;
        }
        if two_d != 1 {
            return Ok(true);
        }
        // The bits of (2^d - 1)/p by long division of d ones by p.
        let mut r = 0;
        let bits = (0..d).map(move |_| {
            r = 2 * r + 1;
            let bit = r >= p;
            if bit {
                r -= p;
            }
            bit
        });
        Ok(self.pow_bits(x, bits)? == one())
    }
}

/// q = r^n for the least prime r dividing q: (r, n).
fn prime_power(q: u64) -> (u64, u32) {
    let r = (2..=q).find(|d| q.is_multiple_of(*d)).unwrap_or(q);
    let (mut n, mut x) = (0, q);
    while x.is_multiple_of(r) && x > 1 {
        x /= r;
        n += 1;
    }
    (r, n)
}

/// The finite nimber 2^(q/2) = κ_q of a power of two q.
fn finite_kappa(q: u64) -> Res<u64> {
    1u64.checked_shl(u32::try_from(q / 2).unwrap_or(u32::MAX))
        .ok_or_else(|| OrdinalError::OutOfRange(format!("κ_{q} is not below 2^64")))
}

/// The fast path: Lenstra's constants by arithmetic in one finite field
/// ([`Tower`]) per question.
impl Field {
    fn new() -> Field {
        let primes = (3..)
            .step_by(2)
            .filter(|&n| is_prime(n))
            .take(MAX_PRIMES)
            .collect();
        Field {
            primes,
            ..Field::default()
        }
    }

    fn index_of(&self, r: u64) -> Res<usize> {
        self.primes
            .iter()
            .position(|&x| x == r)
            .ok_or_else(|| OrdinalError::OutOfRange(format!("κ of the prime {r}")))
    }

    /// The finite part and the odd κ's of α_r (known).
    fn alpha_parts(&self, k: usize) -> Res<(u64, Vec<u64>)> {
        let (qset, m) = &self.lenstra[&k];
        let mut c = *m;
        for &q in qset.iter().filter(|q| *q % 2 == 0) {
            c = c
                .checked_add(finite_kappa(q)?)
                .ok_or_else(|| OrdinalError::OutOfRange("α too large".into()))?;
        }
        Ok((c, qset.iter().copied().filter(|q| q % 2 == 1).collect()))
    }

    /// The field generated by the finite nimbers `consts` and the κ_q of
    /// the odd prime powers `odd` (all of whose primes have their α):
    /// the tower and the level of each κ_q.
    fn tower(&self, odd: &[u64], consts: &[u64]) -> Res<(Tower, BTreeMap<u64, usize>)> {
        let mut todo = odd.to_vec();
        let mut comps: BTreeMap<(u64, u32), u64> = BTreeMap::new();
        let mut consts = consts.to_vec();
        while let Some(q) = todo.pop() {
            let (r, n) = prime_power(q);
            if comps.contains_key(&(r, n)) {
                continue;
            }
            for i in 1..=n {
                comps.insert((r, i), r.pow(i));
            }
            let (c, qs) = self.alpha_parts(self.index_of(r)?)?;
            consts.push(c);
            todo.extend(qs);
        }
        let top = consts.iter().copied().max().unwrap_or(0);
        let bits = [1u32, 2, 4, 8, 16, 32]
            .into_iter()
            .find(|&b| top < 1u64 << b)
            .unwrap_or(64);
        let mut degree = u64::from(bits);
        let mut level = BTreeMap::new();
        let mut levels = Vec::new();
        for (&(r, n), &q) in &comps {
            degree = degree.saturating_mul(r);
            let rel = if n == 1 {
                let (c, qs) = self.alpha_parts(self.index_of(r)?)?;
                let gens = qs.iter().map(|q| level[q]).collect();
                tower::Rel { c, gens }
            } else {
                tower::Rel {
                    c: 0,
                    gens: vec![level[&(q / r)]],
                }
            };
            levels.push((r as usize, rel));
            level.insert(q, levels.len());
        }
        let budget = max_field_degree();
        if degree > budget {
            return Err(OrdinalError::OutOfRange(format!(
                "Lenstra's constants need the nim-field of degree {degree} (κ's {:?}), above the budget of degree {budget}",
                comps.values().collect::<Vec<_>>()
            )));
        }
        Ok((Tower::new(bits, levels), level))
    }

    /// Σ κ_q + c in a tower holding them.
    fn element(t: &Tower, level: &BTreeMap<u64, usize>, odd: &[u64], c: u64) -> tower::Elem {
        let mut x = t.constant(c);
        for q in odd {
            let g = t.generator(level[q]);
            for (a, b) in x.iter_mut().zip(g) {
                *a ^= b;
            }
        }
        x
    }

    /// Lenstra's Q-set of h (Theorem 2.1) in the fast arithmetic: as
    /// [`Field::kappa_set`].
    fn kappa_set_fast(&self, h: u64) -> Res<Vec<u64>> {
        let (r, _) = prime_power(h);
        let mut q = r;
        while h.is_multiple_of(q * r) {
            q *= r;
        }
        if q == h {
            return Ok(vec![h]);
        }
        let mut set = self.kappa_set_fast(h / q)?;
        let odd: Vec<u64> = set.iter().copied().filter(|q| q % 2 == 1).collect();
        let mut c = 0;
        for &e in set.iter().filter(|q| *q % 2 == 0) {
            c ^= finite_kappa(e)?;
        }
        let (t, level) = self.tower(&odd, &[c])?;
        let kg = Self::element(&t, &level, &odd, c);
        if !t.degree_divisible_by(&kg, q) {
            set.push(q);
        }
        Ok(set)
    }

    /// Computes α of the k-th odd prime p (and first of the primes
    /// dividing the order of 2 modulo p): the least m for which
    /// κ_f + m is not a p-th power.
    fn compute(&mut self, k: usize) -> Res<()> {
        if self.lenstra.contains_key(&k) {
            return Ok(());
        }
        let p = self.primes[k];
        let f = order_of_two(p);
        let mut g = f;
        while g > 1 {
            let (r, n) = prime_power(g);
            g /= r.pow(n);
            if r > 2 {
                self.compute(self.index_of(r)?)?;
            }
        }
        let qset = self.kappa_set_fast(f)?;
        let odd: Vec<u64> = qset.iter().copied().filter(|q| q % 2 == 1).collect();
        let mut finite = 0u64;
        for &q in qset.iter().filter(|q| *q % 2 == 0) {
            finite += finite_kappa(q)?;
        }
        for m in 0..MAX_EXCESS {
            let c = finite + m;
            let (t, level) = self.tower(&odd, &[c])?;
            let x = Self::element(&t, &level, &odd, c);
            if !t.is_pth_power(&x, p) {
                let mut alpha = Poly::new();
                for &q in &odd {
                    alpha.extend(self.kappa(q));
                }
                if c != 0 {
                    alpha.insert(Mono::new(), c);
                }
                self.alphas.insert(k, alpha);
                self.lenstra.insert(k, (qset, m));
                return Ok(());
            }
        }
        Err(OrdinalError::OutOfRange(format!("no excess found for {p}")))
    }
}

fn to_poly(x: &GenOrdinal) -> Res<(Poly, Vec<usize>)> {
    if !x.is_ordinal() {
        return Err(OrdinalError::NotOrdinal(x.to_string()));
    }
    let mut poly = Poly::new();
    let mut need = Vec::new();
    for t in x.terms() {
        let c = u64::try_from(t.coeff).map_err(|_| {
            OrdinalError::OutOfRange(format!("the coefficient {} is not below 2^64", t.coeff))
        })?;
        let mut m = Mono::new();
        for e in t.exp.terms() {
            let k = e
                .exp
                .as_int()
                .ok_or_else(|| OrdinalError::OutOfRange(format!("{x} is not below ω^ω^ω")))?;
            let k = usize::try_from(k)
                .map_err(|_| OrdinalError::OutOfRange(format!("{x} is not below ω^ω^ω")))?;
            if k >= MAX_PRIMES {
                return Err(OrdinalError::OutOfRange(format!(
                    "{x} is not below ω^ω^{MAX_PRIMES}"
                )));
            }
            let n = u64::try_from(e.coeff).map_err(|_| {
                OrdinalError::OutOfRange(format!("an exponent of {x} has a coefficient above 2^64"))
            })?;
            if m.len() <= k {
                m.resize(k + 1, 0);
            }
            m[k] = n;
        }
        need.extend(m.iter().enumerate().filter(|e| *e.1 != 0).map(|e| e.0));
        poly.insert(m, c);
    }
    Ok((poly, need))
}

fn from_poly(p: &Poly) -> GenOrdinal {
    let terms = p
        .iter()
        .map(|(m, &c)| {
            let exp_terms = m
                .iter()
                .enumerate()
                .filter(|(_, n)| **n != 0)
                .map(|(k, &n)| Term {
                    exp: GenOrdinal::int(k as i128),
                    coeff: i128::from(n),
                })
                .collect();
            Term {
                exp: GenOrdinal::from_terms(exp_terms).expect("distinct exponents"),
                coeff: i128::from(c),
            }
        })
        .collect();
    GenOrdinal::from_terms(terms).expect("distinct monomials")
}

/// The nim sum of two ordinals: the exclusive or of their coefficients.
pub fn nim_sum(a: &GenOrdinal, b: &GenOrdinal) -> Res<GenOrdinal> {
    for x in [a, b] {
        if !x.is_ordinal() {
            return Err(OrdinalError::NotOrdinal(x.to_string()));
        }
    }
    let mut terms: BTreeMap<&GenOrdinal, i128> = BTreeMap::new();
    for t in a.terms().iter().chain(b.terms()) {
        *terms.entry(&t.exp).or_insert(0) ^= t.coeff;
    }
    GenOrdinal::from_terms(
        terms
            .into_iter()
            .map(|(e, c)| Term {
                exp: e.clone(),
                coeff: c,
            })
            .collect(),
    )
}

/// The nim product of two ordinals below ω^ω^[`MAX_PRIMES`].
pub fn nim_mul(a: &GenOrdinal, b: &GenOrdinal) -> Res<GenOrdinal> {
    let (pa, mut na) = to_poly(a)?;
    let (pb, nb) = to_poly(b)?;
    na.extend(nb);
    let f = field(&na)?;
    Ok(from_poly(&f.mul(&pa, &pb)?))
}

/// The n-th nim power of an ordinal below ω^ω^[`MAX_PRIMES`].
pub fn nim_pow(a: &GenOrdinal, n: u64) -> Res<GenOrdinal> {
    let (pa, na) = to_poly(a)?;
    let f = field(&na)?;
    let bits = (0..64).rev().map(|i| n >> i & 1 == 1).skip_while(|b| !b);
    Ok(from_poly(&f.pow_bits(&pa, bits)?))
}

/// The nim inverse of a nonzero ordinal below ω^ω^[`MAX_PRIMES`]:
/// x^(2^d - 2) for x in the field of degree d. None for 0.
pub fn nim_inv(a: &GenOrdinal) -> Res<Option<GenOrdinal>> {
    if a.is_zero() {
        return Ok(None);
    }
    let (pa, na) = to_poly(a)?;
    let f = field(&na)?;
    let d = f.degree(&pa)?;
    let bits = (0..d).map(|i| i + 1 < d);
    Ok(Some(from_poly(&f.pow_bits(&pa, bits)?)))
}

/// Lenstra's constants of the k-th odd prime p (k = 0 for 3), as
/// computed here: p, its Q-set, its excess and α_p.
pub fn lenstra(k: usize) -> Res<(u64, Vec<u64>, u64, GenOrdinal)> {
    let f = field(&[k])?;
    let (q, m) = f.lenstra[&k].clone();
    Ok((f.primes[k], q, m, from_poly(&f.alphas[&k])))
}

/// Lenstra's constants of the k-th odd prime by the slow path (sparse
/// nim polynomials over the α's of the smaller primes, from the fast
/// path): Q-set, excess and α. For testing the fast path.
pub fn lenstra_slow(k: usize) -> Res<(Vec<u64>, u64, GenOrdinal)> {
    let all: Vec<usize> = (0..k).collect();
    let f = field(&all)?;
    let (q, m, a) = f.alpha_slow(k)?;
    Ok((q, m, from_poly(&a)))
}

/// The nim product of a and b computed in the tower of the κ_q of the
/// odd prime powers `odd` and the finite nimbers below 2^(max of
/// `consts`) (the fast path's arithmetic), for testing it against
/// [`nim_mul`]: None if a or b is not in that field.
#[cfg(test)]
pub(super) fn tower_mul(
    odd: &[u64],
    consts: &[u64],
    a: &GenOrdinal,
    b: &GenOrdinal,
) -> Res<Option<GenOrdinal>> {
    let need: Vec<usize> = odd
        .iter()
        .map(|&q| Field::new().index_of(prime_power(q).0))
        .collect::<Res<_>>()?;
    let f = field(&need)?;
    let (t, level) = f.tower(odd, consts)?;
    // Each level: its prime index k and the weight r^i of its digit.
    let mut digit: Vec<(usize, u64, u64)> = vec![(0, 1, 1)];
    let mut by_level: Vec<(u64, usize)> = level.iter().map(|(&q, &l)| (q, l)).collect();
    by_level.sort_by_key(|e| e.1);
    for &(q, _) in &by_level {
        let (r, n) = prime_power(q);
        digit.push((f.index_of(r)?, r, r.pow(n - 1)));
    }
    let n = t.len();
    let to_elem = |x: &GenOrdinal| -> Res<Option<tower::Elem>> {
        let (p, _) = to_poly(x)?;
        let mut e = vec![0u64; n];
        for (m, &c) in &p {
            if t.constant_fits(c).is_none() {
                return Ok(None);
            }
            let mut idx = 0usize;
            let mut stride = 1usize;
            let mut left = m.clone();
            for &(k, r, w) in &digit[1..] {
                let d = left.get(k).copied().unwrap_or(0) / w % r;
                if let Some(v) = left.get_mut(k) {
                    *v -= d * w;
                }
                idx += d as usize * stride;
                stride *= r as usize;
            }
            if left.iter().any(|&v| v != 0) {
                return Ok(None);
            }
            e[idx] ^= c;
        }
        Ok(Some(e))
    };
    let (Some(ea), Some(eb)) = (to_elem(a)?, to_elem(b)?) else {
        return Ok(None);
    };
    let prod = t.mul(&ea, &eb);
    let mut out = Poly::new();
    for (mut idx, &c) in prod.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let mut m = Mono::new();
        for &(k, r, w) in &digit[1..] {
            let d = (idx % r as usize) as u64;
            idx /= r as usize;
            if m.len() <= k {
                m.resize(k + 1, 0);
            }
            m[k] += d * w;
        }
        while m.last() == Some(&0) {
            m.pop();
        }
        xor_into(&mut out, m, c);
    }
    Ok(Some(from_poly(&out)))
}
