//! The byte-level pieces every checkpoint shares: a writer and a reader
//! that keep the CRC-32 of what passes through them, the tail that ends a
//! file (the CRC, then nothing), and the comparison of the `key: value`
//! header a resuming run must match.
//!
//! Numbers are little-endian. A list is its length (a `u32`, at most
//! [`MAX_LEN`]) and then its entries, so a damaged length ends in an error
//! once the file runs out, never in a huge allocation. The octal and the
//! quotient checkpoints lay their states out on top of these pieces
//! (`octal::checkpoint`, `misere::quotient::checkpoint`).

use std::io::{self, Read, Write};

/// The most entries of one list read back.
pub(crate) const MAX_LEN: u32 = 1 << 30;

/// Why bytes could not be read back: the reader failed, or the bytes are
/// not what a checkpoint holds (cut short, out of range, a CRC that does
/// not match). Each checkpoint turns it into its own error type.
#[derive(Debug)]
pub(crate) enum ReadFault {
    Io(io::Error),
    Damaged(String),
}

/// `From<ReadFault>` for a checkpoint's error type, whose `Io` and
/// `Damaged(String)` variants take the two faults.
macro_rules! from_read_fault {
    ($error:ident) => {
        impl From<ReadFault> for $error {
            fn from(f: ReadFault) -> Self {
                match f {
                    ReadFault::Io(e) => $error::Io(e),
                    ReadFault::Damaged(m) => $error::Damaged(m),
                }
            }
        }
    };
}
pub(crate) use from_read_fault;

pub(crate) fn damaged(what: &str) -> ReadFault {
    ReadFault::Damaged(what.to_string())
}

fn cut(e: io::Error) -> ReadFault {
    if e.kind() == io::ErrorKind::UnexpectedEof {
        damaged("the file ends too soon")
    } else {
        ReadFault::Io(e)
    }
}

/// A writer that keeps the CRC-32 of what went through it.
pub(crate) struct CrcWriter<W: Write> {
    inner: io::BufWriter<W>,
    crc: crc32fast::Hasher,
}

impl<W: Write> CrcWriter<W> {
    /// Writing to `inner` through a buffer of `capacity` bytes.
    pub(crate) fn new(inner: W, capacity: usize) -> Self {
        CrcWriter {
            inner: io::BufWriter::with_capacity(capacity, inner),
            crc: crc32fast::Hasher::new(),
        }
    }
    pub(crate) fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.crc.update(bytes);
        self.inner.write_all(bytes)
    }
    pub(crate) fn u8(&mut self, v: u8) -> io::Result<()> {
        self.put(&[v])
    }
    pub(crate) fn u32(&mut self, v: u32) -> io::Result<()> {
        self.put(&v.to_le_bytes())
    }
    pub(crate) fn u64(&mut self, v: u64) -> io::Result<()> {
        self.put(&v.to_le_bytes())
    }
    /// A list's length.
    pub(crate) fn len(&mut self, n: usize) -> io::Result<()> {
        let n = u32::try_from(n)
            .ok()
            .filter(|&n| n <= MAX_LEN)
            .ok_or_else(|| io::Error::other("a list too long for a checkpoint"))?;
        self.u32(n)
    }
    /// A text of at most `max` bytes, as its length and its UTF-8 bytes.
    pub(crate) fn text(&mut self, s: &str, max: u32) -> io::Result<()> {
        let len = u32::try_from(s.len())
            .ok()
            .filter(|&n| n <= max)
            .ok_or_else(|| io::Error::other("a checkpoint header longer than 64 KiB"))?;
        self.u32(len)?;
        self.put(s.as_bytes())
    }
    /// Ends the file: the CRC of everything written, then a flush.
    pub(crate) fn finish(mut self) -> io::Result<()> {
        let crc = self.crc.clone().finalize();
        self.inner.write_all(&crc.to_le_bytes())?;
        self.inner.flush()
    }
}

/// A reader that keeps the CRC-32 of what went through it.
pub(crate) struct CrcReader<R: Read> {
    inner: io::BufReader<R>,
    crc: crc32fast::Hasher,
}

