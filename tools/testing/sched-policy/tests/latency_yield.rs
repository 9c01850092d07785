// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/latency_yield.rs`: who yields to whom. Its effect on the pick and the
//! bounds it keeps are the EEVDF model's (`eevdf_model.rs`).

use proptest::prelude::*;
use sched_policy::latency_yield::{capped_lag, keeps_current, yields_to};

#[test]
fn known_decisions() {
    assert!(yields_to(19, 0) && yields_to(19, 10) && yields_to(1, -20));
    assert!(!yields_to(19, 19) && !yields_to(10, 19));
    assert!(!yields_to(0, -20) && !yields_to(-20, -20) && !yields_to(0, 0));
    assert!(keeps_current(19, 0, true) && !keeps_current(19, 0, false));
    assert!(!keeps_current(0, -20, true));
    // 19 with 100 ms of positive lag, 1.4 ms base slice, 4 ms tick: 5.4 ms kept.
    assert_eq!(capped_lag(19, 100_000_000, 5_400_000), 5_400_000);
    assert_eq!(capped_lag(19, -100_000_000, 5_400_000), -100_000_000);
    assert_eq!(capped_lag(0, 100_000_000, 5_400_000), 100_000_000);
}

proptest! {
    /// Only a positive value yields, only to a strictly lower one (values out of range count
    /// as the nearest bound, as everywhere), and a current is kept only inside its protection.
    #[test]
    fn who_yields(best in any::<i32>(), other in any::<i32>(), protected in any::<bool>()) {
        let (b, o) = (best.clamp(-20, 19), other.clamp(-20, 19));
        prop_assert_eq!(yields_to(best, other), b > 0 && o < b);
        prop_assert_eq!(keeps_current(best, other, protected), protected && b > 0 && o < b);
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
