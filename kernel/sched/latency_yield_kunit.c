// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the yield (policy/latency_yield.rs) on constructed
 * runqueues: where EEVDF picks an entity at a positive latency_nice n, the
 * earliest deadline within D_n = B * n / 20 of eligibility runs instead if
 * it is at a lower value and not delayed (the lead); else a current at a
 * lower value keeps the CPU for the rest of its slice protection, eligible
 * or not, unless it is delayed; an entity at a positive value leaves with
 * no more positive lag than base_slice + q, and is protected for no more
 * than the base slice once picked.
 *
 * Included at the end of fair.c after latency_nice_kunit.c, whose runqueue
 * helpers (lnk_*) it uses: no lock, no timing. Times are multiples of the
 * live base slice B; every entity has nice 0.
 */

/*
 * A (@a_ln) ahead of the average in service by @ahead / 2 (vruntime
 * v + @ahead, V is v + @ahead / 2: not eligible) with a request of B; B
 * (@b_ln) queued at v with a 20B request: eligible, EEVDF's only choice.
 * A is current (@a_runs), protected until its deadline, or queued.
 */
static struct lnk_rq lyk_ahead(struct kunit *test, int a_ln, int b_ln, u64 ahead, bool a_runs)
{
	struct lnk_rq rq = { .cfs_rq = lnk_cfs_rq(test) };
	u64 b = sysctl_sched_base_slice, v = rq.cfs_rq->zero_vruntime;

	rq.a = lnk_entity(test, a_ln, v + ahead, v + ahead + b);
	rq.b = lnk_entity(test, b_ln, v, v + 20 * b);
	if (a_runs) {
		lnk_run(rq.cfs_rq, rq.a);
		rq.a->vprot = rq.a->deadline;
	} else {
		lnk_queue(rq.cfs_rq, rq.a);
	}
	lnk_queue(rq.cfs_rq, rq.b);
	return rq;
}

/*
 * The lead: a default task (A) half a base slice past the average next to a
 * load task at 19 (B), D_19 = 0.95B. A runs first, current or queued,
 * protected or not: EEVDF, and the series before the lead, took B, so that
 * a task a little into its work was switched out for the load, and one that
 * woke a little past the average waited for it. B entering the timeline set
 * the queue's flag: the pick sees it (se_latency_yields()).
 */
static void yield_lead_runs_a_lower_value_first(struct kunit *test)
{
	static const int pairs[][2] = { { 0, 19 }, { 10, 19 }, { 18, 19 }, { 0, 11 } };
	u64 b = sysctl_sched_base_slice;
	int i;

	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		struct lnk_rq run = lyk_ahead(test, pairs[i][0], pairs[i][1], b, true);
		struct lnk_rq queued = lyk_ahead(test, pairs[i][0], pairs[i][1], b, false);

		KUNIT_EXPECT_TRUE(test, run.cfs_rq->latency_augmented);
		KUNIT_EXPECT_FALSE(test, vruntime_eligible(run.cfs_rq, run.a->vruntime));
		KUNIT_EXPECT_TRUE(test, entity_eligible(run.cfs_rq, run.b));
		KUNIT_EXPECT_PTR_EQ_MSG(test, pick_eevdf(run.cfs_rq, false), run.a,
					"current at %d, load at %d", pairs[i][0], pairs[i][1]);
		run.a->vprot = run.a->vruntime;
		KUNIT_EXPECT_PTR_EQ_MSG(test, pick_eevdf(run.cfs_rq, true), run.a,
					"current at %d, unprotected, load at %d",
					pairs[i][0], pairs[i][1]);
		KUNIT_EXPECT_PTR_EQ_MSG(test, pick_eevdf(queued.cfs_rq, true), queued.a,
					"queued at %d, load at %d", pairs[i][0], pairs[i][1]);
	}
}

/*
 * No further than the lead: at 10 (D = B/2) the load leaves A half a base
 * slice and a nanosecond past the average to EEVDF; at 1 (D = B/20) half a
 * base slice is far past it. Nor to a delayed entity: it leaves at its
 * 0-lag point, with no lead as with no credit.
 */
static void yield_lead_is_bounded(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;
	struct lnk_rq edge = lyk_ahead(test, 0, 10, b, false);
	struct lnk_rq past = lyk_ahead(test, 0, 10, b + 2, false);
	struct lnk_rq one = lyk_ahead(test, 0, 1, b, false);
	struct lnk_rq delayed = { .cfs_rq = lnk_cfs_rq(test) };
	u64 v = delayed.cfs_rq->zero_vruntime;

	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(edge.cfs_rq, true), edge.a);
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(past.cfs_rq, true), past.b);
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(one.cfs_rq, true), one.b);

	delayed.a = lnk_entity(test, 0, v + b, v + 2 * b);
	delayed.a->sched_delayed = 1;
	delayed.b = lnk_entity(test, 19, v, v + 20 * b);
	lnk_queue(delayed.cfs_rq, delayed.a);
	lnk_queue(delayed.cfs_rq, delayed.b);
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(delayed.cfs_rq, true), delayed.b);
	delayed.a->sched_delayed = 0;
}

