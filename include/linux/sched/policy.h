/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Scheduler policy functions implemented in Rust (kernel/sched/policy.rs).
 *
 * Pure integer math, safe to call with rq->lock held. The Rust definitions
 * are checked against these prototypes at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_H
#define _LINUX_SCHED_POLICY_H

#include <linux/types.h>

/* What latency_nice_wakeup_action() decides (WakeupAction in policy/latency_offset.rs). */
#define LATENCY_NICE_WAKEUP_DEFAULT	0	/* EEVDF decides */
#define LATENCY_NICE_WAKEUP_PREEMPT	1	/* preempt now, run the wakee next */
#define LATENCY_NICE_WAKEUP_KEEP	2	/* no wakeup preemption */

/*
 * latency_nice's request size, latency offset and latency credit, in ns, for
 * each latency_nice (index latency_nice + 20) and the live base slice:
 * filled by latency_nice_fill_tables() when the base slice changes (boot,
 * hotplug, debugfs), looked up on the hot paths (policy/latency_tables.rs).
 */
struct latency_nice_tables {
	u64	slice[40];
	s64	offset[40];
	u64	credit[40];
};

#ifdef CONFIG_SCHED_RUST_POLICY
/* SIS_UTIL: CPUs of an LLC select_idle_cpu() may scan; see update_idle_cpu_scan(). */
u32 sis_util_nr_idle_scan(u64 sum_util, u32 llc_weight, u32 imbalance_pct);
/* latency_nice: the request size (slice) it asks for; see se_default_slice(). */
u64 latency_nice_calc_slice(u64 base_slice, int latency_nice);
/* cpu.latency.nice: the slice of a group entity; see group_se_slice(). */
u64 latency_nice_group_slice(u64 child_min_slice, u64 base_slice, int group_latency_nice);
/* latency_nice: latency offset in virtual time, latency key, wakeup decision. */
s64 latency_nice_calc_voffset(u64 base_slice, int latency_nice, u64 weight);
u64 latency_nice_key(u64 deadline, u64 base_slice, int latency_nice, u64 weight);
u32 latency_nice_wakeup_action(int curr_latency_nice, int wakee_latency_nice,
			       bool wakee_key_before_curr, bool wakee_eligible);
/* latency_nice: the eligibility credit L in ns; see update_latency_credit(). */
u64 latency_nice_calc_credit(u64 base_slice, int latency_nice);
/* latency_nice: fills @tables for @base_slice; see latency_nice_tables_update(). */
void latency_nice_fill_tables(u64 base_slice, struct latency_nice_tables *tables);
/* kernel/sched/core.c; declared here too so that the Rust side reads it through bindgen. */
extern const int sched_prio_to_weight[40];
#endif

#endif /* _LINUX_SCHED_POLICY_H */
