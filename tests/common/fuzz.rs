//! Program generators shared by the fuzz tests: a seeded PRNG, a tokenizer,
//! a generator that follows the rules of grammar/grundy.pest, and mutations
//! of real programs (byte flips, token swaps, splices, duplications).

/// A small deterministic PRNG (xorshift64*), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// True with probability 1/n.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

/// Split a program into tokens: words, numbers, operators, single chars and newlines.
pub fn tokens(text: &str) -> Vec<String> {
    const OPS: &[&str] = &["..=", "**", "==", "!=", "<=", ">=", "->", ".."];
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '\n' {
            out.push("\n".to_string());
            rest = &rest[1..];
        } else if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
        } else if c.is_alphanumeric() || c == '_' {
            let word = |r: &str| {
                r.find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(r.len())
            };
            let mut end = word(rest);
            // An octal code like `0.77` is one token (but `0..=20` is three).
            if rest[end..].starts_with('.')
                && rest[end + 1..].starts_with(|c: char| c.is_ascii_alphanumeric())
            {
                end += 1 + word(&rest[end + 1..]);
            }
            out.push(rest[..end].to_string());
            rest = &rest[end..];
        } else if let Some(op) = OPS.iter().find(|op| rest.starts_with(**op)) {
            out.push(op.to_string());
            rest = &rest[op.len()..];
        } else {
            out.push(c.to_string());
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

fn join(toks: &[String]) -> String {
    let mut text = String::new();
    for t in toks {
        if t != "\n" && !text.is_empty() && !text.ends_with('\n') {
            text.push(' ');
        }
        text.push_str(t);
    }
    text
}

// ---- the grammar-following generator -----------------------------------

/// Builtin functions and how many arguments each takes (a range of counts).
const BUILTINS: &[(&str, usize, usize)] = &[
    ("len", 1, 1),
    ("min", 1, 3),
    ("max", 1, 3),
    ("abs", 1, 1),
    ("sum", 1, 1),
    ("sorted", 1, 1),
    ("xor", 1, 3),
    ("mex", 1, 1),
    ("list", 1, 1),
    ("set", 1, 1),
    ("union", 2, 2),
    ("intersection", 2, 2),
    ("difference", 2, 2),
    ("symdiff", 2, 2),
    ("popcount", 1, 1),
    ("reversed", 1, 1),
    ("count", 2, 2),
];

/// Infix operators of the `infix` rule.
const INFIX: &[&str] = &[
    "+", "-", "*", "/", "%", "**", "==", "!=", "<", "<=", ">", ">=", "and", "or", "in", "..", "..=",
];

/// Prefix operators of the `prefix` rule (and two in a row).
const PREFIXES: [&str; 4] = ["-", "not ", "*", "- -"];

/// Octal codes, some of them invalid, for `game X = octal CODE`.
const CODES: &[&str] = &[
    "0.77", "0.07", "4.07", "0.137", "0.f", ".6", "0.354", "0.0", "8.1", "0.777777", "1", "0.9",
];

/// Generates programs rule by rule: `program` is statements; each
/// statement is one of `stmt`'s alternatives; expressions are built from
/// `prefix* primary postfix* (infix prefix* primary postfix*)*`. Names are
/// mostly ones in scope, numbers mostly small, so most programs get past
/// the resolver into the evaluator and the solver.
pub struct Gen<'r> {
    rng: &'r mut Rng,
    /// Games defined so far: name, arity.
    games: Vec<(String, usize)>,
    fns: Vec<(String, usize)>,
    lets: Vec<String>,
    graphs: Vec<(String, Vec<String>)>,
    /// The families of statements the program holds (`impartial`,
    /// `partizan`, `misere`, `worksheet`, `board`), for the campaign's counts.
    pub families: std::collections::BTreeSet<&'static str>,
}

impl<'r> Gen<'r> {
    pub fn new(rng: &'r mut Rng) -> Self {
        Gen {
            rng,
            games: vec![("Nim".into(), 1)],
            fns: Vec::new(),
            lets: Vec::new(),
            graphs: Vec::new(),
            families: Default::default(),
        }
    }

