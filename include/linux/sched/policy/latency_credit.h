/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_nice's eligibility credit, computed in Rust
 * (kernel/sched/policy_latency_credit.rs).
 *
 * Pure integer math, safe to call with rq->lock held. The Rust definition is
 * checked against this prototype at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_LATENCY_CREDIT_H
#define _LINUX_SCHED_POLICY_LATENCY_CREDIT_H

#include <linux/types.h>

#ifdef CONFIG_SCHED_RUST_POLICY
/* latency_nice: the eligibility credit L in ns; see update_latency_credit(). */
u64 latency_nice_calc_credit(u64 base_slice, int latency_nice);
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_CREDIT_H */
