// SPDX-License-Identifier: GPL-2.0

//! latency_nice's per-value tables: the request size, latency offset and latency credit of
//! every latency_nice for the live base slice.
//!
//! The scheduler needs these on hot paths: the slice at every request end of a task with
//! latency_nice != 0 (`update_deadline()`), the offset at every insertion into the latency tree
//! and every key comparison, the credit at every enqueue. Each is a function of the base slice
//! and latency_nice only, and the base slice changes only at boot, on CPU hotplug (its
//! logarithmic scaling with the number of CPUs) and on a write of `base_slice_ns` in debugfs.
//! So the C glue fills these tables then and looks them up on the hot paths, instead of
//! calling out with a 64-bit division every time:
//!
//! ```text
//!   slice[ln + 20]  = latency_slice(base, ln)    (latency.rs)
//!   offset[ln + 20] = latency_offset(base, ln)   (latency_offset.rs)
//!   credit[ln + 20] = latency_credit(base, ln)   (latency_credit.rs)
//! ```
//!
//! All three in real time (ns). The virtual values depend on each entity's weight; the C glue
//! takes them with `calc_delta_fair()` (a multiplication by the inverse weight), as mainline
//! does for the slice.
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate).

use crate::latency::{latency_slice, PrioToWeight, MIN_LATENCY_NICE};
use crate::latency_credit::latency_credit;
use crate::latency_offset::latency_offset;

/// Entries of each table: latency_nice -20..=19 at index `latency_nice + 20`.
pub const LATENCY_TABLE_LEN: usize = 40;

/// Fills the three tables for `base_slice`: entry `i` is latency_nice `i - 20`.
pub fn fill_latency_tables(
    base_slice: u64,
    prio_to_weight: &PrioToWeight,
    slice: &mut [u64; LATENCY_TABLE_LEN],
    offset: &mut [i64; LATENCY_TABLE_LEN],
    credit: &mut [u64; LATENCY_TABLE_LEN],
) {
    let mut latency_nice = MIN_LATENCY_NICE;
    for ((s, o), c) in slice
        .iter_mut()
        .zip(offset.iter_mut())
        .zip(credit.iter_mut())
    {
        *s = latency_slice(base_slice, latency_nice, prio_to_weight);
        *o = latency_offset(base_slice, latency_nice);
        *c = latency_credit(base_slice, latency_nice);
        // 40 steps from -20: never near overflow.
        latency_nice = latency_nice.wrapping_add(1);
    }
}
