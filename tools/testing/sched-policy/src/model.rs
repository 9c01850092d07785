// SPDX-License-Identifier: GPL-2.0

//! What the host model and the tests compute on top of the kernel's policy modules, and the
//! kernel does not: it keeps these in other forms (the C glue's `calc_delta_fair()`, the lag
//! clamp) or only enforces them, so they are not linked into vmlinux.

use crate::latency::{latency_slice, LatencyNice, PrioToWeight, Weight, NICE_0_WEIGHT};
use crate::latency_offset::{latency_offset, offset_vtime};

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

/// The latency key of an entity: its virtual deadline moved by its virtual latency offset,
/// wrapping like vruntime (the C glue's `latency_key()`).
pub fn latency_key(
    deadline: u64,
    base_slice: u64,
    latency_nice: impl Into<LatencyNice>,
    weight: u64,
) -> u64 {
    deadline.wrapping_add_signed(latency_voffset(base_slice, latency_nice, weight))
}

/// The credit in virtual time of an entity of load weight `weight`: `credit * 1024 / w`, the
/// exact form of the kernel's `calc_delta_fair()`. A weight of 0 counts as nice 0.
pub fn latency_vcredit(credit: u64, weight: u64) -> u64 {
    let w = if weight == 0 { NICE_0_WEIGHT } else { weight };
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

/// The request an entity makes of the queues above its own (Linux 7.2; the C glue's
/// `se_outward_slice()`), of which a group entity at `cpu.latency.nice` 0 takes the shortest
/// (`child_min_slice` of [`group_slice`]): what was asked for explicitly, a task's custom slice
/// or a group entity's slice, and the base slice for a task whose slice latency_nice derived,
/// which so stays inside its group.
pub fn outward_slice(is_task: bool, custom_slice: bool, slice: u64, base_slice: u64) -> u64 {
    if is_task && !custom_slice {
        base_slice
    } else {
        slice
    }
}

/// The slice of a group entity whose group has `cpu.latency.nice` = `group_latency_nice`, when
/// the shortest request its queue makes outward ([`outward_slice`]) is `child_min_slice`
/// (Linux 7.2, where groups are scheduled as entities; the C glue's `group_se_slice()`, which
/// reads the slice table):
///
/// ```text
///   group_latency_nice == 0:  child_min_slice    (mainline propagation of custom slices)
///   otherwise:                latency_slice(base_slice, group_latency_nice)
/// ```
///
/// so an unset group behaves exactly as mainline, and a set one bounds its tasks both ways, as
/// v12 defined: "the latency_nice of a group is used to limit the impact of the latency_nice of
/// a task outside the group".
pub fn group_slice(
    child_min_slice: u64,
    base_slice: u64,
    group_latency_nice: impl Into<LatencyNice>,
    prio_to_weight: &PrioToWeight,
) -> u64 {
    let group_latency_nice = group_latency_nice.into();
    if group_latency_nice == LatencyNice::DEFAULT {
        return child_min_slice;
    }
    latency_slice(base_slice, group_latency_nice, prio_to_weight)
}
