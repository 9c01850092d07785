// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/latency_group_nice.rs`: the value a task of a Linux 7.3 group is
//! scheduled with, folded over every path of groups the glue can meet.

use proptest::prelude::*;
use sched_policy::latency::LatencyNice;
use sched_policy::latency_group_nice::{effective, restrict, Setting};

/// A group on a path: never written, or written with a value (0 included).
#[derive(Clone, Copy, Debug)]
enum G {
    Unset,
    Set(i32),
}

fn setting(g: G) -> Setting {
    match g {
        G::Unset => Setting::UNSET,
        G::Set(v) => Setting::set(LatencyNice::new(v)),
    }
}

/// `tg_latency_nice_eff()` (from the group outward, as the glue walks) then
/// `se_latency_nice_eff()`.
fn folded(groups: &[G], own: i32) -> i32 {
    let groups = groups.iter().rev().fold(Setting::UNSET, |inner, &outer| {
        restrict(setting(outer), inner)
    });
    effective(groups, LatencyNice::new(own)).get()
}

/// Paths of three groups (outermost first) and a task's own value, with the value the cgroup-v2
/// text says the task is scheduled at, written out by hand: the innermost value set, unless a
/// value set outside it is higher (more tolerant); 0 where none is set. A group written 0 is
/// set; a task at 0 (the default) is not.
#[test]
fn three_groups_and_a_task_by_hand() {
    use G::{Set, Unset};
    let table: [([G; 3], i32, i32, &str); 22] = [
        ([Unset, Unset, Unset], 0, 0, "nothing set"),
        ([Unset, Unset, Unset], -20, -20, "the task alone"),
        ([Unset, Unset, Unset], 19, 19, "the task alone, tolerant"),
        (
            [Set(-20), Unset, Unset],
            0,
            -20,
            "the outermost group alone",
        ),
        ([Unset, Set(-20), Unset], 0, -20, "the middle group alone"),
        (
            [Set(-20), Unset, Unset],
            -7,
            -7,
            "a task more tolerant than its slice",
        ),
        (
            [Set(-7), Unset, Unset],
            -20,
            -7,
            "a task cannot go below its slice",
        ),
        (
            [Set(-20), Set(19), Unset],
            -20,
            19,
            "a batch sub-group of a -20 slice",
        ),
        (
            [Set(19), Set(-20), Unset],
            0,
            19,
            "a sub-group cannot go below its parent",
        ),
        (
            [Unset, Set(-7), Unset],
            -1,
            -1,
            "the task, the more tolerant",
        ),
        (
            [Unset, Set(-1), Unset],
            -7,
            -1,
            "the group, the more tolerant",
        ),
        (
            [Set(5), Unset, Set(-20)],
            0,
            5,
            "an outer 5 bounds an inner -20",
        ),
        (
            [Set(-20), Set(-7), Set(-1)],
            0,
            -1,
            "the innermost group, the highest",
        ),
        (
            [Set(-1), Set(-7), Set(-20)],
            -20,
            -1,
            "the outermost group, the highest",
        ),
        ([Unset, Unset, Set(1)], 5, 5, "the task above its group"),
        ([Set(1), Unset, Unset], 0, 1, "an outer 1 alone"),
        (
            [Set(-20), Set(-20), Set(-20)],
            19,
            19,
            "a tolerant task in a sensitive path",
        ),
        (
            [Set(19), Set(19), Set(19)],
            -20,
            19,
            "a sensitive task in a tolerant path",
        ),
        (
            [Set(-20), Set(0), Unset],
            0,
            0,
            "a sub-group set to 0 under a -20 slice",
        ),
        ([Set(-20), Set(0), Unset], -20, 0, "a task at -20 in it: 0"),
        (
            [Set(-20), Unset, Set(0)],
            5,
            5,
            "a task above a set 0: its own",
        ),
        ([Set(0), Set(-20), Unset], 0, 0, "a -20 below a set 0: 0"),
    ];
    for (path, own, want, what) in table {
        assert_eq!(folded(&path, own), want, "{what}: {path:?} own {own}");
    }
}

/// The glue's encoding: zeroed memory unset, a set 0 distinct from it, every other value set as
/// itself, and what a file read shows.
#[test]
fn encoding_by_hand() {
    assert_eq!(Setting::UNSET.raw(), 0);
    assert_eq!(Setting::set(LatencyNice::new(0)).raw(), 20);
    assert_eq!(Setting::set(LatencyNice::new(-20)).raw(), -20);
    assert_eq!(Setting::set(LatencyNice::new(19)).raw(), 19);
    assert_eq!(Setting::from_raw(20).value().get(), 0);
    assert_eq!(Setting::from_raw(20).get(), Some(LatencyNice::new(0)));
    assert_eq!(Setting::from_raw(0).get(), None);
    assert_eq!(Setting::from_raw(-7).get(), Some(LatencyNice::new(-7)));
    for bad in [21, -21, i32::MAX, i32::MIN] {
        assert_eq!(Setting::from_raw(bad), Setting::UNSET, "{bad}");
    }
}

fn any_setting() -> impl Strategy<Value = Setting> {
    prop_oneof![
        Just(Setting::UNSET),
        (-20i32..=19).prop_map(|v| Setting::set(LatencyNice::new(v))),
    ]
}

proptest! {
    /// Commutative, associative, unset its identity, and never below any value set: the fold's
    /// order (from the task outward, or one write's walk) cannot matter.
    #[test]
    fn a_monoid_bounded_below_by_every_value_set(
        a in any_setting(),
        b in any_setting(),
        c in any_setting(),
    ) {
        prop_assert_eq!(restrict(a, b), restrict(b, a));
        prop_assert_eq!(restrict(restrict(a, b), c), restrict(a, restrict(b, c)));
        prop_assert_eq!(restrict(Setting::UNSET, a), a);
        let r = restrict(a, b);
        for v in [a, b] {
            if let Some(v) = v.get() {
                prop_assert!(r.value() >= v);
            }
        }
    }

    /// Any stored integer decodes to a setting, and every setting round-trips through it.
    #[test]
    fn every_raw_decodes(raw in any::<i32>(), s in any_setting()) {
        let d = Setting::from_raw(raw);
        prop_assert_eq!(Setting::from_raw(d.raw()), d);
        prop_assert_eq!(Setting::from_raw(s.raw()), s);
    }
}
