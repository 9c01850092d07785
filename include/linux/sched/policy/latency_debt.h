/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_nice: the debt the latency credit and run-on let an entity take,
 * and the lag clamp that keeps it, computed in Rust
 * (kernel/sched/policy_latency_debt.rs).
 *
 * Pure integer math, safe to call under rq->lock. The Rust definitions are
 * checked against these prototypes at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_LATENCY_DEBT_H
#define _LINUX_SCHED_POLICY_LATENCY_DEBT_H

#include <linux/types.h>

#ifdef CONFIG_SCHED_RUST_POLICY
/* se->credit_nice from the allowed latency_nice; see update_latency_credit(). */
int latency_nice_credit_nice(int allowed, bool delayed, bool idle);
/* Whether LATENCY_RUN applies to an entity at @credit_nice. */
bool latency_nice_runs_on(int credit_nice, bool latency_run);
/* The service (ns) a run-on entity is protected for from its pick. */
u64 latency_nice_run_slice(bool run_to_parity, u64 base_slice, u64 normalized_base_slice);
/* Whether a run-on current keeps the CPU at a wakeup; see latency_run_keeps(). */
bool latency_nice_run_on_kept(int wakee_credit_nice, bool wakee_delayed, bool wakee_eligible);
/* se->latency_debt_room; see latency_debt_room_update(). */
u64 latency_nice_debt_room(u64 room, u64 credit, u64 run_slice, bool reset);
/* entity_lag()'s clamp of @vlag, widened below by @vroom. */
s64 latency_nice_lag_clamp(s64 vlag, s64 limit, s64 vroom);
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_DEBT_H */
