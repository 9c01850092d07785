// SPDX-License-Identifier: GPL-2.0

//! An EEVDF model of one CPU, driven by the policy files, that checks the bounds the latency
//! credit claims (`kernel/sched/policy/latency_credit.rs`):
//!
//! ```text
//!   lag_i >= -(L_i + r_i + q)            lag_j <= max(r_max, q) + sum L
//!   |S_i(t) - E_i(t)| / t -> 0           (E_i = integral of w_i / W dt while queued)
//! ```
//!
//! The model follows 7.2's fair class where it matters for lag: V is the weighted average
//! vruntime of the queued entities (current and delayed ones included), deadlines are
//! `v + r * 1024 / w`, a request end is noticed at the next tick or event, RUN_TO_PARITY protects
//! current until its deadline or `min_slice` of service (a tick after either picks again) while
//! it is eligible (a wakeup then takes it only as the first eligible deadline; with the yield,
//! `latency_yield.rs`, a wakee at a positive value above current's leaves a protected current
//! alone, eligible or not, and where EEVDF's choice is at n > 0 the earliest deadline within the
//! lead `D_n` of eligibility runs instead if it is at a lower value), PREEMPT_SHORT lets an eligible wakee with a shorter slice through, a sleeper that owes service (mainline's test, without the credit)
//! stays queued (DELAY_DEQUEUE) with no credit and leaves when picked with its lag clamped to
//! <= 0 (DELAY_ZERO), a woken entity is placed with its saved lag (PLACE_LAG), and lags are
//! clamped at dequeue (widened by the credit as in `entity_lag()`). Slices and credits come from
//! the policy functions; eligibility is the credited test. The pick orders eligible entities by
//! deadline, or with `latency_pick` also by the series' latency key (LATENCY_OFFSET's pick: the first
//! eligible latency-sensitive entity by key, current included, over EEVDF's choice when its key
//! is earlier; LATENCY_OFFSET's wakeup decision from `latency_offset.rs`). With the credit,
//! LATENCY_RUN: a latency-sensitive entity once picked is protected for the base slice, not its
//! own request, against wakees at latency_nice >= 0; its floor counts `max(r_i, base_slice)`.
//!
//! Besides sleeps and wakeups, entities leave and rejoin the queue the other ways the kernel
//! meets: a fork chain's generations exit with their lag and its children join with none
//! (`Kind::ForkChain`), an entity migrates (`Kind::Migrating`), is reweighted
//! (`Kind::Reweighting`) or moves between cgroups (`Kind::CgroupMoving`, Linux 7.3's group rule,
//! `latency_group_nice.rs`, on one flat queue), each with its lag clamped as `entity_lag()`
//! clamps it. What an entity is allowed follows the privilege rule (`latency_permission.rs`; a
//! test may take its `RLIMIT_NICE` away).
//!
//! The model computes as the kernel does, in integers: vruntimes, deadlines, slice protections,
//! credits and lags are ns of virtual time (`i64`, where the kernel keeps `u64` and compares
//! signed differences; no run comes near wrapping), weights are load weights (nice 0 is 1024),
//! service in real time becomes virtual time as `calc_delta_fair()` converts it
//! (`ns * 1024 / w`, rounded down), and V and eligibility are mainline's `avg_vruntime()` and
//! `vruntime_eligible()` on sums relative to `zero_vruntime` ([`Sums`], [`vruntime_eligible`]):
//! no division and no tolerance decides eligibility. Floats appear only in the statistics a
//! test prints or asserts after a run.
//!
//! Variants the checks must catch: `Forgive` drops a sleeper's debt (as a sleeper bonus or
//! PLACE_FUDGE would), `Unbounded` lets a latency-sensitive entity run whatever its lag,
//! `CarryDebt` lets a sleeper leave owing with its credit (its credit never refills).

use proptest::prelude::*;
use sched_policy::c_ref;
use sched_policy::latency::{latency_slice, LatencyNice, NICE_0_WEIGHT};
use sched_policy::latency_credit::latency_credit;
use sched_policy::latency_debt::{
    credit_nice, debt_room, lag_clamp, run_on_kept, run_slice, runs_on,
};
use sched_policy::latency_group_nice::{effective, Setting};
use sched_policy::latency_offset::{wakeup_action, VirtualOffset, WakeupAction};
use sched_policy::latency_permission::{allowed, credit_withheld};
use sched_policy::latency_pick::{
    in_latency_tree, key_before, latency_key, latency_pick, LatencyPick,
};
use sched_policy::latency_yield::{
    capped_lag, keeps_current, leads, protected_slice, yield_lead, yields_to,
};
use sched_policy::model::{lag_ceiling, lag_floor, latency_vcredit, latency_voffset};

const MS: u64 = 1_000_000;
const US: u64 = 1_000;

/// [`NICE_0_WEIGHT`], signed as the virtual times it scales.
const NICE_0_WEIGHT_S: i64 = NICE_0_WEIGHT as i64;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Variant {
    /// The series: credited eligibility, clamp widened.
    Credit,
    /// Mainline's rule: no credit.
    NoCredit,
    /// Credit, and a sleeper's debt is forgiven at wakeup (broken on purpose).
    Forgive,
    /// A latency-sensitive entity is always eligible: a credit with no bound (broken on purpose).
    Unbounded,
    /// Credit, but a sleeper decides delayed dequeue on its credited lag and keeps its credit
    /// while delayed (the series before the refill; broken on purpose): it leaves owing and
    /// comes back owing, so its credit never refills.
    CarryDebt,
    /// Credit, but the lag clamp widened below by the credit the entity holds when it is
    /// clamped (none while delayed: a requeue forgave what it ran on credit and run-on) and
    /// above by every credit queued (the series before the fix; broken on purpose).
    LiveCreditClamp,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    /// Always runnable.
    Hog,
    /// Wakes every `period` ns (absolute, like cyclictest) and runs `work` ns.
    Periodic { period: u64, work: u64 },
    /// Runs until `margin` ns before its request ends, sleeps `sleep` ns, again.
    SleepBeforeDeadline { margin: u64, sleep: u64 },
    /// A fork chain: runs `work` ns, forks a child that does the same and exits. The child
    /// joins with no lag (`place_entity()` of a new task); the parent leaves with whatever it
    /// owed (a dead task that was delayed is dequeued for good, `task_dead_fair()`). One entity
    /// of the model is the chain: its service and what it was owed add up over generations.
    ForkChain { work: u64 },
    /// Always runnable, and every `every` ns of service it migrates: it leaves this CPU with its
    /// lag clamped (`update_entity_lag()` at `DEQUEUE_MIGRATING`) and comes back with it at
    /// once, as a task bounced between two CPUs by affinity changes does.
    Migrating { every: u64 },
    /// Always runnable, and every `every` ns of service its weight flips between its nice and
    /// `other_nice` (`reweight_entity()`: the lag clamped, kept in real time across the new
    /// weight, the entity placed again).
    Reweighting { every: u64, other_nice: i32 },
    /// Always runnable, and every `every` ns of service it moves between a group at
    /// `cpu.latency.nice` 0 and one whose value (its `tg_latency_nice_eff()`, on Linux 7.3's
    /// flat queue) is `other_group`: `sched_move_task()` dequeues it (lag clamped), its
    /// effective value, request and credit follow the new group, and it is enqueued again.
    CgroupMoving { every: u64, other_group: i32 },
}

#[derive(Clone, Debug)]
struct Ent {
    kind: Kind,
    latency_nice: i32,
    /// The value of the group it is in (`se->group_latency_nice`), 0 unless it moves groups.
    group: LatencyNice,
    /// The steps of its latency_nice its privilege does not allow (`se->latency_credit_withheld`,
    /// [`credit_withheld`]): 0 unless a test takes its `RLIMIT_NICE` and `CAP_SYS_NICE` away.
    withheld: u8,
    /// The latency offset in virtual time (`latency_voffset()`), for the latency key.
    voffset: VirtualOffset,
    /// Its load weight (`scale_load_down(se->load.weight)`, nice 0 is 1024).
    nice_weight: u64,
    slice: u64,
    credit: u64,
    /// Its credit in its virtual time (`se->latency_vcredit`, [`latency_vcredit`]).
    vcredit: i64,
    /// `se->vruntime`, `se->deadline`, `se->vprot` and `se->vlag`: ns of virtual time.
    v: i64,
    deadline: i64,
    vprot: i64,
    queued: bool,
    delayed: bool,
    vlag: i64,
    /// The debt (ns) below mainline's clamp it may have taken since its last pick (its credit,
    /// and the base slice under run-on): `se->latency_debt_room`.
    room: u64,
    /// The lag (ns) it was placed with at its last join.
    join_lag: i64,
    /// Lowest and highest lag (ns) seen while queued.
    lag_lo: i64,
    lag_hi: i64,
    work_left: u64,
    next_wake: u64,
    service: u64,
    /// What it was owed while queued, `E_i = integral of w_i / W dt`: a statistic the
    /// scheduling never reads, in ns with [`EXPECTED_SHIFT`] fractional bits, so that each
    /// step's `dt * w_i / W` adds up with no rounding worth counting.
    expected: u128,
    wakes: u64,
    /// When its current cycle began (its wakeup), while it has work left.
    woke_at: Option<u64>,
    /// Longest and summed time from a wakeup to the end of that cycle's work, and cycles.
    resp_max: u64,
    resp_sum: u64,
    cycles: u64,
    /// Fork chains: the generations that exited, and the debt (ns, -lag) they left with.
    exits: u64,
    exit_debt: i64,
}

/// The fractional bits of [`Ent::expected`].
const EXPECTED_SHIFT: u32 = 32;

impl Ent {
    /// Its load weight, signed as the sums that weigh vruntimes with it.
    fn w(&self) -> i64 {
        i64::try_from(self.nice_weight).expect("a load weight fits i64")
    }

    /// `calc_delta_fair()`: `ns` of service in its virtual time, `ns * 1024 / w`, rounded down
    /// (the kernel's fixed-point inverse weight rounds down too, and is exact at nice 0).
    fn vdelta(&self, ns: u64) -> i64 {
        i64::try_from(ns * NICE_0_WEIGHT / self.nice_weight).expect("a virtual time fits i64")
    }

