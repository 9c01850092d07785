// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of latency_nice run-on (LATENCY_RUN) on constructed runqueues:
 * a latency-sensitive entity, once picked, is protected for the base slice
 * B, not for its own short request nor the shortest request queued next to
 * it (set_protect_slice()); the end of its request reschedules it only once
 * that protection is over (latency_run_on(), which update_curr() asks); a
 * protected pick keeps it, eligible or not; a waking task at latency_nice >= 0
 * does not preempt it, and a latency-sensitive one ends its protection
 * (latency_run_keeps()); the lag clamp keeps the debt run-on allows.
 *
 * Included at the end of fair.c after latency_credit_kunit.c, whose helpers
 * (lnk_*, lck_entity()) it uses: no lock, no timing. Entities have
 * nice 0, so virtual time is real time.
 */

static int lrk_init(struct kunit *test)
{
	LNK_ASSERT_FEAT(test, LATENCY_RUN);
	LNK_ASSERT_FEAT(test, RUN_TO_PARITY);
	return 0;
}

/*
 * set_protect_slice() as set_next_task_fair() calls it, on the entity it has
 * just made current (mainline's PREEMPT_SHORT bound reads cfs_rq->curr).
 */
static void lrk_protect(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	struct sched_entity *curr = cfs_rq->curr;
	unsigned char on_rq = se->on_rq;

	cfs_rq->curr = se;
	se->on_rq = 1;
	set_protect_slice(cfs_rq, se);
	se->on_rq = on_rq;
	cfs_rq->curr = curr;
}

/*
 * C (-20, request B/10) picked next to A (0, request B): protected up to v + B,
 * past its own deadline v + B/10; A picked instead is protected up to its
 * deadline, as in mainline. Next to D (-20, request B/10) too: a shorter
 * request queued does not cut run-on protection, while it cuts A's
 * (mainline's RUN_TO_PARITY and PREEMPT_SHORT).
 */
static void picked_sensitive_protected_for_base_slice(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lck_entity(test, cfs_rq, 0, v, b);
	struct sched_entity *c = lck_entity(test, cfs_rq, -20, v, b / 10);
	struct sched_entity *d;

	lnk_queue(cfs_rq, a);
	lrk_protect(cfs_rq, c);
	KUNIT_EXPECT_EQ(test, c->vprot, v + b);

	lrk_protect(cfs_rq, a);
	KUNIT_EXPECT_EQ(test, a->vprot, a->deadline);

	d = lck_entity(test, cfs_rq, -20, v, b / 10);
	lnk_queue(cfs_rq, d);
	lrk_protect(cfs_rq, c);
	KUNIT_EXPECT_EQ(test, c->vprot, v + b);
	lrk_protect(cfs_rq, a);
	KUNIT_EXPECT_LT(test, (s64)(a->vprot - a->deadline), 0);
}

/*
 * The end of C's request (-20) does not reschedule while it is protected,
 * and does once it has run B; at latency_nice 0 a request end always does.
 */
static void request_end_reschedules_after_protection(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lck_entity(test, cfs_rq, 0, v, b);
	struct sched_entity *c = lck_entity(test, cfs_rq, -20, v, b / 10);

	lnk_queue(cfs_rq, a);
	set_protect_slice(cfs_rq, c);
	c->vruntime = v + b / 2;
	KUNIT_EXPECT_TRUE(test, latency_run_on(c));
	c->vruntime = v + b;
	KUNIT_EXPECT_FALSE(test, latency_run_on(c));

	set_protect_slice(cfs_rq, a);
	a->vruntime = a->deadline;
	KUNIT_EXPECT_FALSE(test, latency_run_on(a));
}

/*
 * C (-20) inside its run-on protection and beyond its credit: a protected
 * pick keeps it, an unprotected one (PREEMPT_SHORT) does not, and a waking A
 * (0, the load) leaves it alone (latency_run_keeps()), its protection
 * untouched; so does a waking E (-20) that is not owed service (10B ahead)
 * and could not run. A waking D (-20), eligible, ends the protection and
 * EEVDF's rule decides: C is not eligible, so the pick is not C.
 */
