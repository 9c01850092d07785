// SPDX-License-Identifier: GPL-2.0

//! The tables the hot paths look up (`fill_slice_table()`, `fill_offset_table()`,
//! `fill_credit_table()`) hold exactly what the policy functions, and the C formulas they
//! replace, give for every latency_nice.

use proptest::prelude::*;
use sched_policy::c_ref;
use sched_policy::latency::{fill_slice_table, latency_slice, LATENCY_TABLE_LEN};
use sched_policy::latency_credit::{fill_credit_table, latency_credit};
use sched_policy::latency_offset::{fill_offset_table, latency_offset, OFFSET_BASE_MAX_NS};

type Tables = (
    [u64; LATENCY_TABLE_LEN],
    [i64; LATENCY_TABLE_LEN],
    [u64; LATENCY_TABLE_LEN],
);

fn tables(base: u64) -> Tables {
    let weights = c_ref::sched_prio_to_weight();
    let mut t = (
        [0; LATENCY_TABLE_LEN],
        [0; LATENCY_TABLE_LEN],
        [0; LATENCY_TABLE_LEN],
    );
    fill_slice_table(base, &weights, &mut t.0);
    fill_offset_table(base, &mut t.1);
    fill_credit_table(base, &mut t.2);
    t
}

fn check(base: u64) {
    let weights = c_ref::sched_prio_to_weight();
    let (slice, offset, credit) = tables(base);
    for (i, ln) in (-20..=19).enumerate() {
        assert_eq!(
            slice[i],
            latency_slice(base, ln, &weights),
            "slice, base {base} ln {ln}"
        );
        assert_eq!(
            offset[i],
            latency_offset(base, ln).0,
            "offset, base {base} ln {ln}"
        );
        assert_eq!(
            credit[i],
            latency_credit(base, ln),
            "credit, base {base} ln {ln}"
        );
        // Against the C formulas of v12 and the EEVDF RFC.
        if base <= OFFSET_BASE_MAX_NS {
            assert_eq!(
                offset[i],
                c_ref::latency_offset(base, ln),
                "C offset, base {base} ln {ln}"
            );
            assert_eq!(
                slice[i],
                c_ref::latency_slice(base, ln),
                "C slice, base {base} ln {ln}"
            );
        }
    }
}

/// The base slices of 1, 2, 4 and >= 8 CPUs (log scaling of 0.7 ms), and the extremes.
#[test]
fn tables_of_the_kernel_base_slices() {
    for base in [
        0,
        1,
        700_000,
        1_400_000,
        2_100_000,
        2_800_000,
        OFFSET_BASE_MAX_NS,
        u64::MAX,
    ] {
        check(base);
    }
    let (slice, offset, credit) = tables(2_800_000);
    assert_eq!((slice[20], offset[20], credit[20]), (2_800_000, 0, 0));
    assert_eq!((offset[0], credit[0]), (-2_800_000, 2_800_000));
    assert_eq!(slice[0], 100_000);
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 512,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x7ab1e5),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Any base slice: every entry is the function's value.
    #[test]
    fn tables_match_the_functions(base in 0..=2 * OFFSET_BASE_MAX_NS) {
        check(base);
    }
}