    /// Its lag in ns, `lag_i = w_i * (V - v_i)`, for a virtual lag `vlag = V - v_i`, rounded
    /// toward 0.
    fn lag_of(&self, vlag: i64) -> i64 {
        self.w() * vlag / NICE_0_WEIGHT_S
    }

    /// [`Ent::expected`] in ns, for the statistics.
    fn expected_ns(&self) -> f64 {
        self.expected as f64 / (1u64 << EXPECTED_SHIFT) as f64
    }
}

struct Model {
    variant: Variant,
    /// Each entity's weight at the start (a reweight flips away from it and back).
    start_weights: Vec<u64>,
    base: u64,
    tick: u64,
    t: u64,
    ents: Vec<Ent>,
    curr: Option<usize>,
    /// `cfs_rq->zero_vruntime`: the reference the sums' keys are taken from, moved to V at each
    /// `avg_vruntime()` as mainline moves it ([`Model::avg_vruntime`]).
    zero_vruntime: i64,
    lag_min_margin: i64,
    lag_max_margin: i64,
    /// Debt (ns) the clamp cut at dequeue, in all.
    forgiven: i64,
    /// The series' latency pick and wakeup decision (LATENCY_OFFSET): an
    /// eligible latency-sensitive entity whose latency key (deadline + offset) comes first is
    /// picked over EEVDF's choice. Off: EEVDF's order, deadline only.
    latency_pick: bool,
    /// LATENCY_RUN: a picked latency-sensitive entity is protected for the base slice, not its
    /// own request; a request end within that protection gives it a new deadline and no pick,
    /// a wakee at latency_nice >= 0 does not preempt it, eligible or not, and a latency-sensitive
    /// wakee ends the protection (EEVDF's rule decides). On with the credit by default.
    latency_run: bool,
    /// Broken on purpose: run-on protection holds against latency-sensitive wakees too.
    run_on_blocks_all: bool,
    /// The yield (`latency_yield.rs`, with the latency pick): a wakee at a positive value does
    /// not take the CPU from a protected current at a lower one, eligible or not. Off: the
    /// series before it.
    yield_pick: bool,
}

/// A runqueue's sums as mainline keeps them (`cfs_rq->zero_vruntime`, `sum_w_vruntime`,
/// `sum_weight`), current added as `avg_vruntime()` and `vruntime_eligible()` add it:
///
/// ```text
///   sum_w_key = sum_k w_k * (v_k - zero)      load = sum_k w_k      (k queued)
/// ```
///
/// Mainline weighs by `se->load.weight`, on 64-bit 1024 times the model's weights: a factor
/// common to every weight changes neither eligibility, nor V's floor, nor a placement. A
/// snapshot: taken again after anything queued or any vruntime changes.
#[derive(Clone, Copy, Debug)]
struct Sums {
    zero: i64,
    sum_w_key: i64,
    load: i64,
}

/// Mainline's `vruntime_eligible()` restated: whether `vruntime` is at or before V, exactly,
/// with neither a division nor a tolerance. From `lag_i = w_i * (V - v_i) >= 0` and
/// `V = sum_w_key / load + zero`:
///
/// ```text
///   V >= v  <=>  sum_w_key >= (v - zero) * load
/// ```
///
/// (`avg_vruntime() > se->vruntime` would lose the division's remainder). The product is taken
/// in 128 bits, as 64-bit kernels with `__int128` take it. Nothing queued: every vruntime is
/// eligible (`0 >= 0`). Both eligibilities of the model call it: the credited one on
/// `v_i - vcredit_i` ([`Model::eligible`]), mainline's on `v_i` ([`Model::owes`]).
fn vruntime_eligible(q: &Sums, vruntime: i64) -> bool {
    let key = vruntime - q.zero;
    i128::from(q.sum_w_key) >= i128::from(key) * i128::from(q.load)
}

/// One task: nice (weight), latency_nice, behaviour.
#[derive(Clone, Copy, Debug)]
struct Spec {
    nice: i32,
    latency_nice: i32,
    kind: Kind,
}

fn weight(nice: i32) -> u64 {
    c_ref::sched_prio_to_weight()[usize::try_from(nice + 20).unwrap()] as u64
}

impl Model {
    fn new(variant: Variant, base: u64, tick: u64, specs: &[Spec]) -> Self {
        let table = c_ref::sched_prio_to_weight();
        let ents: Vec<Ent> = specs
            .iter()
            .map(|s| {
                let w = weight(s.nice);
                Ent {
                    kind: s.kind,
                    latency_nice: s.latency_nice,
                    group: LatencyNice::DEFAULT,
                    withheld: 0,
                    voffset: VirtualOffset(0),
                    nice_weight: w,
                    slice: latency_slice(base, s.latency_nice, &table),
                    credit: 0,
                    vcredit: 0,
                    v: 0,
                    deadline: 0,
                    vprot: 0,
                    queued: false,
                    delayed: false,
                    vlag: 0,
                    room: 0,
                    join_lag: 0,
                    lag_lo: 0,
                    lag_hi: 0,
                    work_left: 0,
                    next_wake: 0,
                    service: 0,
                    expected: 0,
                    wakes: 0,
                    woke_at: None,
                    resp_max: 0,
                    resp_sum: 0,
                    cycles: 0,
                    exits: 0,
                    exit_debt: 0,
                }
            })
            .collect();
        let start_weights = ents.iter().map(|e| e.nice_weight).collect();
        let mut m = Model {
            start_weights,
            variant,
            base,
            tick,
            t: 0,
            ents,
            curr: None,
            zero_vruntime: 0,
            lag_min_margin: i64::MAX,
            lag_max_margin: i64::MAX,
            forgiven: 0,
            latency_pick: false,
            latency_run: variant != Variant::NoCredit,
            run_on_blocks_all: false,
            yield_pick: true,
        };
        for i in 0..m.ents.len() {
            m.derive(i);
        }
        m
    }

    /// What entity `i`'s allowed latency_nice gives it, as `update_latency_credit()` and the
    /// key's offset derive it: its credit (none in mainline's variant), in its virtual time,
    /// and its latency offset. Its request size is its own value's, privilege or not.
    fn derive(&mut self, i: usize) {
        let credit = match self.variant {
            Variant::NoCredit => 0,
            _ => latency_credit(self.base, credit_nice(self.allowed(i), false, false)),
        };
        let voffset = latency_voffset(self.base, self.allowed(i), self.ents[i].nice_weight);
        let e = &mut self.ents[i];
        e.credit = credit;
        e.vcredit = i64::try_from(latency_vcredit(credit, e.nice_weight))
            .expect("a credit of at most 1 s fits i64 in any virtual time");
        e.voffset = VirtualOffset(voffset);
    }

    /// Entity `i` set its latency_nice with an `RLIMIT_NICE` of `rlimit_nice` and without
    /// `CAP_SYS_NICE` (`sched_setattr()`'s rule, [`credit_withheld`]).
    fn set_rlimit_nice(&mut self, i: usize, rlimit_nice: u64) {
        let e = &mut self.ents[i];
        e.withheld = credit_withheld(LatencyNice::new(e.latency_nice), rlimit_nice);
        self.derive(i);
    }

    /// The queued entities' summed weight, current included (`sum_weight` plus current's).
    fn total_weight(&self) -> i64 {
        self.ents.iter().filter(|e| e.queued).map(Ent::w).sum()
    }

    /// The runqueue's sums as `avg_vruntime()` and `vruntime_eligible()` read them: keys
    /// relative to `zero_vruntime`, over the queued entities, delayed ones and current
    /// included (mainline adds current, which is out of the tree, to the tree's sums).
    fn sums(&self) -> Sums {
        let zero = self.zero_vruntime;
        let (mut sum_w_key, mut load) = (0i64, 0i64);
        for e in self.ents.iter().filter(|e| e.queued) {
            // The kernel WARNs where `key * w` leaves s64 (PARANOID_AVG rescales instead);
            // the model stops.
            sum_w_key = (e.v - zero)
                .checked_mul(e.w())
                .and_then(|w_key| sum_w_key.checked_add(w_key))
                .expect("sum_w_vruntime overflows s64");
            load += e.w();
        }
        Sums {
            zero,
            sum_w_key,
            load,
        }
    }

    /// `avg_vruntime()`: V, the weighted average vruntime of the queued entities, rounded
    /// toward -inf as mainline rounds it,
    ///
    /// ```text
    ///   V = zero + floor(sum_w_key / load)        (zero if nothing is queued)
    /// ```
    ///
    /// so that an entity placed at V (lag 0) is eligible. As mainline does
    /// (`update_zero_vruntime()`), it moves `zero_vruntime` to V, which keeps the keys in the
    /// order of the lags; eligibility and V do not depend on where the keys are taken from.
    fn avg_vruntime(&mut self) -> i64 {
        let q = self.sums();
        let delta = if q.load > 0 {
            // "sign flips effective floor / ceiling": truncation toward 0 of a sum made
            // lower by `load - 1` where it is negative, that is floor division.
            let runtime = if q.sum_w_key < 0 {
                q.sum_w_key - (q.load - 1)
            } else {
                q.sum_w_key
            };
            runtime / q.load
        } else {
            0
        };
        self.zero_vruntime += delta;
        self.zero_vruntime
    }

    /// The lag (ns) of entity `i` for V `avg`: `lag_i = w_i * (V - v_i)`.
    fn lag(&self, i: usize, avg: i64) -> i64 {
        self.ents[i].lag_of(avg - self.ents[i].v)
    }

    /// The vruntime entity `i`'s eligibility is decided on (`credited_vruntime()`):
    /// `v_i - vcredit_i`. A delayed entity has no credit (`credit_nice()`), except in the
    /// broken variant that carries its debt.
    fn credited_vruntime(&self, i: usize) -> i64 {
        let e = &self.ents[i];
        if e.delayed && self.variant != Variant::CarryDebt {
            e.v
        } else {
            e.v - e.vcredit
        }
    }

    /// `entity_eligible()` with the credit, on the sums `q`: `lag_i >= -L_i`, that is
    /// `v_i - vcredit_i <= V`.
    fn eligible(&self, i: usize, q: &Sums) -> bool {
        self.eligible_within(i, q, 0)
    }

