// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of latency_nice's tables (policy/latency_tables.rs): what the
 * hot paths look up is what the policy functions give, for the live base
 * slice and after it changes, and the virtual offset taken from the table is
 * the policy's for any weight.
 *
 * Included at the end of fair.c: no rq, no lock, no timing.
 */

static void lnt_expect_tables(struct kunit *test, u64 base)
{
	int ln;

	for (ln = MIN_LATENCY_NICE; ln <= MAX_LATENCY_NICE; ln++) {
		KUNIT_EXPECT_EQ_MSG(test, latency_nice_slice(ln),
				    latency_nice_calc_slice(base, ln),
				    "slice, base %llu latency_nice %d", base, ln);
		KUNIT_EXPECT_EQ_MSG(test, latency_nice_offset(ln),
				    latency_nice_calc_voffset(base, ln, 1024),
				    "offset, base %llu latency_nice %d", base, ln);
		KUNIT_EXPECT_EQ_MSG(test, latency_nice_credit(ln),
				    latency_nice_calc_credit(base, ln),
				    "credit, base %llu latency_nice %d", base, ln);
	}
}

/* The tables hold the live base slice's values (filled at boot). */
static void tables_follow_base_slice(struct kunit *test)
{
	lnt_expect_tables(test, sysctl_sched_base_slice);
	KUNIT_EXPECT_EQ(test, latency_nice_slice(0), (u64)sysctl_sched_base_slice);
	KUNIT_EXPECT_EQ(test, latency_nice_credit(-20), (u64)sysctl_sched_base_slice);
}

/*
 * A new base slice (as a base_slice_ns write or hotplug sets it) refills
 * them; the old one restores them.
 */
static void tables_refill_on_change(struct kunit *test)
{
	unsigned int saved = sysctl_sched_base_slice;

	WRITE_ONCE(sysctl_sched_base_slice, 3000000);
	latency_nice_tables_update();
	lnt_expect_tables(test, 3000000);
	KUNIT_EXPECT_EQ(test, latency_nice_credit(-10), 1500000);

	WRITE_ONCE(sysctl_sched_base_slice, saved);
	latency_nice_tables_update();
	lnt_expect_tables(test, saved);
}

/* latency_voffset() is the policy's offset * 1024 / w for every weight. */
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
			KUNIT_EXPECT_EQ_MSG(test, latency_voffset(se),
					    latency_nice_calc_voffset(sysctl_sched_base_slice, ln,
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
