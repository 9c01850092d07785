// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of latency_nice's two scheduling mechanisms, on a constructed
 * cfs_rq: what pick_eevdf() returns with the latency tree, and what
 * latency_wakeup() decides for a waking entity (both LATENCY_OFFSET).
 *
 * Included at the end of fair.c (CONFIG_SCHED_LATENCY_NICE_KUNIT_TEST) so
 * that the static pick and wakeup paths are driven as they are, on the root
 * cfs_rq of an rq of the test's own that no CPU ever runs: no lock, no
 * timing. Each case states a runqueue and the entity that must come out of
 * it.
 *
 * Times are in multiples of the live base slice B = sysctl_sched_base_slice,
 * so the cases hold for any CPU count (the base slice scales with it). All
 * entities have nice 0 (weight 1024), where virtual time is real time and
 * the latency offset of latency_nice -20 is -B (policy/latency_offset.rs):
 *
 *   key = deadline + B * latency_nice / 20
 */

#include <kunit/test.h>

/*
 * An entity of nice 0 with the given virtual runtime and deadline. It is a
 * task's, SCHED_NORMAL (se_is_idle() reads the task's policy), unless a case
 * gives it a queue of its own (se->my_q) to make it a group's.
 */
/*
 * Give @se the (scaled) weight @w: its load and, where tasks are scheduled in
 * one flat queue (SCHED_LATENCY_NICE_FLAT_GROUPS), its weight in that queue
 * (h_load), which EEVDF's virtual time is then measured with.
 */
static void lnk_set_weight(struct sched_entity *se, unsigned long w)
{
	update_load_set(&se->load, w);
#ifdef SCHED_LATENCY_NICE_FLAT_GROUPS
	update_load_set(&se->h_load, w);
#endif
}

/*
 * The suites drive latency_nice's paths on runqueues of their own, whether
 * or not a task has used latency_nice yet: each holds a reference of
 * sched_latency_nice_used while it runs. A user's first latency_nice holds
 * its own for good (sched_latency_nice_use()), so none of this turns the
 * paths off under it.
 */
static int lnk_suite_init(struct kunit_suite *suite)
{
	static_branch_inc(&sched_latency_nice_used);
	return 0;
}

static void lnk_suite_exit(struct kunit_suite *suite)
{
	static_branch_dec(&sched_latency_nice_used);
}

static struct sched_entity *lnk_entity(struct kunit *test, int latency_nice,
				       u64 vruntime, u64 deadline)
{
	struct task_struct *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	struct sched_entity *se;

	KUNIT_ASSERT_NOT_NULL(test, p);
	se = &p->se;
	RB_CLEAR_NODE(&se->run_node);
	RB_CLEAR_NODE(&se->latency_node);
	lnk_set_weight(se, NICE_0_LOAD);
	se->latency_nice = latency_nice;
	se_latency_allowed_update(se);
	se->vruntime = vruntime;
	se->deadline = deadline;
	se->slice = deadline - vruntime;
#ifndef SCHED_LATENCY_NICE_FLAT_GROUPS
	se_outward_slice_update(se);
#endif
	return se;
}

/*
 * The root queue of an rq of the test's own: where tasks are queued when
 * groups are not scheduled as entities (__enqueue_entity() checks it).
 */
static struct cfs_rq *lnk_cfs_rq(struct kunit *test)
{
	struct rq *rq = kunit_kzalloc(test, sizeof(*rq), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, rq);
	init_cfs_rq(&rq->cfs);
#ifdef CONFIG_FAIR_GROUP_SCHED
	rq->cfs.rq = rq;
#endif
	return &rq->cfs;
}

/* Queue @se as enqueue_entity() leaves a queued, not running, entity. */
static void lnk_queue(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	se->on_rq = 1;
	__enqueue_entity(cfs_rq, se);
	cfs_rq->nr_queued++;
}

