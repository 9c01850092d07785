// SPDX-License-Identifier: GPL-2.0

//! latency_nice: the request size (slice) a task asks for.
//!
//! The math is `kernel/sched/policy/latency.rs`, a pure, `no_std`, integer-only module with no
//! dependency on the `kernel` crate, so that the same file also builds into a host crate
//! (`tools/testing/sched-policy`) that tests it against the C formula it replaces or a model. This
//! crate only adds the C ABI (`#[export]`, checked against the prototypes in
//! `include/linux/sched/policy/latency.h`) and the KUnit suite.
//!
//! `se_default_slice()` calls it with `rq->lock` held, and `CONFIG_RUST_OVERFLOW_CHECKS` may be on:
//! nothing here may allocate, sleep or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;

/// The slice a task with `latency_nice` asks for, see [`latency::latency_slice`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_calc_slice(base_slice: u64, latency_nice: i32) -> u64 {
    latency::latency_slice(base_slice, latency_nice, prio_to_weight())
}

/// The kernel's `sched_prio_to_weight[]` (kernel/sched/core.c).
fn prio_to_weight() -> &'static latency::PrioToWeight {
    // SAFETY: a `const` array defined in C, in read-only data: never written, always valid.
    unsafe { &kernel::bindings::sched_prio_to_weight }
}

#[kunit_tests(sched_policy_latency)]
mod latency_tests {
    use super::latency::{LATENCY_SLICE_MAX_NS, LATENCY_SLICE_MIN_NS};

    /// The mapping with the kernel's own weight table.
    fn latency_slice(base_slice: u64, latency_nice: i32) -> u64 {
        super::latency::latency_slice(base_slice, latency_nice, super::prio_to_weight())
    }

    /// Base slices of 1, 2, 4 and >= 8 CPUs, and extremes.
    const BASES: [u64; 7] = [0, 1, 700_000, 1_400_000, 2_100_000, 2_800_000, u64::MAX];

    #[test]
    fn zero_is_the_base_slice() {
        for base in BASES {
            assert_eq!(latency_slice(base, 0), base);
        }
    }

    #[test]
    fn monotonic_and_bounded() {
        for base in BASES {
            let mut prev = 0;
            for ln in -20..=19 {
                let s = latency_slice(base, ln);
                assert!(s >= prev);
                assert!(s >= LATENCY_SLICE_MIN_NS.min(base));
                assert!(s <= LATENCY_SLICE_MAX_NS.max(base));
                prev = s;
            }
        }
    }

    #[test]
    fn default_base_slice_values() {
        assert_eq!(latency_slice(2_800_000, -20), 100_000);
        assert_eq!(latency_slice(2_800_000, -5), 918_679);
        assert_eq!(latency_slice(2_800_000, 19), 100_000_000);
    }
}
