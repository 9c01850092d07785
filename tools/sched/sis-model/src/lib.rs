// SPDX-License-Identifier: GPL-2.0

//! The idle-CPU search model (`sis-model`) and the trace reader that measures what it replays
//! (`sched-bursts`).

pub mod bursts;
pub mod dist;
pub mod model;
