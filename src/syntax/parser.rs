//! Pest pairs to the AST, and pest errors to diagnostics in words.

use std::sync::LazyLock;

use pest::Parser as _;
use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest_derive::Parser;

use super::ast::*;
use super::diagnose::{is_keyword, juxtaposed, syntax_error};
use crate::error::Result;
use crate::error::SyntaxError;
use crate::source::{SourceId, Span};

#[derive(Parser)]
#[grammar = "../grammar/grundy.pest"]
struct GameParser;

/// Brackets and prefix operators may nest this deep; deeper input is refused
/// before pest (which recurses) sees it.
pub const MAX_NESTING: usize = 200;

static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::or_op, Assoc::Left))
        .op(Op::infix(Rule::and_op, Assoc::Left))
        .op(Op::prefix(Rule::not_op))
        .op(Op::infix(Rule::eq, Assoc::Left)
            | Op::infix(Rule::ne, Assoc::Left)
            | Op::infix(Rule::lt, Assoc::Left)
            | Op::infix(Rule::le, Assoc::Left)
            | Op::infix(Rule::gt, Assoc::Left)
            | Op::infix(Rule::ge, Assoc::Left)
            | Op::infix(Rule::confused, Assoc::Left)
            | Op::infix(Rule::in_op, Assoc::Left))
        .op(Op::infix(Rule::sided, Assoc::Left))
        .op(Op::infix(Rule::range_excl, Assoc::Left) | Op::infix(Rule::range_incl, Assoc::Left))
        .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
        .op(Op::infix(Rule::mul, Assoc::Left)
            | Op::infix(Rule::div, Assoc::Left)
            | Op::infix(Rule::floordiv, Assoc::Left)
            | Op::infix(Rule::rem, Assoc::Left))
        .op(Op::prefix(Rule::neg) | Op::prefix(Rule::star) | Op::prefix(Rule::plus_minus))
        .op(Op::infix(Rule::pow, Assoc::Right))
        .op(Op::postfix(Rule::index))
});

/// Parse one source text into a program.
pub fn parse(src: SourceId, text: &str) -> Result<Program> {
    check_nesting(src, text)?;
    // The newlines that end statements, marked for pest (same length).
    let marked = super::lines::mark(src, text)?;
    // Record the tokens tried at an error, to name brackets and commas.
    // (Always on: the flag is global to the process, so turning it off for
    // a first fast try would race with another thread's parse and make an
    // error's text depend on timing.)
    pest::set_error_detail(true);
    let pairs =
        GameParser::parse(Rule::program, &marked).map_err(|e| syntax_error(src, text, e))?;
    let b = Builder { src };
    let found: Vec<Pair<Rule>> = pairs
        .flatten()
        .take(1)
        .flat_map(Pair::into_inner)
        .filter(|p| p.as_rule() != Rule::EOI)
        .collect();
    one_per_line(src, text, &marked, &found)?;
    let stmts = found
        .into_iter()
        .map(|stmt| b.stmt(stmt))
        .collect::<Result<Vec<_>>>()?;
    Ok(Program { stmts })
}

/// Refuse two statements with no line break or `;` between them (`1 2`,
/// `a xor b`): the grammar reads them one after the other, but one line
/// holds one statement.
fn one_per_line(src: SourceId, text: &str, marked: &str, stmts: &[Pair<Rule>]) -> Result<()> {
    let bounds: Vec<(usize, usize)> = stmts
        .iter()
        .map(|p| {
            let s = p.as_span();
            (s.start(), s.start() + trimmed(s.as_str()).len())
        })
        .collect();
    for (k, w) in bounds.windows(2).enumerate() {
        if !ends_statement(&marked[w[0].1..w[1].0]) {
            let third = bounds
                .get(k + 2)
                .filter(|t| !ends_statement(&marked[w[1].1..t.0]))
                .copied();
            return Err(juxtaposed(src, text, w[0], w[1], third));
        }
    }
    Ok(())
}

/// Whether the text between two statements holds a statement's end: a
/// line break that ends one ([`super::lines::END`]) or a `;`, outside
/// comments.
fn ends_statement(gap: &str) -> bool {
    let mut comment = false;
    for c in gap.bytes() {
        match c {
            super::lines::END => return true,
            b'\n' => comment = false,
            b'#' => comment = true,
            b';' if !comment => return true,
            _ => {}
        }
    }
    false
}

