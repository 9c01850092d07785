// SPDX-License-Identifier: GPL-2.0
/*
 * C reference of the latency_nice -> slice mapping: sched_prio_to_weight[]
 * as in Linux 7.2 kernel/sched/core.c, and the formula of "sched/fair:
 * Implement latency-nice" (EEVDF RFC, 2023),
 *	slice = div_u64(base_slice << SCHED_FIXEDPOINT_SHIFT, weight)
 * clamped like a custom slice in __setparam_fair() (bounds widened to
 * include base_slice), a positive value's at most four base slices,
 * latency_nice 0 giving base_slice.
 */
#include <stdint.h>

typedef uint64_t u64;

const int c_ref_sched_prio_to_weight[40] = {
 /* -20 */     88761,     71755,     56483,     46273,     36291,
 /* -15 */     29154,     23254,     18705,     14949,     11916,
 /* -10 */      9548,      7620,      6100,      4904,      3906,
 /*  -5 */      3121,      2501,      1991,      1586,      1277,
 /*   0 */      1024,       820,       655,       526,       423,
 /*   5 */       335,       272,       215,       172,       137,
 /*  10 */       110,        87,        70,        56,        45,
 /*  15 */        36,        29,        23,        18,        15,
};

#define NSEC_PER_MSEC	1000000ULL
#define min(a, b)	((a) < (b) ? (a) : (b))
#define max(a, b)	((a) > (b) ? (a) : (b))

/* Valid for base_slice < 2^54 (no overflow of the shift) and ln in [-20, 19]. */
u64 c_ref_latency_slice(u64 base_slice, int ln)
{
	u64 slice, lo, hi;

	if (!ln)
		return base_slice;
	slice = (base_slice << 10) / c_ref_sched_prio_to_weight[ln + 20];
	lo = min(NSEC_PER_MSEC / 10, base_slice);
	hi = max(min(NSEC_PER_MSEC * 100, 4 * base_slice), base_slice);
	return slice < lo ? lo : slice > hi ? hi : slice;
}