    /// `program = { SOI ~ stmt* ~ EOI }`, queries last more often than not.
    pub fn program(&mut self) -> String {
        let mut out = String::new();
        let n = 1 + self.rng.below(6);
        for i in 0..n {
            let stmt = match self.rng.below(14) {
                0..=2 => self.game_rules(i),
                3 => self.game_alias(i),
                4 => self.graph(i),
                5 => self.fn_def(i),
                6 => self.let_def(i),
                7 => self.partizan_game(i),
                8 | 9 => self.worksheet_line(),
                10 => self.board_game(i),
                _ => self.query(),
            };
            out.push_str(&stmt);
            out.push('\n');
        }
        for _ in 0..=self.rng.below(3) {
            out.push_str(&self.query());
            out.push('\n');
        }
        out
    }

    fn fresh(&mut self, upper: bool, i: usize) -> String {
        let names: &[&str] = if upper {
            &["G", "H", "Kayles", "Take", "Split", "W", "Moves", "grundy"]
        } else {
            &["f", "g", "x", "n", "heaps", "moves", "period", "xs"]
        };
        // Sometimes an existing name: the REPL replaces, a file refuses.
        if self.rng.one_in(8) {
            return self.rng.pick(names).to_string();
        }
        format!("{}{i}", self.rng.pick(names))
    }

    fn params(&mut self) -> Vec<String> {
        let n = self.rng.below(3) + usize::from(!self.rng.one_in(6));
        let mut ps: Vec<String> = (0..n)
            .map(|i| ["n", "a", "b", "c", "rows"][i].to_string())
            .collect();
        if self.rng.one_in(20) && !ps.is_empty() {
            ps.push(ps[0].clone()); // a duplicate parameter
        }
        ps
    }

    /// `game_def` with `game_rules`: parameters, play, `move` lines.
    fn game_rules(&mut self, i: usize) -> String {
        let name = self.fresh(true, i);
        let params = self.params();
        self.games.push((name.clone(), params.len()));
        let play = match self.rng.below(6) {
            0 => " misere",
            1 => " normal",
            _ => "",
        };
        self.families.insert(if play == " misere" {
            "misere"
        } else {
            "impartial"
        });
        let mut s = format!("game {name}({}){play} {{\n", params.join(", "));
        for _ in 0..self.rng.below(4) {
            s.push_str(&format!("    {}\n", self.move_rule(&name, &params)));
        }
        s.push('}');
        s
    }

    /// `move_rule = { kw_move ~ expr ~ clauses }`, usually a move that
    /// makes one argument smaller.
    fn move_rule(&mut self, name: &str, params: &[String]) -> String {
        let mut scope: Vec<String> = params.to_vec();
        let mut bindings = Vec::new();
        for v in ["k", "i"].iter().take(1 + self.rng.below(2)) {
            let bound = if params.is_empty() || self.rng.one_in(5) {
                self.expr(&scope, 1)
            } else {
                self.rng.pick(params).clone()
            };
            let iter = match self.rng.below(4) {
                0 => format!("0..{bound}"),
                1 => self.expr(&scope, 2),
                _ => format!("1..={bound}"),
            };
            bindings.push(format!("{v} in {iter}"));
            scope.push(v.to_string());
        }
        let target = if self.rng.one_in(4) {
            self.position(&scope, 2)
        } else {
            let args: Vec<String> = params
                .iter()
                .enumerate()
                .map(|(j, p)| match (j, self.rng.below(5)) {
                    (0, 0..=2) => format!("{p} - k"),
                    (_, 3) => self.expr(&scope, 1),
                    _ => p.clone(),
                })
                .collect();
            let one = format!("{name}({})", args.join(", "));
            if self.rng.one_in(4) {
                format!("{one} + {}", self.position(&scope, 1))
            } else {
                one
            }
        };
        let mut s = format!("move {target}");
        if !bindings.is_empty() && !self.rng.one_in(8) {
            s.push_str(&format!(" for {}", bindings.join(", ")));
        }
        if self.rng.one_in(3) {
            s.push_str(&format!(" if {}", self.expr(&scope, 2)));
        }
        s
    }

