// SPDX-License-Identifier: GPL-2.0

//! A discrete-event model of the wakeup path's idle-CPU search on a machine of equal LLCs.
//!
//! What it models, and how (everything else is left out, on purpose):
//! - tasks that run for a service time, then sleep, both drawn from a distribution (an
//!   assumed exponential, or a guest's measured histogram: `dist.rs`), then wake on their
//!   previous CPU (`target == prev`, as a
//!   timer or remote wakeup does; wake_affine is not modelled);
//! - `select_idle_sibling()` reduced to its LLC part: the previous CPU if idle, else
//!   `select_idle_cpu()`'s walk of the LLC from `prev + 1`, wrapping, over at most `nr` CPUs,
//!   where `nr` comes from the rule under test; no idle CPU found: the task queues on `prev`;
//! - SIS_UTIL's bound recomputed every 4 ms per LLC from a PELT-like average (32 ms half-life,
//!   updated every 1 ms) with `kernel/sched/policy/sis_util.rs`, then the rules of
//!   `kernel/sched/policy/sis_depth.rs`; SIS_PROP as it was before its removal (the wakee's
//!   previous CPU standing in for the waker's, a scan cost per CPU visited assumed);
//! - a CPU that runs out of work pulls the first queued task of the longest queue of its LLC
//!   (newidle balance), and nothing else moves tasks: no periodic balancing, no NUMA. The
//!   search never leaves an LLC, so NPS modes, which only change the levels above it, do not
//!   change what this model computes;
//! - SMT is not modelled: a CPU is a core.
//!
//! Times are in nanoseconds (u64); the random numbers come from a seeded xorshift, so a run is
//! a function of its parameters.

use crate::dist::{Dist, Rng};
use sched_policy::{sis_depth, sis_util};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// Buckets of the CPUs-searched histogram, as in the kernel's sis_stats: 0..31, then 32+.
pub const BUCKETS: usize = 33;
/// Assumed cost of one `select_idle_cpu()` call and of each CPU it visits (SIS_PROP's input).
pub const SCAN_COST_FIXED_NS: u64 = 200;
/// Per CPU visited.
pub const SCAN_COST_PER_CPU_NS: u64 = 100;

/// How `nr` is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// SIS_PROP, removed in 6.x: `nr = max(4, w * wake_avg_idle / avg_scan_cost)`.
    Prop,
    /// SIS_UTIL as mainline.
    Util,
    /// SIS_UTIL with the small-LLC rule at this threshold.
    SmallLlc(u32),
    /// SIS_UTIL with the latency depth at this percentage.
    Latency(u32),
}

/// The machine and the load.
#[derive(Clone, Debug)]
pub struct Params {
    pub llcs: usize,
    pub llc_weight: usize,
    /// Tasks in all.
    pub tasks: usize,
    /// Every `lat_every`-th task has latency_nice `lat_nice` (0: none).
    pub lat_every: usize,
    pub lat_nice: i32,
    pub run: Dist,
    pub sleep: Dist,
    pub duration_ns: u64,
    pub seed: u64,
    pub rule: Rule,
}

/// What a run counted.
#[derive(Clone, Debug)]
pub struct Stats {
    pub wakeups: u64,
    /// Wakeups that found their previous CPU idle (no search).
    pub prev_idle: u64,
    pub calls: u64,
    pub found: u64,
    /// Failed searches with an idle CPU left in the LLC.
    pub missed: u64,
    pub hist: [u64; BUCKETS],
    /// Sum and count of queueing delays (wakeup to running), latency-sensitive tasks apart.
    pub wait_ns: [u64; 2],
    pub waits: [u64; 2],
    /// Wakeups that queued, by kind.
    pub queued: [u64; 2],
    /// CPU time used, to check the offered load.
    pub busy_ns: u64,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            wakeups: 0,
            prev_idle: 0,
            calls: 0,
            found: 0,
            missed: 0,
            hist: [0; BUCKETS],
            wait_ns: [0; 2],
            waits: [0; 2],
            queued: [0; 2],
            busy_ns: 0,
        }
    }
}

