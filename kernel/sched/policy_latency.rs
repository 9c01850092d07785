// SPDX-License-Identifier: GPL-2.0

//! latency_nice: the request size (slice) a task asks for, as a table for the live base slice.
//!
//! The math is `kernel/sched/policy/latency.rs`, a pure, `no_std`, integer-only module with no
//! dependency on the `kernel` crate, so that the same file also builds into a host crate
//! (`tools/testing/sched-policy`) that tests it against the C formula it replaces or a model. This
//! crate only adds the C ABI (`#[export]`, checked against the prototypes in
//! `include/linux/sched/policy/latency.h`) and the KUnit suite.
//!
//! `latency_nice_tables_update()` calls it whenever the base slice changes (boot, CPU hotplug, a
//! write of `base_slice_ns`), under its raw spinlock, and `CONFIG_RUST_OVERFLOW_CHECKS` may be on:
//! nothing here may allocate, sleep or panic. `se_default_slice()` and `group_se_slice()` read
//! the table.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;

// The C side's range of latency_nice (include/linux/sched/prio.h) is the policy's.
const _: () = {
    use kernel::bindings;
    assert!(latency::MIN_LATENCY_NICE == bindings::MIN_LATENCY_NICE);
    assert!(latency::MAX_LATENCY_NICE as u32 == bindings::MAX_LATENCY_NICE);
    assert!(latency::LATENCY_TABLE_LEN == bindings::LATENCY_NICE_WIDTH as usize);
};

/// Fills `table` with the slice of every latency_nice for `base_slice`, see
/// [`latency::fill_slice_table`].
///
/// # Safety
///
/// `table` must point to a table that nothing else accesses during the call (the C glue fills
/// a scratch copy under its lock).
#[export]
pub unsafe extern "C" fn latency_nice_fill_slice(
    base_slice: u64,
    table: *mut [u64; latency::LATENCY_TABLE_LEN],
) {
    // SAFETY: the caller passes a valid table, held exclusively (see `# Safety`).
    let table = unsafe { &mut *table };
    latency::fill_slice_table(base_slice, prio_to_weight(), table);
}

/// The kernel's `sched_prio_to_weight[]` (kernel/sched/core.c).
fn prio_to_weight() -> &'static latency::PrioToWeight {
    // SAFETY: a `const` array defined in C, in read-only data: never written, always valid.
    unsafe { &kernel::bindings::sched_prio_to_weight }
}

#[kunit_tests(sched_policy_latency)]
mod latency_tests {
    use super::latency::{LATENCY_SLICE_MAX_NS, LATENCY_SLICE_MIN_NS};

    /// The mapping with the kernel's own weight table.
    fn latency_slice(base_slice: u64, latency_nice: i32) -> u64 {
        super::latency::latency_slice(base_slice, latency_nice, super::prio_to_weight())
    }

    /// Base slices of 1, 2, 4 and >= 8 CPUs, and extremes.
    const BASES: [u64; 7] = [0, 1, 700_000, 1_400_000, 2_100_000, 2_800_000, u64::MAX];

    #[test]
    fn zero_is_the_base_slice() {
        for base in BASES {
            assert_eq!(latency_slice(base, 0), base);
        }
    }

    #[test]
    fn monotonic_and_bounded() {
        for base in BASES {
            let mut prev = 0;
            for ln in -20..=19 {
                let s = latency_slice(base, ln);
                assert!(s >= prev);
                assert!(s >= LATENCY_SLICE_MIN_NS.min(base));
                assert!(s <= LATENCY_SLICE_MAX_NS.max(base));
                prev = s;
            }
        }
    }

    #[test]
    fn table_is_the_mapping() {
        let mut table = [0; super::latency::LATENCY_TABLE_LEN];
        super::latency::fill_slice_table(2_800_000, super::prio_to_weight(), &mut table);
        assert_eq!(table[0], latency_slice(2_800_000, -20));
        assert_eq!(table[20], 2_800_000);
        assert_eq!(table[39], latency_slice(2_800_000, 19));
    }

    #[test]
    fn default_base_slice_values() {
        assert_eq!(latency_slice(2_800_000, -20), 100_000);
        assert_eq!(latency_slice(2_800_000, -5), 918_679);
        assert_eq!(latency_slice(2_800_000, 5), 8_558_805);
        assert_eq!(latency_slice(2_800_000, 7), 11_200_000);
        assert_eq!(latency_slice(2_800_000, 19), 11_200_000);
    }
}