/*
 * Past the lead, a load task at 19 (B) wakes up, or is due, next to a
 * current (A) at a lower value in the middle of its protected slice, a base
 * slice and a half past the average: A keeps the CPU. Mainline's pick drops
 * the protection of a current that is not eligible and takes B.
 */
static void yield_keeps_protected_current(struct kunit *test)
{
	static const int pairs[][2] = { { 0, 19 }, { 10, 19 }, { -20, 19 }, { 0, 1 } };
	u64 b = sysctl_sched_base_slice;
	int i;

	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		struct lnk_rq rq = lyk_ahead(test, pairs[i][0], pairs[i][1], 3 * b, true);

		KUNIT_EXPECT_FALSE(test, vruntime_eligible(rq.cfs_rq, rq.a->vruntime));
		KUNIT_EXPECT_PTR_EQ_MSG(test, pick_eevdf(rq.cfs_rq, true), rq.a,
					"current at %d, load at %d", pairs[i][0], pairs[i][1]);
	}
}

/*
 * Not a current that went to sleep: A, delayed at its dequeue (past the
 * average), is still current at the pick that follows. Kept, it would be
 * dequeued at once with its negative lag (a delayed pick), where it must
 * stay queued until its lag is back to 0: the load runs, as in mainline.
 */
static void yield_never_keeps_a_delayed_current(struct kunit *test)
{
	static const int values[] = { 0, 10, -20 };
	u64 b = sysctl_sched_base_slice;
	int i;

	for (i = 0; i < ARRAY_SIZE(values); i++) {
		struct lnk_rq rq = lyk_ahead(test, values[i], 19, 3 * b, true);

		rq.a->sched_delayed = 1;
		KUNIT_EXPECT_PTR_EQ_MSG(test, pick_eevdf(rq.cfs_rq, true), rq.b,
					"delayed current at %d, load at 19", values[i]);
		rq.a->sched_delayed = 0;
	}
}

/*
 * Only inside the protection: once A has run it out (its request), EEVDF's
 * pick stands, B; so it does for PREEMPT_SHORT's unprotected pick (a wakee
 * with a shorter request decides as EEVDF does past the lead).
 */
static void yield_ends_with_the_protection(struct kunit *test)
{
	struct lnk_rq rq = lyk_ahead(test, 0, 19, 3 * sysctl_sched_base_slice, true);

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
	u64 b = sysctl_sched_base_slice;
	int i;

	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		struct lnk_rq rq = lyk_ahead(test, pairs[i][0], pairs[i][1], b, true);

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

/*
 * The turn: a load task at 19 (a 20B request) picked next to another of the
 * load is protected for B, a default entity's turn, where RUN_TO_PARITY
 * protected it for the shortest request queued, the load's own 20B; its
 * deadline stays 20B away. A custom slice shorter than B stays its own, and a
 * default entity with a 20B custom slice keeps mainline's 20B.
 */
static void yield_protects_for_the_base_slice(struct kunit *test)
{
	static const struct {
		int latency_nice;
		u64 request, protected;
	} cases[] = {
		{ 19, 20, 2 }, { 1, 20, 2 }, { 19, 1, 1 }, { 0, 20, 20 }, { -20, 20, 20 },
	};
	u64 b = sysctl_sched_base_slice;
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
		u64 v = cfs_rq->zero_vruntime, request = cases[i].request * b / 2;
		int ln = cases[i].latency_nice;
		struct sched_entity *curr = lnk_entity(test, ln, v, v + request);
		struct sched_entity *other = lnk_entity(test, ln, v, v + request);

		lnk_queue(cfs_rq, other);
		lnk_run(cfs_rq, curr);
		set_protect_slice(cfs_rq, curr);
		KUNIT_EXPECT_EQ_MSG(test, curr->vprot, v + cases[i].protected * b / 2,
				    "latency_nice %d, request %llu B/2", ln, cases[i].request);
		KUNIT_EXPECT_EQ(test, curr->deadline, v + request);
	}
}

static struct kunit_case latency_yield_cases[] = {
	KUNIT_CASE(yield_lead_runs_a_lower_value_first),
	KUNIT_CASE(yield_lead_is_bounded),
	KUNIT_CASE(yield_keeps_protected_current),
	KUNIT_CASE(yield_never_keeps_a_delayed_current),
	KUNIT_CASE(yield_ends_with_the_protection),
	KUNIT_CASE(yield_only_from_a_higher_positive_value),
	KUNIT_CASE(yield_caps_positive_lag),
	KUNIT_CASE(yield_protects_for_the_base_slice),
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