/*
 * Make @se the running entity: on the runqueue, out of both trees, and its
 * queue's flag set where it has latency_nice state, as set_next_task_fair()
 * leaves them (latency_curr_augment()).
 */
static void lnk_run(struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	se->on_rq = 1;
	cfs_rq->curr = se;
	cfs_rq->nr_queued++;
	latency_curr_augment(cfs_rq, se);
}

/*
 * The smallest of @min and own(se) over the subtree at @node, in the
 * wrapping order of vruntimes (slices compare the same): what an augmented
 * minimum of that subtree must hold.
 */
static u64 lnk_subtree_min(struct rb_node *node, u64 (*own)(const struct sched_entity *se),
			   u64 min)
{
	u64 v;

	if (!node)
		return min;
	v = own(__node_2_se(node));
	if (vruntime_cmp(v, "<", min))
		min = v;
	min = lnk_subtree_min(node->rb_left, own, min);
	return lnk_subtree_min(node->rb_right, own, min);
}

/* Every node's augmented minimum, stored(se), against a walk of its subtree. */
static void lnk_expect_subtree_min(struct kunit *test, struct rb_node *node,
				   u64 (*own)(const struct sched_entity *se),
				   u64 (*stored)(const struct sched_entity *se), const char *when)
{
	struct sched_entity *se;

	if (!node)
		return;
	se = __node_2_se(node);
	KUNIT_EXPECT_EQ_MSG(test, stored(se), lnk_subtree_min(node, own, own(se)), "%s", when);
	lnk_expect_subtree_min(test, node->rb_left, own, stored, when);
	lnk_expect_subtree_min(test, node->rb_right, own, stored, when);
}

static bool lnk_in_latency_tree(struct sched_entity *se)
{
	return !RB_EMPTY_NODE(&se->latency_node);
}

/*
 * The runqueue of a case: A from v (the runqueue's zero_vruntime) with a
 * request of @a_slice, running or queued; B queued, @b_ahead of service past
 * v, with a request of @b_slice. A waking B is queued like this too: ttwu
 * enqueues it before wakeup_preempt_fair() asks.
 */
struct lnk_rq {
	struct cfs_rq *cfs_rq;
	struct sched_entity *a, *b;
};

static struct lnk_rq lnk_two(struct kunit *test, bool a_running, int a_ln, u64 a_slice,
			     int b_ln, u64 b_ahead, u64 b_slice)
{
	struct lnk_rq rq = { .cfs_rq = lnk_cfs_rq(test) };
	u64 v = rq.cfs_rq->zero_vruntime;

	rq.a = lnk_entity(test, a_ln, v, v + a_slice);
	rq.b = lnk_entity(test, b_ln, v + b_ahead, v + b_ahead + b_slice);
	if (a_running)
		lnk_run(rq.cfs_rq, rq.a);
	else
		lnk_queue(rq.cfs_rq, rq.a);
	lnk_queue(rq.cfs_rq, rq.b);
	return rq;
}

/* The cases assume the default sched_feats; a boot that changed them skips. */
/*
 * A suite whose mechanism a sched_feat gates fails, not skips, with the
 * feature off: the series turns each on by default, and built-in suites run
 * at boot, before sched/features can be written, so an off feature here is a
 * changed default (or a later run from debugfs after such a write), which a
 * skip would let pass unseen.
 */
#define LNK_ASSERT_FEAT(test, feat)					\
	KUNIT_ASSERT_TRUE_MSG(test, sched_feat(feat),			\
			      "NO_" #feat ": the series' default is on")

static int lnk_pick_init(struct kunit *test)
{
	LNK_ASSERT_FEAT(test, LATENCY_OFFSET);
	return 0;
}

static int lnk_wakeup_init(struct kunit *test)
{
	LNK_ASSERT_FEAT(test, LATENCY_OFFSET);
	return 0;
}

/*
 * Both eligible (same vruntime). EEVDF alone takes A, the earlier deadline;
 * B at -20 has the earlier key (3B/4 - B < B/2) and is picked instead.
 */
static void pick_sensitive_eligible_key_first(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;
	struct lnk_rq rq = lnk_two(test, false, 0, b / 2, -20, 0, 3 * b / 4);

	KUNIT_EXPECT_PTR_EQ(test, __pick_first_entity(rq.cfs_rq), rq.a);
	KUNIT_EXPECT_TRUE(test, entity_eligible(rq.cfs_rq, rq.b));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(rq.cfs_rq, true), rq.b);
}

