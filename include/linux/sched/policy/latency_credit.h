/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_nice's eligibility credit, computed in Rust
 * (kernel/sched/policy_latency_credit.rs).
 *
 * Pure integer math, safe to call under a raw spinlock. The Rust definition is
 * checked against this prototype at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_LATENCY_CREDIT_H
#define _LINUX_SCHED_POLICY_LATENCY_CREDIT_H

#include <linux/sched/prio.h>
#include <linux/types.h>

#ifdef CONFIG_SCHED_RUST_POLICY
/*
 * The eligibility credit L (ns) of every latency_nice for @base_slice; see
 * update_latency_credit().
 */
void latency_nice_fill_credit(u64 base_slice, u64 (*table)[LATENCY_NICE_WIDTH]);
/*
 * @credit (ns) in the virtual time of an entity of unscaled weight @weight,
 * the vcredit eligibility tests it at (update_latency_credit()).
 */
u64 latency_nice_vcredit(u64 credit, u64 weight);
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_CREDIT_H */
