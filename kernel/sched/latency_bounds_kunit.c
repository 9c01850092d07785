// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of what a pick of the latency tree costs under rq->lock, on
 * constructed runqueues: a user allowed latency_nice -20 (CAP_SYS_NICE, or
 * an RLIMIT_NICE of 40) can queue a crowd of latency-sensitive entities that
 * are not eligible (nice 19 and latency_nice -20 put a key about
 * B * 1024 / 15 of virtual time early; a sleeper requeued from the delayed
 * state stays in the tree while it still owes service), and every
 * pick_eevdf() must still find the first eligible entity by key without
 * looking at each of them. (Without privilege -20 puts nothing in the tree:
 * latency_permission_kunit.c.) The bound is the tree's height, 2 * log2(n + 1)
 * for a red-black tree of n entities; mainline's own pick is O(log n) too.
 *
 * The count is cfs_rq->latency_pick_visits, which only
 * CONFIG_SCHED_LATENCY_NICE_DEBUG keeps: without it the suite is not built
 * (rather than built to skip). Included at the end of fair.c after
 * latency_key_kunit.c, using the runqueue helpers of latency_nice_kunit.c
 * (lnk_*): no lock, no timing.
 */

#ifdef CONFIG_SCHED_LATENCY_NICE_DEBUG

#include <linux/prandom.h>

/* Entities of the tree a pick may look at: one per level of the descent. */
static u64 lbk_visit_bound(unsigned int n)
{
	return 2 * (ilog2(n + 1) + 1);
}

static int lbk_init(struct kunit *test)
{
	LNK_ASSERT_FEAT(test, LATENCY_OFFSET);
	return 0;
}

/*
 * The review's crowd on @cfs_rq: @n entities of weight 15 (nice 19) at
 * latency_nice -20. The review's was an unprivileged user's, without the
 * credit; since the offset takes the credit's rule such a crowd is not in
 * the tree at all, and the crowd that is holds the credit L = B, L/w = c
 * in its virtual time. Each is K c ahead of v, K = 2 + (1024 + 15 n) / 1024:
 * far enough past V (which the crowd's own weight pulls towards it, to
 * (15 n K c) / (1024 + 15 n) past v) that even its credited vruntime,
 * (K - 1) c past v, is not eligible, with a short request: keys about
 * (K - 1) c past v. A nice-0 entity queued at v with a request of (K + 1) c
 * is eligible, its deadline after every key of the crowd, and is returned.
 * The member at index @eligible (if < @n) is at v instead, eligible, with a
 * request that ends where its place in the crowd's would have: its key in
 * the middle of theirs. It is put in *@member.
 */
static struct sched_entity *lbk_crowd(struct kunit *test, struct cfs_rq *cfs_rq,
				      unsigned int n, unsigned int eligible,
				      struct sched_entity **member)
{
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	u64 k = 2 + (1024 + 15 * (u64)n) / 1024, c, vruntime;
	struct sched_entity *fair, *se;
	unsigned int i;

	/* c: the credit of -20 at weight 15, in its virtual time. */
	se = lnk_entity(test, -20, v, v);
	lnk_set_weight(se, scale_load(15));
	update_latency_credit(cfs_rq, se);
	c = se_latency_vcredit(se);
	KUNIT_ASSERT_GT(test, c, 0);

	fair = lnk_entity(test, 0, v, v + (k + 1) * c);
	lnk_queue(cfs_rq, fair);
	for (i = 0; i < n; i++) {
		vruntime = v + k * c + i;
		se = lnk_entity(test, -20, i == eligible ? v : vruntime, vruntime + b / 4);
		lnk_set_weight(se, scale_load(15));
		update_latency_credit(cfs_rq, se);
		lnk_queue(cfs_rq, se);
		KUNIT_ASSERT_TRUE(test, lnk_in_latency_tree(se));
		KUNIT_ASSERT_TRUE(test, (s64)(latency_key(se) - latency_key(fair)) < 0);
		if (i == eligible)
			*member = se;
	}
	KUNIT_ASSERT_TRUE(test, entity_eligible(cfs_rq, fair));
	/* No credited vruntime of the crowd's, (K - 1) c past v or later. */
	KUNIT_ASSERT_FALSE(test, vruntime_eligible(cfs_rq, v + (k - 1) * c));
	return fair;
}

/* pick_eevdf() on @cfs_rq, and the entities of the latency tree it looked at. */
static struct sched_entity *lbk_pick(struct cfs_rq *cfs_rq, u64 *visits)
{
	u64 before = cfs_rq->latency_pick_visits;
	struct sched_entity *se = pick_eevdf(cfs_rq, true);

	*visits = cfs_rq->latency_pick_visits - before;
	return se;
}

/*
 * 1000 of them and no eligible one: the pick is the nice-0 entity, found by
 * looking at no more entities of the latency tree than its height.
 */
static void pick_visits_bounded_by_height(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	struct sched_entity *member = NULL, *fair;
	const unsigned int crowd = 1000;
	u64 visits;

	fair = lbk_crowd(test, cfs_rq, crowd, crowd, &member);
	KUNIT_EXPECT_PTR_EQ(test, lbk_pick(cfs_rq, &visits), fair);
	/* Not "latency tree": cgroup.sh fails on dmesg lines that say so. */
	kunit_info(test, "one pick looked at %llu of a crowd of %u at -20\n", visits, crowd);
	KUNIT_EXPECT_LE(test, visits, lbk_visit_bound(crowd + 1));
}

