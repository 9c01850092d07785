/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_nice: the request a group entity makes of its siblings, computed
 * in Rust (kernel/sched/policy_latency_group_slice.rs).
 *
 * Pure integer math, safe to call under rq->lock. The Rust definitions are
 * checked against these prototypes at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_LATENCY_GROUP_SLICE_H
#define _LINUX_SCHED_POLICY_LATENCY_GROUP_SLICE_H

#include <linux/types.h>

#ifdef CONFIG_SCHED_RUST_POLICY
/*
 * The request an entity makes of the queues above its own: @slice, but
 * @base_slice for a task whose slice latency_nice derived.
 */
u64 latency_nice_outward_slice(bool is_task, bool custom_slice, u64 slice,
			       u64 base_slice);
/*
 * A group entity's slice: @child_min_slice at cpu.latency.nice 0, else
 * @group_latency_nice_slice, the slice table's entry for its value.
 */
u64 latency_nice_group_slice(int group_latency_nice, u64 child_min_slice,
			     u64 group_latency_nice_slice);
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_GROUP_SLICE_H */
