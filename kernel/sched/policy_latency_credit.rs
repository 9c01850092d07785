// SPDX-License-Identifier: GPL-2.0

//! latency_nice: the eligibility credit of a latency-sensitive entity.
//!
//! The math is `kernel/sched/policy/latency_credit.rs` (on top of `latency.rs` and
//! `latency_offset.rs`), a pure, `no_std`, integer-only module with no dependency on the `kernel`
//! crate, so that the same file also builds into a host crate (`tools/testing/sched-policy`) that
//! tests it against the C formula it replaces or a model. This crate only adds the C ABI
//! (`#[export]`, checked against the prototypes in `include/linux/sched/policy/latency_credit.h`)
//! and the KUnit suite.
//!
//! `update_latency_credit()` calls it with `rq->lock` held, and `CONFIG_RUST_OVERFLOW_CHECKS` may
//! be on: nothing here may allocate, sleep or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_credit.rs"]
pub mod latency_credit;
#[path = "policy/latency_offset.rs"]
pub mod latency_offset;

/// The latency credit (ns) of an entity, see [`latency_credit::latency_credit`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_calc_credit(base_slice: u64, latency_nice: i32) -> u64 {
    latency_credit::latency_credit(base_slice, latency_nice)
}

#[kunit_tests(sched_policy_latency_credit)]
mod latency_credit_tests {
    use super::latency_credit::{
        credited_vruntime, lag_ceiling, lag_floor, latency_credit, latency_vcredit,
    };

    #[test]
    fn credits() {
        assert_eq!(latency_credit(2_800_000, 0), 0);
        assert_eq!(latency_credit(2_800_000, 19), 0);
        assert_eq!(latency_credit(2_800_000, -1), 140_000);
        assert_eq!(latency_credit(2_800_000, -20), 2_800_000);
        assert_eq!(latency_credit(2_800_000, i32::MIN), 2_800_000);
        assert_eq!(latency_credit(u64::MAX, -20), 1_000_000_000);
        assert_eq!(latency_vcredit(2_800_000, 2048), 1_400_000);
        assert_eq!(latency_vcredit(2_800_000, 0), 2_800_000);
    }

    #[test]
    fn bounds_and_wrapping() {
        assert_eq!(credited_vruntime(5, 10), 5u64.wrapping_sub(10));
        assert_eq!(lag_floor(1, 2, 3), -6);
        assert_eq!(lag_floor(u64::MAX, 1, 1), i64::MIN + 1);
        assert_eq!(lag_ceiling(3_000_000, 1_000_000, 2_800_000), 5_800_000);
        assert_eq!(lag_ceiling(u64::MAX, 0, 0), i64::MAX);
    }
}
