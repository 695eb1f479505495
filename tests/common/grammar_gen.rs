//! A program generator driven by the grammar itself: grammar/grundy.pest
//! is read with `pest_meta` and its rules are walked at random, so every
//! construct the grammar has (a new rule too) is reached without being
//! listed here. Sequences in non-atomic rules get a space between their
//! parts (pest's implicit whitespace); a rule's choices and repetitions
//! are picked at random until a depth or length bound, past which each
//! choice takes its shallowest alternative and repetitions stop, so every
//! program is finite. Predicates (`!x`, `&x`) produce nothing, so some
//! programs do not parse: the parser's errors are fuzzed too.
//!
//! A few rules are steered towards programs that reach the evaluator:
//! names are mostly from a small pool that an optional prelude defines,
//! integers mostly small, `ANY` mostly characters the language uses, and a
//! program is a few statements, one a line.

use std::collections::HashMap;

use pest_meta::ast::{Expr, RuleType};

use super::fuzz::Rng;

const GRAMMAR: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/grundy.pest"));

/// Past this depth of rules, or this many bytes, a program closes off.
const MAX_DEPTH: u32 = 9;
const MAX_LEN: usize = 600;

const NAMES: &[&str] = &["K", "S", "G", "n", "k", "x", "f", "P", "Kayles", "L"];
const PRELUDE: &str = "game K = octal 0.77\ngame S = subtraction {1, 2, 3}\n\
    game G(n) {\n    move G(n - k) for k in 1..=2 if k <= n\n}\nlet n = 4\nfn f(x) = x + 1\n";
const ANY: &[&str] = &[
    "a", "K", "1", "0", "2", " ", "{", "}", "|", "*", "^", "v", ",", "-", "(", ")", "/", "±", "x",
    "\"", "#", "é",
];

/// The grammar's rules, and how deep each must go at least.
pub struct Grammar {
    rules: HashMap<String, (RuleType, Expr)>,
    height: HashMap<String, u32>,
}

impl Grammar {
    /// grammar/grundy.pest, read.
    pub fn load() -> Grammar {
        let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, GRAMMAR)
            .expect("the grammar parses");
        let rules = pest_meta::parser::consume_rules(pairs).expect("the grammar's rules");
        let rules: HashMap<String, (RuleType, Expr)> = rules
            .into_iter()
            .map(|r| (r.name, (r.ty, r.expr)))
            .collect();
        let mut g = Grammar {
            rules,
            height: HashMap::new(),
        };
        // The least depth of each rule, by a fixed point from "unreached".
        loop {
            let mut changed = false;
            let names: Vec<String> = g.rules.keys().cloned().collect();
            for name in names {
                let h = g.expr_height(&g.rules[&name].1);
                if h < g.rule_height(&name) {
                    g.height.insert(name, h);
                    changed = true;
                }
            }
            if !changed {
                return g;
            }
        }
    }

    fn rule_height(&self, name: &str) -> u32 {
        if !self.rules.contains_key(name) {
            return 0; // a builtin (ANY, ASCII_DIGIT, SOI, ...)
        }
        self.height.get(name).copied().unwrap_or(u32::MAX / 2)
    }

    fn expr_height(&self, e: &Expr) -> u32 {
        match e {
            Expr::Ident(name) => self.rule_height(name).saturating_add(1),
            Expr::Seq(a, b) => self.expr_height(a).max(self.expr_height(b)),
            Expr::Choice(a, b) => self.expr_height(a).min(self.expr_height(b)),
            Expr::RepOnce(x) | Expr::Push(x) => self.expr_height(x),
            Expr::RepExact(x, n) | Expr::RepMin(x, n) | Expr::RepMinMax(x, n, _) if *n > 0 => {
                self.expr_height(x)
            }
            _ => 0,
        }
    }

    /// A program: a few statements of the grammar's `stmt`, one a line,
    /// after the prelude half the time.
    pub fn program(&self, rng: &mut Rng) -> String {
        let mut out = String::new();
        if rng.one_in(2) {
            out.push_str(PRELUDE);
        }
        for _ in 0..=rng.below(5) {
            let mut w = Walk {
                g: self,
                rng,
                out: String::new(),
            };
            w.rule("stmt", false, 0);
            out.push_str(&w.out);
            out.push('\n');
        }
        out
    }
}

struct Walk<'a, 'r> {
    g: &'a Grammar,
    rng: &'r mut Rng,
    out: String,
}

