// SPDX-License-Identifier: GPL-2.0

//! cpu.latency.nice: the request size (slice) of a group entity.
//!
//! The math is `kernel/sched/policy/latency_group.rs` (on top of `latency.rs`), a pure, `no_std`,
//! integer-only module with no dependency on the `kernel` crate, so that the same file also builds
//! into a host crate (`tools/testing/sched-policy`) that tests it against the C formula it replaces
//! or a model. This crate only adds the C ABI (`#[export]`, checked against the prototypes in
//! `include/linux/sched/policy/latency_group.h`) and the KUnit suite.
//!
//! The slice propagation of enqueue and dequeue calls it with `rq->lock` held, and
//! `CONFIG_RUST_OVERFLOW_CHECKS` may be on: nothing here may allocate, sleep or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_group.rs"]
pub mod latency_group;

/// The slice of a group entity, see [`latency_group::group_slice`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_group_slice(
    child_min_slice: u64,
    base_slice: u64,
    group_latency_nice: i32,
) -> u64 {
    latency_group::group_slice(
        child_min_slice,
        base_slice,
        group_latency_nice,
        prio_to_weight(),
    )
}

/// The kernel's `sched_prio_to_weight[]` (kernel/sched/core.c).
fn prio_to_weight() -> &'static latency::PrioToWeight {
    // SAFETY: a `const` array defined in C, in read-only data: never written, always valid.
    unsafe { &kernel::bindings::sched_prio_to_weight }
}

#[kunit_tests(sched_policy_latency_group)]
mod latency_group_tests {
    use super::latency::latency_slice;
    use super::latency_group::group_slice;

    #[test]
    fn unset_group_passes_its_queue_through() {
        for child in [0, 100_000, 2_800_000, u64::MAX] {
            assert_eq!(
                group_slice(child, 2_800_000, 0, super::prio_to_weight()),
                child
            );
        }
    }

    #[test]
    fn set_group_asks_for_its_own_slice() {
        let w = super::prio_to_weight();
        for ln in [-20, -5, 1, 19] {
            for child in [0, 100_000, u64::MAX] {
                assert_eq!(
                    group_slice(child, 2_800_000, ln, w),
                    latency_slice(2_800_000, ln, w)
                );
            }
        }
        assert_eq!(group_slice(u64::MAX, 2_800_000, -20, w), 100_000);
    }
}
