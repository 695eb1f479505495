//! A nim-sequence's whole state as bytes, to stop a long run and go on
//! later: [`NimSequence::save_state`] and [`NimSequence::load_state`].
//!
//! The state is everything later values, checks and reports depend on:
//! the values (in their stored width), the bit length, the step count,
//! the period checks of `solve` (the last result and when the next is
//! due), and for the rare/common engine its mask, heap-parity bit, γ,
//! histogram and when the mask is next chosen. The rare list is not
//! written: it is `{a ≥ 1 : a rare under the mask}` in ascending order,
//! rebuilt on loading and checked against the count written. A sequence
//! loaded from the bytes of another computes exactly what the other
//! would have: the same values, the same mask choices at the same heaps,
//! the same period checks (tested by stopping and loading at random
//! lengths, `tests/octal_long_runs.rs`).
//!
//! The bytes: a magic line, a format number, the caller's header (lines
//! of `key: value` naming what must agree: the program's version, its
//! options), the code, the state, and a CRC-32 of everything before it.
//! Loading refuses, with a [`CheckpointError`], another magic or format,
//! a header or code that differs from the caller's (saying which line),
//! a file cut short or with bytes after the end, a CRC that does not
//! match, and a state that contradicts itself; it reads values only up to
//! the caller's byte limit. Three-heap codes (`Engine::PairSets`, whose
//! sets are a window rebuilt heap by heap) are not saved.

use std::io::{self, Read, Write};

use super::code::OctalCode;
use super::engine::{Engine, NimSequence};
use super::marks::bit_len;
use super::period::{Period, PeriodStatus};
use super::sparse::Sparse;
use super::values::Store;
use crate::checkpoint_io::{CrcReader, CrcWriter, ReadFault, from_read_fault, header_difference};

/// The first bytes of every checkpoint.
const MAGIC: &[u8; 16] = b"grundy-octal-ck\n";
/// The layout of the bytes after the magic; a new layout takes a new number.
const FORMAT: u32 = 1;
/// The longest header or code text read back.
const MAX_TEXT: u32 = 1 << 16;

/// Why a checkpoint was not saved or not loaded.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// Not a checkpoint of this program, or of another format.
    #[error("{0}")]
    NotACheckpoint(String),
    /// A checkpoint of another code, version or option set.
    #[error("the checkpoint is of {what} {found}, this run of {what} {expected}")]
    Mismatch {
        /// What differs (`code`, or a header key such as `version`).
        what: String,
        /// In the checkpoint.
        found: String,
        /// In this run.
        expected: String,
    },
    /// Cut short, damaged or inconsistent.
    #[error("the checkpoint is damaged: {0}")]
    Damaged(String),
    /// The values would take more than the caller's limit.
    #[error(
        "the checkpoint holds {values} values ({bytes} bytes), more than the limit of {limit} bytes"
    )]
    TooLarge {
        /// Values in the checkpoint.
        values: u64,
        /// Bytes they take.
        bytes: u64,
        /// The caller's limit.
        limit: usize,
    },
    /// The engine's state cannot be saved.
    #[error("the three-heap engine (pair sets) of {0} cannot be checkpointed")]
    Unsupported(String),
}

impl CheckpointError {
    /// A stable name for the failure, for a front end that tells its
    /// errors apart by code.
    pub fn code(&self) -> &'static str {
        match self {
            CheckpointError::Io(_) => "grundy_theory::octal::checkpoint_io",
            CheckpointError::NotACheckpoint(_) | CheckpointError::Damaged(_) => {
                "grundy_theory::octal::checkpoint_damaged"
            }
            CheckpointError::Mismatch { .. } => "grundy_theory::octal::checkpoint_mismatch",
            CheckpointError::TooLarge { .. } => "grundy_theory::octal::checkpoint_too_large",
            CheckpointError::Unsupported(_) => "grundy_theory::octal::checkpoint_unsupported",
        }
    }

    /// What the caller can do about the failure, in a sentence.
    pub fn help(&self) -> &'static str {
        match self {
            CheckpointError::Io(_) => "check the path, the disk and the permissions",
            CheckpointError::NotACheckpoint(_) | CheckpointError::Damaged(_) => {
                "a checkpoint is only ever replaced whole; this file was not written by `--checkpoint` or was changed since: resume from another copy, or start again without --resume"
            }
            CheckpointError::Mismatch { .. } => {
                "resume with the same code, version and options as the run that wrote the checkpoint, or start again without --resume"
            }
            CheckpointError::TooLarge { .. } => {
                "raise --max-memory to hold the checkpoint's values"
            }
            CheckpointError::Unsupported(_) => {
                "leave out --checkpoint and --resume for codes with three-heap splits (hex digits 8-f)"
            }
        }
    }
}

