// SPDX-License-Identifier: GPL-2.0

//! latency_nice: the value a task of a group is scheduled with (Linux 7.3).
//!
//! The math is `kernel/sched/policy/latency_group_nice.rs` (on top of `latency.rs`), a pure,
//! `no_std`, integer-only module with no dependency on the `kernel` crate, so that the same file
//! also builds into a host crate (`tools/testing/sched-policy`) whose tests and EEVDF model call
//! these functions. This crate only adds the C ABI (`#[export]`, checked against the prototype in
//! `include/linux/sched/policy/latency_group_nice.h`) and the KUnit suite.
//!
//! The fair class calls [`latency_nice_restrict`] for each group with a value set on the way to
//! the root when a `cpu.latency.nice` on the path is written or a group comes online, and
//! [`latency_nice_effective`] with `rq->lock` held for a task of such a group wherever its
//! effective value is read; the file's write and read convert with
//! [`latency_nice_group_setting`] and [`latency_nice_setting_value`].
//! `CONFIG_RUST_OVERFLOW_CHECKS` may be on: nothing here may allocate, sleep or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_group_nice.rs"]
pub mod latency_group_nice;

use latency::LatencyNice;
use latency_group_nice::Setting;

const _: () = {
    // The header's names for the encoding the glue stores.
    assert!(Setting::UNSET.raw() as i64 == kernel::bindings::LATENCY_NICE_UNSET as i64);
    assert!(Setting::SET_ZERO.raw() as i64 == kernel::bindings::LATENCY_NICE_SET_ZERO as i64);
};

/// The setting that decides below a group set to `outer` for a group or task set to `inner`,
/// see [`latency_group_nice::restrict`]; settings in the glue's encoding ([`Setting`]).
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_restrict(outer: i32, inner: i32) -> i32 {
    latency_group_nice::restrict(Setting::from_raw(outer), Setting::from_raw(inner)).raw()
}

/// The latency_nice a task at `own` is scheduled with below groups that fold to the setting
/// `groups`, see [`latency_group_nice::effective`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_effective(groups: i32, own: i32) -> i32 {
    latency_group_nice::effective(Setting::from_raw(groups), LatencyNice::new(own)).get()
}

/// The setting a write of `value` to `cpu.latency.nice` stores ([`Setting::set`]).
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_group_setting(value: i32) -> i32 {
    Setting::set(LatencyNice::new(value)).raw()
}

/// The value `cpu.latency.nice` reads for a stored setting: the value set, or 0.
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_setting_value(setting: i32) -> i32 {
    Setting::from_raw(setting).value().get()
}

#[kunit_tests(sched_policy_latency_group_nice)]
mod latency_group_nice_tests {
    use super::latency::LatencyNice;
    use super::latency_group_nice::{effective, restrict, Setting};

    #[test]
    fn the_innermost_value_within_what_the_outer_allow() {
        let set = |v| Setting::set(LatencyNice::new(v));
        let unset = Setting::UNSET;
        assert_eq!(restrict(unset, unset), unset);
        assert_eq!(restrict(set(-20), unset), set(-20));
        assert_eq!(restrict(unset, set(-20)), set(-20));
        // A sub-group may be more tolerant, never more sensitive.
        assert_eq!(restrict(set(-20), set(19)), set(19));
        assert_eq!(restrict(set(-5), set(-20)), set(-5));
        assert_eq!(restrict(set(10), set(-3)), set(10));
        // A sub-group set to 0 stops a slice's -20; one never written does not.
        assert_eq!(restrict(set(-20), set(0)), Setting::SET_ZERO);
        assert_eq!(effective(set(0), LatencyNice::new(0)).get(), 0);
        assert_eq!(effective(set(-20), LatencyNice::new(0)).get(), -20);
        assert_eq!(effective(set(0), LatencyNice::new(-20)).get(), 0);
        assert_eq!(effective(unset, LatencyNice::new(-20)).get(), -20);
        // The encoding: unset is 0, a set 0 is 20, anything else out of range is unset.
        assert_eq!((unset.raw(), Setting::SET_ZERO.raw()), (0, 20));
        assert_eq!(Setting::from_raw(21), unset);
        assert_eq!(Setting::from_raw(-21), unset);
    }
}
