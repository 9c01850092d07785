/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_nice's latency offset, its virtual form and the wakeup decision,
 * computed in Rust (kernel/sched/policy_latency_offset.rs).
 *
 * Pure integer math, safe to call with rq->lock held. The Rust definitions
 * are checked against these prototypes at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_LATENCY_OFFSET_H
#define _LINUX_SCHED_POLICY_LATENCY_OFFSET_H

#include <linux/sched/prio.h>
#include <linux/types.h>

/* What latency_nice_wakeup_action() decides (WakeupAction in policy/latency_offset.rs). */
#define LATENCY_NICE_WAKEUP_DEFAULT	0	/* EEVDF decides */
#define LATENCY_NICE_WAKEUP_PREEMPT	1	/* preempt now, run the wakee next */
#define LATENCY_NICE_WAKEUP_KEEP	2	/* no wakeup preemption */

#ifdef CONFIG_SCHED_RUST_POLICY
/* The latency offset (ns) of every latency_nice for @base_slice; see latency_voffset(). */
void latency_nice_fill_offset(u64 base_slice, s64 (*table)[LATENCY_NICE_WIDTH]);
/* @offset (ns) in the virtual time of an entity of unscaled weight @weight. */
s64 latency_nice_voffset(s64 offset, u64 weight);
u32 latency_nice_wakeup_action(int curr_latency_nice, int wakee_latency_nice,
			       bool wakee_key_before_curr, bool wakee_eligible,
			       bool curr_eligible);
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_OFFSET_H */
