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
//! monotonic whatever `base_slice` is, and a positive value's to at most four base slices
//! ([`LATENCY_SLICE_MAX_BASE_SLICES`]). latency_nice 0 returns `base_slice` exactly.
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate). It
//! runs under `rq->lock`: saturating arithmetic, no indexing that can panic, no zero divisor.

/// Lowest (most latency-sensitive) latency_nice value.
pub const MIN_LATENCY_NICE: i32 = -20;
/// Highest (most latency-tolerant) latency_nice value.
pub const MAX_LATENCY_NICE: i32 = 19;
/// Number of latency_nice values.
pub const LATENCY_NICE_WIDTH: i32 = MAX_LATENCY_NICE - MIN_LATENCY_NICE + 1;

/// A latency_nice value: constructed clamped to [`MIN_LATENCY_NICE`, `MAX_LATENCY_NICE`], so
/// that every policy function gets a value in range and its table index is always in bounds.
/// The C glue's `int` becomes one in the `#[export]` shims, once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LatencyNice(i32);

impl LatencyNice {
    /// The most latency-sensitive value, -20.
    pub const MIN: Self = Self(MIN_LATENCY_NICE);
    /// The most latency-tolerant value, 19.
    pub const MAX: Self = Self(MAX_LATENCY_NICE);
    /// The default, 0: what a task has unless it sets one.
    pub const DEFAULT: Self = Self(0);

    /// `value` clamped to [-20, 19].
    pub const fn new(value: i32) -> Self {
        if value < MIN_LATENCY_NICE {
            Self::MIN
        } else if value > MAX_LATENCY_NICE {
            Self::MAX
        } else {
            Self(value)
        }
    }

    /// The value, in [-20, 19].
    pub const fn get(self) -> i32 {
        self.0
    }

    /// Its entry in a [`LatencyTable`] (and in `sched_prio_to_weight[]`): 0 for -20, 39 for 19.
    pub const fn index(self) -> usize {
        // In 0..40 by construction: neither the subtraction nor the cast can wrap.
        self.0.wrapping_sub(MIN_LATENCY_NICE) as usize
    }
}

impl From<i32> for LatencyNice {
    fn from(value: i32) -> Self {
        Self::new(value)
    }
}

/// A load weight as the policies divide by it, `scale_load_down(se->load.weight)`: never zero
/// (a zero weight, which the kernel never has, counts as nice 0's), so that no division by a
/// weight can fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weight(core::num::NonZeroU64);

impl Weight {
    /// The weight of nice 0, [`NICE_0_WEIGHT`]: its virtual time is real time.
    pub const NICE_0: Self = match core::num::NonZeroU64::new(NICE_0_WEIGHT) {
        Some(w) => Self(w),
        None => Self(core::num::NonZeroU64::MIN),
    };

    /// `weight`, or nice 0's for 0.
    pub const fn new(weight: u64) -> Self {
        match core::num::NonZeroU64::new(weight) {
            Some(w) => Self(w),
            None => Self::NICE_0,
        }
    }

    /// The weight, at least 1.
    pub const fn get(self) -> u64 {
        self.0.get()
    }
}

impl From<u64> for Weight {
    fn from(weight: u64) -> Self {
        Self::new(weight)
    }
}

/// Entries of a per-latency_nice table: latency_nice `ln` at [`LatencyNice::index`].
pub const LATENCY_TABLE_LEN: usize = 40;
const _: () = assert!(LATENCY_TABLE_LEN as i32 == LATENCY_NICE_WIDTH);

/// A value for each latency_nice, -20 first: what the C glue looks up on its hot paths instead
/// of computing it, refilled whenever the base slice changes.
pub type LatencyTable<T> = [T; LATENCY_TABLE_LEN];

/// Shortest slice latency_nice can ask for: the lower bound of a custom slice, in ns.
pub const LATENCY_SLICE_MIN_NS: u64 = 100_000;
/// Longest slice latency_nice can ask for: the upper bound of a custom slice, in ns.
pub const LATENCY_SLICE_MAX_NS: u64 = 100_000_000;
/// Longest slice a positive latency_nice asks for, in base slices. Four are enough for its
/// deadline to come after those of the tasks at lower values beside it, so that they are
/// served first when they wake (measured at one CPU: a default cyclictest's p99 next to a load
/// at 19 was 69 and 222 us next to 6 and 160 hackbench tasks, 60 and 63 us with the load's
/// requests at 68 base slices, 687 and 6764 us next to a load at 0), and few enough that the
/// load's own turns stay short: with requests of 68 base slices the 160 tasks did 5.7 % less
/// work with the same CPU than at latency_nice 0, with 4 of them 3.2 %.
pub const LATENCY_SLICE_MAX_BASE_SLICES: u64 = 4;

