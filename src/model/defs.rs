//! Everything a session has defined: games (each with its kind), user
//! functions, global `let`s.

use std::rc::Rc;

use indexmap::IndexMap;

use crate::error::CompileError;
use crate::error::Result;
use crate::source::Span;
use crate::vocab::Play;

use super::{GameId, GameKind, GameNames, Value};

/// A game the session knows, whatever kind of rules it has.
#[derive(Debug, Clone)]
pub struct GameDef {
    pub name: String,
    pub kind: Rc<dyn GameKind>,
    /// The convention `outcome` and `winning` use when a query names none.
    pub play: Play,
    pub span: Span,
}

/// A user function (`fn f(n) = ...`).
#[derive(Debug)]
pub struct FnDef {
    pub name: String,
    pub arity: usize,
    pub slots: usize,
    pub body: Body,
    pub span: Span,
}

/// A function's compiled body, in the evaluator's own form (`eval::Node`):
/// the model holds it for the evaluator and never looks inside.
pub struct Body(Box<dyn std::any::Any>);

impl Body {
    pub fn new<T: std::any::Any>(body: T) -> Body {
        Body(Box::new(body))
    }

    /// The body as the evaluator made it (None for another type: never,
    /// as only the evaluator makes bodies).
    pub fn get<T: std::any::Any>(&self) -> Option<&T> {
        self.0.downcast_ref()
    }
}

impl std::fmt::Debug for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Body")
    }
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
/// The built-in games of compounds (`games::compound`), ids from the
/// first to before the second: no name calls them (their library
/// functions make them), and a component prints as `name(G, H)`.
pub const COMPOUNDS: (u32, u32) = (3, 9);

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
        self.waiting.get(name).map(|missing| {
            CompileError::Waiting {
                name: name.to_string(),
                missing: missing.clone(),
                span,
            }
            .into()
        })
    }

    pub fn lookup_game(&self, name: &str) -> Option<GameId> {
        self.game_ids.get(name).copied()
    }

    /// The names defined: games, functions and global `let`s.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.game_ids
            .keys()
            .chain(self.fn_ids.keys())
            .chain(self.global_ids.keys())
            .map(std::string::String::as_str)
    }

    /// The convention a query uses: the one written, else misère when any
    /// component's game is declared `misere`, else normal.
    pub fn play_for(&self, written: Option<Play>, comps: &[super::Comp]) -> Play {
        written.unwrap_or_else(|| {
            if comps.iter().any(|c| self.game(c.game).play == Play::Misere) {
                Play::Misere
            } else {
                Play::Normal
            }
        })
    }

    /// Whether any component of a position is partizan (its kind's
    /// answer, or the position's for a kind whose positions differ).
    pub fn any_partizan(&self, comps: &[super::Comp]) -> bool {
        comps
            .iter()
            .any(|c| self.game(c.game).kind.partizan_position(&c.args))
    }

    /// Check (and normalise) the arguments of a position `G(vals)`: a sum
    /// given as an argument is kept sorted (it is a multiset, so G(A + B)
    /// and G(B + A) are one position), then the game's kind checks them.
    /// `spans` are where the arguments were written (the first is blamed).
    pub fn check_args(
        &self,
        g: GameId,
        mut vals: Vec<Value>,
        spans: &[Span],
    ) -> Result<Vec<Value>> {
        let def = self.game(g);
        let span = spans.first().copied().unwrap_or_default();
        for v in &mut vals {
            if let Value::Pos(cs) = v
                && !cs.is_sorted()
            {
                let mut sorted = cs.to_vec();
                sorted.sort();
                *v = Value::Pos(sorted.into());
            }
        }
        def.kind.check_args(&def.name, vals, span)
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
