// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/latency_credit.rs`: the credit; its virtual form and its bounds (the
//! host crate's `model`).

use proptest::prelude::*;
use sched_policy::c_ref;
use sched_policy::latency_credit::latency_credit;
use sched_policy::latency_offset::OFFSET_BASE_MAX_NS;
use sched_policy::model::latency_vcredit;

const BASE_8CPU: u64 = 2_800_000;

#[test]
fn known_credits() {
    assert_eq!(latency_credit(BASE_8CPU, 0), 0);
    assert_eq!(latency_credit(BASE_8CPU, 19), 0);
    assert_eq!(latency_credit(BASE_8CPU, -1), 140_000);
    assert_eq!(latency_credit(BASE_8CPU, -20), BASE_8CPU);
    assert_eq!(latency_credit(BASE_8CPU, i32::MIN), BASE_8CPU);
    assert_eq!(latency_credit(u64::MAX, -20), OFFSET_BASE_MAX_NS);
    assert_eq!(latency_vcredit(BASE_8CPU, 1024), BASE_8CPU);
    assert_eq!(latency_vcredit(BASE_8CPU, 0), BASE_8CPU);
    assert_eq!(latency_vcredit(BASE_8CPU, 88761), BASE_8CPU * 1024 / 88761);
    assert_eq!(latency_vcredit(u64::MAX, 1), u64::MAX);
}

/// Differential: the credit is |v12's latency offset| (the C reference) for every
/// latency-sensitive value and base slice, and 0 at and above 0.
#[test]
fn credit_is_the_magnitude_of_v12s_offset() {
    for base in (0..=20_000_000u64)
        .step_by(7_919)
        .chain([OFFSET_BASE_MAX_NS])
    {
        for ln in -20..=19 {
            let want = if ln < 0 {
                c_ref::latency_offset(base, ln).unsigned_abs()
            } else {
                0
            };
            assert_eq!(latency_credit(base, ln), want, "base {base} ln {ln}");
        }
    }
}

proptest! {
    /// Non-increasing in latency_nice, never above the (capped) base slice, whatever the input.
    #[test]
    fn monotonic_and_bounded(base in any::<u64>(), ln in any::<i32>()) {
        let c = latency_credit(base, ln);
        prop_assert!(c <= base.min(OFFSET_BASE_MAX_NS));
        prop_assert!(latency_credit(base, ln.saturating_add(1)) <= c);
    }

    /// The virtual credit is the credit scaled by 1024 / w, rounded down, for every weight
    /// the kernel uses. (The model's credited vruntime and lag bounds are checked where they
    /// are used, by the EEVDF model's runs in `eevdf_model.rs`.)
    #[test]
    fn vcredit_scales_by_weight(base in 0..=OFFSET_BASE_MAX_NS, ln in -20..0i32,
                                w in 2..=(1u64 << 20)) {
        let c = latency_credit(base, ln);
        let vc = latency_vcredit(c, w);
        prop_assert_eq!(u128::from(vc), u128::from(c) * 1024 / u128::from(w));
    }
}
