// SPDX-License-Identifier: GPL-2.0

//! latency_nice on EEVDF: the latency offset, the latency key, and the wakeup decision built on
//! them.
//!
//! The slice mapping (`latency.rs`) makes a latency-sensitive entity ask for short requests. Two
//! cases it cannot reach are where v5..v12's latency offset acted: a wakee that fails to preempt
//! because the current entity is protected (RUN_TO_PARITY) or has the earlier deadline, and an
//! entity that was preempted (by RT/DL, or by a wakee) and waits behind others once it could run
//! again. Here the offset of v12 (`calc_latency_offset()`, linear in latency_nice) is taken with
//! EEVDF's base slice in place of CFS's sleep latency,
//!
//! ```text
//!   offset(ln)  = base_slice * ln / 20    (ns; -base_slice .. +0.95 base_slice)
//!   voffset(ln) = offset(ln) * 1024 / w   (virtual time of an entity of weight w)
//!   key         = deadline + voffset      (u64, wrapping like vruntime)
//! ```
//!
//! and entities are compared by key instead of virtual deadline only where the scheduler chooses
//! among entities that are all *eligible*: the wakee at wakeup, the latency tree's first entity
//! at pick time, and core scheduling's cross-CPU comparison. Eligibility (lag >= 0) is never
//! relaxed, so what each entity gets over time still follows its weight alone; the key only
//! decides the order in which eligible entities are served. latency_nice 0 has offset 0: the key
//! is the deadline, and nothing changes for default tasks.
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate). It
//! runs under `rq->lock`: no overflow (the base slice is capped), no zero divisor, no panic.

use crate::latency::{
    fill_table, LatencyNice, LatencyTable, Weight, LATENCY_NICE_WIDTH, NICE_0_WEIGHT,
};

/// Largest base slice the offset is computed from, in ns (1 s; the sysctl is far below).
/// Keeps `offset * 1024` inside `i64`.
pub const OFFSET_BASE_MAX_NS: u64 = 1_000_000_000;

/// [`NICE_0_WEIGHT`] as the signed type offsets are scaled in.
const NICE_0_WEIGHT_S: i64 = NICE_0_WEIGHT as i64;

/// A latency offset in real time, ns: what the offset table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Offset(pub i64);

/// A latency offset in an entity's virtual time, [`Offset`] * 1024 / w: what moves its
/// virtual deadline to its latency key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct VirtualOffset(pub i64);

/// The latency offset of `latency_nice` for base slice `base_slice`: `base * ln / 20`,
/// truncated toward zero like C's division. Negative for latency-sensitive values.
pub fn latency_offset(base_slice: u64, latency_nice: impl Into<LatencyNice>) -> Offset {
    let ln = i64::from(latency_nice.into().get());
    // <= 1e9, fits; the product is at most 2e10.
    let base = i64::try_from(base_slice.min(OFFSET_BASE_MAX_NS)).unwrap_or(0);
    Offset(base * ln / i64::from(LATENCY_NICE_WIDTH / 2))
}

/// The latency offset of every latency_nice for `base_slice` ([`latency_offset`]).
pub fn fill_offset_table(base_slice: u64, table: &mut LatencyTable<i64>) {
    fill_table(table, |ln| latency_offset(base_slice, ln).0);
}

/// `offset` in the virtual time of an entity of load weight `weight`: like `calc_delta_fair()`,
/// real time times 1024 / w, but exact and signed. The key of an entity is its virtual deadline
/// plus this, compared like vruntimes, by the sign of the wrapping difference
/// (`(s64)(a - b) < 0` in the C glue).
pub fn offset_vtime(offset: Offset, weight: Weight) -> VirtualOffset {
    // A Weight is at least 1; as i64 at least 1 too (i64::MAX above it), so neither a zero
    // divisor nor i64::MIN / -1. |offset| <= 1e9 from the table, times 1024 <= 1.1e12;
    // saturating for any other caller.
    let w = i64::try_from(weight.get()).unwrap_or(i64::MAX).max(1);
    VirtualOffset(offset.0.saturating_mul(NICE_0_WEIGHT_S) / w)
}

/// What latency_nice decides when a task wakes up next to the current entity (both seen at the
/// same level of the hierarchy, so a group entity speaks for its group's `cpu.latency.nice`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WakeupAction {
    /// latency_nice has no say: EEVDF's own wakeup preemption decides.
    Default = 0,
    /// Preempt now, even inside current's slice protection, and run the wakee next.
    Preempt = 1,
    /// Do not preempt at wakeup; current is preempted at its next request boundary as usual.
    Keep = 2,
}

/// The wakeup decision.
///
/// * A latency-sensitive wakee (`wakee_ln < 0`) that is more sensitive than current, eligible,
///   and whose key is before current's, preempts ([`WakeupAction::Preempt`]): it would be picked
///   first by key, and being eligible it is owed the CPU, so taking it now costs no fairness.
/// * A latency-tolerant current (`curr_ln > 0`) is not preempted at wakeup by a wakee that is
///   not latency-sensitive (`wakee_ln >= 0`) unless the wakee's key is before current's
///   ([`WakeupAction::Keep`]): fewer switches for work that asked for them.
/// * A latency-sensitive current (`curr_ln < 0`) is not preempted at wakeup by a less
///   sensitive wakee (`wakee_ln > curr_ln`) whose key is not before current's
///   ([`WakeupAction::Keep`]): v12 compared both sides' offsets, and a task whose work per
///   wakeup is longer than its short request must not lose the CPU to any waking task.
/// * Both keeps only while current is eligible (`curr_eligible`, within its credit): a current
///   that has run past its share is not owed the CPU, so EEVDF decides as for anyone.
/// * Anything else, including both at 0, is left to EEVDF ([`WakeupAction::Default`]).
pub fn wakeup_action(
    curr_ln: impl Into<LatencyNice>,
    wakee_ln: impl Into<LatencyNice>,
    wakee_key_before_curr: bool,
    wakee_eligible: bool,
    curr_eligible: bool,
) -> WakeupAction {
    let (curr_ln, wakee_ln) = (curr_ln.into().get(), wakee_ln.into().get());
    if wakee_ln < 0 && wakee_ln < curr_ln {
        if wakee_eligible && wakee_key_before_curr {
            return WakeupAction::Preempt;
        }
        return WakeupAction::Default;
    }
    if !curr_eligible || wakee_key_before_curr {
        return WakeupAction::Default;
    }
    if (curr_ln > 0 && wakee_ln >= 0) || (curr_ln < 0 && wakee_ln > curr_ln) {
        return WakeupAction::Keep;
    }
    WakeupAction::Default
}
