// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the latency credit (LATENCY_CREDIT) on constructed
 * runqueues: an entity with latency_nice < 0 is eligible while its lag is
 * above -L, L = B * -latency_nice / 20 (policy/latency_credit.rs), in
 * entity_eligible(), in pick_eevdf()'s pruned heap search, in the wakeup
 * decision, in the lag clamp that carries a debt (across delayed dequeue and
 * reweight too), in its refill across sleep (delayed dequeue), and for a
 * group entity, whose credit is its own.
 *
 * Included at the end of fair.c after latency_nice_kunit.c, whose runqueue
 * helpers (lnk_*) it uses: no lock, no timing. Times are multiples of
 * the live base slice B; entities have nice 0 unless a case says otherwise,
 * so virtual time is real time and L(-20) = B, L(-10) = B/2.
 */

#include <linux/prandom.h>

/* An entity as enqueue_entity() leaves it: credit set from latency_nice. */
static struct sched_entity *lck_entity(struct kunit *test, struct cfs_rq *cfs_rq,
				       int latency_nice, u64 vruntime, u64 slice)
{
	struct sched_entity *se = lnk_entity(test, latency_nice, vruntime, vruntime + slice);

	update_latency_credit(cfs_rq, se);
	return se;
}

static int lck_init(struct kunit *test)
{
	LNK_ASSERT_FEAT(test, LATENCY_CREDIT);
	return 0;
}

/* The credit of -20 is B, of -10 B/2, of 0 and above nothing; scaled by weight. */
static void credit_values(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice;
	struct sched_entity *se;

	KUNIT_EXPECT_EQ(test, lck_entity(test, cfs_rq, -20, 0, b)->latency_vcredit, b);
	KUNIT_EXPECT_EQ(test, lck_entity(test, cfs_rq, -10, 0, b)->latency_vcredit, b / 2);
	KUNIT_EXPECT_EQ(test, lck_entity(test, cfs_rq, 0, 0, b)->latency_vcredit, 0);
	KUNIT_EXPECT_EQ(test, lck_entity(test, cfs_rq, 19, 0, b)->latency_vcredit, 0);

	/* Twice the weight, half the virtual credit: the same L in real time. */
	se = lnk_entity(test, -20, 0, b);
	lnk_set_weight(se, 2 * NICE_0_LOAD);
	update_latency_credit(cfs_rq, se);
	KUNIT_EXPECT_EQ(test, se->latency_vcredit, b / 2);

#ifdef SCHED_LATENCY_NICE_FLAT_GROUPS
	/*
	 * In one flat queue virtual time is measured with the task's weight
	 * there (h_load, its group's share), not its own load: a task at nice
	 * 0 whose group gives it twice nice 0's weight has half the credit in
	 * virtual time.
	 */
	se = lnk_entity(test, -20, 0, b);
	update_load_set(&se->h_load, 2 * NICE_0_LOAD);
	update_latency_credit(cfs_rq, se);
	KUNIT_EXPECT_EQ(test, se->latency_vcredit, b / 2);
#endif

	/*
	 * Steps withheld when it was set (RLIMIT_NICE down to -10, no
	 * CAP_SYS_NICE): the credit of -10; none with the default rlimit.
	 */
	se = lnk_entity(test, -20, 0, b);
	se->latency_credit_withheld = 10;
	se_latency_allowed_update(se);
	update_latency_credit(cfs_rq, se);
	KUNIT_EXPECT_EQ(test, se->credit_nice, -10);
	KUNIT_EXPECT_EQ(test, se->latency_vcredit, b / 2);
	se->latency_credit_withheld = 20;
	se_latency_allowed_update(se);
	update_latency_credit(cfs_rq, se);
	KUNIT_EXPECT_EQ(test, se->credit_nice, 0);
	KUNIT_EXPECT_EQ(test, se->latency_vcredit, 0);
}

/*
 * A fresh queue with A (0) from v with a 4B request, queued, and C
 * (@c_nice) B ahead with a B/2 request, returned for the caller to queue or
 * run.
 */
