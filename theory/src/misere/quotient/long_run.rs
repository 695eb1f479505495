//! A quotient computation that can stop and go on later: [`QuotientRun`]
//! keeps, at every boundary of its work, the state a later run needs to
//! compute exactly what this one would have ([`QuotientState`]), and tells
//! a [`QuotientEvents`] of each stage and each refinement round.
//!
//! The boundaries are the ends of stages and, inside a refinement stage,
//! the start of each round: a round's candidate is built from the last
//! round's candidate alone (with the heaps' options, their weights and the
//! budget, all fixed for the stage), so the round number and that
//! candidate are the whole state of a refining stage. The extension step
//! (seconds) is taken up from the start of its stage. Inside the learning
//! fallback the boundaries are the start of each round and the gap after
//! each exact search of the round's hypothesis: the round, its tests and
//! the exact outcomes stored so far are its whole state (a resumed run
//! builds the round's hypothesis again, the searches done before the
//! boundary answered from the stored outcomes at no step).

use rustc_hash::FxHashSet;

use super::super::{HeapRules, MisereError, Result, check_interrupt};
use super::{
    Automaton, Found, Learner, Memo, MisereQuotient, QuotientBudget, QuotientHistory,
    QuotientStage, Stages, VerifiedProfiles, present,
};

/// One verified stage: the quotient of heaps 0..=`heap`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct StageRecord {
    /// The heap added.
    pub heap: u64,
    /// The number of elements of the quotient of heaps 0..=`heap`.
    pub order: usize,
    /// The number of its generators.
    pub generators: usize,
    /// The number of elements of its P-portion.
    pub p_portion: usize,
    /// How its candidate was found (heap 0: [`Found::Extended`]).
    pub found: Found,
}

/// Everything a quotient computation needs to go on from a boundary of
/// its work: the verified stages so far, the automaton of the last one,
/// the learner's tests and last profile search, its step count, and
/// inside a refinement stage the round and its candidate. Saved and
/// loaded as bytes by [`QuotientState::save`] and [`QuotientState::load`].
#[derive(Debug, Clone)]
pub struct QuotientState {
    pub(super) records: Vec<StageRecord>,
    pub(super) automaton: Automaton,
    pub(super) tests: Vec<Vec<u32>>,
    pub(super) verified: Option<VerifiedProfiles>,
    pub(super) steps: u64,
    pub(super) refining: Option<(usize, Automaton)>,
    pub(super) learning: Option<Learning>,
}

/// Inside a learning stage (of heap [`QuotientState::heap`] + 1): the
/// round, its tests, and the exact outcomes stored so far.
#[derive(Debug, Clone)]
pub(super) struct Learning {
    pub(super) round: usize,
    pub(super) tests: Vec<Vec<u32>>,
    pub(super) memo: Memo,
}

impl QuotientState {
    /// The last verified stage's heap.
    pub fn heap(&self) -> u64 {
        self.records.len() as u64 - 1
    }

    /// The verified stages, heap 0 first.
    pub fn records(&self) -> &[StageRecord] {
        &self.records
    }

    /// Inside a refinement stage (of heap [`QuotientState::heap`] + 1): the
    /// round about to be tried and its candidate's number of elements.
    pub fn refining(&self) -> Option<(usize, usize)> {
        self.refining.as_ref().map(|(r, a)| (*r, a.trans.len()))
    }

    /// Inside a learning stage (of heap [`QuotientState::heap`] + 1): the
    /// round, its number of tests, and the positions whose exact outcome
    /// is stored.
    pub fn learning(&self) -> Option<(usize, usize, usize)> {
        self.learning
            .as_ref()
            .map(|l| (l.round, l.tests.len(), l.memo.len()))
    }

    /// The quotient of the last verified stage.
    pub fn quotient(&self) -> MisereQuotient {
        present(&self.automaton, self.heap())
    }
}

/// What a [`QuotientRun`] tells its caller as it goes.
pub trait QuotientEvents {
    /// A stage was verified.
    fn stage(&mut self, _record: &StageRecord, _quotient: &MisereQuotient) {}
    /// A refinement round of heap `heap` starts with a candidate of
    /// `elements` elements (round 0 is the first).
    fn round(&mut self, _heap: u64, _round: usize, _elements: usize) {}
    /// A learning round of heap `heap` starts with `tests` tests and
    /// `positions` exact outcomes stored (round 0 is the first).
    fn learning(&mut self, _heap: u64, _round: usize, _tests: usize, _positions: usize) {}
    /// Whether the state should be saved now (asked at every boundary).
    fn due(&mut self) -> bool {
        false
    }
    /// Save the state (called when [`QuotientEvents::due`] said so). A
    /// caller whose save fails stops the run through its interrupt flag.
    fn save(&mut self, _state: &QuotientState) {}
}

