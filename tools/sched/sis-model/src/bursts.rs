// SPDX-License-Identifier: GPL-2.0

//! Service, sleep and wakeup-to-run times of a workload's tasks, from the scheduler's
//! `sched_switch` and `sched_wakeup` trace events (the text of tracefs' `trace` file), as
//! log2 histograms: what `sis-model --dist` replays instead of its assumed exponentials.
//!
//! Per task, from the events:
//! - a **service** time is the CPU time between a wakeup and the next block: the sum of the
//!   stretches on a CPU, preemptions (`prev_state=R`, `R+`) included; this is what the model's
//!   `run` draws;
//! - a **sleep** is from a switch-out in a blocked state (`S`, `D`, ...) to the task's
//!   `sched_wakeup`; what the model's sleep draws;
//! - a **wait** is from `sched_wakeup` to the next switch-in (queueing after the wakeup).
//!
//! An interval is counted only when both of its ends are in the trace: a task first seen
//! mid-burst, or one whose wakeup fell outside the buffer, starts counting at its next clean
//! edge. The trace's timestamps are microseconds (`trace_clock` local): a time under 1 us
//! reads as 0, bucket 0.

use std::collections::{HashMap, HashSet};

/// Histogram buckets: 0 is [0, 1 us), k >= 1 is [2^(k-1), 2^k) us, the last one open.
pub const BUCKETS: usize = 26;

/// A log2 histogram of durations in nanoseconds, with their sum for the exact mean.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hist {
    pub counts: [u64; BUCKETS],
    pub sum_ns: u64,
}

impl Hist {
    /// The bucket of a duration.
    pub fn bucket(ns: u64) -> usize {
        let us = ns / 1000;
        if us == 0 {
            0
        } else {
            (64 - us.leading_zeros() as usize).min(BUCKETS - 1)
        }
    }

    /// Lower and upper bound of bucket `k` in ns (the last bucket's upper bound is its lower).
    pub fn bounds(k: usize) -> (u64, u64) {
        match k {
            0 => (0, 1000),
            k if k >= BUCKETS - 1 => {
                let lo = 1000u64 << (BUCKETS - 2);
                (lo, lo)
            }
            k => (1000u64 << (k - 1), 1000u64 << k),
        }
    }

    pub fn add(&mut self, ns: u64) {
        self.counts[Self::bucket(ns)] += 1;
        self.sum_ns = self.sum_ns.saturating_add(ns);
    }

    pub fn count(&self) -> u64 {
        self.counts.iter().sum()
    }

    pub fn mean_ns(&self) -> f64 {
        match self.count() {
            0 => 0.0,
            n => self.sum_ns as f64 / n as f64,
        }
    }

    /// `N MEAN_NS c0 c1 ... c25`, what `parse` reads back.
    pub fn to_line(&self) -> String {
        let mut s = format!("{} {:.0}", self.count(), self.mean_ns());
        for c in self.counts {
            s.push_str(&format!(" {c}"));
        }
        s
    }

    /// Reads `to_line`'s output; the sum is rebuilt from the count and the mean.
    pub fn parse(line: &str) -> Result<Hist, String> {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != BUCKETS + 2 {
            return Err(format!(
                "a histogram has {} fields, not {}",
                BUCKETS + 2,
                f.len()
            ));
        }
        let num = |s: &str| s.parse::<u64>().map_err(|_| format!("bad number {s}"));
        let n = num(f[0])?;
        let mean = num(f[1])?;
        let mut h = Hist::default();
        for (k, c) in f[2..].iter().enumerate() {
            h.counts[k] = num(c)?;
        }
        if h.count() != n {
            return Err(format!("counts add up to {}, not {n}", h.count()));
        }
        h.sum_ns = n.saturating_mul(mean);
        Ok(h)
    }
}

#[derive(Clone, Copy, Debug)]
enum State {
    /// On a CPU since `since`, with `acc` of the burst before; `clean`: the burst began at a
    /// wakeup seen in the trace.
    Running { since: u64, acc: u64, clean: bool },
    /// Preempted, still runnable.
    Preempted { acc: u64, clean: bool },
    /// Blocked since `since`.
    Sleeping { since: u64 },
    /// Woken at `at`, not yet on a CPU.
    Woken { at: u64 },
}

