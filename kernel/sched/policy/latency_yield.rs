// SPDX-License-Identifier: GPL-2.0

//! latency_nice on EEVDF: the yield, the other half of the knob.
//!
//! A positive latency_nice says "run me after the others". Its request of up to 100 ms
//! (`latency.rs`) does not say it on EEVDF; it says the opposite. Next to it a task at 0 with a
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
//! the CPU for the rest of its slice protection, eligible or not:
//!
//! ```text
//!   pick = curr   if  ln(best) > 0,  ln(curr) < ln(best),  v_curr < vprot_curr
//! ```
//!
//! That protection (RUN_TO_PARITY's `vprot`, or run-on's) never outlasts the request current
//! was picked for, and current was eligible when it was picked (within its credit), so its lag
//! stays inside the bound it already had, `lag >= -(L + max(r, R) + q)` (`latency_credit.rs`,
//! `latency_debt.rs`): the yield changes who runs first, never how much anyone runs, and adds no
//! constant. Only the entity that asked to wait gives way, and only to lower values; a value at
//! or below 0 never gives way (its own order is the latency key's and the credit's).
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate, whose
//! EEVDF model calls it). It runs under `rq->lock`: no panic.

use crate::latency::LatencyNice;

/// Whether an entity at latency_nice `best`, EEVDF's choice, yields to one at `other`: only a
/// positive value yields, and only to a lower one (a background at 19 gives way to a task at 0
/// or 10, never to another at 19).
pub fn yields_to(best: impl Into<LatencyNice>, other: impl Into<LatencyNice>) -> bool {
    let (best, other) = (best.into().get(), other.into().get());
    best > 0 && other < best
}

/// Whether current, at latency_nice `curr` and inside its slice protection or not
/// (`curr_protected`), keeps the CPU at a pick whose EEVDF choice is at `best`: where `best`
/// yields to it ([`yields_to`]) and it is protected, eligible or not.
pub fn keeps_current(
    best: impl Into<LatencyNice>,
    curr: impl Into<LatencyNice>,
    curr_protected: bool,
) -> bool {
    curr_protected && yields_to(best, curr)
}