/// Events that nobody listens to.
pub struct NoEvents;

impl QuotientEvents for NoEvents {}

/// A quotient computation of heaps 0..=`max_heap`, from the start or from
/// a saved [`QuotientState`].
pub struct QuotientRun<'r> {
    learner: Learner<'r>,
    max_heap: u64,
    state: QuotientState,
}

fn new_learner<'r>(
    rules: &'r dyn HeapRules,
    max_heap: u64,
    budget: &QuotientBudget,
) -> Result<Learner<'r>> {
    let limit = budget.max_heap.min(u64::from(u32::MAX) / 2);
    if max_heap > limit {
        return Err(MisereError::Budget {
            what: "heaps in a misère quotient",
            limit: limit as usize,
        });
    }
    Ok(Learner {
        rules,
        weight: Some(vec![0]),
        opts: vec![Vec::new()],
        memo: Default::default(),
        prev: None,
        budget: budget.clone(),
        steps: 0,
        verified_profiles: None,
    })
}

impl<'r> QuotientRun<'r> {
    /// A computation from heap 0 (whose stage, the trivial quotient, is
    /// in the state at once).
    pub fn new(rules: &'r dyn HeapRules, max_heap: u64, budget: &QuotientBudget) -> Result<Self> {
        let learner = new_learner(rules, max_heap, budget)?;
        let automaton = Automaton {
            letters: 0,
            trans: vec![Vec::new()],
            p: vec![false],
            reps: vec![Vec::new()],
        };
        let tests = vec![Vec::new()];
        Ok(QuotientRun {
            learner,
            max_heap,
            state: QuotientState {
                records: vec![StageRecord {
                    heap: 0,
                    order: 1,
                    generators: 0,
                    p_portion: 0,
                    found: Found::Extended,
                }],
                automaton,
                tests,
                verified: None,
                steps: 0,
                refining: None,
                learning: None,
            },
        })
    }

    /// A computation that goes on from `state` (saved by a run of the
    /// same rules and budget): it lists the options of the heaps the state
    /// covers again, and ends with what the run that saved it would have.
    pub fn resume(
        rules: &'r dyn HeapRules,
        max_heap: u64,
        budget: &QuotientBudget,
        state: QuotientState,
    ) -> Result<Self> {
        let mut learner = new_learner(rules, max_heap, budget)?;
        if state.heap() > max_heap {
            return Err(MisereError::HeapOutOfRange {
                heap: state.heap(),
                max: max_heap,
            });
        }
        for m in 1..=state.heap() as u32 {
            learner.list_heap(m)?;
        }
        if state.heap() > 0 {
            learner.prev = Some(state.automaton.clone());
        }
        learner.verified_profiles = state.verified.clone();
        learner.steps = state.steps;
        Ok(QuotientRun {
            learner,
            max_heap,
            state,
        })
    }

    /// The state at the last boundary passed (what to save when the run
    /// stops on Ctrl-C or a budget).
    pub fn state(&self) -> &QuotientState {
        &self.state
    }

    /// Computes the stages still to go, up to heap `max_heap`.
    pub fn run(&mut self, events: &mut dyn QuotientEvents) -> Result<QuotientHistory> {
        for m in self.state.heap() as u32 + 1..=self.max_heap as u32 {
            self.stage(m, events)?;
        }
        Ok(self.history())
    }