/// The three histograms of the traced tasks, and how many tasks they came from.
#[derive(Debug, Default)]
pub struct Bursts {
    pub service: Hist,
    pub sleep: Hist,
    pub wait: Hist,
    state: HashMap<u32, State>,
    seen: HashSet<u32>,
    prefixes: Vec<String>,
}

/// One event of the trace, as much of it as this needs.
#[derive(Debug, PartialEq, Eq)]
pub enum Event<'a> {
    Switch {
        ts_ns: u64,
        prev_comm: &'a str,
        prev_pid: u32,
        prev_runnable: bool,
        prev_dead: bool,
        next_comm: &'a str,
        next_pid: u32,
    },
    Wakeup {
        ts_ns: u64,
        comm: &'a str,
        pid: u32,
    },
}

/// `SECONDS.FRACTION` as ns.
fn parse_ts(s: &str) -> Option<u64> {
    let (sec, frac) = s.split_once('.')?;
    let sec: u64 = sec.parse().ok()?;
    if frac.is_empty() || frac.len() > 9 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let f: u64 = frac.parse().ok()?;
    Some(sec * 1_000_000_000 + f * 10u64.pow(9 - frac.len() as u32))
}

/// The value of `key=` in `s`, up to `end` (the next field's ` key=`) or the next space.
fn field<'a>(s: &'a str, key: &str, end: Option<&str>) -> Option<&'a str> {
    let at = s.find(key)? + key.len();
    let rest = &s[at..];
    Some(match end.and_then(|e| rest.find(e)) {
        Some(e) => &rest[..e],
        None => rest.split(' ').next()?,
    })
}

/// Parses one line of the `trace` file; None for anything that is not one of the two events
/// (headers, other events, lost-event markers).
pub fn parse_event(line: &str) -> Option<Event<'_>> {
    for name in [" sched_switch: ", " sched_wakeup: "] {
        let Some(at) = line.find(name) else {
            continue;
        };
        let ts = line[..at].split_whitespace().last()?.strip_suffix(':')?;
        let ts_ns = parse_ts(ts)?;
        let body = &line[at + name.len()..];
        return if name == " sched_switch: " {
            let state = field(body, "prev_state=", None)?;
            Some(Event::Switch {
                ts_ns,
                prev_comm: field(body, "prev_comm=", Some(" prev_pid="))?,
                prev_pid: field(body, "prev_pid=", None)?.parse().ok()?,
                prev_runnable: state.starts_with('R'),
                prev_dead: state.starts_with('X') || state.starts_with('Z'),
                next_comm: field(body, "next_comm=", Some(" next_pid="))?,
                next_pid: field(body, "next_pid=", None)?.parse().ok()?,
            })
        } else {
            Some(Event::Wakeup {
                ts_ns,
                comm: field(body, "comm=", Some(" pid="))?,
                pid: field(body, " pid=", None)?.parse().ok()?,
            })
        };
    }
    None
}

impl Bursts {
    /// Counts the tasks whose comm starts with one of `prefixes` (all tasks but the idle
    /// ones if there are none).
    pub fn new(prefixes: &[&str]) -> Self {
        Bursts {
            prefixes: prefixes.iter().map(|p| p.to_string()).collect(),
            ..Default::default()
        }
    }

    fn wanted(&self, comm: &str, pid: u32) -> bool {
        pid != 0 && (self.prefixes.is_empty() || self.prefixes.iter().any(|p| comm.starts_with(p)))
    }

    /// Tasks seen.
    pub fn tasks(&self) -> usize {
        self.seen.len()
    }