from_read_fault!(CheckpointError);

fn damaged(what: &str) -> CheckpointError {
    CheckpointError::Damaged(what.to_string())
}

fn write_period<W: Write>(w: &mut CrcWriter<W>, p: &Period) -> io::Result<()> {
    w.u64(p.preperiod as u64)?;
    w.u64(p.period as u64)?;
    w.u8(u8::from(p.proved))?;
    w.u64(p.values_used as u64)
}

fn write_status<W: Write>(w: &mut CrcWriter<W>, s: &PeriodStatus) -> io::Result<()> {
    match s {
        PeriodStatus::Unknown => w.u8(0),
        PeriodStatus::Apparent(p) => w.u8(1).and_then(|()| write_period(w, p)),
        PeriodStatus::Proved(p) => w.u8(2).and_then(|()| write_period(w, p)),
    }
}

fn read_usize<R: Read>(r: &mut CrcReader<R>) -> Result<usize, CheckpointError> {
    usize::try_from(r.u64()?).map_err(|_| damaged("a count too large for this machine"))
}

fn read_period<R: Read>(r: &mut CrcReader<R>) -> Result<Period, CheckpointError> {
    Ok(Period {
        preperiod: read_usize(r)?,
        period: read_usize(r)?,
        proved: r.flag()?,
        values_used: read_usize(r)?,
    })
}

fn read_status<R: Read>(r: &mut CrcReader<R>) -> Result<PeriodStatus, CheckpointError> {
    Ok(match r.u8()? {
        0 => PeriodStatus::Unknown,
        1 => PeriodStatus::Apparent(read_period(r)?),
        2 => PeriodStatus::Proved(read_period(r)?),
        _ => return Err(damaged("an unknown period status")),
    })
}

/// Values are read and written this many at a time.
const CHUNK: usize = 1 << 16;

impl NimSequence {
    /// Writes the sequence's state to `w` after `header` (lines of
    /// `key: value`, which [`NimSequence::load_state`] compares line by
    /// line). `Engine::PairSets` is refused.
    pub fn save_state(&self, header: &str, w: impl Write) -> Result<(), CheckpointError> {
        let engine: u8 = match self.engine {
            Engine::Plain => 0,
            Engine::Sparse => 1,
            Engine::PairSets => return Err(CheckpointError::Unsupported(self.code.to_string())),
        };
        let mut w = CrcWriter::new(w, 1 << 20);
        w.put(MAGIC)?;
        w.u32(FORMAT)?;
        w.text(header, MAX_TEXT)?;
        w.text(&self.code.to_string(), MAX_TEXT)?;
        w.u8(engine)?;
        w.u32(self.bits)?;
        w.u64(self.steps)?;
        w.u64(self.check_at as u64)?;
        match &self.proved {
            None => w.u8(0)?,
            Some(p) => w.u8(1).and_then(|()| write_period(&mut w, p))?,
        }
        match &self.last_check {
            None => w.u8(0)?,
            Some((at, st)) => {
                w.u8(1)?;
                w.u64(*at as u64)?;
                write_status(&mut w, st)?;
            }
        }
        write_values(&mut w, &self.values)?;
        if let Some(sp) = &self.sparse {
            write_sparse(&mut w, sp)?;
        }
        w.finish()?;
        Ok(())
    }