impl Walk<'_, '_> {
    fn closing(&self, depth: u32) -> bool {
        depth > MAX_DEPTH || self.out.len() > MAX_LEN
    }

    fn rule(&mut self, name: &str, atomic: bool, depth: u32) {
        let steer = !self.closing(depth) && self.rng.below(10) < 8;
        match name {
            "SOI" | "EOI" | "WHITESPACE" | "COMMENT" => {}
            "line_end" | "NEWLINE" => self.out.push('\n'),
            "ANY" => {
                let c = *self.rng.pick(ANY);
                self.out.push_str(c);
            }
            "ASCII_DIGIT" => self.char_in(b'0', b'9'),
            "ASCII_ALPHA" => self.char_in(b'a', b'z'),
            "ASCII_ALPHANUMERIC" => {
                if self.rng.one_in(2) {
                    self.char_in(b'a', b'z');
                } else {
                    self.char_in(b'0', b'9');
                }
            }
            "ident" if steer => {
                let n = *self.rng.pick(NAMES);
                self.out.push_str(n);
            }
            "int" if steer => {
                let n = match self.rng.below(10) {
                    0..=6 => self.rng.below(10) as u64,
                    7 | 8 => self.rng.below(1000) as u64,
                    _ => self.rng.next(),
                };
                self.out.push_str(&n.to_string());
            }
            _ => {
                let Some((ty, e)) = self.g.rules.get(name) else {
                    return;
                };
                let atomic = match ty {
                    RuleType::Atomic | RuleType::CompoundAtomic => true,
                    RuleType::NonAtomic => false,
                    _ => atomic,
                };
                self.expr(e, atomic, depth + 1);
            }
        }
    }

    fn char_in(&mut self, lo: u8, hi: u8) {
        let c = lo + self.rng.below(usize::from(hi - lo) + 1) as u8;
        self.out.push(char::from(c));
    }

    fn gap(&mut self, atomic: bool) {
        if !atomic && !self.out.ends_with([' ', '\n']) {
            self.out.push(' ');
        }
    }

    /// How many times a repetition runs: fewer and fewer, none when
    /// closing.
    fn times(&mut self, depth: u32) -> u32 {
        if self.closing(depth) {
            return 0;
        }
        let mut n = 0;
        while n < 3 && self.rng.below(10) < 3 {
            n += 1;
        }
        n
    }

    fn repeat(&mut self, x: &Expr, n: u32, atomic: bool, depth: u32) {
        for _ in 0..n {
            self.expr(x, atomic, depth);
            self.gap(atomic);
        }
    }

    fn expr(&mut self, e: &Expr, atomic: bool, depth: u32) {
        match e {
            Expr::Str(s) | Expr::Insens(s) => self.out.push_str(s),
            Expr::Range(lo, hi) => {
                let (lo, hi) = (lo.bytes().next(), hi.bytes().next());
                if let (Some(lo), Some(hi)) = (lo, hi) {
                    self.char_in(lo, hi.max(lo));
                }
            }
            Expr::Ident(name) => self.rule(name, atomic, depth),
            Expr::Seq(a, b) => {
                self.expr(a, atomic, depth);
                self.gap(atomic);
                self.expr(b, atomic, depth);
            }
            Expr::Choice(..) => {
                let mut alternatives = Vec::new();
                flatten(e, &mut alternatives);
                let pick = if self.closing(depth) {
                    alternatives
                        .iter()
                        .min_by_key(|a| self.g.expr_height(a))
                        .copied()
                } else {
                    Some(*self.rng.pick(&alternatives))
                };
                if let Some(a) = pick {
                    self.expr(a, atomic, depth);
                }
            }
            Expr::Opt(x) if !self.closing(depth) && self.rng.one_in(2) => {
                self.expr(x, atomic, depth);
            }
            Expr::Rep(x) => {
                let n = self.times(depth);
                self.repeat(x, n, atomic, depth);
            }
            Expr::RepOnce(x) => {
                let n = 1 + self.times(depth);
                self.repeat(x, n, atomic, depth);
            }
            Expr::RepExact(x, n) | Expr::RepMin(x, n) | Expr::RepMinMax(x, n, _) => {
                self.repeat(x, *n, atomic, depth);
            }
            Expr::Push(x) => self.expr(x, atomic, depth),
            _ => {}
        }
    }
}

fn flatten<'e>(e: &'e Expr, into: &mut Vec<&'e Expr>) {
    match e {
        Expr::Choice(a, b) => {
            flatten(a, into);
            flatten(b, into);
        }
        other => into.push(other),
    }
}
