//! A quotient computation's state as bytes: [`QuotientState::save`] and
//! [`QuotientState::load`], for `grundy quotient --checkpoint` and
//! `--resume`.
//!
//! The bytes: a magic line, a format number, the caller's header (lines of
//! `key: value` naming what must agree: the program's version, the code,
//! `--to` and the budgets that change the answer), the state (step count,
//! stage records, the last stage's automaton, the learner's tests, the
//! last profile search, inside a refinement stage its round and
//! candidate, and inside a learning stage its round, tests and stored
//! exact outcomes), and a CRC-32 of everything before it. Loading refuses,
//! with a [`CheckpointError`], another magic or format, a header that
//! differs from the caller's (saying which line), a file cut short or with
//! bytes after the end, a CRC that does not match, and a state that
//! contradicts itself (a transition out of range, a row of the wrong
//! length, stage records that do not count up from heap 0, a last record
//! that is not the automaton's quotient).

use std::io::{self, Read, Write};

use super::long_run::{Learning, QuotientState, StageRecord};
use super::{Automaton, Found, Memo, VerifiedProfiles, present};
use crate::checkpoint_io::{CrcReader, CrcWriter, ReadFault, from_read_fault, header_difference};

/// The first bytes of every checkpoint.
const MAGIC: &[u8; 16] = b"grundy-quotient\n";
/// The layout of the bytes after the magic; a new layout takes a new number.
const FORMAT: u32 = 2;
/// The longest header read back.
const MAX_TEXT: u32 = 1 << 16;

/// Why a quotient checkpoint was not saved or not loaded.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// Cut short, damaged, inconsistent, or not a quotient checkpoint.
    #[error("the checkpoint is damaged: {0}")]
    Damaged(String),
    /// A checkpoint of another code, version or option set.
    #[error("the checkpoint is of {what} {found}, this run of {what} {expected}")]
    Mismatch {
        /// The header key that differs (`code`, `version`, `--to`, …).
        what: String,
        /// In the checkpoint.
        found: String,
        /// In this run.
        expected: String,
    },
}

impl CheckpointError {
    /// What the caller can do about the failure, in a sentence.
    pub fn help(&self) -> &'static str {
        match self {
            CheckpointError::Io(_) => "check the path, the disk and the permissions",
            CheckpointError::Damaged(_) => {
                "a checkpoint is only ever replaced whole; this file was not written by `grundy quotient --checkpoint` or was changed since: resume from another copy, or start again without --resume"
            }
            CheckpointError::Mismatch { .. } => {
                "resume with the same code, version and options as the run that wrote the checkpoint, or start again without --resume"
            }
        }
    }
}

from_read_fault!(CheckpointError);

fn damaged(what: &str) -> CheckpointError {
    CheckpointError::Damaged(what.to_string())
}

fn write_words<W: Write>(out: &mut CrcWriter<W>, v: &[u32]) -> io::Result<()> {
    out.len(v.len())?;
    let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    out.put(&bytes)
}

fn write_rows<W: Write>(out: &mut CrcWriter<W>, rows: &[Vec<u32>]) -> io::Result<()> {
    out.len(rows.len())?;
    rows.iter().try_for_each(|r| write_words(out, r))
}

fn write_flags<W: Write>(out: &mut CrcWriter<W>, v: &[bool]) -> io::Result<()> {
    out.len(v.len())?;
    let bytes: Vec<u8> = v.iter().map(|&b| u8::from(b)).collect();
    out.put(&bytes)
}

fn write_automaton<W: Write>(out: &mut CrcWriter<W>, a: &Automaton) -> io::Result<()> {
    out.u32(a.letters)?;
    write_rows(out, &a.trans)?;
    write_flags(out, &a.p)?;
    write_rows(out, &a.reps)
}

fn read_words<R: Read>(inp: &mut CrcReader<R>) -> Result<Vec<u32>, ReadFault> {
    let n = inp.len()?;
    let mut v = Vec::with_capacity(n.min(1 << 16));
    for _ in 0..n {
        v.push(inp.u32()?);
    }
    Ok(v)
}

fn read_rows<R: Read>(inp: &mut CrcReader<R>) -> Result<Vec<Vec<u32>>, ReadFault> {
    let n = inp.len()?;
    let mut v = Vec::with_capacity(n.min(1 << 16));
    for _ in 0..n {
        v.push(read_words(inp)?);
    }
    Ok(v)
}

fn read_flags<R: Read>(inp: &mut CrcReader<R>) -> Result<Vec<bool>, ReadFault> {
    let n = inp.len()?;
    let mut v = Vec::with_capacity(n.min(1 << 16));
    for _ in 0..n {
        v.push(inp.flag()?);
    }
    Ok(v)
}

fn read_automaton<R: Read>(inp: &mut CrcReader<R>) -> Result<Automaton, CheckpointError> {
    let a = Automaton {
        letters: inp.u32()?,
        trans: read_rows(inp)?,
        p: read_flags(inp)?,
        reps: read_rows(inp)?,
    };
    check_automaton(&a)?;
    Ok(a)
}