    /// The sequence [`NimSequence::save_state`] wrote to `r`, if its header
    /// is `header` (else the first line that differs, as a
    /// [`CheckpointError::Mismatch`]), its code `code` and its engine the
    /// one `NimSequence::new(code, engine)` chooses; its values may take
    /// at most `max_bytes`.
    pub fn load_state(
        r: impl Read,
        header: &str,
        code: &OctalCode,
        engine: Engine,
        max_bytes: usize,
    ) -> Result<NimSequence, CheckpointError> {
        let mut r = CrcReader::new(r, 1 << 20);
        let mut magic = [0u8; 16];
        r.get(&mut magic).map_err(|_| not_ours())?;
        if &magic != MAGIC {
            return Err(not_ours());
        }
        let format = r.u32()?;
        if format != FORMAT {
            return Err(CheckpointError::NotACheckpoint(format!(
                "the checkpoint's format is {format}, this version reads format {FORMAT}"
            )));
        }
        if let Some((what, found, expected)) = header_difference(&r.text(MAX_TEXT)?, header) {
            return Err(CheckpointError::Mismatch {
                what,
                found,
                expected,
            });
        }
        let found = r.text(MAX_TEXT)?;
        if found != code.to_string() {
            return Err(CheckpointError::Mismatch {
                what: "code".into(),
                found,
                expected: code.to_string(),
            });
        }
        let mut seq = NimSequence::new(code.clone(), engine);
        let want = match seq.engine {
            Engine::Plain => 0,
            Engine::Sparse => 1,
            Engine::PairSets => return Err(CheckpointError::Unsupported(code.to_string())),
        };
        read_state(&mut r, &mut seq, want, max_bytes)?;
        r.finish()?;
        Ok(seq)
    }
}

fn not_ours() -> CheckpointError {
    CheckpointError::NotACheckpoint("the file is not a checkpoint of `grundy octal`".into())
}

fn write_values<W: Write>(w: &mut CrcWriter<W>, values: &Store) -> io::Result<()> {
    let (width, len) = match values {
        Store::U8(v) => (1u8, v.len()),
        Store::U16(v) => (2, v.len()),
        Store::U32(v) => (4, v.len()),
    };
    w.u8(width)?;
    w.u64(len as u64)?;
    match values {
        Store::U8(v) => w.put(v),
        Store::U16(v) => v.chunks(CHUNK).try_for_each(|c| {
            let b: Vec<u8> = c.iter().flat_map(|x| x.to_le_bytes()).collect();
            w.put(&b)
        }),
        Store::U32(v) => v.chunks(CHUNK).try_for_each(|c| {
            let b: Vec<u8> = c.iter().flat_map(|x| x.to_le_bytes()).collect();
            w.put(&b)
        }),
    }
}

fn write_sparse<W: Write>(w: &mut CrcWriter<W>, sp: &Sparse) -> io::Result<()> {
    w.u32(sp.mask)?;
    w.u8(u8::from(sp.pos))?;
    w.u32(sp.gamma)?;
    w.u8(u8::from(sp.frozen))?;
    w.u64(sp.next_check as u64)?;
    w.u64(sp.rare_at_check as u64)?;
    w.u64(sp.work.0)?;
    w.u64(sp.work.1)?;
    w.u64(sp.hist_total)?;
    w.u64(sp.hist.len() as u64)?;
    for c in sp.hist.chunks(CHUNK) {
        let b: Vec<u8> = c.iter().flat_map(|x| x.to_le_bytes()).collect();
        w.put(&b)?;
    }
    w.u64(sp.rare.len() as u64)
}

/// Reads the state after the code into `seq` (just made by
/// `NimSequence::new`), checking that it holds together.
fn read_state<R: Read>(
    r: &mut CrcReader<R>,
    seq: &mut NimSequence,
    engine: u8,
    max_bytes: usize,
) -> Result<(), CheckpointError> {
    if r.u8()? != engine {
        return Err(damaged(
            "its engine is not the one this code and --engine give",
        ));
    }
    seq.bits = r.u32()?;
    if seq.bits > 32 {
        return Err(damaged("values of more than 32 bits"));
    }
    seq.steps = r.u64()?;
    seq.check_at = read_usize(r)?;
    seq.proved = if r.flag()? {
        Some(read_period(r)?)
    } else {
        None
    };
    seq.last_check = if r.flag()? {
        Some((read_usize(r)?, read_status(r)?))
    } else {
        None
    };
    seq.values = read_values(r, max_bytes)?;
    let most = seq.values.view().iter().max().unwrap_or(0);
    if bit_len(most) > seq.bits {
        return Err(damaged("a value wider than the bit length written"));
    }
    if let Some(sp) = seq.sparse.as_mut() {
        read_sparse(r, sp, &seq.values)?;
    }
    Ok(())
}

