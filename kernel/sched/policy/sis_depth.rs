// SPDX-License-Identifier: GPL-2.0

//! How deep `select_idle_cpu()` searches an LLC: two rules on top of SIS_UTIL's bound.
//!
//! SIS_UTIL (`sis_util.rs`) turns an LLC's utilisation into `nr_idle_scan`, the number of CPUs
//! the idle-CPU search of a wakeup may visit there. Two rules adjust that number; each is off at
//! its parameter's 0, where the kernel scans exactly as mainline does:
//!
//! * **Small LLC** (`sis_small_llc`, a CPU count): an LLC of at most that many CPUs that is not
//!   overloaded is scanned whole. Chen Yu proposed it for 16 CPUs (AMD Zen3's LLC), where
//!   Prateek Nayak measured SIS_UTIL giving up early on LLCs that still had an idle CPU:
//!
//!   ```text
//!   if (nr_llc <= 16 && nr_scan)
//!           nr_scan = nr_llc;
//!   ```
//!
//!   Here the 16 is the parameter. An overloaded LLC (`nr == 0`) stays unscanned.
//!
//! * **Latency depth** (`sis_latency_pct`, a percentage): a latency-sensitive wakee
//!   (latency_nice `l < 0`) gains a share of the CPUs the bound leaves out. With
//!   `s = min(-l * pct, 100 * 20)`:
//!
//!   ```text
//!   l < 0:   nr' = nr + ceil((w - nr) * s / (100 * 20))     (l = -20, pct 100: nr' = w)
//!   l >= 0:  nr' = nr
//!   ```
//!
//!   so `nr'` stays in `nr..=w` and grows monotonically as `l` falls and as `pct` rises; the
//!   rounding up makes any non-zero setting search at least one more CPU for `l < 0` where
//!   the bound left one out. A latency-tolerant wakee keeps SIS_UTIL's bound: shortening it in
//!   proportion to `l` (19 searching nothing at 100 %) was measured in a 64-CPU guest with four
//!   16-CPU LLCs to cost hackbench 1.21-1.53x its time at latency_nice 19, against 0.96-1.08x
//!   for latency_nice 19 alone. Tolerating a late start is no reason to queue behind a busy
//!   CPU while another is idle.
//!
//! The value is a [`LatencyNice`] (`latency.rs`), in range by construction: a value below -20
//! counts as -20.
//!
//! Pure integer math with no dependency on the `kernel` crate, built into vmlinux through
//! `kernel/sched/policy_sis_depth.rs` and into the host crate that tests it. Called in the wakeup
//! path with interrupts off and from load balancing (softirq): it never panics, every product
//! is of values that fit, and every divisor is a non-zero constant.

use crate::latency::{LatencyNice, MIN_LATENCY_NICE};

/// `100 * 20`: `|l| * pct` of the full deepening (`l = -20` at 100 %).
const DEEPEN_FULL: u64 = 100 * MIN_LATENCY_NICE.unsigned_abs() as u64;

/// `nr` after the small-LLC rule: the whole LLC of `llc_weight` CPUs when it has at most
/// `small_llc` CPUs and `nr` is not 0, else `nr` unchanged. `small_llc == 0` turns the rule off.
pub fn small_llc_nr_scan(nr: u32, llc_weight: u32, small_llc: u32) -> u32 {
    if nr != 0 && llc_weight <= small_llc {
        llc_weight
    } else {
        nr
    }
}

/// `nr` for a wakee at `latency_nice`, by the latency-depth rule at `pct` percent (see the
/// module documentation). `pct == 0` or `latency_nice >= 0` returns `nr`; a `latency_nice`
/// below -20 counts as -20; `nr` above `llc_weight` counts as `llc_weight`.
pub fn latency_nr_scan(
    nr: u32,
    llc_weight: u32,
    latency_nice: impl Into<LatencyNice>,
    pct: u32,
) -> u32 {
    let nr = nr.min(llc_weight);
    let latency_nice = latency_nice.into().get();

    if latency_nice >= 0 {
        return nr;
    }
    // -l * pct, capped at the full deepening. Saturating, as everything here: with
    // CONFIG_RUST_OVERFLOW_CHECKS a plain operator is a possible panic in the wakeup path.
    let steps = u64::from(latency_nice.unsigned_abs());
    let share = steps.saturating_mul(u64::from(pct)).min(DEEPEN_FULL);
    let room = llc_weight.saturating_sub(nr);
    // room < 2^32 and share <= 2000: the product fits; extra <= room.
    let extra = u64::from(room).saturating_mul(share).div_ceil(DEEPEN_FULL);
    nr.saturating_add(u32::try_from(extra).unwrap_or(room))
}
