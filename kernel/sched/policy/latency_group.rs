// SPDX-License-Identifier: GPL-2.0

//! cpu.latency.nice: the request size (slice) of a group entity.
//!
//! A group entity competes with its siblings like a task does, so its slice is its request size
//! at its level of the hierarchy. Mainline propagates the shortest slice queued inside the group
//! (`cfs_rq_min_slice()`); a group with `cpu.latency.nice` set asks instead for the slice its own
//! latency_nice maps to ([`latency_slice`]).
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate). It
//! runs under `rq->lock`: saturating arithmetic only, through [`latency_slice`].

use crate::latency::{latency_slice, PrioToWeight};

/// The slice of a group entity whose group has `cpu.latency.nice` = `group_latency_nice`, when
/// the shortest slice queued inside the group is `child_min_slice`.
///
/// Mainline 7.2 gives a group entity the minimum slice of its queue, so one short-slice task
/// makes its whole group short-slice to the rest of the system. v12 defined instead that "the
/// latency_nice of a group is used to limit the impact of the latency_nice of a task outside
/// the group": the group competes with its siblings at the group's own latency_nice. Here:
///
/// ```text
///   group_latency_nice == 0:  child_min_slice                       (mainline propagation)
///   otherwise:                latency_slice(base_slice, group_latency_nice)
/// ```
///
/// so an unset (default) group behaves exactly as mainline, and a set one bounds its tasks both
/// ways: a group at +19 is served in long requests whatever its tasks ask for, a group at -20
/// in short ones.
pub fn group_slice(
    child_min_slice: u64,
    base_slice: u64,
    group_latency_nice: i32,
    prio_to_weight: &PrioToWeight,
) -> u64 {
    if group_latency_nice == 0 {
        return child_min_slice;
    }
    latency_slice(base_slice, group_latency_nice, prio_to_weight)
}
