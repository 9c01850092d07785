/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_nice's yield of a positive value to entities at lower ones,
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
 * Whether current, at latency_nice @curr, inside its slice protection
 * (@curr_protected) and not delayed (@curr_delayed), keeps the CPU at a pick
 * whose EEVDF choice is at @best; see pick_yield().
 */
bool latency_nice_yield_keeps(int best, int curr, bool curr_protected, bool curr_delayed);
/*
 * The lead, in ns of a nice-0 entity's virtual time, that a pick's EEVDF
 * choice at @best gives entities at lower values: the credit of -@best;
 * see pick_yield_lead().
 */
u64 latency_nice_yield_lead(u64 base_slice, int best);
/*
 * Whether the entity found within that lead, at @other and @delayed or not,
 * runs instead of @best.
 */
bool latency_nice_yield_leads(int best, int other, bool delayed);
/*
 * entity_lag()'s ceiling: at a positive @latency_nice, @vlag no higher than
 * @base_limit, (base_slice + TICK_NSEC) in the entity's virtual time.
 */
s64 latency_nice_yield_lag(int latency_nice, s64 vlag, s64 base_limit);
/*
 * The service an entity at @latency_nice is protected for once picked, where
 * mainline protects it for @slice: at a positive value no more than
 * @base_slice; see set_protect_slice().
 */
u64 latency_nice_yield_protection(int latency_nice, u64 slice, u64 base_slice);
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_YIELD_H */
