// SPDX-License-Identifier: GPL-2.0
/*
 * C reference of the latency offset: v12's calc_latency_offset(),
 *	(long)get_sleep_latency(false) * LATENCY_TO_NICE(prio) / (LATENCY_NICE_WIDTH / 2)
 * with EEVDF's base slice in place of CFS's sleep latency, and the same offset
 * in virtual time of an entity of weight w (delta * NICE_0_LOAD / w).
 */
#include <stdint.h>

typedef int64_t s64;
typedef uint64_t u64;

#define LATENCY_NICE_WIDTH	40

/* Valid for base_slice <= 1e9 and ln in [-20, 19]. */
s64 c_ref_latency_offset(u64 base_slice, int ln)
{
	return (s64)base_slice * ln / (LATENCY_NICE_WIDTH / 2);
}

/* Valid as above, for w > 0 and w < 2^63. */
s64 c_ref_latency_voffset(u64 base_slice, int ln, u64 w)
{
	return c_ref_latency_offset(base_slice, ln) * 1024 / (s64)w;
}