    /// `game_def` with `game_alias`: `subtraction EXPR` or `octal CODE`.
    fn game_alias(&mut self, i: usize) -> String {
        let name = self.fresh(true, i);
        self.games.push((name.clone(), 1));
        self.families.insert("impartial");
        if self.rng.one_in(2) {
            let set = match self.rng.below(4) {
                0 => self.expr(&[], 2),
                _ => {
                    let xs: Vec<String> =
                        (0..=self.rng.below(4)).map(|_| self.small_int()).collect();
                    format!("{{{}}}", xs.join(", "))
                }
            };
            format!("game {name} = subtraction {set}")
        } else {
            format!("game {name} = octal {}", self.rng.pick(CODES))
        }
    }

    /// `graph_def`: vertices and edges, loops and cycles allowed.
    fn graph(&mut self, i: usize) -> String {
        let name = format!("Gr{i}");
        let vs: Vec<String> = (0..=self.rng.below(6)).map(|j| format!("v{j}")).collect();
        self.families.insert("impartial");
        let mut s = format!("graph {name} {{\n");
        for v in &vs {
            let to: Vec<&String> = (0..self.rng.below(3)).map(|_| self.rng.pick(&vs)).collect();
            if to.is_empty() {
                s.push_str(&format!("    {v}\n"));
            } else {
                let to: Vec<&str> = to.iter().map(|t| t.as_str()).collect();
                s.push_str(&format!("    {v} -> {}\n", to.join(", ")));
            }
        }
        s.push('}');
        self.games.push((name.clone(), 1));
        self.graphs.push((name, vs));
        s
    }

    /// `fn_def`: a body over its parameters, sometimes recursive.
    fn fn_def(&mut self, i: usize) -> String {
        let name = self.fresh(false, i);
        let params = self.params();
        self.fns.push((name.clone(), params.len()));
        let body = if self.rng.one_in(3) && !params.is_empty() {
            let p = &params[0];
            let args: Vec<String> = params
                .iter()
                .map(|q| {
                    if q == p {
                        format!("{p} - 1")
                    } else {
                        q.clone()
                    }
                })
                .collect();
            format!(
                "if {p} <= 0 then {} else {name}({}) + 1",
                self.small_int(),
                args.join(", ")
            )
        } else {
            self.expr(&params, 3)
        };
        format!("fn {name}({}) = {body}", params.join(", "))
    }

    fn let_def(&mut self, i: usize) -> String {
        let name = self.fresh(false, i);
        let value = self.expr(&[], 3);
        self.lets.push(name.clone());
        format!("let {name} = {value}")
    }

    /// One of the `query` alternatives.
    /// A partizan rule game: `left move` and `right move` lines.
    fn partizan_game(&mut self, i: usize) -> String {
        let name = self.fresh(true, i);
        let params = self.params();
        self.games.push((name.clone(), params.len()));
        self.families.insert("partizan");
        let mut s = format!("game {name}({}) {{\n", params.join(", "));
        for _ in 0..=self.rng.below(3) {
            let side = if self.rng.one_in(2) { "left" } else { "right" };
            let rule = self.move_rule(&name, &params);
            // `move G(..) for ..` becomes `left move G(..) for ..`.
            s.push_str(&format!("    {side} {rule}\n"));
        }
        s.push('}');
        s
    }

