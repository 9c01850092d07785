// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/latency_group_nice.rs`: the value a task of a Linux 7.3 group is
//! scheduled with, folded over every path of groups the glue can meet.

use proptest::prelude::*;
use sched_policy::latency::LatencyNice;
use sched_policy::latency_group_nice::restrict;

/// What the cgroup documentation promises for a path of values, outermost first, then the
/// task's own: the innermost value set, unless a value set outside it is higher (more tolerant).
fn documented(path: &[i32]) -> i32 {
    let set: Vec<i32> = path.iter().copied().filter(|v| *v != 0).collect();
    set.iter().copied().max().unwrap_or(0)
}

/// `tg_latency_nice_eff()` then `se_latency_nice_eff()`: fold from the task outward.
fn folded(path: &[i32]) -> i32 {
    path.iter()
        .rev()
        .fold(LatencyNice::DEFAULT, |inner, &outer| {
            restrict(LatencyNice::new(outer), inner)
        })
        .get()
}

#[test]
fn every_path_of_three_groups_and_a_task() {
    let values = [-20, -7, -1, 0, 1, 5, 19];
    for a in values {
        for b in values {
            for c in values {
                for own in values {
                    let path = [a, b, c, own];
                    assert_eq!(folded(&path), documented(&path), "{path:?}");
                }
            }
        }
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
