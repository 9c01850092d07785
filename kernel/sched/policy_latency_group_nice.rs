// SPDX-License-Identifier: GPL-2.0

//! latency_nice: the value a task of a group is scheduled with (Linux 7.3).
//!
//! The math is `kernel/sched/policy/latency_group_nice.rs` (on top of `latency.rs`), a pure,
//! `no_std`, integer-only module with no dependency on the `kernel` crate, so that the same file
//! also builds into a host crate (`tools/testing/sched-policy`) whose tests and EEVDF model call
//! this function. This crate only adds the C ABI (`#[export]`, checked against the prototype in
//! `include/linux/sched/policy/latency_group_nice.h`) and the KUnit suite.
//!
//! The fair class calls [`latency_nice_restrict`] with `rq->lock` held: for each group with a
//! value set on the way to the root when it re-derives a task's group value (at every enqueue
//! once latency_nice is used, and on a `cpu.latency.nice` write), and for a task of such a group
//! wherever its effective value is read. `CONFIG_RUST_OVERFLOW_CHECKS` may be on: nothing here
//! may allocate, sleep or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_group_nice.rs"]
pub mod latency_group_nice;

use latency::LatencyNice;

/// The value that decides below a group at `outer` for one at `inner`, see
/// [`latency_group_nice::restrict`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_restrict(outer: i32, inner: i32) -> i32 {
    latency_group_nice::restrict(LatencyNice::new(outer), LatencyNice::new(inner)).get()
}

#[kunit_tests(sched_policy_latency_group_nice)]
mod latency_group_nice_tests {
    use super::latency::LatencyNice;
    use super::latency_group_nice::restrict;

    #[test]
    fn the_innermost_value_within_what_the_outer_allow() {
        let ln = LatencyNice::new;
        assert_eq!(restrict(ln(0), ln(0)), ln(0));
        assert_eq!(restrict(ln(-20), ln(0)), ln(-20));
        assert_eq!(restrict(ln(0), ln(-20)), ln(-20));
        // A sub-group may be more tolerant, never more sensitive.
        assert_eq!(restrict(ln(-20), ln(19)), ln(19));
        assert_eq!(restrict(ln(-5), ln(-20)), ln(-5));
        assert_eq!(restrict(ln(10), ln(-3)), ln(10));
    }
}