    /// A worksheet line: a bare expression, an `assert`, a `let` of game
    /// values, arithmetic on game values, game value literals, the
    /// short-game algebra, quantifiers and the general `sequence`/`table`.
    fn worksheet_line(&mut self) -> String {
        self.families.insert("worksheet");
        let pos = self.position(&[], 1);
        match self.rng.below(16) {
            0 => self.expr(&[], 2),
            1 => format!("assert {}", self.expr(&[], 2)),
            2 => format!("value({pos}) + value({pos})"),
            3 => format!("value({pos}) <= value(*{})", self.rng.below(4)),
            4 => format!("[grundy({pos}) for k in 0..{}]", self.rng.below(6)),
            5 => format!("let v{} = value({pos})", self.rng.below(100)),
            6 => format!("sorted([{}, {}])", self.expr(&[], 1), self.expr(&[], 1)),
            7 | 8 => {
                let a = self.game_literal();
                let b = self.game_literal();
                let op = *self.rng.pick(&["+", "-", "<=", ">=", "<", "==", "||", "*"]);
                let b = if op == "*" { self.small_int() } else { b };
                format!("{a} {op} {b}")
            }
            9 => {
                let f = *self.rng.pick(&[
                    "mean",
                    "temperature",
                    "left_stop",
                    "right_stop",
                    "atomic_weight",
                    "reduced",
                    "latex",
                    "left_incentives",
                    "right_incentives",
                    "is_p",
                    "is_n",
                    "-",
                ]);
                let g = if self.rng.one_in(2) {
                    self.game_literal()
                } else {
                    format!("value({pos})")
                };
                format!("{f}({g})")
            }
            10 => {
                let f = *self
                    .rng
                    .pick(&["cool", "heat", "norton", "ordinal", "overheat"]);
                let g = self.game_literal();
                let t = match self.rng.below(3) {
                    0 => self.small_int(),
                    1 => format!("num({}, {})", self.small_int(), 1 << self.rng.below(5)),
                    _ => self.game_literal(),
                };
                if f == "overheat" {
                    format!("{f}({g}, {t}, {})", self.game_literal())
                } else {
                    format!("{f}({g}, {t})")
                }
            }
            11 => {
                let f = *self
                    .rng
                    .pick(&["nim_mul", "nim_pow", "nim_inv", "up", "num"]);
                let args: Vec<String> = (0..=self.rng.below(2)).map(|_| self.small_int()).collect();
                format!("{f}({})", args.join(", "))
            }
            12 => {
                let q = *self.rng.pick(&["forall", "exists"]);
                let n = self.small_int();
                let body = self.expr(&["n".to_string()], 2);
                let assert = if self.rng.one_in(2) { "assert " } else { "" };
                format!("{assert}{q} n in 0..={n}: {body}")
            }
            13 => {
                let q = *self.rng.pick(&["forall", "exists"]);
                format!(
                    "{q} n in 0..={}: outcome({}) == P",
                    self.rng.below(30),
                    self.position(&["n".to_string()], 1)
                )
            }
            14 => format!(
                "sequence n in 0..={}: {}",
                self.rng.below(12),
                self.position(&["n".to_string()], 1)
            ),
            _ => format!(
                "table a in 0..={}, b in 0..={}: {}",
                self.rng.below(5),
                self.rng.below(5),
                self.position(&["a".to_string(), "b".to_string()], 1)
            ),
        }
    }

    /// A game value in CGSuite's notation: numbers, ups, switches, braces.
    fn game_literal(&mut self) -> String {
        let leaf = |r: &mut Rng| -> String {
            r.pick(&[
                "0",
                "1",
                "-1",
                "2",
                "1/2",
                "-3/4",
                "*",
                "*2",
                "^",
                "v",
                "^*",
                "vv*2",
                "^<2>",
                "1*",
                "±1",
                "±1/2",
                "up(3)",
                "num(5, 8)",
            ])
            .to_string()
        };
        match self.rng.below(5) {
            0 | 1 => leaf(self.rng),
            2 => {
                let l: Vec<String> = (0..self.rng.below(3))
                    .map(|_| {
                        self.rng
                            .pick(&["0", "1", "-1", "*", "^", "1/2", "2", "{1|0}", "-2"])
                            .to_string()
                    })
                    .collect();
                let r: Vec<String> = (0..self.rng.below(3))
                    .map(|_| {
                        self.rng
                            .pick(&["0", "1", "-1", "*", "v", "-1/2", "{0|-1}", "3"])
                            .to_string()
                    })
                    .collect();
                let bars = *self.rng.pick(&["|", "|", "||"]);
                format!("{{{}{bars}{}}}", l.join(", "), r.join(", "))
            }
            3 => format!("value(*{})", self.small_int()),
            _ => format!("±{}", leaf(self.rng)),
        }
    }