    /// Whether entity `i` is eligible or within `lead` (ns of a nice-0 entity's virtual time)
    /// of it, as `pick_yield_lead()` asks: `v_i - vcredit_i - lead <= V`.
    fn eligible_within(&self, i: usize, q: &Sums, lead: i64) -> bool {
        if self.variant == Variant::Unbounded && self.ents[i].credit > 0 {
            return true;
        }
        vruntime_eligible(q, self.credited_vruntime(i) - lead)
    }

    /// The latency key: the virtual deadline moved by the latency offset, the kernel's
    /// ([`latency_key`]) on the deadline as the `u64` the kernel keeps (the same bits as the
    /// model's `i64`; keys compare by the sign of their wrapping difference).
    fn key(&self, i: usize) -> u64 {
        let e = &self.ents[i];
        latency_key(e.deadline as u64, e.voffset)
    }

    /// Mainline's eligibility, without the credit, negated: what `dequeue_entity()` delays on
    /// (`!vruntime_eligible(cfs_rq, se->vruntime)`).
    fn owes(&self, i: usize, q: &Sums) -> bool {
        !vruntime_eligible(q, self.ents[i].v)
    }

    fn max_slice(&self) -> u64 {
        self.ents
            .iter()
            .filter(|e| e.queued)
            .map(|e| e.slice)
            .max()
            .unwrap_or(0)
    }

    fn min_slice(&self) -> u64 {
        self.ents
            .iter()
            .filter(|e| e.queued)
            .map(|e| e.slice)
            .min()
            .unwrap_or(0)
    }

    /// The latency_nice entity `i` is scheduled with (`se_latency_nice_eff()`): its own,
    /// restricted by its group's ([`effective`]; a group at 0 has none set, as
    /// `se->group_latency_nice` keeps it).
    fn effective(&self, i: usize) -> LatencyNice {
        let e = &self.ents[i];
        effective(
            Setting::from_raw(e.group.get()),
            LatencyNice::new(e.latency_nice),
        )
    }

    /// The latency_nice entity `i` is allowed (`se_latency_nice_allowed()`, [`allowed`]): its
    /// effective value, as far as its own value's privilege goes.
    fn allowed(&self, i: usize) -> LatencyNice {
        let own = LatencyNice::new(self.ents[i].latency_nice);
        allowed(self.effective(i), own, self.ents[i].withheld)
    }

    /// The latency_nice entity `i`'s credit and run-on follow (`se->credit_nice`); the model has
    /// no idle entity.
    fn credit_nice(&self, i: usize) -> LatencyNice {
        credit_nice(self.allowed(i), self.ents[i].delayed, false)
    }

    /// Whether entity `i` runs on past its request end while protected (LATENCY_RUN).
    fn runs_on(&self, i: usize) -> bool {
        runs_on(self.credit_nice(i), self.latency_run)
    }

    /// The service a run-on entity is protected for (RUN_TO_PARITY is on in the model).
    fn run_slice(&self) -> u64 {
        run_slice(true, self.base, self.base)
    }

    /// The request length entity `i`'s lag floor counts: its own, or under LATENCY_RUN the base
    /// slice it may run on for, whichever is longer. It is the entity's bound, not its state's:
    /// a delayed entity runs on no more ([`credit_nice`]), but what it took before still counts.
    fn floor_slice(&self, i: usize) -> u64 {
        let e = &self.ents[i];
        if runs_on(credit_nice(self.allowed(i), false, false), self.latency_run) {
            e.slice.max(self.run_slice())
        } else {
            e.slice
        }
    }

    fn credit_sum(&self) -> u64 {
        self.ents
            .iter()
            .filter(|e| e.queued)
            .map(|e| e.credit)
            .sum()
    }

    /// Whether the yield (LATENCY_OFFSET's, with the latency pick) is modelled.
    fn yields(&self) -> bool {
        self.latency_pick && self.yield_pick
    }

    /// The largest lead ([`yield_lead`]) entity `i` may run on: that of the highest value
    /// queued beside it that yields to it, in ns of a nice-0 entity's virtual time; 0 without
    /// the yield.
    fn lead_of(&self, i: usize) -> u64 {
        if !self.yields() {
            return 0;
        }
        (0..self.ents.len())
            .filter(|&j| {
                j != i && self.ents[j].queued && yields_to(self.allowed(j), self.allowed(i))
            })
            .map(|j| yield_lead(self.base, self.allowed(j)))
            .max()
            .unwrap_or(0)
    }

    /// The lead of entity `i` ([`Model::lead_of`]) in its lag's units (ns): `w_i * lead / 1024`.
    fn lead_lag(&self, i: usize) -> i64 {
        let lead = i64::try_from(self.lead_of(i)).expect("at most 1 s");
        self.ents[i].lag_of(lead)
    }

    /// `pick_yield_lead()` and the lead's rule after EEVDF's choice `b`: the earliest deadline
    /// among the queued entities within the lead of `b`'s value of eligibility, if it is at a
    /// lower value and not delayed ([`leads`]); else `b`.
    fn lead_pick(&self, b: usize, q: &Sums) -> usize {
        let lead = i64::try_from(yield_lead(self.base, self.allowed(b))).expect("at most 1 s");
        let found = (0..self.ents.len())
            .filter(|&i| self.ents[i].queued && self.eligible_within(i, q, lead))
            .min_by_key(|&i| self.ents[i].deadline);
        match found {
            Some(j) if j != b && leads(self.allowed(b), self.allowed(j), self.ents[j].delayed) => j,
            _ => b,
        }
    }

    /// `entity_lag()`: the saved virtual lag of a leaving entity, clamped: below by mainline's
    /// limit and the debt it may have taken on credit since its last pick, above by mainline's.
    /// The clamp is the kernel's ([`lag_clamp`]) on the virtual times the glue passes it
    /// (`calc_delta_fair()` of `r_max + q` and of the room).
    fn clamp_vlag(&self, i: usize, vlag: i64) -> i64 {
        let e = &self.ents[i];
        let limit = e.vdelta(self.max_slice() + self.tick);
        match self.variant {
            Variant::NoCredit => lag_clamp(vlag, limit, 0),
            Variant::LiveCreditClamp => {
                let nr_credit = self
                    .ents
                    .iter()
                    .filter(|e| e.queued && e.credit > 0)
                    .count() as u64;
                let vcredit = if e.delayed { 0 } else { e.vcredit };
                vlag.clamp(-(limit + vcredit), limit + e.vdelta(nr_credit * self.base))
            }
            _ => {
                let vlag = lag_clamp(vlag, limit, e.vdelta(e.room));
                // The yield's ceiling (`latency_yield.rs`): at a positive value no more
                // positive lag than `(base_slice + q) / w`.
                if !self.yields() {
                    return vlag;
                }
                capped_lag(self.allowed(i), vlag, e.vdelta(self.base + self.tick))
            }
        }
    }

    /// `update_entity_lag()`: the clamped lag; for a delayed entity never below the lag saved
    /// when it was delayed, and with DELAY_ZERO never above 0.
    fn update_vlag(&mut self, i: usize) -> i64 {
        let avg = self.avg_vruntime();
        let e = &self.ents[i];
        let vlag = self.clamp_vlag(i, avg - e.v);
        if e.delayed {
            vlag.max(e.vlag).min(0)
        } else {
            vlag
        }
    }

    fn leave(&mut self, i: usize, delay_zero: bool) {
        let avg = self.avg_vruntime();
        let raw = avg - self.ents[i].v;
        let mut vlag = self.update_vlag(i);
        self.forgiven += self.ents[i].lag_of((vlag - raw).max(0));
        if delay_zero {
            vlag = vlag.min(0);
        }
        let e = &mut self.ents[i];
        e.vlag = vlag;
        e.queued = false;
        e.delayed = false;
        if self.curr == Some(i) {
            self.curr = None;
        }
    }

    /// `place_entity()` with PLACE_LAG of entity `i`, out of the sums, with its saved virtual
    /// lag `vl`: V moves by `w_i * vl / (W + w_i)` when it joins, so it is placed with the lag
    /// inflated to keep `vl` after that, `v_i = V - (W + w_i) * vl / W` (rounded toward 0, as
    /// `div64_long()`; no inflation on an empty queue).
    fn place(&mut self, i: usize) {
        let vruntime = self.avg_vruntime();
        let load = self.total_weight();
        let e = &mut self.ents[i];
        let lag = if load > 0 && e.vlag != 0 {
            e.vlag * (load + e.w()) / load
        } else {
            0
        };
        e.v = vruntime - lag;
    }

    /// `place_entity()` with PLACE_LAG, then the deadline of a new request.
    fn join(&mut self, i: usize) {
        if self.variant == Variant::Forgive {
            self.ents[i].vlag = self.ents[i].vlag.max(0);
        }
        self.place(i);
        let e = &mut self.ents[i];
        e.join_lag = e.lag_of(e.vlag);
        e.deadline = e.v + e.vdelta(e.slice);
        e.queued = true;
        e.wakes += 1;
    }

