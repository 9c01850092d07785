// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/sis_depth.rs`: the small-LLC rule against Chen Yu's C proposal, the
//! latency depth against an exact rational reference and its stated properties.

use proptest::prelude::*;
use sched_policy::{
    c_ref,
    sis_depth::{latency_nr_scan, small_llc_nr_scan},
    sis_util::nr_idle_scan,
};

/// SIS_UTIL's bound followed by the small-LLC rule equals the C proposal over the kernel's
/// input range, for the thresholds 0 (off), 8, 16, 32 and 64 and every LLC size up to 128.
#[test]
fn small_llc_equals_c() {
    for small_llc in [0u32, 8, 16, 32, 64] {
        for llc in 1u32..=128 {
            for x in (0u64..=2048).step_by(3) {
                let sum = x * u64::from(llc) + (x % u64::from(llc));
                let rust = small_llc_nr_scan(nr_idle_scan(sum, llc, 117), llc, small_llc);
                let c = c_ref::nr_idle_scan_small_llc(sum, llc as i32, 117, small_llc as i32);
                assert_eq!(
                    i64::from(rust),
                    i64::from(c),
                    "sum {sum} llc {llc} small {small_llc}"
                );
            }
        }
    }
}

/// The rule in words: whole or nothing at or under the threshold, untouched above it.
#[test]
fn small_llc_whole_or_nothing() {
    for llc in 1u32..=64 {
        for nr in 0..=llc {
            let got = small_llc_nr_scan(nr, llc, 16);
            if llc <= 16 {
                assert!(
                    got == 0 && nr == 0 || got == llc && nr != 0,
                    "nr {nr} llc {llc}"
                );
            } else {
                assert_eq!(got, nr);
            }
        }
    }
}

/// The rule of the module documentation in exact rational arithmetic (u128, host only).
fn reference(nr: u32, w: u32, l: i32, pct: u32) -> u32 {
    let nr = u128::from(nr.min(w));
    let w = u128::from(w);
    let l = l.clamp(-20, 19);
    let steps = u128::from(l.unsigned_abs());
    let r = if l < 0 {
        let s = (steps * u128::from(pct)).min(2000);
        nr + ((w - nr) * s).div_ceil(2000)
    } else {
        nr
    };
    u32::try_from(r).unwrap()
}

/// Every LLC size up to 64, every nr, every latency_nice and a range of percentages.
#[test]
fn latency_depth_equals_reference_exhaustively() {
    for w in 0u32..=64 {
        for nr in 0..=w + 1 {
            for l in -21i32..=20 {
                for pct in [0u32, 1, 5, 10, 25, 50, 75, 99, 100, 101, 1000] {
                    assert_eq!(
                        latency_nr_scan(nr, w, l, pct),
                        reference(nr, w, l, pct),
                        "nr {nr} w {w} l {l} pct {pct}"
                    );
                }
            }
        }
    }
}

proptest! {
    /// Exact on the whole u32/i32 input space.
    #[test]
    fn latency_depth_equals_reference(nr: u32, w: u32, l: i32, pct: u32) {
        prop_assert_eq!(latency_nr_scan(nr, w, l, pct), reference(nr, w, l, pct));
    }

    /// Bounded by the LLC, off at 0 % and for latency_nice >= 0, deeper for lower
    /// latency_nice, and the further from SIS_UTIL's bound the larger the percentage.
    #[test]
    fn latency_depth_properties(nr in 0u32..=256, w in 0u32..=256, l in -20i32..=19,
                                pct in 0u32..=200, more in 0u32..=100) {
        let nr = nr.min(w);
        let got = latency_nr_scan(nr, w, l, pct);
        prop_assert!(got <= w);
        prop_assert_eq!(latency_nr_scan(nr, w, l, 0), nr);
        prop_assert_eq!(latency_nr_scan(nr, w, 0, pct), nr);
        if l > -20 {
            prop_assert!(latency_nr_scan(nr, w, l - 1, pct) >= got);
        }
        let further = latency_nr_scan(nr, w, l, pct + more);
        if l < 0 {
            prop_assert!(got >= nr && further >= got);
        } else {
            prop_assert_eq!(got, nr);
            prop_assert_eq!(further, nr);
        }
    }
}
