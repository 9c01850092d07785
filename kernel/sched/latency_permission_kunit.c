// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the one permission rule of latency_nice: what takes from
 * other entities (the credit, the latency offset with the latency tree and
 * wakeup preemption it drives, the deepened idle search) is given like a
 * lower nice, to the value an entity was allowed when its latency_nice was
 * set (se->latency_credit_withheld), and a group's value on Linux 7.3, where
 * it decides for each of the group's tasks, restricts and never grants
 * (se_latency_nice_allowed()). The request size is not: a latency_nice below
 * 0 without privilege sets the request, as a custom slice does for any user.
 *
 * Included at the end of fair.c after latency_bounds_kunit.c, using the
 * runqueue helpers of latency_nice_kunit.c (lnk_*): constructed runqueues,
 * no lock, no timing.
 */

static int lpk_init(struct kunit *test)
{
	LNK_ASSERT_FEAT(test, LATENCY_OFFSET);
	return 0;
}

/*
 * The allowed value of a task's entity: own latency_nice, steps withheld
 * and, where a group decides for its tasks, the group's value as
 * update_group_latency_nice() leaves it. A group at -20 over a task at 0 with
 * nothing withheld is the 7.3 case where the idle search once took
 * group + withheld = -20: an unprivileged write to a delegated group gave its
 * tasks the whole search.
 */
static void allowed_by_the_credit_rule(struct kunit *test)
{
	static const struct {
		int own, withheld, group, allowed;
	} cases[] = {
		{   0,  0,   0,   0 },
		{  19,  0,   0,  19 },	/* >= 0 asks for nothing */
		{ -20,  0,   0, -20 },	/* CAP_SYS_NICE */
		{ -20, 20,   0,   0 },	/* no privilege: nothing below 0 */
		{ -20, 10,   0, -10 },	/* RLIMIT_NICE 30: down to -10 */
		{  -5, 10,   0,   0 },	/* RLIMIT_NICE 15 (floor 5): none */
#ifdef SCHED_LATENCY_NICE_FLAT_GROUPS
		{   0,  0, -20,   0 },	/* a group's -20 grants nothing */
		{ -20,  0, -10, -10 },	/* restricts a privileged -20 */
		{ -20,  0,   5,   5 },	/* to a positive value too */
		{ -20, 20, -20,   0 },
		{ -20, 10, -15, -10 },
		{  19,  0,  19,  19 },
		/* a group written 0 (LATENCY_NICE_SET_ZERO) holds -20 at 0 */
		{ -20,  0, LATENCY_NICE_SET_ZERO, 0 },
		{   5,  0, LATENCY_NICE_SET_ZERO, 5 },
#endif
	};
	struct sched_entity *se = lnk_entity(test, 0, 0, sysctl_sched_base_slice);
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		se->latency_nice = cases[i].own;
		se->latency_credit_withheld = cases[i].withheld;
#ifdef SCHED_LATENCY_NICE_FLAT_GROUPS
		se->group_latency_nice = cases[i].group;
#endif
		se_latency_allowed_update(se);
		KUNIT_EXPECT_EQ_MSG(test, se_latency_nice_allowed(se), cases[i].allowed,
				    "case %d", i);
	}
}

/*
 * A runqueue with a running nice-0 entity A, a request of 4B from v, and a
 * queued nice-19 entity C at latency_nice -20 (its own sched_setattr())
 * with @withheld steps withheld, B/2 behind v (eligible), a request of B/4
 * whose deadline, v + B/2 * 1024/15 in its virtual time, is after A's: only
 * its latency offset (-B * 1024/15) puts its key before A's.
 */
static struct lnk_rq lpk_crowd_member(struct kunit *test, int withheld)
{
	struct lnk_rq rq = { .cfs_rq = lnk_cfs_rq(test) };
	u64 b = sysctl_sched_base_slice, v = rq.cfs_rq->zero_vruntime;

