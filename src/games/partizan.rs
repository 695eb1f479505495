//! Partizan games: a rule game with `left move` / `right move` lines, or a
//! `graph` with edges for one player (`a -L-> b`, `a -R-> b`). Left's
//! options are the Left lines (or edges) and the plain ones, Right's the
//! Right lines and the plain ones. The impartial queries refuse these
//! games (`options` fails with `grundy::solve::partizan`); the partizan
//! solver (`solve/partizan.rs`) lists options through `sided_options`.

use crate::error::SolveError;
use crate::error::{Error, Result};
use crate::eval::{Compiler, Interp};
use crate::model::{Comp, Ctx, GameId, GameKind, GraphData, OptionSink, Side, Value};
use crate::source::Span;
use crate::syntax::ast::{GraphItem, Ident, MoveRule};

use super::graph::Graph;
use super::rules::{self, Rules};

/// A rule game with sided move lines: one rule set per player.
#[derive(Debug)]
pub struct PartizanRules {
    left: Rules,
    right: Rules,
    lines: usize,
}

/// Compile the move lines of a partizan rule game.
pub fn compile_rules(c: &Compiler, params: &[Ident], moves: &[MoveRule]) -> Result<PartizanRules> {
    let side = |s: Side| -> Vec<MoveRule> {
        moves
            .iter()
            .filter(|m| m.side.is_none_or(|x| x == s))
            .cloned()
            .collect()
    };
    Ok(PartizanRules {
        left: rules::compile(c, params, &side(Side::Left))?,
        right: rules::compile(c, params, &side(Side::Right))?,
        lines: moves.len(),
    })
}

/// The error of asking an impartial question about a partizan game.
fn not_impartial(cx: &Ctx, game: GameId) -> Error {
    SolveError::Partizan {
        game: cx.defs.game(game).name.clone(),
        query: crate::library::Shape::Grundy.name().into(),
        span: cx.span,
    }
    .into()
}

impl GameKind for PartizanRules {
    fn arity(&self) -> usize {
        self.left.arity()
    }

    fn check_args(&self, name: &str, args: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        self.left.check_args(name, args, span)
    }

    /// Its `check_args` is the rule game's: the number of arguments only.
    fn keeps_args(&self) -> bool {
        self.left.raw_args()
    }

    fn options(
        &self,
        cx: &Ctx,
        game: GameId,
        _args: &[Value],
        _out: &mut dyn OptionSink,
    ) -> Result<()> {
        Err(not_impartial(cx, game))
    }

    fn partizan(&self) -> bool {
        true
    }

    fn sided_options(
        &self,
        cx: &Ctx,
        _game: GameId,
        args: &[Value],
        side: Side,
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let set = match side {
            Side::Left => &self.left.set,
            Side::Right => &self.right.set,
        };
        set.list_options(&Interp::new(cx), args, out)
    }

    fn placement(
        &self,
        defs: &crate::model::Defs,
        game: GameId,
    ) -> Option<crate::model::Placement> {
        rules::placement::read(defs, game, [&self.left.set, &self.right.set])
    }

    /// Left's lines (with the plain ones) first, then Right's.
    fn move_line(&self, cx: &Ctx, _game: GameId, args: &[Value], child: &Comp) -> Option<Span> {
        let interp = Interp::new(cx);
        (self.left.set.line_of(&interp, args, child))
            .or_else(|| self.right.set.line_of(&interp, args, child))
    }

    fn describe(&self, name: &str, decl: &str) -> Option<(String, String)> {
        let n = self.lines;
        Some((
            rules::signature(decl, name, self.arity()),
            format!(
                "partizan rules, {n} move line{}",
                if n == 1 { "" } else { "s" }
            ),
        ))
    }
}

/// A `graph` with coloured edges: the union of the edges names the
/// vertices (as for any graph); each player moves along its own edges.
#[derive(Debug)]
pub struct PartizanGraph {
    all: Graph,
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

/// Whether a graph declaration colours any edge.
pub fn coloured(items: &[GraphItem]) -> bool {
    items.iter().any(|i| i.side.is_some())
}

/// The coloured digraph of a declaration's items (duplicate edges merged).
pub fn compile_graph(items: &[GraphItem]) -> PartizanGraph {
    let all = super::graph::compile(items);
    let n = all.0.vertices.len();
    let (mut left, mut right) = (vec![Vec::new(); n], vec![Vec::new(); n]);
    for item in items {
        let from = all.0.vertices.get_index_of(&item.from.name).unwrap_or(0);
        for t in &item.to {
            let to = all.0.vertices.get_index_of(&t.name).unwrap_or(0) as u32;
            for (s, out) in [(Side::Left, &mut left), (Side::Right, &mut right)] {
                if item.side.is_none_or(|x| x == s) && !out[from].contains(&to) {
                    out[from].push(to);
                }
            }
        }
    }
    PartizanGraph { all, left, right }
}

impl GameKind for PartizanGraph {
    fn arity(&self) -> usize {
        1
    }

    fn raw_args(&self) -> bool {
        false
    }

    fn check_args(&self, name: &str, args: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        self.all.check_args(name, args, span)
    }

    fn options(
        &self,
        cx: &Ctx,
        game: GameId,
        _args: &[Value],
        _out: &mut dyn OptionSink,
    ) -> Result<()> {
        Err(not_impartial(cx, game))
    }

    fn partizan(&self) -> bool {
        true
    }

    fn sided_options(
        &self,
        cx: &Ctx,
        game: GameId,
        args: &[Value],
        side: Side,
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let v = match args.first() {
            Some(Value::Int(v)) => usize::try_from(*v).unwrap_or(usize::MAX),
            _ => usize::MAX,
        };
        let edges = match side {
            Side::Left => &self.left,
            Side::Right => &self.right,
        };
        for &w in edges.get(v).map(std::vec::Vec::as_slice).unwrap_or(&[]) {
            cx.tick()?;
            out.single_ints(game, &[i64::from(w)])?;
        }
        Ok(())
    }

    /// The vertices (a call `G(a)` compiles its vertex name through
    /// them); the edges are the union of both players'.
    fn graph(&self) -> Option<&GraphData> {
        Some(&self.all.0)
    }

    fn describe(&self, name: &str, _decl: &str) -> Option<(String, String)> {
        Some((
            format!("{name}(n)"),
            format!("partizan graph of {} vertices", self.all.0.vertices.len()),
        ))
    }
}