static struct cfs_rq *lck_a_and_c(struct kunit *test, int c_nice, struct sched_entity **a,
				  struct sched_entity **c)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;

	*a = lck_entity(test, cfs_rq, 0, v, 4 * b);
	*c = lck_entity(test, cfs_rq, c_nice, v + b, b / 2);
	lnk_queue(cfs_rq, *a);
	return cfs_rq;
}

/*
 * A and C queued (lck_a_and_c()), C at -20. V is v + B/2, C's lag -B/2:
 * within its credit B, C is eligible and, with the earliest deadline,
 * picked. At latency_nice 0 the same C is not eligible.
 */
static void pick_within_credit(struct kunit *test)
{
	struct sched_entity *a, *c;
	struct cfs_rq *cfs_rq = lck_a_and_c(test, -20, &a, &c);

	lnk_queue(cfs_rq, c);
	KUNIT_EXPECT_TRUE(test, entity_eligible(cfs_rq, c));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, true), c);

	cfs_rq = lck_a_and_c(test, 0, &a, &c);
	lnk_queue(cfs_rq, c);
	KUNIT_EXPECT_FALSE(test, entity_eligible(cfs_rq, c));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, true), a);
}

/*
 * pick_within_credit() with C current: A (0) alone in the timeline and the
 * latency tree empty. Only current tells pick_eevdf() that the queue has a
 * credit in it, by the queue's flag set when C was made current
 * (latency_curr_augment()): mainline's pick, on the plain vruntime, would find
 * C ineligible and pick A. The flag stays while C runs, also when the
 * timeline empties and A comes back.
 */
static void pick_credited_current(struct kunit *test)
{
	struct sched_entity *a, *c;
	struct cfs_rq *cfs_rq = lck_a_and_c(test, -20, &a, &c);

	KUNIT_EXPECT_FALSE(test, cfs_rq->latency_augmented);
	lnk_run(cfs_rq, c);
	KUNIT_EXPECT_TRUE(test, cfs_rq->latency_augmented);
	KUNIT_EXPECT_TRUE(test, RB_EMPTY_ROOT(&cfs_rq->latency_timeline.rb_root));
	KUNIT_EXPECT_FALSE(test, vruntime_eligible(cfs_rq, c->vruntime));
	KUNIT_EXPECT_TRUE(test, entity_eligible(cfs_rq, c));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, false), c);

	__dequeue_entity(cfs_rq, a);
	cfs_rq->nr_queued--;
	KUNIT_EXPECT_TRUE(test, cfs_rq->latency_augmented);
	lnk_queue(cfs_rq, a);
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, false), c);
}

/* C (-20) 3B ahead: lag -3B/2, beyond its credit B: never picked. */
static void pick_beyond_credit(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lck_entity(test, cfs_rq, 0, v, 4 * b);
	struct sched_entity *c = lck_entity(test, cfs_rq, -20, v + 3 * b, b / 2);

	lnk_queue(cfs_rq, a);
	lnk_queue(cfs_rq, c);
	KUNIT_EXPECT_FALSE(test, entity_eligible(cfs_rq, c));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, true), a);
}

/*
 * The credit grows with -latency_nice: at -10 (L = B/2) a lag of -0.4B is
 * within it, -0.6B is not.
 */
static void credit_scale(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;
	struct cfs_rq *cfs_rq;
	struct sched_entity *c;
	u64 v;

	cfs_rq = lnk_cfs_rq(test);
	v = cfs_rq->zero_vruntime;
	lnk_queue(cfs_rq, lck_entity(test, cfs_rq, 0, v, 4 * b));
	c = lck_entity(test, cfs_rq, -10, v + 8 * b / 10, b / 2);
	lnk_queue(cfs_rq, c);
	KUNIT_EXPECT_TRUE(test, entity_eligible(cfs_rq, c));

	cfs_rq = lnk_cfs_rq(test);
	v = cfs_rq->zero_vruntime;
	lnk_queue(cfs_rq, lck_entity(test, cfs_rq, 0, v, 4 * b));
	c = lck_entity(test, cfs_rq, -10, v + 12 * b / 10, b / 2);
	lnk_queue(cfs_rq, c);
	KUNIT_EXPECT_FALSE(test, entity_eligible(cfs_rq, c));
}

