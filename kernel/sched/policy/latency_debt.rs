// SPDX-License-Identifier: GPL-2.0

//! latency_nice on EEVDF: what a latency-sensitive entity may owe, and the clamp that keeps it.
//!
//! The credit (`latency_credit.rs`) lets an entity run while `lag_i >= -L_i`, and run-on
//! (LATENCY_RUN) lets a picked one run past its short request for the run slice `R`. Both are
//! debts: the vruntime is charged, and the entity repays by waiting later. The bounds the credit
//! claims,
//!
//! ```text
//!   lag_i >= -(L_i + max(r_i, R) + q)        lag_j <= r_max + q + sum_k L_k
//! ```
//!
//! hold only if no debt is forgiven when the entity leaves the queue (sleep, delayed dequeue,
//! reweight, migration): the saved lag is clamped as mainline clamps it, `|lag| <= r_max + q`
//! (`limit`, in virtual time), except below, where the clamp is widened by the debt room, what
//! the entity may have taken on credit and run-on since its last pick:
//!
//! ```text
//!   room_i  = L_i + (run-on ? R : 0)                    set at each pick, raised (never
//!                                                       lowered) while it runs
//!   -(limit + room_i / w_i) <= vlag_i <= limit
//! ```
//!
//! These are the rules of that bound, each as the kernel runs it (the C glue reads and writes
//! `struct sched_entity`, takes the locks and converts to virtual time with
//! `calc_delta_fair()`), and as the host model of `tools/testing/sched-policy` calls it:
//! which latency_nice the credit follows ([`credit_nice`]), whether run-on applies
//! ([`runs_on`], [`run_slice`]) and which wakee ends it ([`run_on_kept`]), the room
//! ([`debt_room`]) and the clamp ([`lag_clamp`]).
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate). It
//! runs under `rq->lock`: saturating arithmetic, no zero divisor, no panic.

use crate::latency::LatencyNice;

/// The latency_nice an entity's credit, latency tree membership and run-on follow
/// (`se->credit_nice`), from the value it is allowed (`se_latency_nice_allowed()`): none
/// (0) for a delayed entity, which leaves at mainline's 0-lag point and repays what it ran on
/// credit while it sleeps, or an idle one (`SCHED_IDLE`, a `cpu.idle` group), which mainline
/// never favours and whose minimal weight would make `L / w` a lead of hundreds of slices;
/// else the allowed value where it is below 0.
pub fn credit_nice(allowed: LatencyNice, delayed: bool, idle: bool) -> LatencyNice {
    if delayed || idle {
        LatencyNice::DEFAULT
    } else {
        allowed.min(LatencyNice::DEFAULT)
    }
}

/// Whether run-on applies to an entity at `credit_nice` ([`credit_nice`]) with LATENCY_RUN
/// `latency_run`: once picked it is protected for the run slice ([`run_slice`]), not its own
/// request.
pub fn runs_on(credit_nice: LatencyNice, latency_run: bool) -> bool {
    latency_run && credit_nice < LatencyNice::DEFAULT
}

/// The service (ns) a run-on entity is protected for from its pick: the base slice, the request
/// of a latency_nice 0 entity; with RUN_TO_PARITY off, the minimum quantum mainline then gives
/// any current (`set_protect_slice()`), the normalized base slice.
pub fn run_slice(run_to_parity: bool, base_slice: u64, normalized_base_slice: u64) -> u64 {
    if run_to_parity {
        base_slice
    } else {
        normalized_base_slice
    }
}

/// LATENCY_RUN at a wakeup next to a current that runs on (inside its protection): whether it
/// keeps the CPU. A wakee that carries no credit (`wakee_credit_nice` >= 0, the load) leaves it
/// alone; a latency-sensitive one ends its protection if it is owed service (eligible, not
/// delayed), and EEVDF's rule decides: one that is not owed service could not run anyway, and
/// would only hand the CPU to the load.
pub fn run_on_kept(
    wakee_credit_nice: LatencyNice,
    wakee_delayed: bool,
    wakee_eligible: bool,
) -> bool {
    wakee_credit_nice >= LatencyNice::DEFAULT || wakee_delayed || !wakee_eligible
}

/// The debt room (ns) of an entity (`se->latency_debt_room`), the debt it may take below
/// mainline's clamp from now on: at a pick (`reset`), its credit `credit` plus the run slice
/// where it runs on (`run_slice`, 0 where it does not); while it runs, raised to that sum when
/// it grows (its credit grew) and never lowered, since what it took on the old one is still
/// owed.
pub fn debt_room(room: u64, credit: u64, run_slice: u64, reset: bool) -> u64 {
    let now = credit.saturating_add(run_slice);
    if reset || now > room {
        now
    } else {
        room
    }
}

/// `entity_lag()`'s clamp of a leaving entity's virtual lag `vlag`: above by mainline's
/// `limit` (`(r_max + q) / w`), below by `limit` widened by the debt room in the entity's
/// virtual time, `vroom` (`room / w`), so that a debt taken on credit or run-on is carried, not
/// forgiven. A negative `limit` or `vroom`, which the kernel never passes, counts as 0.
pub fn lag_clamp(vlag: i64, limit: i64, vroom: i64) -> i64 {
    let limit = limit.max(0);
    let floor = limit.saturating_add(vroom.max(0));
    // -floor cannot overflow: floor >= 0.
    vlag.clamp(-floor, limit)
}
