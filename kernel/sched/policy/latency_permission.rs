// SPDX-License-Identifier: GPL-2.0

//! latency_nice on EEVDF: how much of a latency_nice below 0 an entity is allowed.
//!
//! A latency_nice below 0 asks for two things. Its request size (`latency.rs`) is every user's,
//! as mainline gives any user a 0.1 ms custom slice. What it takes from others, the latency
//! offset (the key, the latency tree, wakeup preemption and keep; `latency_pick.rs`), the credit
//! (`latency_credit.rs`), run-on (`latency_debt.rs`) and a deeper idle search (`sis_depth.rs`),
//! is given like a lower nice, by the rule `setpriority(2)` applies (`is_nice_reduction()`,
//! `nice_to_rlimit(v) = 20 - v`): down to the value `RLIMIT_NICE` allows, all of it with
//! `CAP_SYS_NICE`, decided when the value is set and inherited on fork:
//!
//! ```text
//!   floor        = 20 - min(RLIMIT_NICE, 40)
//!   withheld(ln) = ln < min(floor, 0) ? min(floor, 0) - ln : 0           steps, in [0, 20]
//! ```
//!
//! What an entity is then allowed combines the steps withheld from its own value `own` with its
//! effective value `eff` (on 7.3 a group's value restricts its tasks'):
//!
//! ```text
//!   allowed = eff >= 0 ? eff : min(max(eff, own + withheld), 0)
//! ```
//!
//! An effective value above what the entity was allowed restricts it; one below it, a group
//! deciding for its tasks, grants nothing: that would be each task's privilege on the word of
//! whoever may write the group's file. Values >= 0 ask for no privilege and are taken as they
//! are.
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate): no
//! overflow, no panic. The glue asks `capable()` only where something would be withheld, since
//! it audits.

use crate::latency::{LatencyNice, LATENCY_NICE_WIDTH, MAX_LATENCY_NICE};

/// The steps of `latency_nice` whose privilege an `RLIMIT_NICE` of `rlimit_nice` does not allow
/// (`se->latency_credit_withheld` without `CAP_SYS_NICE`): `is_nice_reduction()`'s rule, the
/// nice range being latency_nice's. An `RLIMIT_NICE` of 40 or more (`RLIM_INFINITY` included)
/// allows -20 as it allows nice -20; latency_nice >= 0 asks for nothing. In [0, 20].
pub fn credit_withheld(latency_nice: LatencyNice, rlimit_nice: u64) -> u8 {
    // min(rlimit, 40) fits an i32; the floor is in [-20, 20].
    let rlimit = i32::try_from(rlimit_nice.min(LATENCY_NICE_WIDTH.unsigned_abs().into()))
        .unwrap_or(LATENCY_NICE_WIDTH);
    let lowest = (MAX_LATENCY_NICE + 1 - rlimit).min(0);
    let ln = latency_nice.get();
    if ln >= lowest {
        return 0;
    }
    // In [1, 20]: ln >= -20 and lowest <= 0.
    u8::try_from(lowest - ln).unwrap_or(0)
}

/// The latency_nice an entity's offset, credit, run-on and idle search follow
/// (`se_latency_nice_allowed()`), from its effective value `effective`, its own `own` and the
/// steps of its own withheld, `withheld` ([`credit_withheld`]).
pub fn allowed(effective: LatencyNice, own: LatencyNice, withheld: u8) -> LatencyNice {
    if effective >= LatencyNice::DEFAULT {
        return effective;
    }
    let own_allowed = LatencyNice::new(own.get().saturating_add(i32::from(withheld)));
    effective.max(own_allowed).min(LatencyNice::DEFAULT)
}
