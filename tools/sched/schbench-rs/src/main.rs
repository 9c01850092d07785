// SPDX-License-Identifier: GPL-2.0

//! schbench-rs: wakeup and request latency the way schbench measures them.
//!
//! Message threads wake worker threads: every round, each message thread stamps a request for
//! each of its workers and wakes it, then sleeps. A worker that wakes notes its *wakeup
//! latency* (from the stamp to running), does a fixed amount of CPU work (thread CPU time, so
//! preemption stretches the request instead of shortening the work) and notes its *request
//! latency* (from the stamp to done). Reported: p50/p90/p99/p99.9 of both, and requests per
//! second. schbench is not packaged in Debian; this follows its method, not its code.
//!
//! Run it under `latency-nice -n N` (or in a cgroup) to give its threads a latency_nice: every
//! thread inherits it.

mod stats;

use std::process::exit;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

const USAGE: &str = "usage: schbench-rs [-m MESSAGE_THREADS] [-t WORKERS_PER_MESSAGE_THREAD] \
                     [-r RUNTIME_S] [-w WORK_US] [-s SLEEP_US] [--json] \
                     [--samples FILE]";

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
struct Config {
    message_threads: usize,
    workers: usize,
    runtime_s: u64,
    work_us: u64,
    sleep_us: u64,
    json: bool,
    /// Where to write every sample (`wakeup_us request_us`, one request a line).
    samples: Option<String>,
}

fn parse(args: &[String], ncpu: usize) -> Result<Config, String> {
    let mut c = Config {
        message_threads: 1,
        workers: ncpu.max(1),
        runtime_s: 5,
        work_us: 100,
        sleep_us: 10_000,
        json: false,
        samples: None,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--json" {
            c.json = true;
            continue;
        }
        if a == "--samples" {
            let f = it.next().ok_or_else(|| format!("{a} needs a value"))?;
            c.samples = Some(f.clone());
            continue;
        }
        let v = it.next().ok_or_else(|| format!("{a} needs a value"))?;
        let n: u64 = v.parse().map_err(|_| format!("{a}: not a number: {v}"))?;
        let bad = |lo: u64, hi: u64| format!("{a}: {n} is outside {lo}..={hi}");
        match a.as_str() {
            "-m" if (1..=64).contains(&n) => c.message_threads = n as usize,
            "-m" => return Err(bad(1, 64)),
            "-t" if (1..=256).contains(&n) => c.workers = n as usize,
            "-t" => return Err(bad(1, 256)),
            "-r" if (1..=3600).contains(&n) => c.runtime_s = n,
            "-r" => return Err(bad(1, 3600)),
            "-w" if n <= 1_000_000 => c.work_us = n,
            "-w" => return Err(bad(0, 1_000_000)),
            "-s" if (1..=1_000_000).contains(&n) => c.sleep_us = n,
            "-s" => return Err(bad(1, 1_000_000)),
            _ => return Err(format!("unknown option {a}")),
        }
    }
    Ok(c)
}

fn clock_ns(clock: libc::clockid_t) -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; both clocks used here always exist.
    unsafe { libc::clock_gettime(clock, &mut ts) };
    // Both clocks count up from zero: the fields are non-negative.
    (ts.tv_sec as u64) * 1_000_000_000 + ts.tv_nsec as u64
}

fn now_ns() -> u64 {
    clock_ns(libc::CLOCK_MONOTONIC)
}

/// Burns `ns` of this thread's CPU time.
fn work(ns: u64) {
    let end = clock_ns(libc::CLOCK_THREAD_CPUTIME_ID) + ns;
    while clock_ns(libc::CLOCK_THREAD_CPUTIME_ID) < end {
        std::hint::spin_loop();
    }
}

/// One worker's mailbox: the stamp of its pending request (0: none).
struct Mailbox {
    posted: AtomicU64,
}

/// Per-worker samples, in µs.
#[derive(Default)]
struct Samples {
    wakeup: Vec<u64>,
    request: Vec<u64>,
}