/*
 * The same crowd with its member 500 eligible: it is picked, its key being
 * before the nice-0 entity's deadline, and finding it looks at no more
 * entities than the tree's height, not at the 500 ineligible ones before it.
 */
static void pick_visits_to_an_eligible_member(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	struct sched_entity *member = NULL;
	const unsigned int crowd = 1000;
	u64 visits;

	lbk_crowd(test, cfs_rq, crowd, crowd / 2, &member);
	KUNIT_ASSERT_NOT_NULL(test, member);
	KUNIT_ASSERT_TRUE(test, entity_eligible(cfs_rq, member));
	KUNIT_EXPECT_PTR_EQ(test, lbk_pick(cfs_rq, &visits), member);
	kunit_info(test, "one pick looked at %llu of a crowd of %u at -20 to find member %u\n",
		   visits, crowd, crowd / 2);
	KUNIT_EXPECT_LE(test, visits, lbk_visit_bound(crowd + 1));
}

/*
 * What the pick must return, by definition: the earliest deadline among the
 * eligible entities (EEVDF), unless the first eligible entity of the latency
 * tree in key order has a key before that one's.
 */
static struct sched_entity *lbk_want(struct cfs_rq *cfs_rq, struct sched_entity **ses, int n)
{
	struct sched_entity *want = NULL;
	struct rb_node *node;
	int i;

	for (i = 0; i < n; i++) {
		if (!entity_eligible(cfs_rq, ses[i]))
			continue;
		if (!want || (s64)(ses[i]->deadline - want->deadline) < 0)
			want = ses[i];
	}
	for (node = rb_first_cached(&cfs_rq->latency_timeline); want && node;
	     node = rb_next(node)) {
		struct sched_entity *se = __latency_node_2_se(node);

		if (entity_eligible(cfs_rq, se)) {
			if ((s64)(se->latency_key - latency_key(want)) < 0)
				want = se;
			break;
		}
	}
	return want;
}

/*
 * Random runqueues where most of the latency tree is not eligible: crowds
 * of low-weight -20 entities ahead of their share, some with the credit,
 * among entities at other values and weights. The pick is the definition's
 * (lbk_want()), and it looks at no more of the tree than its height.
 */
static void pick_exact_behind_ineligible_crowds(struct kunit *test)
{
	static const int lns[] = { -20, -20, -20, -10, -1, 0, 5 };
	static const unsigned long weights[] = { 15, 15, 335, 1024, 3121 };
	struct sched_entity *ses[128];
	struct rnd_state rnd;
	u64 b = sysctl_sched_base_slice;
	int round, i;

	prandom_seed_state(&rnd, 20260905);
	for (round = 0; round < 200; round++) {
		struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
		u64 v = cfs_rq->zero_vruntime, visits;
		struct sched_entity *want, *got;
		int n = 2 + prandom_u32_state(&rnd) % (ARRAY_SIZE(ses) - 1), in_tree = 0;

		for (i = 0; i < n; i++) {
			unsigned long w = weights[prandom_u32_state(&rnd) % ARRAY_SIZE(weights)];
			int ln = lns[prandom_u32_state(&rnd) % ARRAY_SIZE(lns)];
			/* Most of them ahead of V, some behind. */
			u64 ahead = prandom_u32_state(&rnd) % (8 * b);
			u64 slice = b / 10 + prandom_u32_state(&rnd) % (2 * b);
			struct sched_entity *se = lnk_entity(test, ln, v + ahead - b, 0);

			lnk_set_weight(se, scale_load(w));
			se->slice = slice;
			se->deadline = se->vruntime + calc_delta_fair(slice, se);
			se->latency_credit_withheld = prandom_u32_state(&rnd) % 2 ? 20 : 0;
			se_latency_allowed_update(se);
			update_latency_credit(cfs_rq, se);
			lnk_queue(cfs_rq, se);
			in_tree += lnk_in_latency_tree(se);
			ses[i] = se;
		}

		want = lbk_want(cfs_rq, ses, n);
		got = lbk_pick(cfs_rq, &visits);
		KUNIT_ASSERT_NOT_NULL(test, want);
		KUNIT_ASSERT_PTR_EQ(test, got, want);
		KUNIT_ASSERT_LE_MSG(test, visits, lbk_visit_bound(in_tree),
				    "round %d: %d entities in the latency tree", round, in_tree);
	}
}

static struct kunit_case latency_bounds_cases[] = {
	KUNIT_CASE(pick_visits_bounded_by_height),
	KUNIT_CASE(pick_visits_to_an_eligible_member),
	KUNIT_CASE(pick_exact_behind_ineligible_crowds),
	{}
};

static struct kunit_suite latency_bounds_suite = {
	.name = "sched_latency_bounds",
	.init = lbk_init,
	.suite_init = lnk_suite_init,
	.suite_exit = lnk_suite_exit,
	.test_cases = latency_bounds_cases,
};

kunit_test_suites(&latency_bounds_suite);

#endif /* CONFIG_SCHED_LATENCY_NICE_DEBUG */
