// SPDX-License-Identifier: GPL-2.0

//! latency_nice: what a latency-sensitive entity may owe and the lag clamp that keeps it, the
//! rules the latency credit's bounds rest on.
//!
//! The math is `kernel/sched/policy/latency_debt.rs` (on top of `latency.rs`), a pure,
//! `no_std`, integer-only module with no dependency on the `kernel` crate, so that the same file
//! also builds into a host crate (`tools/testing/sched-policy`) whose EEVDF model calls these
//! functions to check the bounds. This crate only adds the C ABI (`#[export]`, checked against
//! the prototypes in `include/linux/sched/policy/latency_debt.h`) and the KUnit suite.
//!
//! The C glue in `fair.c` calls it with `rq->lock` held (a credit update, a pick, a wakeup next
//! to a run-on current, a dequeue's lag), and `CONFIG_RUST_OVERFLOW_CHECKS` may be on: nothing
//! here may allocate, sleep or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_debt.rs"]
pub mod latency_debt;

use latency::LatencyNice;

/// `se->credit_nice`, see [`latency_debt::credit_nice`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_credit_nice(allowed: i32, delayed: bool, idle: bool) -> i32 {
    latency_debt::credit_nice(LatencyNice::new(allowed), delayed, idle).get()
}

/// Whether LATENCY_RUN applies, see [`latency_debt::runs_on`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_runs_on(credit_nice: i32, latency_run: bool) -> bool {
    latency_debt::runs_on(LatencyNice::new(credit_nice), latency_run)
}

/// The run slice, see [`latency_debt::run_slice`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_run_slice(
    run_to_parity: bool,
    base_slice: u64,
    normalized_base_slice: u64,
) -> u64 {
    latency_debt::run_slice(run_to_parity, base_slice, normalized_base_slice)
}

/// Whether a run-on current keeps the CPU at a wakeup, see [`latency_debt::run_on_kept`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_run_on_kept(
    wakee_credit_nice: i32,
    wakee_delayed: bool,
    wakee_eligible: bool,
) -> bool {
    latency_debt::run_on_kept(
        LatencyNice::new(wakee_credit_nice),
        wakee_delayed,
        wakee_eligible,
    )
}

/// `se->latency_debt_room`, see [`latency_debt::debt_room`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_debt_room(
    room: u64,
    credit: u64,
    run_slice: u64,
    reset: bool,
) -> u64 {
    latency_debt::debt_room(room, credit, run_slice, reset)
}

/// `entity_lag()`'s clamp, see [`latency_debt::lag_clamp`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_lag_clamp(vlag: i64, limit: i64, vroom: i64) -> i64 {
    latency_debt::lag_clamp(vlag, limit, vroom)
}

#[kunit_tests(sched_policy_latency_debt)]
mod latency_debt_tests {
    use super::latency::LatencyNice;
    use super::latency_debt::{credit_nice, debt_room, lag_clamp, run_on_kept, runs_on};

    #[test]
    fn credit_follows_the_allowed_value() {
        let ln = LatencyNice::new;
        assert_eq!(credit_nice(ln(-20), false, false), ln(-20));
        assert_eq!(credit_nice(ln(5), false, false), ln(0));
        assert_eq!(credit_nice(ln(-20), true, false), ln(0));
        assert_eq!(credit_nice(ln(-20), false, true), ln(0));
        assert!(runs_on(ln(-1), true));
        assert!(!runs_on(ln(-1), false));
        assert!(!runs_on(ln(0), true));
    }

    #[test]
    fn run_on_ends_for_a_sensitive_wakee_only() {
        let ln = LatencyNice::new;
        assert!(run_on_kept(ln(0), false, true));
        assert!(run_on_kept(ln(19), false, true));
        assert!(run_on_kept(ln(-20), true, true));
        assert!(run_on_kept(ln(-20), false, false));
        assert!(!run_on_kept(ln(-20), false, true));
    }

    #[test]
    fn room_and_clamp_keep_the_debt() {
        assert_eq!(debt_room(5, 3, 2, true), 5);
        assert_eq!(debt_room(9, 3, 2, true), 5);
        assert_eq!(debt_room(9, 3, 2, false), 9);
        assert_eq!(debt_room(4, 3, 2, false), 5);
        assert_eq!(lag_clamp(-100, 10, 30), -40);
        assert_eq!(lag_clamp(-25, 10, 30), -25);
        assert_eq!(lag_clamp(100, 10, 30), 10);
        assert_eq!(lag_clamp(i64::MIN, i64::MAX, i64::MAX), -i64::MAX);
    }
}