    /// EEVDF: the eligible entity (within credit) with the earliest deadline; delayed entities
    /// picked are dequeued (DELAY_ZERO) and the pick is made again.
    fn pick(&mut self) {
        loop {
            let q = self.sums();
            let mut best = (0..self.ents.len())
                .filter(|&i| self.ents[i].queued && self.eligible(i, &q))
                .min_by_key(|&i| self.ents[i].deadline);
            if let (true, Some(b)) = (self.latency_pick, best) {
                // pick_latency(): the latency tree's first eligible entity (current is not in
                // the tree), and current where it would be a member, is eligible and is not the
                // EEVDF choice; the kernel's rule ([`latency_pick`]) decides between them.
                let member = |i: usize| {
                    let e = &self.ents[i];
                    e.queued && in_latency_tree(self.allowed(i), e.delayed, false)
                };
                let first = (0..self.ents.len())
                    .filter(|&i| Some(i) != self.curr && member(i) && self.eligible(i, &q))
                    .min_by(|&a, &b| {
                        let (ka, kb) = (self.key(a), self.key(b));
                        key_before(kb, ka).cmp(&key_before(ka, kb))
                    });
                let curr = self
                    .curr
                    .filter(|&c| c != b && member(c) && self.eligible(c, &q));
                match latency_pick(
                    self.key(b),
                    first.map(|f| self.key(f)),
                    curr.map(|c| self.key(c)),
                ) {
                    LatencyPick::Best => {}
                    LatencyPick::First => best = first,
                    LatencyPick::Curr => best = curr,
                }
            }
            if let (true, Some(b)) = (self.yields(), best) {
                best = Some(self.lead_pick(b, &q));
            }
            match best {
                Some(i) if self.ents[i].delayed => self.leave(i, true),
                Some(i) => {
                    if self.curr != Some(i) {
                        // set_next_entity(): picked within its credit, it may owe its credit
                        // (and its run-on) again from here on.
                        let run_on = if self.runs_on(i) { self.run_slice() } else { 0 };
                        let e = &self.ents[i];
                        self.ents[i].room = debt_room(e.room, e.credit, run_on, true);
                        let vprot = if self.runs_on(i) {
                            let e = &self.ents[i];
                            e.v + e.vdelta(self.run_slice())
                        } else {
                            // RUN_TO_PARITY's shortest request, a positive value's at most the
                            // base slice ([`protected_slice`]).
                            let e = &self.ents[i];
                            let slice =
                                protected_slice(self.allowed(i), self.min_slice(), self.base);
                            e.deadline.min(e.v + e.vdelta(slice))
                        };
                        self.ents[i].vprot = vprot;
                    }
                    self.curr = Some(i);
                    return;
                }
                None => {
                    assert!(
                        self.ents.iter().all(|e| !e.queued || e.delayed),
                        "no eligible entity among runnable ones at {}",
                        self.t
                    );
                    // Only delayed entities left: the lowest vruntime is eligible; dequeue all.
                    for i in 0..self.ents.len() {
                        if self.ents[i].queued {
                            self.leave(i, true);
                        }
                    }
                    self.curr = None;
                    return;
                }
            }
        }
    }

    /// The bounds of `latency_credit.rs` for each queued entity, counted from the lag it was
    /// placed with (PLACE_LAG keeps lag across sleep, up to the clamp), plus the motion of V
    /// that joins and leaves with non-zero lag cause (`V +-= lag_k / W`, see avg_vruntime() in
    /// fair.c): a queued entity that joined with positive lag, or a sleeper that left owing,
    /// lowers the others' lags by at most that lag; the converse raises them.
    fn check_lags(&mut self) {
        let avg = self.avg_vruntime();
        let ceiling = lag_ceiling(self.max_slice(), self.tick, self.credit_sum());
        for i in 0..self.ents.len() {
            if !self.ents[i].queued {
                continue;
            }
            let (mut down, mut up) = (0i64, 0i64);
            for (k, o) in self.ents.iter().enumerate() {
                let l = if o.queued {
                    o.join_lag
                } else {
                    -o.lag_of(o.vlag)
                };
                if k != i {
                    down += l.max(0);
                    up += (-l).max(0);
                }
            }
            let lag = self.lag(i, avg);
            let e = &self.ents[i];
            // Its own lag is counted from the lag it was placed with.
            // The lead it may take beside a higher value that yields to it, in its lag's
            // units; the others' leads raise its ceiling as credits do.
            let lead = self.lead_lag(i);
            let leads_others: i64 = (0..self.ents.len())
                .filter(|&k| k != i && self.ents[k].queued)
                .map(|k| self.lead_lag(k))
                .sum();
            let floor = lag_floor(e.credit, self.floor_slice(i), self.tick) - down - lead
                + e.join_lag.min(0);
            let ceiling = ceiling + up + leads_others + e.join_lag.max(0);
            self.lag_min_margin = self.lag_min_margin.min(lag - floor);
            self.lag_max_margin = self.lag_max_margin.min(ceiling - lag);
            let e = &mut self.ents[i];
            e.lag_lo = e.lag_lo.min(lag);
            e.lag_hi = e.lag_hi.max(lag);
        }
    }

    fn wake(&mut self, i: usize) {
        let e = &mut self.ents[i];
        e.work_left = match e.kind {
            Kind::Hog => u64::MAX,
            Kind::Periodic { work, .. } => work,
            Kind::SleepBeforeDeadline { .. } => u64::MAX,
            Kind::ForkChain { work } => work,
            Kind::Migrating { every }
            | Kind::Reweighting { every, .. }
            | Kind::CgroupMoving { every, .. } => every,
        };
        e.woke_at = Some(self.t);
        if e.delayed {
            if self.variant == Variant::Forgive {
                let avg = self.avg_vruntime();
                let e = &mut self.ents[i];
                e.v = e.v.min(avg);
            } else {
                self.requeue_delayed(i);
            }
            self.ents[i].delayed = false;
        } else {
            self.join(i);
        }
        // Wakeup preemption: an eligible wakee with an earlier deadline preempts unless
        // current is protected; a shorter slice cancels the protection (PREEMPT_SHORT).
        let q = self.sums();
        match self.curr {
            None => self.pick(),
            Some(c) if c != i => {
                let (we, ce) = (&self.ents[i], &self.ents[c]);
                let action = if self.latency_pick {
                    wakeup_action(
                        self.allowed(c),
                        self.allowed(i),
                        key_before(self.key(i), self.key(c)),
                        self.eligible(i, &q),
                        self.eligible(c, &q),
                    )
                } else {
                    WakeupAction::Default
                };
                let run_on = self.runs_on(c) && ce.v < ce.vprot;
                // pick_eevdf() keeps a protected current only while it is eligible, or, with
                // the yield (LATENCY_OFFSET), where the wakee is at a positive value above
                // current's ([`keeps_current`]).
                let kept_by_yield = self.latency_pick
                    && self.yield_pick
                    && keeps_current(self.allowed(i), self.allowed(c), true, self.ents[c].delayed);
                let protected = !run_on
                    && ce.v < ce.vprot
                    && we.slice >= ce.slice
                    && (self.eligible(c, &q) || kept_by_yield);
                // latency_run_keeps(), after the latency wakeup decision.
                let kept = run_on
                    && (run_on_kept(self.credit_nice(i), we.delayed, self.eligible(i, &q))
                        || self.run_on_blocks_all);
                let preempt = match action {
                    WakeupAction::Preempt => true,
                    WakeupAction::Keep => false,
                    // The load does not preempt a run-on current.
                    WakeupAction::Default if kept => false,
                    WakeupAction::Default => {
                        // EEVDF's pick: before current's deadline, or, current being out of the
                        // pick (not eligible and not kept), first among the eligible others.
                        let earlier = if self.eligible(c, &q) || kept_by_yield {
                            we.deadline < ce.deadline
                        } else {
                            (0..self.ents.len())
                                .filter(|&k| k != c && self.ents[k].queued && self.eligible(k, &q))
                                .min_by_key(|&k| self.ents[k].deadline)
                                == Some(i)
                        };
                        if run_on {
                            self.ents[c].vprot = self.ents[c].v;
                        }
                        let eevdf = self.eligible(i, &q) && !protected && earlier;
                        // The yield's lead: where it changes EEVDF's choice (current eligible
                        // and protected returns before it), the wakee runs if it is the one
                        // the lead found.
                        let (we, ce) = (&self.ents[i], &self.ents[c]);
                        let early = ce.v < ce.vprot && we.slice >= ce.slice && self.eligible(c, &q);
                        let first = (0..self.ents.len())
                            .filter(|&k| self.ents[k].queued && self.eligible(k, &q))
                            .min_by_key(|&k| self.ents[k].deadline);
                        match first {
                            Some(b) if self.yields() && !early && self.lead_pick(b, &q) != b => {
                                self.lead_pick(b, &q) == i
                            }
                            _ => eevdf,
                        }
                    }
                };
                if preempt {
                    self.pick();
                } else if action == WakeupAction::Default && !kept {
                    // update_protect_slice() (RUN_TO_PARITY), where the wakeup reached the pick
                    // and took nothing: the shortest request queued, the wakee's included,
                    // bounds current's protection.
                    let min_slice = self.min_slice();
                    let ce = &mut self.ents[c];
                    ce.vprot = ce.vprot.min(ce.v + ce.vdelta(min_slice));
                }
            }
            _ => {}
        }
    }

    /// `requeue_delayed_entity()`: the lag computed again (`update_entity_lag()`); if the
    /// clamp moved it, the entity is placed again with the clamped lag.
    fn requeue_delayed(&mut self, i: usize) {
        let raw = self.avg_vruntime() - self.ents[i].v;
        let vlag = self.update_vlag(i);
        if vlag == raw {
            return;
        }
        self.forgiven += self.ents[i].lag_of((vlag - raw).max(0));
        // place_entity() with the entity out of the sums, as the kernel dequeues it first.
        self.ents[i].queued = false;
        self.ents[i].vlag = vlag;
        self.place(i);
        self.ents[i].queued = true;
    }

    fn sleep_curr(&mut self, i: usize) {
        let q = self.sums();
        let e = &self.ents[i];
        let next = match e.kind {
            Kind::Hog
            | Kind::ForkChain { .. }
            | Kind::Migrating { .. }
            | Kind::Reweighting { .. }
            | Kind::CgroupMoving { .. } => unreachable!(),
            Kind::Periodic { period, .. } => {
                // The next absolute period start after now (a late cycle skips missed ones).
                (self.t / period + 1) * period
            }
            Kind::SleepBeforeDeadline { sleep, .. } => self.t + sleep,
        };
        let owes = match self.variant {
            Variant::CarryDebt | Variant::Unbounded => !self.eligible(i, &q),
            _ => self.owes(i, &q),
        };
        if let Some(woke) = self.ents[i].woke_at.take() {
            let e = &mut self.ents[i];
            e.resp_max = e.resp_max.max(self.t - woke);
            e.resp_sum += self.t - woke;
            e.cycles += 1;
        }
        if !owes {
            self.leave(i, false);
        } else {
            // dequeue_entity(): the lag saved (update_entity_lag()), then set_delayed().
            self.ents[i].vlag = self.update_vlag(i);
            self.ents[i].delayed = true;
            self.curr = None;
        }
        self.ents[i].next_wake = next;
        self.pick();
    }

