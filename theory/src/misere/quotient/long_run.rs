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
//! (seconds) and the learning fallback (exact outcome searches whose memo
//! is not kept) are taken up from the start of their stage.

use rustc_hash::FxHashSet;

use super::super::{HeapRules, MisereError, Result, check_interrupt};
use super::{
    Automaton, Found, Learner, MisereQuotient, QuotientBudget, QuotientHistory, QuotientStage,
    Stages, VerifiedProfiles, present,
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
    known: FxHashSet<Vec<u32>>,
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
        let known = tests.iter().cloned().collect();
        Ok(QuotientRun {
            learner,
            max_heap,
            known,
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
        let known = state.tests.iter().cloned().collect();
        Ok(QuotientRun {
            learner,
            max_heap,
            state,
            known,
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
        let QuotientRun {
            learner,
            state,
            known,
            ..
        } = self;
        let budget = learner.budget.clone();
        learner.list_heap(m)?;
        check_interrupt(&budget.interrupt)?;
        learner.rules.poll()?;
        let resumed = state.refining.take();
        let mut extended = None;
        let mut how = Found::Extended;
        if budget.stages == Stages::Extend && resumed.is_none() {
            extended = learner.extend(&state.automaton, m)?;
        }
        if extended.is_none() && budget.stages != Stages::Learn {
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
                // On copies: a run stopped inside the learning keeps the
                // state of the last boundary whole.
                let mut a = state.automaton.clone();
                let (mut tests, mut seen) = (state.tests.clone(), known.clone());
                learner.learn(m, &mut a, &mut tests, &mut seen)?;
                state.tests = tests;
                *known = seen;
                a
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
