//! Game values as positions: a canonical value `G` (a literal `1/2`,
//! `{0|{0|-2}}`, or `value(P)`) met where a position goes is the game
//! whose Left and Right options are its canonical options, so
//! `value T(3) + 1/2` asks about the sum of the two components. A value
//! that is a nimber is the nim-heap `*n` itself and 0 is no component
//! (`model::game_value::value_comp`); every other value is partizan: it has no Grundy value.

use std::rc::Rc;

use crate::error::AtSpan;
use crate::error::SolveError;
use crate::error::{Error, Result};
use crate::model::game_value::value_comp;
use crate::model::{Ctx, GameId, GameKind, GameVal, OptionSink, STAR, Side, VALUE, Value};
use crate::partizan::GameStore;
use crate::source::Span;

/// The built-in game of game values (a component prints as its value).
#[derive(Debug)]
pub struct GameValue;

fn the_value(args: &[Value]) -> Option<&Rc<GameVal>> {
    match args {
        [Value::Game(g)] => Some(g),
        _ => None,
    }
}

fn not_impartial(cx: &Ctx, args: &[Value]) -> Error {
    SolveError::Partizan {
        game: the_value(args).map_or_else(|| "?".into(), |g| g.text.to_string()),
        query: crate::library::Shape::Grundy.name().into(),
        span: cx.span,
    }
    .into()
}

impl GameKind for GameValue {
    fn arity(&self) -> usize {
        1
    }

    fn raw_args(&self) -> bool {
        false
    }

    fn check_args(&self, name: &str, args: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        match &args[..] {
            [Value::Game(_)] => Ok(args),
            _ => Err(Error::type_error(
                format!("`{name}` holds a game value"),
                "write the value itself: `1/2`, `{1|0}`, `value(P)`",
                span,
            )),
        }
    }

    /// A nimber's options (a nimber is normally `*n` itself); any other
    /// value is partizan.
    fn options(
        &self,
        cx: &Ctx,
        _game: GameId,
        args: &[Value],
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        match self.known_value(cx, VALUE, args)? {
            Some(n) => {
                for k in 0..n {
                    out.single_ints(STAR, &[k as i64])?;
                }
                Ok(())
            }
            None => Err(not_impartial(cx, args)),
        }
    }

    fn partizan_position(&self, args: &[Value]) -> bool {
        the_value(args).is_some_and(|g| value_comp(g).is_some_and(|c| c.game == VALUE))
    }

    /// The canonical options, each a component again (0: a move to `0`).
    fn sided_options(
        &self,
        cx: &Ctx,
        _game: GameId,
        args: &[Value],
        side: Side,
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let Some(g) = the_value(args) else {
            return Ok(());
        };
        let mut store = GameStore::new();
        let id = crate::model::game_value::resolve(&mut store, g, cx.span)?;
        let opts = match side {
            Side::Left => store.left_options(id),
            Side::Right => store.right_options(id),
        }
        .map_err(|e| e.at(cx.span))?;
        for &o in opts.iter() {
            cx.tick()?;
            let v = crate::model::game_value::game_rc(&mut store, o);
            if let Some(c) = value_comp(&v) {
                out.part_args(c.game, &c.args)?;
            }
            out.end_option()?;
        }
        Ok(())
    }

    fn known_value(&self, _cx: &Ctx, _game: GameId, args: &[Value]) -> Result<Option<u64>> {
        Ok(the_value(args)
            .and_then(value_comp)
            .and_then(|c| match (c.game, &c.args[..]) {
                (STAR, [Value::Int(n)]) => u64::try_from(*n).ok(),
                _ => None,
            }))
    }

    fn game_value<'a>(&self, args: &'a [Value]) -> Option<&'a Rc<GameVal>> {
        the_value(args)
    }
}