    /// A fork chain's current generation `i` forks its child and exits: the parent leaves with
    /// its lag, whatever it owed (`task_dead_fair()` dequeues even a delayed one for good), and
    /// the child joins with none, with the parent's attributes (latency_nice and what it was
    /// withheld are inherited on fork).
    fn fork_and_exit(&mut self, i: usize) {
        let avg = self.avg_vruntime();
        let lag = self.lag(i, avg);
        let e = &mut self.ents[i];
        e.exits += 1;
        e.exit_debt += (-lag).max(0);
        e.queued = false;
        e.delayed = false;
        e.vlag = 0;
        e.room = 0;
        self.curr = None;
        self.join(i);
        let e = &mut self.ents[i];
        e.work_left = match e.kind {
            Kind::ForkChain { work } => work,
            _ => unreachable!(),
        };
        self.pick();
    }

    /// `reweight_entity()` of queued entity `i` to nice `other_nice`, or back to its own nice
    /// if it is there: its lag saved and clamped as at a dequeue ([`lag_clamp`], with its debt
    /// room), the entity out of V's sums, its virtual lag rescaled so that its lag in real time
    /// is kept (`vlag * w_old / w_new`), its credit and offset in the new weight's virtual time,
    /// and placed again with that lag. The model's `Spec` keeps the nice it started with.
    fn reweight(&mut self, i: usize, other_nice: i32) {
        self.leave(i, false);
        let (own, other) = (self.spec_weight(i), weight(other_nice));
        let e = &mut self.ents[i];
        let w_new = if e.nice_weight == own { other } else { own };
        // rescale_entity(): rounded toward 0, as `div64_long()`.
        e.vlag = e.vlag * e.w() / i64::try_from(w_new).expect("a load weight fits i64");
        e.nice_weight = w_new;
        self.derive(i);
        self.join(i);
    }

    /// Entity `i` moves to the other of its two groups (`sched_move_task()`): it leaves with its
    /// lag clamped, takes the request of its new effective value (every user's, as a custom
    /// slice is) and the credit of what it is then allowed, and joins again.
    fn move_group(&mut self, i: usize, other_group: i32) {
        self.leave(i, false);
        let other = LatencyNice::new(other_group);
        let e = &mut self.ents[i];
        e.group = if e.group == other {
            LatencyNice::DEFAULT
        } else {
            other
        };
        let table = c_ref::sched_prio_to_weight();
        self.ents[i].slice = latency_slice(self.base, self.effective(i).get(), &table);
        self.derive(i);
        self.join(i);
    }

    /// The weight entity `i` started with.
    fn spec_weight(&self, i: usize) -> u64 {
        self.start_weights[i]
    }

    /// Runs the model for `duration` ns of simulated time.
    fn run(&mut self, duration: u64) {
        for i in 0..self.ents.len() {
            self.ents[i].next_wake = match self.ents[i].kind {
                Kind::Hog
                | Kind::ForkChain { .. }
                | Kind::Migrating { .. }
                | Kind::Reweighting { .. }
                | Kind::CgroupMoving { .. } => 0,
                Kind::Periodic { period, .. } => period,
                Kind::SleepBeforeDeadline { sleep, .. } => sleep,
            };
        }
        while self.t < duration {
            // Wakeups due now.
            for i in 0..self.ents.len() {
                let e = &self.ents[i];
                if (!e.queued || e.delayed) && e.next_wake <= self.t && e.work_left == 0 {
                    self.wake(i);
                }
            }
            if self.curr.is_none() {
                self.pick();
            }
            self.check_lags();

            // Next event: tick, wakeup, end of current's work or of its request-margin.
            let next_tick = (self.t / self.tick + 1) * self.tick;
            let mut until = next_tick.min(duration);
            for e in &self.ents {
                if (!e.queued || e.delayed) && e.work_left == 0 {
                    until = until.min(e.next_wake.max(self.t + 1));
                }
            }
            if let Some(c) = self.curr {
                let e = &self.ents[c];
                until = until.min(self.t.saturating_add(e.work_left));
                if let Kind::SleepBeforeDeadline { margin, .. } = e.kind {
                    // The service that brings its virtual time left to `margin`'s: the
                    // virtual time over, in real time, rounded up (`vdelta()` rounds down).
                    let over = u64::try_from(e.deadline - e.v - e.vdelta(margin)).unwrap_or(0);
                    let left = (over * e.nice_weight).div_ceil(NICE_0_WEIGHT);
                    until = until.min(self.t + left.max(1));
                }
            }
            let dt = until - self.t;
            // What each queued entity was owed of `dt`, `dt * w_i / W`; `W >= w_i > 0`.
            let w_all = u128::try_from(self.total_weight()).expect("weights are positive");
            for e in self.ents.iter_mut().filter(|e| e.queued) {
                let owed = (u128::from(dt) * u128::from(e.nice_weight)) << EXPECTED_SHIFT;
                e.expected += owed / w_all;
            }
            if let Some(c) = self.curr {
                let e = &mut self.ents[c];
                e.v += e.vdelta(dt);
                e.service += dt;
                e.work_left = e.work_left.saturating_sub(dt);
            }
            self.t = until;

            let Some(c) = self.curr else { continue };
            let e = &self.ents[c];
            let near_deadline = match e.kind {
                Kind::SleepBeforeDeadline { margin, .. } => e.deadline - e.v <= e.vdelta(margin),
                _ => false,
            };
            if e.work_left == 0 {
                match e.kind {
                    Kind::ForkChain { .. } => {
                        self.fork_and_exit(c);
                        continue;
                    }
                    Kind::Migrating { every } => {
                        self.leave(c, false);
                        self.join(c);
                        self.ents[c].work_left = every;
                        self.pick();
                        continue;
                    }
                    Kind::Reweighting { every, other_nice } => {
                        self.reweight(c, other_nice);
                        self.ents[c].work_left = every;
                        self.pick();
                        continue;
                    }
                    Kind::CgroupMoving { every, other_group } => {
                        self.move_group(c, other_group);
                        self.ents[c].work_left = every;
                        self.pick();
                        continue;
                    }
                    _ => {}
                }
            }
            if e.work_left == 0 || near_deadline {
                self.ents[c].work_left = 0;
                self.sleep_curr(c);
                continue;
            }
            // At the tick (update_curr()): a finished request gets a new deadline and a pick; so
            // does a current whose slice protection has run out.
            if self.t == next_tick && e.v >= e.deadline {
                let run_on = self.runs_on(c) && e.v < e.vprot;
                let e = &mut self.ents[c];
                e.deadline = e.v + e.vdelta(e.slice);
                // update_deadline() moves zero_vruntime as avg_vruntime() does.
                self.avg_vruntime();
                if !run_on {
                    self.pick();
                }
            } else if self.t == next_tick && e.v >= e.vprot {
                self.pick();
            }
        }
    }

    /// How far the always-runnable entities' split of what they got together is from their
    /// weights': max |S_i / sum S - w_i / sum w| over the hogs.
    fn hog_share_error(&self) -> f64 {
        let hogs = || self.ents.iter().filter(|e| matches!(e.kind, Kind::Hog));
        let s: f64 = hogs().map(|e| e.service as f64).sum();
        let w: f64 = hogs().map(|e| e.nice_weight as f64).sum();
        hogs()
            .map(|e| (e.service as f64 / s - e.nice_weight as f64 / w).abs())
            .fold(0.0, f64::max)
    }

    /// The most any entity got beyond what it was owed while queued: max (S_i - E_i) / t. A
    /// sleeper is owed nothing while it sleeps, so getting less is not an error.
    fn over_service(&self) -> f64 {
        self.ents
            .iter()
            .map(|e| (e.service as f64 - e.expected_ns()) / self.t as f64)
            .fold(f64::MIN, f64::max)
    }

    /// What entity `i` got over what entity `j` got, as a share of the CPU: `(S_i - S_j) / t`.
    fn gain_over(&self, i: usize, j: usize) -> f64 {
        (self.ents[i].service as f64 - self.ents[j].service as f64) / self.t as f64
    }

    fn report(&self, what: &str) {
        eprintln!(
            "{what}: lag margins {} / {} ns, forgiven {} ns, hog split error {:.5}, over-service {:.5}, wakes {:?}, S-E/t {:?}",
            self.lag_min_margin,
            self.lag_max_margin,
            self.forgiven,
            self.hog_share_error(),
            self.over_service(),
            self.ents.iter().map(|e| e.wakes).collect::<Vec<_>>(),
            self.ents
                .iter()
                .map(|e| ((e.service as f64 - e.expected_ns()) / self.t as f64 * 1e4).round() / 1e4)
                .collect::<Vec<_>>()
        );
    }
}

const BASE: u64 = 2_800_000;

fn hog(nice: i32, latency_nice: i32) -> Spec {
    Spec {
        nice,
        latency_nice,
        kind: Kind::Hog,
    }
}

fn periodic(latency_nice: i32, period: u64, work: u64) -> Spec {
    Spec {
        nice: 0,
        latency_nice,
        kind: Kind::Periodic { period, work },
    }
}

fn run(variant: Variant, tick: u64, specs: &[Spec], secs: u64) -> Model {
    let mut m = Model::new(variant, BASE, tick, specs);
    m.run(secs * 1_000 * MS);
    m
}

/// Runs until 2 us before each request ends, sleeps 20 us: it never waits at a request end
/// and comes back owing what it ran. It must not get more than a hog of its weight.
fn adversary(latency_nice: i32) -> Spec {
    Spec {
        nice: 0,
        latency_nice,
        kind: Kind::SleepBeforeDeadline {
            margin: 2 * US,
            sleep: 20 * US,
        },
    }
}

fn assert_bounded(m: &Model, what: &str) {
    m.report(what);
    assert!(
        m.lag_min_margin >= 0,
        "{what}: lag below floor by {}",
        -m.lag_min_margin
    );
    assert!(
        m.lag_max_margin >= 0,
        "{what}: lag above ceiling by {}",
        -m.lag_max_margin
    );
    assert!(
        m.hog_share_error() <= 0.005,
        "{what}: hog split {}",
        m.hog_share_error()
    );
}

