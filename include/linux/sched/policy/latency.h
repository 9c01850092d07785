/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_nice's request size, computed in Rust
 * (kernel/sched/policy_latency.rs).
 *
 * Pure integer math, safe to call under a raw spinlock. The Rust definition is
 * checked against this prototype at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_LATENCY_H
#define _LINUX_SCHED_POLICY_LATENCY_H

#include <linux/sched/prio.h>
#include <linux/types.h>

#ifdef CONFIG_SCHED_RUST_POLICY
/*
 * The slice (request size, ns) of every latency_nice for @base_slice, entry
 * latency_nice - MIN_LATENCY_NICE; see latency_nice_tables_update().
 */
void latency_nice_fill_slice(u64 base_slice, u64 (*table)[LATENCY_NICE_WIDTH]);
/* kernel/sched/core.c; declared here too so that the Rust side reads it through bindgen. */
extern const int sched_prio_to_weight[40];
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_H */