/*
 * B at -20 has received 2B more service than A (lag < 0): not eligible, and
 * never picked, although its key (5B/2 - B) is before A's deadline (4B).
 * This is what keeps CPU shares those of the weights.
 */
static void pick_never_ineligible(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;
	struct lnk_rq rq = lnk_two(test, false, 0, 4 * b, -20, 2 * b, b / 2);

	KUNIT_EXPECT_TRUE(test, lnk_in_latency_tree(rq.b));
	KUNIT_EXPECT_FALSE(test, entity_eligible(rq.cfs_rq, rq.b));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(rq.cfs_rq, true), rq.a);
}

/* Eligible, but its key (3B - B) comes after A's deadline (B/2): A runs. */
static void pick_deadline_order_when_key_later(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;
	struct lnk_rq rq = lnk_two(test, false, 0, b / 2, -20, 0, 3 * b);

	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(rq.cfs_rq, true), rq.a);
}

/* latency_nice 0 everywhere: the latency tree stays empty, EEVDF decides. */
static void pick_default_tasks_unchanged(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;
	struct lnk_rq rq = lnk_two(test, false, 0, b / 2, 0, 0, 3 * b / 4);

	KUNIT_EXPECT_TRUE(test, RB_EMPTY_ROOT(&rq.cfs_rq->latency_timeline.rb_root));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(rq.cfs_rq, true), rq.a);
}

/*
 * Membership: queued entities with latency_nice < 0 that are not delayed;
 * never latency_nice >= 0, never a delayed one, and nothing once dequeued.
 */
static void latency_tree_membership(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice, v;
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	struct sched_entity *neg, *zero, *pos, *delayed;

	v = cfs_rq->zero_vruntime;
	neg = lnk_entity(test, -1, v, v + b);
	zero = lnk_entity(test, 0, v, v + b);
	pos = lnk_entity(test, 19, v, v + b);
	delayed = lnk_entity(test, -20, v, v + b);
	delayed->sched_delayed = 1;
	lnk_queue(cfs_rq, neg);
	lnk_queue(cfs_rq, zero);
	lnk_queue(cfs_rq, pos);
	lnk_queue(cfs_rq, delayed);

	KUNIT_EXPECT_TRUE(test, lnk_in_latency_tree(neg));
	KUNIT_EXPECT_FALSE(test, lnk_in_latency_tree(zero));
	KUNIT_EXPECT_FALSE(test, lnk_in_latency_tree(pos));
	KUNIT_EXPECT_FALSE(test, lnk_in_latency_tree(delayed));
	KUNIT_EXPECT_PTR_EQ(test,
			    __latency_node_2_se(rb_first_cached(&cfs_rq->latency_timeline)), neg);

	__dequeue_entity(cfs_rq, neg);
	KUNIT_EXPECT_FALSE(test, lnk_in_latency_tree(neg));
	KUNIT_EXPECT_TRUE(test, RB_EMPTY_ROOT(&cfs_rq->latency_timeline.rb_root));
}

/*
 * An ineligible head does not switch the latency tree off: H (-20) ran 2B
 * ahead of the others (lag -4B/3: not eligible) and has the first key
 * (2B + B/10 - B); L (-20) is eligible with the next key (3B - B), before
 * the deadline of A (0, 5B/2), which EEVDF alone would pick. L runs: the
 * first eligible entity by key, not only the head.
 */