static void load_wakee_keeps_sensitive_wakee_cuts(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lck_entity(test, cfs_rq, 0, v, b);
	struct sched_entity *c = lck_entity(test, cfs_rq, -20, v, b / 10);
	struct sched_entity *d = lck_entity(test, cfs_rq, -20, v, b / 10);
	struct sched_entity *e = lck_entity(test, cfs_rq, -20, v + 10 * b, b / 10);

	lnk_queue(cfs_rq, a);
	set_protect_slice(cfs_rq, c);
	c->vprot = v + 4 * b;
	lnk_run(cfs_rq, c);
	c->vruntime = v + 3 * b;
	c->deadline = c->vruntime + b / 10;
	KUNIT_EXPECT_FALSE(test, entity_eligible(cfs_rq, c));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, true), c);
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, false), a);
	KUNIT_EXPECT_TRUE(test, latency_run_keeps(cfs_rq, c, a));
	KUNIT_EXPECT_EQ(test, c->vprot, v + 4 * b);

	lnk_queue(cfs_rq, e);
	KUNIT_EXPECT_FALSE(test, entity_eligible(cfs_rq, e));
	KUNIT_EXPECT_TRUE(test, latency_run_keeps(cfs_rq, c, e));
	KUNIT_EXPECT_EQ(test, c->vprot, v + 4 * b);
	/* (E leaves again: it moved V past C.) */
	__dequeue_entity(cfs_rq, e);
	e->on_rq = 0;
	cfs_rq->nr_queued--;

	lnk_queue(cfs_rq, d);
	KUNIT_EXPECT_FALSE(test, latency_run_keeps(cfs_rq, c, d));
	KUNIT_EXPECT_FALSE(test, protect_slice(c));
	KUNIT_EXPECT_PTR_NE(test, pick_eevdf(cfs_rq, true), c);

	/* Past its protection nothing keeps it. */
	KUNIT_EXPECT_FALSE(test, latency_run_keeps(cfs_rq, c, a));
}

/*
 * What run-on lets a task owe is not forgiven: C (-20), picked next to
 * entities with short requests only (B/10: the queue's max slice, and with it
 * mainline's lag clamp, is far below B), may run on for B past its credit B.
 * Its debt of limit + 3B/2, within credit and run-on, is kept by the clamp
 * however it leaves (a clamp widened by the credit alone cut B/2 of it).
 */
static void run_on_debt_kept_by_clamp(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lck_entity(test, cfs_rq, -20, v, b / 10);
	struct sched_entity *c = lck_entity(test, cfs_rq, -20, v, b / 10);
	s64 limit;

	lnk_queue(cfs_rq, a);
	lnk_run(cfs_rq, c);
	latency_debt_room_update(c, true);
	limit = calc_delta_fair(cfs_rq_max_slice(cfs_rq) + TICK_NSEC, c);
	KUNIT_EXPECT_LT(test, limit, (s64)(b + TICK_NSEC));

	c->vruntime = v + limit + 3 * b / 2;
	KUNIT_EXPECT_EQ(test, entity_lag(cfs_rq, c, v), -(limit + 3 * (s64)b / 2));
}

static struct kunit_case latency_run_cases[] = {
	KUNIT_CASE(picked_sensitive_protected_for_base_slice),
	KUNIT_CASE(request_end_reschedules_after_protection),
	KUNIT_CASE(load_wakee_keeps_sensitive_wakee_cuts),
	KUNIT_CASE(run_on_debt_kept_by_clamp),
	{}
};

static struct kunit_suite latency_run_suite = {
	.name = "sched_latency_run",
	.suite_init = lnk_suite_init,
	.suite_exit = lnk_suite_exit,
	.init = lrk_init,
	.test_cases = latency_run_cases,
};

kunit_test_suites(&latency_run_suite);