    pub fn feed(&mut self, ev: &Event<'_>) {
        match *ev {
            Event::Wakeup { ts_ns, comm, pid } => {
                if !self.wanted(comm, pid) {
                    return;
                }
                self.seen.insert(pid);
                match self.state.get(&pid).copied() {
                    Some(State::Sleeping { since }) => {
                        self.sleep.add(ts_ns.saturating_sub(since));
                        self.state.insert(pid, State::Woken { at: ts_ns });
                    }
                    // A wakeup of a task still on a CPU or queued changes nothing.
                    Some(State::Running { .. } | State::Preempted { .. } | State::Woken { .. }) => {
                    }
                    None => {
                        self.state.insert(pid, State::Woken { at: ts_ns });
                    }
                }
            }
            Event::Switch {
                ts_ns,
                prev_comm,
                prev_pid,
                prev_runnable,
                prev_dead,
                next_comm,
                next_pid,
            } => {
                if self.wanted(prev_comm, prev_pid) {
                    self.seen.insert(prev_pid);
                    let next = match self.state.get(&prev_pid).copied() {
                        Some(State::Running { since, acc, clean }) => {
                            let acc = acc + ts_ns.saturating_sub(since);
                            if prev_runnable {
                                Some(State::Preempted { acc, clean })
                            } else {
                                if clean {
                                    self.service.add(acc);
                                }
                                Some(State::Sleeping { since: ts_ns })
                            }
                        }
                        // First seen leaving a CPU: the burst's start is unknown.
                        _ if prev_runnable => Some(State::Preempted {
                            acc: 0,
                            clean: false,
                        }),
                        _ => Some(State::Sleeping { since: ts_ns }),
                    };
                    match next {
                        Some(_) if prev_dead => {
                            self.state.remove(&prev_pid);
                        }
                        Some(s) => {
                            self.state.insert(prev_pid, s);
                        }
                        None => {}
                    }
                }
                if self.wanted(next_comm, next_pid) {
                    self.seen.insert(next_pid);
                    let s = match self.state.get(&next_pid).copied() {
                        Some(State::Woken { at }) => {
                            self.wait.add(ts_ns.saturating_sub(at));
                            State::Running {
                                since: ts_ns,
                                acc: 0,
                                clean: true,
                            }
                        }
                        Some(State::Preempted { acc, clean }) => State::Running {
                            since: ts_ns,
                            acc,
                            clean,
                        },
                        // Sleeping without a wakeup seen, running twice, or new: unknown.
                        _ => State::Running {
                            since: ts_ns,
                            acc: 0,
                            clean: false,
                        },
                    };
                    self.state.insert(next_pid, s);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn switch(t: &str, prev: &str, pid: u32, state: &str, next: &str, npid: u32) -> String {
        format!(
            "  {prev}-{pid}  [003] d..2.  {t}: sched_switch: prev_comm={prev} prev_pid={pid} \
             prev_prio=120 prev_state={state} ==> next_comm={next} next_pid={npid} next_prio=120"
        )
    }

    fn wakeup(t: &str, comm: &str, pid: u32) -> String {
        format!(
            "  <idle>-0  [005] dNh2.  {t}: sched_wakeup: comm={comm} pid={pid} prio=120 \
             target_cpu=005"
        )
    }

    #[test]
    fn parses_the_two_events() {
        let l = switch("12.000100", "hack bench", 7, "R+", "swapper/3", 0);
        assert_eq!(
            parse_event(&l),
            Some(Event::Switch {
                ts_ns: 12_000_100_000,
                prev_comm: "hack bench",
                prev_pid: 7,
                prev_runnable: true,
                prev_dead: false,
                next_comm: "swapper/3",
                next_pid: 0,
            })
        );
        assert_eq!(
            parse_event(&wakeup("1.5", "hackbench", 9)),
            Some(Event::Wakeup {
                ts_ns: 1_500_000_000,
                comm: "hackbench",
                pid: 9
            })
        );
        assert_eq!(parse_event("# tracer: nop"), None);
        assert_eq!(
            parse_event("  a-1 [000] ..... 1.0: sched_migrate_task: comm=a pid=1"),
            None
        );
        assert_eq!(parse_event("CPU:3 [LOST 12 EVENTS]"), None);
    }

    #[test]
    fn buckets_are_log2_of_microseconds() {
        assert_eq!(Hist::bucket(0), 0);
        assert_eq!(Hist::bucket(999), 0);
        assert_eq!(Hist::bucket(1000), 1);
        assert_eq!(Hist::bucket(1999), 1);
        assert_eq!(Hist::bucket(2000), 2);
        assert_eq!(Hist::bucket(u64::MAX), BUCKETS - 1);
        for k in 0..BUCKETS - 1 {
            let (lo, hi) = Hist::bounds(k);
            assert_eq!(Hist::bucket(lo), k);
            assert_eq!(Hist::bucket(hi - 1), k);
        }
    }

    #[test]
    fn a_line_reads_back() {
        let mut h = Hist::default();
        for ns in [0, 1500, 1500, 40_000, 3_000_000] {
            h.add(ns);
        }
        let back = Hist::parse(&h.to_line()).unwrap();
        assert_eq!(back.counts, h.counts);
        assert_eq!(back.mean_ns().round(), h.mean_ns().round());
        assert!(Hist::parse("1 2 3").is_err());
        let mut bad = h.to_line();
        bad.push_str(" 1");
        assert!(Hist::parse(&bad).is_err());
    }

    /// A wakeup, two stretches on a CPU around a preemption, a block, a wakeup: one service
    /// of both stretches, one sleep, two waits; a task of another comm is not counted.
    #[test]
    fn counts_service_sleep_and_wait() {
        let lines = [
            wakeup("1.000000", "hackbench", 10),
            switch("1.000004", "swapper/1", 0, "R", "hackbench", 10),
            switch("1.000010", "hackbench", 10, "R+", "other", 11),
            switch("1.000020", "other", 11, "S", "hackbench", 10),
            switch("1.000050", "hackbench", 10, "S", "swapper/1", 0),
            wakeup("1.001050", "hackbench", 10),
            switch("1.001052", "swapper/1", 0, "R", "hackbench", 10),
        ];
        let mut b = Bursts::new(&["hackbench"]);
        for l in &lines {
            b.feed(&parse_event(l).unwrap());
        }
        assert_eq!(b.service.count(), 1);
        assert_eq!(b.service.sum_ns, 6_000 + 30_000);
        assert_eq!(b.sleep.count(), 1);
        assert_eq!(b.sleep.sum_ns, 1_000_000);
        assert_eq!(b.wait.count(), 2);
        assert_eq!(b.wait.sum_ns, 4_000 + 2_000);
        assert_eq!(b.tasks(), 1);
    }

    /// A task first seen on a CPU, or asleep without its wakeup in the trace, is not counted
    /// until its next clean edge.
    #[test]
    fn unknown_starts_are_not_counted() {
        let lines = [
            switch("2.000000", "hackbench", 5, "S", "swapper/0", 0),
            wakeup("2.000100", "hackbench", 5),
            switch("2.000101", "swapper/0", 0, "R", "hackbench", 5),
            switch("2.000201", "hackbench", 5, "S", "swapper/0", 0),
            // Its wakeup was lost: the next stretch is not a service time.
            switch("2.000900", "swapper/0", 0, "R", "hackbench", 5),
            switch("2.000950", "hackbench", 5, "S", "swapper/0", 0),
            switch("2.001000", "swapper/0", 0, "R", "hackbench", 6),
        ];
        let mut b = Bursts::new(&[]);
        for l in &lines {
            b.feed(&parse_event(l).unwrap());
        }
        assert_eq!(
            b.sleep.count(),
            1,
            "only the sleep whose both ends are seen"
        );
        assert_eq!(b.service.count(), 1);
        assert_eq!(b.service.sum_ns, 100_000);
        assert_eq!(b.wait.count(), 1);
        assert_eq!(b.tasks(), 2);
    }

    #[test]
    fn a_dead_task_is_forgotten() {
        let mut b = Bursts::new(&[]);
        b.feed(&parse_event(&switch("1.0", "x", 3, "X", "swapper/0", 0)).unwrap());
        assert!(b.state.is_empty());
        assert_eq!(b.tasks(), 1);
    }
}
