// SPDX-License-Identifier: GPL-2.0

//! latency_nice: the eligibility credit of a latency-sensitive entity, as a table for the live
//! base slice.
//!
//! The math is `kernel/sched/policy/latency_credit.rs` (on top of `latency.rs` and
//! `latency_offset.rs`), a pure, `no_std`, integer-only module with no dependency on the `kernel`
//! crate, so that the same file also builds into a host crate (`tools/testing/sched-policy`) that
//! tests it against the C formula it replaces or a model. This crate only adds the C ABI
//! (`#[export]`, checked against the prototypes in `include/linux/sched/policy/latency_credit.h`)
//! and the KUnit suite.
//!
//! `latency_nice_tables_update()` calls it whenever the base slice changes, under its raw
//! spinlock, and `CONFIG_RUST_OVERFLOW_CHECKS` may be on: nothing here may allocate, sleep or
//! panic. `update_latency_credit()` reads the table.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_credit.rs"]
pub mod latency_credit;
#[path = "policy/latency_offset.rs"]
pub mod latency_offset;

/// Fills `table` with the latency credit of every latency_nice for `base_slice`, see
/// [`latency_credit::fill_credit_table`].
///
/// # Safety
///
/// `table` must point to a table that nothing else accesses during the call (the C glue fills
/// a scratch copy under its lock).
#[export]
pub unsafe extern "C" fn latency_nice_fill_credit(
    base_slice: u64,
    table: *mut [u64; latency::LATENCY_TABLE_LEN],
) {
    // SAFETY: the caller passes a valid table, held exclusively (see `# Safety`).
    let table = unsafe { &mut *table };
    latency_credit::fill_credit_table(base_slice, table);
}

/// `credit` (ns) in the virtual time of an entity of unscaled weight `weight`, see
/// [`latency_credit::credit_vtime`].
///
/// # Safety
///
/// Always safe to call; `unsafe` only because `#[export]` requires it.
#[export]
pub unsafe extern "C" fn latency_nice_vcredit(credit: u64, weight: u64) -> u64 {
    latency_credit::credit_vtime(credit, latency::Weight::new(weight))
}

#[kunit_tests(sched_policy_latency_credit)]
mod latency_credit_tests {
    use super::latency::{Weight, LATENCY_TABLE_LEN};
    use super::latency_credit::{credit_vtime, fill_credit_table, latency_credit};

    #[test]
    fn credits() {
        assert_eq!(latency_credit(2_800_000, 0), 0);
        assert_eq!(latency_credit(2_800_000, 19), 0);
        assert_eq!(latency_credit(2_800_000, -1), 140_000);
        assert_eq!(latency_credit(2_800_000, -20), 2_800_000);
        assert_eq!(latency_credit(2_800_000, i32::MIN), 2_800_000);
        assert_eq!(latency_credit(u64::MAX, -20), 1_000_000_000);
    }

    #[test]
    fn table_is_the_credit() {
        let mut table = [1; LATENCY_TABLE_LEN];
        fill_credit_table(2_800_000, &mut table);
        assert_eq!(
            (table[0], table[10], table[19]),
            (2_800_000, 1_400_000, 140_000)
        );
        assert!(table[20..].iter().all(|c| *c == 0));
    }

    #[test]
    fn credit_in_virtual_time() {
        // nice 0: real time; nice -20 (88761): 1024/88761 of it, rounded down; nice 19 (15).
        assert_eq!(credit_vtime(2_800_000, Weight::new(1024)), 2_800_000);
        assert_eq!(credit_vtime(2_800_000, Weight::new(88761)), 32_302);
        assert_eq!(credit_vtime(140_000, Weight::new(15)), 9_557_333);
        // A weight of 0 counts as nice 0; no overflow for any credit.
        assert_eq!(credit_vtime(2_800_000, Weight::new(0)), 2_800_000);
        assert_eq!(credit_vtime(u64::MAX, Weight::new(1)), u64::MAX);
    }
}
