/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_nice's request size, computed in Rust
 * (kernel/sched/policy_latency.rs).
 *
 * Pure integer math, safe to call with rq->lock held. The Rust definition is
 * checked against this prototype at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_LATENCY_H
#define _LINUX_SCHED_POLICY_LATENCY_H

#include <linux/types.h>

#ifdef CONFIG_SCHED_RUST_POLICY
/* latency_nice: the request size (slice) it asks for; see se_default_slice(). */
u64 latency_nice_calc_slice(u64 base_slice, int latency_nice);
/* kernel/sched/core.c; declared here too so that the Rust side reads it through bindgen. */
extern const int sched_prio_to_weight[40];
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_H */
