// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of latency_nice's tables (filled by Rust: policy/latency.rs,
 * latency_offset.rs, latency_credit.rs): what the hot paths look up is what
 * the formulas give, for the live base slice and after it changes, and the
 * virtual offset (latency_nice_voffset()) is offset * 1024 / w for any weight.
 *
 * Included at the end of fair.c: no rq, no lock, no timing.
 */

/*
 * The tables against the formulas they tabulate, transcribed in C from the
 * EEVDF RFC (slice, a positive value's at most four base slices) and v12
 * (offset; the credit is |offset| below 0), for a base slice under 1 s
 * (policy/latency.rs, latency_offset.rs, latency_credit.rs).
 */
static u64 lnt_slice(u64 base, int ln)
{
	u64 w = sched_prio_to_weight[ln - MIN_LATENCY_NICE];

	if (!ln)
		return base;
	return clamp(div64_u64(base * 1024, w), min(100000ULL, base),
		     max(min(100000000ULL, 4 * base), base));
}

static s64 lnt_offset(u64 base, int ln)
{
	return div64_s64((s64)base * ln, 20);
}

static void lnt_expect_tables(struct kunit *test, const struct latency_nice_tables *t, u64 base)
{
	int ln;

	for (ln = MIN_LATENCY_NICE; ln <= MAX_LATENCY_NICE; ln++) {
		int i = ln - MIN_LATENCY_NICE;

		KUNIT_EXPECT_EQ_MSG(test, READ_ONCE(t->slice[i]), lnt_slice(base, ln),
				    "slice, base %llu latency_nice %d", base, ln);
		KUNIT_EXPECT_EQ_MSG(test, READ_ONCE(t->offset[i]), lnt_offset(base, ln),
				    "offset, base %llu latency_nice %d", base, ln);
		KUNIT_EXPECT_EQ_MSG(test, READ_ONCE(t->credit[i]),
				    ln < 0 ? (u64)-lnt_offset(base, ln) : 0,
				    "credit, base %llu latency_nice %d", base, ln);
	}
}

/*
 * The tables hold the live base slice's values (filled at boot), and the
 * lookups of the hot paths read them. Read only: sysctl_sched_base_slice and
 * the tables belong to update_sysctl() (hotplug, domain rebuilds) and to
 * base_slice_ns writes, which a test must not race.
 */
static void tables_follow_base_slice(struct kunit *test)
{
	u64 base = READ_ONCE(sysctl_sched_base_slice);

	lnt_expect_tables(test, &latency_nice_tables, base);
	KUNIT_EXPECT_EQ(test, latency_nice_slice(0), base);
	KUNIT_EXPECT_EQ(test, latency_nice_credit(-20), base);
	KUNIT_EXPECT_EQ(test, latency_nice_offset(-20), -(s64)base);
}

/*
 * A new base slice (as a base_slice_ns write or hotplug sets it): the fill
 * functions latency_nice_tables_update() calls give the formulas' tables,
 * here filled into a table of the test's own, at 3 ms and at a quarter of
 * the live base slice.
 */
static void tables_refill_on_change(struct kunit *test)
{
	u64 bases[] = { 3000000, READ_ONCE(sysctl_sched_base_slice) / 4 };
	struct latency_nice_tables *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, t);
	for (i = 0; i < ARRAY_SIZE(bases); i++) {
		latency_nice_fill_slice(bases[i], &t->slice);
		latency_nice_fill_offset(bases[i], &t->offset);
		latency_nice_fill_credit(bases[i], &t->credit);
		lnt_expect_tables(test, t, bases[i]);
	}
	KUNIT_EXPECT_EQ(test, t->credit[-10 - MIN_LATENCY_NICE], bases[1] / 2);
}

/* latency_voffset() is the table's offset * 1024 / w for every weight. */
static void voffset_is_the_policys(struct kunit *test)
{
	static const unsigned long weights[] = { 2, 15, 335, 1024, 1277, 88761, 262144 };
	struct sched_entity *se = kunit_kzalloc(test, sizeof(*se), GFP_KERNEL);
	int i, ln;

	KUNIT_ASSERT_NOT_NULL(test, se);
	for (i = 0; i < ARRAY_SIZE(weights); i++) {
		lnk_set_weight(se, scale_load(weights[i]));
		for (ln = MIN_LATENCY_NICE; ln <= MAX_LATENCY_NICE; ln++) {
			se->latency_nice = ln;
			se_latency_allowed_update(se);
			KUNIT_EXPECT_EQ_MSG(test, latency_voffset(se),
					    div64_s64(latency_nice_offset(ln) * 1024,
						      weights[i]),
					    "weight %lu latency_nice %d", weights[i], ln);
		}
	}
}

static struct kunit_case latency_tables_cases[] = {
	KUNIT_CASE(tables_follow_base_slice),
	KUNIT_CASE(tables_refill_on_change),
	KUNIT_CASE(voffset_is_the_policys),
	{}
};

static struct kunit_suite latency_tables_suite = {
	.name = "sched_latency_tables",
	.test_cases = latency_tables_cases,
};

kunit_test_suites(&latency_tables_suite);
