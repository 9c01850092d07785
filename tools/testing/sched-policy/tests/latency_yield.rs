// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/latency_yield.rs`: who yields to whom. Its effect on the pick and the
//! bounds it keeps are the EEVDF model's (`eevdf_model.rs`).

use proptest::prelude::*;
use sched_policy::latency_yield::{
    capped_lag, keeps_current, leads, protected_slice, yield_lead, yields_to,
};

#[test]
fn known_decisions() {
    assert!(yields_to(19, 0) && yields_to(19, 10) && yields_to(1, -20));
    assert!(!yields_to(19, 19) && !yields_to(10, 19));
    assert!(!yields_to(0, -20) && !yields_to(-20, -20) && !yields_to(0, 0));
    assert!(keeps_current(19, 0, true, false) && !keeps_current(19, 0, false, false));
    assert!(!keeps_current(19, 0, true, true) && !keeps_current(19, -20, true, true));
    assert!(!keeps_current(0, -20, true, false));
    // 19 with 100 ms of positive lag, 1.4 ms base slice, 4 ms tick: 5.4 ms kept.
    assert_eq!(capped_lag(19, 100_000_000, 5_400_000), 5_400_000);
    assert_eq!(capped_lag(19, -100_000_000, 5_400_000), -100_000_000);
    assert_eq!(capped_lag(0, 100_000_000, 5_400_000), 100_000_000);
}

/// The lead, by hand from `D_n = base_slice * n / 20` for a 1.4 ms base slice (2 CPUs), and the
/// base slice capped at 1 s as the credit's.
#[test]
fn known_leads() {
    let table: [(i32, u64); 7] = [
        (19, 1_330_000),
        (10, 700_000),
        (5, 350_000),
        (1, 70_000),
        (0, 0),
        (-1, 0),
        (-20, 0),
    ];
    for (n, lead) in table {
        assert_eq!(yield_lead(1_400_000, n), lead, "latency_nice {n}");
    }
    assert_eq!(yield_lead(3_000_000_000, 19), 950_000_000);
    assert_eq!(yield_lead(0, 19), 0);
    assert!(leads(19, 0, false) && leads(19, 18, false) && leads(5, -20, false));
    assert!(!leads(19, 0, true) && !leads(19, 19, false) && !leads(10, 19, false));
    assert!(!leads(0, -20, false) && !leads(-5, -20, false));
}

/// The protection, by hand: a positive value's turn is at most the base slice (0.7 ms at one
/// CPU), whatever its request; at or below 0 mainline's.
#[test]
fn known_protections() {
    let table: [(i32, u64, u64); 7] = [
        (19, 47_800_000, 700_000),
        (19, 100_000_000, 700_000),
        (5, 2_140_000, 700_000),
        (1, 300_000, 300_000),
        (0, 47_800_000, 47_800_000),
        (-1, 47_800_000, 47_800_000),
        (-20, 100_000, 100_000),
    ];
    for (n, slice, protected) in table {
        assert_eq!(
            protected_slice(n, slice, 700_000),
            protected,
            "latency_nice {n}"
        );
    }
    assert_eq!(protected_slice(19, 0, 700_000), 0);
    assert_eq!(protected_slice(19, u64::MAX, 0), 0);
}

proptest! {
    /// Only a positive value yields, only to a strictly lower one (values out of range count
    /// as the nearest bound, as everywhere), and a current is kept only inside its protection.
    #[test]
    fn who_yields(best in any::<i32>(), other in any::<i32>(), protected in any::<bool>()) {
        let (b, o) = (best.clamp(-20, 19), other.clamp(-20, 19));
        prop_assert_eq!(yields_to(best, other), b > 0 && o < b);
        for delayed in [false, true] {
            prop_assert_eq!(
                keeps_current(best, other, protected, delayed),
                protected && !delayed && b > 0 && o < b
            );
        }
        prop_assert_eq!(leads(best, other, protected), !protected && b > 0 && o < b);
    }

    /// The lead never exceeds 19/20 of the (capped) base slice, grows with the value, and is
    /// none at or below 0.
    #[test]
    fn the_lead_is_bounded(base in any::<u64>(), n in any::<i32>()) {
        let lead = yield_lead(base, n);
        prop_assert!(lead <= base.min(1_000_000_000) / 20 * 19 + 19);
        if n <= 0 {
            prop_assert_eq!(lead, 0);
        } else if n < 19 {
            prop_assert!(lead <= yield_lead(base, n + 1));
        }
    }

    /// The ceiling only lowers a positive value's positive lag, to the base limit and never
    /// below 0; anything else passes unchanged.
    #[test]
    fn capped_lag_lowers_only_positive_values_positive_lag(
        ln in any::<i32>(), vlag in any::<i64>(), base in any::<i64>()
    ) {
        let got = capped_lag(ln, vlag, base);
        if ln.clamp(-20, 19) > 0 {
            prop_assert_eq!(got, vlag.min(base.max(0)));
            prop_assert!(got <= vlag);
        } else {
            prop_assert_eq!(got, vlag);
        }
    }
}
