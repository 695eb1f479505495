//! Query statements compiled with the file: each word's operand and tail
//! checked from its library entry (`compile_word`), a statement word called
//! like a function read as the statement (`statement_call`), and a bare
//! name close to a word explained (`misspelt_word`).

use super::graphs::graph_game;
use super::{CKind, MAX_SEQUENCE, PQuery, values};
use crate::error::CompileError;
use crate::error::{Error, Result};
use crate::eval::{Compiler, Node};
use crate::library::{self, Entry, Shape, Statement};
use crate::model::{Defs, GameId};
use crate::source::Span;
use crate::syntax::ast::{Expr, ExprKind, Ident, Operand, Play, Tail, WordQuery};

/// A bare unknown name close to a statement word (`grundey Take(10)`) is
/// most likely that word misspelt.
pub(super) fn misspelt_word(x: &Expr, err: Error) -> Error {
    use crate::syntax::DEFINITION_WORDS;
    match (&x.node, err) {
        (ExprKind::Name(n), Error::Compile(CompileError::UnknownName { name, help, span }))
            if *n == name =>
        {
            // The word itself, written with nothing after it.
            if let Some(e) = library::lookup(n).filter(|e| e.is_statement()) {
                let operand = e.meta.params[0].name;
                let call = if e.is_function() {
                    format!(" (or `{n}({operand})` in an expression)")
                } else {
                    String::new()
                };
                let help = format!(
                    "`{n}` is a query: write it before its operand, `{n} {operand}`{call}, e.g. `{}`",
                    statement_example(e)
                );
                return CompileError::UnknownName { name, help, span }.into();
            }
            // What the name is (a game, a function) beats a guess.
            if help.starts_with(&format!("`{n}` is ")) {
                return CompileError::UnknownName { name, help, span }.into();
            }
            let words = library::statement_words()
                .chain(DEFINITION_WORDS.iter().copied())
                .chain(["assert"]);
            let help = match crate::error::suggest(n, words) {
                Some(w) => format!(
                    "did you mean `{w}`? (a bare name is an expression statement, which prints its value)"
                ),
                None => help,
            };
            CompileError::UnknownName { name, help, span }.into()
        }
        (_, err) => err,
    }
}

/// A library entry's example as a statement (`grundy(*2 + *3)` is the
/// statement `grundy *2 + *3`).
fn statement_example(e: &Entry) -> String {
    let m = &e.meta;
    match m
        .example
        .strip_prefix(m.name)
        .and_then(|r| r.strip_prefix('('))
    {
        Some(rest) if e.is_function() => {
            format!("{} {}", m.name, rest.strip_suffix(')').unwrap_or(rest))
        }
        _ => m.example.to_string(),
    }
}

/// `genus(P)`, a call of a statement word with no function form, as the
/// statement it means.
pub(super) fn statement_call(x: &Expr, texts: &[String]) -> Option<WordQuery> {
    let ExprKind::Call(name, args) = &x.node else {
        return None;
    };
    let e = library::lookup(&name.name)?;
    if e.is_function() {
        return None;
    }
    let mut play = None;
    let mut exprs = Vec::new();
    for (i, a) in args.iter().enumerate() {
        match a.node {
            ExprKind::Play(p) if play.is_none() => play = Some(p),
            _ => exprs.push((a.clone(), texts.get(i).cloned().unwrap_or_default())),
        }
    }
    let mut it = exprs.into_iter();
    let (first, text) = it.next()?;
    let tail = it.next().map(|(b, text)| Tail::Comma(b, text));
    if it.next().is_some() {
        return None;
    }
    Some(WordQuery {
        word: name.clone(),
        play,
        operand: Operand::Expr(first, text),
        tail,
        search: None,
    })
}

pub(super) fn too_long(span: Span) -> Error {
    CompileError::Query {
        message: format!("the range holds more than {MAX_SEQUENCE} values"),
        help: "ask for a shorter range".into(),
        span,
    }
    .into()
}

