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

/*
 * A cpu.latency.nice setting, as the group fields keep it: 0 where none is set
 * (zeroed memory is unset), a value set other than 0 as itself, and a set 0 as
 * LATENCY_NICE_SET_ZERO.
 */
#define LATENCY_NICE_UNSET	0
#define LATENCY_NICE_SET_ZERO	20

#ifdef CONFIG_SCHED_RUST_POLICY
/*
 * The setting that decides below a group set to @outer for a group or task set
 * to @inner: the one set, the larger if both are, else unset.
 */
int latency_nice_restrict(int outer, int inner);
/* The latency_nice of a task at @own below groups that fold to @groups. */
int latency_nice_effective(int groups, int own);
/* The setting a write of @value stores, and the value a @setting reads. */
int latency_nice_group_setting(int value);
int latency_nice_setting_value(int setting);
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_GROUP_NICE_H */