/*
 * The pruned heap search against a walk of every entity: on random
 * runqueues (credits, vruntimes, requests, weights), pick_eevdf() returns
 * what the definition says: the earliest deadline among entities eligible
 * within their credit, then the latency tree's first eligible entity if its
 * key comes first (an ineligible head walked past: seldom drawn here, so
 * pick_first_eligible_behind_ineligible_head() states it). The root's
 * augmented value is the smallest credited vruntime.
 */
static void pick_exact_on_random_runqueues(struct kunit *test)
{
	static const int lns[] = { 0, 0, 0, 5, -3, -10, -20 };
	static const unsigned long weights[] = { 1024, 1024, 335, 3121 };
	struct sched_entity *ses[16];
	struct rnd_state rnd;
	u64 b = sysctl_sched_base_slice;
	int round, i;

	prandom_seed_state(&rnd, 20230224);
	for (round = 0; round < 200; round++) {
		struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
		u64 v = cfs_rq->zero_vruntime, min_cv = 0;
		struct sched_entity *want = NULL, *got;
		struct rb_node *node;
		int n = 2 + prandom_u32_state(&rnd) % 15;

		for (i = 0; i < n; i++) {
			u64 ahead = prandom_u32_state(&rnd) % (6 * b);
			u64 slice = b / 10 + prandom_u32_state(&rnd) % (3 * b);
			struct sched_entity *se;
			unsigned long w;

			se = lnk_entity(test, lns[prandom_u32_state(&rnd) % ARRAY_SIZE(lns)],
					v + ahead - 3 * b, 0);
			w = weights[prandom_u32_state(&rnd) % ARRAY_SIZE(weights)];
			lnk_set_weight(se, scale_load(w));
			se->slice = slice;
			se->deadline = se->vruntime + calc_delta_fair(slice, se);
			update_latency_credit(cfs_rq, se);
			lnk_queue(cfs_rq, se);
			ses[i] = se;
		}

		for (i = 0; i < n; i++) {
			struct sched_entity *se = ses[i];

			if (!i || (s64)(credited_vruntime(se) - min_cv) < 0)
				min_cv = credited_vruntime(se);
			if (!entity_eligible(cfs_rq, se))
				continue;
			if (!want || (s64)(se->deadline - want->deadline) < 0)
				want = se;
		}
		node = rb_first_cached(&cfs_rq->latency_timeline);
		for (; want && node; node = rb_next(node)) {
			struct sched_entity *se = __latency_node_2_se(node);

			if ((s64)(se->latency_key - latency_key(want)) >= 0)
				break;
			if (entity_eligible(cfs_rq, se)) {
				want = se;
				break;
			}
		}

		KUNIT_ASSERT_EQ(test, __pick_root_entity(cfs_rq)->min_vruntime, min_cv);
		got = pick_eevdf(cfs_rq, true);
		KUNIT_ASSERT_NOT_NULL(test, want);
		KUNIT_ASSERT_TRUE(test, entity_eligible(cfs_rq, got));
		KUNIT_ASSERT_PTR_EQ(test, got, want);
	}
}

/*
 * The lag clamp widens below by the debt an entity may have taken on credit
 * since its last pick (se->latency_debt_room, set at the pick): a credited
 * entity keeps a debt of limit + B/2 (it would be forgiven otherwise); one
 * at latency_nice 0 is clamped at the limit. Above, the clamp is mainline's
 * for the credited entity too: the room widens what it owes, never what it
 * is owed, so a sleeper keeps no more than the limit.
 */
