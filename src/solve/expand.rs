//! How each kind of game lists the options of a component. A new kind of
//! game adds an arm here (options) and, if theory gives its values
//! directly, one in `fast_grundy`.

use std::sync::atomic::AtomicBool;

use crate::error::{Error, Result};
use crate::eval::interp::TargetBuf;
use crate::eval::{Comp, Defs, GameKind, Interp, Value};
use crate::syntax::Span;

use super::{Solver, UNEXPANDED};

/// Values theory gives without expanding: a nim-heap is worth its size.
pub fn fast_grundy(defs: &Defs, c: &Comp) -> Option<u64> {
    match defs.game(c.game).kind {
        GameKind::Nim | GameKind::Star => match c.args.first() {
            Some(Value::Int(n)) => u64::try_from(*n).ok(),
            _ => None,
        },
        _ => None,
    }
}

impl Solver {
    /// List the options of component `id` (once; later calls return at once).
    pub fn expand(
        &mut self,
        defs: &Defs,
        interrupt: &AtomicBool,
        id: u32,
        span: Span,
    ) -> Result<()> {
        if self.opt_range[id as usize].0 != UNEXPANDED {
            return Ok(());
        }
        let comp = self.comp(id).clone();
        let first_opt = self.opt_end.len() as u32;
        let first_part = self.parts.len();
        let result = self.list_options(defs, interrupt, &comp, span);
        if let Err(e) = result {
            // Leave the component unexpanded, as if never touched.
            self.opt_end.truncate(first_opt as usize);
            self.parts.truncate(first_part);
            return Err(e);
        }
        self.opt_range[id as usize] = (first_opt, self.opt_end.len() as u32);
        Ok(())
    }

    fn push_option(&mut self, parts: &[u32]) {
        self.parts.extend_from_slice(parts);
        self.opt_end.push(self.parts.len() as u32);
    }

    fn list_options(
        &mut self,
        defs: &Defs,
        interrupt: &AtomicBool,
        comp: &Comp,
        span: Span,
    ) -> Result<()> {
        let def = defs.game(comp.game);
        match &def.kind {
            GameKind::Nim | GameKind::Star => {
                let n = match comp.args.first() {
                    Some(Value::Int(n)) => *n,
                    _ => 0,
                };
                for k in 0..n {
                    self.tick(interrupt, span)?;
                    let c = self.intern(defs, comp.game, &[Value::Int(k)], span)?;
                    self.push_option(&[c]);
                }
            }
            GameKind::Rules(rules) => {
                let interp = Interp::new(defs, interrupt);
                let mut frame: Vec<Value> = comp.args.to_vec();
                frame.resize(rules.slots.max(rules.arity), Value::Int(0));
                let mut buf = TargetBuf::default();
                let mut ids: Vec<u32> = Vec::new();
                for mv in &rules.moves {
                    interp.iterate(
                        &mv.bindings,
                        mv.cond.as_ref(),
                        &mut frame,
                        &mut |me, frame| {
                            buf.clear();
                            me.eval_target(&mv.target, frame, &mut buf)?;
                            ids.clear();
                            for i in 0..buf.parts.len() {
                                let game = buf.parts[i].0;
                                let id = self.intern(defs, game, buf.part_args(i), span)?;
                                ids.push(id);
                            }
                            self.push_option(&ids);
                            Ok(())
                        },
                    )?;
                }
            }
            GameKind::Octal(code) => {
                let n = match comp.args.first() {
                    Some(Value::Int(n)) => *n as u64,
                    _ => 0,
                };
                let mut options: Vec<Vec<u64>> = Vec::new();
                code.for_each_option(n, |parts| options.push(parts.to_vec()));
                let mut ids = Vec::new();
                for opt in options {
                    self.tick(interrupt, span)?;
                    ids.clear();
                    for p in opt {
                        ids.push(self.intern(defs, comp.game, &[Value::Int(p as i64)], span)?);
                    }
                    self.push_option(&ids);
                }
            }
            GameKind::Pending(_) => {
                return Err(Error::Query {
                    message: format!("`{}` is used before its definition has run", def.name),
                    help: "move the query below the game's definition".into(),
                    span,
                });
            }
            GameKind::Graph(g) => {
                let v = match comp.args.first() {
                    Some(Value::Int(v)) => *v as usize,
                    _ => 0,
                };
                for &w in g.edges.get(v).map(|e| e.as_slice()).unwrap_or(&[]) {
                    let c = self.intern(defs, comp.game, &[Value::Int(i64::from(w))], span)?;
                    self.push_option(&[c]);
                }
            }
        }
        Ok(())
    }
}
