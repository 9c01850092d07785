/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How deep select_idle_cpu() searches an LLC beyond SIS_UTIL's bound,
 * computed in Rust (kernel/sched/policy_sis_depth.rs).
 *
 * Pure integer math, safe to call with interrupts off or in softirq. The
 * Rust definitions are checked against these prototypes at build time by
 * #[export].
 */
#ifndef _LINUX_SCHED_POLICY_SIS_DEPTH_H
#define _LINUX_SCHED_POLICY_SIS_DEPTH_H

#include <linux/types.h>

#ifdef CONFIG_SCHED_RUST_POLICY
/* The small-LLC rule: a non-overloaded LLC of <= @small_llc CPUs is scanned whole. */
u32 sis_depth_small_llc(u32 nr, u32 llc_weight, u32 small_llc);
/* The latency depth: @nr for a wakee at @latency_nice, the rule at @pct percent. */
u32 sis_depth_latency(u32 nr, u32 llc_weight, s32 latency_nice, u32 pct);
#endif

#endif /* _LINUX_SCHED_POLICY_SIS_DEPTH_H */