static void lag_clamp_carries_debt(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lck_entity(test, cfs_rq, 0, v, b);
	struct sched_entity *c = lck_entity(test, cfs_rq, -20, v, b);
	s64 limit;

	lnk_queue(cfs_rq, a);
	limit = calc_delta_fair(cfs_rq_max_slice(cfs_rq) + TICK_NSEC, a);

	latency_debt_room_update(c, true);
	c->vruntime = v + limit + b / 2;
	KUNIT_EXPECT_EQ(test, entity_lag(cfs_rq, c, v), -(limit + (s64)b / 2));
	a->vruntime = v + limit + b / 2;
	KUNIT_EXPECT_EQ(test, entity_lag(cfs_rq, a, v), -limit);

	c->vruntime = v - limit - b / 2;
	KUNIT_EXPECT_EQ(test, entity_lag(cfs_rq, c, v), limit);
	a->vruntime = v - limit - b / 2;
	KUNIT_EXPECT_EQ(test, entity_lag(cfs_rq, a, v), limit);
}

/*
 * Nothing is forgiven across a delayed dequeue. C (-20), picked within its
 * credit, ran into a debt of limit + B/2 and goes to sleep: dequeue_entity()
 * saves its lag (update_entity_lag()) and delays it, which takes its credit.
 * The wakeup's requeue_delayed_entity() computes the lag again with the same
 * clamp, and so does a reweight while delayed: both must keep the debt. A
 * clamp on the credit C has now (none) forgave B/2 at every such sleep.
 */
static void delayed_sleeper_keeps_debt(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lck_entity(test, cfs_rq, 0, v, b);
	struct sched_entity *c = lck_entity(test, cfs_rq, -20, v, b);
	s64 limit, saved;

	lnk_queue(cfs_rq, a);
	limit = calc_delta_fair(cfs_rq_max_slice(cfs_rq) + TICK_NSEC, c);
	/* V = (v + c's vruntime) / 2: C's lag is -(limit + B/2). */
	c->vruntime = v + 2 * limit + b;
	c->deadline = c->vruntime + b;
	lnk_queue(cfs_rq, c);
	latency_debt_room_update(c, true);

	/* dequeue_entity() of a sleeper that owes: lag saved, then delayed. */
	update_entity_lag(cfs_rq, c);
	saved = c->vlag;
	KUNIT_EXPECT_LT(test, saved, -limit);
	__dequeue_latency(cfs_rq, c);
	c->sched_delayed = 1;
	latency_credit_delayed(cfs_rq, c);
	KUNIT_EXPECT_EQ(test, c->latency_vcredit, 0);

	/* requeue_delayed_entity(): the lag is unchanged, C is not moved. */
	KUNIT_EXPECT_FALSE(test, update_entity_lag(cfs_rq, c));
	KUNIT_EXPECT_EQ(test, c->vlag, saved);

	/* A reweight while delayed keeps the debt in real time: half the vlag. */
#ifdef SCHED_LATENCY_NICE_FLAT_GROUPS
	reweight_eevdf(cfs_rq, c, 2 * NICE_0_LOAD, true);
#else
	reweight_entity(cfs_rq, c, 2 * NICE_0_LOAD);
#endif
	KUNIT_EXPECT_EQ(test, c->vlag, div_s64(saved, 2));
}

/*
 * The debt room: set to the credit at a pick, raised while the entity runs
 * when its credit grows, kept when the credit shrinks or goes (what was
 * taken on it is still owed), reset at the next pick.
 */
static void debt_room_follows_the_pick(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, room;
	struct sched_entity *c = lck_entity(test, cfs_rq, -10, cfs_rq->zero_vruntime, b);

	lnk_run(cfs_rq, c);
	latency_debt_room_update(c, true);
	room = c->latency_debt_room;
	/* The credit, B/2 (and the run slice where LATENCY_RUN lets it run on). */
	KUNIT_EXPECT_GE(test, room, b / 2);

	c->latency_nice = -20;
	se_latency_allowed_update(c);
	update_latency_credit(cfs_rq, c);
	KUNIT_EXPECT_EQ(test, c->latency_debt_room, room + b / 2);

	c->latency_nice = 0;
	se_latency_allowed_update(c);
	update_latency_credit(cfs_rq, c);
	KUNIT_EXPECT_EQ(test, c->latency_vcredit, 0);
	KUNIT_EXPECT_EQ(test, c->latency_debt_room, room + b / 2);

	latency_debt_room_update(c, true);
	KUNIT_EXPECT_EQ(test, c->latency_debt_room, 0);
}

