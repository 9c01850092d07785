// SPDX-License-Identifier: GPL-2.0

//! latency_nice: the latency offset (a table for the live base slice), its virtual form, and the
//! wakeup decision.
//!
//! The math is `kernel/sched/policy/latency_offset.rs` (on top of `latency.rs`), a pure, `no_std`,
//! integer-only module with no dependency on the `kernel` crate, so that the same file also builds
//! into a host crate (`tools/testing/sched-policy`) that tests it against the C formula it replaces
//! or a model. This crate only adds the C ABI (`#[export]`, checked against the prototypes in
//! `include/linux/sched/policy/latency_offset.h`) and the KUnit suite.
//!
//! `latency_nice_tables_update()` fills the offset table under its raw spinlock; the latency key
//! (`latency_key()`), wakeup preemption, the latency tree and core scheduling call the rest with
//! `rq->lock` held, and `CONFIG_RUST_OVERFLOW_CHECKS` may be on: nothing here may allocate, sleep
//! or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_offset.rs"]
pub mod latency_offset;

/// Fills `table` with the latency offset of every latency_nice for `base_slice`, see
/// [`latency_offset::fill_offset_table`].
///
/// # Safety
///
/// `table` must point to a table that nothing else accesses during the call (the C glue fills
/// a scratch copy under its lock).
#[export]
pub unsafe extern "C" fn latency_nice_fill_offset(
    base_slice: u64,
    table: *mut [i64; latency::LATENCY_TABLE_LEN],
) {
    // SAFETY: the caller passes a valid table, held exclusively (see `# Safety`).
    let table = unsafe { &mut *table };
    latency_offset::fill_offset_table(base_slice, table);
}

/// `offset` in the virtual time of an entity of weight `weight`, see
/// [`latency_offset::offset_vtime`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_voffset(offset: i64, weight: u64) -> i64 {
    latency_offset::offset_vtime(latency_offset::Offset(offset), latency::Weight::new(weight)).0
}

const _: () = {
    use latency_offset::WakeupAction;
    assert!(latency::NICE_0_WEIGHT == 1 << kernel::bindings::SCHED_FIXEDPOINT_SHIFT);
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
        latency::LatencyNice::new(curr_latency_nice),
        latency::LatencyNice::new(wakee_latency_nice),
        wakee_key_before_curr,
        wakee_eligible,
        curr_eligible,
    ) as u32
}

#[kunit_tests(sched_policy_latency_offset)]
mod latency_offset_tests {
    use super::latency::{Weight, LATENCY_TABLE_LEN};
    use super::latency_offset::{
        fill_offset_table, latency_offset, offset_vtime, wakeup_action, Offset, VirtualOffset,
        WakeupAction,
    };

    /// [`offset_vtime`] on bare numbers.
    fn vtime(offset: i64, weight: u64) -> i64 {
        offset_vtime(Offset(offset), Weight::new(weight)).0
    }

    #[test]
    fn offsets() {
        assert_eq!(latency_offset(2_800_000, 0), Offset(0));
        assert_eq!(latency_offset(2_800_000, -20), Offset(-2_800_000));
        assert_eq!(latency_offset(2_800_000, 19), Offset(2_660_000));
        assert_eq!(latency_offset(u64::MAX, -20), Offset(-1_000_000_000));
        let mut table = [0; LATENCY_TABLE_LEN];
        fill_offset_table(2_800_000, &mut table);
        assert_eq!((table[0], table[20], table[39]), (-2_800_000, 0, 2_660_000));
    }

    #[test]
    fn virtual_offsets() {
        assert_eq!(
            offset_vtime(Offset(-2_800_000), Weight::NICE_0),
            VirtualOffset(-2_800_000)
        );
        assert_eq!(vtime(-2_800_000, 2048), -1_400_000);
        assert_eq!(vtime(-2_800_000, 0), -2_800_000);
        assert_eq!(vtime(-2_800_000, 15), -191_146_666);
        assert_eq!(vtime(i64::MIN, 1), i64::MIN);
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