/// Hogs at -20, 0 and nice 5 and the adversary at -20: lags in their bounds, the hogs' split
/// within 0.5 % of their weights after 60 s, and the adversary no better off than the nice-0
/// hog at latency_nice 0.
#[test]
fn hogs_and_adversary_bounded() {
    for tick in [MS, 4 * MS] {
        let m = run(
            Variant::Credit,
            tick,
            &[hog(0, -20), hog(0, 0), hog(5, 0), adversary(-20)],
            60,
        );
        assert_bounded(&m, &format!("adversary, tick {tick}"));
        assert!(
            m.gain_over(3, 1) <= 0.005,
            "tick {tick}: adversary gains {}",
            m.gain_over(3, 1)
        );
        // The -20 hog gets what the 0 hog gets: the credit is a burst, not a share.
        assert!(
            m.gain_over(0, 1).abs() <= 0.005,
            "tick {tick}: -20 hog {}",
            m.gain_over(0, 1)
        );
    }
}

/// 1 kHz and 10 kHz wakers at -20 next to hogs at 0 and 19: bounded, hogs fair.
#[test]
fn wakers_bounded_and_fair() {
    let specs = [
        periodic(-20, MS, 300 * US),
        periodic(-20, 100 * US, 10 * US),
        hog(0, 0),
        hog(0, 0),
        hog(0, 19),
    ];
    for tick in [MS, 4 * MS] {
        assert_bounded(
            &run(Variant::Credit, tick, &specs, 60),
            &format!("wakers, tick {tick}"),
        );
    }
}

/// The checks see broken variants. Forgiving a sleeper's debt lets the adversary take more than
/// a hog of its weight.
#[test]
fn forgiving_debt_is_caught() {
    let specs = [hog(0, 0), hog(0, 0), hog(0, 0), adversary(-20)];
    let good = run(Variant::Credit, MS, &specs, 60);
    let bad = run(Variant::Forgive, MS, &specs, 60);
    good.report("credit");
    bad.report("forgive");
    assert!(
        good.gain_over(3, 0) <= 0.005,
        "credit: {}",
        good.gain_over(3, 0)
    );
    assert!(
        bad.gain_over(3, 0) > 0.005,
        "forgive not caught: {}",
        bad.gain_over(3, 0)
    );
}

/// A task that runs on credit and run-on, sleeps 1 us and wakes (finding 1 of the credit review) next to
/// hogs whose requests are short (latency_nice -20: 0.1 ms), so that mainline's lag clamp
/// (`r_max + q`) is below the debt it takes (`L + base slice + q`): delayed at each sleep, it
/// must keep that debt when it is requeued. It gets its weight's share within 0.5 %; with the
/// clamp on the credit it holds when requeued (none while delayed: the series before the
/// fix), the requeue forgave up to `L + base` at every sleep: 15.0 % of the CPU instead of
/// 9.1 % next to 10 hogs at HZ=250.
#[test]
fn delayed_sleeper_forgives_nothing() {
    for n in [4usize, 10] {
        for tick in [MS, 4 * MS] {
            let mut specs = vec![periodic(-20, US, 3 * MS)];
            specs.extend((0..n).map(|_| hog(0, -20)));
            let what = format!("{n} short-sliced hogs, tick {tick}");
            let good = run(Variant::Credit, tick, &specs, 60);
            let bad = run(Variant::LiveCreditClamp, tick, &specs, 60);
            assert_bounded(&good, &what);
            bad.report(&format!("{what}, clamp on the live credit"));
            assert!(
                good.gain_over(0, 1) <= 0.005,
                "{what}: the sleeper gains {}",
                good.gain_over(0, 1)
            );
            assert!(
                bad.gain_over(0, 1) > 0.005,
                "{what}: the forgiving requeue not caught: {}",
                bad.gain_over(0, 1)
            );
        }
    }
}

/// The lag a leaving entity keeps is capped above at mainline's `r_max + q`, however many
/// entities on the runqueue hold a credit (finding 3 of the credit review: the series widened it by
/// `base slice` per credited entity, so that 1000 forked -20 threads let a sleeper keep
/// ~2.8 s). Below, it keeps the debt it may have taken since its last pick.
#[test]
fn lag_clamp_above_is_mainlines() {
    let mut specs = vec![hog(0, 0)];
    specs.extend((0..20).map(|_| hog(0, -20)));
    for variant in [Variant::Credit, Variant::LiveCreditClamp] {
        let mut m = Model::new(variant, BASE, MS, &specs);
        for e in &mut m.ents {
            e.queued = true;
        }
        let limit = m.ents[0].vdelta(m.max_slice() + MS);
        let kept = m.clamp_vlag(0, 10 * limit);
        match variant {
            Variant::Credit => assert_eq!(kept, limit),
            _ => assert!(
                kept > limit,
                "the inflated ceiling not caught: {kept} vs {limit}"
            ),
        }
        m.ents[1].room = BASE;
        let debt = m.ents[1].vdelta(m.max_slice() + MS + BASE / 2);
        assert_eq!(
            m.clamp_vlag(1, -debt),
            -debt,
            "{variant:?}: a debt taken on credit"
        );
    }
}

/// A credit without a bound is caught by the lag check: a -20 waker that asks for 90 % of a
/// CPU (18 ms every 20 ms) next to two hogs at 19 (11.2 ms requests, so the deadline order alone
/// lets it far ahead) runs in debt without limit: its lag leaves the floor. (At 8 ms every
/// 10 ms, the waker of this test before LATENCY_RUN, the run-on protection's wider floor,
/// L + base slice + q, holds what the unbounded waker takes in 60 s.)
#[test]
fn unbounded_credit_is_caught() {
    let specs = [hog(0, 19), hog(0, 19), periodic(-20, 20 * MS, 18 * MS)];
    let good = run(Variant::Credit, MS, &specs, 60);
    let bad = run(Variant::Unbounded, MS, &specs, 60);
    assert_bounded(&good, "credit");
    bad.report("unbounded");
    assert!(
        bad.lag_min_margin < 0,
        "unbounded not caught: margin {}",
        bad.lag_min_margin
    );
}

/// The credit refills across sleep. A -20 task doing 1 ms of work every 20 ms (ten of its
/// 0.1 ms requests; under a ninth of the CPU, its share next to 8 hogs) at HZ=250 goes to
/// sleep owing what it ran; delayed without its credit, it repays that before its next period
/// and wakes eligible: each cycle's response is its work, or a tick's wait when a hog's
/// earlier deadline wins the pick at a request end (the model orders by deadline only; the
/// kernel's latency key is tested in KUnit). Carrying the debt across sleep instead (the
/// series before the refill) loses the credit for good: it comes back owing, more each cycle,
/// until it waits at every wakeup.
#[test]
fn credit_refills_across_sleep() {
    let mut specs = vec![periodic(-20, 20 * MS, MS)];
    specs.extend((0..8).map(|_| hog(0, 0)));
    let tick = 4 * MS;
    let credit = run(Variant::Credit, tick, &specs, 60);
    let carry = run(Variant::CarryDebt, tick, &specs, 60);
    let resp = |m: &Model| {
        let e = &m.ents[0];
        (e.resp_max, e.resp_sum / e.cycles.max(1), e.cycles)
    };
    for (what, m) in [("credit", &credit), ("carry debt", &carry)] {
        let (max, avg, cycles) = resp(m);
        eprintln!("{what}: response max {max} avg {avg} ns over {cycles} cycles");
    }
    assert_bounded(&credit, "refill");
    let (credit_max, credit_avg, credit_cycles) = resp(&credit);
    // Periods start at 20 ms: 2999 of them begin in 60 s.
    assert_eq!(credit_cycles, 2999, "credit: every period served");
    assert!(credit_max <= MS + tick, "credit: response max {credit_max}");
    assert!(
        credit_avg <= MS + MS / 10,
        "credit: response avg {credit_avg}"
    );
    assert!(
        resp(&carry).1 > 4 * credit_avg,
        "carrying the debt not caught: {:?}",
        resp(&carry)
    );
}

fn run_picking(variant: Variant, tick: u64, specs: &[Spec], secs: u64) -> Model {
    let mut m = Model::new(variant, BASE, tick, specs);
    m.latency_pick = true;
    m.run(secs * 1_000 * MS);
    m
}

/// A mechanism the benchmark's diagnosis found: with the series' pick and wakeup rules, a -20 task
/// doing 50 us .. 2 ms of work every 10 ms next to 3 hogs (its demand under its 1/4 share) at
/// HZ=250 is served every period and never answers slower on average than the same task at
/// 0 (mainline's rule), on average or at worst; without the credit, a request (0.1 ms) that
/// ends in the middle of its work leaves it ineligible at the next tick, and from 200 us of
/// work on it answers slower than with it (1 ms of work: avg 4.0 ms at 0, 1.9 ms at -20
/// without the credit, 1.0 ms with it).
#[test]
fn work_per_wakeup_sweep() {
    let tick = 4 * MS;
    for work in [50 * US, 200 * US, 500 * US, MS, 2 * MS] {
        let specs = |ln| {
            // 10.3 ms: the wakeups drift against the 4 ms tick, so it lands anywhere in the work.
            let mut v = vec![periodic(ln, 10_300 * US, work)];
            v.extend((0..3).map(|_| hog(0, 0)));
            v
        };
        let zero = run(Variant::NoCredit, tick, &specs(0), 30);
        let credit = run_picking(Variant::Credit, tick, &specs(-20), 30);
        let nocredit = run_picking(Variant::NoCredit, tick, &specs(-20), 30);
        let avg = |m: &Model| m.ents[0].resp_sum / m.ents[0].cycles.max(1);
        eprintln!(
            "work {work}: response avg/max at 0 {}/{}, -20 credit {}/{}, -20 no credit {}/{} ns",
            avg(&zero),
            zero.ents[0].resp_max,
            avg(&credit),
            credit.ents[0].resp_max,
            avg(&nocredit),
            nocredit.ents[0].resp_max
        );
        assert_bounded(&credit, &format!("sweep {work}"));
        assert!(
            credit.ents[0].cycles >= zero.ents[0].cycles,
            "work {work}: periods"
        );
        assert!(avg(&credit) <= avg(&zero), "work {work}: -20 slower than 0");
        assert!(
            credit.ents[0].resp_max <= zero.ents[0].resp_max,
            "work {work}: -20's worst response above 0's"
        );
        if work >= 200 * US {
            assert!(
                avg(&credit) < avg(&nocredit),
                "work {work}: the credit changes nothing"
            );
        }
    }
}

