// SPDX-License-Identifier: GPL-2.0

//! latency_nice: the yield of a positive latency_nice to entities at lower values.
//!
//! The math is `kernel/sched/policy/latency_yield.rs` (on top of `latency.rs`), a pure,
//! `no_std`, integer-only module with no dependency on the `kernel` crate, so that the same file
//! also builds into a host crate (`tools/testing/sched-policy`) whose EEVDF model calls it. This
//! crate only adds the C ABI (`#[export]`, checked against the prototype in
//! `include/linux/sched/policy/latency_yield.h`) and the KUnit suite.
//!
//! `pick_yield()` in `fair.c` calls it under `rq->lock` where EEVDF chose an entity at a positive
//! latency_nice, and `CONFIG_RUST_OVERFLOW_CHECKS` may be on: nothing here may allocate, sleep
//! or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_credit.rs"]
pub mod latency_credit;
#[path = "policy/latency_offset.rs"]
pub mod latency_offset;
#[path = "policy/latency_yield.rs"]
pub mod latency_yield;

/// Whether current keeps the CPU at a pick whose EEVDF choice is at `best`, see
/// [`latency_yield::keeps_current`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_yield_keeps(
    best: i32,
    curr: i32,
    curr_protected: bool,
    curr_delayed: bool,
) -> bool {
    latency_yield::keeps_current(best, curr, curr_protected, curr_delayed)
}

/// The lead a pick's EEVDF choice at `best` gives lower values, see
/// [`latency_yield::yield_lead`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_yield_lead(base_slice: u64, best: i32) -> u64 {
    latency_yield::yield_lead(base_slice, best)
}

/// Whether the entity found within the lead runs instead of `best`, see
/// [`latency_yield::leads`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_yield_leads(best: i32, other: i32, delayed: bool) -> bool {
    latency_yield::leads(best, other, delayed)
}

/// `entity_lag()`'s ceiling at a positive latency_nice, see [`latency_yield::capped_lag`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_yield_lag(
    latency_nice: i32,
    vlag: i64,
    base_limit: i64,
) -> i64 {
    latency_yield::capped_lag(latency_nice, vlag, base_limit)
}

/// The service an entity at `latency_nice` is protected for where mainline protects it for
/// `slice`, see [`latency_yield::protected_slice`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_yield_protection(
    latency_nice: i32,
    slice: u64,
    base_slice: u64,
) -> u64 {
    latency_yield::protected_slice(latency_nice, slice, base_slice)
}

#[kunit_tests(sched_policy_latency_yield)]
mod latency_yield_tests {
    use super::latency_yield::{
        capped_lag, keeps_current, leads, protected_slice, yield_lead, yields_to,
    };

    #[test]
    fn only_a_positive_value_yields_and_only_to_a_lower_one() {
        assert!(yields_to(19, 0) && yields_to(19, 10) && yields_to(1, -20));
        assert!(!yields_to(19, 19) && !yields_to(10, 19));
        assert!(!yields_to(0, -20) && !yields_to(-20, -20));
    }

    #[test]
    fn positive_lag_is_capped_at_the_base_limit() {
        assert_eq!(capped_lag(19, 100_000_000, 5_400_000), 5_400_000);
        assert_eq!(capped_lag(1, 3_000_000, 5_400_000), 3_000_000);
        assert_eq!(capped_lag(19, -100_000_000, 5_400_000), -100_000_000);
        assert_eq!(capped_lag(0, 100_000_000, 5_400_000), 100_000_000);
        assert_eq!(capped_lag(-20, 100_000_000, 5_400_000), 100_000_000);
        assert_eq!(capped_lag(19, 1, -5), 0);
    }

    #[test]
    fn a_positive_value_is_protected_for_the_base_slice_at_most() {
        assert_eq!(protected_slice(19, 47_800_000, 700_000), 700_000);
        assert_eq!(protected_slice(1, 300_000, 700_000), 300_000);
        assert_eq!(protected_slice(0, 47_800_000, 700_000), 47_800_000);
        assert_eq!(protected_slice(-20, 47_800_000, 700_000), 47_800_000);
    }

    #[test]
    fn current_is_kept_only_inside_its_protection() {
        assert!(keeps_current(19, 0, true, false));
        assert!(!keeps_current(19, 0, false, false) && !keeps_current(19, 0, true, true));
        assert!(!keeps_current(0, 0, true, false) && !keeps_current(19, 19, true, false));
        assert!(keeps_current(i32::MAX, i32::MIN, true, false));
    }

    #[test]
    fn the_lead_is_the_mirrored_credit_and_goes_only_lower() {
        assert_eq!(yield_lead(1_400_000, 19), 1_330_000);
        assert_eq!(yield_lead(1_400_000, 1), 70_000);
        assert_eq!(yield_lead(1_400_000, 0), 0);
        assert_eq!(yield_lead(1_400_000, -20), 0);
        assert_eq!(yield_lead(u64::MAX, i32::MAX), 950_000_000);
        assert!(leads(19, 0, false) && leads(19, -20, false) && leads(1, 0, false));
        assert!(!leads(19, 0, true) && !leads(19, 19, false) && !leads(0, -20, false));
    }
}
