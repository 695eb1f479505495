//! A quotient computation stopped at any boundary of its work, saved as
//! bytes, loaded and resumed, goes on exactly as the uninterrupted run:
//! the same events from there on (no round tried twice, none skipped),
//! the same step count at the end, the same stages and quotient. Damaged
//! and foreign checkpoints are refused.

use proptest::prelude::*;

use super::long_run::{NoEvents, QuotientEvents, QuotientRun, QuotientState, StageRecord};
use super::*;
use crate::octal::OctalCode;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Event {
    Stage(StageRecord),
    Round(u64, usize, usize),
    Learn(u64, usize, usize),
}

/// Hears every event and saves the state at every boundary, or at every
/// `every`-th (with how many events came before it).
#[derive(Default)]
struct Recorder {
    events: Vec<Event>,
    saved: Vec<(usize, QuotientState)>,
    save: bool,
    every: usize,
    asked: usize,
}

impl QuotientEvents for Recorder {
    fn stage(&mut self, r: &StageRecord, _q: &MisereQuotient) {
        self.events.push(Event::Stage(r.clone()));
    }
    fn round(&mut self, heap: u64, round: usize, elements: usize) {
        self.events.push(Event::Round(heap, round, elements));
    }
    // The positions stored are not compared: a resumed round starts
    // with the outcomes stored before its save.
    fn learning(&mut self, heap: u64, round: usize, tests: usize, _positions: usize) {
        self.events.push(Event::Learn(heap, round, tests));
    }
    fn due(&mut self) -> bool {
        self.asked += 1;
        self.save && (self.asked - 1).is_multiple_of(self.every.max(1))
    }
    fn save(&mut self, state: &QuotientState) {
        self.saved.push((self.events.len(), state.clone()));
    }
}

const HEADER: &str = "version: test\ncode: 0.07\n--to: 30";

fn bytes_of(state: &QuotientState, header: &str) -> Vec<u8> {
    let mut v = Vec::new();
    state.save(header, &mut v).unwrap();
    v
}

/// A state's bytes (without its stored outcomes), its packed outcomes
/// and its long ones, sorted.
type Canonical = (Vec<u8>, Vec<u128>, Vec<(Vec<u32>, bool)>);

/// The bytes of a state, and when it is inside a learning stage its
/// stored outcomes sorted (the bytes list them in the order of a hash
/// set, which a state read back need not keep).
fn canonical(state: &QuotientState) -> Canonical {
    let mut bare = state.clone();
    let Some(l) = bare.learning.as_mut() else {
        return (bytes_of(state, HEADER), Vec::new(), Vec::new());
    };
    let mut packed: Vec<u128> = l.memo.packed().collect();
    packed.sort_unstable();
    let mut long: Vec<(Vec<u32>, bool)> = l.memo.long().map(|(k, v)| (k.to_vec(), v)).collect();
    long.sort_unstable();
    l.memo = Memo::default();
    (bytes_of(&bare, HEADER), packed, long)
}

/// Runs `code` to `n` saving at every boundary, then resumes from about
/// `picks` saved states spread over the run (through their bytes), the
/// last one always among them, and checks that the rest of the run is the
/// uninterrupted one's. Returns the number of boundaries and how many of
/// them were inside refinement stages.
fn resumes_exactly(code: &str, n: u64, budget: &QuotientBudget, picks: usize) -> (usize, usize) {
    resumes_exactly_saving(code, n, budget, picks, 1).0
}

/// [`resumes_exactly`] saving at every `every`-th boundary; also returns
/// how many saves were inside learning stages.
fn resumes_exactly_saving(
    code: &str,
    n: u64,
    budget: &QuotientBudget,
    picks: usize,
    every: usize,
) -> ((usize, usize), usize) {
    let code = OctalCode::parse(code).unwrap();
    let mut whole = Recorder {
        save: true,
        every,
        ..Recorder::default()
    };
    let mut run = QuotientRun::new(&code, n, budget).unwrap();
    let history = run.run(&mut whole).unwrap();
    let end = run.state().clone();
    let inside = whole
        .saved
        .iter()
        .filter(|(_, s)| s.refining.is_some())
        .count();
    let learning = whole
        .saved
        .iter()
        .filter(|(_, s)| s.learning.is_some())
        .count();
    let stride = whole.saved.len().div_ceil(picks.max(1)).max(1);
    let last = whole.saved.len().saturating_sub(1);
    for (i, (k, state)) in whole.saved.iter().enumerate() {
        if i % stride != 0 && i != last {
            continue;
        }
        let loaded = QuotientState::load(HEADER, &bytes_of(state, HEADER)[..]).unwrap();
        assert_eq!(canonical(&loaded), canonical(state));
        let mut rest = Recorder::default();
        let mut again = QuotientRun::resume(&code, n, budget, loaded).unwrap();
        let h = again.run(&mut rest).unwrap();
        // A round saved is heard again when the run takes it up.
        let from = k - usize::from(state.refining.is_some() || state.learning.is_some());
        assert_eq!(rest.events, whole.events[from..], "{code} from event {k}");
        assert_eq!(h.stages, history.stages);
        assert_eq!(h.found, history.found);
        assert_eq!(h.unchanged_since, history.unchanged_since);
        assert_eq!(h.quotient.to_json(), history.quotient.to_json());
        assert_eq!(again.state().steps, end.steps, "{code}: the steps");
        assert_eq!(again.state().records, end.records);
        assert_eq!(again.state().tests, end.tests);
    }
    ((whole.saved.len(), inside), learning)
}

