// SPDX-License-Identifier: GPL-2.0

//! latency_nice on EEVDF: which entity the latency key serves first.
//!
//! Among eligible entities EEVDF serves the earliest virtual deadline. The series orders the
//! latency-sensitive ones by a key instead: the deadline moved by the latency offset of the
//! value the entity is allowed (`latency_permission.rs`), in its own virtual time
//! (`latency_offset.rs`),
//!
//! ```text
//!   key_i = vd_i + offset(allowed_i) * 1024 / w_i      (wrapping; compared like vruntimes,
//!                                                       by the sign of the difference)
//! ```
//!
//! The entities whose latency_nice decides are kept in a second tree by key, the latency tree:
//! those whose credit follows a value below 0 (`credit_nice()` of `latency_debt.rs`: allowed
//! below 0, neither delayed nor idle). At each pick the tree's first eligible entity, or a
//! current that would be a member and is eligible, runs before EEVDF's choice when its key comes
//! strictly first. Keys only reorder entities that are owed service (the credit bounds how far
//! eligibility is relaxed), so what each gets over time is its weight's share.
//!
//! Core scheduling orders two tasks of different CPUs the same way: their normalized vruntimes
//! moved by their offsets, none for an idle entity, which mainline never favours.
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate).
//! It runs under `rq->lock`: wrapping arithmetic as the C vruntimes wrap, no panic.

use crate::latency::LatencyNice;
use crate::latency_debt::credit_nice;
use crate::latency_offset::VirtualOffset;

/// Whether an entity belongs in the latency tree (`latency_tree_wants()`): its credit follows
/// a value below 0 ([`credit_nice`]), so that membership, credit and run-on never disagree.
pub fn in_latency_tree(allowed: LatencyNice, delayed: bool, idle: bool) -> bool {
    credit_nice(allowed, delayed, idle) < LatencyNice::DEFAULT
}

/// The latency key of an entity with virtual deadline `deadline` and virtual latency offset
/// `voffset`: `deadline + voffset`, wrapping like vruntime.
pub fn latency_key(deadline: u64, voffset: VirtualOffset) -> u64 {
    deadline.wrapping_add_signed(voffset.0)
}

/// Whether key (or vruntime) `a` comes before `b`: the sign of the wrapping difference,
/// `(s64)(a - b) < 0`, as the C compares vruntimes.
pub fn key_before(a: u64, b: u64) -> bool {
    // Reinterpreting the difference as signed is the point: no value is lost.
    (a.wrapping_sub(b) as i64) < 0
}

/// Which entity [`latency_pick`] chose.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LatencyPick {
    /// EEVDF's choice.
    Best = 0,
    /// The latency tree's first eligible entity.
    First = 1,
    /// The current entity.
    Curr = 2,
}

/// The latency pick (`pick_latency()`): of the latency tree's first eligible entity (key
/// `first_key`, `None` for none) and the current one where it is a member, eligible and not
/// EEVDF's choice (`curr_key`), the one whose key comes first, current only where strictly
/// (it does not hold the CPU against an equal key); it runs instead of EEVDF's choice (key
/// `best_key`) only where its key comes strictly first.
pub fn latency_pick(best_key: u64, first_key: Option<u64>, curr_key: Option<u64>) -> LatencyPick {
    let candidate = match (first_key, curr_key) {
        (Some(first), Some(curr)) if key_before(curr, first) => Some((LatencyPick::Curr, curr)),
        (Some(first), _) => Some((LatencyPick::First, first)),
        (None, Some(curr)) => Some((LatencyPick::Curr, curr)),
        (None, None) => None,
    };
    match candidate {
        Some((pick, key)) if key_before(key, best_key) => pick,
        _ => LatencyPick::Best,
    }
}

/// Core scheduling's order of two entities (`cfs_prio_less()`), `a` after `b` where the result
/// is above 0: their normalized vruntime difference `vdelta` moved by each one's virtual latency
/// offset as the latency tree moves their deadlines, none for an idle entity (`a_idle`,
/// `b_idle`). Symmetric: swapping `a` and `b` negates it.
pub fn core_vdelta(
    vdelta: i64,
    a_voffset: VirtualOffset,
    a_idle: bool,
    b_voffset: VirtualOffset,
    b_idle: bool,
) -> i64 {
    let offset = |voffset: VirtualOffset, idle: bool| if idle { 0 } else { voffset.0 };
    vdelta
        .wrapping_add(offset(a_voffset, a_idle))
        .wrapping_sub(offset(b_voffset, b_idle))
}