static void pick_first_eligible_behind_ineligible_head(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lnk_entity(test, 0, v, v + 5 * b / 2);
	struct sched_entity *h = lnk_entity(test, -20, v + 2 * b, v + 2 * b + b / 10);
	struct sched_entity *l = lnk_entity(test, -20, v, v + 3 * b);

	lnk_queue(cfs_rq, a);
	lnk_queue(cfs_rq, h);
	lnk_queue(cfs_rq, l);
	KUNIT_EXPECT_PTR_EQ(test,
			    __latency_node_2_se(rb_first_cached(&cfs_rq->latency_timeline)), h);
	KUNIT_EXPECT_FALSE(test, entity_eligible(cfs_rq, h));
	KUNIT_EXPECT_TRUE(test, entity_eligible(cfs_rq, l));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, true), l);
}

/*
 * An idle entity stays out of the latency tree whatever its latency_nice:
 * a SCHED_IDLE task I (-20) whose key (3B/4 - B) comes before the deadline
 * of A (0, B/2) is not picked ahead of A; mainline never favours an idle
 * entity over a non-idle one.
 */
static void latency_tree_skips_idle_task(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lnk_entity(test, 0, v, v + b / 2);
	struct sched_entity *i = lnk_entity(test, -20, v, v + 3 * b / 4);

	task_of(i)->policy = SCHED_IDLE;
	lnk_queue(cfs_rq, a);
	lnk_queue(cfs_rq, i);
	KUNIT_EXPECT_FALSE(test, lnk_in_latency_tree(i));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, true), a);
}

#if defined(CONFIG_FAIR_GROUP_SCHED) && !defined(SCHED_LATENCY_NICE_FLAT_GROUPS)
/* The same for the entity of a cpu.idle group (cpu.latency.nice -20). */
static void latency_tree_skips_idle_group(struct kunit *test)
{
	struct cfs_rq *cfs_rq = lnk_cfs_rq(test), *idle_q = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = cfs_rq->zero_vruntime;
	struct sched_entity *a = lnk_entity(test, 0, v, v + b / 2);
	struct sched_entity *g = lnk_entity(test, -20, v, v + 3 * b / 4);

	idle_q->idle = 1;
	g->my_q = idle_q;
	lnk_queue(cfs_rq, a);
	lnk_queue(cfs_rq, g);
	KUNIT_EXPECT_FALSE(test, lnk_in_latency_tree(g));
	KUNIT_EXPECT_PTR_EQ(test, pick_eevdf(cfs_rq, true), a);
}

/*
 * cpu.latency.nice written while the group's entity is delayed (queued, its
 * own queue empty): at 0 it keeps the slice it was placed with, not
 * cfs_rq_min_slice() of the empty queue (~0ULL, a deadline no pick
 * reaches); at 19 it takes that level's slice. Delayed, it stays out of the
 * latency tree.
 */
static void group_latency_nice_on_delayed_entity(struct kunit *test)
{
	struct cfs_rq *parent = lnk_cfs_rq(test), *q = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice, v = parent->zero_vruntime;
	struct sched_entity *gse = lnk_entity(test, -20, v, v + b / 10);

	gse->my_q = q;
	gse->sched_delayed = 1;
	lnk_queue(parent, gse);

	group_se_set_latency_nice(parent, gse, 0);
	KUNIT_EXPECT_EQ(test, gse->slice, b / 10);
	KUNIT_EXPECT_FALSE(test, lnk_in_latency_tree(gse));

	group_se_set_latency_nice(parent, gse, 19);
	KUNIT_EXPECT_EQ(test, gse->slice, latency_nice_slice(19));
	KUNIT_EXPECT_FALSE(test, lnk_in_latency_tree(gse));
}

/*
 * A write reaches the levels above at once: group G's entity (queued in P's
 * queue, one task at base slice B under it) goes to -20, and P's entity, at
 * 0, takes its queue's new shortest slice as enqueue_task_fair() would, with
 * no enqueue or dequeue below it; and back at 0.
 */