/*
 * The room at a pick is the credit the pick was decided on. C holds the
 * credit of -20 (B, set at its enqueue); the live credit of its value has
 * since shrunk to a quarter (here: its credit_nice moved to -5, as a refill
 * of the tables at a quarter of the base slice would leave -20's). Picked on
 * the credit it holds, C may take a debt of B: its room must be B, not B/4
 * (entity_lag() would forgive the rest).
 */
static void debt_room_is_the_credit_picked_on(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, run = 0;
	struct sched_entity *c = lck_entity(test, cfs_rq, -20, cfs_rq->zero_vruntime, b);

	KUNIT_ASSERT_EQ(test, c->latency_vcredit, b);
	c->credit_nice = -5;
	KUNIT_ASSERT_EQ(test, se_latency_credit(c), b / 4);

	lnk_run(cfs_rq, c);
	if (latency_run(c))
		run = latency_run_slice();
	latency_debt_room_update(c, true);
	KUNIT_EXPECT_EQ(test, c->latency_debt_room, b + run);
}

/*
 * A waking C (-20) within its credit, whose key comes first, preempts A at
 * latency_nice 0; beyond its credit EEVDF decides (it is not eligible).
 */
static void wakeup_within_credit_preempts(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lck_entity(test, cfs_rq, 0, v, 4 * b);
	struct sched_entity *c = lck_entity(test, cfs_rq, -20, v + b, b / 2);

	LNK_ASSERT_FEAT(test, LATENCY_OFFSET);
	lnk_run(cfs_rq, a);
	lnk_queue(cfs_rq, c);
	KUNIT_EXPECT_EQ(test, latency_wakeup(cfs_rq, a, c, 0), LATENCY_NICE_WAKEUP_PREEMPT);

	cfs_rq = lnk_cfs_rq(test);
	v = cfs_rq->zero_vruntime;
	a = lck_entity(test, cfs_rq, 0, v, 4 * b);
	c = lck_entity(test, cfs_rq, -20, v + 3 * b, b / 2);
	lnk_run(cfs_rq, a);
	lnk_queue(cfs_rq, c);
	KUNIT_EXPECT_EQ(test, latency_wakeup(cfs_rq, a, c, 0), LATENCY_NICE_WAKEUP_DEFAULT);
}

/*
 * A latency-sensitive current keeps the CPU at a pick (a request end) while
 * it is eligible and its key comes first: C (-20) runs with a 3B/4 request,
 * A (0) waits with an earlier deadline (B/2) but a later key (C's is
 * 3B/4 - B). A waking A does not preempt it either. Without the rule EEVDF
 * would switch to A in the middle of C's work.
 */
static void sensitive_current_keeps_cpu(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lck_entity(test, cfs_rq, 0, v, b / 2);
	struct sched_entity *c = lck_entity(test, cfs_rq, -20, v, 3 * b / 4);

	LNK_ASSERT_FEAT(test, LATENCY_OFFSET);
	lnk_run(cfs_rq, c);
	lnk_queue(cfs_rq, a);
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, false), c);
	KUNIT_EXPECT_EQ(test, latency_wakeup(cfs_rq, c, a, 0), LATENCY_NICE_WAKEUP_KEEP);

	/* Beyond its credit it is not eligible, and EEVDF's pick stands. */
	c->vruntime = v + 3 * b;
	c->deadline = c->vruntime + 3 * b / 4;
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, false), a);
}

/*
 * The credit refills across sleep. C (-20) with lag -B/4 owes service but is
 * within its credit: eligible, picked. Going to sleep, dequeue_entity()
 * delays it on mainline's test (vruntime_eligible() without the credit), and
 * a delayed entity has no credit: it is not eligible, not picked, and stays
 * queued until its lag is back to 0. Requeued by a wakeup before that, it has
 * its credit back. Before this rule C left owing and came back owing.
 */