#[test]
fn dawsons_kayles_resumes_exactly_from_stages_and_rounds() {
    let (boundaries, inside) = resumes_exactly("0.07", 30, &QuotientBudget::default(), 6);
    // Heaps 10, 25, 27 and 30 are refined over several rounds each.
    assert!(boundaries > 40 && inside > 20, "{boundaries} {inside}");
}

#[test]
fn learning_resumes_exactly_from_its_stages() {
    // Learning on every stage: its tests carry over from stage to stage.
    let learn = QuotientBudget {
        stages: Stages::Learn,
        ..QuotientBudget::default()
    };
    resumes_exactly("0.07", 14, &learn, 8);
    resumes_exactly("0.137", 12, &learn, 6);
}

#[test]
fn learning_resumes_exactly_from_inside_its_rounds() {
    // Saves at every 53rd boundary, most of them between two exact
    // searches of a learning round's hypothesis.
    let learn = QuotientBudget {
        stages: Stages::Learn,
        ..QuotientBudget::default()
    };
    let (_, learning) = resumes_exactly_saving("0.07", 14, &learn, 12, 53);
    assert!(learning > 20, "{learning}");
    let (_, learning) = resumes_exactly_saving("0.137", 12, &learn, 8, 31);
    assert!(learning > 10, "{learning}");
}

#[test]
fn learning_stopped_by_a_budget_resumes_to_the_same_quotient() {
    // Stopped in the middle of an exact search: the state keeps the
    // round's tests and every outcome found, and the run goes on to the
    // uninterrupted run's quotient.
    let code = OctalCode::parse("0.07").unwrap();
    let learn = QuotientBudget {
        stages: Stages::Learn,
        ..QuotientBudget::default()
    };
    let whole = QuotientHistory::compute(&code, 14, &learn).unwrap();
    let mut stopped_inside = 0;
    for limit in [3_000u64, 20_000, 77_777, 150_000] {
        let tight = QuotientBudget {
            max_steps: limit,
            ..learn.clone()
        };
        let mut run = QuotientRun::new(&code, 14, &tight).unwrap();
        let Err(MisereError::Steps { .. }) = run.run(&mut NoEvents) else {
            continue;
        };
        let state = run.state().clone();
        stopped_inside += usize::from(state.learning.is_some_and(|l| l.memo.len() > 0));
        let loaded = QuotientState::load(HEADER, &bytes_of(run.state(), HEADER)[..]).unwrap();
        let h = QuotientRun::resume(&code, 14, &learn, loaded)
            .unwrap()
            .run(&mut NoEvents)
            .unwrap();
        assert_eq!(h.stages, whole.stages, "stopped at {limit} steps");
        assert_eq!(h.quotient.to_json(), whole.quotient.to_json());
    }
    assert!(stopped_inside >= 2, "{stopped_inside}");
}

