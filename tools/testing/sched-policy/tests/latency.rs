// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/latency.rs`: the latency_nice -> slice mapping.

use proptest::prelude::*;
use sched_policy::c_ref;
use sched_policy::latency::{
    LATENCY_SLICE_MAX_NS, LATENCY_SLICE_MIN_NS, MAX_LATENCY_NICE, MIN_LATENCY_NICE,
};

/// The mapping with the kernel's weight table (compiled from C, as in the kernel).
fn latency_slice(base_slice: u64, latency_nice: i32) -> u64 {
    sched_policy::latency::latency_slice(base_slice, latency_nice, &c_ref::sched_prio_to_weight())
}

/// 7.2's base slice on >= 8 CPUs: 0.7 ms * (1 + ilog2(8)).
const BASE_8CPU: u64 = 2_800_000;

/// A table entry that is not a positive weight must not divide by zero or panic.
#[test]
fn bad_table_entries_do_not_panic() {
    let mut table = c_ref::sched_prio_to_weight();
    table[0] = 0;
    table[1] = -5;
    for ln in [-20, -19] {
        assert_eq!(
            sched_policy::latency::latency_slice(BASE_8CPU, ln, &table),
            BASE_8CPU,
            "ln {ln}: counts as weight 1024"
        );
    }
}

/// Values a user sees with the default base slice of a >= 8-CPU machine.
#[test]
fn known_values() {
    assert_eq!(latency_slice(BASE_8CPU, 0), BASE_8CPU);
    assert_eq!(latency_slice(BASE_8CPU, -1), 2_800_000 * 1024 / 1277);
    assert_eq!(latency_slice(BASE_8CPU, -5), 2_800_000 * 1024 / 3121);
    assert_eq!(latency_slice(BASE_8CPU, -10), 2_800_000 * 1024 / 9548);
    assert_eq!(latency_slice(BASE_8CPU, -20), LATENCY_SLICE_MIN_NS);
    assert_eq!(latency_slice(BASE_8CPU, 5), 2_800_000 * 1024 / 335);
    assert_eq!(latency_slice(BASE_8CPU, 6), 2_800_000 * 1024 / 272);
    assert_eq!(latency_slice(BASE_8CPU, 7), 11_200_000);
    assert_eq!(latency_slice(BASE_8CPU, 19), 11_200_000);
    // One CPU (0.7 ms): 19 asks for 2.8 ms; a 30 ms base slice: 100 ms, the custom bound.
    assert_eq!(latency_slice(700_000, 19), 2_800_000);
    assert_eq!(latency_slice(30_000_000, 19), LATENCY_SLICE_MAX_NS);
    assert_eq!(latency_slice(200_000_000, 19), 200_000_000);
}

#[test]
fn out_of_range_counts_as_the_nearest_bound() {
    assert_eq!(latency_slice(BASE_8CPU, -21), latency_slice(BASE_8CPU, -20));
    assert_eq!(
        latency_slice(BASE_8CPU, i32::MIN),
        latency_slice(BASE_8CPU, -20)
    );
    assert_eq!(latency_slice(BASE_8CPU, 20), latency_slice(BASE_8CPU, 19));
    assert_eq!(
        latency_slice(BASE_8CPU, i32::MAX),
        latency_slice(BASE_8CPU, 19)
    );
}

#[test]
fn extreme_base_slices() {
    for ln in MIN_LATENCY_NICE..=MAX_LATENCY_NICE {
        assert_eq!(latency_slice(0, ln), 0);
        let s = latency_slice(u64::MAX, ln);
        assert!(s == u64::MAX || ln < 0, "ln {ln}: {s}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// latency_nice 0 is exactly today's slice, for any base slice.
    #[test]
    fn zero_is_the_base_slice(base in any::<u64>()) {
        prop_assert_eq!(latency_slice(base, 0), base);
    }

    /// Equal to the C formula wherever C does not overflow.
    #[test]
    fn equals_c(base in 0u64..1 << 54, ln in MIN_LATENCY_NICE..=MAX_LATENCY_NICE) {
        prop_assert_eq!(latency_slice(base, ln), c_ref::latency_slice(base, ln));
    }

    /// Non-decreasing in latency_nice, for any base slice (no panic on any input).
    #[test]
    fn monotonic(base in any::<u64>(), a in any::<i32>(), b in any::<i32>()) {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        prop_assert!(latency_slice(base, lo) <= latency_slice(base, hi));
    }

    /// Within the custom-slice bounds, widened only to include the base slice itself, and a
    /// positive value's request within four base slices.
    #[test]
    fn bounded(base in any::<u64>(), ln in any::<i32>()) {
        let s = latency_slice(base, ln);
        prop_assert!(s >= LATENCY_SLICE_MIN_NS.min(base));
        prop_assert!(s <= LATENCY_SLICE_MAX_NS.min(base.saturating_mul(4)).max(base));
        if ln < 0 { prop_assert!(s <= base); }
        if ln > 0 { prop_assert!(s >= base); }
    }
}

/// A LatencyNice is always in range: any i32 clamps to [-20, 19], and its table index to
/// 0..40, in order; a zero Weight is nice 0's.
#[test]
fn latency_nice_and_weight_types() {
    use sched_policy::latency::{LatencyNice, Weight, LATENCY_TABLE_LEN, NICE_0_WEIGHT};
    for (v, want) in [
        (i32::MIN, -20),
        (-21, -20),
        (-20, -20),
        (0, 0),
        (19, 19),
        (20, 19),
    ] {
        assert_eq!(LatencyNice::new(v).get(), want);
        assert_eq!(LatencyNice::from(v), LatencyNice::new(v));
    }
    assert_eq!(LatencyNice::new(i32::MAX), LatencyNice::MAX);
    for (i, v) in (-20..=19).enumerate() {
        assert_eq!(LatencyNice::new(v).index(), i);
    }
    assert_eq!(LatencyNice::MAX.index(), LATENCY_TABLE_LEN - 1);
    assert_eq!(Weight::new(0), Weight::NICE_0);
    assert_eq!(Weight::NICE_0.get(), NICE_0_WEIGHT);
    assert_eq!(Weight::from(3).get(), 3);
}
