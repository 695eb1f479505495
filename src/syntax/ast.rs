//! The typed syntax tree. It never holds pest types; every node has a span.

use crate::source::Span;

/// A node with the byte range it was written at.
#[derive(Debug, Clone, PartialEq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Self {
        Self { node, span }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

pub type Expr = Spanned<ExprKind>;

#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    Int(i64),
    /// A game value in CGSuite's notation (`{2||1|0}`, `^*`, `v`, `1^`),
    /// read by `partizan::parse` when the expression is compiled.
    GameLit(String),
    Bool(bool),
    /// `"x.o"`: a string literal (its text without the quotes).
    Str(String),
    Name(String),
    Tuple(Vec<Expr>),
    List(Vec<Expr>),
    Set(Vec<Expr>),
    /// `[body for ... if ...]` or `{body for ... if ...}`.
    Comprehension {
        set: bool,
        body: Box<Expr>,
        clauses: Clauses,
    },
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Call(Ident, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `normal` or `misere` as an argument of a query function
    /// (`outcome(P, misere)`); an error anywhere else.
    Play(Play),
    /// `forall x in xs if c: body` (`all` true) or `exists ...: body`.
    Quantifier {
        all: bool,
        clauses: Clauses,
        body: Box<Expr>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
    /// `*n`: the nim-heap of size n.
    Star,
    /// `±x`: the game {x | -x}.
    PlusMinus,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// `/`: exact division.
    Div,
    /// `//`: floor division.
    FloorDiv,
    Rem,
    Pow,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// `||`: confused with (game values).
    Confused,
    /// `&`: the loopy value with this onside and offside (`over & under`).
    Sided,
    And,
    Or,
    In,
    RangeExcl,
    RangeIncl,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::FloorDiv => "//",
            BinOp::Rem => "%",
            BinOp::Pow => "**",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Confused => "||",
            BinOp::Sided => "&",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::In => "in",
            BinOp::RangeExcl => "..",
            BinOp::RangeIncl => "..=",
        }
    }
}

/// `for p in xs, q in ys if cond`.
#[derive(Debug, Clone, PartialEq)]
pub struct Clauses {
    pub bindings: Vec<Binding>,
    pub cond: Option<Box<Expr>>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    pub pattern: Pattern,
    pub iter: Expr,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Pattern {
    Name(Ident),
    Tuple(Vec<Pattern>, Span),
}

impl Pattern {
    pub fn span(&self) -> Span {
        match self {
            Pattern::Name(id) => id.span,
            Pattern::Tuple(_, span) => *span,
        }
    }
}

/// The convention and the player: the shared vocabulary (`crate::vocab`),
/// which every layer may name.
pub use crate::vocab::{Play, Side};

#[derive(Debug, Clone, PartialEq)]
pub struct MoveRule {
    /// `left move` / `right move`; None for a move either player may make.
    pub side: Option<Side>,
    pub target: Expr,
    pub clauses: Clauses,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum GameBody {
    Rules {
        params: Vec<Ident>,
        play: Option<Play>,
        moves: Vec<MoveRule>,
    },
    Subtraction(Expr),
    Octal {
        code: String,
        span: Span,
    },
    /// `graph Name { a -> b, c; ... }`: vertices with their out-edges.
    Graph(Vec<GraphItem>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct GraphItem {
    pub from: Ident,
    /// `-L->` / `-R->`; None for `->` (a move for both players).
    pub side: Option<Side>,
    pub to: Vec<Ident>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct GameDecl {
    pub name: Ident,
    pub body: GameBody,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FnDecl {
    pub name: Ident,
    pub params: Vec<Ident>,
    pub body: Expr,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LetDecl {
    pub name: Ident,
    pub value: Expr,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum QueryKind {
    /// `WORD [normal|misere] OPERAND [TAIL]`: a query statement. The
    /// grammar has one rule for every query word; which operands a word
    /// takes is its library entry's business, checked when it is compiled.
    Word(WordQuery),
    /// A bare expression: its value is printed.
    /// An expression, and the text of each argument when it is a call
    /// (`compare(*1, *1)` read as the statement `compare *1, *1` keeps
    /// the arguments as typed in its heading).
    Eval(Expr, Vec<String>),
    /// `assert COND`, with the text of COND as written.
    Assert(Expr, String),
}

/// A query statement as written: its word, the convention it names, its
/// operand and what follows the operand.
#[derive(Debug, Clone, PartialEq)]
pub struct WordQuery {
    /// The query word, with its span.
    pub word: Ident,
    pub play: Option<Play>,
    pub operand: Operand,
    pub tail: Option<Tail>,
    /// `by search`, where it is written.
    pub search: Option<Span>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Operand {
    /// `grundy *2 + *3`, `period K`: one expression, with its text as
    /// written (a query's heading keeps it).
    Expr(Expr, String),
    /// `sequence Nim 0..8`, `table W 0..4, 0..4`: a game's name, then one
    /// or two ranges.
    Ranges(Ident, Vec<Expr>),
    /// `sequence n in 0..=30: Turtles({n})`: bindings and an expression.
    Series(Series),
}

/// What may follow a query's operand.
#[derive(Debug, Clone, PartialEq)]
pub enum Tail {
    /// `compare P, Q`.
    Comma(Expr, String),
    /// `quotient K to 40`.
    To(Expr),
    /// `winning P for left`.
    For(Side),
}

/// The bindings and the position expression of `sequence`/`table`'s
/// general form, with the expression's text as written (for the answer's
/// heading).
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub bindings: Vec<Binding>,
    pub body: Expr,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    pub kind: QueryKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    Game(GameDecl),
    Fn(FnDecl),
    Let(LetDecl),
    Query(Query),
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Program {
    pub stmts: Vec<Stmt>,
}