static void sleeper_on_credit_repays(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lck_entity(test, cfs_rq, 0, v, 4 * b);
	struct sched_entity *c = lck_entity(test, cfs_rq, -20, v + b / 2, b / 2);

	lnk_queue(cfs_rq, a);
	lnk_queue(cfs_rq, c);
	KUNIT_EXPECT_TRUE(test, entity_eligible(cfs_rq, c));
	KUNIT_EXPECT_FALSE(test, vruntime_eligible(cfs_rq, c->vruntime));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, true), c);

	/* What set_delayed() and clear_delayed() do to a queued entity. */
	__dequeue_latency(cfs_rq, c);
	c->sched_delayed = 1;
	latency_credit_delayed(cfs_rq, c);
	KUNIT_EXPECT_EQ(test, c->latency_vcredit, 0);
	KUNIT_EXPECT_EQ(test, c->credit_nice, 0);
	KUNIT_EXPECT_FALSE(test, entity_eligible(cfs_rq, c));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, true), a);

	c->sched_delayed = 0;
	latency_credit_delayed(cfs_rq, c);
	__enqueue_latency(cfs_rq, c);
	KUNIT_EXPECT_EQ(test, c->latency_vcredit, b);
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, true), c);
}

/*
 * No credit for an idle entity: a SCHED_IDLE task at -20, whose weight 3
 * would make B/w a lead of ~340 B in virtual time, gets none (mainline never
 * favours an idle entity over a non-idle one).
 */
static void idle_task_has_no_credit(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice;
	struct sched_entity *se = lnk_entity(test, -20, 0, b);

	task_of(se)->policy = SCHED_IDLE;
	lnk_set_weight(se, scale_load(WEIGHT_IDLEPRIO));
	update_latency_credit(cfs_rq, se);
	KUNIT_EXPECT_EQ(test, se->credit_nice, 0);
	KUNIT_EXPECT_EQ(test, se->latency_vcredit, 0);

	task_of(se)->policy = SCHED_NORMAL;
	update_latency_credit(cfs_rq, se);
	KUNIT_EXPECT_EQ(test, se->credit_nice, -20);
}

#if defined(CONFIG_FAIR_GROUP_SCHED) && !defined(SCHED_LATENCY_NICE_FLAT_GROUPS)
/*
 * A cpu.idle group's entity has no credit: a group at -20 has B, the same
 * group idle none.
 */
static void idle_group_has_no_credit(struct kunit *test)
{
	struct cfs_rq *parent = lnk_cfs_rq(test), *q = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice;
	struct sched_entity *gse = lnk_entity(test, -20, 0, b);

	gse->my_q = q;
	update_latency_credit(parent, gse);
	KUNIT_EXPECT_EQ(test, gse->latency_vcredit, b);

	q->idle = 1;
	update_latency_credit(parent, gse);
	KUNIT_EXPECT_EQ(test, gse->credit_nice, 0);
	KUNIT_EXPECT_EQ(test, gse->latency_vcredit, 0);
}

/*
 * A group's credit is its own cpu.latency.nice's, given on its writer's
 * privilege: a group at 0 takes none from its -10 and -20 tasks (queued or
 * running); at -10 it has B/2 with no task asking; at -20 written without
 * privilege (all 20 steps withheld) none, with RLIMIT_NICE down to -10 (10
 * withheld) B/2.
 */
static void group_credit_is_its_own(struct kunit *test)
{
	struct cfs_rq *parent = lnk_cfs_rq(test), *q = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = q->zero_vruntime;
	struct sched_entity *gse = lnk_entity(test, 0, 0, b);

	gse->my_q = q;
	lnk_queue(q, lck_entity(test, q, -10, v + b, b));
	lnk_run(q, lck_entity(test, q, -20, v, b));
	update_latency_credit(parent, gse);
	KUNIT_EXPECT_EQ(test, gse->credit_nice, 0);
	KUNIT_EXPECT_EQ(test, gse->latency_vcredit, 0);

	gse = lnk_entity(test, -10, 0, b);
	gse->my_q = lnk_cfs_rq(test);
	update_latency_credit(parent, gse);
	KUNIT_EXPECT_EQ(test, gse->credit_nice, -10);
	KUNIT_EXPECT_EQ(test, gse->latency_vcredit, b / 2);

	gse->latency_nice = -20;
	gse->latency_credit_withheld = 20;
	se_latency_allowed_update(gse);
	update_latency_credit(parent, gse);
	KUNIT_EXPECT_EQ(test, gse->credit_nice, 0);
	KUNIT_EXPECT_EQ(test, gse->latency_vcredit, 0);
	gse->latency_credit_withheld = 10;
	se_latency_allowed_update(gse);
	update_latency_credit(parent, gse);
	KUNIT_EXPECT_EQ(test, gse->credit_nice, -10);
	KUNIT_EXPECT_EQ(test, gse->latency_vcredit, b / 2);
}

