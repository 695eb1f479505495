//! The moves of an octal code as heap-size offsets, shared by the engines.

use super::code::OctalCode;

/// The moves of a code as heap-size offsets the engines can index with.
#[derive(Clone, Debug)]
pub(super) struct Moves {
    pub(super) take_all: Vec<usize>,
    pub(super) take: Vec<usize>,
    pub(super) split2: Vec<usize>,
    pub(super) split3: Vec<usize>,
}

impl Moves {
    pub(super) fn new(code: &OctalCode) -> Self {
        // A move removing more than any reachable heap never applies; dropping
        // it keeps `k + 2·a` and the like far from overflow.
        let conv = |v: &[u64]| -> Vec<usize> {
            v.iter()
                .filter_map(|&k| usize::try_from(k).ok())
                .filter(|&k| k <= usize::MAX / 8)
                .collect()
        };
        Moves {
            take_all: conv(code.take_all_moves()),
            take: conv(code.take_moves()),
            split2: conv(code.split2_moves()),
            split3: conv(code.split3_moves()),
        }
    }
}