    /// A board game: a placement game on a small grid (Domineering-like,
    /// partizan or impartial), and a query on a board.
    fn board_game(&mut self, i: usize) -> String {
        self.families.insert("board");
        let name = self.fresh(true, i);
        self.games.push((name.clone(), 1));
        let shapes = [
            "[(0, 0), (1, 0)]",
            "[(0, 0), (0, 1)]",
            "[(0, 0)]",
            "[(0, 0), (1, 1)]",
        ];
        let a = *self.rng.pick(&shapes);
        let b = *self.rng.pick(&shapes);
        let split = self.rng.one_in(2);
        let target = |c: &str| {
            if split {
                format!("sum([{name}(canonical(p)) for p in components({c})])")
            } else {
                format!("{name}({c})")
            }
        };
        let rules = if self.rng.one_in(2) {
            self.families.insert("partizan");
            format!(
                "    left move {} for c in place(b, {a})\n    right move {} for c in place(b, {b})\n",
                target("c"),
                target("c")
            )
        } else {
            self.families.insert("impartial");
            format!("    move {} for c in place(b, {a})\n", target("c"))
        };
        let board = match self.rng.below(3) {
            0 => format!("grid({}, {})", 1 + self.rng.below(4), 1 + self.rng.below(5)),
            1 => format!(
                "grid(\"{}\")",
                *self
                    .rng
                    .pick(&["..#|...", "...|.#.|...", "....", "#..|..#", ".|.|."])
            ),
            _ => format!("grid({}, {})", self.small_int(), self.small_int()),
        };
        let q = *self.rng.pick(&[
            "value",
            "grundy",
            "outcome",
            "winning",
            "moves",
            "temperature",
        ]);
        format!("game {name}(b) {{\n{rules}}}\n{q} {name}({board})")
    }

    /// Misère and partizan queries.
    fn theory_query(&mut self, pos: &str, game: &str) -> String {
        let which = self.rng.below(12);
        self.families.insert(match which {
            0..=3 | 11 => "misere",
            _ => "partizan",
        });
        match which {
            0 => format!("genus {pos}"),
            1 => format!("misere_form {pos}"),
            2 => format!("quotient {game} to {}", self.rng.below(40)),
            3 => format!("outcome misere {pos}"),
            4 => format!("value {pos}"),
            5 => format!("mean {pos}"),
            6 => format!("temperature {pos}"),
            7 => format!("thermograph {pos}"),
            8 => format!("compare {pos}, {}", self.position(&[], 1)),
            9 => format!("winning {pos} for {}", self.rng.pick(&["left", "right"])),
            10 => format!("outcome {pos}"),
            _ => format!("sequence misere {game} 0..={}", self.rng.below(12)),
        }
    }

    fn query(&mut self) -> String {
        let play = match self.rng.below(5) {
            0 => "misere ",
            1 => "normal ",
            _ => "",
        };
        if play == "misere " {
            self.families.insert("misere");
        }
        let game = self.rng.pick(&self.games.clone()).0.clone();
        let pos = self.position(&[], 2);
        if self.rng.one_in(3) {
            return self.theory_query(&pos, &game);
        }
        match self.rng.below(12) {
            0 | 1 => format!("grundy {pos}"),
            2 => format!("outcome {play}{pos}"),
            3 => format!("moves {pos}"),
            4 => format!("winning {play}{pos}"),
            5 => format!("remoteness {play}{pos}"),
            6 => format!("sequence {game} 0..={}", self.rng.below(12)),
            7 => format!(
                "table {game} 0..={}, 0..={}",
                self.rng.below(5),
                self.rng.below(5)
            ),
            8 => format!("period {game}"),
            9 => match self.graphs.first() {
                Some((g, _)) if !self.rng.one_in(4) => format!("kernels {g}"),
                _ => format!("kernels {game}"),
            },
            10 => format!("kernel {pos}"),
            _ => match self.rng.below(2) {
                0 => format!("dot {pos}"),
                _ => format!("kernel_sequences {pos}"),
            },
        }
    }