static void group_write_reslices_parents(struct kunit *test)
{
	struct cfs_rq *top = lnk_cfs_rq(test), *pq = lnk_cfs_rq(test), *q = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice;
	struct sched_entity *pse = lnk_entity(test, 0, top->zero_vruntime, top->zero_vruntime + b);
	struct sched_entity *gse = lnk_entity(test, 0, pq->zero_vruntime, pq->zero_vruntime + b);

	pse->my_q = pq;
	pse->cfs_rq = top;
	gse->my_q = q;
	gse->cfs_rq = pq;
	gse->parent = pse;
	lnk_queue(q, lnk_entity(test, 0, q->zero_vruntime, q->zero_vruntime + b));
	lnk_queue(pq, gse);
	lnk_queue(top, pse);

	group_se_set_latency_nice(pq, gse, -20);
	KUNIT_EXPECT_EQ(test, gse->slice, latency_nice_slice(-20));
	KUNIT_EXPECT_EQ(test, pse->slice, latency_nice_slice(-20));
	KUNIT_EXPECT_EQ(test, cfs_rq_min_slice(top), latency_nice_slice(-20));

	group_se_set_latency_nice(pq, gse, 0);
	KUNIT_EXPECT_EQ(test, gse->slice, b);
	KUNIT_EXPECT_EQ(test, pse->slice, b);
	KUNIT_EXPECT_EQ(test, cfs_rq_min_slice(top), b);
}
#endif

#if defined(CONFIG_SCHED_CORE) && defined(CONFIG_FAIR_GROUP_SCHED) && \
	!defined(SCHED_LATENCY_NICE_FLAT_GROUPS)
/*
 * Core scheduling compares the candidates of two SMT siblings with
 * cfs_prio_less(): each side's vruntime, normalized by its runqueue's
 * zero_vruntime_fi, moved by its latency offset (as the latency tree orders
 * within a runqueue). A (0) and C (-20), each B/2 past its own runqueue's
 * zero_vruntime, runqueues 4000 B apart as siblings' are: C comes first (A
 * is "less" than C), and not the converse; two tasks at 0 tie.
 */
static void core_prio_orders_by_latency_offset(struct kunit *test)
{
	struct cfs_rq *qa = lnk_cfs_rq(test), *qc = lnk_cfs_rq(test);
	u64 b = sysctl_sched_base_slice;
	struct sched_entity *a, *c;

	qa->zero_vruntime_fi = qa->zero_vruntime;
	qc->zero_vruntime += 4000 * b;
	qc->zero_vruntime_fi = qc->zero_vruntime;
	a = lnk_entity(test, 0, qa->zero_vruntime + b / 2, qa->zero_vruntime + b);
	c = lnk_entity(test, -20, qc->zero_vruntime + b / 2, qc->zero_vruntime + b);
	a->cfs_rq = qa;
	c->cfs_rq = qc;

	KUNIT_EXPECT_TRUE(test, cfs_prio_less(task_of(a), task_of(c), false));
	KUNIT_EXPECT_FALSE(test, cfs_prio_less(task_of(c), task_of(a), false));

	c->latency_nice = 0;
	se_latency_allowed_update(c);
	KUNIT_EXPECT_FALSE(test, cfs_prio_less(task_of(a), task_of(c), false));
	KUNIT_EXPECT_FALSE(test, cfs_prio_less(task_of(c), task_of(a), false));

	/* An idle C (SCHED_IDLE) at -20 has no offset: the tie of two at 0. */
	c->latency_nice = -20;
	se_latency_allowed_update(c);
	task_of(c)->policy = SCHED_IDLE;
	KUNIT_EXPECT_FALSE(test, cfs_prio_less(task_of(a), task_of(c), false));
	KUNIT_EXPECT_FALSE(test, cfs_prio_less(task_of(c), task_of(a), false));
}
#endif