/// Mainline's rule in the same model: the credit's bounds hold with L = 0.
#[test]
fn no_credit_is_mainline() {
    let specs = [
        hog(0, -20),
        hog(0, 0),
        periodic(0, MS, 300 * US),
        adversary(0),
    ];
    let m = run(Variant::NoCredit, MS, &specs, 60);
    assert_bounded(&m, "no credit");
    assert!(
        m.gain_over(3, 1) <= 0.005,
        "adversary gains {}",
        m.gain_over(3, 1)
    );
}

proptest! {
    // A fixed seed: the same 24 mixes on every run (make test asserts no timing and no luck).
    #![proptest_config(ProptestConfig {
        cases: 24,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x1a7e_2023),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Random mixes of hogs, periodic wakers, the adversary and an entity that migrates, is
    /// reweighted or moves between a group at 0 and one at -20..19 every 0.1..3 ms of its service,
    /// with random nice and latency_nice, run with the credit and with mainline's rule. Joins and
    /// leaves with lag move V (PLACE_LAG), so a per-entity bound holds only relative to what
    /// mainline reaches on the same workload (the two runs diverge after the first credited pick):
    /// with the credit, each entity's lowest lag is at most sum L + r_max + q below mainline's (its
    /// own credit, and the others' debts taken on credit, which move V when they leave), its
    /// highest at most sum L + r_max + q above; and the hogs' split is within 0.5 % of their
    /// weights after 60 s.
    /// A sleeper that runs 0.1..5 ms and sleeps 1 us (finding 1 of the credit review), nice 0,
    /// gains no more over a nice-0 hog at latency_nice 0 beside it than under mainline's rule
    /// with the same request (a custom slice), within 0.5 % of the CPU: the credit forgives
    /// nothing that mainline keeps. (Mainline's own short request gains over the hog too: the
    /// bound is on what the credit adds to it.)
    #[test]
    fn random_mixes_bounded(
        hogs in prop::collection::vec((-5..=5i32, -20..=19i32), 1..4),
        wakers in prop::collection::vec((-20..=19i32, 1..=20u64, 1..=90u64), 0..3),
        adversary_ln in prop::option::of(-20..=19i32),
        sleeper in prop::option::of((-20..=19i32, 1..=50u64)),
        mover in prop::option::of((-20..=19i32, 1..=30u64, 0..3u8, -20..=19i32)),
        hz250 in any::<bool>(),
    ) {
        let mut specs: Vec<Spec> = hogs.iter().map(|&(n, ln)| hog(n, ln)).collect();
        for &(ln, period_100us, work_pct) in &wakers {
            let period = period_100us * 100 * US;
            specs.push(periodic(ln, period, period * work_pct / 100));
        }
        specs.extend(adversary_ln.map(adversary));
        if let Some((ln, every_100us, how, other_group)) = mover {
            let every = every_100us * 100 * US + 7 * US;
            let kind = match how {
                0 => Kind::Migrating { every },
                1 => Kind::Reweighting { every, other_nice: 3 },
                _ => Kind::CgroupMoving { every, other_group },
            };
            specs.push(Spec { nice: 0, latency_nice: ln, kind });
        }
        if let Some((ln, work_100us)) = sleeper {
            specs.push(hog(0, 0));
            specs.push(periodic(ln, US, work_100us * 100 * US));
        }
        let tick = if hz250 { 4 * MS } else { MS };
        let m = run(Variant::Credit, tick, &specs, 60);
        let base = run(Variant::NoCredit, tick, &specs, 60);
        if sleeper.is_some() {
            let n = m.ents.len();
            let (gain, mainline) = (m.gain_over(n - 1, n - 2), base.gain_over(n - 1, n - 2));
            prop_assert!(gain <= mainline + 0.005, "the 1 us sleeper gains {gain} over a hog, {mainline} in mainline");
        }
        let sum_l: u64 = m.ents.iter().map(|e| e.credit).sum();
        let r_max = (0..m.ents.len()).map(|i| m.floor_slice(i)).max().unwrap_or(0);
        for (e, b) in m.ents.iter().zip(&base.ents) {
            let floor = b.lag_lo + lag_floor(sum_l, r_max, tick);
            let ceiling = b.lag_hi + lag_ceiling(r_max, tick, sum_l);
            prop_assert!(e.lag_lo >= floor, "lowest lag {} below {floor}", e.lag_lo);
            prop_assert!(e.lag_hi <= ceiling, "highest lag {} above {ceiling}", e.lag_hi);
        }
        prop_assert!(m.hog_share_error() <= 0.005, "hog split error {}", m.hog_share_error());
    }
}

/// The benchmark's overload regime in the model: a task doing 150 us of work every 1 ms (its
/// demand far above its share) next to 20 or 40 hogs at HZ=250, the series' pick and wakeup
/// rules. -20 is served no fewer periods than 0 and answers no slower on average: under
/// tick-driven (lazy) preemption its credit lets it finish more cycles inside its share
/// (20 hogs: 3193 cycles, avg 2.3 ms at -20; 2482, avg 3.2 ms at 0; the same order with an
/// update_curr() every 20 or 50 us between ticks, tried while writing this). The guest's
/// overload cells, where -20 was served fewer periods than 0, came from what this model
/// leaves out: the CPU each involuntary switch costs the switched-in task under TCG, and the
/// -20 task was switched out mid-work 700-1000 times a run (make diagnose); run-on
/// (LATENCY_RUN) removed those switches (BENCHMARKS.md, "Run-on").
#[test]
fn overload_not_slower_at_minus_20() {
    let tick = 4 * MS;
    for n in [20usize, 40] {
        let specs = |ln| {
            let mut v = vec![periodic(ln, MS, 150 * US)];
            v.extend((0..n).map(|_| hog(0, 0)));
            v
        };
        let zero = run(Variant::NoCredit, tick, &specs(0), 10);
        let credit = run_picking(Variant::Credit, tick, &specs(-20), 10);
        let avg = |m: &Model| m.ents[0].resp_sum / m.ents[0].cycles.max(1);
        eprintln!(
            "{n} hogs: cycles/avg response at 0 {}/{} ns, at -20 {}/{} ns",
            zero.ents[0].cycles,
            avg(&zero),
            credit.ents[0].cycles,
            avg(&credit)
        );
        assert_bounded(&credit, &format!("overload {n}"));
        assert!(
            credit.ents[0].cycles >= zero.ents[0].cycles,
            "{n} hogs: periods"
        );
        assert!(avg(&credit) <= avg(&zero), "{n} hogs: -20 slower than 0");
    }
}

/// LATENCY_RUN protects a latency-sensitive task's work from the load, not from other
/// latency-sensitive tasks: a -8 waker (65 us every 500 us, under its 14 % share) next to a
/// -11 hog and two hogs at -3 and 4 (nice -2..-4), HZ=1000, gets what it is owed when a
/// latency-sensitive wakee ends run-on protection (the series), and not when the protection
/// held against every wakee (a draft of the series: the waker lost 37 % of its CPU to the -11
/// hog's run-on).
#[test]
fn run_on_yields_to_sensitive_wakees() {
    let specs = [
        Spec {
            nice: -2,
            latency_nice: 4,
            kind: Kind::Hog,
        },
        Spec {
            nice: -3,
            latency_nice: -11,
            kind: Kind::Hog,
        },
        Spec {
            nice: -4,
            latency_nice: -3,
            kind: Kind::Hog,
        },
        periodic(-8, 500 * US, 65 * US),
    ];
    let owed = |m: &Model| (m.ents[3].service as f64 - m.ents[3].expected_ns()) / m.t as f64;
    let series = run(Variant::Credit, MS, &specs, 60);
    let mut blocking = Model::new(Variant::Credit, BASE, MS, &specs);
    blocking.run_on_blocks_all = true;
    blocking.run(60_000 * MS);
    series.report("run-on");
    blocking.report("run-on blocking all");
    assert_bounded(&series, "run-on");
    assert!(
        owed(&series) >= -0.01,
        "series: waker got {}",
        owed(&series)
    );
    assert!(
        owed(&blocking) < -0.01,
        "blocking run-on not caught: {}",
        owed(&blocking)
    );
}

fn fork_chain(latency_nice: i32, work: u64) -> Spec {
    Spec {
        nice: 0,
        latency_nice,
        kind: Kind::ForkChain { work },
    }
}

/// A fork chain at -20 next to three hogs at 0 (a generation runs 0.3..3.1 ms, forks and exits):
/// each generation leaves owing at most `L + max(r, R) + q` (the lag floor of
/// `latency_credit.rs`: the credit, run-on's base slice, a tick), and what the chain gets beyond
/// its weight's share is that debt, per exit, plus the floor of the living generation. The bound
/// is per exit, not per chain, in mainline too (EEVDF drops a dead task's lag): a generation
/// that runs less than its credit is always eligible, and first by key, so that in this model
/// the chain took the whole CPU (nice -20 would take 97 % next to the same hogs). That is why
/// the credit, the key and run-on are given only like a lower nice
/// (`unprivileged_fork_chain_is_mainlines`).
#[test]
fn fork_chain_takes_its_debt_per_exit_only() {
    for tick in [MS, 4 * MS] {
        // Not multiples of the tick: a generation ends anywhere between two ticks.
        for work in [310 * US, 1_030 * US, 3_100 * US] {
            let mut specs = vec![fork_chain(-20, work)];
            specs.extend((0..3).map(|_| hog(0, 0)));
            let what = format!("fork chain, work {work}, tick {tick}");
            let m = run_picking(Variant::Credit, tick, &specs, 30);
            m.report(&what);
            let chain = &m.ents[0];
            let floor = -lag_floor(chain.credit, m.floor_slice(0), tick);
            let exits = i64::try_from(chain.exits).unwrap();
            let over = chain.service as f64 - chain.expected_ns();
            eprintln!(
                "{what}: {} exits, debt taken {} ns ({} per exit, floor {floor}), over-service {over:.0} ns",
                chain.exits,
                chain.exit_debt,
                chain.exit_debt / exits.max(1)
            );
            assert!(chain.exits > 0, "{what}: the chain never forked");
            assert!(
                chain.exit_debt <= exits * floor,
                "{what}: a generation left owing more than the floor"
            );
            assert!(
                over <= ((exits + 1) * floor) as f64,
                "{what}: over-service {over} beyond {} exits' floors",
                chain.exits
            );
            assert!(m.hog_share_error() <= 0.005, "{what}: hog split");
        }
    }
}

