//! `graph G { a -> b, c; ... }`: a game given by its digraph. A position
//! `G(a)` is a vertex (stored as its index); its options are the vertex's
//! out-edges. Vertices named only as targets have no moves.

use indexmap::IndexMap;

use crate::error::EvalError;
use crate::error::Result;
use crate::model::{Ctx, GameId, GameKind, GraphData, OptionSink, Value};
use crate::source::Span;
use crate::syntax::ast::GraphItem;

#[derive(Debug)]
pub struct Graph(pub GraphData);

/// The digraph of a declaration's items (duplicate edges merged).
pub fn compile(items: &[GraphItem]) -> Graph {
    let mut vertices: IndexMap<String, ()> = IndexMap::new();
    let mut edges: Vec<Vec<u32>> = Vec::new();
    let mut id = |name: &str, edges: &mut Vec<Vec<u32>>| -> u32 {
        let (i, new) = vertices.insert_full(name.to_string(), ());
        if new.is_none() {
            edges.push(Vec::new());
        }
        i as u32
    };
    for item in items {
        let from = id(&item.from.name, &mut edges);
        for t in &item.to {
            let to = id(&t.name, &mut edges);
            let out = &mut edges[from as usize];
            if !out.contains(&to) {
                out.push(to);
            }
        }
    }
    Graph(GraphData { vertices, edges })
}

impl GameKind for Graph {
    fn arity(&self) -> usize {
        1
    }

    fn raw_args(&self) -> bool {
        false
    }

    /// A computed vertex `G(k)`: the integer `k` names a vertex.
    fn check_args(&self, name: &str, mut args: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        let vertex = match args.first() {
            Some(Value::Int(k)) => k.to_string(),
            Some(v) => v.type_name().to_string(),
            None => String::new(),
        };
        match self.0.vertices.get_index_of(&vertex) {
            Some(i) => {
                args[0] = Value::Int(i as i64);
                Ok(args)
            }
            None => Err(EvalError::Value {
                message: format!("`{vertex}` is not a vertex of graph `{name}`"),
                help: "a computed vertex must be an integer naming a vertex; write other vertices by name, e.g. `G(a)`".into(),
                span,
            }.into()),
        }
    }

    fn options(
        &self,
        cx: &Ctx,
        game: GameId,
        args: &[Value],
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let v = match args.first() {
            Some(Value::Int(v)) => usize::try_from(*v).unwrap_or(usize::MAX),
            _ => usize::MAX,
        };
        for &w in self
            .0
            .edges
            .get(v)
            .map(std::vec::Vec::as_slice)
            .unwrap_or(&[])
        {
            cx.tick()?;
            out.single_ints(game, &[i64::from(w)])?;
        }
        Ok(())
    }

    fn graph(&self) -> Option<&GraphData> {
        Some(&self.0)
    }

    fn describe(&self, name: &str, _decl: &str) -> Option<(String, String)> {
        Some((
            format!("{name}(n)"),
            format!("graph of {} vertices", self.0.vertices.len()),
        ))
    }
}
