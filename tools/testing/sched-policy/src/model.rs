// SPDX-License-Identifier: GPL-2.0

//! What the host model and the tests compute on top of the kernel's policy modules, and the
//! kernel does not: it keeps these in other forms (the lag clamp) or only enforces them, so they
//! are not linked into vmlinux; and the policy functions on bare numbers.

use crate::latency::{LatencyNice, Weight};
use crate::latency_credit::credit_vtime;
use crate::latency_offset::{latency_offset, offset_vtime, VirtualOffset};
use crate::latency_pick;

/// The latency offset of `latency_nice` in the virtual time of an entity of weight `weight`:
/// the table entry the kernel looks up ([`latency_offset`]) through the conversion it calls
/// ([`offset_vtime`]).
pub fn latency_voffset(base_slice: u64, latency_nice: impl Into<LatencyNice>, weight: u64) -> i64 {
    offset_vtime(
        latency_offset(base_slice, latency_nice),
        Weight::new(weight),
    )
    .0
}

/// The latency key of an entity at `latency_nice` and weight `weight` whose virtual deadline is
/// `deadline`: the policy's key ([`latency_pick::latency_key`]) of the virtual offset the
/// kernel looks up ([`latency_voffset`]).
pub fn latency_key(
    deadline: u64,
    base_slice: u64,
    latency_nice: impl Into<LatencyNice>,
    weight: u64,
) -> u64 {
    latency_pick::latency_key(
        deadline,
        VirtualOffset(latency_voffset(base_slice, latency_nice, weight)),
    )
}

/// The credit in virtual time of an entity of load weight `weight`: the kernel's
/// ([`credit_vtime`], what `latency_nice_vcredit()` stores), on a bare weight. A weight of 0
/// counts as nice 0.
pub fn latency_vcredit(credit: u64, weight: u64) -> u64 {
    credit_vtime(credit, Weight::new(weight))
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
