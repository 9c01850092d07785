// SPDX-License-Identifier: GPL-2.0

//! `kernel/sched/policy/latency_pick.rs`: the latency tree's membership, the key, the pick and
//! core scheduling's order. The EEVDF model (`eevdf_model.rs`) picks with the same functions;
//! these are each one's own properties.

use proptest::prelude::*;
use sched_policy::latency::LatencyNice;
use sched_policy::latency_debt::{credit_nice, runs_on};
use sched_policy::latency_offset::VirtualOffset;
use sched_policy::latency_pick::{
    core_vdelta, in_latency_tree, key_before, latency_key, latency_pick, LatencyPick,
};

/// Membership, the credit and run-on never disagree.
#[test]
fn tree_membership_is_the_credits() {
    for allowed in -20..=19 {
        for (delayed, idle) in [(false, false), (true, false), (false, true), (true, true)] {
            let ln = LatencyNice::new(allowed);
            let member = in_latency_tree(ln, delayed, idle);
            assert_eq!(member, allowed < 0 && !delayed && !idle);
            assert_eq!(member, runs_on(credit_nice(ln, delayed, idle), true));
        }
    }
}

#[test]
fn key_wraps_like_vruntime() {
    assert_eq!(latency_key(u64::MAX, VirtualOffset(1)), 0);
    assert_eq!(latency_key(0, VirtualOffset(-1)), u64::MAX);
    assert_eq!(latency_key(1_000, VirtualOffset(-400)), 600);
    assert!(key_before(u64::MAX, 0));
    assert!(!key_before(0, u64::MAX));
    assert!(!key_before(7, 7));
}

/// The pick's rule as the C stated it: of the tree's first and current, current where its key
/// is strictly first or there is no first; that candidate where its key is strictly before
/// EEVDF's choice. Keys are offsets from `base`, within half the range of each other.
fn pick_spec(best: u64, first: Option<u64>, curr: Option<u64>) -> LatencyPick {
    let mut want = (LatencyPick::Best, best);
    if let Some(f) = first.filter(|&f| f < best) {
        want = (LatencyPick::First, f);
    }
    if let Some(c) = curr.filter(|&c| c < want.1 && first.is_none_or(|f| c < f)) {
        want = (LatencyPick::Curr, c);
    }
    want.0
}

/// Every order of three keys, ties included (where `<` against `<=` decides), at bases that
/// put the keys across the wrap of u64.
#[test]
fn pick_every_order_with_ties() {
    let keys = || (0u64..4).map(Some).chain([None]);
    for base in [0, u64::MAX - 1, 1 << 63] {
        let at = |k: u64| base.wrapping_add(k);
        for best in 0u64..4 {
            for first in keys() {
                for curr in keys() {
                    assert_eq!(
                        latency_pick(at(best), first.map(at), curr.map(at)),
                        pick_spec(best, first, curr),
                        "base {base} best {best} first {first:?} curr {curr:?}"
                    );
                }
            }
        }
    }
}

proptest! {
    /// The pick is the candidate with the strictly first key, EEVDF's choice on a tie, the
    /// tree's first over current on a tie; keys within half the range of each other, as
    /// vruntimes on one queue are.
    #[test]
    fn pick_is_the_strictly_first_key(
        base in any::<u64>(),
        best in 0u64..1 << 40,
        first in proptest::option::of(0u64..1 << 40),
        curr in proptest::option::of(0u64..1 << 40),
    ) {
        let at = |k: u64| base.wrapping_add(k);
        let got = latency_pick(at(best), first.map(at), curr.map(at));
        prop_assert_eq!(got, pick_spec(best, first, curr));
    }

    /// Core scheduling's order is antisymmetric, and an idle side or an offset of 0 leaves the
    /// vruntime order alone.
    #[test]
    fn core_order_is_antisymmetric(
        vdelta in -(1i64 << 50)..1 << 50,
        a in -(1i64 << 40)..=0,
        b in -(1i64 << 40)..=0,
        a_idle in any::<bool>(),
        b_idle in any::<bool>(),
    ) {
        let (va, vb) = (VirtualOffset(a), VirtualOffset(b));
        let ab = core_vdelta(vdelta, va, a_idle, vb, b_idle);
        let ba = core_vdelta(-vdelta, vb, b_idle, va, a_idle);
        prop_assert_eq!(ab, -ba);
        prop_assert_eq!(core_vdelta(vdelta, va, true, vb, true), vdelta);
        prop_assert_eq!(core_vdelta(vdelta, VirtualOffset(0), false, VirtualOffset(0), false), vdelta);
    }
}
