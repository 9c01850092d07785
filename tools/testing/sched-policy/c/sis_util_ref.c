// SPDX-License-Identifier: GPL-2.0
/*
 * The SIS_UTIL computation of update_idle_cpu_scan() (Linux 7.2,
 * kernel/sched/fair.c), transcribed statement by statement for host-side
 * differential tests. Only the kernel helpers are replaced by their
 * definitions: do_div() divides a u64 in place, min_t() compares as the
 * given type.
 */
#include <stdint.h>

typedef uint64_t u64;

#define SCHED_CAPACITY_SCALE	1024L
#define do_div(n, base)		((n) /= (uint32_t)(base))
#define min_t(type, x, y)	((type)(x) < (type)(y) ? (type)(x) : (type)(y))

int c_ref_nr_idle_scan(u64 sum_util, int llc_weight, int pct)
{
	u64 x, y, tmp;

	/* equation [3] */
	x = sum_util;
	do_div(x, llc_weight);

	/* equation [4] */
	tmp = x * x * pct * pct;
	do_div(tmp, 10000 * SCHED_CAPACITY_SCALE);
	tmp = min_t(long, tmp, SCHED_CAPACITY_SCALE);
	y = SCHED_CAPACITY_SCALE - tmp;

	/* equation [2] */
	y *= llc_weight;
	do_div(y, SCHED_CAPACITY_SCALE);

	return (int)y;
}

/*
 * Chen Yu's proposal for small LLCs in the SIS_UTIL thread (lore, 2022-06,
 * "Re: [PATCH v3] sched/fair: Introduce SIS_UTIL ..."), with its 16 made the
 * parameter @small_llc, applied to the bound above as the proposal applies it
 * at the end of update_idle_cpu_scan().
 */
int c_ref_nr_idle_scan_small_llc(u64 sum_util, int llc_weight, int pct, int small_llc)
{
	int nr_llc = llc_weight;
	int nr_scan = c_ref_nr_idle_scan(sum_util, llc_weight, pct);

	if (nr_llc <= small_llc && nr_scan)
		nr_scan = nr_llc;

	return nr_scan;
}