static struct kunit_case lnk_pick_cases[] = {
	KUNIT_CASE(pick_sensitive_eligible_key_first),
	KUNIT_CASE(pick_never_ineligible),
	KUNIT_CASE(pick_deadline_order_when_key_later),
	KUNIT_CASE(pick_default_tasks_unchanged),
	KUNIT_CASE(latency_tree_membership),
	KUNIT_CASE(pick_first_eligible_behind_ineligible_head),
	KUNIT_CASE(latency_tree_skips_idle_task),
#if defined(CONFIG_FAIR_GROUP_SCHED) && !defined(SCHED_LATENCY_NICE_FLAT_GROUPS)
	KUNIT_CASE(latency_tree_skips_idle_group),
	KUNIT_CASE(group_latency_nice_on_delayed_entity),
	KUNIT_CASE(group_write_reslices_parents),
#endif
#if defined(CONFIG_SCHED_CORE) && defined(CONFIG_FAIR_GROUP_SCHED) && \
	!defined(SCHED_LATENCY_NICE_FLAT_GROUPS)
	KUNIT_CASE(core_prio_orders_by_latency_offset),
#endif
	{}
};

static struct kunit_suite lnk_pick_suite = {
	.name = "sched_latency_nice_pick",
	.suite_init = lnk_suite_init,
	.suite_exit = lnk_suite_exit,
	.init = lnk_pick_init,
	.test_cases = lnk_pick_cases,
};

/* The wakeup cases: A is current, B wakes up (with @wake_flags). */
static int lnk_wakeup_flags(struct kunit *test, int curr_ln, u64 curr_slice, int wakee_ln,
			    u64 wakee_ahead, u64 wakee_slice, bool wakee_delayed, int wake_flags)
{
	struct lnk_rq rq = lnk_two(test, true, curr_ln, curr_slice,
				   wakee_ln, wakee_ahead, wakee_slice);

	if (wakee_delayed) {
		/* As set_delayed() leaves it: queued, out of the latency tree. */
		rq.b->sched_delayed = 1;
		__dequeue_latency(rq.cfs_rq, rq.b);
	}
	return latency_wakeup(rq.cfs_rq, rq.a, rq.b, wake_flags);
}

static int lnk_wakeup_of(struct kunit *test, int curr_ln, u64 curr_slice,
			 int wakee_ln, u64 wakee_ahead, u64 wakee_slice, bool wakee_delayed)
{
	return lnk_wakeup_flags(test, curr_ln, curr_slice, wakee_ln, wakee_ahead, wakee_slice,
				wakee_delayed, 0);
}

/* Eligible, -20 next to 0, key (3B/4 - B) before current's (B/2): preempt. */
static void wakeup_sensitive_eligible_preempts(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;

	KUNIT_EXPECT_EQ(test, lnk_wakeup_of(test, 0, b / 2, -20, 0, 3 * b / 4, false),
			LATENCY_NICE_WAKEUP_PREEMPT);
}

/*
 * A -20 wakee 2B ahead in service (lag < 0) whose key (2B + 3B/4 - B) is
 * before current's (4B): not eligible, so EEVDF decides, as without
 * latency_nice.
 */
static void wakeup_ineligible_does_not_preempt(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;

	KUNIT_EXPECT_EQ(test, lnk_wakeup_of(test, 0, 4 * b, -20, 2 * b, 3 * b / 4, false),
			LATENCY_NICE_WAKEUP_DEFAULT);
}

/*
 * The eligible -20 wakee of wakeup_sensitive_eligible_preempts(), new
 * (WF_FORK): no preemption, as EEVDF's own wakeup preemption stands aside
 * for a new task.
 */
static void wakeup_fork_does_not_preempt(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;

	KUNIT_EXPECT_EQ(test, lnk_wakeup_flags(test, 0, b / 2, -20, 0, 3 * b / 4, false, WF_FORK),
			LATENCY_NICE_WAKEUP_DEFAULT);
}

