// SPDX-License-Identifier: GPL-2.0

//! How deep the wakeup path searches an LLC for an idle CPU, beyond SIS_UTIL's bound.
//!
//! The math is `kernel/sched/policy/sis_depth.rs` (on top of `latency.rs`), pure, `no_std` and
//! integer-only, built also into the host crate (`tools/testing/sched-policy`) that tests it.
//! This crate adds the C ABI (`#[export]`, checked against
//! `include/linux/sched/policy/sis_depth.h`) and the KUnit suite.
//!
//! `update_idle_cpu_scan()` calls the small-LLC rule from load balancing (softirq),
//! `select_idle_cpu()` the latency depth with interrupts off, and `CONFIG_RUST_OVERFLOW_CHECKS`
//! may be on: nothing here may allocate, sleep or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/sis_depth.rs"]
pub mod sis_depth;

use latency::LatencyNice;

/// The small-LLC rule, see [`sis_depth::small_llc_nr_scan`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn sis_depth_small_llc(nr: u32, llc_weight: u32, small_llc: u32) -> u32 {
    sis_depth::small_llc_nr_scan(nr, llc_weight, small_llc)
}

/// The latency depth, see [`sis_depth::latency_nr_scan`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn sis_depth_latency(
    nr: u32,
    llc_weight: u32,
    latency_nice: i32,
    pct: u32,
) -> u32 {
    sis_depth::latency_nr_scan(nr, llc_weight, LatencyNice::new(latency_nice), pct)
}

#[kunit_tests(sched_policy_sis_depth)]
mod tests {
    use super::sis_depth::{latency_nr_scan, small_llc_nr_scan};

    /// Chen Yu's rule at 16: a 16-CPU LLC is scanned whole unless overloaded; larger LLCs and
    /// the rule at 0 keep SIS_UTIL's bound.
    #[test]
    fn small_llc_rule() {
        assert_eq!(small_llc_nr_scan(3, 16, 16), 16);
        assert_eq!(small_llc_nr_scan(0, 16, 16), 0);
        assert_eq!(small_llc_nr_scan(3, 32, 16), 3);
        assert_eq!(small_llc_nr_scan(3, 16, 0), 3);
        assert_eq!(small_llc_nr_scan(1, 8, 16), 8);
    }

    /// Off at 0 %, or for a wakee at latency_nice 0 or above; the whole LLC at -20 and 100 %.
    #[test]
    fn latency_depth_extremes() {
        for nr in 0..=16u32 {
            assert_eq!(latency_nr_scan(nr, 16, -20, 0), nr);
            assert_eq!(latency_nr_scan(nr, 16, 0, 100), nr);
            assert_eq!(latency_nr_scan(nr, 16, -20, 100), 16);
            assert_eq!(latency_nr_scan(nr, 16, 19, 100), nr);
        }
    }

    /// Half-way settings, rounded towards the search: -10 at 100 % on 4 of 16 gains
    /// ceil(12 * 1000 / 2000) = 6; -1 at 5 % gains ceil(12 * 5 / 2000) = 1.
    #[test]
    fn latency_depth_midway() {
        assert_eq!(latency_nr_scan(4, 16, -10, 100), 10);
        assert_eq!(latency_nr_scan(4, 16, -1, 5), 5);
        assert_eq!(latency_nr_scan(16, 16, -10, 100), 16);
        assert_eq!(latency_nr_scan(9, 16, 10, 100), 9);
    }

    /// Out-of-range inputs are clamped, never a panic.
    #[test]
    fn latency_depth_extreme_inputs() {
        assert_eq!(latency_nr_scan(u32::MAX, 16, -20, u32::MAX), 16);
        assert_eq!(
            latency_nr_scan(u32::MAX, u32::MAX, i32::MIN, u32::MAX),
            u32::MAX
        );
        assert_eq!(
            latency_nr_scan(u32::MAX, u32::MAX, i32::MAX, u32::MAX),
            u32::MAX
        );
        assert_eq!(latency_nr_scan(7, 0, -20, 100), 0);
    }
}
