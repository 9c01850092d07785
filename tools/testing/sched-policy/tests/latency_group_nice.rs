// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/latency_group_nice.rs`: the value a task of a Linux 7.3 group is
//! scheduled with, folded over every path of groups the glue can meet.

use proptest::prelude::*;
use sched_policy::latency::LatencyNice;
use sched_policy::latency_group_nice::restrict;

/// `tg_latency_nice_eff()` then `se_latency_nice_eff()`: fold from the task outward.
fn folded(path: &[i32]) -> i32 {
    path.iter()
        .rev()
        .fold(LatencyNice::DEFAULT, |inner, &outer| {
            restrict(LatencyNice::new(outer), inner)
        })
        .get()
}

/// Paths of three groups (outermost first) and a task, with the value the cgroup-v2 text says
/// the task is scheduled at, written out by hand: the innermost value set, unless a value set
/// outside it is higher (more tolerant); 0 where none is set.
#[test]
fn three_groups_and_a_task_by_hand() {
    let table: [([i32; 4], i32, &str); 18] = [
        ([0, 0, 0, 0], 0, "nothing set"),
        ([0, 0, 0, -20], -20, "the task alone"),
        ([0, 0, 0, 19], 19, "the task alone, tolerant"),
        ([-20, 0, 0, 0], -20, "the outermost group alone"),
        ([0, -20, 0, 0], -20, "the middle group alone"),
        ([-20, 0, 0, -7], -7, "a task more tolerant than its slice"),
        ([-7, 0, 0, -20], -7, "a task cannot go below its slice"),
        ([-20, 19, 0, -20], 19, "a batch sub-group of a -20 slice"),
        (
            [19, -20, 0, 0],
            19,
            "a sub-group cannot go below its parent",
        ),
        ([0, -7, 0, -1], -1, "the task, the more tolerant"),
        ([0, -1, 0, -7], -1, "the group, the more tolerant"),
        ([5, 0, -20, 0], 5, "an outer 5 bounds an inner -20"),
        ([-20, -7, -1, 0], -1, "the innermost group, the highest"),
        ([-1, -7, -20, -20], -1, "the outermost group, the highest"),
        ([0, 0, 1, 5], 5, "the task above its group"),
        ([1, 0, 0, 0], 1, "an outer 1 alone"),
        (
            [-20, -20, -20, 19],
            19,
            "a tolerant task in a sensitive path",
        ),
        ([19, 19, 19, -20], 19, "a sensitive task in a tolerant path"),
    ];
    for (path, want, what) in table {
        assert_eq!(folded(&path), want, "{what}: {path:?}");
    }
}

#[test]
fn restricts_never_grants() {
    let ln = LatencyNice::new;
    // A delegated sub-group or a task may make itself more tolerant...
    assert_eq!(restrict(ln(-20), ln(19)), ln(19));
    // ...and never more latency-sensitive than a value set above it.
    assert_eq!(restrict(ln(-5), ln(-20)), ln(-5));
    // An unset group takes the value below, an unset task its group's.
    assert_eq!(restrict(ln(0), ln(-20)), ln(-20));
    assert_eq!(restrict(ln(-20), ln(0)), ln(-20));
}

proptest! {
    /// Commutative, associative, 0 its identity, and never below any value set: the fold's
    /// order (from the task outward, or one write's walk) cannot matter.
    #[test]
    fn a_monoid_bounded_below_by_every_value_set(
        a in any::<i32>(),
        b in any::<i32>(),
        c in any::<i32>(),
    ) {
        let (a, b, c) = (LatencyNice::new(a), LatencyNice::new(b), LatencyNice::new(c));
        prop_assert_eq!(restrict(a, b), restrict(b, a));
        prop_assert_eq!(restrict(restrict(a, b), c), restrict(a, restrict(b, c)));
        prop_assert_eq!(restrict(LatencyNice::DEFAULT, a), a);
        let r = restrict(a, b);
        for v in [a, b] {
            prop_assert!(v == LatencyNice::DEFAULT || r >= v);
        }
    }
}