fn read_values<R: Read>(r: &mut CrcReader<R>, max_bytes: usize) -> Result<Store, CheckpointError> {
    let width = r.u8()?;
    let len = r.u64()?;
    if !matches!(width, 1 | 2 | 4) {
        return Err(damaged("values of an unknown width"));
    }
    let bytes = len.saturating_mul(u64::from(width));
    if bytes > max_bytes as u64 {
        return Err(CheckpointError::TooLarge {
            values: len,
            bytes,
            limit: max_bytes,
        });
    }
    let len = usize::try_from(len).map_err(|_| damaged("too many values"))?;
    let mut buf = vec![0u8; CHUNK * usize::from(width)];
    fn fill<T, R: Read>(
        r: &mut CrcReader<R>,
        len: usize,
        buf: &mut [u8],
        width: usize,
        of: impl Fn(&[u8]) -> T,
    ) -> Result<Vec<T>, CheckpointError> {
        let mut v = Vec::new();
        v.try_reserve_exact(len)
            .map_err(|_| CheckpointError::Io(io::Error::other("out of memory for the values")))?;
        while v.len() < len {
            let n = (len - v.len()).min(CHUNK);
            let b = &mut buf[..n * width];
            r.get(b)?;
            v.extend(b.chunks_exact(width).map(&of));
        }
        Ok(v)
    }
    Ok(match width {
        1 => Store::U8(fill(r, len, &mut buf, 1, |b| b[0])?),
        2 => Store::U16(fill(r, len, &mut buf, 2, |b| {
            u16::from_le_bytes([b[0], b[1]])
        })?),
        _ => Store::U32(fill(r, len, &mut buf, 4, |b| {
            u32::from_le_bytes([b[0], b[1], b[2], b[3]])
        })?),
    })
}