	rq.a = lnk_entity(test, 0, v, v + 4 * b);
	rq.b = lnk_entity(test, -20, v - b / 2, v - b / 2 + b / 4 * 1024 / 15);
	lnk_set_weight(rq.b, scale_load(15));
	rq.b->latency_credit_withheld = withheld;
	se_latency_allowed_update(rq.b);
	update_latency_credit(rq.cfs_rq, rq.b);
	lnk_run(rq.cfs_rq, rq.a);
	lnk_queue(rq.cfs_rq, rq.b);
	KUNIT_ASSERT_TRUE(test, entity_eligible(rq.cfs_rq, rq.b));
	KUNIT_ASSERT_TRUE(test, (s64)(rq.b->deadline - rq.a->deadline) > 0);
	return rq;
}

/*
 * Without privilege -20 orders nothing: C's key is its deadline, C is not
 * in the latency tree, and its wakeup is EEVDF's to decide (C's deadline is
 * after A's: no preemption), where a -20 with CAP_SYS_NICE preempts A by
 * its key. This is what made an unprivileged crowd of short sleepers at -20
 * cost a CPU hog beside it more than the same crowd with a custom slice.
 */
static void unprivileged_offset_orders_nothing(struct kunit *test)
{
	struct lnk_rq rq = lpk_crowd_member(test, 20);

	KUNIT_EXPECT_EQ(test, latency_key(rq.b), rq.b->deadline);
	KUNIT_EXPECT_FALSE(test, lnk_in_latency_tree(rq.b));
	KUNIT_EXPECT_EQ(test, latency_wakeup(rq.cfs_rq, rq.a, rq.b, 0),
			LATENCY_NICE_WAKEUP_DEFAULT);
	KUNIT_EXPECT_EQ(test, se_default_slice(rq.b), latency_nice_slice(-20));

	rq = lpk_crowd_member(test, 0);
	KUNIT_EXPECT_LT(test, (s64)(latency_key(rq.b) - rq.a->deadline), 0);
	KUNIT_EXPECT_TRUE(test, lnk_in_latency_tree(rq.b));
	KUNIT_EXPECT_EQ(test, latency_wakeup(rq.cfs_rq, rq.a, rq.b, 0),
			LATENCY_NICE_WAKEUP_PREEMPT);
}

/*
 * Nor does an unprivileged -20 current keep the CPU from a waking nice-0
 * entity that EEVDF would run: the keep of a latency-sensitive current is
 * given by the same rule. C (-20, all withheld) runs with a request of 3B/4,
 * A (0) wakes eligible with an earlier deadline (B/2).
 */
static void unprivileged_current_keeps_nothing(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;
	int withheld;

	for (withheld = 0; withheld <= 20; withheld += 20) {
		struct lnk_rq rq = { .cfs_rq = lnk_cfs_rq(test) };
		u64 v = rq.cfs_rq->zero_vruntime;

		rq.b = lnk_entity(test, -20, v, v + 3 * b / 4);
		rq.b->latency_credit_withheld = withheld;
		se_latency_allowed_update(rq.b);
		rq.a = lnk_entity(test, 0, v, v + b / 2);
		lnk_run(rq.cfs_rq, rq.b);
		lnk_queue(rq.cfs_rq, rq.a);
		KUNIT_EXPECT_EQ_MSG(test, latency_wakeup(rq.cfs_rq, rq.b, rq.a, 0),
				    withheld ? LATENCY_NICE_WAKEUP_DEFAULT :
					       LATENCY_NICE_WAKEUP_KEEP,
				    "withheld %d", withheld);
	}
}

static struct kunit_case latency_permission_cases[] = {
	KUNIT_CASE(allowed_by_the_credit_rule),
	KUNIT_CASE(unprivileged_offset_orders_nothing),
	KUNIT_CASE(unprivileged_current_keeps_nothing),
	{}
};

static struct kunit_suite latency_permission_suite = {
	.name = "sched_latency_permission",
	.suite_init = lnk_suite_init,
	.suite_exit = lnk_suite_exit,
	.init = lpk_init,
	.test_cases = latency_permission_cases,
};

kunit_test_suite(latency_permission_suite);