/*
 * A -20 task lends its group nothing: the entity of a group at 0 whose only
 * task (-20) runs, B/2 ahead of its parent's V, is not eligible next to a
 * sibling at 0 that is owed service, and is not picked; so it stays when the
 * task goes to sleep delayed and comes back.
 */
static void task_lends_group_nothing(struct kunit *test)
{
	struct cfs_rq *parent = lnk_cfs_rq(test), *q = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = parent->zero_vruntime;
	struct sched_entity *gse = lnk_entity(test, 0, v + b / 2, v + b);
	struct sched_entity *other = lck_entity(test, parent, 0, v, 4 * b);
	struct sched_entity *c = lck_entity(test, q, -20, q->zero_vruntime, b);

	gse->my_q = q;
	gse->cfs_rq = parent;
	c->parent = gse;
	lnk_run(q, c);
	update_latency_credit(parent, gse);
	lnk_queue(parent, gse);
	lnk_queue(parent, other);
	KUNIT_EXPECT_EQ(test, gse->latency_vcredit, 0);
	KUNIT_EXPECT_FALSE(test, entity_eligible(parent, gse));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(parent, true), other);

	c->sched_delayed = 1;
	latency_credit_delayed(q, c);
	KUNIT_EXPECT_EQ(test, c->latency_vcredit, 0);
	KUNIT_EXPECT_EQ(test, gse->latency_vcredit, 0);
	c->sched_delayed = 0;
	latency_credit_delayed(q, c);
	KUNIT_EXPECT_EQ(test, c->latency_vcredit, b);
	KUNIT_EXPECT_EQ(test, gse->latency_vcredit, 0);
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(parent, true), other);
}
#endif

#if defined(CONFIG_FAIR_GROUP_SCHED) && defined(SCHED_LATENCY_NICE_FLAT_GROUPS)
/*
 * Flat: a group's cpu.latency.nice is its tasks' effective latency_nice, but
 * the credit stays each task's own as it was allowed, which the group can
 * lower and not raise.
 */
static void group_value_gives_no_credit(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice;
	struct sched_entity *se = lnk_entity(test, 0, 0, b);
	static const struct {
		int own, withheld, group, credit_nice;
	} cases[] = {
		{   0,  0, -20,   0 },	/* a group at -20 gives none */
		{ -20,  0, -10, -10 },	/* it lowers a privileged -20's */
		{ -20,  0,   5,   0 },	/* to none at a positive value */
		{ -20, 20, -20,   0 },	/* unprivileged: none either way */
		{ -20, 10, -15, -10 },	/* RLIMIT_NICE -10: -10's at most */
		{ -20, 10, -5,   -5 },
		/* a group written 0 (LATENCY_NICE_SET_ZERO): none */
		{ -20,  0, LATENCY_NICE_SET_ZERO, 0 },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		se->latency_nice = cases[i].own;
		se->latency_credit_withheld = cases[i].withheld;
		se->group_latency_nice = cases[i].group;
		se_latency_allowed_update(se);
		update_latency_credit(cfs_rq, se);
		KUNIT_EXPECT_EQ_MSG(test, se->credit_nice, cases[i].credit_nice, "case %d", i);
	}
}
#endif

static u64 lck_min_vruntime(const struct sched_entity *se)
{
	return se->min_vruntime;
}

/*
 * A timeline keeps mainline's minima while none of its entities has a
 * credit, and the credited minima from the first one with a credit until it
 * is empty: three tasks at 0 (mainline's callback); a task at -20 whose
 * credited vruntime is the smallest though its vruntime is not (the latency
 * callback, every node exact); all dequeued (mainline's again); then a task
 * queued at 0 given a credit in place, as cpu.latency.nice or a delay's end
 * give one (timeline_propagate()).
 */
