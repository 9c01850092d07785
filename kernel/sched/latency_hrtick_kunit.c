// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of where the hrtick ends a request (hrtick_vdelta()): at the
 * deadline, as in mainline, except for an entity LATENCY_RUN protects, whose
 * request ends with that protection, since update_curr() and pick_eevdf()
 * keep it past its deadline until then.
 *
 * Included at the end of fair.c after latency_permission_kunit.c, using the
 * helpers of latency_nice_kunit.c (lnk_*), latency_credit_kunit.c
 * (lck_entity()) and latency_run_kunit.c (lrk_protect()): constructed
 * runqueues, no timer armed, no lock, no timing. Entities have nice 0, so
 * virtual time is real time.
 */

static int lhk_init(struct kunit *test)
{
	LNK_ASSERT_FEAT(test, LATENCY_RUN);
	LNK_ASSERT_FEAT(test, RUN_TO_PARITY);
	return 0;
}

/*
 * C (-20, request B/10) picked next to A (0, request B): the hrtick ends C's
 * request at the end of its run-on protection, B away, not at its deadline,
 * B/10 away; after C has run B/2, B/2 away; once it has run B, at once (its
 * deadline is behind it). A picked ends at its deadline, as in mainline, and
 * so does U, at -20 without the privilege run-on is given on.
 */
static void hrtick_ends_run_on_at_protection(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lck_entity(test, cfs_rq, 0, v, b);
	struct sched_entity *c = lck_entity(test, cfs_rq, -20, v, b / 10);
	struct sched_entity *u = lnk_entity(test, -20, v, v + b / 10);

	u->latency_credit_withheld = 20;
	se_latency_allowed_update(u);
	update_latency_credit(cfs_rq, u);

	lnk_queue(cfs_rq, a);
	lrk_protect(cfs_rq, c);
	KUNIT_EXPECT_EQ(test, hrtick_vdelta(c), b);
	c->vruntime = v + b / 2;
	KUNIT_EXPECT_EQ(test, hrtick_vdelta(c), b / 2);
	c->vruntime = v + b;
	KUNIT_EXPECT_LT(test, (s64)hrtick_vdelta(c), 0);

	lrk_protect(cfs_rq, a);
	KUNIT_EXPECT_EQ(test, hrtick_vdelta(a), b);

	lrk_protect(cfs_rq, u);
	KUNIT_EXPECT_EQ(test, hrtick_vdelta(u), b / 10);
}

static struct kunit_case latency_hrtick_cases[] = {
	KUNIT_CASE(hrtick_ends_run_on_at_protection),
	{}
};

static struct kunit_suite latency_hrtick_suite = {
	.name = "sched_latency_hrtick",
	.suite_init = lnk_suite_init,
	.suite_exit = lnk_suite_exit,
	.init = lhk_init,
	.test_cases = latency_hrtick_cases,
};

kunit_test_suite(latency_hrtick_suite);
