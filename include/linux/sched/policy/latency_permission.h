/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_nice: how much of a latency_nice below 0 an entity is allowed,
 * computed in Rust (kernel/sched/policy_latency_permission.rs).
 *
 * Pure integer math, safe to call under rq->lock. The Rust definitions are
 * checked against these prototypes at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_LATENCY_PERMISSION_H
#define _LINUX_SCHED_POLICY_LATENCY_PERMISSION_H

#include <linux/types.h>

#ifdef CONFIG_SCHED_RUST_POLICY
/*
 * Steps of @latency_nice whose credit an RLIMIT_NICE of @rlimit_nice does
 * not allow (is_nice_reduction()'s rule), in [0, 20].
 */
int latency_nice_credit_withheld(int latency_nice, u64 rlimit_nice);
/* se_latency_nice_allowed() from the effective and own values. */
int latency_nice_allowed(int effective, int own, int withheld);
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_PERMISSION_H */
