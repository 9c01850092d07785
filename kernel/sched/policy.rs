// SPDX-License-Identifier: GPL-2.0

//! Scheduler policy math in Rust, called from the C scheduler.
//!
//! The policy modules under `kernel/sched/policy/` are pure, `no_std`, integer-only functions with
//! no dependency on the `kernel` crate, so the same source files also build into a host crate
//! (`tools/testing/sched-policy`) that checks them against the C formulas they replace. This crate
//! root only adds the C ABI (`#[export]`, checked against the prototypes in
//! `include/linux/sched/policy.h`) and the KUnit suites.
//!
//! Every function here runs with `rq->lock` held and `CONFIG_RUST_OVERFLOW_CHECKS` may be on:
//! nothing may allocate, sleep or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_credit.rs"]
pub mod latency_credit;
#[path = "policy/latency_offset.rs"]
pub mod latency_offset;
#[path = "policy/latency_tables.rs"]
pub mod latency_tables;
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

/// The slice a task with `latency_nice` asks for, see [`latency::latency_slice`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_calc_slice(base_slice: u64, latency_nice: i32) -> u64 {
    latency::latency_slice(base_slice, latency_nice, prio_to_weight())
}

/// The slice of a group entity, see [`latency::group_slice`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_group_slice(
    child_min_slice: u64,
    base_slice: u64,
    group_latency_nice: i32,
) -> u64 {
    latency::group_slice(
        child_min_slice,
        base_slice,
        group_latency_nice,
        prio_to_weight(),
    )
}

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
) -> u32 {
    latency_offset::wakeup_action(
        curr_latency_nice,
        wakee_latency_nice,
        wakee_key_before_curr,
        wakee_eligible,
    ) as u32
}

/// The latency credit (ns) of an entity, see [`latency_credit::latency_credit`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_calc_credit(base_slice: u64, latency_nice: i32) -> u64 {
    latency_credit::latency_credit(base_slice, latency_nice)
}

/// Fills `tables` for `base_slice`, see [`latency_tables::fill_latency_tables`].
///
/// # Safety
///
/// `tables` must point to a `struct latency_nice_tables` that nothing else writes during the
/// call (the C glue serializes its updates).
#[export]
pub unsafe extern "C" fn latency_nice_fill_tables(
    base_slice: u64,
    tables: *mut kernel::bindings::latency_nice_tables,
) {
    // SAFETY: the caller passes a valid, exclusively held table (see `# Safety`).
    let tables = unsafe { &mut *tables };
    latency_tables::fill_latency_tables(
        base_slice,
        prio_to_weight(),
        &mut tables.slice,
        &mut tables.offset,
        &mut tables.credit,
    );
}

/// The kernel's `sched_prio_to_weight[]` (kernel/sched/core.c).
fn prio_to_weight() -> &'static latency::PrioToWeight {
    // SAFETY: a `const` array defined in C, in read-only data: never written, always valid.
    unsafe { &kernel::bindings::sched_prio_to_weight }
}

#[kunit_tests(sched_policy_latency)]
mod latency_tests {
    use super::latency::{LATENCY_SLICE_MAX_NS, LATENCY_SLICE_MIN_NS};

    /// The mapping with the kernel's own weight table.
    fn latency_slice(base_slice: u64, latency_nice: i32) -> u64 {
        super::latency::latency_slice(base_slice, latency_nice, super::prio_to_weight())
    }

    /// Base slices of 1, 2, 4 and >= 8 CPUs, and extremes.
    const BASES: [u64; 7] = [0, 1, 700_000, 1_400_000, 2_100_000, 2_800_000, u64::MAX];

    #[test]
    fn zero_is_the_base_slice() {
        for base in BASES {
            assert_eq!(latency_slice(base, 0), base);
        }
    }

    #[test]
    fn monotonic_and_bounded() {
        for base in BASES {
            let mut prev = 0;
            for ln in -20..=19 {
                let s = latency_slice(base, ln);
                assert!(s >= prev);
                assert!(s >= LATENCY_SLICE_MIN_NS.min(base));
                assert!(s <= LATENCY_SLICE_MAX_NS.max(base));
                prev = s;
            }
        }
    }

    #[test]
    fn default_base_slice_values() {
        assert_eq!(latency_slice(2_800_000, -20), 100_000);
        assert_eq!(latency_slice(2_800_000, -5), 918_679);
        assert_eq!(latency_slice(2_800_000, 19), 100_000_000);
    }
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
        assert_eq!(wakeup_action(0, 0, true, true), WakeupAction::Default);
        assert_eq!(wakeup_action(0, -20, true, true), WakeupAction::Preempt);
        assert_eq!(wakeup_action(0, -20, true, false), WakeupAction::Default);
        assert_eq!(wakeup_action(-20, -20, true, true), WakeupAction::Default);
        assert_eq!(wakeup_action(19, 0, false, true), WakeupAction::Keep);
        assert_eq!(wakeup_action(19, 0, true, true), WakeupAction::Default);
        assert_eq!(wakeup_action(-20, 0, false, true), WakeupAction::Keep);
        assert_eq!(wakeup_action(-20, 0, true, true), WakeupAction::Default);
    }
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
