// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/latency_offset.rs` (offset, its virtual form, wakeup decision) and the
//! key of an entity (the host crate's `model`, through `latency_pick.rs`).

use proptest::prelude::*;
use sched_policy::c_ref;
use sched_policy::latency::Weight;
use sched_policy::latency_offset::{
    latency_offset, offset_vtime, wakeup_action, Offset, WakeupAction, OFFSET_BASE_MAX_NS,
};
use sched_policy::latency_pick::key_before;
use sched_policy::model::{latency_key, latency_voffset};

const BASE_8CPU: u64 = 2_800_000;

/// Weights a sched_entity can have after scale_load_down(): SCHED_IDLE, nice 19..-20, groups.
const WEIGHTS: [u64; 8] = [2, 3, 15, 335, 1024, 3121, 88761, 1 << 18];

#[test]
fn known_offsets() {
    assert_eq!(latency_offset(BASE_8CPU, 0).0, 0);
    assert_eq!(latency_offset(BASE_8CPU, -20).0, -2_800_000);
    assert_eq!(latency_offset(BASE_8CPU, -1).0, -140_000);
    assert_eq!(latency_offset(BASE_8CPU, 19).0, 2_660_000);
    // Out of range counts as the bound; an absurd base is capped.
    assert_eq!(latency_offset(BASE_8CPU, -1000).0, -2_800_000);
    assert_eq!(latency_offset(BASE_8CPU, i32::MAX).0, 2_660_000);
    assert_eq!(
        latency_offset(u64::MAX, -20).0,
        -(OFFSET_BASE_MAX_NS as i64)
    );
}

/// Differential: the whole domain of the C formula, against C.
#[test]
fn offsets_match_c() {
    for base in (0..=20_000_000u64)
        .step_by(9_973)
        .chain([OFFSET_BASE_MAX_NS])
    {
        for ln in -20..=19 {
            assert_eq!(
                latency_offset(base, ln).0,
                c_ref::latency_offset(base, ln),
                "{base} {ln}"
            );
            for w in WEIGHTS {
                assert_eq!(
                    latency_voffset(base, ln, w),
                    c_ref::latency_voffset(base, ln, w),
                    "{base} {ln} {w}"
                );
            }
        }
    }
}

#[test]
fn zero_weight_counts_as_nice_0() {
    assert_eq!(latency_voffset(BASE_8CPU, -20, 0), -2_800_000);
}

/// [`offset_vtime`] on bare numbers.
fn vtime(offset: i64, weight: u64) -> i64 {
    offset_vtime(Offset(offset), Weight::new(weight)).0
}

/// The conversion the kernel calls takes any offset and weight without overflow or panic:
/// exact at nice 0, halved at twice its weight, saturating at the extremes.
#[test]
fn offset_vtime_is_total() {
    assert_eq!(vtime(-2_800_000, 1024), -2_800_000);
    assert_eq!(vtime(-2_800_000, 2048), -1_400_000);
    assert_eq!(vtime(2_660_000, 0), 2_660_000);
    assert_eq!(vtime(i64::MAX, 1), i64::MAX);
    assert_eq!(vtime(i64::MIN, 1), i64::MIN);
    assert_eq!(vtime(i64::MIN, u64::MAX), -1);
    assert_eq!(vtime(1, u64::MAX), 0);
}

#[test]
fn default_key_is_the_deadline() {
    for d in [0, 1, 1 << 40, u64::MAX] {
        for w in WEIGHTS {
            assert_eq!(latency_key(d, BASE_8CPU, 0, w), d);
        }
    }
}

#[test]
fn keys_compare_like_vruntime_across_the_wrap() {
    let d = u64::MAX - 10;
    let k = latency_key(d, BASE_8CPU, -20, 1024);
    assert!(key_before(k, d));
    assert!(key_before(d, latency_key(d, BASE_8CPU, 19, 1024)));
    assert!(key_before(d, d.wrapping_add(100)));
    assert!(!key_before(d, d));
}

#[test]
fn wakeup_table() {
    use WakeupAction::*;
    // (curr, wakee, before, eligible, curr eligible) -> action
    let cases = [
        (0, 0, true, true, true, Default),
        (0, 0, false, true, true, Default),
        (0, -20, true, true, true, Preempt),
        (0, -20, false, true, true, Default),
        (0, -20, true, false, true, Default),
        (-5, -20, true, true, true, Preempt),
        (-20, -20, true, true, true, Default),
        (-20, -5, true, true, true, Default),
        (-20, -5, false, true, true, Keep),
        (-20, 0, false, false, true, Keep),
        (-20, 19, true, true, true, Default),
        (-5, -20, false, true, true, Default),
        (19, -1, true, true, true, Preempt),
        (19, 0, false, true, true, Keep),
        (19, 0, false, false, true, Keep),
        (19, 0, true, true, true, Default),
        (1, 19, false, true, true, Keep),
        (0, 19, false, true, true, Default),
        // An ineligible current keeps nothing: EEVDF decides.
        (-20, 0, false, true, false, Default),
        (-20, -5, false, true, false, Default),
        (19, 0, false, true, false, Default),
        (0, -20, true, true, false, Preempt),
    ];
    for (c, w, b, e, ce, want) in cases {
        assert_eq!(wakeup_action(c, w, b, e, ce), want, "{c} {w} {b} {e} {ce}");
    }
}

proptest! {
    /// Monotonic in latency_nice, bounded by the (capped) base slice, sign of latency_nice.
    #[test]
    fn offset_monotonic_and_bounded(base in any::<u64>(), ln in -20i32..19) {
        let a = latency_offset(base, ln).0;
        let b = latency_offset(base, ln + 1).0;
        prop_assert!(a <= b);
        let cap = base.min(OFFSET_BASE_MAX_NS) as i64;
        prop_assert!(-cap <= a && a <= cap);
        prop_assert_eq!(a.signum(), if cap == 0 { 0 } else { i64::from(ln.signum()) });
    }

    /// Total: no input panics (overflow checks are on in this profile).
    #[test]
    fn total(d in any::<u64>(), base in any::<u64>(), ln in any::<i32>(), w in any::<u64>()) {
        let _ = latency_key(d, base, ln, w);
        let _ = latency_voffset(base, ln, w);
    }

    /// A heavier entity moves less in virtual time; the key never moves past the offset.
    #[test]
    fn voffset_shrinks_with_weight(base in 0..=OFFSET_BASE_MAX_NS, ln in -20i32..=19, w in 1u64..1 << 20) {
        let v1 = latency_voffset(base, ln, w);
        let v2 = latency_voffset(base, ln, w + 1);
        prop_assert!(v2.abs() <= v1.abs());
    }

    /// The decision never preempts for an ineligible or a non-sensitive wakee, and keeps
    /// current only while it is eligible, against a wakee that is less latency-sensitive (or
    /// not sensitive, next to a tolerant current) and whose key is not first.
    #[test]
    fn wakeup_invariants(
        c in -20i32..=19,
        w in -20i32..=19,
        b in any::<bool>(),
        e in any::<bool>(),
        ce in any::<bool>(),
    ) {
        let a = wakeup_action(c, w, b, e, ce);
        if a == WakeupAction::Preempt {
            prop_assert!(e && b && w < 0 && w < c);
        }
        if a == WakeupAction::Keep {
            prop_assert!(ce && !b && ((c > 0 && w >= 0) || (c < 0 && w > c)));
        }
        if c == 0 && w == 0 {
            prop_assert_eq!(a, WakeupAction::Default);
        }
    }
}
