// SPDX-License-Identifier: GPL-2.0

//! latency_nice on EEVDF: the yield, the other half of the knob.
//!
//! A positive latency_nice says "run me after the others". Its longer request (`latency.rs`, up
//! to four base slices) says it on EEVDF only at a wakeup. Next to it a task at 0 with a
//! request of one base slice wakes up and runs at once (its deadline is the earlier one,
//! PREEMPT_SHORT lets it through current's protection), with the lag it woke with, about 0
//! (DELAY_ZERO gives a sleeper no more). A few microseconds into its work it has run past the
//! average, `lag < 0`, and mainline's pick drops the slice protection of a current that is not
//! eligible: the next pick, at the wakeup of one of the load's tasks or at a tick, hands the
//! CPU to the load in the middle of the task's work, for a protected slice and a lazy tick.
//! Next to a load at 0 the task first waits for the current's protection, gains lag while it
//! waits, and runs its work eligible.
//!
//! So where EEVDF picks an entity at a positive latency_nice, a current at a lower value keeps
//! the CPU for the rest of its slice protection, eligible or not, unless it has gone to sleep:
//!
//! ```text
//!   pick = curr   if  ln(best) > 0,  ln(curr) < ln(best),  v_curr < vprot_curr,  not delayed
//! ```
//!
//! That protection (RUN_TO_PARITY's `vprot`, or run-on's) never outlasts the request current
//! was picked for, and current was eligible when it was picked (within its credit), so its lag
//! stays inside the bound it already had, `lag >= -(L + max(r, R) + q)` (`latency_credit.rs`,
//! `latency_debt.rs`): the yield changes who runs first, never how much anyone runs, and adds no
//! constant. Only the entity that asked to wait gives way, and only to lower values; a value at
//! or below 0 never gives way (its own order is the latency key's and the credit's).
//!
//! Nor does a task at a lower value wait for the load the moment it has run past the average.
//! Where EEVDF picks an entity at n > 0, the pick goes to the entity with the earliest deadline
//! among those within a lead `D_n` of eligibility, if that one is at a lower value
//! ([`yield_lead`], [`leads`]):
//!
//! ```text
//!   v_j - L_j/w_j - D_n <= V,  D_n = base_slice * n / 20   (the credit of -n, mirrored)
//! ```
//!
//! in a nice-0 entity's virtual time, so that the augmented minima of the tree still prune the
//! search. The default task runs its work on before the background and repays it by waiting
//! later; nobody's weight changes. While an entity at n > 0 is queued beside it, the lag floor
//! of an entity at a lower value widens by `D_n`, `lag >= -(L + D_n + max(r, R) + q)`, the
//! credit's bound with the mirrored credit added: a stated constant, at most `0.95 base_slice`.
//! A delayed entity gets no lead (it is on its way out, as it gets no credit), so delayed
//! dequeue still lets it leave only at its 0-lag point.
//!
//! Nor does it keep, across a sleep, more positive lag than a default entity next to default
//! requests would ([`capped_lag`]): a background whose long requests (a custom slice of up to
//! 100 ms) raise mainline's lag clamp would otherwise rejoin that far behind the average and move
//! the average back by its share of it, pushing every task beside it away from eligibility.
//!
//! Nor does it take turns longer than a default entity's ([`protected_slice`]). Its request
//! stays long, so its deadline stays late and a task at a lower value beside it wins EEVDF's
//! choice whenever it is eligible; but RUN_TO_PARITY protects a current for the shortest request
//! queued, and where every entity queued is at the same positive value that is its own long
//! request (or a custom slice of up to 100 ms): one task of the load would then keep the CPU
//! that long against the others of the load, which did less work with the same CPU (measured
//! with 160 hackbench tasks). An entity at n > 0 is protected for at most the base slice:
//!
//! ```text
//!   protection = min(base_slice, min_slice)   if n > 0,   min_slice otherwise
//! ```
//!
//! (`min_slice`: mainline's, the shortest request queued bounded by the entity's own). A shorter
//! protection only lets EEVDF pick again sooner: no bound changes.
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate, whose
//! EEVDF model calls it). It runs under `rq->lock`: no panic.

use crate::latency::LatencyNice;
use crate::latency_credit::latency_credit;

