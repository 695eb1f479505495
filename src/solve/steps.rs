//! What interning a position costs in steps of `--max-steps`, beside the
//! loop turn that asked for it (docs/PERFORMANCE.md, "What a step
//! costs").

use crate::model::Value;

/// Steps of `--max-steps` one lookup of a position in the state graph
/// costs (`intern_ints`, `intern_list`, `intern`), besides the loop turn
/// that made it: a lookup in a hash map of millions of positions takes
/// 60–120 ns, about sixteen turns of the interpreter's lightest loops
/// (docs/PERFORMANCE.md, "What a step costs").
pub(super) const INTERN_STEPS: u64 = 16;

/// Steps a new position costs besides its lookup: its arguments copied,
/// its entries in the interning maps and the graph's arrays, 1–2 µs
/// (each position is new once, so the position budget bounds these).
pub(super) const NEW_POSITION_STEPS: u64 = 256;

/// Steps a position's argument costs per element of a list, tuple or set
/// (hashed and compared at each lookup), on top of `INTERN_STEPS`.
pub(super) const ELEMENT_STEPS: usize = 4;

/// The elements of a collection argument, one level down (1 for a scalar).
pub(super) fn shallow_elements(v: &Value) -> usize {
    match v {
        Value::Tuple(xs) | Value::List(xs) => xs.len(),
        Value::Set(xs) => xs.len(),
        Value::Pos(cs) => cs.len(),
        _ => 1,
    }
}
