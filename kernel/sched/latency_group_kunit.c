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

static u64 lgk_min_outward_slice(const struct sched_entity *se)
{
	return se->min_outward_slice;
}

/*
 * min_outward_slice is a minimum of what the entities asked for when their
 * slices were set, like min_slice: a change of sysctl_sched_base_slice or of
 * the static key with derived-slice tasks queued leaves every node's value
 * equal to a walk of its subtree, and an entity queued afterwards brings its
 * own. Queued: one task at 0 (B) and one with a custom slice of 2B, whose
 * timeline keeps mainline's minima only (no min_outward_slice) until tasks
 * at -20 and -10 come (derived slices, outward B) and it computes them for
 * the entities already in it (timeline_latency_augment()).
 */
static void min_outward_slice_is_exact(struct kunit *test)
{
	struct cfs_rq *q = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = q->zero_vruntime;
	struct sched_entity *custom = lnk_entity(test, 0, v, v + 2 * b);
	struct sched_entity *late;
	struct rb_node *root;

	custom->custom_slice = 1;
	lnk_queue(q, lnk_entity(test, 0, v + b / 4, v + b / 4 + b));
	lnk_queue(q, custom);
	KUNIT_EXPECT_FALSE(test, q->latency_augmented);
	KUNIT_EXPECT_EQ(test, cfs_rq_min_outward_slice(q), b);
	lnk_queue(q, lnk_entity(test, -20, v, v + latency_nice_slice(-20)));
	KUNIT_EXPECT_TRUE(test, q->latency_augmented);
	lnk_queue(q, lnk_entity(test, -10, v + b / 8, v + b / 8 + latency_nice_slice(-10)));
	root = q->tasks_timeline.rb_root.rb_node;
	lnk_expect_subtree_min(test, root, se_outward_slice, lgk_min_outward_slice,
			       "queued");
	KUNIT_EXPECT_EQ(test, cfs_rq_min_outward_slice(q), b);

	WRITE_ONCE(sysctl_sched_base_slice, b / 2);
	lnk_expect_subtree_min(test, root, se_outward_slice, lgk_min_outward_slice,
			       "base slice halved");
	KUNIT_EXPECT_EQ(test, cfs_rq_min_outward_slice(q), b);

	/* Off (unless a user turned it on for good) and on again. */
	static_branch_dec(&sched_latency_nice_used);
	lnk_expect_subtree_min(test, root, se_outward_slice, lgk_min_outward_slice,
			       "key off");
	static_branch_inc(&sched_latency_nice_used);
	lnk_expect_subtree_min(test, root, se_outward_slice, lgk_min_outward_slice,
			       "key on again");

	/* A derived-slice task queued now asks for the base slice now, B/2. */
	late = lnk_entity(test, -20, v + b / 2, v + b / 2 + latency_nice_slice(-20));
	lnk_queue(q, late);
	WRITE_ONCE(sysctl_sched_base_slice, b);
	root = q->tasks_timeline.rb_root.rb_node;
	lnk_expect_subtree_min(test, root, se_outward_slice, lgk_min_outward_slice,
			       "queued at B/2");
	KUNIT_EXPECT_EQ(test, cfs_rq_min_outward_slice(q), b / 2);
}

static struct kunit_case latency_group_cases[] = {
	KUNIT_CASE(task_latency_nice_stays_in_group),
	KUNIT_CASE(min_outward_slice_is_exact),
	{}
};

static struct kunit_suite latency_group_suite = {
	.name = "sched_latency_group",
	.suite_init = lnk_suite_init,
	.suite_exit = lnk_suite_exit,
	.test_cases = latency_group_cases,
};

kunit_test_suite(latency_group_suite);
