// SPDX-License-Identifier: GPL-2.0

//! Host build of the scheduler policy modules of `kernel/sched/policy/`.
//!
//! The very files the kernel builds into its policy crates (`kernel/sched/policy_*.rs`) are
//! included here with `#[path]`, in a `no_std` crate, so that anything the kernel could not
//! build (std, allocation) fails here too. [`c_ref`] exposes the C code they replace, compiled
//! from `c/` by `build.rs`, for differential tests.

#![no_std]

#[path = "../../../../kernel/sched/policy/latency.rs"]
pub mod latency;
#[path = "../../../../kernel/sched/policy/latency_credit.rs"]
pub mod latency_credit;
#[path = "../../../../kernel/sched/policy/latency_debt.rs"]
pub mod latency_debt;
#[path = "../../../../kernel/sched/policy/latency_group_nice.rs"]
pub mod latency_group_nice;
#[path = "../../../../kernel/sched/policy/latency_group_slice.rs"]
pub mod latency_group_slice;
#[path = "../../../../kernel/sched/policy/latency_offset.rs"]
pub mod latency_offset;
#[path = "../../../../kernel/sched/policy/latency_permission.rs"]
pub mod latency_permission;
#[path = "../../../../kernel/sched/policy/latency_pick.rs"]
pub mod latency_pick;
#[path = "../../../../kernel/sched/policy/latency_yield.rs"]
pub mod latency_yield;
#[path = "../../../../kernel/sched/policy/sis_depth.rs"]
pub mod sis_depth;
#[path = "../../../../kernel/sched/policy/sis_util.rs"]
pub mod sis_util;

pub mod model;

/// The C formulas the Rust modules replace, transcribed from Linux 7.2.
pub mod c_ref {
    extern "C" {
        /// `update_idle_cpu_scan()`'s computation of `nr_idle_scan` (kernel/sched/fair.c).
        pub fn c_ref_nr_idle_scan(sum_util: u64, llc_weight: i32, pct: i32) -> i32;
        /// The same with Chen Yu's small-LLC rule at `small_llc` CPUs.
        pub fn c_ref_nr_idle_scan_small_llc(
            sum_util: u64,
            llc_weight: i32,
            pct: i32,
            small_llc: i32,
        ) -> i32;
        /// `sched_prio_to_weight[]` (kernel/sched/core.c).
        pub static c_ref_sched_prio_to_weight: [i32; 40];
        /// The latency_nice -> slice formula of the EEVDF RFC, in C.
        pub fn c_ref_latency_slice(base_slice: u64, latency_nice: i32) -> u64;
        /// v12's `calc_latency_offset()` with the base slice as its scale, in C.
        pub fn c_ref_latency_offset(base_slice: u64, latency_nice: i32) -> i64;
        /// The same offset in virtual time of an entity of weight `weight`, in C.
        pub fn c_ref_latency_voffset(base_slice: u64, latency_nice: i32, weight: u64) -> i64;
    }

    /// Safe wrapper of [`c_ref_latency_offset`]: `latency_nice` in [-20, 19], `base_slice` at
    /// most 1e9.
    pub fn latency_offset(base_slice: u64, latency_nice: i32) -> i64 {
        assert!((-20..=19).contains(&latency_nice) && base_slice <= 1_000_000_000);
        // SAFETY: pure arithmetic; no overflow for these inputs.
        unsafe { c_ref_latency_offset(base_slice, latency_nice) }
    }

    /// Safe wrapper of [`c_ref_latency_voffset`]: as [`latency_offset`], and `weight` in
    /// 1..2^63.
    pub fn latency_voffset(base_slice: u64, latency_nice: i32, weight: u64) -> i64 {
        assert!((-20..=19).contains(&latency_nice) && base_slice <= 1_000_000_000);
        assert!(weight != 0 && weight < 1 << 63);
        // SAFETY: pure arithmetic; no overflow and no zero divisor for these inputs.
        unsafe { c_ref_latency_voffset(base_slice, latency_nice, weight) }
    }

    /// Safe wrapper of [`c_ref_latency_slice`]: `latency_nice` in [-20, 19], `base_slice` below
    /// 2^54 (C shifts it left by 10).
    pub fn latency_slice(base_slice: u64, latency_nice: i32) -> u64 {
        assert!((-20..=19).contains(&latency_nice) && base_slice < 1 << 54);
        // SAFETY: pure arithmetic; the index and the shift are in range by the assertion.
        unsafe { c_ref_latency_slice(base_slice, latency_nice) }
    }

    /// The C weight table.
    pub fn sched_prio_to_weight() -> [i32; 40] {
        // SAFETY: a constant array defined in C, never written.
        unsafe { c_ref_sched_prio_to_weight }
    }

    /// Safe wrapper of [`c_ref_nr_idle_scan`]; `llc_weight` must not be 0 (C divides by it).
    pub fn nr_idle_scan(sum_util: u64, llc_weight: i32, pct: i32) -> i32 {
        assert!(llc_weight != 0, "the C formula divides by llc_weight");
        // SAFETY: pure arithmetic on its arguments; the only undefined case, a zero divisor, is
        // excluded above.
        unsafe { c_ref_nr_idle_scan(sum_util, llc_weight, pct) }
    }

    /// Safe wrapper of [`c_ref_nr_idle_scan_small_llc`]; `llc_weight` must not be 0.
    pub fn nr_idle_scan_small_llc(sum_util: u64, llc_weight: i32, pct: i32, small_llc: i32) -> i32 {
        assert!(llc_weight != 0, "the C formula divides by llc_weight");
        // SAFETY: as for `nr_idle_scan`, which it calls.
        unsafe { c_ref_nr_idle_scan_small_llc(sum_util, llc_weight, pct, small_llc) }
    }
}