#[test]
fn other_codes_resume_exactly() {
    for code in ["0.137", "0.26", "0.4", "0.34", "0.15", "0.45"] {
        resumes_exactly(code, 24, &QuotientBudget::default(), 3);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random codes of two or three digits, every way of finding stages.
    #[test]
    fn random_codes_resume_exactly(
        digits in proptest::collection::vec(0u8..8, 2..=3),
        stages in 0..3usize,
    ) {
        let code = format!("0.{}", digits.iter().map(ToString::to_string).collect::<String>());
        let stages = [Stages::Extend, Stages::Refine, Stages::Learn][stages];
        let budget = QuotientBudget {
            stages,
            max_positions: 50_000,
            ..QuotientBudget::default()
        };
        // A code whose quotient passes a budget is skipped.
        let c = OctalCode::parse(&code).unwrap();
        if QuotientHistory::compute(&c, 10, &budget).is_ok() {
            resumes_exactly(&code, 10, &budget, 4);
        }
    }
}

fn saved_state() -> QuotientState {
    let code = OctalCode::parse("0.07").unwrap();
    let mut r = Recorder {
        save: true,
        ..Recorder::default()
    };
    QuotientRun::new(&code, 12, &QuotientBudget::default())
        .unwrap()
        .run(&mut r)
        .unwrap();
    r.saved
        .into_iter()
        .find(|(_, s)| s.refining.is_some())
        .unwrap()
        .1
}

#[test]
fn another_header_is_refused_naming_the_line() {
    let bytes = bytes_of(&saved_state(), HEADER);
    let other = "version: test\ncode: 0.137\n--to: 30";
    match QuotientState::load(other, &bytes[..]) {
        Err(CheckpointError::Mismatch {
            what,
            found,
            expected,
        }) => {
            assert_eq!((what.as_str(), found.as_str()), ("code", "0.07"));
            assert_eq!(expected, "0.137");
        }
        r => panic!("{r:?}"),
    }
    let longer = format!("{HEADER}\n--max-steps: 5");
    assert!(matches!(
        QuotientState::load(&longer, &bytes[..]),
        Err(CheckpointError::Mismatch { .. })
    ));
}

/// A state saved inside a learning stage, with outcomes stored.
fn learning_state() -> QuotientState {
    let code = OctalCode::parse("0.07").unwrap();
    let learn = QuotientBudget {
        stages: Stages::Learn,
        ..QuotientBudget::default()
    };
    let mut r = Recorder {
        save: true,
        every: 101,
        ..Recorder::default()
    };
    QuotientRun::new(&code, 9, &learn)
        .unwrap()
        .run(&mut r)
        .unwrap();
    r.saved
        .into_iter()
        .rev()
        .find(|(_, s)| s.learning.as_ref().is_some_and(|l| l.memo.len() > 20))
        .unwrap()
        .1
}

#[test]
fn every_damage_is_refused() {
    every_damage_of_is_refused(&saved_state());
    every_damage_of_is_refused(&learning_state());
}

fn every_damage_of_is_refused(state: &QuotientState) {
    let bytes = bytes_of(state, HEADER);
    assert!(QuotientState::load(HEADER, &bytes[..]).is_ok());
    let damaged = |b: &[u8]| {
        matches!(
            QuotientState::load(HEADER, b),
            Err(CheckpointError::Damaged(_))
        )
    };
    // Every cut, and a byte after the end.
    for len in (0..bytes.len()).step_by(7) {
        assert!(damaged(&bytes[..len]), "cut at {len}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(damaged(&longer));
    // Every single flipped bit in the state or the CRC (the header's
    // bytes are checked against the caller's first, as a mismatch).
    let header_end = 16 + 4 + 4 + 4 * HEADER.len();
    for i in (header_end..bytes.len()).step_by(5) {
        let mut b = bytes.clone();
        b[i] ^= 1 << (i % 8);
        assert!(damaged(&b), "bit flipped at byte {i}");
    }
    let mut b = bytes.clone();
    b[3] ^= 4;
    assert!(damaged(&b), "the magic");
}

#[test]
fn a_state_of_fewer_heaps_resumes_and_one_of_more_is_refused() {
    let state = saved_state();
    let code = OctalCode::parse("0.07").unwrap();
    let b = QuotientBudget::default();
    assert!(QuotientRun::resume(&code, 5, &b, state.clone()).is_err());
    let h = QuotientRun::resume(&code, 14, &b, state)
        .unwrap()
        .run(&mut NoEvents)
        .unwrap();
    let whole = QuotientHistory::compute(&code, 14, &b).unwrap();
    assert_eq!(h.stages, whole.stages);
    assert_eq!(h.quotient.to_json(), whole.quotient.to_json());
}

/// A refinement that gives up falls back to learning; the saves inside
/// that learning stage carry no refining candidate (a state is refining
/// or learning, never both), and are read back.
#[test]
fn learning_after_a_refinement_gives_up_is_saved_and_read_back() {
    let code = OctalCode::parse("0.07").unwrap();
    // Under 60 elements the refinement of heap 10's quotient gives up.
    let budget = QuotientBudget {
        max_elements: 60,
        max_positions: 20_000,
        ..QuotientBudget::default()
    };
    let mut r = Recorder {
        save: true,
        every: 1,
        ..Recorder::default()
    };
    let mut run = QuotientRun::new(&code, 30, &budget).unwrap();
    let end = run.run(&mut r);
    assert!(matches!(end, Err(MisereError::Budget { .. })), "{end:?}");
    let gave_up = r.saved.iter().filter(|(_, s)| s.learning.is_some());
    let mut inside = 0;
    for (_, state) in gave_up {
        inside += 1;
        assert!(state.refining.is_none());
        let loaded = QuotientState::load(HEADER, &bytes_of(state, HEADER)[..]).unwrap();
        assert_eq!(canonical(&loaded), canonical(state));
    }
    assert!(inside > 0);
    assert!(r.saved.iter().any(|(_, s)| s.refining.is_some()));
}

/// A checkpoint written by grundy before 2026-12-05 inside a learning
/// stage that followed a refinement also holds the refinement's last
/// candidate, which is never taken up again: it is read, without it.
#[test]
fn a_learning_save_beside_a_given_up_candidate_is_read_without_it() {
    let mut state = learning_state();
    let cand = state.automaton.clone();
    state.refining = Some((7, cand));
    let loaded = QuotientState::load(HEADER, &bytes_of(&state, HEADER)[..]).unwrap();
    assert!(loaded.refining.is_none() && loaded.learning.is_some());
}
