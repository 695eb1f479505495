//! Everything a session has defined: games (each with its kind), user
//! functions, global `let`s.

use std::rc::Rc;

use indexmap::IndexMap;

use crate::source::Span;
use crate::syntax::ast::Play;

use super::{GameId, GameKind, GameNames, Node, Value};

/// A game the session knows, whatever kind of rules it has.
#[derive(Debug, Clone)]
pub struct GameDef {
    pub name: String,
    pub kind: Rc<dyn GameKind>,
    /// The convention `outcome` and `winning` use when a query names none.
    pub play: Play,
    pub span: Span,
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
    /// Games and functions (by name) whose definition, typed in the REPL,
    /// names something not defined yet: what they wait for.
    pub waiting: IndexMap<String, String>,
}

pub const NIM: GameId = GameId(0);
pub const STAR: GameId = GameId(1);
/// Game values met where a position goes (`games::value`).
pub const VALUE: GameId = GameId(2);

impl Defs {
    /// Definitions with no games, not even `Nim` and `*` (the session
    /// registers the built-in games: `games::new_defs`).
    pub fn new() -> Self {
        Defs::default()
    }

    /// Add a game under a new id.
    pub fn add_game(&mut self, def: GameDef) -> GameId {
        let id = GameId(self.games.len() as u32);
        self.game_ids.insert(def.name.clone(), id);
        self.games.push(def);
        id
    }

    pub fn game(&self, id: GameId) -> &GameDef {
        &self.games[id.0 as usize]
    }

    /// The error for using a game or function that waits for a name.
    pub fn waiting_error(&self, name: &str, span: Span) -> Option<crate::error::Error> {
        self.waiting
            .get(name)
            .map(|missing| crate::error::Error::Waiting {
                name: name.to_string(),
                missing: missing.clone(),
                span,
            })
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
            .chain(
                super::registry::REGISTRY
                    .iter()
                    .filter(|e| e.is_function())
                    .map(|e| e.name),
            )
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
        self.games
            .get(id.0 as usize)?
            .kind
            .graph()?
            .vertices
            .get_index(usize::try_from(v).ok()?)
            .map(|(k, _)| k.as_str())
    }
}
