//! The compounds of two games other than the disjunctive sum, as the
//! model names them: which built-in game each is (`COMPOUNDS`) and how its
//! component is made. The kind that lists their options is
//! `games::compound`; THEORY.md §11 has their definitions.

use super::{COMPOUNDS, Comp, Ctx, GameId, Value};

/// The compounds, in the order of their built-in games from
/// `model::COMPOUNDS.0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compound {
    /// Move in both; over as soon as either is over.
    Conjunctive,
    /// Move in one or both; over when both are over.
    Selective,
    /// Move in the first until it is over, then in the second.
    Sequential,
    /// Move in each that is not over; over when both are over.
    ContinuedConjunctive,
    /// Move in one or both; over as soon as either is over.
    ShortenedSelective,
    /// Move in one; over as soon as either is over.
    DiminishedDisjunctive,
}

impl Compound {
    /// Every compound, in the order of their game ids.
    pub const ALL: [Compound; 6] = [
        Compound::Conjunctive,
        Compound::Selective,
        Compound::Sequential,
        Compound::ContinuedConjunctive,
        Compound::ShortenedSelective,
        Compound::DiminishedDisjunctive,
    ];

    /// Its name, as its component prints and its library function is called.
    pub fn name(self) -> &'static str {
        match self {
            Compound::Conjunctive => "conjunctive",
            Compound::Selective => "selective",
            Compound::Sequential => "sequential",
            Compound::ContinuedConjunctive => "continued_conjunctive",
            Compound::ShortenedSelective => "shortened_selective",
            Compound::DiminishedDisjunctive => "diminished_disjunctive",
        }
    }

    /// The built-in game of this compound.
    pub fn game(self) -> GameId {
        let i = Compound::ALL.iter().position(|&c| c == self).unwrap_or(0);
        GameId(COMPOUNDS.0 + i as u32)
    }

    /// The component `self(g, h)`, its partizan flag read from `cx`'s
    /// games.
    pub fn comp(self, cx: &Ctx, g: &[Comp], h: &[Comp]) -> Comp {
        let partizan = cx.defs.any_partizan(g) || cx.defs.any_partizan(h);
        Comp {
            game: self.game(),
            args: vec![sorted(g), sorted(h), Value::Bool(partizan)].into(),
        }
    }
}

/// A sum as a compound holds it: sorted, as positions compare.
fn sorted(cs: &[Comp]) -> Value {
    let mut v = cs.to_vec();
    v.sort();
    Value::Pos(v.into())
}
