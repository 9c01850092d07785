// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the yield (policy/latency_yield.rs) on constructed
 * runqueues: where EEVDF picks an entity at a positive latency_nice, a
 * current at a lower value keeps the CPU for the rest of its slice
 * protection, eligible or not; and an entity at a positive value leaves
 * with no more positive lag than base_slice + q.
 *
 * Included at the end of fair.c after latency_nice_kunit.c, whose runqueue
 * helpers (lnk_*) it uses: no lock, no timing. Times are multiples of the
 * live base slice B; every entity has nice 0.
 */

/*
 * A (@a_ln) current, ahead of the average in service (vruntime v + B, V is
 * v + B/2: not eligible) with a request of B, protected until v + 2B; B
 * (@b_ln) queued at v with a 20B request: eligible, EEVDF's only choice.
 */
static struct lnk_rq lyk_ahead(struct kunit *test, int a_ln, int b_ln)
{
	struct lnk_rq rq = { .cfs_rq = lnk_cfs_rq(test) };
	u64 b = sysctl_sched_base_slice, v = rq.cfs_rq->zero_vruntime;

	rq.a = lnk_entity(test, a_ln, v + b, v + 2 * b);
	rq.b = lnk_entity(test, b_ln, v, v + 20 * b);
	lnk_run(rq.cfs_rq, rq.a);
	rq.a->vprot = rq.a->deadline;
	lnk_queue(rq.cfs_rq, rq.b);
	return rq;
}

/*
 * A load task at 19 (B) wakes up, or is due, next to a default current (A)
 * in the middle of its protected slice but past the average: A keeps the
 * CPU. Mainline's pick drops the protection of a current that is not
 * eligible and takes B, and so did the series before the yield. B entering
 * the timeline set the queue's flag: the pick sees it (se_latency_yields()).
 */
static void yield_keeps_protected_current(struct kunit *test)
{
	static const int pairs[][2] = { { 0, 19 }, { 10, 19 }, { -20, 19 }, { 0, 1 } };
	int i;

	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		struct lnk_rq rq = lyk_ahead(test, pairs[i][0], pairs[i][1]);

		KUNIT_EXPECT_TRUE(test, rq.cfs_rq->latency_augmented);
		KUNIT_EXPECT_FALSE(test, vruntime_eligible(rq.cfs_rq, rq.a->vruntime));
		KUNIT_EXPECT_TRUE(test, entity_eligible(rq.cfs_rq, rq.b));
		KUNIT_EXPECT_PTR_EQ_MSG(test, pick_eevdf(rq.cfs_rq, true), rq.a,
					"current at %d, load at %d", pairs[i][0], pairs[i][1]);
	}
}

/*
 * Only inside the protection: once A has run it out (its request), EEVDF's
 * pick stands, B; so it does for PREEMPT_SHORT's unprotected pick (a wakee
 * with a shorter request decides as EEVDF does).
 */
static void yield_ends_with_the_protection(struct kunit *test)
{
	struct lnk_rq rq = lyk_ahead(test, 0, 19);

	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(rq.cfs_rq, false), rq.b);
	rq.a->vprot = rq.a->vruntime;
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(rq.cfs_rq, true), rq.b);
}

/*
 * Only a positive value yields, and only to a lower one: a load at 0, or a
 * current at 19 next to a load at 19, leaves EEVDF's pick as it is.
 */
static void yield_only_from_a_higher_positive_value(struct kunit *test)
{
	static const int pairs[][2] = { { 0, 0 }, { 19, 19 }, { 19, 10 }, { -20, 0 } };
	int i;

	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		struct lnk_rq rq = lyk_ahead(test, pairs[i][0], pairs[i][1]);

		KUNIT_EXPECT_PTR_EQ_MSG(test, pick_eevdf(rq.cfs_rq, true), rq.b,
					"current at %d, load at %d", pairs[i][0], pairs[i][1]);
	}
}

/*
 * A background task at 19 (a 20B request queued) leaves with 10B of positive
 * lag: entity_lag() keeps B and a tick of it, what a default entity next to
 * default requests keeps, where mainline's clamp (the longest request queued
 * plus a tick) kept all 10B. Its negative lag, and a default entity's
 * positive lag, are mainline's.
 */
static void yield_caps_positive_lag(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *bg = lnk_entity(test, 19, v, v + 20 * b);
	struct sched_entity *fg = lnk_entity(test, 0, v, v + b);

	lnk_queue(cfs_rq, bg);
	lnk_queue(cfs_rq, fg);
	KUNIT_EXPECT_EQ(test, cfs_rq_max_slice(cfs_rq), 20 * b);
	KUNIT_EXPECT_EQ(test, entity_lag(cfs_rq, bg, v + 10 * b), (s64)(b + TICK_NSEC));
	KUNIT_EXPECT_EQ(test, entity_lag(cfs_rq, bg, v - 10 * b), -(s64)(10 * b));
	KUNIT_EXPECT_EQ(test, entity_lag(cfs_rq, fg, v + 10 * b), (s64)(10 * b));
}

static struct kunit_case latency_yield_cases[] = {
	KUNIT_CASE(yield_keeps_protected_current),
	KUNIT_CASE(yield_ends_with_the_protection),
	KUNIT_CASE(yield_only_from_a_higher_positive_value),
	KUNIT_CASE(yield_caps_positive_lag),
	{}
};

static struct kunit_suite latency_yield_suite = {
	.name = "sched_latency_yield",
	.suite_init = lnk_suite_init,
	.suite_exit = lnk_suite_exit,
	.init = lnk_pick_init,
	.test_cases = latency_yield_cases,
};

kunit_test_suites(&latency_yield_suite);
