// SPDX-License-Identifier: GPL-2.0

//! SIS_UTIL: how many CPUs of an LLC the wakeup path scans for an idle one.
//!
//! The math is `kernel/sched/policy/sis_util.rs`, a pure, `no_std`, integer-only module with no
//! dependency on the `kernel` crate, so that the same file also builds into a host crate
//! (`tools/testing/sched-policy`) that tests it against the C formula it replaces or a model. This
//! crate only adds the C ABI (`#[export]`, checked against the prototypes in
//! `include/linux/sched/policy/sis_util.h`) and the KUnit suite.
//!
//! `update_idle_cpu_scan()` calls it from load balancing (softirq or newidle balance, preemption
//! off), and `CONFIG_RUST_OVERFLOW_CHECKS` may be on: nothing here may allocate, sleep or panic.

use kernel::prelude::*;

#[path = "policy/sis_util.rs"]
pub mod sis_util;

/// Number of CPUs `select_idle_cpu()` may scan in an LLC, see [`sis_util::nr_idle_scan`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn sis_util_nr_idle_scan(
    sum_util: u64,
    llc_weight: u32,
    imbalance_pct: u32,
) -> u32 {
    sis_util::nr_idle_scan(sum_util, llc_weight, imbalance_pct)
}

#[kunit_tests(sched_policy_sis_util)]
mod tests {
    use super::sis_util::{nr_idle_scan, SCHED_CAPACITY_SCALE};

    /// `sum_util` of an LLC of `llc_weight` CPUs that are `pct` percent busy.
    // Saturating, like the code under test: with RUST_OVERFLOW_CHECKS a plain `*` is a call to
    // a panic function, which kernel-rust-checks.sh forbids in this object, tests included.
    fn util(llc_weight: u32, pct: u64) -> u64 {
        u64::from(llc_weight)
            .saturating_mul(SCHED_CAPACITY_SCALE)
            .saturating_mul(pct)
            / 100
    }

    const UTIL_PCT: [u64; 11] = [0, 5, 15, 25, 35, 45, 55, 65, 75, 85, 86];

    /// The table of the SIS_UTIL changelog (LLC 16 and 112, imbalance_pct 117).
    #[test]
    fn changelog_vectors() {
        let llc16: [u32; 11] = [16, 15, 15, 14, 13, 11, 9, 6, 3, 0, 0];
        let llc112: [u32; 11] = [112, 111, 108, 102, 93, 81, 65, 47, 25, 1, 0];
        for (i, pct) in UTIL_PCT.iter().enumerate() {
            assert_eq!(nr_idle_scan(util(16, *pct), 16, 117), llc16[i]);
            assert_eq!(nr_idle_scan(util(112, *pct), 112, 117), llc112[i]);
        }
    }

    /// An idle LLC is scanned whole; an overloaded one not at all.
    #[test]
    fn bounds() {
        for llc in [1u32, 2, 4, 8, 16, 64, 256] {
            assert_eq!(nr_idle_scan(0, llc, 117), llc);
            assert_eq!(nr_idle_scan(util(llc, 100), llc, 117), 0);
        }
    }

    /// Inputs C would divide by zero or overflow on must not panic here.
    #[test]
    fn extremes_do_not_panic() {
        assert_eq!(nr_idle_scan(12345, 0, 117), 0);
        assert_eq!(nr_idle_scan(u64::MAX, 1, u32::MAX), 0);
        assert_eq!(nr_idle_scan(0, u32::MAX, 117), u32::MAX);
        assert_eq!(nr_idle_scan(u64::MAX, u32::MAX, 117), 0);
    }
}
