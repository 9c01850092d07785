// SPDX-License-Identifier: GPL-2.0

//! SIS_UTIL: how many CPUs of an LLC `select_idle_cpu()` may scan.
//!
//! A port of the C computation in `update_idle_cpu_scan()` (kernel/sched/fair.c, merged as
//! "sched/fair: Introduce SIS_UTIL to search idle CPU based on sum of util_avg"). The scan depth
//! falls quadratically with the LLC's utilisation and reaches zero when the LLC counts as
//! overloaded, i.e. when the utilisation ratio reaches `100 / imbalance_pct` (85.5 % for the usual
//! `imbalance_pct` of 117).
//!
//! This file is pure integer math with no dependency on the `kernel` crate: it is built into
//! vmlinux through `kernel/sched/policy_sis_util.rs` and into a host crate that tests it
//! against the C formula. It is called from load balancing (`update_sd_lb_stats()`, in the
//! SCHED_SOFTIRQ handler or newidle balance), with preemption off, so it must never panic:
//! every multiplication saturates and every division has a non-zero divisor.

/// `SCHED_CAPACITY_SCALE`: the utilisation of one fully busy CPU.
pub const SCHED_CAPACITY_SCALE: u64 = 1024;

/// Number of CPUs of an LLC that the idle-CPU search may visit.
///
/// `sum_util` is the sum of `util_avg` over the LLC's CPUs, `llc_weight` the number of CPUs in the
/// LLC and `imbalance_pct` the domain's imbalance percentage. With
///
/// ```text
///   x  = sum_util / llc_weight                                    [3]
///   y  = SCHED_CAPACITY_SCALE - min(x^2 * pct^2 / (10000 * SCHED_CAPACITY_SCALE),
///                                   SCHED_CAPACITY_SCALE)         [4]
///   nr = y * llc_weight / SCHED_CAPACITY_SCALE                    [2]
/// ```
///
/// the result is `nr`, in `0..=llc_weight`. The C code computes `x^2 * pct^2` in `u64`; for
/// every input the kernel can produce (`x` is at most a few times `SCHED_CAPACITY_SCALE`,
/// `imbalance_pct` a few hundred) that product is far below `u64::MAX`, and there the result is
/// identical to C. Beyond that the product saturates, which still means "overloaded, scan
/// nothing", where C would wrap around. An empty LLC (`llc_weight == 0`, which C would divide by)
/// has nothing to scan.
pub fn nr_idle_scan(sum_util: u64, llc_weight: u32, imbalance_pct: u32) -> u32 {
    let Some(x) = sum_util.checked_div(u64::from(llc_weight)) else {
        return 0;
    };
    let pct = u64::from(imbalance_pct);

    // Equation [4]. The divisor is a non-zero constant.
    let tmp = x.saturating_mul(x).saturating_mul(pct).saturating_mul(pct)
        / (10000 * SCHED_CAPACITY_SCALE);
    let y = SCHED_CAPACITY_SCALE - tmp.min(SCHED_CAPACITY_SCALE);

    // Equation [2]: y <= SCHED_CAPACITY_SCALE, so y * llc_weight fits in u64 and the quotient is
    // at most llc_weight, which fits in u32.
    let nr = y * u64::from(llc_weight) / SCHED_CAPACITY_SCALE;
    u32::try_from(nr).unwrap_or(llc_weight)
}