    fn small_int(&mut self) -> String {
        match self.rng.below(300) {
            0..=2 => "9223372036854775807".into(),
            3 => "99999999999999999999".into(),
            4..=6 => "1000000".into(),
            7..=12 => "64".into(),
            _ => self.rng.below(8).to_string(),
        }
    }

    /// A position: `Name(args)`, a sum, `0`, `*n`.
    fn position(&mut self, scope: &[String], depth: usize) -> String {
        match self.rng.below(8) {
            0 => "0".into(),
            1 => format!("*{}", self.atom(scope)),
            2 if depth > 0 => format!(
                "{} + {}",
                self.position(scope, depth - 1),
                self.position(scope, depth - 1)
            ),
            3 if !self.graphs.is_empty() => {
                let (g, vs) = self.rng.pick(&self.graphs).clone();
                format!("{g}({})", self.rng.pick(&vs))
            }
            _ => {
                let (g, arity) = self.rng.pick(&self.games).clone();
                let arity = if self.rng.one_in(15) {
                    self.rng.below(3)
                } else {
                    arity
                };
                let args: Vec<String> = (0..arity)
                    .map(|_| match self.rng.below(4) {
                        0 => self.expr(scope, 1),
                        1 => format!("[{}, {}]", self.small_int(), self.small_int()),
                        _ => self.small_int(),
                    })
                    .collect();
                format!("{g}({})", args.join(", "))
            }
        }
    }

    fn atom(&mut self, scope: &[String]) -> String {
        match self.rng.below(6) {
            0 | 1 if !scope.is_empty() => self.rng.pick(scope).clone(),
            2 if !self.lets.is_empty() => self.rng.pick(&self.lets).clone(),
            3 => ["true", "false"][self.rng.below(2)].to_string(),
            _ => self.small_int(),
        }
    }

    /// `expr`: prefixes, a primary, postfixes, then infix chains.
    pub fn expr(&mut self, scope: &[String], depth: usize) -> String {
        let mut s = self.operand(scope, depth);
        if depth > 0 {
            for _ in 0..self.rng.below(3) / 2 {
                let op = *self.rng.pick(INFIX);
                let rhs = self.operand(scope, depth - 1);
                s = format!("{s} {op} {rhs}");
            }
        }
        s
    }

    fn operand(&mut self, scope: &[String], depth: usize) -> String {
        let mut s = String::new();
        if self.rng.one_in(6) {
            let p = PREFIXES[self.rng.below(PREFIXES.len())];
            s.push_str(p);
        }
        s.push_str(&self.primary(scope, depth));
        if self.rng.one_in(8) {
            s.push_str(&format!("[{}]", self.expr(scope, depth.saturating_sub(1))));
        }
        s
    }

    /// `primary = if_expr | call | paren | list | set | int | boolean | ident`.
    fn primary(&mut self, scope: &[String], depth: usize) -> String {
        if depth == 0 {
            return self.atom(scope);
        }
        let d = depth - 1;
        match self.rng.below(12) {
            0 => format!(
                "if {} then {} else {}",
                self.expr(scope, d),
                self.expr(scope, d),
                self.expr(scope, d)
            ),
            1 => {
                let (name, lo, hi) = *self.rng.pick(BUILTINS);
                let n = lo + self.rng.below(hi - lo + 1);
                let args: Vec<String> = (0..n).map(|_| self.expr(scope, d)).collect();
                format!("{name}({})", args.join(", "))
            }
            2 if !self.fns.is_empty() => {
                let (name, arity) = self.rng.pick(&self.fns).clone();
                let args: Vec<String> = (0..arity).map(|_| self.expr(scope, d)).collect();
                format!("{name}({})", args.join(", "))
            }
            3 => format!("({})", self.expr(scope, d)),
            4 => {
                let n = self.rng.below(4);
                let xs: Vec<String> = (0..n).map(|_| self.expr(scope, d)).collect();
                let comma = if n == 1 { "," } else { "" };
                format!("({}{comma})", xs.join(", "))
            }
            5 | 6 => {
                let (open, close) = if self.rng.one_in(2) {
                    ("[", "]")
                } else {
                    ("{", "}")
                };
                let n = self.rng.below(4);
                let xs: Vec<String> = (0..n).map(|_| self.expr(scope, d)).collect();
                format!("{open}{}{close}", xs.join(", "))
            }
            7 => {
                let (open, close) = if self.rng.one_in(2) {
                    ("[", "]")
                } else {
                    ("{", "}")
                };
                let mut inner: Vec<String> = scope.to_vec();
                inner.push("y".into());
                let body = self.expr(&inner, d);
                let iter = format!("0..{}", self.small_int());
                let cond = if self.rng.one_in(2) {
                    format!(" if {}", self.expr(&inner, d))
                } else {
                    String::new()
                };
                format!("{open}{body} for y in {iter}{cond}{close}")
            }
            8 => format!("{}..={}", self.atom(scope), self.atom(scope)),
            _ => self.atom(scope),
        }
    }
}

