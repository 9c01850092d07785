// SPDX-License-Identifier: GPL-2.0

//! latency_nice: the request a group entity makes of its siblings (Linux 7.2).
//!
//! The math is `kernel/sched/policy/latency_group_slice.rs` (on top of `latency.rs`), a pure,
//! `no_std`, integer-only module with no dependency on the `kernel` crate, so that the same file
//! also builds into a host crate (`tools/testing/sched-policy`) whose tests call these
//! functions. This crate only adds the C ABI (`#[export]`, checked against the prototypes in
//! `include/linux/sched/policy/latency_group_slice.h`) and the KUnit suite.
//!
//! The fair class calls it with `rq->lock` held, [`latency_nice_outward_slice`] from the
//! augmented callback of the timeline (each entity on the path of an enqueue, a dequeue and
//! every rotation), and `CONFIG_RUST_OVERFLOW_CHECKS` may be on: nothing here may allocate,
//! sleep or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_group_slice.rs"]
pub mod latency_group_slice;

use latency::LatencyNice;

/// `se_outward_slice()`, see [`latency_group_slice::outward_slice`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_outward_slice(
    is_task: bool,
    custom_slice: bool,
    slice: u64,
    base_slice: u64,
) -> u64 {
    latency_group_slice::outward_slice(is_task, custom_slice, slice, base_slice)
}

/// `group_se_slice()`, see [`latency_group_slice::group_slice`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_group_slice(
    group_latency_nice: i32,
    child_min_slice: u64,
    group_latency_nice_slice: u64,
) -> u64 {
    latency_group_slice::group_slice(
        LatencyNice::new(group_latency_nice),
        child_min_slice,
        group_latency_nice_slice,
    )
}

#[kunit_tests(sched_policy_latency_group_slice)]
mod latency_group_slice_tests {
    use super::latency::LatencyNice;
    use super::latency_group_slice::{group_slice, outward_slice};

    const BASE: u64 = 3_000_000;

    #[test]
    fn derived_slices_stay_inside_the_group() {
        // A task's derived 0.1 ms slice asks the base slice outside; a custom slice and a
        // group entity's slice ask what they are.
        assert_eq!(outward_slice(true, false, 100_000, BASE), BASE);
        assert_eq!(outward_slice(true, true, 100_000, BASE), 100_000);
        assert_eq!(outward_slice(false, false, 100_000, BASE), 100_000);
        assert_eq!(outward_slice(false, true, 700_000, BASE), 700_000);
    }

    #[test]
    fn a_set_group_competes_at_its_own_value() {
        let ln = LatencyNice::new;
        assert_eq!(group_slice(ln(0), 100_000, BASE), 100_000);
        assert_eq!(group_slice(ln(0), u64::MAX, BASE), u64::MAX);
        assert_eq!(group_slice(ln(-20), 2_000_000, 100_000), 100_000);
        assert_eq!(group_slice(ln(19), 100_000, 100_000_000), 100_000_000);
    }
}