    /// One stage: heap m's candidate found (extension, refinement from
    /// the saved round if any, learning) and verified.
    fn stage(&mut self, m: u32, events: &mut dyn QuotientEvents) -> Result<()> {
        let QuotientRun { learner, state, .. } = self;
        let budget = learner.budget.clone();
        learner.list_heap(m)?;
        check_interrupt(&budget.interrupt)?;
        learner.rules.poll()?;
        let resumed = state.refining.take();
        let learning = state.learning.take();
        let mut extended = None;
        let mut how = Found::Extended;
        if budget.stages == Stages::Extend && resumed.is_none() && learning.is_none() {
            extended = learner.extend(&state.automaton, m)?;
        }
        if extended.is_none() && budget.stages != Stages::Learn && learning.is_none() {
            how = Found::Refined;
            let prev = state.automaton.clone();
            let mut hook = |round: usize, cand: &Automaton, l: &Learner<'_>| {
                state.refining = Some((round, cand.clone()));
                state.verified = l.verified_profiles.clone();
                state.steps = l.steps;
                events.round(u64::from(m), round, cand.trans.len());
                if events.due() {
                    events.save(state);
                }
            };
            extended = learner.refine_stage(&prev, m, resumed, &mut hook)?;
        }
        let automaton = match extended {
            Some(a) => a,
            None => {
                how = Found::Learned;
                // The refinement gave up: its last candidate is not
                // taken up again, and a save inside learning must not
                // carry it (a state is refining or learning, never both).
                state.refining = None;
                learn_stage(learner, state, m, learning, events)?
            }
        };
        learner.prev = Some(automaton.clone());
        let quotient = present(&automaton, u64::from(m));
        let record = StageRecord {
            heap: u64::from(m),
            order: quotient.order(),
            generators: quotient.generators().len(),
            p_portion: quotient.p_portion().len(),
            found: how,
        };
        state.records.push(record.clone());
        state.automaton = automaton;
        state.refining = None;
        state.verified = learner.verified_profiles.clone();
        state.steps = learner.steps;
        events.stage(&record, &quotient);
        if events.due() {
            events.save(state);
        }
        Ok(())
    }

    fn history(&self) -> QuotientHistory {
        let stages: Vec<QuotientStage> = self
            .state
            .records
            .iter()
            .map(|r| QuotientStage {
                heap: r.heap,
                order: r.order,
                generators: r.generators,
            })
            .collect();
        let found = self.state.records[1..].iter().map(|r| r.found).collect();
        let last = stages.last().cloned();
        let mut unchanged_since = self.state.heap();
        if let Some(last) = last {
            for s in stages.iter().rev() {
                if s.order == last.order && s.generators == last.generators {
                    unchanged_since = s.heap;
                } else {
                    break;
                }
            }
        }
        QuotientHistory {
            stages,
            quotient: self.state.quotient(),
            unchanged_since,
            found,
        }
    }
}

/// The learning stage of heap m, from its start or from `learning`
/// (saved inside it). Its state is saved in `state` whenever `events`
/// says a save is due, and left there when it fails (Ctrl-C, a budget):
/// the round's tests and the outcomes found so far, so that a resumed
/// run loses none of them. (A run resumed from a save at a boundary
/// counts the steps the uninterrupted run counts; from a failure, the
/// same answer with perhaps fewer steps, some searches left half done
/// being taken up from their stored parts.)
fn learn_stage(
    learner: &mut Learner<'_>,
    state: &mut QuotientState,
    m: u32,
    learning: Option<Learning>,
    events: &mut dyn QuotientEvents,
) -> Result<Automaton> {
    let (mut round, mut tests, memo) = match learning {
        Some(l) => (l.round, l.tests, l.memo),
        None => {
            // The tests carried over, then the representatives of the last
            // quotient's elements: these tell its elements apart (two
            // elements differ beside some element, so beside its
            // representative), so the first hypothesis has at least as many
            // states as the last quotient and no round is spent finding
            // them again.
            let mut tests = state.tests.clone();
            let mut seen: FxHashSet<&[u32]> = tests.iter().map(Vec::as_slice).collect();
            let more: Vec<Vec<u32>> = state
                .automaton
                .reps
                .iter()
                .filter(|r| seen.insert(r.as_slice()))
                .cloned()
                .collect();
            tests.extend(more);
            (0, tests, Memo::new(m))
        }
    };
    learner.memo = memo;
    let mut seen: FxHashSet<Vec<u32>> = tests.iter().cloned().collect();
    let mut hook = |l: &mut Learner<'_>, round: usize, tests: &[Vec<u32>], start: bool| {
        if start {
            events.learning(u64::from(m), round, tests.len(), l.memo.len());
        }
        if events.due() {
            park(l, state, round, tests);
            events.save(state);
            if let Some(back) = state.learning.take() {
                l.memo = back.memo;
            }
        }
    };
    match learner.learn(m, &mut round, &mut tests, &mut seen, &mut hook) {
        Ok(a) => {
            state.tests = tests;
            // Positions with heap m are answered by the new stage from now on.
            learner.memo = Memo::default();
            Ok(a)
        }
        Err(e) => {
            park(learner, state, round, &tests);
            Err(e)
        }
    }
}

/// Moves the learner's stored outcomes into `state` with the round and
/// its tests, the learner's step count and last profile search.
fn park(l: &mut Learner<'_>, state: &mut QuotientState, round: usize, tests: &[Vec<u32>]) {
    state.learning = Some(Learning {
        round,
        tests: tests.to_vec(),
        memo: std::mem::take(&mut l.memo),
    });
    state.steps = l.steps;
    state.verified = l.verified_profiles.clone();
}

impl Learner<'_> {
    /// Lists heap m's options and records its weight.
    fn list_heap(&mut self, m: u32) -> Result<()> {
        let o = self.rules.options_of(u64::from(m))?;
        self.opts.push(
            o.into_iter()
                .map(|k| k.into_iter().map(|h| h as u32).collect())
                .collect(),
        );
        self.push_weight(m as usize);
        Ok(())
    }
}
