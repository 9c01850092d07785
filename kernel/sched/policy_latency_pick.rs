// SPDX-License-Identifier: GPL-2.0

//! latency_nice: the latency tree's membership, the latency key, the latency pick and core
//! scheduling's order.
//!
//! The math is `kernel/sched/policy/latency_pick.rs` (on top of `latency.rs`,
//! `latency_offset.rs` and `latency_debt.rs`), a pure, `no_std`, integer-only module with no
//! dependency on the `kernel` crate, so that the same file also builds into a host crate
//! (`tools/testing/sched-policy`) whose EEVDF model picks with these functions. This crate only
//! adds the C ABI (`#[export]`, checked against the prototypes in
//! `include/linux/sched/policy/latency_pick.h`) and the KUnit suite.
//!
//! The fair class calls it with `rq->lock` held (an enqueue into the latency tree, a pick, a
//! wakeup, a core scheduling comparison), and `CONFIG_RUST_OVERFLOW_CHECKS` may be on: nothing
//! here may allocate, sleep or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_debt.rs"]
pub mod latency_debt;
#[path = "policy/latency_offset.rs"]
pub mod latency_offset;
#[path = "policy/latency_pick.rs"]
pub mod latency_pick;

use latency::LatencyNice;
use latency_offset::VirtualOffset;
use latency_pick::LatencyPick;

const _: () = {
    assert!(LatencyPick::Best as u32 == kernel::bindings::LATENCY_PICK_BEST);
    assert!(LatencyPick::First as u32 == kernel::bindings::LATENCY_PICK_FIRST);
    assert!(LatencyPick::Curr as u32 == kernel::bindings::LATENCY_PICK_CURR);
};

/// Whether an entity belongs in the latency tree, see [`latency_pick::in_latency_tree`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_in_tree(allowed: i32, delayed: bool, idle: bool) -> bool {
    latency_pick::in_latency_tree(LatencyNice::new(allowed), delayed, idle)
}

/// The latency key, see [`latency_pick::latency_key`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_key(deadline: u64, voffset: i64) -> u64 {
    latency_pick::latency_key(deadline, VirtualOffset(voffset))
}

/// The latency pick, see [`latency_pick::latency_pick`]; returns a `LATENCY_PICK_*` value.
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_pick(
    best_key: u64,
    has_first: bool,
    first_key: u64,
    has_curr: bool,
    curr_key: u64,
) -> u32 {
    latency_pick::latency_pick(
        best_key,
        has_first.then_some(first_key),
        has_curr.then_some(curr_key),
    ) as u32
}

/// Core scheduling's order, see [`latency_pick::core_vdelta`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_core_vdelta(
    vdelta: i64,
    a_voffset: i64,
    a_idle: bool,
    b_voffset: i64,
    b_idle: bool,
) -> i64 {
    latency_pick::core_vdelta(
        vdelta,
        VirtualOffset(a_voffset),
        a_idle,
        VirtualOffset(b_voffset),
        b_idle,
    )
}

#[kunit_tests(sched_policy_latency_pick)]
mod latency_pick_tests {
    use super::latency::LatencyNice;
    use super::latency_offset::VirtualOffset;
    use super::latency_pick::LatencyPick::{Best, Curr, First};
    use super::latency_pick::{core_vdelta, in_latency_tree, latency_key, latency_pick};

    #[test]
    fn tree_holds_what_the_credit_follows() {
        let ln = LatencyNice::new;
        assert!(in_latency_tree(ln(-1), false, false));
        assert!(!in_latency_tree(ln(0), false, false));
        assert!(!in_latency_tree(ln(-20), true, false));
        assert!(!in_latency_tree(ln(-20), false, true));
    }

    #[test]
    fn pick_takes_a_strictly_earlier_key() {
        assert_eq!(latency_key(u64::MAX, VirtualOffset(2)), 1);
        assert_eq!(latency_key(5, VirtualOffset(-7)), u64::MAX - 1);
        assert_eq!(latency_pick(10, None, None), Best);
        assert_eq!(latency_pick(10, Some(9), None), First);
        assert_eq!(latency_pick(10, Some(10), None), Best);
        assert_eq!(latency_pick(10, Some(9), Some(8)), Curr);
        assert_eq!(latency_pick(10, Some(9), Some(9)), First);
        assert_eq!(latency_pick(10, None, Some(9)), Curr);
        assert_eq!(latency_pick(10, Some(11), Some(12)), Best);
        // Across the wrap: u64::MAX comes before 1.
        assert_eq!(latency_pick(1, Some(u64::MAX), None), First);
    }

    #[test]
    fn core_order_moves_by_offsets_not_for_idle() {
        let off = VirtualOffset;
        assert_eq!(core_vdelta(100, off(-300), false, off(0), false), -200);
        assert_eq!(core_vdelta(100, off(-300), true, off(0), false), 100);
        assert_eq!(core_vdelta(100, off(0), false, off(-300), false), 400);
        assert_eq!(core_vdelta(100, off(0), false, off(-300), true), 100);
    }
}
