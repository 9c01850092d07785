// SPDX-License-Identifier: GPL-2.0

//! latency_nice on Linux 7.3's flat queues: the value a task of a group is scheduled with.
//!
//! On 7.3 the tasks of every group share one queue per CPU, so a group has no entity of its own
//! to serve sooner: its `cpu.latency.nice` decides for its tasks instead. Along the path from a
//! task to the root, the innermost value set decides, within what every value set above it
//! allows. A value restricts what is below it, as `cpu.uclamp.max` does: nothing below is served
//! sooner than it (a higher latency_nice stands), so that whoever a subtree is delegated to may
//! make it more tolerant (a batch sub-group of an administrator's -20 slice at 19) but never
//! more latency-sensitive than the administrator set. 0 is "not set":
//!
//! ```text
//!   restrict(outer, inner) = inner == 0 ? outer : outer == 0 ? inner : max(outer, inner)
//!   group(tg)              = restrict(value(root child), ... restrict(value(parent), value(tg)))
//!   effective(task)        = restrict(group(task's group), own latency_nice)
//! ```
//!
//! `restrict` is commutative and associative (the largest value set, or 0 if none is), so the
//! glue folds from the task's group outward. What of a value below 0 needs privilege stays each
//! task's own (`latency_permission.rs`): a group's value restricts it, never grants it.
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate): no
//! overflow, no panic.

use crate::latency::LatencyNice;

/// The value that decides below a group at `outer` for a group or task whose own value is
/// `inner`: whichever is set, the larger if both are, 0 if neither is.
pub fn restrict(outer: LatencyNice, inner: LatencyNice) -> LatencyNice {
    if inner == LatencyNice::DEFAULT {
        outer
    } else if outer == LatencyNice::DEFAULT {
        inner
    } else {
        outer.max(inner)
    }
}
