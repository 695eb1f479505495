//! One module per kind of game, each implementing `model::GameKind`: the
//! built-in nim-heaps (`nim`), rule games (`rules`), octal and subtraction
//! codes (`octal`) and CGSuite's extended take-and-break codes
//! (`take_break`), explicit digraphs (`graph`), partizan rule games and
//! coloured graphs (`partizan`), game values met where a position goes
//! (`value`), and the placeholder of a
//! name whose definition has not run (`pending`).
//!
//! Adding a kind: a module here implementing `GameKind` (the compiler asks
//! for `arity` and `options`; every other method is a capability whose
//! default says the kind has none, so override only what the kind has),
//! and its line in `compile` (a declaration in a file) or in `new_defs` (a
//! built-in game).

pub mod compound;
pub mod graph;
pub mod nim;
pub mod octal;
pub mod partizan;
pub mod pending;
pub mod rules;
pub mod take_break;
pub mod value;

use std::rc::Rc;

use crate::error::EvalError;
use crate::error::Result;
use crate::eval::{Compiler, Node};
use crate::model::{Defs, GameDef, GameKind, NIM, STAR, VALUE, Value};
use crate::source::Span;
use crate::syntax::ast::{GameBody, GameDecl, Play};

/// Definitions holding the built-in games: `Nim` and `*` (the nimber).
pub fn new_defs() -> Defs {
    let mut defs = Defs::new();
    for (name, star, id) in [("Nim", false, NIM), ("*", true, STAR)] {
        let got = defs.add_game(GameDef {
            name: name.to_string(),
            kind: Rc::new(nim::Nim { star }),
            play: Play::Normal,
            span: Span::default(),
        });
        debug_assert_eq!(got, id, "the evaluator knows the built-in games by id");
    }
    // No name can call it: a component prints as its value.
    let got = defs.add_game(GameDef {
        name: VALUE_NAME.to_string(),
        kind: Rc::new(value::GameValue),
        play: Play::Normal,
        span: Span::default(),
    });
    debug_assert_eq!(got, VALUE, "the evaluator knows the built-in games by id");
    for c in compound::Compound::ALL {
        let got = defs.add_game(GameDef {
            name: c.name().to_string(),
            kind: Rc::new(compound::CompoundGame(c)),
            play: Play::Normal,
            span: Span::default(),
        });
        debug_assert_eq!(got, c.game(), "the compounds' ids are COMPOUNDS");
        // Its name is its library function's, not a game's.
        defs.game_ids.shift_remove(c.name());
    }
    defs
}

/// The name of the built-in game of game values (`games::value`), which
/// no program can write.
pub const VALUE_NAME: &str = "{game value}";

/// The names of built-in games (never redefined).
pub const BUILT_IN: &[&str] = &["Nim"];

/// How many parameters the game a declaration defines takes: known when
/// names are registered, before any body is compiled.
pub fn arity(g: &GameDecl) -> usize {
    match &g.body {
        GameBody::Rules { params, .. } => params.len(),
        GameBody::Octal { .. } | GameBody::Subtraction(_) | GameBody::Graph(_) => 1,
    }
}

/// Whether a declaration compiles before all others (graphs: a call
/// `G(a)` of a graph compiles its vertex name to a number).
pub fn compiles_first(g: &GameDecl) -> bool {
    match &g.body {
        GameBody::Graph(_) => true,
        GameBody::Rules { .. } | GameBody::Octal { .. } | GameBody::Subtraction(_) => false,
    }
}

/// A compiled declaration.
pub enum Compiled {
    /// The game's kind and the play convention its queries default to.
    Kind(Rc<dyn GameKind>, Play),
    /// Defined when the statements run, in order: the expression's value
    /// is handed to the function (a subtraction set).
    Deferred(Node, fn(Value, Span) -> Result<Rc<dyn GameKind>>),
}

/// Compile a game declaration to its kind.
pub fn compile(c: &Compiler, g: &GameDecl) -> Result<Compiled> {
    match &g.body {
        GameBody::Rules {
            params,
            play,
            moves,
        } if moves.iter().any(|m| m.side.is_some()) => Ok(Compiled::Kind(
            Rc::new(partizan::compile_rules(c, params, moves)?),
            play.unwrap_or(Play::Normal),
        )),
        GameBody::Rules {
            params,
            play,
            moves,
        } => Ok(Compiled::Kind(
            Rc::new(rules::compile(c, params, moves)?),
            play.unwrap_or(Play::Normal),
        )),
        GameBody::Octal { code, span } => Ok(Compiled::Kind(
            take_break::parse(code, *span)?,
            Play::Normal,
        )),
        GameBody::Subtraction(e) => Ok(Compiled::Deferred(c.top(e)?, octal::subtraction)),
        GameBody::Graph(items) if partizan::coloured(items) => Ok(Compiled::Kind(
            Rc::new(partizan::compile_graph(items)),
            Play::Normal,
        )),
        GameBody::Graph(items) => Ok(Compiled::Kind(Rc::new(graph::compile(items)), Play::Normal)),
    }
}

/// The argument of a heap game (`Nim`, `*`, octal codes): an integer >= 0.
fn heap_arg(name: &str, args: Vec<Value>, span: Span) -> Result<Vec<Value>> {
    match args.first() {
        Some(Value::Int(n)) if *n >= 0 => Ok(args),
        Some(v) => Err(EvalError::Value {
            message: format!(
                "a heap of `{name}` must be an integer >= 0, not {}",
                match v {
                    Value::Int(n) => n.to_string(),
                    v => v.type_name().to_string(),
                }
            ),
            help: "heap sizes are counted from 0".into(),
            span,
        }
        .into()),
        None => unreachable!("arity checked at compile time"),
    }
}

/// The size of a heap argument (checked when the position was made).
fn heap_size(args: &[Value]) -> Option<i64> {
    match args.first() {
        Some(Value::Int(n)) => Some(*n),
        _ => None,
    }
}

/// At most `n` characters, with `…` when cut.
fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(n - 1).collect::<String>())
    }
}