/// `entity_lag()`'s ceiling for an entity at `latency_nice` leaving the queue (sleep,
/// migration, reweight) with virtual lag `vlag`, already clamped to mainline's `[-limit, limit]`:
/// at a positive value no more than `base_limit`, the limit of a queue of base-slice requests
/// (`(base_slice + q) / w`), whatever the requests queued; otherwise `vlag` as it is.
///
/// Mainline's ceiling is the longest request queued plus a tick, so a background whose requests are
/// 100 ms (a custom slice) keeps up to 100 ms of positive lag across a sleep, and where it wakes up
/// it is placed that far behind the average (PLACE_LAG), which moves the average back by
/// `w * lag / (W + w)`: every task queued beside it, a default one that was just eligible
/// included, is pushed that far from eligibility and waits for the background to run it back. An
/// entity at n > 0 asked to wait for the others: it gives up the catch-up beyond what a default
/// entity keeps. Its share while runnable is its weight's (the clamp acts only when it leaves); a
/// sleeper at n > 0 gets back at most `base_slice + q` of what it was owed, as a default sleeper
/// next to default requests does. A negative `base_limit` counts as 0.
pub fn capped_lag(latency_nice: impl Into<LatencyNice>, vlag: i64, base_limit: i64) -> i64 {
    if latency_nice.into().get() > 0 {
        vlag.min(base_limit.max(0))
    } else {
        vlag
    }
}

/// Whether an entity at latency_nice `best`, EEVDF's choice, yields to one at `other`: only a
/// positive value yields, and only to a lower one (a background at 19 gives way to a task at 0
/// or 10, never to another at 19).
pub fn yields_to(best: impl Into<LatencyNice>, other: impl Into<LatencyNice>) -> bool {
    let (best, other) = (best.into().get(), other.into().get());
    best > 0 && other < best
}

/// Whether current, at latency_nice `curr`, inside its slice protection or not
/// (`curr_protected`) and delayed or not (`curr_delayed`), keeps the CPU at a pick whose EEVDF
/// choice is at `best`: where `best` yields to it ([`yields_to`]) and it is protected, eligible
/// or not, but not delayed. A current that has just gone to sleep past the average is delayed
/// (DELAY_DEQUEUE) and still current at the pick that follows; kept, it would be "picked" and so
/// dequeued at once with its negative lag, where it should stay queued until its lag is back to
/// 0, and would wake up not eligible.
pub fn keeps_current(
    best: impl Into<LatencyNice>,
    curr: impl Into<LatencyNice>,
    curr_protected: bool,
    curr_delayed: bool,
) -> bool {
    curr_protected && !curr_delayed && yields_to(best, curr)
}

/// The lead (ns of a nice-0 entity's virtual time) that an entity at latency_nice `best`,
/// EEVDF's choice, gives the entities at lower values: the credit of the mirrored value,
/// `base_slice * n / 20` at n > 0 (the base slice capped as the credit's), none at or below 0.
pub fn yield_lead(base_slice: u64, best: impl Into<LatencyNice>) -> u64 {
    let best = best.into().get();
    if best <= 0 {
        return 0;
    }
    // 1..=19 after the clamp of `LatencyNice`: the negation cannot overflow.
    latency_credit(base_slice, best.saturating_neg())
}

/// Whether the entity found within the lead of `best` ([`yield_lead`]), at latency_nice `other`
/// and delayed or not, runs instead of `best`: where `best` yields to it ([`yields_to`]) and it is
/// not delayed (a delayed entity leaves at its 0-lag point, with no lead, as with no credit).
pub fn leads(best: impl Into<LatencyNice>, other: impl Into<LatencyNice>, delayed: bool) -> bool {
    !delayed && yields_to(best, other)
}

/// The service (ns) for which an entity at latency_nice `latency_nice` is protected once picked,
/// where mainline would protect it for `slice` (RUN_TO_PARITY's shortest request queued, bounded
/// by its own): at a positive value no more than `base_slice`, its turn a default entity's while
/// its deadline stays its long request's; otherwise `slice` as it is.
pub fn protected_slice(latency_nice: impl Into<LatencyNice>, slice: u64, base_slice: u64) -> u64 {
    if latency_nice.into().get() > 0 {
        slice.min(base_slice)
    } else {
        slice
    }
}