static void timeline_minima_follow_the_credit(struct kunit *test)
{
	struct cfs_rq *q = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = q->zero_vruntime;
	struct rb_root *t = &q->tasks_timeline.rb_root;
	struct sched_entity *se[4];
	int i;

	for (i = 0; i < 3; i++) {
		se[i] = lck_entity(test, q, 0, v + i * b / 4, b);
		lnk_queue(q, se[i]);
	}
	KUNIT_EXPECT_FALSE(test, q->latency_augmented);
	lnk_expect_subtree_min(test, t->rb_node, credited_vruntime, lck_min_vruntime, "three at 0");

	/* vruntime v + B/2, credited v - B/2: the smallest of the queue. */
	se[3] = lck_entity(test, q, -20, v + b / 2, b);
	KUNIT_ASSERT_EQ(test, se[3]->latency_vcredit, b);
	lnk_queue(q, se[3]);
	KUNIT_EXPECT_TRUE(test, q->latency_augmented);
	KUNIT_EXPECT_EQ(test, __pick_root_entity(q)->min_vruntime, v - b / 2);
	lnk_expect_subtree_min(test, t->rb_node, credited_vruntime, lck_min_vruntime,
			       "a credit queued");

	for (i = 0; i < 4; i++) {
		__dequeue_entity(q, se[i]);
		q->nr_queued--;
		KUNIT_EXPECT_EQ(test, q->latency_augmented, i < 3);
	}

	lnk_queue(q, se[0]);
	lnk_queue(q, se[1]);
	KUNIT_EXPECT_FALSE(test, q->latency_augmented);
	se[1]->latency_nice = -20;
	se_latency_allowed_update(se[1]);
	update_latency_credit(q, se[1]);
	timeline_propagate(q, se[1]);
	KUNIT_EXPECT_TRUE(test, q->latency_augmented);
	KUNIT_EXPECT_EQ(test, __pick_root_entity(q)->min_vruntime, v + b / 4 - b);
	lnk_expect_subtree_min(test, t->rb_node, credited_vruntime, lck_min_vruntime,
			       "a credit given in place");
}

static struct kunit_case latency_credit_cases[] = {
	KUNIT_CASE(credit_values),
	KUNIT_CASE(pick_within_credit),
	KUNIT_CASE(pick_credited_current),
	KUNIT_CASE(pick_beyond_credit),
	KUNIT_CASE(credit_scale),
	KUNIT_CASE(pick_exact_on_random_runqueues),
	KUNIT_CASE(lag_clamp_carries_debt),
	KUNIT_CASE(delayed_sleeper_keeps_debt),
	KUNIT_CASE(debt_room_follows_the_pick),
	KUNIT_CASE(debt_room_is_the_credit_picked_on),
	KUNIT_CASE(wakeup_within_credit_preempts),
	KUNIT_CASE(sensitive_current_keeps_cpu),
	KUNIT_CASE(sleeper_on_credit_repays),
	KUNIT_CASE(idle_task_has_no_credit),
	KUNIT_CASE(timeline_minima_follow_the_credit),
#if defined(CONFIG_FAIR_GROUP_SCHED) && !defined(SCHED_LATENCY_NICE_FLAT_GROUPS)
	KUNIT_CASE(idle_group_has_no_credit),
	KUNIT_CASE(group_credit_is_its_own),
	KUNIT_CASE(task_lends_group_nothing),
#endif
#if defined(CONFIG_FAIR_GROUP_SCHED) && defined(SCHED_LATENCY_NICE_FLAT_GROUPS)
	KUNIT_CASE(group_value_gives_no_credit),
#endif
	{}
};

static struct kunit_suite latency_credit_suite = {
	.name = "sched_latency_credit",
	.suite_init = lnk_suite_init,
	.suite_exit = lnk_suite_exit,
	.init = lck_init,
	.test_cases = latency_credit_cases,
};

kunit_test_suites(&latency_credit_suite);