impl Stats {
    pub fn scanned_mean(&self) -> f64 {
        let s: u64 = self
            .hist
            .iter()
            .enumerate()
            .map(|(i, n)| i as u64 * n)
            .sum();
        if self.calls == 0 {
            0.0
        } else {
            s as f64 / self.calls as f64
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Event {
    /// Per-millisecond accounting (PELT, SIS_PROP's aging, every 4th: the bounds).
    Tick,
    Done(usize),
    Wake(usize),
}

struct Cpu {
    running: Option<usize>,
    queue: VecDeque<(usize, u64)>,
    /// Start of the current busy or idle stretch.
    since: u64,
    /// Busy time already put into busy_in_tick up to here.
    acct: u64,
    busy_in_tick: u64,
    util: f64,
    avg_idle: u64,
    wake_avg_idle: u64,
}

/// Runs the model.
pub fn run(p: &Params) -> Stats {
    let ncpu = p.llcs * p.llc_weight;
    let w = p.llc_weight;
    let mut rng = Rng(p.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut cpus: Vec<Cpu> = (0..ncpu)
        .map(|_| Cpu {
            running: None,
            queue: VecDeque::new(),
            since: 0,
            acct: 0,
            busy_in_tick: 0,
            util: 0.0,
            avg_idle: 0,
            wake_avg_idle: 0,
        })
        .collect();
    let mut prev: Vec<usize> = (0..p.tasks).map(|t| t % ncpu).collect();
    let lat = |t: usize| p.lat_every != 0 && t % p.lat_every == 0;
    let mut nr_idle_scan = vec![w as u32; p.llcs];
    let mut avg_scan_cost = vec![0u64; p.llcs];
    let mut stats = Stats::default();
    let mut events = BinaryHeap::new();
    let mut seq = 0u64;
    let mut push = |ev: &mut BinaryHeap<_>, t: u64, e: Event| {
        seq += 1;
        ev.push(Reverse((t, seq, e)));
    };
    for t in 0..p.tasks {
        let at = p.sleep.sample(&mut rng);
        push(&mut events, at, Event::Wake(t));
    }
    push(&mut events, 1_000_000, Event::Tick);
    let y = 0.5f64.powf(1.0 / 32.0);
    let mut ticks = 0u64;
    // Time one idle CPU started running; returns the task's run end.
    let start = |c: &mut Cpu, task: usize, now: u64, rng: &mut Rng| -> u64 {
        if c.running.is_none() {
            // update_avg(&rq->avg_idle, idle) capped at 2 * max_idle_balance_cost (1 ms).
            let idle = now - c.since;
            let a = c.avg_idle as i64 + (idle as i64 - c.avg_idle as i64) / 8;
            c.avg_idle = (a.max(0) as u64).min(1_000_000);
            c.wake_avg_idle = c.avg_idle / 2;
        }
        c.running = Some(task);
        c.since = now;
        now + p.run.sample(rng)
    };
    while let Some(Reverse((now, _, ev))) = events.pop() {
        if now > p.duration_ns {
            break;
        }
        match ev {
            Event::Tick => {
                ticks += 1;
                for c in cpus.iter_mut() {
                    if c.running.is_some() {
                        c.busy_in_tick += now - c.since.max(c.acct);
                        // SIS_PROP: a busy CPU's predicted idle time halves every jiffy.
                        c.wake_avg_idle /= 2;
                    }
                    c.acct = now;
                    let frac = (c.busy_in_tick.min(1_000_000)) as f64 / 1e6;
                    c.util = c.util * y + frac * 1024.0 * (1.0 - y);
                    c.busy_in_tick = 0;
                }
                if ticks % 4 == 0 {
                    for (l, nr) in nr_idle_scan.iter_mut().enumerate() {
                        let sum: f64 = cpus[l * w..(l + 1) * w].iter().map(|c| c.util).sum();
                        let mut n = sis_util::nr_idle_scan(sum as u64, w as u32, 117);
                        if let Rule::SmallLlc(t) = p.rule {
                            n = sis_depth::small_llc_nr_scan(n, w as u32, t);
                        }
                        *nr = n;
                    }
                }
                push(&mut events, now + 1_000_000, Event::Tick);
            }
            Event::Done(cpu) => {
                let c = &mut cpus[cpu];
                let task = c.running.take().expect("a Done without a running task");
                c.busy_in_tick += now - c.since.max(c.acct);
                stats.busy_ns += now - c.since;
                c.since = now;
                let at = now + p.sleep.sample(&mut rng);
                push(&mut events, at, Event::Wake(task));
                let next = cpus[cpu].queue.pop_front().or_else(|| {
                    // Newidle balance: the longest queue of the LLC gives its first task.
                    let l = cpu / w;
                    let (from, len) = (l * w..(l + 1) * w)
                        .map(|i| (i, cpus[i].queue.len()))
                        .max_by_key(|&(i, n)| (n, Reverse(i)))?;
                    if len == 0 {
                        return None;
                    }
                    cpus[from].queue.pop_front()
                });
                if let Some((t, queued_at)) = next {
                    let k = usize::from(lat(t));
                    stats.wait_ns[k] += now - queued_at;
                    stats.waits[k] += 1;
                    prev[t] = cpu;
                    let end = start(&mut cpus[cpu], t, now, &mut rng);
                    push(&mut events, end, Event::Done(cpu));
                }
            }
            Event::Wake(t) => {
                stats.wakeups += 1;
                let k = usize::from(lat(t));
                let target = prev[t];
                let mut placed = None;
                if cpus[target].running.is_none() {
                    stats.prev_idle += 1;
                    placed = Some(target);
                } else {
                    let l = target / w;
                    let mut nr = match p.rule {
                        Rule::Prop => {
                            let span_avg = w as u64 * cpus[target].wake_avg_idle;
                            let avg_cost = avg_scan_cost[l] + 1;
                            if span_avg > 4 * avg_cost {
                                span_avg / avg_cost
                            } else {
                                4
                            }
                        }
                        _ => u64::from(nr_idle_scan[l]),
                    };
                    if let Rule::Latency(pct) = p.rule {
                        if lat(t) {
                            nr = u64::from(sis_depth::latency_nr_scan(
                                nr.min(w as u64) as u32,
                                w as u32,
                                p.lat_nice,
                                pct,
                            ));
                        }
                    }
                    stats.calls += 1;
                    let mut scanned = 0usize;
                    for i in 1..=w {
                        if scanned as u64 >= nr {
                            break;
                        }
                        let cpu = l * w + (target - l * w + i) % w;
                        scanned += 1;
                        if cpus[cpu].running.is_none() {
                            placed = Some(cpu);
                            break;
                        }
                    }
                    stats.hist[scanned.min(BUCKETS - 1)] += 1;
                    if placed.is_some() {
                        stats.found += 1;
                    } else if cpus[l * w..(l + 1) * w].iter().any(|c| c.running.is_none()) {
                        stats.missed += 1;
                    }
                    if p.rule == Rule::Prop {
                        let cost = SCAN_COST_FIXED_NS + SCAN_COST_PER_CPU_NS * scanned as u64;
                        let c = &mut cpus[target];
                        c.wake_avg_idle -= c.wake_avg_idle.min(cost);
                        let a = avg_scan_cost[l] as i64;
                        avg_scan_cost[l] = (a + (cost as i64 - a) / 8).max(0) as u64;
                    }
                }
                match placed {
                    Some(cpu) => {
                        stats.waits[k] += 1;
                        prev[t] = cpu;
                        let end = start(&mut cpus[cpu], t, now, &mut rng);
                        push(&mut events, end, Event::Done(cpu));
                    }
                    None => {
                        stats.queued[k] += 1;
                        cpus[target].queue.push_back((t, now));
                    }
                }
            }
        }
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(rule: Rule, tasks: usize) -> Params {
        Params {
            llcs: 2,
            llc_weight: 16,
            tasks,
            lat_every: 4,
            lat_nice: -20,
            run: Dist::Exp(50_000.0),
            sleep: Dist::Exp(50_000.0),
            duration_ns: 200_000_000,
            seed: 1,
            rule,
        }
    }

    /// Deterministic for a seed; the histogram sums to the calls; found <= calls.
    #[test]
    fn counts_are_consistent() {
        let a = run(&params(Rule::Util, 48));
        let b = run(&params(Rule::Util, 48));
        assert_eq!(a.hist, b.hist);
        assert_eq!(a.hist.iter().sum::<u64>(), a.calls);
        assert!(a.found + a.missed <= a.calls);
        assert!(a.calls > 1000 && a.wakeups > a.calls);
        assert_eq!(a.prev_idle + a.calls, a.wakeups);
        assert!(
            a.hist[17..].iter().all(|&n| n == 0),
            "no search beyond the LLC"
        );
    }

    /// 32 tasks at 50 % duty on 32 CPUs: about half the CPU time is used.
    #[test]
    fn offered_load_is_carried() {
        let s = run(&params(Rule::Util, 32));
        let share = s.busy_ns as f64 / (32.0 * 200e6);
        assert!((0.4..0.6).contains(&share), "{share}");
    }

    /// A full search never misses an idle CPU; SIS_UTIL's bound can.
    #[test]
    fn small_llc_rule_searches_whole_llcs() {
        let s = run(&params(Rule::SmallLlc(16), 64));
        let u = run(&params(Rule::Util, 64));
        assert!(s.scanned_mean() >= u.scanned_mean());
        // With every bound widened to 16 or left at 0, a search visits 0 or up to 16 CPUs and
        // misses only where the bound was 0.
        assert!(
            s.missed <= u.missed + u.calls / 10,
            "{} vs {}",
            s.missed,
            u.missed
        );
    }

    /// The latency depth moves only the latency-sensitive tasks' searches.
    #[test]
    fn latency_rule_deepens_only_its_tasks() {
        let mut p = params(Rule::Latency(100), 64);
        p.lat_every = 0;
        let none = run(&p);
        let util = run(&params(Rule::Util, 64));
        let mut pu = params(Rule::Util, 64);
        pu.lat_every = 0;
        assert_eq!(
            none.hist,
            run(&pu).hist,
            "with no -20 task the rule changes nothing"
        );
        let lat = run(&params(Rule::Latency(100), 64));
        assert!(lat.scanned_mean() > util.scanned_mean());
    }
}
