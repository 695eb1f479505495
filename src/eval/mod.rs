//! Names to slots (compile) and the evaluation of expressions and move rules.

mod builtins;
mod compile;
mod fast;
pub mod interp;
pub mod value;

use std::rc::Rc;

use indexmap::IndexMap;

pub use builtins::Builtin;
pub use compile::{CPattern, Compiler, Node, NodeKind, Scope, inline_call};
pub use interp::{Interp, MAX_CALL_DEPTH};
pub use value::{Comp, GameId, GameNames, Value};

use crate::octal::OctalCode;
use crate::source::Span;
use crate::syntax::ast::Play;

/// A game the session knows, whatever kind of rules it has.
#[derive(Debug, Clone)]
pub struct GameDef {
    pub name: String,
    pub kind: GameKind,
    /// The convention `outcome` and `winning` use when a query names none.
    pub play: Play,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum GameKind {
    /// `Nim(n)`: take any number from one heap.
    Nim,
    /// `*n`: the nimber, played like `Nim(n)` but printed `*n`.
    Star,
    /// `game G(params) { move ... }`.
    Rules(Rc<RulesGame>),
    /// `game G = octal 0.77` and `game G = subtraction {...}`.
    Octal(Rc<OctalCode>),
    /// `graph G { a -> b; ... }`.
    Graph(Rc<GraphGame>),
    /// Declared, but its definition has not run yet (a subtraction set is
    /// evaluated where it is written); holds the arity.
    Pending(usize),
}

impl GameKind {
    pub fn arity(&self) -> usize {
        match self {
            GameKind::Rules(r) => r.arity,
            GameKind::Pending(n) => *n,
            _ => 1,
        }
    }
}

#[derive(Debug)]
pub struct RulesGame {
    pub arity: usize,
    /// Frame size: parameters first, then loop variables.
    pub slots: usize,
    pub moves: Vec<MoveCode>,
}

#[derive(Debug)]
pub struct MoveCode {
    pub target: Node,
    pub bindings: Vec<(CPattern, Node)>,
    pub cond: Option<Node>,
}

#[derive(Debug)]
pub struct GraphGame {
    /// Vertex names in the order first written; a vertex is its index.
    pub vertices: IndexMap<String, ()>,
    pub edges: Vec<Vec<u32>>,
}

#[derive(Debug)]
pub struct FnDef {
    pub name: String,
    pub arity: usize,
    pub slots: usize,
    pub body: Node,
    pub span: Span,
}

/// Everything defined so far: games, functions, global `let`s.
#[derive(Debug, Default, Clone)]
pub struct Defs {
    pub games: Vec<GameDef>,
    pub game_ids: IndexMap<String, GameId>,
    pub fns: Vec<Option<Rc<FnDef>>>,
    pub fn_ids: IndexMap<String, u32>,
    /// Known as soon as a name is registered, before its body compiles.
    pub fn_arities: Vec<usize>,
    pub fn_names: Vec<String>,
    pub globals: Vec<Option<Value>>,
    pub global_ids: IndexMap<String, u32>,
    pub global_names: Vec<String>,
}

pub const NIM: GameId = GameId(0);
pub const STAR: GameId = GameId(1);

impl Defs {
    pub fn new() -> Self {
        let mut d = Defs::default();
        for (name, kind) in [("Nim", GameKind::Nim), ("*", GameKind::Star)] {
            d.game_ids
                .insert(name.to_string(), GameId(d.games.len() as u32));
            d.games.push(GameDef {
                name: name.to_string(),
                kind,
                play: Play::Normal,
                span: Span::default(),
            });
        }
        d
    }

    pub fn game(&self, id: GameId) -> &GameDef {
        &self.games[id.0 as usize]
    }

    pub fn lookup_game(&self, name: &str) -> Option<GameId> {
        self.game_ids.get(name).copied()
    }

    /// Names a user may mean when they misspell one.
    pub fn all_names(&self) -> impl Iterator<Item = &str> {
        self.game_ids
            .keys()
            .chain(self.fn_ids.keys())
            .chain(self.global_ids.keys())
            .map(|s| s.as_str())
            .chain(Builtin::NAMES.iter().copied())
    }
}

impl GameNames for Defs {
    fn game_name(&self, id: GameId) -> &str {
        self.games
            .get(id.0 as usize)
            .map(|g| g.name.as_str())
            .unwrap_or("?")
    }

    fn vertex_name(&self, id: GameId, v: i64) -> Option<&str> {
        match &self.games.get(id.0 as usize)?.kind {
            GameKind::Graph(g) => g
                .vertices
                .get_index(usize::try_from(v).ok()?)
                .map(|(k, _)| k.as_str()),
            _ => None,
        }
    }
}
