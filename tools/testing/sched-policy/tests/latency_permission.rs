// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/latency_permission.rs`: the steps of a latency_nice withheld for want of
//! privilege, and the value an entity is then allowed, over every input the glue can pass.

use proptest::prelude::*;
use sched_policy::latency::LatencyNice;
use sched_policy::latency_permission::{allowed, credit_withheld};

/// `is_nice_reduction()`'s test, stated as `setpriority(2)` does: nice `v` is allowed where
/// `nice_to_rlimit(v) = 20 - v` is within `RLIMIT_NICE`.
fn rlimit_allows(v: i32, rlimit: u64) -> bool {
    u64::try_from(20 - v).unwrap() <= rlimit
}

/// Every latency_nice and RLIMIT_NICE: nothing withheld exactly where the rlimit allows the
/// value or it is >= 0, and otherwise the value plus what is withheld is the lowest allowed.
#[test]
fn withheld_is_is_nice_reductions_rule() {
    for rlimit in (0..=45).chain([u64::from(u32::MAX), u64::MAX]) {
        let lowest = (-20..=0).find(|&v| rlimit_allows(v, rlimit)).unwrap_or(0);
        for ln in -20..=19 {
            let withheld = i32::from(credit_withheld(LatencyNice::new(ln), rlimit));
            if ln >= 0 || rlimit_allows(ln, rlimit) {
                assert_eq!(withheld, 0, "ln {ln} rlimit {rlimit}");
            } else {
                assert_eq!(ln + withheld, lowest, "ln {ln} rlimit {rlimit}");
                assert!((1..=20).contains(&withheld));
            }
        }
    }
}

proptest! {
    /// What an entity is allowed: its effective value where >= 0; below, never lower than
    /// what its own value was allowed, nor than the effective value, and never above 0.
    #[test]
    fn allowed_restricts_never_grants(eff in -20i32..=19, own in -20i32..=19, withheld in 0u8..=20) {
        let got = allowed(LatencyNice::new(eff), LatencyNice::new(own), withheld).get();
        if eff >= 0 {
            prop_assert_eq!(got, eff);
        } else {
            prop_assert!(got <= 0);
            prop_assert!(got >= eff);
            prop_assert!(got >= (own + i32::from(withheld)).min(0));
        }
    }
}

/// What the module's documentation says an entity is allowed, written out by hand, one case a
/// row: (effective, own, steps withheld from own, allowed).
#[test]
fn allowed_by_hand() {
    let table: [(i32, i32, u8, i32, &str); 14] = [
        (
            -20,
            -20,
            0,
            -20,
            "privileged task at -20, no group value: all of it",
        ),
        (
            -20,
            -20,
            20,
            0,
            "unprivileged at -20, default rlimit: none of it",
        ),
        (
            -20,
            -20,
            10,
            -10,
            "unprivileged at -20, RLIMIT_NICE 30: down to -10",
        ),
        (-20, -20, 1, -19, "one step withheld"),
        (
            -7,
            -20,
            0,
            -7,
            "a group at -7 restricts a privileged task at -20",
        ),
        (
            -7,
            -20,
            20,
            0,
            "a group at -7 grants an unprivileged task nothing",
        ),
        (
            -10,
            -20,
            15,
            -5,
            "a group at -10, an rlimit allowing -5: the rlimit's",
        ),
        (
            -3,
            -20,
            15,
            -3,
            "a group at -3, an rlimit allowing -5: the group's",
        ),
        (-20, 0, 0, 0, "a group at -20 grants a task at 0 nothing"),
        (-1, -1, 1, 0, "-1 with its step withheld: 0"),
        (0, -20, 0, 0, "effective 0: 0"),
        (5, -20, 0, 5, "a group at 5 restricts a task at -20 to 5"),
        (19, 19, 0, 19, "19 asks for nothing"),
        (3, 3, 0, 3, "3 asks for nothing"),
    ];
    for (eff, own, withheld, want, what) in table {
        let got = allowed(LatencyNice::new(eff), LatencyNice::new(own), withheld).get();
        assert_eq!(got, want, "{what}: eff {eff} own {own} withheld {withheld}");
    }
}

/// A task's own value with the rlimit's withheld steps: allowed exactly what the rlimit allows.
#[test]
fn own_value_allowed_what_the_rlimit_allows() {
    for rlimit in 0..=40 {
        for ln in -20..=19 {
            let own = LatencyNice::new(ln);
            let got = allowed(own, own, credit_withheld(own, rlimit)).get();
            let want = if ln >= 0 {
                ln
            } else {
                (-20..=0)
                    .find(|&v| v >= ln && rlimit_allows(v, rlimit))
                    .unwrap_or(0)
            };
            assert_eq!(got, want, "ln {ln} rlimit {rlimit}");
        }
    }
}
