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
            // Equal to one of the bounds.
            prop_assert!(got == eff || got == (own + i32::from(withheld)).min(0));
        }
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