// ---- mutations of real programs ----------------------------------------

/// A mutant of `seed`: byte flips, token swaps, splices from `other`,
/// duplications or deletions of lines. Bytes are kept valid UTF-8 unless
/// `raw` (then the result is bytes the front end must refuse with a code).
pub fn mutate(rng: &mut Rng, seed: &str, other: &str, raw: bool) -> Vec<u8> {
    match rng.below(6) {
        0 => {
            let mut bytes = seed.as_bytes().to_vec();
            for _ in 0..=rng.below(4) {
                if bytes.is_empty() {
                    break;
                }
                let i = rng.below(bytes.len());
                if raw {
                    bytes[i] ^= 1 << rng.below(8);
                } else {
                    // Within ASCII, so the text stays UTF-8.
                    bytes[i] = (bytes[i] ^ (1 << rng.below(7))) & 0x7f;
                }
            }
            if !raw && std::str::from_utf8(&bytes).is_err() {
                return seed.as_bytes().to_vec();
            }
            bytes
        }
        1 => {
            let mut toks = tokens(seed);
            for _ in 0..=rng.below(4) {
                if toks.len() < 2 {
                    break;
                }
                let (i, j) = (rng.below(toks.len()), rng.below(toks.len()));
                toks.swap(i, j);
            }
            join(&toks).into_bytes()
        }
        2 => {
            // Splice: a token run of `other` into `seed`.
            let mut toks = tokens(seed);
            let theirs = tokens(other);
            if theirs.is_empty() {
                return seed.as_bytes().to_vec();
            }
            let a = rng.below(theirs.len());
            let b = (a + 1 + rng.below(20)).min(theirs.len());
            let at = rng.below(toks.len() + 1);
            toks.splice(at..at, theirs[a..b].iter().cloned());
            join(&toks).into_bytes()
        }
        3 => {
            // Duplicate a run of lines (definitions twice, queries twice).
            let lines: Vec<&str> = seed.lines().collect();
            if lines.is_empty() {
                return seed.as_bytes().to_vec();
            }
            let a = rng.below(lines.len());
            let b = (a + 1 + rng.below(8)).min(lines.len());
            let mut out: Vec<&str> = lines[..b].to_vec();
            out.extend_from_slice(&lines[a..]);
            (out.join("\n") + "\n").into_bytes()
        }
        4 => {
            // Delete a run of tokens.
            let mut toks = tokens(seed);
            if toks.is_empty() {
                return seed.as_bytes().to_vec();
            }
            let a = rng.below(toks.len());
            let b = (a + 1 + rng.below(5)).min(toks.len());
            toks.drain(a..b);
            join(&toks).into_bytes()
        }
        _ => {
            // Numbers made bigger: budgets and overflow.
            let mut toks = tokens(seed);
            for t in &mut toks {
                if t.chars().all(|c| c.is_ascii_digit()) && rng.one_in(4) {
                    *t = ["0", "40", "1000", "100000", "9223372036854775807"][rng.below(5)]
                        .to_string();
                }
            }
            join(&toks).into_bytes()
        }
    }
}