/// Parse `text`, which starts `offset` bytes into source `src`, as one
/// expression (an option of a `{…|…}` literal); spans point into the
/// source.
pub fn parse_expr(src: SourceId, offset: usize, text: &str) -> Result<Expr> {
    let padded = format!("{}{text}", " ".repeat(offset));
    let pairs =
        GameParser::parse(Rule::lone_expr, &padded).map_err(|e| syntax_error(src, &padded, e))?;
    let b = Builder { src };
    for pair in pairs.flatten() {
        if pair.as_rule() == Rule::expr {
            return b.expr(pair);
        }
    }
    unreachable!("grammar: lone_expr holds an expr")
}

/// Operators along one nesting path of an expression: each may add a
/// level to the tree (a chain `1 + 1 + ...` is as deep as it is long, and
/// so is an index chain `xs[0][0]...`).
pub const MAX_OPERATORS: usize = 2_000;

/// Refuse input whose syntax tree could be deeper than the recursive passes
/// (pest, the compiler, the evaluator) can take, before pest sees it: at
/// most MAX_NESTING brackets, and at most MAX_OPERATORS operators, indexes
/// and `if`/`not` along any path. The count is conservative: commas start a
/// fresh count from the enclosing bracket's, a `move` line from its game's,
/// and only a statement that really starts one (a definition or query word
/// at the top level right after a finished operand) starts from zero: a
/// query word used as a name inside an expression (`moves + moves`) never
/// resets it.
fn check_nesting(src: SourceId, text: &str) -> Result<()> {
    let bytes = text.as_bytes();
    // Operators counted when each open bracket was entered.
    let mut stack: Vec<usize> = Vec::new();
    let mut ops = 0usize;
    // Whether the last token ends an operand (a name, a number, a closing
    // bracket): a statement can only start after one, and `[` after one is
    // an index that adds a level.
    let mut after_operand = true;
    let mut i = 0;
    let too_deep = |i: usize, limit: usize| {
        SyntaxError::TooDeep {
            limit,
            span: Span::new(src, i, i + 1),
        }
        .into()
    };
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            // A string (one line, no `"` inside): a `#`, a bracket or an
            // operator in it (`"#."`, `"[["`) is a character, not syntax.
            b'"' => {
                i += 1;
                while i < bytes.len() && !matches!(bytes[i], b'"' | b'\n' | b'\r') {
                    i += 1;
                }
                if i < bytes.len() && bytes[i] == b'"' {
                    i += 1;
                }
                after_operand = true;
                continue;
            }
            b'(' | b'[' | b'{' => {
                if c == b'[' && after_operand {
                    ops += 1;
                }
                stack.push(ops);
                if stack.len() > MAX_NESTING {
                    return Err(too_deep(i, MAX_NESTING));
                }
                after_operand = false;
            }
            b')' | b']' | b'}' => {
                stack.pop();
                after_operand = true;
            }
            b',' | b';' => {
                ops = stack.last().copied().unwrap_or(0);
                after_operand = false;
            }
            b'+' | b'-' | b'*' | b'/' | b'%' | b'<' | b'>' | b'=' | b'!' | b'.' => {
                ops += 1;
                after_operand = false;
            }
            c if c.is_ascii_digit() => {
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                after_operand = true;
                continue;
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                let word = &text[start..i];
                let was_after_operand = after_operand;
                after_operand = false;
                match word {
                    "if" | "not" | "and" | "or" | "in" | "then" | "else" => ops += 1,
                    "move" => ops = stack.last().copied().unwrap_or(0),
                    "true" | "false" => after_operand = true,
                    w if stack.is_empty() && was_after_operand && super::starts_statement(w) => {
                        ops = 0;
                    }
                    w if is_keyword(w) => {}
                    // A name (a query word too, when it is not a statement).
                    _ => after_operand = true,
                }
                if ops > MAX_OPERATORS {
                    return Err(too_deep(start, MAX_OPERATORS));
                }
                continue;
            }
            c if c.is_ascii_whitespace() => {}
            _ => after_operand = false,
        }
        if ops > MAX_OPERATORS {
            return Err(too_deep(i, MAX_OPERATORS));
        }
        i += 1;
    }
    Ok(())
}

struct Builder {
    src: SourceId,
}

impl Builder {
    fn span(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        Span::new(self.src, s.start(), s.end())
    }