fn read_sparse<R: Read>(
    r: &mut CrcReader<R>,
    sp: &mut Sparse,
    values: &Store,
) -> Result<(), CheckpointError> {
    sp.mask = r.u32()?;
    sp.pos = r.flag()?;
    sp.gamma = r.u32()?;
    sp.frozen = r.flag()?;
    sp.next_check = read_usize(r)?;
    sp.rare_at_check = read_usize(r)?;
    sp.work = (r.u64()?, r.u64()?);
    sp.hist_total = r.u64()?;
    let hist_len = r.u64()?;
    // The histogram covers values of at most 16 bits (`HIST_MAX_BITS`).
    let gamma = sp.gamma_for(sp.pos);
    if hist_len > 1 << 17 || sp.gamma != gamma || (sp.pos && sp.split_parity.is_none()) {
        return Err(damaged("its rare/common state is impossible"));
    }
    sp.hist = (0..hist_len).map(|_| r.u32()).collect::<Result<_, _>>()?;
    let rare_len = r.u64()?;
    match values {
        Store::U8(v) => sp.rebuild_rare(v),
        Store::U16(v) => sp.rebuild_rare(v),
        Store::U32(v) => sp.rebuild_rare(v),
    }
    if sp.rare.len() as u64 != rare_len {
        return Err(damaged("its rare heaps do not match its values and mask"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const HEADER: &str = "version: test\noptions: none";

    fn saved(seq: &NimSequence) -> Vec<u8> {
        let mut b = Vec::new();
        seq.save_state(HEADER, &mut b).expect("save");
        b
    }

    fn load(
        bytes: &[u8],
        code: &OctalCode,
        engine: Engine,
    ) -> Result<NimSequence, CheckpointError> {
        NimSequence::load_state(bytes, HEADER, code, engine, usize::MAX)
    }

    /// Everything a sequence holds, as text: two sequences that print the
    /// same compute the same from here on.
    fn state(seq: &NimSequence) -> String {
        format!("{seq:?}")
    }

    fn code_of(d0: bool, digits: &[u8]) -> OctalCode {
        let text = format!(
            "{}.{}",
            if d0 { "4" } else { "0" },
            digits
                .iter()
                .map(|d| char::from(b'0' + d))
                .collect::<String>()
        );
        OctalCode::parse(&text).expect("an octal code")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Stopped at `stop`, saved, loaded and taken on to `end`, a
        /// sequence is the one computed to `end` in one go: the same
        /// values, mask, rare list, work, steps and period checks.
        #[test]
        fn a_loaded_sequence_goes_on_as_the_uninterrupted_one(
            d0 in any::<bool>(),
            digits in proptest::collection::vec(0u8..8, 1..5),
            plain in any::<bool>(),
            stop in 0usize..2500,
            more in 0usize..2500,
            solve in any::<bool>(),
        ) {
            let code = code_of(d0, &digits);
            let engine = if plain { Engine::Plain } else { Engine::Sparse };
            let end = stop + more;
            let run = |seq: &mut NimSequence, to: usize| {
                if solve { seq.solve(to, |_| {}); } else { seq.extend_to(to); }
            };
            let mut whole = NimSequence::new(code.clone(), engine);
            run(&mut whole, end);
            let mut first = NimSequence::new(code.clone(), engine);
            run(&mut first, stop);
            let bytes = saved(&first);
            let mut resumed = load(&bytes, &code, engine).expect("load");
            prop_assert_eq!(state(&resumed), state(&first));
            run(&mut resumed, end);
            prop_assert_eq!(state(&resumed), state(&whole));
            prop_assert_eq!(resumed.period(), whole.period());
        }

        /// Any byte changed, or the file cut anywhere, is refused with an
        /// error, never a panic or a wrong sequence.
        #[test]
        fn a_damaged_checkpoint_is_refused(at in any::<prop::sample::Index>(), flip in 1u8..=255, cut in any::<bool>()) {
            let code = OctalCode::parse("0.6").expect("code");
            let mut seq = NimSequence::new(code.clone(), Engine::Sparse);
            seq.extend_to(3000);
            let mut bytes = saved(&seq);
            let i = at.index(bytes.len());
            if cut { bytes.truncate(i); } else { bytes[i] ^= flip; }
            prop_assert!(load(&bytes, &code, Engine::Sparse).is_err());
        }
    }

    #[test]
    fn another_code_version_or_engine_is_refused() {
        let code = OctalCode::parse("0.77").expect("code");
        let mut seq = NimSequence::new(code.clone(), Engine::Sparse);
        seq.extend_to(500);
        let bytes = saved(&seq);
        let other = OctalCode::parse("0.07").expect("code");
        let e = load(&bytes, &other, Engine::Sparse).expect_err("refused");
        assert_eq!(e.code(), "grundy_theory::octal::checkpoint_mismatch");
        assert_eq!(
            e.to_string(),
            "the checkpoint is of code 0.77, this run of code 0.07"
        );
        let e = NimSequence::load_state(
            &bytes[..],
            "version: other\noptions: none",
            &code,
            Engine::Sparse,
            usize::MAX,
        )
        .expect_err("refused");
        assert_eq!(
            e.to_string(),
            "the checkpoint is of version test, this run of version other"
        );
        let e = load(&bytes, &code, Engine::Plain).expect_err("refused");
        assert_eq!(e.code(), "grundy_theory::octal::checkpoint_damaged");
        let e = NimSequence::load_state(&bytes[..], HEADER, &code, Engine::Sparse, 100)
            .expect_err("refused");
        assert_eq!(e.code(), "grundy_theory::octal::checkpoint_too_large");
        let e = load(b"not a checkpoint at all", &code, Engine::Sparse).expect_err("refused");
        assert_eq!(e.code(), "grundy_theory::octal::checkpoint_damaged");
    }

    #[test]
    fn three_heap_codes_are_not_saved() {
        let code = OctalCode::parse("0.f").expect("code");
        let seq = NimSequence::new(code, Engine::Sparse);
        let e = seq.save_state(HEADER, Vec::new()).expect_err("refused");
        assert_eq!(e.code(), "grundy_theory::octal::checkpoint_unsupported");
    }

    #[test]
    fn wide_values_round_trip() {
        // The u16 and u32 stores: values set by hand (the bytes do not
        // care how they were computed).
        let code = OctalCode::parse("0.7").expect("code");
        let mut seq = NimSequence::new(code.clone(), Engine::Plain);
        for (values, bits) in [(vec![0, 300, 7], 9), (vec![0, 70_000, 1, 2], 17)] {
            let mut s = Store::new();
            values.iter().for_each(|&v| s.push(v));
            seq.values = s;
            seq.bits = bits;
            let back = load(&saved(&seq), &code, Engine::Plain).expect("load");
            assert_eq!(state(&back), state(&seq));
            assert_eq!(back.values().to_vec(), values);
            // A bit length too small for the values is refused.
            seq.bits = bits - 1;
            assert!(load(&saved(&seq), &code, Engine::Plain).is_err());
        }
    }
}
