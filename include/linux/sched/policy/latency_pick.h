/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_nice: the latency tree's membership, the latency key, the latency
 * pick and core scheduling's order, computed in Rust
 * (kernel/sched/policy_latency_pick.rs).
 *
 * Pure integer math, safe to call under rq->lock. The Rust definitions are
 * checked against these prototypes at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_LATENCY_PICK_H
#define _LINUX_SCHED_POLICY_LATENCY_PICK_H

#include <linux/types.h>

/* What latency_nice_pick() chose (LatencyPick in policy/latency_pick.rs). */
#define LATENCY_PICK_BEST	0	/* EEVDF's pick */
#define LATENCY_PICK_FIRST	1	/* the latency tree's first eligible entity */
#define LATENCY_PICK_CURR	2	/* the current entity */

#ifdef CONFIG_SCHED_RUST_POLICY
/* Whether an entity at @allowed belongs in the latency tree. */
bool latency_nice_in_tree(int allowed, bool delayed, bool idle);
/* @deadline moved by the virtual latency offset @voffset, wrapping. */
u64 latency_nice_key(u64 deadline, s64 voffset);
u32 latency_nice_pick(u64 best_key, bool has_first, u64 first_key,
		      bool has_curr, u64 curr_key);
/* cfs_prio_less()'s @vdelta moved by each side's offset, none if idle. */
s64 latency_nice_core_vdelta(s64 vdelta, s64 a_voffset, bool a_idle,
			     s64 b_voffset, bool b_idle);
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_PICK_H */