/// Rows of `letters` transitions to states in range, one P flag and one
/// representative (of heaps 1..=letters) per state, the empty position
/// at state 0.
fn check_automaton(a: &Automaton) -> Result<(), CheckpointError> {
    let n = a.trans.len();
    let fine = n > 0
        && a.p.len() == n
        && a.reps.len() == n
        && a.reps[0].is_empty()
        && a.trans
            .iter()
            .all(|row| row.len() == a.letters as usize && row.iter().all(|&t| (t as usize) < n))
        && a.reps
            .iter()
            .all(|w| w.iter().all(|&h| h >= 1 && h <= a.letters));
    if fine {
        Ok(())
    } else {
        Err(damaged("an automaton contradicts itself"))
    }
}

fn found_byte(f: Found) -> u32 {
    match f {
        Found::Extended => 0,
        Found::Refined => 1,
        Found::Learned => 2,
    }
}

impl QuotientState {
    /// Writes the state after `header` (lines of `key: value` that a
    /// resuming run must match).
    pub fn save(&self, header: &str, w: impl Write) -> Result<(), CheckpointError> {
        let mut out = CrcWriter::new(w, 1 << 13);
        out.put(MAGIC)?;
        out.u32(FORMAT)?;
        if header.len() > MAX_TEXT as usize {
            return Err(io::Error::other("a checkpoint header longer than 64 KiB").into());
        }
        write_words(&mut out, &header.bytes().map(u32::from).collect::<Vec<_>>())?;
        out.u64(self.steps)?;
        out.len(self.records.len())?;
        for r in &self.records {
            out.u64(r.heap)?;
            out.u64(r.order as u64)?;
            out.u64(r.generators as u64)?;
            out.u64(r.p_portion as u64)?;
            out.u32(found_byte(r.found))?;
        }
        write_automaton(&mut out, &self.automaton)?;
        write_rows(&mut out, &self.tests)?;
        match &self.verified {
            None => out.u32(0)?,
            Some(v) => {
                out.u32(1)?;
                write_rows(&mut out, &v.trans)?;
                write_flags(&mut out, &v.p)?;
                out.len(v.keys.len())?;
                for (class, good) in &v.keys {
                    out.u32(*class)?;
                    out.len(good.len())?;
                    good.iter().try_for_each(|&g| out.u64(g))?;
                }
            }
        }
        match &self.refining {
            None => out.u32(0)?,
            Some((round, cand)) => {
                out.u32(1)?;
                out.len(*round)?;
                write_automaton(&mut out, cand)?;
            }
        }
        match &self.learning {
            None => out.u32(0)?,
            Some(l) => {
                out.u32(1)?;
                write_learning(&mut out, l)?;
            }
        }
        out.finish()?;
        Ok(())
    }

    /// Reads a state saved by [`QuotientState::save`] with the same
    /// `header`.
    pub fn load(header: &str, r: impl Read) -> Result<QuotientState, CheckpointError> {
        let mut inp = CrcReader::new(r, 1 << 13);
        let mut magic = [0u8; 16];
        inp.get(&mut magic)
            .map_err(|_| damaged("not a quotient checkpoint (it is too short)"))?;
        if &magic != MAGIC {
            return Err(damaged(
                "not a quotient checkpoint (its first line differs)",
            ));
        }
        let format = inp.u32()?;
        if format != FORMAT {
            return Err(damaged(&format!(
                "its format is {format}, this grundy reads format {FORMAT}"
            )));
        }
        let raw = read_words(&mut inp)?;
        if raw.len() > MAX_TEXT as usize {
            return Err(damaged("its header is too long"));
        }
        let bytes: Option<Vec<u8>> = raw.iter().map(|&b| u8::try_from(b).ok()).collect();
        let found = bytes
            .and_then(|b| String::from_utf8(b).ok())
            .ok_or_else(|| damaged("its header is not text"))?;
        if let Some((what, found, expected)) = header_difference(&found, header) {
            return Err(CheckpointError::Mismatch {
                what,
                found,
                expected,
            });
        }
        let state = read_state(&mut inp)?;
        inp.finish()?;
        check_state(&state)?;
        Ok(state)
    }
}