impl<R: Read> CrcReader<R> {
    /// Reading from `inner` through a buffer of `capacity` bytes.
    pub(crate) fn new(inner: R, capacity: usize) -> Self {
        CrcReader {
            inner: io::BufReader::with_capacity(capacity, inner),
            crc: crc32fast::Hasher::new(),
        }
    }
    pub(crate) fn get(&mut self, buf: &mut [u8]) -> Result<(), ReadFault> {
        self.inner.read_exact(buf).map_err(cut)?;
        self.crc.update(buf);
        Ok(())
    }
    pub(crate) fn u8(&mut self) -> Result<u8, ReadFault> {
        let mut b = [0u8; 1];
        self.get(&mut b)?;
        Ok(b[0])
    }
    /// A byte that must be 0 or 1.
    pub(crate) fn flag(&mut self) -> Result<bool, ReadFault> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(damaged("a flag is neither 0 nor 1")),
        }
    }
    pub(crate) fn u32(&mut self) -> Result<u32, ReadFault> {
        let mut b = [0u8; 4];
        self.get(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }
    pub(crate) fn u64(&mut self) -> Result<u64, ReadFault> {
        let mut b = [0u8; 8];
        self.get(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }
    /// A list's length, at most [`MAX_LEN`].
    pub(crate) fn len(&mut self) -> Result<usize, ReadFault> {
        match self.u32()? {
            n if n <= MAX_LEN => Ok(n as usize),
            _ => Err(damaged("a list longer than any checkpoint holds")),
        }
    }
    /// A text written by [`CrcWriter::text`] with the same `max`.
    pub(crate) fn text(&mut self, max: u32) -> Result<String, ReadFault> {
        let len = self.u32()?;
        if len > max {
            return Err(damaged("a header longer than 64 KiB"));
        }
        let mut b = vec![0u8; len as usize];
        self.get(&mut b)?;
        String::from_utf8(b).map_err(|_| damaged("a header that is not UTF-8"))
    }
    /// Ends the file: the CRC of everything read so far must follow, and
    /// nothing after it.
    pub(crate) fn finish(mut self) -> Result<(), ReadFault> {
        let crc = self.crc.clone().finalize();
        let mut tail = [0u8; 4];
        self.inner.read_exact(&mut tail).map_err(cut)?;
        if u32::from_le_bytes(tail) != crc {
            return Err(damaged("its CRC-32 does not match its bytes"));
        }
        let mut more = [0u8; 1];
        if self.inner.read(&mut more).map_err(ReadFault::Io)? != 0 {
            return Err(damaged("bytes follow its end"));
        }
        Ok(())
    }
}

/// The first line where a checkpoint's header (`found`) and the
/// resuming run's (`expected`) differ, as (the line's key, the
/// checkpoint's value, the run's value); `None` when they agree. A line
/// without `: ` is keyed `header`; a missing line's value is `nothing`.
pub(crate) fn header_difference(found: &str, expected: &str) -> Option<(String, String, String)> {
    let split = |l: Option<&str>| -> (String, String) {
        match l {
            None => (String::new(), "nothing".to_string()),
            Some(l) => match l.split_once(": ") {
                Some((k, v)) => (k.to_string(), v.to_string()),
                None => ("header".to_string(), l.to_string()),
            },
        }
    };
    let (mut f, mut e) = (found.lines(), expected.lines());
    loop {
        match (f.next(), e.next()) {
            (None, None) => return None,
            (a, b) if a == b => {}
            (a, b) => {
                let ((ka, va), (kb, vb)) = (split(a), split(b));
                let what = if kb.is_empty() { ka } else { kb };
                return Some((what, va, vb));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(f: impl FnOnce(&mut CrcWriter<&mut Vec<u8>>) -> io::Result<()>) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut w = CrcWriter::new(&mut bytes, 64);
        f(&mut w).expect("write");
        w.finish().expect("finish");
        bytes
    }

    #[test]
    fn what_is_written_reads_back_and_the_tail_is_checked() {
        let bytes = written(|w| {
            w.u8(1)?;
            w.u32(7)?;
            w.u64(u64::MAX - 3)?;
            w.len(2)?;
            w.text("code: 0.07", 1 << 16)
        });
        let read = |bytes: &[u8]| -> Result<(bool, u32, u64, usize, String), ReadFault> {
            let mut r = CrcReader::new(bytes, 16);
            let v = (r.flag()?, r.u32()?, r.u64()?, r.len()?, r.text(1 << 16)?);
            r.finish()?;
            Ok(v)
        };
        let v = read(&bytes).expect("reads back");
        assert_eq!(v, (true, 7, u64::MAX - 3, 2, "code: 0.07".to_string()));
        for at in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(read(&bad).is_err(), "a flip at byte {at} passed");
            assert!(read(&bytes[..at]).is_err(), "a cut at byte {at} passed");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(read(&longer), Err(ReadFault::Damaged(m)) if m == "bytes follow its end"));
    }

    #[test]
    fn a_header_difference_names_its_line() {
        let run = "version: grundy 1\ncode: 0.07\n--to: 36";
        assert_eq!(header_difference(run, run), None);
        let d = header_difference("version: grundy 1\ncode: 0.07\n--to: 30", run);
        assert_eq!(d, Some(("--to".into(), "30".into(), "36".into())));
        let d = header_difference("version: grundy 1\ncode: 0.07", run);
        assert_eq!(d, Some(("--to".into(), "nothing".into(), "36".into())));
        let d = header_difference("odd line", run);
        assert_eq!(
            d,
            Some(("version".into(), "odd line".into(), "grundy 1".into()))
        );
    }
}