pub(super) fn game_of_arity(defs: &Defs, g: &Ident, arity: usize, word: Shape) -> Result<GameId> {
    let Some(id) = defs.lookup_game(&g.name) else {
        let help = match crate::error::suggest(
            &g.name,
            defs.game_ids.keys().map(std::string::String::as_str),
        ) {
            Some(s) => format!("did you mean `{s}`?"),
            None => "define it with `game` first".to_string(),
        };
        return Err(CompileError::UnknownGame {
            name: g.name.clone(),
            help,
            span: g.span,
        }
        .into());
    };
    let found = defs.game(id).kind.arity();
    if found != arity {
        return Err(CompileError::Query {
            message: format!(
                "`{}` needs a game of {arity} parameter{}, and `{}` has {found}",
                word.name(),
                if arity == 1 { "" } else { "s" },
                g.name
            ),
            help: match (word, found) {
                (Shape::Sequence, 2) => format!(
                    "for a two-parameter game use `{} {} a..=b, c..=d`",
                    Shape::Table.name(),
                    g.name
                ),
                (Shape::Table, 1) => format!(
                    "for a one-parameter game use `{} {} a..=b`",
                    Shape::Sequence.name(),
                    g.name
                ),
                _ => format!(
                    "ask about a position instead, e.g. `{} {}(...)`",
                    Shape::Grundy.name(),
                    g.name
                ),
            },
            span: g.span,
        }
        .into());
    }
    Ok(id)
}

/// A query statement, compiled from its library entry: the operand and
/// tail its word takes, checked here.
pub(super) fn compile_word(c: &Compiler, w: &WordQuery, span: Span) -> Result<CKind> {
    let Some(entry) = library::lookup(&w.word.name).filter(|e| e.is_statement()) else {
        unreachable!("grammar: `{}` is not a query word", w.word.name)
    };
    let wc = WordCx { c, w, span, entry };
    match entry.meta.statement {
        Statement::Shaped(shape) => wc.shaped(shape),
        Statement::Generic => Ok(CKind::Generic(
            entry,
            wc.play(entry.meta.play)?,
            wc.expr(wc.one()?)?,
        )),
        Statement::No => unreachable!("filtered above"),
    }
}

/// A query word being compiled.
struct WordCx<'a> {
    c: &'a Compiler<'a>,
    w: &'a WordQuery,
    span: Span,
    entry: &'static Entry,
}