    /// The span of a pair without the white space and comments pest
    /// skipped after its last token (an empty repetition at its end takes
    /// them in), so that it ends on its own line.
    fn span_trimmed(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        Span::new(self.src, s.start(), s.start() + trimmed(s.as_str()).len())
    }

    fn ident(&self, p: Pair<Rule>) -> Ident {
        Ident {
            name: p.as_str().to_string(),
            span: self.span(&p),
        }
    }

    fn stmt(&self, p: Pair<Rule>) -> Result<Stmt> {
        let span = self.span(&p);
        match p.as_rule() {
            Rule::game_def => self.game(p, span).map(Stmt::Game),
            Rule::graph_def => {
                let mut it = p.into_inner();
                it.next(); // kw_graph
                let name = self.ident(next(&mut it));
                let mut items = Vec::new();
                for item in it {
                    let mut vs = item.into_inner();
                    let from = self.ident(next(&mut vs));
                    let mut side = None;
                    let mut both = false;
                    let mut to = Vec::new();
                    for v in vs {
                        if v.as_rule() == Rule::arrow {
                            let inner = v.into_inner().next();
                            both = inner
                                .as_ref()
                                .is_some_and(|a| a.as_rule() == Rule::arrow_both);
                            side = inner.filter(|_| !both).map(|a| match a.as_rule() {
                                Rule::arrow_left => Side::Left,
                                _ => Side::Right,
                            });
                        } else {
                            to.push(self.ident(v));
                        }
                    }
                    // `a -- b, c`: the edges a -> b, a -> c and back.
                    let back: Vec<GraphItem> = if both {
                        to.iter()
                            .map(|t| GraphItem {
                                from: t.clone(),
                                side: None,
                                to: vec![from.clone()],
                            })
                            .collect()
                    } else {
                        Vec::new()
                    };
                    items.push(GraphItem { from, side, to });
                    items.extend(back);
                }
                Ok(Stmt::Game(GameDecl {
                    name,
                    body: GameBody::Graph(items),
                    span,
                }))
            }
            Rule::fn_def => {
                let mut it = p.into_inner();
                it.next(); // kw_fn
                let name = self.ident(next(&mut it));
                let params = self.params(next(&mut it))?;
                let body = self.expr(next(&mut it))?;
                Ok(Stmt::Fn(FnDecl {
                    name,
                    params,
                    body,
                    span,
                }))
            }
            Rule::let_def => {
                let mut it = p.into_inner();
                it.next(); // kw_let
                let name = self.ident(next(&mut it));
                let value = self.expr(next(&mut it))?;
                Ok(Stmt::Let(LetDecl { name, value, span }))
            }
            Rule::query => self.query(p, span).map(Stmt::Query),
            Rule::expr_stmt => {
                let x = next(&mut p.into_inner());
                let (text, base) = (x.as_str(), x.as_span().start());
                let expr = self.expr(x)?;
                let args = match &expr.node {
                    ExprKind::Call(_, args) => args
                        .iter()
                        .filter_map(|a| {
                            let (s, e) = (a.span.start as usize, a.span.end as usize);
                            text.get(s.checked_sub(base)?..e.checked_sub(base)?)
                                .map(|t| trimmed(t).to_string())
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                Ok(Stmt::Query(Query {
                    kind: QueryKind::Eval(expr, args),
                    span,
                }))
            }
            Rule::assert_stmt => {
                let mut it = p.into_inner();
                it.next(); // kw_assert
                let cond = next(&mut it);
                let text = trimmed(cond.as_str()).to_string();
                let mut e = self.expr(cond)?;
                e.span.end = e.span.start.saturating_add(text.len() as u32);
                let span = Span {
                    end: e.span.end.max(span.start),
                    ..span
                };
                Ok(Stmt::Query(Query {
                    kind: QueryKind::Assert(e, text),
                    span,
                }))
            }
            r => unreachable!("grammar: statement rule {r:?}"),
        }
    }

    fn params(&self, p: Pair<Rule>) -> Result<Vec<Ident>> {
        let mut out: Vec<Ident> = Vec::new();
        for id in p.into_inner() {
            let id = self.ident(id);
            if out.iter().any(|o| o.name == id.name) {
                return Err(SyntaxError::DuplicateBinding {
                    name: id.name,
                    span: id.span,
                }
                .into());
            }
            out.push(id);
        }
        Ok(out)
    }

    fn game(&self, p: Pair<Rule>, span: Span) -> Result<GameDecl> {
        let mut it = p.into_inner();
        it.next(); // kw_game
        let name = self.ident(next(&mut it));
        let body_pair = next(&mut it);
        let body = match body_pair.as_rule() {
            Rule::game_alias => {
                let code = next(&mut body_pair.into_inner());
                let mut inner = code.clone().into_inner();
                inner.next(); // keyword
                let arg = next(&mut inner);
                match code.as_rule() {
                    Rule::subtraction_code => GameBody::Subtraction(self.expr(arg)?),
                    Rule::octal_code => GameBody::Octal {
                        code: arg.as_str().to_string(),
                        span: self.span(&arg),
                    },
                    r => unreachable!("grammar: game alias {r:?}"),
                }
            }
            Rule::game_rules => {
                let mut params = Vec::new();
                let mut play = None;
                let mut moves = Vec::new();
                for part in body_pair.into_inner() {
                    match part.as_rule() {
                        Rule::params => params = self.params(part)?,
                        Rule::play => play = Some(Self::play(part)),
                        Rule::move_rule => {
                            let mspan = self.span_trimmed(&part);
                            let mut mi = part.into_inner().peekable();
                            let side = match mi.peek().map(pest::iterators::Pair::as_rule) {
                                Some(Rule::side) => Some(Self::side(next(&mut mi))),
                                _ => None,
                            };
                            mi.next(); // kw_move
                            let target = self.expr(next(&mut mi))?;
                            let clauses = self.clauses(next(&mut mi).into_inner())?;
                            moves.push(MoveRule {
                                side,
                                target,
                                clauses,
                                span: mspan,
                            });
                        }
                        r => unreachable!("grammar: game body {r:?}"),
                    }
                }
                GameBody::Rules {
                    params,
                    play,
                    moves,
                }
            }
            r => unreachable!("grammar: game {r:?}"),
        };
        Ok(GameDecl { name, body, span })
    }

    fn play(p: Pair<Rule>) -> Play {
        match next(&mut p.into_inner()).as_rule() {
            Rule::kw_misere => Play::Misere,
            _ => Play::Normal,
        }
    }

    fn side(p: Pair<Rule>) -> Side {
        match next(&mut p.into_inner()).as_rule() {
            Rule::side_left => Side::Left,
            _ => Side::Right,
        }
    }

    /// `WORD [play] OPERAND [TAIL]`: the one query rule, whatever the word.
    fn query(&self, p: Pair<Rule>, span: Span) -> Result<Query> {
        let mut it = p.into_inner().peekable();
        let first = next(&mut it);
        let ranges = first.as_rule() == Rule::range_word;
        let word = self.ident(first);
        let play = match it.peek().map(pest::iterators::Pair::as_rule) {
            Some(Rule::play) => Some(Self::play(next(&mut it))),
            _ => None,
        };
        let x = next(&mut it);
        let operand = if x.as_rule() == Rule::series {
            Operand::Series(self.series(x)?)
        } else if ranges {
            let name = self.ident(x);
            let ranges = it
                .by_ref()
                .map(|r| self.expr(r))
                .collect::<Result<Vec<_>>>()?;
            Operand::Ranges(name, ranges)
        } else {
            let text = trimmed(x.as_str()).to_string();
            Operand::Expr(self.expr(x)?, text)
        };
        let mut search = None;
        let tail = match it.next() {
            None => None,
            Some(t) if t.as_rule() == Rule::by_search => {
                search = Some(self.span(&t));
                None
            }
            Some(t) => {
                let mut t = t.into_inner();
                let head = next(&mut t);
                Some(match head.as_rule() {
                    Rule::to_word => Tail::To(self.expr(next(&mut t))?),
                    Rule::kw_for => Tail::For(Self::side(next(&mut t))),
                    _ => {
                        let text = trimmed(head.as_str()).to_string();
                        Tail::Comma(self.expr(head)?, text)
                    }
                })
            }
        };
        if let Some(t) = it.next() {
            search = Some(self.span(&t));
        }
        let kind = QueryKind::Word(WordQuery {
            word,
            play,
            operand,
            tail,
            search,
        });
        Ok(Query { kind, span })
    }

    /// `n in 0..=30: Turtles({n})` of `sequence` and `table`.
    fn series(&self, p: Pair<Rule>) -> Result<Series> {
        let mut pairs: Vec<Pair<Rule>> = p.into_inner().collect();
        let body_pair = pairs.pop().unwrap_or_else(|| unreachable!());
        let text = trimmed(body_pair.as_str()).to_string();
        let body = self.expr(body_pair)?;
        let clauses = self.clauses(pairs.into_iter())?;
        Ok(Series {
            bindings: clauses.bindings,
            body,
            text,
        })
    }

    fn clauses<'i>(&self, mut it: impl Iterator<Item = Pair<'i, Rule>>) -> Result<Clauses> {
        let mut bindings = Vec::new();
        let mut cond = None;
        while let Some(p) = it.next() {
            match p.as_rule() {
                Rule::kw_for => {}
                Rule::binding => {
                    let mut bi = p.into_inner();
                    let pattern = self.pattern(next(&mut bi));
                    bi.next(); // kw_in
                    let iter = self.expr(next(&mut bi))?;
                    bindings.push(Binding { pattern, iter });
                }
                Rule::kw_if => {
                    cond = Some(Box::new(self.expr(next(&mut it))?));
                }
                r => unreachable!("grammar: clause {r:?}"),
            }
        }
        // Names bound twice in one clause list would shadow confusingly.
        let mut seen: Vec<&Ident> = Vec::new();
        for b in &bindings {
            let mut names = Vec::new();
            b.pattern.names(&mut names);
            for n in names {
                if seen.iter().any(|s| s.name == n.name) {
                    return Err(SyntaxError::DuplicateBinding {
                        name: n.name.clone(),
                        span: n.span,
                    }
                    .into());
                }
                seen.push(n);
            }
        }
        Ok(Clauses { bindings, cond })
    }

    fn pattern(&self, p: Pair<Rule>) -> Pattern {
        let span = self.span(&p);
        let inner: Vec<Pair<Rule>> = p.into_inner().collect();
        if inner.len() == 1 && inner[0].as_rule() == Rule::ident {
            let id = inner.into_iter().next().map(|x| self.ident(x));
            return Pattern::Name(id.unwrap_or_else(|| unreachable!()));
        }
        Pattern::Tuple(inner.into_iter().map(|x| self.pattern(x)).collect(), span)
    }

    fn expr(&self, p: Pair<Rule>) -> Result<Expr> {
        let span = self.span(&p);
        PRATT
            .map_primary(|x| self.primary(x))
            .map_prefix(|op, rhs| {
                let rhs = rhs?;
                let s = self.span(&op).to(rhs.span);
                let u = match op.as_rule() {
                    Rule::neg => UnOp::Neg,
                    Rule::star => UnOp::Star,
                    Rule::plus_minus => UnOp::PlusMinus,
                    Rule::not_op => UnOp::Not,
                    r => unreachable!("grammar: prefix {r:?}"),
                };
                // Fold `-literal` into a constant (a literal is never negative, so no overflow).
                if let (UnOp::Neg, ExprKind::Int(n)) = (u, &rhs.node) {
                    return Ok(Spanned::new(ExprKind::Int(-*n), s));
                }
                // `-1v*` is the number -1 and v*, as printed: the sign is the
                // number's (spaces kept, so offsets into the text hold). Only
                // of a literal written bare: in brackets, `-(1v*)`, the
                // minus negates the whole value (a bracketed literal's span
                // is its brackets', longer than its text).
                if let (UnOp::Neg, ExprKind::GameLit(t)) = (u, &rhs.node)
                    && t.starts_with(|c: char| c.is_ascii_digit())
                    && (rhs.span.end - rhs.span.start) as usize == t.len()
                {
                    let gap = rhs.span.start.saturating_sub(self.span(&op).end) as usize;
                    let text = format!("-{}{t}", " ".repeat(gap));
                    return Ok(Spanned::new(ExprKind::GameLit(text), s));
                }
                Ok(Spanned::new(ExprKind::Unary(u, Box::new(rhs)), s))
            })
            .map_postfix(|lhs, op| {
                let lhs = lhs?;
                let s = lhs.span.to(self.span(&op));
                let idx = self.expr(next(&mut op.into_inner()))?;
                Ok(Spanned::new(
                    ExprKind::Index(Box::new(lhs), Box::new(idx)),
                    s,
                ))
            })
            .map_infix(|lhs, op, rhs| {
                let (lhs, rhs) = (lhs?, rhs?);
                let s = lhs.span.to(rhs.span);
                let b = match op.as_rule() {
                    Rule::add => BinOp::Add,
                    Rule::sub => BinOp::Sub,
                    Rule::mul => BinOp::Mul,
                    Rule::div => BinOp::Div,
                    Rule::floordiv => BinOp::FloorDiv,
                    Rule::rem => BinOp::Rem,
                    Rule::pow => BinOp::Pow,
                    Rule::eq => BinOp::Eq,
                    Rule::ne => BinOp::Ne,
                    Rule::lt => BinOp::Lt,
                    Rule::le => BinOp::Le,
                    Rule::gt => BinOp::Gt,
                    Rule::ge => BinOp::Ge,
                    Rule::confused => BinOp::Confused,
                    Rule::sided => BinOp::Sided,
                    Rule::and_op => BinOp::And,
                    Rule::or_op => BinOp::Or,
                    Rule::in_op => BinOp::In,
                    Rule::range_excl => BinOp::RangeExcl,
                    Rule::range_incl => BinOp::RangeIncl,
                    r => unreachable!("grammar: infix {r:?}"),
                };
                Ok(Spanned::new(
                    ExprKind::Binary(b, Box::new(lhs), Box::new(rhs)),
                    s,
                ))
            })
            .parse(p.into_inner())
            .map(|mut e: Expr| {
                e.span = span.to(e.span);
                e
            })
    }

    fn primary(&self, p: Pair<Rule>) -> Result<Expr> {
        let span = self.span(&p);
        let kind = match p.as_rule() {
            Rule::int => {
                let text = p.as_str();
                match text.parse::<i64>() {
                    Ok(n) => ExprKind::Int(n),
                    Err(_) => {
                        return Err(SyntaxError::IntTooLarge {
                            text: text.to_string(),
                            span,
                        }
                        .into());
                    }
                }
            }
            Rule::game_lit
            | Rule::up_lit
            | Rule::down_lit
            | Rule::pm_lit
            | Rule::tiny_lit
            | Rule::loopy_lit
            | Rule::upon_lit => ExprKind::GameLit(p.as_str().into()),
            Rule::star_alone => {
                ExprKind::Unary(UnOp::Star, Box::new(Spanned::new(ExprKind::Int(1), span)))
            }
            Rule::string => {
                let t = p.as_str();
                ExprKind::Str(t[1..t.len() - 1].to_string())
            }
            Rule::boolean => ExprKind::Bool(next(&mut p.into_inner()).as_rule() == Rule::kw_true),
            Rule::ident => ExprKind::Name(p.as_str().to_string()),
            Rule::call => {
                let mut it = p.into_inner();
                let name = self.ident(next(&mut it));
                let args = it
                    .map(|a| match a.as_rule() {
                        Rule::play => Ok(Spanned::new(
                            ExprKind::Play(Self::play(a.clone())),
                            self.span(&a),
                        )),
                        _ => self.expr(a),
                    })
                    .collect::<Result<Vec<_>>>()?;
                ExprKind::Call(name, args)
            }
            Rule::quantifier => {
                let mut pairs: Vec<Pair<Rule>> = p.into_inner().collect();
                let all =
                    pairs.first().map(pest::iterators::Pair::as_rule) == Some(Rule::kw_forall);
                let body = self.expr(pairs.pop().unwrap_or_else(|| unreachable!()))?;
                let clauses = self.clauses(pairs.into_iter().skip(1))?;
                ExprKind::Quantifier {
                    all,
                    clauses,
                    body: Box::new(body),
                }
            }
            Rule::if_expr => {
                let mut it = p.into_inner().filter(|x| x.as_rule() == Rule::expr);
                let c = self.expr(next(&mut it))?;
                let t = self.expr(next(&mut it))?;
                let e = self.expr(next(&mut it))?;
                ExprKind::If(Box::new(c), Box::new(t), Box::new(e))
            }
            Rule::paren => {
                let mut tuple = false;
                let mut items = Vec::new();
                for x in p.into_inner() {
                    match x.as_rule() {
                        Rule::tuple_comma => tuple = true,
                        _ => items.push(self.expr(x)?),
                    }
                }
                if items.len() == 1 && !tuple {
                    let mut e = items.pop().unwrap_or_else(|| unreachable!());
                    e.span = span;
                    return Ok(e);
                }
                ExprKind::Tuple(items)
            }
            Rule::list | Rule::set => {
                let is_set = p.as_rule() == Rule::set;
                let mut items = Vec::new();
                let mut comp = None;
                for x in p.into_inner() {
                    match x.as_rule() {
                        Rule::list_comp => comp = Some(self.clauses(x.into_inner())?),
                        _ => items.push(self.expr(x)?),
                    }
                }
                match comp {
                    Some(clauses) => ExprKind::Comprehension {
                        set: is_set,
                        body: Box::new(items.pop().unwrap_or_else(|| unreachable!())),
                        clauses,
                    },
                    None if is_set => ExprKind::Set(items),
                    None => ExprKind::List(items),
                }
            }
            Rule::expr => return self.expr(p),
            r => unreachable!("grammar: primary {r:?}"),
        };
        Ok(Spanned::new(kind, span))
    }
}

impl Pattern {
    pub fn names<'a>(&'a self, out: &mut Vec<&'a Ident>) {
        match self {
            Pattern::Name(id) => out.push(id),
            Pattern::Tuple(ps, _) => ps.iter().for_each(|p| p.names(out)),
        }
    }
}

/// A pair's text without the white space, statement ends and comments
/// pest skipped after its last token (a `#` in a string is text).
fn trimmed(text: &str) -> &str {
    let blank = |c: char| c.is_whitespace() || c == '\u{1}';
    let mut kept = text.trim_end_matches(blank);
    // A comment on the last line (a `#` outside a string) ends it.
    loop {
        let line_start = kept.rfind('\n').map_or(0, |i| i + 1);
        let comment = kept[line_start..].char_indices().find(|&(i, c)| {
            c == '#' && kept[line_start..line_start + i].matches('"').count() % 2 == 0
        });
        match comment {
            Some((i, _)) => kept = kept[..line_start + i].trim_end_matches(blank),
            None => return kept,
        }
    }
}

fn next<'a>(it: &mut impl Iterator<Item = Pair<'a, Rule>>) -> Pair<'a, Rule> {
    it.next()
        .unwrap_or_else(|| unreachable!("grammar guarantees this child"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailing_trivia_is_dropped() {
        assert_eq!(trimmed("a == b  \n"), "a == b");
        assert_eq!(trimmed("a == b # why\n# more\n\n"), "a == b");
        assert_eq!(trimmed("f(x,\n  y) # c"), "f(x,\n  y)");
        assert_eq!(trimmed(""), "");
        // A `#` in a string is text, not a comment.
        assert_eq!(trimmed("grid([\"#.\"]) # c\n"), "grid([\"#.\"])");
    }

    fn kinds(text: &str) -> Vec<&'static str> {
        let p = parse(SourceId(0), text).expect("parses");
        p.stmts
            .iter()
            .map(|s| match s {
                Stmt::Query(q) => match &q.kind {
                    QueryKind::Eval(..) => "eval",
                    QueryKind::Assert(..) => "assert",
                    QueryKind::Word(w) => match w.operand {
                        Operand::Expr(..) => "query",
                        Operand::Ranges(..) => "ranges",
                        Operand::Series(..) => "series",
                    },
                },
                _ => "definition",
            })
            .collect()
    }

    #[test]
    fn query_words_before_a_bracket_are_functions() {
        assert_eq!(kinds("grundy(Nim(3)) + 1"), ["eval"]);
        assert_eq!(kinds("grundy (Nim(3))"), ["query"]);
        assert_eq!(kinds("grundy Nim(3)"), ["query"]);
        assert_eq!(kinds("let g = 3\ng"), ["definition", "eval"]);
        assert_eq!(kinds("assert forall n in 0..3: n < 3"), ["assert"]);
        assert_eq!(kinds("sequence n in 0..3: Nim(n)"), ["series"]);
        assert_eq!(kinds("sequence misere K 0..3"), ["ranges"]);
        assert_eq!(
            kinds("table a in 0..3, b in 0..3: Nim(a) + Nim(b)"),
            ["series"]
        );
        // A line break ends a statement before one that starts with `*`.
        assert_eq!(kinds("let n = 3;\n*3 + *5"), ["definition", "eval"]);
        assert_eq!(kinds("let n = 3\n*3 + *5"), ["definition", "eval"]);
        assert_eq!(kinds("let n = 3 *\n3 + *5"), ["definition"]);
    }
}
