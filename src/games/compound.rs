//! Compounds of two games other than the disjunctive sum (THEORY.md §11):
//! the conjunctive, selective and sequential compounds, and the continued
//! conjunctive, shortened selective and diminished disjunctive ones of
//! Winning Ways ch. 9 and ONAG ch. 14. A compound is a component of a
//! built-in game (`model::COMPOUNDS`) whose arguments are its two
//! operands, each a sum (`Value::Pos`, sorted), and whether either is
//! partizan (`Value::Bool`, a function of the operands, so no two
//! positions differ by it alone). Its options are made from the operands'
//! options, which their own kinds list: a compound of rule positions,
//! graphs, octal heaps, game values or other compounds is expanded like
//! any game, so every query answers it by brute force on its own state
//! graph. The outcome rules of THEORY.md §11 are tested against that
//! expansion (`tests/compounds.rs`).

use std::rc::Rc;

use crate::error::{Error, Result};
pub use crate::model::Compound;
use crate::model::{Collect, Comp, Ctx, GameId, GameKind, OptionSink, Side, Value};
use crate::source::Span;

/// The built-in game of one compound.
#[derive(Debug)]
pub struct CompoundGame(pub Compound);

fn operands(args: &[Value]) -> Option<[&[Comp]; 2]> {
    match args {
        [Value::Pos(g), Value::Pos(h), Value::Bool(_)] => Some([g, h]),
        _ => None,
    }
}

impl GameKind for CompoundGame {
    fn arity(&self) -> usize {
        3
    }

    fn raw_args(&self) -> bool {
        false
    }

    fn check_args(&self, name: &str, args: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        match operands(&args) {
            Some(_) => Ok(args),
            None => Err(Error::type_error(
                format!("`{name}` is made by its function"),
                format!("write `{name}(G, H)` of two positions or game values"),
                span,
            )),
        }
    }

    fn options(
        &self,
        cx: &Ctx,
        _game: GameId,
        args: &[Value],
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        self.write(cx, args, None, out)
    }

    fn partizan_position(&self, args: &[Value]) -> bool {
        matches!(args, [_, _, Value::Bool(true)])
    }

    fn sided_options(
        &self,
        cx: &Ctx,
        _game: GameId,
        args: &[Value],
        side: Side,
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        self.write(cx, args, Some(side), out)
    }
}

impl CompoundGame {
    /// Write the options of the compound of `args` for `side` (None:
    /// impartial).
    fn write(
        &self,
        cx: &Ctx,
        args: &[Value],
        side: Option<Side>,
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let Some([g, h]) = operands(args) else {
            return Ok(());
        };
        let gs = sum_options(cx, g, side)?;
        if self.0 == Compound::Sequential && gs.is_empty() {
            // The first is over (for the side to move, and for the other
            // side too: a partizan first operand ends when neither player
            // can move in it): the compound is the second.
            let over = match side {
                Some(s) => sum_options(cx, g, Some(s.other()))?.is_empty(),
                None => true,
            };
            if over {
                for o in sum_options(cx, h, side)? {
                    for c in o.iter() {
                        out.part_args(c.game, &c.args)?;
                    }
                    out.end_option()?;
                }
            }
            return Ok(());
        }
        if self.0 == Compound::Sequential {
            for o in &gs {
                self.pair(cx, o, h, out)?;
            }
            return Ok(());
        }
        let hs = sum_options(cx, h, side)?;
        let (one, both, short) = match self.0 {
            Compound::Conjunctive => (false, true, true),
            Compound::Selective => (true, true, false),
            Compound::ContinuedConjunctive => (gs.is_empty() || hs.is_empty(), true, false),
            Compound::ShortenedSelective => (true, true, true),
            Compound::DiminishedDisjunctive => (true, false, true),
            Compound::Sequential => unreachable!("handled above"),
        };
        if short && (gs.is_empty() || hs.is_empty()) {
            return Ok(());
        }
        if one {
            for o in &gs {
                self.pair(cx, o, h, out)?;
            }
            for o in &hs {
                self.pair(cx, g, o, out)?;
            }
        }
        if both {
            for a in &gs {
                for b in &hs {
                    cx.tick()?;
                    self.pair(cx, a, b, out)?;
                }
            }
        }
        Ok(())
    }

    /// Write the option `self(g, h)`.
    fn pair(&self, cx: &Ctx, g: &[Comp], h: &[Comp], out: &mut dyn OptionSink) -> Result<()> {
        let c = self.0.comp(cx, g, h);
        out.part_args(c.game, &c.args)?;
        out.end_option()
    }
}

/// Every option of the sum `cs` for `side` (None: impartial), each a sum,
/// sorted and listed once.
pub fn sum_options(cx: &Ctx, cs: &[Comp], side: Option<Side>) -> Result<Vec<Rc<[Comp]>>> {
    let mut all: Vec<Vec<Comp>> = Vec::new();
    for (i, c) in cs.iter().enumerate() {
        let kind = &cx.defs.game(c.game).kind;
        let mut sink = Collect::default();
        match side {
            Some(s) => kind.sided_options(cx, c.game, &c.args, s, &mut sink)?,
            None => kind.options(cx, c.game, &c.args, &mut sink)?,
        }
        for parts in sink.options {
            cx.tick()?;
            let mut after = Vec::with_capacity(cs.len() - 1 + parts.len());
            after.extend_from_slice(&cs[..i]);
            after.extend(parts);
            after.extend_from_slice(&cs[i + 1..]);
            after.sort();
            all.push(after);
        }
    }
    all.sort();
    all.dedup();
    cx.charge(all.iter().map(|o| 64 * (1 + o.len())).sum(), cx.span)?;
    Ok(all.into_iter().map(Rc::from).collect())
}
