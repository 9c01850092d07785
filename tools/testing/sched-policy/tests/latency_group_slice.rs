// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/latency_group_slice.rs`: the request a Linux 7.2 group entity makes of
//! its siblings, with the slices the kernel's table holds.

use proptest::prelude::*;
use sched_policy::c_ref;
use sched_policy::latency::{latency_slice, LatencyNice};
use sched_policy::latency_group_slice::{group_slice, outward_slice};

const BASE_8CPU: u64 = 2_800_000;

/// The slice of a group entity at `ln` whose queue's shortest outward request is `child`, with
/// the slice the table holds for `ln` (what `group_se_slice()` passes).
fn group_at(ln: i32, child: u64) -> u64 {
    let t = c_ref::sched_prio_to_weight();
    group_slice(
        LatencyNice::new(ln),
        child,
        latency_slice(BASE_8CPU, ln, &t),
    )
}

#[test]
fn group_rule() {
    let t = c_ref::sched_prio_to_weight();
    // Unset group: mainline min-slice propagation, whatever the children ask.
    for child in [100_000, BASE_8CPU, u64::MAX] {
        assert_eq!(group_at(0, child), child);
    }
    // Set group: its own latency_nice, whatever the children ask.
    for ln in (-20..=19).filter(|ln| *ln != 0) {
        for child in [100_000, BASE_8CPU, 100_000_000] {
            assert_eq!(group_at(ln, child), latency_slice(BASE_8CPU, ln, &t));
        }
    }
}

/// A group at 0 whose queue holds tasks at any latency_nice without a custom slice asks for the
/// base slice; a custom slice or a child group's request below it still reaches it.
#[test]
fn task_latency_nice_stays_in_group() {
    let t = c_ref::sched_prio_to_weight();
    for ln in -20..=19 {
        let derived = latency_slice(BASE_8CPU, ln, &t);
        let queue = [
            outward_slice(true, false, derived, BASE_8CPU),
            outward_slice(true, false, BASE_8CPU, BASE_8CPU),
        ];
        let min = queue.into_iter().min().unwrap_or(u64::MAX);
        assert_eq!(group_at(0, min), BASE_8CPU, "latency_nice {ln}");
    }
    let custom = outward_slice(true, true, 100_000, BASE_8CPU);
    assert_eq!(group_at(0, custom.min(BASE_8CPU)), 100_000);
    let child = outward_slice(false, true, latency_slice(BASE_8CPU, -20, &t), BASE_8CPU);
    assert_eq!(
        group_at(0, child.min(BASE_8CPU)),
        latency_slice(BASE_8CPU, -20, &t)
    );
}

proptest! {
    /// A group's slice is its children's minimum or its own value's, never anything else.
    #[test]
    fn a_group_takes_its_children_s_or_its_own(
        ln in any::<i32>(),
        child in any::<u64>(),
        own in any::<u64>(),
    ) {
        let g = group_slice(LatencyNice::new(ln), child, own);
        prop_assert!(g == child || g == own);
        prop_assert_eq!(g == child, LatencyNice::new(ln) == LatencyNice::DEFAULT || child == own);
    }
}
