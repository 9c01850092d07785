// SPDX-License-Identifier: GPL-2.0

//! latency_nice: how much of a latency_nice below 0 an entity is allowed, the rule that gives
//! what it takes from others like a lower nice.
//!
//! The math is `kernel/sched/policy/latency_permission.rs` (on top of `latency.rs`), a pure,
//! `no_std`, integer-only module with no dependency on the `kernel` crate, so that the same file
//! also builds into a host crate (`tools/testing/sched-policy`) whose tests and EEVDF model call
//! these functions. This crate only adds the C ABI (`#[export]`, checked against the prototypes
//! in `include/linux/sched/policy/latency_permission.h`) and the KUnit suite.
//!
//! `sched_setattr()` and a `cpu.latency.nice` write call [`latency_nice_credit_withheld`] when a
//! value is set; the fair class calls [`latency_nice_allowed`] with `rq->lock` held, and
//! `CONFIG_RUST_OVERFLOW_CHECKS` may be on: nothing here may allocate, sleep or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_permission.rs"]
pub mod latency_permission;

use latency::LatencyNice;

/// The steps of `latency_nice` an `RLIMIT_NICE` of `rlimit_nice` does not allow, see
/// [`latency_permission::credit_withheld`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_credit_withheld(latency_nice: i32, rlimit_nice: u64) -> i32 {
    latency_permission::credit_withheld(LatencyNice::new(latency_nice), rlimit_nice).into()
}

/// `se_latency_nice_allowed()`, see [`latency_permission::allowed`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_allowed(effective: i32, own: i32, withheld: i32) -> i32 {
    // The glue stores what latency_nice_credit_withheld() returned, in [0, 20].
    let withheld = u8::try_from(withheld.clamp(0, latency::LATENCY_NICE_WIDTH)).unwrap_or(0);
    latency_permission::allowed(LatencyNice::new(effective), LatencyNice::new(own), withheld).get()
}

#[kunit_tests(sched_policy_latency_permission)]
mod latency_permission_tests {
    use super::latency::LatencyNice;
    use super::latency_permission::{allowed, credit_withheld};

    #[test]
    fn rlimit_nice_allows_as_for_nice() {
        let ln = LatencyNice::new;
        // No RLIMIT_NICE: nothing below 0.
        assert_eq!(credit_withheld(ln(-20), 0), 20);
        assert_eq!(credit_withheld(ln(-1), 0), 1);
        assert_eq!(credit_withheld(ln(5), 0), 0);
        // 25 allows down to nice -5.
        assert_eq!(credit_withheld(ln(-5), 25), 0);
        assert_eq!(credit_withheld(ln(-6), 25), 1);
        assert_eq!(credit_withheld(ln(-20), 25), 15);
        // 40 and RLIM_INFINITY allow everything.
        assert_eq!(credit_withheld(ln(-20), 40), 0);
        assert_eq!(credit_withheld(ln(-20), u64::MAX), 0);
    }

    #[test]
    fn allowed_restricts_and_never_grants() {
        let ln = LatencyNice::new;
        assert_eq!(allowed(ln(-20), ln(-20), 0), ln(-20));
        assert_eq!(allowed(ln(-20), ln(-20), 15), ln(-5));
        assert_eq!(allowed(ln(-20), ln(-20), 20), ln(0));
        // A group's -20 grants its task at 0 nothing.
        assert_eq!(allowed(ln(-20), ln(0), 0), ln(0));
        // A group's -3 restricts its task's -20.
        assert_eq!(allowed(ln(-3), ln(-20), 0), ln(-3));
        assert_eq!(allowed(ln(7), ln(-20), 0), ln(7));
    }
}