impl WordCx<'_> {
    /// The error of an operand or tail the word does not take.
    fn shape(&self, what: &str, at: Span) -> Error {
        CompileError::Query {
            message: format!("`{}` {what}", self.entry.meta.name),
            help: format!(
                "usage: {}, e.g. `{}`",
                self.entry.meta.usage,
                statement_example(self.entry)
            ),
            span: at,
        }
        .into()
    }

    fn expr(&self, x: &Expr) -> Result<Node> {
        self.c.top(x)
    }

    /// The play convention, for the words that take one.
    fn play(&self, takes: bool) -> Result<Option<Play>> {
        match self.w.play {
            Some(_) if !takes => Err(self.shape("takes no `normal` or `misere`", self.w.word.span)),
            p => Ok(p),
        }
    }

    /// The one position (or expression) most words take.
    fn one(&self) -> Result<&Expr> {
        match (&self.w.operand, &self.w.tail) {
            (Operand::Expr(x, _), None) => Ok(x),
            (Operand::Expr(..), Some(_)) => Err(self.shape("takes one operand", self.span)),
            _ => Err(self.shape("takes a position, not ranges or bindings", self.span)),
        }
    }

    /// The one position, compiled, for a word that takes no convention.
    fn position(&self) -> Result<Node> {
        self.play(false)?;
        self.expr(self.one()?)
    }

    /// A game's name written as the operand.
    fn name_of(&self, x: &Expr) -> Result<Ident> {
        match &x.node {
            ExprKind::Name(n) => Ok(Ident {
                name: n.clone(),
                span: Span {
                    end: x.span.start.saturating_add(n.len() as u32),
                    ..x.span
                },
            }),
            _ => Err(self.shape("takes a game's name", x.span)),
        }
    }

    /// A statement with an answer of its own shape.
    fn shaped(&self, shape: Shape) -> Result<CKind> {
        if let Some(at) = self.w.search
            && !matches!(shape, Shape::Outcome | Shape::Winning)
        {
            return Err(self.shape("takes no `by search`", at));
        }
        let search = self.w.search.is_some();
        Ok(match shape {
            Shape::Grundy => CKind::Grundy(self.position()?),
            Shape::Outcome => CKind::Outcome(self.play(true)?, self.expr(self.one()?)?, search),
            Shape::Remoteness => CKind::Remoteness(self.play(true)?, self.expr(self.one()?)?),
            Shape::Winning => self.winning()?,
            Shape::Value => CKind::Partizan(PQuery::Value, self.position()?),
            Shape::Thermograph => CKind::Partizan(PQuery::Thermograph, self.position()?),
            Shape::Sequence | Shape::Table => self.series(shape)?,
            Shape::Quotient => self.quotient()?,
            Shape::Compare => self.compare()?,
            Shape::Period => {
                self.play(false)?;
                let g = self.name_of(self.one()?)?;
                CKind::Period(game_of_arity(self.c.defs, &g, 1, shape)?)
            }
            Shape::Kernels => {
                self.play(false)?;
                let g = self.name_of(self.one()?)?;
                CKind::Kernels(graph_game(self.c.defs, &g, shape)?)
            }
            Shape::KernelSequences | Shape::Dot => self.graph_or_position(shape)?,
            Shape::Moves => CKind::Moves(self.position()?),
            Shape::Kernel => CKind::Kernel(self.position()?),
            Shape::Genus => CKind::Genus(self.position()?),
            Shape::MisereForm => CKind::MisereForm(self.position()?),
        })
    }

    /// `winning P`, or `winning P for left|right` of a partizan position.
    fn winning(&self) -> Result<CKind> {
        let play = self.play(true)?;
        let (x, side) = match (&self.w.operand, &self.w.tail) {
            (Operand::Expr(x, _), None) => (x, None),
            (Operand::Expr(x, _), Some(Tail::For(side))) => (x, Some(*side)),
            _ => {
                return Err(self.shape(
                    "takes a position and, for a partizan one, `for left` or `for right`",
                    self.span,
                ));
            }
        };
        Ok(CKind::Winning(
            play,
            self.expr(x)?,
            side,
            self.w.search.is_some(),
        ))
    }

    /// `sequence G a..b`, `table G a..b, c..d`, or over bindings.
    fn series(&self, shape: Shape) -> Result<CKind> {
        let play = self.play(true)?;
        let one = shape == Shape::Sequence;
        let arity = if one { 1 } else { 2 };
        Ok(match &self.w.operand {
            Operand::Series(series) => {
                let series = Box::new(values::compile_series(self.c, series, shape, self.span)?);
                if one {
                    CKind::SequenceOf(play, series)
                } else {
                    CKind::TableOf(play, series)
                }
            }
            Operand::Ranges(g, ranges) if ranges.len() == arity => {
                let id = game_of_arity(self.c.defs, g, arity, shape)?;
                if one {
                    CKind::Sequence(play, id, self.expr(&ranges[0])?)
                } else {
                    CKind::Table(play, id, self.expr(&ranges[0])?, self.expr(&ranges[1])?)
                }
            }
            _ => {
                return Err(self.shape(
                    if one {
                        "takes a game's name and one range"
                    } else {
                        "takes a game's name and two ranges"
                    },
                    self.span,
                ));
            }
        })
    }

    /// `quotient G to N`.
    fn quotient(&self) -> Result<CKind> {
        self.play(false)?;
        match (&self.w.operand, &self.w.tail) {
            (Operand::Expr(g, _), Some(Tail::To(n))) => {
                let g = self.name_of(g)?;
                Ok(CKind::Quotient(
                    game_of_arity(self.c.defs, &g, 1, Shape::Quotient)?,
                    self.expr(n)?,
                ))
            }
            _ => Err(self.shape("takes a game's name and `to N`", self.span)),
        }
    }

    /// `compare P, Q`.
    fn compare(&self) -> Result<CKind> {
        self.play(false)?;
        match (&self.w.operand, &self.w.tail) {
            (Operand::Expr(a, _), Some(Tail::Comma(b, _))) => {
                Ok(CKind::Compare(self.expr(a)?, self.expr(b)?))
            }
            _ => Err(self.shape("takes two positions, `compare P, Q`", self.span)),
        }
    }

    /// `dot G` / `kernel_sequences G` of a declared graph by name, or of a
    /// position's state graph.
    fn graph_or_position(&self, shape: Shape) -> Result<CKind> {
        self.play(false)?;
        let x = self.one()?;
        let dot = shape == Shape::Dot;
        Ok(match &x.node {
            ExprKind::Name(n) if self.c.defs.lookup_game(n).is_some() => {
                let id = graph_game(self.c.defs, &self.name_of(x)?, shape)?;
                if dot {
                    CKind::DotGraph(id)
                } else {
                    CKind::KernelSequences(id)
                }
            }
            _ if dot => CKind::Dot(self.expr(x)?),
            _ => CKind::KernelSequencesOf(self.expr(x)?),
        })
    }
}