/*
 * A current that has run past its share keeps nothing: at -20 (beyond any
 * credit) or at 19, 4B ahead of a waking default task that is owed service
 * (V is 2B), it is not eligible, and EEVDF decides though the wakee's key
 * (8B) is not before current's.
 */
static void wakeup_ineligible_curr_keeps_nothing(struct kunit *test)
{
	static const int curr_ln[] = { -20, 19 };
	u64 b = sysctl_sched_base_slice;
	int i;

	for (i = 0; i < ARRAY_SIZE(curr_ln); i++) {
		struct cfs_rq *cfs_rq = lnk_cfs_rq(test);
		u64 v = cfs_rq->zero_vruntime;
		struct sched_entity *curr = lnk_entity(test, curr_ln[i], v + 4 * b,
						       v + 4 * b + b / 2);
		struct sched_entity *pse = lnk_entity(test, 0, v, v + 8 * b);

		lnk_run(cfs_rq, curr);
		lnk_queue(cfs_rq, pse);
		KUNIT_EXPECT_FALSE(test, entity_eligible(cfs_rq, curr));
		KUNIT_EXPECT_EQ_MSG(test, latency_wakeup(cfs_rq, curr, pse, 0),
				    LATENCY_NICE_WAKEUP_DEFAULT, "current at %d", curr_ln[i]);
	}
}

/* A delayed entity is on its way out: never preempted for. */
static void wakeup_delayed_does_not_preempt(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;

	KUNIT_EXPECT_EQ(test, lnk_wakeup_of(test, 0, b / 2, -20, 0, 3 * b / 4, true),
			LATENCY_NICE_WAKEUP_DEFAULT);
}

/* Not more sensitive than current (both -20): EEVDF decides. */
static void wakeup_equal_sensitivity_default(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;

	KUNIT_EXPECT_EQ(test, lnk_wakeup_of(test, -20, b / 2, -20, 0, b / 4, false),
			LATENCY_NICE_WAKEUP_DEFAULT);
}

/*
 * Tolerant current (19, key B/2 + 19B/20), default wakee whose key (2B) is
 * not first: current keeps the CPU.
 */
static void wakeup_tolerant_curr_keeps_cpu(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;

	KUNIT_EXPECT_EQ(test, lnk_wakeup_of(test, 19, b / 2, 0, 0, 2 * b, false),
			LATENCY_NICE_WAKEUP_KEEP);
}

/* Both at 0: latency_nice has no say. */
static void wakeup_default_pair_default(struct kunit *test)
{
	u64 b = sysctl_sched_base_slice;

	KUNIT_EXPECT_EQ(test, lnk_wakeup_of(test, 0, b / 2, 0, 0, b / 4, false),
			LATENCY_NICE_WAKEUP_DEFAULT);
}

static struct kunit_case lnk_wakeup_cases[] = {
	KUNIT_CASE(wakeup_sensitive_eligible_preempts),
	KUNIT_CASE(wakeup_ineligible_does_not_preempt),
	KUNIT_CASE(wakeup_delayed_does_not_preempt),
	KUNIT_CASE(wakeup_fork_does_not_preempt),
	KUNIT_CASE(wakeup_ineligible_curr_keeps_nothing),
	KUNIT_CASE(wakeup_equal_sensitivity_default),
	KUNIT_CASE(wakeup_tolerant_curr_keeps_cpu),
	KUNIT_CASE(wakeup_default_pair_default),
	{}
};

static struct kunit_suite lnk_wakeup_suite = {
	.name = "sched_latency_nice_wakeup",
	.suite_init = lnk_suite_init,
	.suite_exit = lnk_suite_exit,
	.init = lnk_wakeup_init,
	.test_cases = lnk_wakeup_cases,
};

kunit_test_suites(&lnk_pick_suite, &lnk_wakeup_suite);
