// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of what a group entity asks of the queue above it on a kernel
 * that schedules groups as entities (Linux 7.2): the shortest request its
 * queue makes outward, where a task's latency_nice stays inside the group and
 * what was asked for explicitly, a custom slice or a group's
 * cpu.latency.nice, reaches the group's entity as in mainline
 * (se_outward_slice(), cfs_rq_min_outward_slice(), group_se_slice()).
 *
 * Included at the end of fair.c after latency_permission_kunit.c, using the
 * runqueue helpers of latency_nice_kunit.c (lnk_*): constructed runqueues,
 * no lock, no timing.
 */

/*
 * A task's latency_nice stays inside its group: group G, at 0, holds a task
 * at -20 (its derived slice S = latency_nice_slice(-20)) running and one at
 * 0 queued. G's entity asks the queue above for the base slice B, not S,
 * while inside G the shortest slice, which run-to-parity protects against,
 * is still S. A task beside them with a custom slice of B/4 reaches G's
 * entity, as in mainline; so does a child group's cpu.latency.nice -20, which
 * its parent takes as it would a custom slice.
 */
static void task_latency_nice_stays_in_group(struct kunit *test)
{
	struct cfs_rq *top = lnk_cfs_rq(test), *q = lnk_cfs_rq(test), *cq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, s = latency_nice_slice(-20), v = q->zero_vruntime;
	struct sched_entity *gse = lnk_entity(test, 0, top->zero_vruntime,
					      top->zero_vruntime + b);
	struct sched_entity *cse = lnk_entity(test, 0, v, v + b);
	struct sched_entity *custom = lnk_entity(test, 0, v, v + b / 4);

	KUNIT_ASSERT_LT(test, s, b / 4);
	gse->my_q = q;
	gse->cfs_rq = top;
	lnk_run(q, lnk_entity(test, -20, v, v + s));
	lnk_queue(q, lnk_entity(test, 0, v, v + b));
	lnk_queue(top, gse);

	group_se_set_latency_nice(top, gse, 0);
	KUNIT_EXPECT_EQ(test, cfs_rq_min_outward_slice(q), b);
	KUNIT_EXPECT_EQ(test, gse->slice, b);
	KUNIT_EXPECT_EQ(test, cfs_rq_min_slice(q), s);

	custom->custom_slice = 1;
	lnk_queue(q, custom);
	group_se_set_latency_nice(top, gse, 0);
	KUNIT_EXPECT_EQ(test, gse->slice, b / 4);

	cse->my_q = cq;
	cse->cfs_rq = q;
	cse->parent = gse;
	lnk_queue(cq, lnk_entity(test, 0, cq->zero_vruntime, cq->zero_vruntime + b));
	lnk_queue(q, cse);
	group_se_set_latency_nice(q, cse, -20);
	KUNIT_EXPECT_EQ(test, cse->slice, s);
	KUNIT_EXPECT_EQ(test, gse->slice, s);
}

static struct kunit_case latency_group_cases[] = {
	KUNIT_CASE(task_latency_nice_stays_in_group),
	{}
};

static struct kunit_suite latency_group_suite = {
	.name = "sched_latency_group",
	.suite_init = lnk_suite_init,
	.suite_exit = lnk_suite_exit,
	.test_cases = latency_group_cases,
};

kunit_test_suite(latency_group_suite);
