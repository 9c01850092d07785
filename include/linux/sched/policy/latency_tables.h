/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_nice's request size, latency offset and latency credit, in ns, for
 * each latency_nice (index latency_nice + 20) and the live base slice:
 * filled in Rust (kernel/sched/policy_latency_tables.rs) by
 * latency_nice_fill_tables() when the base slice changes (boot, hotplug,
 * debugfs), looked up on the hot paths. The Rust definition is checked
 * against this prototype at build time by #[export].
 */
#ifndef _LINUX_SCHED_POLICY_LATENCY_TABLES_H
#define _LINUX_SCHED_POLICY_LATENCY_TABLES_H

#include <linux/types.h>

struct latency_nice_tables {
	u64	slice[40];
	s64	offset[40];
	u64	credit[40];
};

#ifdef CONFIG_SCHED_RUST_POLICY
/* latency_nice: fills @tables for @base_slice; see latency_nice_tables_update(). */
void latency_nice_fill_tables(u64 base_slice, struct latency_nice_tables *tables);
#endif

#endif /* _LINUX_SCHED_POLICY_LATENCY_TABLES_H */