/// Without privilege (no `RLIMIT_NICE`, no `CAP_SYS_NICE`: every step withheld) a fork chain at
/// -20 has its request size (0.1 ms) and nothing else: it gets what the same chain gets under
/// mainline's rule with a 0.1 ms custom slice, to the nanosecond, the latency pick on or off.
/// (That is 52.6 % of the CPU next to three hogs, where its weight's share is 25 %: mainline
/// forgives each dead generation's debt, about 0.6 ms here.) With privilege the chain takes
/// more per exit, 0.77 ms, and all of the CPU: what the privilege rule withholds.
#[test]
fn unprivileged_fork_chain_is_mainlines() {
    let tick = 4 * MS;
    let mut specs = vec![fork_chain(-20, 1_030 * US)];
    specs.extend((0..3).map(|_| hog(0, 0)));
    let mut mainline = Model::new(Variant::NoCredit, BASE, tick, &specs);
    mainline.run(30_000 * MS);
    let mut privileged = Model::new(Variant::Credit, BASE, tick, &specs);
    privileged.latency_pick = true;
    privileged.run(30_000 * MS);
    for pick in [false, true] {
        let mut m = Model::new(Variant::Credit, BASE, tick, &specs);
        m.latency_pick = pick;
        m.set_rlimit_nice(0, 0);
        assert_eq!(m.ents[0].withheld, 20);
        m.run(30_000 * MS);
        m.report(&format!("unprivileged chain, pick {pick}"));
        assert_eq!(m.ents[0].service, mainline.ents[0].service, "pick {pick}");
        assert_eq!(m.ents[0].exits, mainline.ents[0].exits, "pick {pick}");
    }
    let per_exit = |m: &Model| m.ents[0].exit_debt / i64::try_from(m.ents[0].exits.max(1)).unwrap();
    eprintln!(
        "debt per exit: mainline {} ns, privileged -20 {} ns",
        per_exit(&mainline),
        per_exit(&privileged)
    );
    assert!(
        privileged.gain_over(0, 1) > mainline.gain_over(0, 1),
        "the privileged chain takes no more than mainline's"
    );
}

/// Migrations, reweights and cgroup moves, beside sleeps and wakeups the other ways an entity
/// leaves and rejoins its queue: a -20 entity that migrates (leaves with its lag clamped and comes
/// back with it), is reweighted (nice 0 <-> 5) or moves between a group at 0 and one at 19 (its
/// request, credit and offset those of 19 there) every 50 us..1 ms of its service, next to two hogs
/// at -20 (0.1 ms requests, so that mainline's clamp, `r_max + q`, is short), the series' pick and
/// wakeup rules. Its lags stay in their bounds, and it gets no more beyond what it was owed (at the
/// weight of each moment) than the same entity does under mainline's rule, within 0.5 % of the CPU.
/// It may get less: at HZ=1000, migrated every 50 us, 12.1 % of the CPU below its share (mainline:
/// none), because the credited hogs' debts let it be owed more than `r_max + q`, and the clamp
/// above, mainline's, drops the excess at every move; moved between cgroups, 20-33 % below (printed
/// by this test): at 19 it has no credit, and it is picked only once both hogs are ineligible,
/// each more than its credit L ahead of V, that is once it is owed about 2L; its next move out of
/// the group at 0, where every request is 0.1 ms, clamps what it is still owed to r_max + q.
/// (This case does not
/// see the room: with the floor's room taken away it passes too; the sleepers of
/// `delayed_sleeper_forgives_nothing` and `lag_clamp_above_is_mainlines` catch that.)
#[test]
fn migrations_reweights_and_cgroup_moves_forgive_nothing() {
    for tick in [MS, 4 * MS] {
        for every in [50 * US, 310 * US, 1_030 * US] {
            for kind in [
                Kind::Migrating { every },
                Kind::Reweighting {
                    every,
                    other_nice: 5,
                },
                Kind::CgroupMoving {
                    every,
                    other_group: 19,
                },
            ] {
                let specs = [
                    Spec {
                        nice: 0,
                        latency_nice: -20,
                        kind,
                    },
                    hog(0, -20),
                    hog(0, -20),
                ];
                let what = format!("{kind:?}, tick {tick}");
                let credit = run_picking(Variant::Credit, tick, &specs, 30);
                let mainline = run(Variant::NoCredit, tick, &specs, 30);
                assert_bounded(&credit, &what);
                // What it got beyond what it was owed at each moment's weight, as a share.
                let over =
                    |m: &Model| (m.ents[0].service as f64 - m.ents[0].expected_ns()) / m.t as f64;
                let (gain, base) = (over(&credit), over(&mainline));
                eprintln!("{what}: over-service {gain:.4}, mainline {base:.4}");
                assert!(
                    gain <= base + 0.005,
                    "{what}: gets {gain} over its share, mainline {base}"
                );
            }
        }
    }
}

/// A group's value restricts and never grants (Linux 7.3, `latency_group_nice.rs` through
/// `latency_permission.rs`): a task that set nothing, in a group at -20, takes -20's request
/// (every user's) but neither its credit nor its offset, whoever wrote the group's file; a task
/// at -20 with the privilege, moved into a group at 5, loses its credit and offset there and
/// gets them back when it moves out. Moved so every 0.31 ms next to two hogs at 0, the
/// privileged one stays within the credit's lag bounds and gets no more beyond its share than
/// the same entity under mainline's rule, within 0.5 % of the CPU.
#[test]
fn a_group_restricts_and_never_grants() {
    let every = 310 * US;
    let specs = [
        Spec {
            nice: 0,
            latency_nice: 0,
            kind: Kind::CgroupMoving {
                every,
                other_group: -20,
            },
        },
        Spec {
            nice: 0,
            latency_nice: -20,
            kind: Kind::CgroupMoving {
                every,
                other_group: 5,
            },
        },
        hog(0, 0),
    ];
    let mut m = Model::new(Variant::Credit, BASE, MS, &specs);
    let slice_of = |ln: i32| latency_slice(BASE, ln, &c_ref::sched_prio_to_weight());
    m.join(0);
    m.join(1);
    m.move_group(0, -20);
    m.move_group(1, 5);
    assert_eq!(m.effective(0), LatencyNice::new(-20));
    assert_eq!(m.allowed(0), LatencyNice::DEFAULT);
    assert_eq!((m.ents[0].slice, m.ents[0].credit), (slice_of(-20), 0));
    assert_eq!(m.ents[0].voffset, VirtualOffset(0));
    assert_eq!(m.allowed(1), LatencyNice::new(5));
    assert_eq!((m.ents[1].slice, m.ents[1].credit), (slice_of(5), 0));
    m.move_group(1, 5);
    assert_eq!(m.allowed(1), LatencyNice::MIN);
    assert!(m.ents[1].credit > 0 && m.ents[1].voffset.0 < 0);

    let with_hogs = [specs[1], hog(0, 0), hog(0, 0)];
    let credit = run_picking(Variant::Credit, MS, &with_hogs, 30);
    let mainline = run(Variant::NoCredit, MS, &with_hogs, 30);
    assert_bounded(&credit, "cgroup moves");
    let over = |m: &Model| (m.ents[0].service as f64 - m.ents[0].expected_ns()) / m.t as f64;
    let (gain, base) = (over(&credit), over(&mainline));
    eprintln!("a task at -20 moving into a group at 5: over-service {gain:.4}, mainline {base:.4}");
    assert!(
        gain <= base + 0.005,
        "gets {gain} over its share, mainline {base}"
    );
}

/// The yield (`latency_yield.rs`): a default task doing 150 us of work every 1.03 ms next to a
/// load at 19 whose three tasks wake every 0.4..0.5 ms (a hackbench-like load, 11.2 ms requests)
/// and a hog at 19. Without the yield a load task's wakeup takes the CPU from the task whenever
/// it has run past the average in the middle of its work, and a wakeup a little past the
/// average waits for the load; with it the task runs on within the lead (`D_19`, 0.95 base
/// slices) and keeps its protected slice. Lags stay in the credit's bounds widened by the lead
/// with the yield on, and in the credit's own with it off, the hogs' split is their weights',
/// and with it the task is served at least as many periods and answers faster on average (tick
/// 1 ms: 28450 against 26885 periods, 181 against 274 us; tick 4 ms: 27854 against 25914, 203
/// against 318 us). The same task next to the load at 0 runs
/// too, for the bounds; the model, without lazy preemption and with a load that only wakes,
/// serves it worse there than next to 19, so it says nothing about 19 against 0.
#[test]
fn a_background_at_19_yields() {
    let specs = |bg| {
        vec![
            periodic(0, 1_030 * US, 150 * US),
            periodic(bg, 400 * US, 200 * US),
            periodic(bg, 457 * US, 200 * US),
            periodic(bg, 511 * US, 200 * US),
            hog(0, bg),
        ]
    };
    for tick in [MS, 4 * MS] {
        let mut runs = Vec::new();
        for (bg, yield_pick) in [(19, true), (19, false), (0, true)] {
            let mut m = Model::new(Variant::Credit, BASE, tick, &specs(bg));
            m.latency_pick = true;
            m.yield_pick = yield_pick;
            m.run(30 * 1_000 * MS);
            let what = format!("tick {tick}, load at {bg}, yield {yield_pick}");
            assert_bounded(&m, &what);
            let e = &m.ents[0];
            eprintln!(
                "{what}: task served {} cycles, response avg {} max {} ns",
                e.cycles,
                e.resp_sum / e.cycles.max(1),
                e.resp_max
            );
            runs.push((e.cycles, e.resp_sum / e.cycles.max(1)));
        }
        // The yield on against off, next to the load at 19: served at least as many periods,
        // and faster on average (the worst response is not claimed; in these runs it is
        // shorter with the yield: 4.0 against 7.5 ms at the 1 ms tick, 6.7 against 11.9 ms at
        // 4 ms).
        let ((on_cycles, on_avg), (off_cycles, off_avg)) = (runs[0], runs[1]);
        assert!(
            on_cycles >= off_cycles,
            "tick {tick}: {on_cycles} < {off_cycles} periods"
        );
        assert!(
            on_avg < off_avg,
            "tick {tick}: response {on_avg} >= {off_avg} ns"
        );
    }
}