fn worker(mailbox: Arc<Mailbox>, stop: Arc<AtomicBool>, work_ns: u64) -> Samples {
    let mut s = Samples::default();
    loop {
        thread::park();
        if stop.load(Ordering::Relaxed) {
            return s;
        }
        let posted = mailbox.posted.swap(0, Ordering::AcqRel);
        if posted == 0 {
            continue; // spurious wakeup
        }
        let woke = now_ns();
        work(work_ns);
        let done = now_ns();
        s.wakeup.push(woke.saturating_sub(posted) / 1000);
        s.request.push(done.saturating_sub(posted) / 1000);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ncpu = thread::available_parallelism().map_or(1, |n| n.get());
    let c = match parse(&args, ncpu) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("schbench-rs: {e}\n{USAGE}");
            exit(2);
        }
    };

    let stop = Arc::new(AtomicBool::new(false));
    let mut workers = Vec::new();
    let mut groups = Vec::new();
    for _ in 0..c.message_threads {
        let mut group = Vec::new();
        for _ in 0..c.workers {
            let mailbox = Arc::new(Mailbox {
                posted: AtomicU64::new(0),
            });
            let (m, st) = (Arc::clone(&mailbox), Arc::clone(&stop));
            let work_ns = c.work_us * 1000;
            let h = thread::spawn(move || worker(m, st, work_ns));
            group.push((mailbox, h.thread().clone()));
            workers.push(h);
        }
        groups.push(group);
    }

    let start = now_ns();
    let end = start + c.runtime_s * 1_000_000_000;
    let sleep = Duration::from_micros(c.sleep_us);
    let messengers: Vec<_> = groups
        .into_iter()
        .map(|group| {
            thread::spawn(move || {
                while now_ns() < end {
                    for (mailbox, t) in &group {
                        mailbox.posted.store(now_ns(), Ordering::Release);
                        t.unpark();
                    }
                    thread::sleep(sleep);
                }
                group
            })
        })
        .collect();

    let mut to_stop = Vec::new();
    for m in messengers {
        match m.join() {
            Ok(group) => to_stop.extend(group.into_iter().map(|(_, t)| t)),
            Err(_) => {
                eprintln!("schbench-rs: a message thread panicked");
                exit(1);
            }
        }
    }
    let elapsed_ns = now_ns().saturating_sub(start).max(1);
    stop.store(true, Ordering::Relaxed);
    for t in &to_stop {
        t.unpark();
    }
    let (mut wakeup, mut request) = (Vec::new(), Vec::new());
    for w in workers {
        let s = w.join().unwrap_or_default();
        wakeup.extend(s.wakeup);
        request.extend(s.request);
    }

    if let Some(path) = &c.samples {
        let text: String = wakeup
            .iter()
            .zip(&request)
            .map(|(w, r)| format!("{w} {r}\n"))
            .collect();
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("schbench-rs: {path}: {e}");
            exit(1);
        }
    }
    let n = request.len();
    let rps = n as u64 * 1_000_000_000 / elapsed_ns;
    let wk = stats::summary(&mut wakeup);
    let rq = stats::summary(&mut request);
    if c.json {
        let obj = |v: &[(&str, u64); 4]| {
            v.iter()
                .map(|(k, x)| format!("\"{k}\":{x}"))
                .collect::<Vec<_>>()
                .join(",")
        };
        println!(
            "{{\"wakeup_us\":{{{}}},\"request_us\":{{{}}},\"rps\":{rps},\"requests\":{n}}}",
            obj(&wk),
            obj(&rq)
        );
    } else {
        let line = |v: &[(&str, u64); 4]| {
            v.iter()
                .map(|(k, x)| format!("{k} {x}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        println!("wakeup latency (us): {} ({n} samples)", line(&wk));
        println!("request latency (us): {}", line(&rq));
        println!("rps: {rps}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn defaults_and_options() {
        let d = parse(&[], 8).unwrap();
        assert_eq!((d.message_threads, d.workers, d.runtime_s), (1, 8, 5));
        assert_eq!((d.work_us, d.sleep_us, d.json), (100, 10_000, false));
        let c = parse(&args("-m 2 -t 4 -r 1 -w 0 -s 500 --json"), 8).unwrap();
        assert_eq!((c.message_threads, c.workers, c.runtime_s), (2, 4, 1));
        assert_eq!((c.work_us, c.sleep_us, c.json), (0, 500, true));
        let c = parse(&args("--samples /tmp/s -r 2"), 8).unwrap();
        assert_eq!((c.samples.as_deref(), c.runtime_s), (Some("/tmp/s"), 2));
        assert!(parse(&args("--samples"), 8).is_err());
    }

    #[test]
    fn bad_input_is_an_error() {
        for bad in [
            "-m",
            "-m 0",
            "-t 257",
            "-r x",
            "-s 0",
            "-w 1000001",
            "-x 1",
            "-r -1",
        ] {
            assert!(parse(&args(bad), 8).is_err(), "{bad}");
        }
    }

    #[test]
    fn work_burns_cpu_time() {
        let t0 = clock_ns(libc::CLOCK_THREAD_CPUTIME_ID);
        work(2_000_000);
        assert!(clock_ns(libc::CLOCK_THREAD_CPUTIME_ID) - t0 >= 2_000_000);
    }
}
