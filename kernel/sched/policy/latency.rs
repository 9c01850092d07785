// SPDX-License-Identifier: GPL-2.0

//! latency_nice on EEVDF: the request size (slice) a latency_nice value asks for.
//!
//! EEVDF serves an entity by virtual deadline, `vd_i = ve_i + r_i / w_i`: the weight `w_i`
//! (nice) sets how much CPU it gets, the request size `r_i` (the slice) how soon it is served
//! once eligible. latency_nice therefore maps onto the slice and leaves the weight alone, as in
//! Peter Zijlstra's "sched/fair: Implement latency-nice" (EEVDF RFC, 2023):
//!
//! ```text
//!   slice(ln) = base_slice * 1024 / sched_prio_to_weight[ln + 20]
//! ```
//!
//! so that each latency_nice step changes the request by the same ~1.25 ratio a nice step
//! changes the weight by, clamped to the bounds of a custom slice, [0.1 ms, 100 ms]
//! (`__setparam_fair()`), widened to include `base_slice` itself so that the mapping stays
//! monotonic whatever `base_slice` is. latency_nice 0 returns `base_slice` exactly.
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate). It
//! runs under `rq->lock`: saturating arithmetic, no indexing that can panic, no zero divisor.

/// Lowest (most latency-sensitive) latency_nice value.
pub const MIN_LATENCY_NICE: i32 = -20;
/// Highest (most latency-tolerant) latency_nice value.
pub const MAX_LATENCY_NICE: i32 = 19;
/// Number of latency_nice values.
pub const LATENCY_NICE_WIDTH: i32 = MAX_LATENCY_NICE - MIN_LATENCY_NICE + 1;

/// Shortest slice latency_nice can ask for: the lower bound of a custom slice, in ns.
pub const LATENCY_SLICE_MIN_NS: u64 = 100_000;
/// Longest slice latency_nice can ask for: the upper bound of a custom slice, in ns.
pub const LATENCY_SLICE_MAX_NS: u64 = 100_000_000;

/// `SCHED_FIXEDPOINT_SCALE`: the weight of nice 0.
const NICE_0_WEIGHT: u64 = 1024;

/// `sched_prio_to_weight[]` of kernel/sched/core.c (nice -20 ..= 19 to load weight, each step a
/// factor of ~1.25), which the caller passes in: the kernel its own table, the host tests the
/// same table compiled from C.
pub type PrioToWeight = [i32; 40];

/// The weight the scale of `latency_nice` maps to (out-of-range values are clamped).
fn latency_weight(latency_nice: i32, prio_to_weight: &PrioToWeight) -> u64 {
    let clamped = latency_nice.clamp(MIN_LATENCY_NICE, MAX_LATENCY_NICE);
    // `clamped - MIN_LATENCY_NICE` is in 0..40; `get` keeps any panic path out of the code,
    // and a weight that is not positive (never in the kernel's table) counts as nice 0.
    let idx = usize::try_from(clamped - MIN_LATENCY_NICE).unwrap_or(0);
    prio_to_weight
        .get(idx)
        .and_then(|w| u64::try_from(*w).ok())
        .filter(|w| *w != 0)
        .unwrap_or(NICE_0_WEIGHT)
}

/// The slice (request size, ns) of an entity with `latency_nice`, when the base slice is
/// `base_slice` ns.
///
/// ```text
///   latency_nice == 0:  base_slice
///   otherwise:          clamp(base_slice * 1024 / sched_prio_to_weight[latency_nice + 20],
///                             min(0.1 ms, base_slice), max(100 ms, base_slice))
/// ```
///
/// Non-decreasing in `latency_nice` (the table decreases); values outside [-20, 19] count as the
/// nearest bound.
pub fn latency_slice(base_slice: u64, latency_nice: i32, prio_to_weight: &PrioToWeight) -> u64 {
    if latency_nice == 0 {
        return base_slice;
    }
    // base_slice * 1024 / w without overflowing the product: with base_slice = q * w + r,
    // it is q * 1024 + r * 1024 / w exactly, and r * 1024 < w * 1024 fits easily. Only q * 1024
    // can overflow (w < 1024, ln > 0), where saturating keeps the result >= base_slice.
    // latency_weight() never returns 0.
    let w = latency_weight(latency_nice, prio_to_weight);
    let slice = (base_slice / w)
        .saturating_mul(NICE_0_WEIGHT)
        .saturating_add(base_slice % w * NICE_0_WEIGHT / w);
    let lo = LATENCY_SLICE_MIN_NS.min(base_slice);
    let hi = LATENCY_SLICE_MAX_NS.max(base_slice);
    slice.clamp(lo, hi)
}
