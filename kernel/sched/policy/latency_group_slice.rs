// SPDX-License-Identifier: GPL-2.0

//! latency_nice on Linux 7.2's group entities: which request a group entity makes of its
//! siblings.
//!
//! On 7.2 a task group is scheduled as an entity of its parent's queue, with a slice of its own.
//! Mainline gives it the shortest request its queue makes (`cfs_rq_min_slice()`), so that a
//! task's custom slice is served as soon outside its group as inside. The series keeps that for
//! what was asked for explicitly and stops it for what latency_nice derived:
//!
//! ```text
//!   outward(se)         = se is a task without a custom slice ? base_slice : slice(se)
//!   child_min           = min over the group's queue (current included) of outward(se)
//!   group_slice(g)      = cpu.latency.nice(g) == 0 ? child_min : slice_table[cpu.latency.nice(g)]
//! ```
//!
//! A task's latency_nice thus decides among the tasks of its own group: a task at -20 alone in
//! its group no longer leaves the group entity a 0.1 ms request among its siblings, served in
//! 0.1 ms pieces between a batch group's 3 ms requests and with no run-on of its own (the group
//! is at 0), fewer periods than at 0. A group with `cpu.latency.nice` set competes with its
//! siblings at that value instead, which bounds both ways what its tasks' latency_nice can do
//! outside it, as v12's group rule had it ("the latency_nice of a group is used to limit the
//! impact of the latency_nice of a task outside the group").
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate): no
//! overflow, no panic. The slice of a latency_nice is the table `latency.rs` fills, which the
//! glue looks up and passes in.

use crate::latency::LatencyNice;

/// The request entity `se` makes of the queues above its own (`se_outward_slice()`), of which
/// its group entity at `cpu.latency.nice` 0 takes the shortest: `slice` (`se->slice`) if it was
/// asked for explicitly (a task's custom slice) or is a group entity's, `base_slice` for a task
/// whose slice latency_nice derived.
pub fn outward_slice(is_task: bool, custom_slice: bool, slice: u64, base_slice: u64) -> u64 {
    if is_task && !custom_slice {
        base_slice
    } else {
        slice
    }
}

/// The slice of a group entity whose group has `cpu.latency.nice` = `group_latency_nice`, when
/// the shortest request its queue makes outward ([`outward_slice`]) is `child_min_slice` and the
/// slice table holds `group_latency_nice_slice` for the group's value (`group_se_slice()`): an
/// unset group is mainline's propagation, a set one its own value's slice.
pub fn group_slice(
    group_latency_nice: LatencyNice,
    child_min_slice: u64,
    group_latency_nice_slice: u64,
) -> u64 {
    if group_latency_nice == LatencyNice::DEFAULT {
        child_min_slice
    } else {
        group_latency_nice_slice
    }
}
