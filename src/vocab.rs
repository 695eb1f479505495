//! The vocabulary every layer shares: the play convention (normal or
//! misère) and the player (Left or Right). It sits at the bottom of the
//! layers with `source` and `error`, so the solver can name a convention
//! without naming the syntax; `syntax::ast` re-exports both.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    Normal,
    Misere,
}

impl Play {
    pub fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }
}

/// Which player a move is for in a partizan game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}
