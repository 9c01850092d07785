/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpu.latency.nice's group slice, computed in Rust
 * (kernel/sched/policy_latency_group.rs).
 *
 * Pure integer math, safe to call with rq->lock held. The Rust definition is
 * checked against this prototype at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_LATENCY_GROUP_H
#define _LINUX_SCHED_POLICY_LATENCY_GROUP_H

#include <linux/types.h>

#ifdef CONFIG_SCHED_RUST_POLICY
/* cpu.latency.nice: the slice of a group entity; see group_se_slice(). */
u64 latency_nice_group_slice(u64 child_min_slice, u64 base_slice, int group_latency_nice);
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_GROUP_H */
