//! How each kind of game lists the options of a component. A new kind of
//! game adds an arm here (options) and, if theory gives its values
//! directly, one in `fast_grundy`.

use std::rc::Rc;
use std::sync::atomic::AtomicBool;

use crate::error::{Error, Result};
use crate::eval::interp::TargetBuf;
use crate::eval::{
    Comp, Defs, FnDef, GameId, GameKind, Interp, MoveCode, Node, NodeKind, RulesGame, Value,
    inline_call,
};
use crate::octal::{Engine, NimSequence, OctalCode, PeriodStatus};
use crate::syntax::Span;

use super::{Adjacency, SINGLE, Solver};

/// The move lines of a rule game whose target is `G([e for k in a..b if c])`,
/// or `G(f(x, ..))` with `f`'s body such a comprehension (inlined, see
/// `inline_call`): per option the list is computed straight into a packed
/// key (`Solver::intern_list`) and built as a value only when the position
/// is new. Valid while the game's rules and the functions inlined are the
/// definitions it was made from (`valid`).
pub(super) struct ListPlans {
    rules: Rc<RulesGame>,
    fns: Vec<(u32, Rc<FnDef>)>,
    /// Per move line: the target game and the list expression.
    moves: Vec<Option<(GameId, Node)>>,
    /// The frame size the inlined bodies need.
    slots: usize,
}

impl ListPlans {
    fn new(defs: &Defs, rules: &Rc<RulesGame>) -> ListPlans {
        let mut plans = ListPlans {
            rules: rules.clone(),
            fns: Vec::new(),
            moves: Vec::new(),
            slots: rules.slots.max(rules.arity),
        };
        for mv in &rules.moves {
            let plan = plans.plan(defs, mv);
            plans.moves.push(plan);
        }
        plans
    }

    fn plan(&mut self, defs: &Defs, mv: &MoveCode) -> Option<(GameId, Node)> {
        let NodeKind::MakePos(g, args) = &mv.target.kind else {
            return None;
        };
        let [arg] = &args[..] else {
            return None;
        };
        let list = |n: &Node| matches!(n.kind, NodeKind::Comprehension { set: false, .. });
        match &arg.kind {
            _ if list(arg) => Some((*g, arg.clone())),
            NodeKind::CallFn(f, xs) => {
                let base = self.rules.slots.max(self.rules.arity) as u32;
                let (body, slots, def) = inline_call(defs, *f, xs, base)?;
                if !list(&body) {
                    return None;
                }
                self.slots = self.slots.max(slots);
                self.fns.push((*f, def));
                Some((*g, body))
            }
            _ => None,
        }
    }

    fn valid(&self, defs: &Defs, rules: &Rc<RulesGame>) -> bool {
        Rc::ptr_eq(&self.rules, rules)
            && self.fns.iter().all(
                |(f, d)| matches!(defs.fns.get(*f as usize), Some(Some(now)) if Rc::ptr_eq(now, d)),
            )
    }
}

impl Solver {
    /// A value known without expanding: a nim-heap is worth its size; an
    /// octal or subtraction heap is read from its nim-sequence, which is
    /// extended on demand and, once its period is proved (Guy–Smith),
    /// answers any heap size.
    pub(super) fn fast_grundy(
        &mut self,
        defs: &Defs,
        interrupt: &AtomicBool,
        id: u32,
        span: Span,
    ) -> Result<Option<u64>> {
        let comp = self.comp(id);
        let n = match comp.args.first() {
            Some(Value::Int(n)) => *n,
            _ => return Ok(None),
        };
        let game = comp.game;
        match &defs.game(game).kind {
            GameKind::Nim | GameKind::Star => Ok(u64::try_from(n).ok()),
            GameKind::Octal(code) => {
                let n = u64::try_from(n).unwrap_or(0);
                let code = code.clone();
                self.heap_value(defs, interrupt, game, &code, n, span)
                    .map(Some)
            }
            _ => Ok(None),
        }
    }

    /// `G(n)` of an octal or subtraction game: from the values known, or
    /// by extending the sequence in chunks (so Ctrl-C is heard) until the
    /// heap is reached or a period is proved; the budget bounds the work.
    pub fn heap_value(
        &mut self,
        defs: &Defs,
        interrupt: &AtomicBool,
        game: GameId,
        code: &OctalCode,
        n: u64,
        span: Span,
    ) -> Result<u64> {
        let budget = self.budget;
        let seq = self.sequence(game, code);
        let target = usize::try_from(n.saturating_add(1)).unwrap_or(usize::MAX);
        loop {
            if let Some(v) = known(seq, n) {
                return Ok(u64::from(v));
            }
            let len = seq.len();
            if len >= budget {
                return Err(Error::Budget {
                    game: defs.game(game).name.clone(),
                    budget,
                    span,
                });
            }
            if interrupt.load(std::sync::atomic::Ordering::Relaxed) {
                return Err(Error::Interrupted { span });
            }
            let next = target.min(budget).min(len.saturating_add(1 << 16));
            seq.solve(next, |_| {});
        }
    }

    /// The nim-sequence of an octal or subtraction game (created on first use).
    pub fn sequence(&mut self, game: GameId, code: &OctalCode) -> &mut NimSequence {
        self.sequences
            .entry(game)
            .or_insert_with(|| NimSequence::new(code.clone(), Engine::Sparse))
    }

    fn list_plans(&mut self, defs: &Defs, game: GameId, rules: &Rc<RulesGame>) -> Rc<ListPlans> {
        if let Some(p) = self.list_plans.get(&game)
            && p.valid(defs, rules)
        {
            return p.clone();
        }
        let p = Rc::new(ListPlans::new(defs, rules));
        self.list_plans.insert(game, p.clone());
        p
    }

