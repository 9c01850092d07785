/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SIS_UTIL's scan depth, computed in Rust (kernel/sched/policy_sis_util.rs).
 *
 * Pure integer math, safe to call with rq->lock held. The Rust definition is
 * checked against this prototype at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_SIS_UTIL_H
#define _LINUX_SCHED_POLICY_SIS_UTIL_H

#include <linux/types.h>

#ifdef CONFIG_SCHED_RUST_POLICY
/* SIS_UTIL: CPUs of an LLC select_idle_cpu() may scan; see update_idle_cpu_scan(). */
u32 sis_util_nr_idle_scan(u64 sum_util, u32 llc_weight, u32 imbalance_pct);
#endif

#endif /* _LINUX_SCHED_POLICY_SIS_UTIL_H */
