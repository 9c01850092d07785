// SPDX-License-Identifier: GPL-2.0

//! latency_nice: the per-value tables the hot paths look up.
//!
//! The math is `kernel/sched/policy/latency_tables.rs` (on top of `latency.rs`,
//! `latency_offset.rs` and `latency_credit.rs`), a pure, `no_std`, integer-only module with no
//! dependency on the `kernel` crate, so that the same file also builds into a host crate
//! (`tools/testing/sched-policy`) that tests it against the functions it tabulates. This crate
//! only adds the C ABI (`#[export]`, checked against the prototype in
//! `include/linux/sched/policy/latency_tables.h`); the tables' KUnit suite is C
//! (`kernel/sched/latency_tables_kunit.c`), as it checks what the C glue installed.
//!
//! `latency_nice_tables_update()` calls it when the base slice changes (boot, CPU hotplug,
//! debugfs), under its own raw spinlock, and `CONFIG_RUST_OVERFLOW_CHECKS` may be on: nothing
//! here may allocate, sleep or panic.

use kernel::prelude::*;

#[path = "policy/latency.rs"]
pub mod latency;
#[path = "policy/latency_credit.rs"]
pub mod latency_credit;
#[path = "policy/latency_offset.rs"]
pub mod latency_offset;
#[path = "policy/latency_tables.rs"]
pub mod latency_tables;

/// Fills `tables` for `base_slice`, see [`latency_tables::fill_latency_tables`].
///
/// # Safety
///
/// `tables` must point to a `struct latency_nice_tables` that nothing else writes during the
/// call (the C glue serializes its updates).
#[export]
pub unsafe extern "C" fn latency_nice_fill_tables(
    base_slice: u64,
    tables: *mut kernel::bindings::latency_nice_tables,
) {
    // SAFETY: the caller passes a valid, exclusively held table (see `# Safety`).
    let tables = unsafe { &mut *tables };
    latency_tables::fill_latency_tables(
        base_slice,
        prio_to_weight(),
        &mut tables.slice,
        &mut tables.offset,
        &mut tables.credit,
    );
}

/// The kernel's `sched_prio_to_weight[]` (kernel/sched/core.c).
fn prio_to_weight() -> &'static latency::PrioToWeight {
    // SAFETY: a `const` array defined in C, in read-only data: never written, always valid.
    unsafe { &kernel::bindings::sched_prio_to_weight }
}
