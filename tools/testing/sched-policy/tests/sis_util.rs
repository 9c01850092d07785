// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/sis_util.rs` against the C code of `update_idle_cpu_scan()`.

use proptest::prelude::*;
use sched_policy::{c_ref, sis_util::nr_idle_scan};

/// `sum_util` of an LLC of `llc_weight` CPUs that are `pct` percent busy.
fn util(llc_weight: u32, pct: u64) -> u64 {
    u64::from(llc_weight) * 1024 * pct / 100
}

const UTIL_PCT: [u64; 11] = [0, 5, 15, 25, 35, 45, 55, 65, 75, 85, 86];

/// The published table (SIS_UTIL changelog; facts doc §B.1), imbalance_pct 117.
#[test]
fn published_vectors() {
    let table: [(u32, [u32; 11]); 4] = [
        (16, [16, 15, 15, 14, 13, 11, 9, 6, 3, 0, 0]),
        (112, [112, 111, 108, 102, 93, 81, 65, 47, 25, 1, 0]),
        (8, [8, 7, 7, 7, 6, 5, 4, 3, 1, 0, 0]),
        (32, [32, 31, 31, 29, 26, 23, 18, 13, 7, 0, 0]),
    ];
    for (llc, row) in table {
        for (pct, want) in UTIL_PCT.iter().zip(row) {
            let sum = util(llc, *pct);
            assert_eq!(nr_idle_scan(sum, llc, 117), want, "llc {llc} util {pct}%");
            assert_eq!(
                c_ref::nr_idle_scan(sum, llc as i32, 117),
                want as i32,
                "C: llc {llc} util {pct}%"
            );
        }
    }
}

/// Every LLC size 1..=256, every imbalance_pct 100..=200, every per-CPU utilisation
/// x = sum_util / llc_weight in 0..=4096 (up to 4 × SCHED_CAPACITY_SCALE), with a remainder
/// that varies so truncation of the first division is exercised too.
#[test]
fn equals_c_over_the_whole_kernel_range() {
    let mut n = 0u64;
    for llc in 1u32..=256 {
        for pct in 100u32..=200 {
            for x in 0u64..=4096 {
                let rem = (x * 7 + u64::from(pct)) % u64::from(llc);
                let sum = x * u64::from(llc) + rem;
                let rust = nr_idle_scan(sum, llc, pct);
                let c = c_ref::nr_idle_scan(sum, llc as i32, pct as i32);
                assert_eq!(
                    i64::from(rust),
                    i64::from(c),
                    "sum {sum} llc {llc} pct {pct}"
                );
                n += 1;
            }
        }
    }
    assert_eq!(n, 256 * 101 * 4097);
}

/// The edges of the range: utilisations just around the zero crossing, where rounding decides.
#[test]
fn equals_c_around_the_overload_threshold() {
    for llc in 1u32..=256 {
        for pct in [100u32, 110, 117, 125, 150, 200] {
            // y reaches 0 at x = 102400 / pct; look at every sum_util within ±2 CPUs of it.
            let x0 = 102_400 / u64::from(pct);
            let lo = (x0 - 2) * u64::from(llc);
            let hi = (x0 + 2) * u64::from(llc);
            for sum in lo..=hi {
                assert_eq!(
                    i64::from(nr_idle_scan(sum, llc, pct)),
                    i64::from(c_ref::nr_idle_scan(sum, llc as i32, pct as i32)),
                    "sum {sum} llc {llc} pct {pct}"
                );
            }
        }
    }
}

/// Where C divides by zero or wraps around, Rust answers "scan nothing" and does not panic.
#[test]
fn degenerate_inputs() {
    assert_eq!(nr_idle_scan(0, 0, 117), 0);
    assert_eq!(nr_idle_scan(u64::MAX, 0, 117), 0);
    assert_eq!(nr_idle_scan(u64::MAX, 1, 117), 0);
    assert_eq!(nr_idle_scan(u64::MAX, u32::MAX, u32::MAX), 0);
    assert_eq!(nr_idle_scan(0, u32::MAX, u32::MAX), u32::MAX);
    assert_eq!(nr_idle_scan(1 << 40, 16, 117), 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// Randomized differential test over the kernel's range (and beyond the sweep's x range
    /// while the C product still fits in u64).
    #[test]
    fn random_equals_c(llc in 1u32..=1024, pct in 100u32..=400, x in 0u64..=1 << 16, rem in 0u64..1024) {
        let sum = x * u64::from(llc) + rem % u64::from(llc);
        prop_assert_eq!(
            i64::from(nr_idle_scan(sum, llc, pct)),
            i64::from(c_ref::nr_idle_scan(sum, llc as i32, pct as i32))
        );
    }

    /// Never panics (overflow checks are on in this profile), never exceeds the LLC.
    #[test]
    fn total_and_bounded(sum in any::<u64>(), llc in any::<u32>(), pct in any::<u32>()) {
        prop_assert!(nr_idle_scan(sum, llc, pct) <= llc);
    }

    /// More utilisation never means a deeper scan.
    #[test]
    fn non_increasing_in_util(a in 0u64..1 << 24, b in 0u64..1 << 24, llc in 1u32..=256, pct in 100u32..=200) {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        prop_assert!(nr_idle_scan(lo, llc, pct) >= nr_idle_scan(hi, llc, pct));
    }
}