/// `SCHED_FIXEDPOINT_SCALE`, `scale_load_down(NICE_0_LOAD)`: the weight of nice 0, whose
/// virtual time is real time.
pub const NICE_0_WEIGHT: u64 = 1024;

/// `sched_prio_to_weight[]` of kernel/sched/core.c (nice -20 ..= 19 to load weight, each step a
/// factor of ~1.25), which the caller passes in: the kernel its own table, the host tests the
/// same table compiled from C.
pub type PrioToWeight = [i32; 40];

/// The weight the scale of `latency_nice` maps to.
fn latency_weight(latency_nice: LatencyNice, prio_to_weight: &PrioToWeight) -> Weight {
    // The index is in 0..40; `get` keeps any panic path out of the code, and a weight that is
    // not positive (never in the kernel's table) counts as nice 0.
    prio_to_weight
        .get(latency_nice.index())
        .and_then(|w| u64::try_from(*w).ok())
        .map_or(Weight::NICE_0, Weight::new)
}

/// The slice (request size, ns) of an entity with `latency_nice`, when the base slice is
/// `base_slice` ns.
///
/// ```text
///   latency_nice == 0:  base_slice
///   otherwise:          clamp(base_slice * 1024 / sched_prio_to_weight[latency_nice + 20],
///                             min(0.1 ms, base_slice),
///                             max(min(100 ms, 4 * base_slice), base_slice))
/// ```
///
/// Below 0 it shortens the request by nice's factor of ~1.25 a step down to 0.1 ms; above 0 it
/// lengthens it by the same factor up to four base slices (latency_nice 7 and above,
/// [`LATENCY_SLICE_MAX_BASE_SLICES`]), where the yield (`latency_yield.rs`), not a longer
/// request, orders a positive value after lower ones.
///
/// Non-decreasing in `latency_nice` (the table decreases); values outside [-20, 19] count as the
/// nearest bound ([`LatencyNice::new`]).
pub fn latency_slice(
    base_slice: u64,
    latency_nice: impl Into<LatencyNice>,
    prio_to_weight: &PrioToWeight,
) -> u64 {
    let latency_nice = latency_nice.into();
    if latency_nice == LatencyNice::DEFAULT {
        return base_slice;
    }
    // base_slice * 1024 / w without overflowing the product: with base_slice = q * w + r,
    // it is q * 1024 + r * 1024 / w exactly, and r * 1024 < w * 1024 fits easily for the
    // table's weights (saturating for any other). Only q * 1024 can overflow (w < 1024, ln > 0),
    // where saturating keeps the result >= base_slice. A Weight is never 0.
    let w = latency_weight(latency_nice, prio_to_weight).0;
    let slice = (base_slice / w)
        .saturating_mul(NICE_0_WEIGHT)
        .saturating_add((base_slice % w).saturating_mul(NICE_0_WEIGHT) / w);
    let lo = LATENCY_SLICE_MIN_NS.min(base_slice);
    let hi = LATENCY_SLICE_MAX_NS
        .min(base_slice.saturating_mul(LATENCY_SLICE_MAX_BASE_SLICES))
        .max(base_slice);
    slice.clamp(lo, hi)
}

/// Fills `table` with `value(latency_nice)` for every latency_nice, -20 first.
pub fn fill_table<T>(table: &mut LatencyTable<T>, mut value: impl FnMut(LatencyNice) -> T) {
    let mut latency_nice = MIN_LATENCY_NICE;
    for entry in table.iter_mut() {
        *entry = value(LatencyNice::new(latency_nice));
        // 40 steps from -20: never near overflow.
        latency_nice = latency_nice.wrapping_add(1);
    }
}

/// The slice of every latency_nice for `base_slice` ([`latency_slice`]).
pub fn fill_slice_table(
    base_slice: u64,
    prio_to_weight: &PrioToWeight,
    table: &mut LatencyTable<u64>,
) {
    fill_table(table, |ln| latency_slice(base_slice, ln, prio_to_weight));
}
