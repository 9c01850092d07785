/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_nice's yield of a positive value to a current at a lower one,
 * computed in Rust (kernel/sched/policy_latency_yield.rs).
 *
 * Pure integer math, safe to call under a raw spinlock. The Rust definition is
 * checked against this prototype at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_LATENCY_YIELD_H
#define _LINUX_SCHED_POLICY_LATENCY_YIELD_H

#include <linux/types.h>

#ifdef CONFIG_SCHED_RUST_POLICY
/*
 * Whether current, at latency_nice @curr and inside its slice protection
 * (@curr_protected), keeps the CPU at a pick whose EEVDF choice is at @best;
 * see pick_yield().
 */
bool latency_nice_yield_keeps(int best, int curr, bool curr_protected);
/*
 * entity_lag()'s ceiling: at a positive @latency_nice, @vlag no higher than
 * @base_limit, (base_slice + TICK_NSEC) in the entity's virtual time.
 */
s64 latency_nice_yield_lag(int latency_nice, s64 vlag, s64 base_limit);
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_YIELD_H */
