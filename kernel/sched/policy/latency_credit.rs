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
//! exactly EEVDF's rule. The host crate drives an EEVDF model with these functions and checks the
//! bounds (`tools/testing/sched-policy/tests/eevdf_model.rs`).
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate). It
//! runs under `rq->lock`: no overflow (the base slice is capped), no zero divisor, no panic.

use crate::latency::{LATENCY_NICE_WIDTH, MIN_LATENCY_NICE};
use crate::latency_offset::OFFSET_BASE_MAX_NS;

/// `NICE_0_LOAD` after `scale_load_down()`: the weight whose virtual time is real time.
const NICE_0_WEIGHT: u64 = 1024;

/// The latency credit (ns) of `latency_nice` for base slice `base_slice`:
/// `base_slice * -latency_nice / 20` for latency_nice < 0 (values below -20 count as -20), 0
/// otherwise. The base slice is capped at [`OFFSET_BASE_MAX_NS`]: at most 1 s of credit.
pub fn latency_credit(base_slice: u64, latency_nice: i32) -> u64 {
    if latency_nice >= 0 {
        return 0;
    }
    // 1..=20; unsigned_abs() cannot overflow.
    let steps = u64::from(latency_nice.max(MIN_LATENCY_NICE).unsigned_abs());
    let half = u64::from((LATENCY_NICE_WIDTH / 2).unsigned_abs());
    // <= 1e9 * 20: no overflow; `half` is 20.
    base_slice.min(OFFSET_BASE_MAX_NS) * steps / half
}

/// The credit in virtual time of an entity of load weight `weight` (as
/// `scale_load_down(se->load.weight)`): `credit * 1024 / w`, like `calc_delta_fair()`. A weight
/// of 0 (never seen in the kernel) counts as nice 0. The kernel glue scales with
/// `calc_delta_fair()` itself (no division); this is the model's and the tests' form.
pub fn latency_vcredit(credit: u64, weight: u64) -> u64 {
    let w = if weight == 0 { NICE_0_WEIGHT } else { weight };
    // credit * 1024 cannot overflow for any credit latency_credit() returns (<= 1e9); larger
    // values saturate.
    credit.saturating_mul(NICE_0_WEIGHT) / w
}

/// The vruntime eligibility is decided on: `v_i - L_i / w_i`, wrapping like vruntime (compared
/// by the sign of a wrapping difference).
pub fn credited_vruntime(vruntime: u64, vcredit: u64) -> u64 {
    vruntime.wrapping_sub(vcredit)
}

/// Lowest lag (ns) an entity with credit `credit`, request `slice`, reaches when the tick is
/// `tick`: `-(L + r + q)`, saturating.
pub fn lag_floor(credit: u64, slice: u64, tick: u64) -> i64 {
    let sum = credit.saturating_add(slice).saturating_add(tick);
    i64::try_from(sum).map_or(i64::MIN + 1, |s| -s)
}

/// Highest lag (ns) any entity reaches on a runqueue whose longest request is `max_slice`, with
/// tick `tick` and credits summing to `credit_sum`: `max(r_max, q) + sum L`, saturating.
pub fn lag_ceiling(max_slice: u64, tick: u64, credit_sum: u64) -> i64 {
    let sum = max_slice.max(tick).saturating_add(credit_sum);
    i64::try_from(sum).unwrap_or(i64::MAX)
}
