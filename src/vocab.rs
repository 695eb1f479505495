//! The vocabulary every layer shares: the play convention (normal or
//! misère) and the player (Left or Right). It sits at the bottom of the
//! layers with `source` and `error`, so the solver can name a convention
//! without naming the syntax; `syntax::ast` re-exports both.

/// The play convention: who makes the last move wins (normal) or loses
/// (misère).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins.
    Misere,
}

impl Play {
    /// The convention's word: `normal`, `misere`.
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
    /// Left (Blue, positive values).
    Left,
    /// Right (Red, negative values).
    Right,
}

impl Side {
    /// The player's word: `left`, `right`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}
