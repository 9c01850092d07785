// SPDX-License-Identifier: GPL-2.0

//! latency_nice: the latency offset, the latency key and the wakeup decision.
//!
//! The math is `kernel/sched/policy/latency_offset.rs` (on top of `latency.rs`), a pure, `no_std`,
//! integer-only module with no dependency on the `kernel` crate, so that the same file also builds
//! into a host crate (`tools/testing/sched-policy`) that tests it against the C formula it replaces
//! or a model. This crate only adds the C ABI (`#[export]`, checked against the prototypes in
//! `include/linux/sched/policy/latency_offset.h`) and the KUnit suite.
//!
//! Wakeup preemption, the latency tree and core scheduling call it with `rq->lock` held, and
//! `CONFIG_RUST_OVERFLOW_CHECKS` may be on: nothing here may allocate, sleep or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_offset.rs"]
pub mod latency_offset;

/// The virtual latency offset of an entity, see [`latency_offset::latency_voffset`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_calc_voffset(
    base_slice: u64,
    latency_nice: i32,
    weight: u64,
) -> i64 {
    latency_offset::latency_voffset(base_slice, latency_nice, weight)
}

/// The latency key of an entity, see [`latency_offset::latency_key`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_key(
    deadline: u64,
    base_slice: u64,
    latency_nice: i32,
    weight: u64,
) -> u64 {
    latency_offset::latency_key(deadline, base_slice, latency_nice, weight)
}

// The C glue compares what latency_nice_wakeup_action() returns with the LATENCY_NICE_WAKEUP_*
// constants of policy.h: a value changed on one side only fails the build here.
const _: () = {
    use latency_offset::WakeupAction;
    assert!(WakeupAction::Default as u32 == kernel::bindings::LATENCY_NICE_WAKEUP_DEFAULT);
    assert!(WakeupAction::Preempt as u32 == kernel::bindings::LATENCY_NICE_WAKEUP_PREEMPT);
    assert!(WakeupAction::Keep as u32 == kernel::bindings::LATENCY_NICE_WAKEUP_KEEP);
};

/// The latency_nice wakeup decision, see [`latency_offset::wakeup_action`]; returns a
/// `LATENCY_NICE_WAKEUP_*` value.
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_wakeup_action(
    curr_latency_nice: i32,
    wakee_latency_nice: i32,
    wakee_key_before_curr: bool,
    wakee_eligible: bool,
    curr_eligible: bool,
) -> u32 {
    latency_offset::wakeup_action(
        curr_latency_nice,
        wakee_latency_nice,
        wakee_key_before_curr,
        wakee_eligible,
        curr_eligible,
    ) as u32
}

#[kunit_tests(sched_policy_latency_offset)]
mod latency_offset_tests {
    use super::latency_offset::{
        latency_key, latency_offset, latency_voffset, wakeup_action, WakeupAction,
    };

    #[test]
    fn offsets() {
        assert_eq!(latency_offset(2_800_000, 0), 0);
        assert_eq!(latency_offset(2_800_000, -20), -2_800_000);
        assert_eq!(latency_offset(2_800_000, 19), 2_660_000);
        assert_eq!(latency_offset(u64::MAX, -20), -1_000_000_000);
        assert_eq!(latency_voffset(2_800_000, -20, 2048), -1_400_000);
        assert_eq!(latency_voffset(2_800_000, -20, 0), -2_800_000);
    }

    #[test]
    fn keys_wrap_like_vruntime() {
        // Below 5 by 2.8 ms: wraps around zero, and compares as before 5, as the C glue does.
        let k = latency_key(5, 2_800_000, -20, 1024);
        assert_eq!(k, 5u64.wrapping_sub(2_800_000));
        assert!((k.wrapping_sub(5) as i64) < 0);
        assert_eq!(latency_key(77, 2_800_000, 0, 1024), 77);
    }

    #[test]
    fn wakeup_decisions() {
        use WakeupAction::*;
        // (current, wakee, wakee's key first, wakee eligible, current eligible) -> decision
        let cases = [
            (0, 0, true, true, true, Default),
            (0, -20, true, true, true, Preempt),
            (0, -20, true, false, true, Default),
            (-20, -20, true, true, true, Default),
            (19, 0, false, true, true, Keep),
            (19, 0, true, true, true, Default),
            (-20, 0, false, true, true, Keep),
            (-20, 0, true, true, true, Default),
            (-20, 0, false, true, false, Default),
            (19, 0, false, true, false, Default),
        ];
        for (c, w, b, e, ce, want) in cases {
            assert_eq!(wakeup_action(c, w, b, e, ce), want);
        }
    }
}
