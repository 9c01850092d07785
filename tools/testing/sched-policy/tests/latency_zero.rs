// SPDX-License-Identifier: GPL-2.0

//! Every rule of `kernel/sched/policy/` is the identity at latency_nice 0: what lets the C glue
//! test one stored field (`se->latency_allowed`, `se->credit_nice`, `se->latency_debt_room`,
//! `se->slice` against the base slice) and take mainline's path without calling the rule. Each
//! assertion below names the guard in `fair.c` or `sched.h` that relies on it; if a rule ever
//! gives 0 a meaning of its own, its guard must go and this test says which.

use proptest::prelude::*;
use sched_policy::latency::{LatencyNice, Weight};
use sched_policy::latency_debt::{credit_nice, debt_room, lag_clamp, runs_on};
use sched_policy::latency_group_nice::{effective, Setting};
use sched_policy::latency_group_slice::outward_slice;
use sched_policy::latency_offset::{
    latency_offset, offset_vtime, wakeup_action, Offset, VirtualOffset, WakeupAction,
};
use sched_policy::latency_permission::allowed;
use sched_policy::latency_pick::{core_vdelta, in_latency_tree, latency_pick, LatencyPick};
use sched_policy::latency_yield::{capped_lag, keeps_current, yields_to};

const ZERO: LatencyNice = LatencyNice::DEFAULT;
const BOOLS: [bool; 2] = [false, true];

/// `se_latency_allowed_update()`: an entity whose effective value is 0 is allowed 0, whatever
/// its own value and withheld steps (7.2: a task at 0; 7.3: no group restricts it either).
#[test]
fn allowed_is_zero_at_zero() {
    for own in -20..=19 {
        for withheld in 0..=20u8 {
            assert_eq!(allowed(ZERO, LatencyNice::new(own), withheld), ZERO);
        }
    }
    assert_eq!(allowed(ZERO, ZERO, 0), ZERO);
    // 7.3's fold: no group set leaves a task at 0 at 0, and so does a group set to 0.
    assert_eq!(effective(Setting::UNSET, ZERO), ZERO);
    assert_eq!(effective(Setting::set(ZERO), ZERO), ZERO);
}

/// `update_latency_credit()`, `latency_tree_wants()`, `latency_run()`: at allowed 0 no credit,
/// no tree, no run-on, delayed or idle or not.
#[test]
fn no_credit_tree_or_run_on_at_zero() {
    for delayed in BOOLS {
        for idle in BOOLS {
            assert_eq!(credit_nice(ZERO, delayed, idle), ZERO);
            assert!(!in_latency_tree(ZERO, delayed, idle));
        }
    }
    for latency_run in BOOLS {
        assert!(!runs_on(ZERO, latency_run));
    }
}

/// `latency_debt_room_update()`: no credit, no run slice and no room left is no room.
#[test]
fn no_room_without_credit() {
    for reset in BOOLS {
        assert_eq!(debt_room(0, 0, 0, reset), 0);
    }
}

/// `latency_voffset()`, `latency_wakeup()`, `cfs_prio_less()`: 0's offset is 0 for any base
/// slice and weight, two entities at 0 leave the wakeup to EEVDF, and 0 offsets leave core
/// scheduling's order alone.
#[test]
fn no_offset_or_wakeup_rule_at_zero() {
    for base in [0, 1, 750_000, 3_000_000, u64::MAX] {
        assert_eq!(latency_offset(base, ZERO), Offset(0));
    }
    for w in [1, 15, 1024, 88_761, u64::MAX] {
        assert_eq!(offset_vtime(Offset(0), Weight::new(w)), VirtualOffset(0));
    }
    for before in BOOLS {
        for wakee_eligible in BOOLS {
            for curr_eligible in BOOLS {
                assert_eq!(
                    wakeup_action(ZERO, ZERO, before, wakee_eligible, curr_eligible),
                    WakeupAction::Default
                );
            }
        }
    }
}

/// `pick_latency()`: an empty latency tree and no member current keep EEVDF's pick.
#[test]
fn empty_tree_keeps_eevdfs_pick() {
    for best in [0, 1, u64::MAX / 2, u64::MAX] {
        assert_eq!(latency_pick(best, None, None), LatencyPick::Best);
    }
}

proptest! {
    /// `latency_lag_clamp()`: with no debt room the clamp is mainline's.
    #[test]
    fn clamp_without_room_is_mainlines(vlag in any::<i64>(), limit in 0..=i64::MAX / 2) {
        prop_assert_eq!(lag_clamp(vlag, limit, 0), vlag.clamp(-limit, limit));
    }

    /// `se_outward_slice_update()`: a slice equal to the base slice goes outward as it is.
    #[test]
    fn base_slice_goes_out_as_it_is(slice in any::<u64>(), is_task in any::<bool>(),
                                    custom in any::<bool>()) {
        prop_assert_eq!(outward_slice(is_task, custom, slice, slice), slice);
    }

    /// `cfs_prio_less()`: offsets of 0 leave the vruntime difference as it is.
    #[test]
    fn core_order_without_offsets(vdelta in any::<i64>(), a_idle in any::<bool>(),
                                  b_idle in any::<bool>()) {
        prop_assert_eq!(core_vdelta(vdelta, VirtualOffset(0), a_idle, VirtualOffset(0), b_idle),
                        vdelta);
    }
}

/// `pick_yield()`: EEVDF's choice at 0 (or below) never yields, so the pick tests its stored
/// value (`se->latency_allowed > 0`) and calls nothing otherwise; and a queue with no entity
/// above 0 keeps mainline's pick (`se_latency_yields()`).
#[test]
fn no_yield_at_zero() {
    for other in -20..=19 {
        for protected in BOOLS {
            for delayed in BOOLS {
                assert!(!keeps_current(
                    ZERO,
                    LatencyNice::new(other),
                    protected,
                    delayed
                ));
                assert!(!keeps_current(
                    LatencyNice::new(-20),
                    LatencyNice::new(other),
                    protected,
                    delayed
                ));
            }
        }
        assert!(!yields_to(ZERO, LatencyNice::new(other)));
    }
    // `latency_lag_clamp()`: at 0 the ceiling leaves the lag alone.
    for vlag in [i64::MIN, -1, 0, 1, i64::MAX] {
        assert_eq!(capped_lag(ZERO, vlag, 0), vlag);
    }
}
