/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_nice: the value a task of a group is scheduled with, computed in
 * Rust (kernel/sched/policy_latency_group_nice.rs).
 *
 * Pure integer math, safe to call under rq->lock. The Rust definition is
 * checked against this prototype at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_LATENCY_GROUP_NICE_H
#define _LINUX_SCHED_POLICY_LATENCY_GROUP_NICE_H

#include <linux/types.h>

#ifdef CONFIG_SCHED_RUST_POLICY
/*
 * The latency_nice that decides below a group at @outer for a group or task
 * whose own value is @inner: the one set, the larger if both are, else 0.
 */
int latency_nice_restrict(int outer, int inner);
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_GROUP_NICE_H */
