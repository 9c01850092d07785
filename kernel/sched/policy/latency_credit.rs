// SPDX-License-Identifier: GPL-2.0

//! latency_nice on EEVDF: the latency credit, a bounded relaxation of eligibility.
//!
//! EEVDF runs only eligible entities, `lag_i = w_i * (V - v_i) >= 0`. A latency-sensitive task
//! that wakes up still owing CPU time (`lag_i < 0`) waits about `|lag_i| * W / w_i` before it is
//! eligible, however short its request: a shorter slice and an order among eligible entities
//! (`latency.rs`, `latency_offset.rs`) cannot shorten that wait. v5..v12 on CFS let a
//! latency-sensitive wakee preempt while up to `|offset|` *ahead* of its fair share and charged it
//! the vruntime it used. The credit is that relaxation on EEVDF:
//!
//! ```text
//!   eligible_i  <=>  lag_i >= -L_i  <=>  v_i - L_i / w_i <= V
//!   L(ln) = base_slice * -ln / 20   for ln < 0;   0 for ln >= 0     (ns, |offset| of v12)
//! ```
//!
//! Deadlines stay `vd_i = v_i + r_i / w_i`, from the true vruntime, and nothing is forgiven: the
//! vruntime an entity runs while in credit is charged, and the lag clamp is widened below by what
//! it may have taken on credit since its last pick (`L_i`, and the base slice under run-on), so
//! that a debt taken on credit is carried across sleep, delayed dequeue, reweight and migration
//! and repaid by waiting later; above, the clamp stays mainline's. It behaves like a token
//! bucket, burst `L_i`, rate `w_i / W`. With a tick `q` and requests `r`:
//!
//! ```text
//!   lag_i >= -(L_i + r_i + q)                   (runs past -L_i only until the next
//!                                                request end or tick)
//!   lag_j <=  r_max + q + sum_k L_k             (lags sum to zero)
//!   |S_i(t) / t - w_i / W| <= (L_i + r_i + q) / t -> 0      (S_i = w_i / W * t - lag_i)
//! ```
//!
//! so the long-run share of every entity is its weight's. latency_nice >= 0 has no credit and sees
//! exactly EEVDF's rule. The host crate drives an EEVDF model with this credit and checks the
//! bounds (`tools/testing/sched-policy/tests/eevdf_model.rs`; the bounds' formulas are its
//! `model` module, as the kernel only enforces them).
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate). It
//! runs under `rq->lock`: no overflow (the base slice is capped), no zero divisor, no panic.

use crate::latency::{
    fill_table, LatencyNice, LatencyTable, Weight, LATENCY_NICE_WIDTH, NICE_0_WEIGHT,
};
use crate::latency_offset::OFFSET_BASE_MAX_NS;

/// The latency credit (ns) of `latency_nice` for base slice `base_slice`:
/// `base_slice * -latency_nice / 20` for latency_nice < 0 (values below -20 count as -20), 0
/// otherwise. The base slice is capped at [`OFFSET_BASE_MAX_NS`]: at most 1 s of credit.
pub fn latency_credit(base_slice: u64, latency_nice: impl Into<LatencyNice>) -> u64 {
    let latency_nice = latency_nice.into().get();
    if latency_nice >= 0 {
        return 0;
    }
    // 1..=20; unsigned_abs() cannot overflow.
    let steps = u64::from(latency_nice.unsigned_abs());
    let half = u64::from((LATENCY_NICE_WIDTH / 2).unsigned_abs());
    // <= 1e9 * 20: no overflow; `half` is 20.
    base_slice.min(OFFSET_BASE_MAX_NS) * steps / half
}

/// The latency credit of every latency_nice for `base_slice` ([`latency_credit`]).
pub fn fill_credit_table(base_slice: u64, table: &mut LatencyTable<u64>) {
    fill_table(table, |ln| latency_credit(base_slice, ln));
}

/// The credit in the virtual time of an entity of weight `weight` (nice 0 is 1024):
/// `L_i / w_i = credit * 1024 / w_i`, rounded down. This is the `vcredit` the kernel stores
/// where an entity's credit or weight changes, and by which eligibility tests it:
///
/// ```text
///   eligible_i  <=>  v_i - vcredit_i <= V
/// ```
///
/// The comparison with `V` is EEVDF's own (`vruntime_eligible()`), on `v_i - vcredit_i` where
/// it would read `v_i`, and the queue's minima of that value (the pick's augmented tree).
/// Saturating: a credit of at most 1 s times 1024 does not come near it.
pub fn credit_vtime(credit: u64, weight: Weight) -> u64 {
    // A Weight is at least 1: no zero divisor.
    credit.saturating_mul(NICE_0_WEIGHT) / weight.get()
}