    /// List the options of component `id` (once; later calls return at once).
    pub fn expand(
        &mut self,
        defs: &Defs,
        interrupt: &AtomicBool,
        id: u32,
        span: Span,
    ) -> Result<()> {
        if self.is_expanded(id) {
            return Ok(());
        }
        // Checked once per expansion: small expansions never reach the
        // evaluator's own periodic check.
        if interrupt.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(Error::Interrupted { span });
        }
        let comp = self.comp(id).clone();
        let first_opt = self.opt_end.len() as u32;
        let first_part = self.parts.len();
        self.all_single = true;
        self.first_part = first_part;
        let result = self.list_options(defs, interrupt, &comp, span);
        if let Err(e) = result {
            // Leave the component unexpanded, as if never touched.
            self.opt_end.truncate(first_opt as usize);
            self.parts.truncate(first_part);
            return Err(e);
        }
        let parts = (first_part as u32, self.parts.len() as u32);
        let opts = if self.all_single {
            self.opt_end.truncate(first_opt as usize);
            (SINGLE, SINGLE)
        } else {
            (first_opt, self.opt_end.len() as u32)
        };
        self.adj[id as usize] = Adjacency { parts, opts };
        Ok(())
    }

    /// Add an option of the component being expanded. While every option
    /// is a single part, no `opt_end` entries are written; the first option
    /// of another size writes them for the options before it.
    #[inline]
    fn push_option(&mut self, defs: &Defs, game: GameId, parts: &[u32], span: Span) -> Result<()> {
        if let [p] = parts {
            return self.push_single(defs, game, *p, span);
        }
        if self.parts.len() + parts.len() > self.edge_budget {
            return Err(self.move_budget(defs, game, span));
        }
        if self.all_single {
            self.all_single = false;
            let (from, to) = (self.first_part as u32 + 1, self.parts.len() as u32);
            self.opt_end.extend(from..=to);
        }
        self.parts.extend_from_slice(parts);
        self.opt_end.push(self.parts.len() as u32);
        Ok(())
    }

    #[inline]
    fn push_single(&mut self, defs: &Defs, game: GameId, part: u32, span: Span) -> Result<()> {
        if self.parts.len() >= self.edge_budget {
            return Err(self.move_budget(defs, game, span));
        }
        self.parts.push(part);
        if !self.all_single {
            self.opt_end.push(self.parts.len() as u32);
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn move_budget(&self, defs: &Defs, game: GameId, span: Span) -> Error {
        Error::MoveBudget {
            game: defs.game(game).name.clone(),
            budget: self.edge_budget,
            span,
        }
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
                    self.push_option(defs, comp.game, &[c], span)?;
                }
            }
            GameKind::Rules(rules) => {
                let interp = Interp::new(defs, interrupt);
                let plans = self.list_plans(defs, comp.game, rules);
                let mut frame: Vec<Value> = comp.args.to_vec();
                frame.resize(plans.slots, Value::Int(0));
                let mut buf = TargetBuf::default();
                let mut ids: Vec<u32> = Vec::new();
                for (mv, plan) in rules.moves.iter().zip(&plans.moves) {
                    // The target game is checked here: it may have been redefined.
                    let plan = plan
                        .as_ref()
                        .filter(|(g, _)| matches!(defs.game(*g).kind, GameKind::Rules(_)));
                    // `G(a - k, b) for k in 1..=a`: a tight loop, arguments by
                    // formula, no evaluation per option.
                    if let Some(m) = interp.affine_move(mv, &frame) {
                        for k in m.range.0..m.range.1 {
                            self.tick(interrupt, span)?;
                            if let Some(c) = m.cond {
                                crate::eval::interp::set_int(&mut frame[m.slot], k);
                                if !interp.truth(c, &mut frame)? {
                                    continue;
                                }
                            }
                            let ints = m.args(k);
                            let id = self.intern_ints(defs, m.game, &ints[..m.arity], span)?;
                            self.push_single(defs, comp.game, id, span)?;
                        }
                        continue;
                    }
                    interp.iterate(
                        &mv.bindings,
                        mv.cond.as_ref(),
                        &mut frame,
                        &mut |me, frame| {
                            if let Some((game, list)) = plan {
                                let mut items = [0u8; 18];
                                if let Some(n) = me.small_int_list(list, frame, &mut items) {
                                    let id = self.intern_list(defs, *game, items, n, span)?;
                                    return self.push_option(defs, comp.game, &[id], span);
                                }
                            }
                            if let Some((game, ints, n)) = me.int_target(&mv.target, frame) {
                                let id = self.intern_ints(defs, game, &ints[..n], span)?;
                                return self.push_option(defs, comp.game, &[id], span);
                            }
                            buf.clear();
                            me.eval_target(&mv.target, frame, &mut buf)?;
                            ids.clear();
                            for i in 0..buf.parts.len() {
                                let game = buf.parts[i].0;
                                let id = self.intern(defs, game, buf.part_args(i), span)?;
                                ids.push(id);
                            }
                            self.push_option(defs, comp.game, &ids, span)?;
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
                    self.push_option(defs, comp.game, &ids, span)?;
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
                    self.push_option(defs, comp.game, &[c], span)?;
                }
            }
        }
        Ok(())
    }
}

/// `G(n)` if already computed, or given by a proved period.
fn known(seq: &NimSequence, n: u64) -> Option<u32> {
    if let Some(v) = usize::try_from(n).ok().and_then(|i| seq.values().get(i)) {
        return Some(v);
    }
    match seq.period() {
        PeriodStatus::Proved(p) => p.value_at(seq.values(), n),
        _ => None,
    }
}
