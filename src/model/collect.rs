//! A kind's options as components, interning nothing: the sink every
//! layer that wants a position's options as plain values uses (the sums of
//! `games/compound.rs`, the search and its walks in `solve/`).

use crate::error::Result;

use super::{Comp, GameId, LIST_ITEMS, OptionSink, RunPart, Value};

/// A kind's options as components, each the list of its parts, interning
/// nothing (the search holds the positions of the nodes on its stack only).
#[derive(Default)]
pub struct Collect {
    current: Vec<Comp>,
    /// The options listed, each the list of its parts.
    pub options: Vec<Vec<Comp>>,
}

fn ints(game: GameId, ints: &[i64]) -> Comp {
    Comp {
        game,
        args: ints.iter().map(|&n| Value::Int(n)).collect(),
    }
}

fn bytes(items: &[u8]) -> impl Iterator<Item = Value> + '_ {
    items.iter().map(|&x| Value::Int(i64::from(x)))
}

impl OptionSink for Collect {
    fn single_ints(&mut self, game: GameId, xs: &[i64]) -> Result<()> {
        self.options.push(vec![ints(game, xs)]);
        Ok(())
    }

    fn run(&mut self, parts: &[RunPart], ks: (i64, i64)) -> Result<()> {
        for k in ks.0..ks.1 {
            let option = parts
                .iter()
                .map(|p| ints(p.game, &p.args(k)[..p.arity.min(3)]))
                .collect();
            self.options.push(option);
        }
        Ok(())
    }

    fn single_list(&mut self, game: GameId, items: [u8; LIST_ITEMS], len: usize) -> Result<()> {
        let list = Value::List(bytes(&items[..len]).collect());
        self.part_args(game, &[list])?;
        self.end_option()
    }

    fn single_tuple(&mut self, game: GameId, items: [u8; LIST_ITEMS], len: usize) -> Result<()> {
        let tuple = Value::Tuple(bytes(&items[..len]).collect());
        self.part_args(game, &[tuple])?;
        self.end_option()
    }

    fn part_ints(&mut self, game: GameId, xs: &[i64]) -> Result<()> {
        self.current.push(ints(game, xs));
        Ok(())
    }

    fn part_args(&mut self, game: GameId, args: &[Value]) -> Result<()> {
        self.current.push(Comp {
            game,
            args: args.into(),
        });
        Ok(())
    }

    fn end_option(&mut self) -> Result<()> {
        self.options.push(std::mem::take(&mut self.current));
        Ok(())
    }
}
