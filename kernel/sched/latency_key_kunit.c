// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit test of sched_latency_nice_used: until a latency_nice or
 * cpu.latency.nice other than 0 is used, latency_nice's paths do not run and
 * the scheduler takes mainline's. No user can make an entity at -20 without
 * turning the key on (sched_latency_nice_use()); this suite can, and holds
 * no reference of the key, so at boot it sees the key off: an entity at -20
 * then has no credit, no short request, no place in the latency tree and no
 * say at wakeup. At boot (KUnit's autorun, before init runs) nothing may
 * hold the key: the test fails if it is on, a suite's reference leaked.
 * Skipped only on a later run (debugfs), where a user may have turned the
 * key on for good.
 *
 * Included at the end of fair.c after latency_run_kunit.c, using the
 * runqueue helpers of latency_nice_kunit.c (lnk_*): no lock, no timing.
 */

static void paths_off_until_used(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lnk_entity(test, 0, v, v + 4 * b);
	struct sched_entity *c = lnk_entity(test, -20, v + b, v + b + b / 2);

	if (sched_latency_nice_enabled()) {
		KUNIT_ASSERT_EQ_MSG(test, system_state, SYSTEM_RUNNING,
				    "sched_latency_nice_used on at boot: a reference leaked");
		kunit_skip(test, "latency_nice in use");
	}

	/* C is B past A: lag -B/2, within the credit of -20 were it on. */
	update_latency_credit(cfs_rq, c);
	KUNIT_EXPECT_EQ(test, c->credit_nice, 0);
	KUNIT_EXPECT_EQ(test, c->latency_vcredit, 0);
	KUNIT_EXPECT_EQ(test, se_default_slice(c), b);
	lnk_queue(cfs_rq, a);
	lnk_queue(cfs_rq, c);
	KUNIT_EXPECT_FALSE(test, lnk_in_latency_tree(c));
	KUNIT_EXPECT_FALSE(test, entity_eligible(cfs_rq, c));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, true), a);
	KUNIT_EXPECT_EQ(test, latency_wakeup(cfs_rq, a, c, 0), LATENCY_NICE_WAKEUP_DEFAULT);
	KUNIT_EXPECT_FALSE(test, latency_run(c));
}

static struct kunit_case latency_key_cases[] = {
	KUNIT_CASE(paths_off_until_used),
	{}
};

static struct kunit_suite latency_key_suite = {
	.name = "sched_latency_nice_unused",
	.test_cases = latency_key_cases,
};

kunit_test_suites(&latency_key_suite);
