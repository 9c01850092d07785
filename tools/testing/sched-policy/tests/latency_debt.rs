// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/latency_debt.rs`: which latency_nice the credit follows, run-on, the debt
//! room and the lag clamp. The EEVDF model (`eevdf_model.rs`) checks the bounds they give
//! together; these are each function's own properties, over every input the glue can pass.

use proptest::prelude::*;
use sched_policy::latency::LatencyNice;
use sched_policy::latency_debt::{
    credit_nice, debt_room, lag_clamp, run_on_kept, run_slice, runs_on,
};

#[test]
fn credit_nice_is_the_allowed_value_below_0() {
    for allowed in -20..=19 {
        let ln = LatencyNice::new(allowed);
        let want = LatencyNice::new(allowed.min(0));
        assert_eq!(credit_nice(ln, false, false), want);
        // Delayed or idle: no credit, whatever was allowed.
        for (delayed, idle) in [(true, false), (false, true), (true, true)] {
            assert_eq!(credit_nice(ln, delayed, idle), LatencyNice::DEFAULT);
        }
        assert_eq!(runs_on(credit_nice(ln, false, false), true), allowed < 0);
        assert!(!runs_on(credit_nice(ln, false, false), false));
    }
}

#[test]
fn run_slice_is_the_base_slice_or_mainlines_quantum() {
    assert_eq!(run_slice(true, 2_800_000, 700_000), 2_800_000);
    assert_eq!(run_slice(false, 2_800_000, 700_000), 700_000);
}

/// Every combination: only a latency-sensitive wakee owed service ends run-on.
#[test]
fn run_on_kept_every_case() {
    for ln in -20..=19 {
        for (delayed, eligible) in [(false, false), (false, true), (true, false), (true, true)] {
            let got = run_on_kept(LatencyNice::new(ln), delayed, eligible);
            let want = !(ln < 0 && !delayed && eligible);
            assert_eq!(got, want, "ln {ln} delayed {delayed} eligible {eligible}");
        }
    }
}

#[test]
fn known_rooms_and_clamps() {
    // At a pick the room is what it is picked on, lower or higher than before.
    assert_eq!(debt_room(9_000, 2_800_000, 2_800_000, true), 5_600_000);
    assert_eq!(debt_room(9_000_000, 2_800_000, 0, true), 2_800_000);
    // While it runs it only grows.
    assert_eq!(debt_room(9_000_000, 2_800_000, 0, false), 9_000_000);
    assert_eq!(debt_room(1, 2_800_000, 0, false), 2_800_000);
    assert_eq!(debt_room(0, u64::MAX, u64::MAX, true), u64::MAX);
    // Mainline's clamp at room 0; the room widens it below only.
    assert_eq!(lag_clamp(-5_000_000, 3_800_000, 0), -3_800_000);
    assert_eq!(lag_clamp(-5_000_000, 3_800_000, 2_800_000), -5_000_000);
    assert_eq!(lag_clamp(-9_000_000, 3_800_000, 2_800_000), -6_600_000);
    assert_eq!(lag_clamp(9_000_000, 3_800_000, 2_800_000), 3_800_000);
    assert_eq!(lag_clamp(i64::MIN, i64::MAX, i64::MAX), -i64::MAX);
    assert_eq!(lag_clamp(7, -1, -1), 0);
}

proptest! {
    /// The clamp keeps every lag between `-(limit + vroom)` and `limit`, moves none that lies
    /// there, and forgives no debt the room covers: a wider room never raises a saved lag.
    #[test]
    fn clamp_bounds(vlag in any::<i64>(), limit in 0..=i64::MAX / 2, vroom in 0..=i64::MAX / 2,
                    more in 0..=i64::MAX / 4) {
        let got = lag_clamp(vlag, limit, vroom);
        prop_assert!(got <= limit && got >= -(limit + vroom));
        if vlag <= limit && vlag >= -(limit + vroom) {
            prop_assert_eq!(got, vlag);
        }
        prop_assert!(lag_clamp(vlag, limit, vroom + more) <= got);
        prop_assert_eq!(lag_clamp(vlag, limit, 0), vlag.clamp(-limit, limit));
    }

    /// The room at a pick is the credit plus the run slice; while the entity runs it never
    /// drops below what it was nor below that sum.
    #[test]
    fn room_never_drops_while_running(room in any::<u64>(), credit in 0..=1_000_000_000u64,
                                      run in 0..=1_000_000_000u64) {
        prop_assert_eq!(debt_room(room, credit, run, true), credit + run);
        let kept = debt_room(room, credit, run, false);
        prop_assert!(kept >= room && kept >= credit + run);
        prop_assert!(kept == room || kept == credit + run);
    }
}