fn read_state<R: Read>(inp: &mut CrcReader<R>) -> Result<QuotientState, CheckpointError> {
    let steps = inp.u64()?;
    let n = inp.len()?;
    let mut records = Vec::with_capacity(n.min(1 << 16));
    for _ in 0..n {
        records.push(StageRecord {
            heap: inp.u64()?,
            order: inp.u64()? as usize,
            generators: inp.u64()? as usize,
            p_portion: inp.u64()? as usize,
            found: match inp.u32()? {
                0 => Found::Extended,
                1 => Found::Refined,
                2 => Found::Learned,
                _ => return Err(damaged("a stage found in no known way")),
            },
        });
    }
    let automaton = read_automaton(inp)?;
    let tests = read_rows(inp)?;
    let verified = match inp.u32()? {
        0 => None,
        1 => {
            let trans = read_rows(inp)?;
            let p = read_flags(inp)?;
            let k = inp.len()?;
            let mut keys = Vec::with_capacity(k.min(1 << 16));
            for _ in 0..k {
                let class = inp.u32()?;
                let words = inp.len()?;
                let mut good = Vec::with_capacity(words.min(1 << 16));
                for _ in 0..words {
                    good.push(inp.u64()?);
                }
                keys.push((class, good));
            }
            Some(VerifiedProfiles { trans, p, keys })
        }
        _ => return Err(damaged("a flag is neither 0 nor 1")),
    };
    let refining = match inp.u32()? {
        0 => None,
        1 => {
            let round = inp.len()?;
            Some((round, read_automaton(inp)?))
        }
        _ => return Err(damaged("a flag is neither 0 nor 1")),
    };
    let learning = match inp.u32()? {
        0 => None,
        1 => Some(read_learning(inp)?),
        _ => return Err(damaged("a flag is neither 0 nor 1")),
    };
    // Learning starts only when the refinement has given up, so a
    // refining candidate saved beside a learning stage is one that is
    // never taken up again: grundy before 2026-12-05 wrote the given-up
    // candidate into the saves inside learning. It is dropped here.
    let refining = if learning.is_some() { None } else { refining };
    Ok(QuotientState {
        records,
        automaton,
        tests,
        verified,
        steps,
        refining,
        learning,
    })
}

/// A learning stage's round, tests, and stored outcomes: the packed
/// positions (two `u64`, low half first), then the long ones (their heaps
/// and a flag).
fn write_learning<W: Write>(out: &mut CrcWriter<W>, l: &Learning) -> io::Result<()> {
    out.len(l.round)?;
    write_rows(out, &l.tests)?;
    out.u32(l.memo.bits())?;
    out.u64(l.memo.packed().count() as u64)?;
    let mut chunk: Vec<u8> = Vec::with_capacity(1 << 16);
    for k in l.memo.packed() {
        chunk.extend_from_slice(&k.to_le_bytes());
        if chunk.len() >= 1 << 16 {
            out.put(&chunk)?;
            chunk.clear();
        }
    }
    out.put(&chunk)?;
    out.u64(l.memo.long().count() as u64)?;
    for (pos, p) in l.memo.long() {
        write_words(out, pos)?;
        out.u8(u8::from(p))?;
    }
    Ok(())
}

fn read_learning<R: Read>(inp: &mut CrcReader<R>) -> Result<Learning, CheckpointError> {
    let round = inp.len()?;
    let tests = read_rows(inp)?;
    let bits = inp.u32()?;
    if !(1..=32).contains(&bits) {
        return Err(damaged("its stored outcomes are of no heap size"));
    }
    let mut memo = Memo::new(((1u64 << bits) - 1) as u32);
    for _ in 0..inp.u64()? {
        let (lo, hi) = (inp.u64()?, inp.u64()?);
        if !memo.insert_packed(u128::from(lo) | u128::from(hi) << 64) {
            return Err(damaged("a stored position is not a sorted position"));
        }
    }
    for _ in 0..inp.u64()? {
        let pos = read_words(inp)?;
        let p = inp.flag()?;
        if pos.is_empty() || pos.contains(&0) || !pos.is_sorted() {
            return Err(damaged("a stored position is not a sorted position"));
        }
        memo.insert(&pos, p);
    }
    Ok(Learning { round, tests, memo })
}

/// The records count up from heap 0, the automaton covers the last
/// record's heaps and has its order, a refining candidate covers one
/// heap more, a learning stage's tests and outcomes are of the next heap
/// (and it is not refining at once), and the last profile search is of a whole automaton.
fn check_state(s: &QuotientState) -> Result<(), CheckpointError> {
    let counted = !s.records.is_empty()
        && s.records
            .iter()
            .enumerate()
            .all(|(i, r)| r.heap == i as u64);
    if !counted {
        return Err(damaged("its stages do not count up from heap 0"));
    }
    let heap = s.heap();
    if u64::from(s.automaton.letters) != heap {
        return Err(damaged("its automaton is not of its last stage's heaps"));
    }
    if let Some((_, cand)) = &s.refining
        && u64::from(cand.letters) != heap + 1
    {
        return Err(damaged("its refining candidate is not of the next heap"));
    }
    if let Some(l) = &s.learning {
        let m = heap as u32 + 1;
        let fine = s.refining.is_none()
            && l.memo.bits() == Memo::new(m).bits()
            && l.tests.first().is_some_and(Vec::is_empty)
            && l.tests.iter().flatten().all(|&h| h >= 1 && h <= m);
        if !fine {
            return Err(damaged("its learning stage contradicts itself"));
        }
    }
    if let Some(v) = &s.verified {
        let n = v.trans.len();
        let fine = v.p.len() == n
            && v.trans.iter().all(|r| r.iter().all(|&t| (t as usize) < n))
            && v.keys
                .iter()
                .all(|(c, g)| (*c as usize) < n && g.len() == n.div_ceil(64));
        if !fine {
            return Err(damaged("its last profile search contradicts itself"));
        }
    }
    let last = &s.records[heap as usize];
    let q = present(&s.automaton, heap);
    if q.order() != last.order || q.generators().len() != last.generators {
        return Err(damaged("its last stage is not its automaton's quotient"));
    }
    Ok(())
}
