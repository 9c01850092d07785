// SPDX-License-Identifier: GPL-2.0

//! Who runs first after a SCHED_FIFO burst?
//!
//! On one CPU: a CPU hog at latency_nice 0, a periodic "probe" thread at the latency_nice under
//! test (0.5 ms of work every 2 ms, well under its fair share, so it is eligible whenever it
//! waits), and a SCHED_FIFO thread that sleeps 20 ms and spins 3 ms, `BURSTS` times. The probe
//! reads the clock all through its work; a gap in its readings, or a late start after its
//! timer, is time it was runnable but not running. For every burst that ends inside such an
//! interval, the interval's end tells how long after the burst the probe got the CPU back: at
//! once (it was picked first), or after the hog's turn.
//!
//! With `SLICE_US`, the hog and the probe both get that custom slice (`sched_runtime`), which
//! takes precedence over the slice latency_nice would give: then only the latency offset (the
//! latency tree, latency-offset preemption) can tell the two apart.
//!
//! Usage: `latency_nice_fifo_burst LATENCY_NICE CPU BURSTS [SLICE_US]`. Prints one line,
//! `bursts N matched M first F avg_delay_us A max_delay_us X`, where `first` counts the bursts
//! after which the probe ran within 300 us. Needs root (SCHED_FIFO). Exit 2 on bad usage, 1 if
//! a system call fails.

use std::process::exit;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;

/// A gap in the probe's clock readings longer than this is time it did not run.
const GAP_NS: u64 = 20_000;
/// The probe "ran first" if it ran again within this long after the burst.
const FIRST_NS: u64 = 300_000;
const SLEEP_NS: u64 = 20_000_000;
const BURST_NS: u64 = 3_000_000;
/// The probe's period and its CPU work per period: a latency-sensitive task that uses well
/// under its fair share, so it is eligible whenever it waits.
const PERIOD_NS: u64 = 2_000_000;
const WORK_NS: u64 = 500_000;

fn now_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; CLOCK_MONOTONIC always exists.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    // Monotonic time since boot: both fields are non-negative.
    (ts.tv_sec as u64) * 1_000_000_000 + ts.tv_nsec as u64
}

fn die(what: &str) -> ! {
    eprintln!(
        "latency_nice_fifo_burst: {what}: {}",
        std::io::Error::last_os_error()
    );
    exit(1);
}

/// Pins the calling thread to `cpu`.
fn pin(cpu: usize) {
    // SAFETY: a zeroed cpu_set_t is a valid empty set; CPU_SET and sched_setaffinity only
    // touch that local set, whose size is passed along.
    let rc = unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set)
    };
    if rc != 0 {
        die("sched_setaffinity");
    }
}

fn set_policy(policy: libc::c_int, prio: libc::c_int) {
    // SAFETY: all-zero is a valid sched_param (musl's has extra fields, all unused here).
    let mut param: libc::sched_param = unsafe { std::mem::zeroed() };
    param.sched_priority = prio;
    // The raw system call: musl's sched_setscheduler() is a stub that fails with ENOSYS.
    // SAFETY: `param` is a valid sched_param for the duration of the call; pid 0 is this
    // thread.
    let rc = unsafe {
        libc::syscall(
            libc::SYS_sched_setscheduler,
            0,
            policy,
            &param as *const libc::sched_param,
        )
    };
    if rc != 0 {
        die("sched_setscheduler");
    }
}

/// Makes the calling thread SCHED_OTHER with `latency_nice` and, if `slice_ns` is not 0, that
/// custom slice. latency_nice 0 is the default and is not asked for, so that latency 0 runs on a
/// kernel without latency_nice too (make bench's base 7.2 column).
fn set_fair(latency_nice: i32, slice_ns: u64) {
    let attr = sched_attr::SchedAttr {
        sched_policy: libc::SCHED_OTHER as u32,
        sched_flags: if latency_nice == 0 {
            0
        } else {
            sched_attr::SCHED_FLAG_LATENCY_NICE
        },
        sched_runtime: slice_ns,
        sched_latency_nice: latency_nice,
        ..Default::default()
    };
    // pid 0: the calling thread.
    if let Err(e) = sched_attr::sched_setattr(0, &attr) {
        eprintln!("latency_nice_fifo_burst: latency_nice {latency_nice}, slice {slice_ns} ns: {e}");
        exit(1);
    }
}

fn spin_until(t: u64) {
    while now_ns() < t {
        std::hint::spin_loop();
    }
}

/// The probe: every `PERIOD_NS` it wakes up and does `WORK_NS` of CPU work, reading the clock
/// all along. Returns the intervals it was runnable but not running: gaps inside its work
/// (preempted) and the time from each intended wakeup to the first clock read after it.
fn probe_loop(stop: &AtomicBool) -> Vec<(u64, u64)> {
    let mut gaps: Vec<(u64, u64)> = Vec::with_capacity(1 << 16);
    let mut record = |from: u64, to: u64| {
        if to - from > GAP_NS && gaps.len() < gaps.capacity() {
            gaps.push((from, to));
        }
    };
    let mut next = now_ns();
    while !stop.load(Ordering::Relaxed) {
        let mut prev = now_ns();
        record(next, prev);
        let mut worked = 0;
        while worked < WORK_NS {
            let t = now_ns();
            if t - prev > GAP_NS {
                record(prev, t);
            } else {
                worked += t - prev;
            }
            prev = t;
        }
        next += PERIOD_NS;
        if next < prev {
            next = prev + PERIOD_NS;
        }
        let ts = libc::timespec {
            tv_sec: (next / 1_000_000_000) as _,
            tv_nsec: (next % 1_000_000_000) as _,
        };
        // SAFETY: `ts` is a valid timespec; a null remainder is allowed with TIMER_ABSTIME.
        unsafe {
            libc::clock_nanosleep(
                libc::CLOCK_MONOTONIC,
                libc::TIMER_ABSTIME,
                &ts,
                std::ptr::null_mut(),
            )
        };
    }
    gaps
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let parsed = (
        args.get(1).and_then(|s| s.parse::<i32>().ok()),
        args.get(2).and_then(|s| s.parse::<usize>().ok()),
        args.get(3).and_then(|s| s.parse::<usize>().ok()),
    );
    let slice_us = match args.get(4) {
        None => Some(0),
        Some(s) => s
            .parse::<u64>()
            .ok()
            .filter(|us| (100..=100_000).contains(us)),
    };
    let (Some(ln), Some(cpu), Some(bursts), Some(slice_us)) =
        (parsed.0, parsed.1, parsed.2, slice_us)
    else {
        eprintln!("usage: latency_nice_fifo_burst LATENCY_NICE CPU BURSTS [SLICE_US(100..100000)]");
        exit(2);
    };
    if args.len() > 5 || !(-20..=19).contains(&ln) || bursts == 0 {
        eprintln!("usage: latency_nice_fifo_burst LATENCY_NICE(-20..19) CPU BURSTS(>0) [SLICE_US]");
        exit(2);
    }
    let slice_ns = slice_us * 1000;

    let stop = Arc::new(AtomicBool::new(false));
    let hog = {
        let stop = Arc::clone(&stop);
        thread::spawn(move || {
            pin(cpu);
            set_fair(0, slice_ns);
            while !stop.load(Ordering::Relaxed) {
                std::hint::spin_loop();
            }
        })
    };
    let probe = {
        let stop = Arc::clone(&stop);
        thread::spawn(move || {
            pin(cpu);
            set_fair(ln, slice_ns);
            probe_loop(&stop)
        })
    };

    // Let both settle on the CPU, then burst from this thread as SCHED_FIFO.
    pin(cpu);
    thread::sleep(std::time::Duration::from_millis(200));
    set_policy(libc::SCHED_FIFO, 10);
    let mut ends = Vec::with_capacity(bursts);
    for _ in 0..bursts {
        thread::sleep(std::time::Duration::from_nanos(SLEEP_NS));
        spin_until(now_ns() + BURST_NS);
        ends.push(now_ns());
    }
    set_policy(libc::SCHED_OTHER, 0);
    stop.store(true, Ordering::Relaxed);
    let gaps = probe.join().unwrap_or_default();
    let _ = hog.join();

    // For each burst end, the probe's gap around it: (start <= end < stop).
    let (mut matched, mut first, mut sum, mut max) = (0u64, 0u64, 0u64, 0u64);
    for end in &ends {
        let i = gaps.partition_point(|g| g.0 <= *end);
        if let Some(g) = i.checked_sub(1).and_then(|i| gaps.get(i)) {
            if g.1 > *end {
                let delay = g.1 - end;
                matched += 1;
                first += u64::from(delay <= FIRST_NS);
                sum += delay;
                max = max.max(delay);
            }
        }
    }
    println!(
        "bursts {} matched {matched} first {first} avg_delay_us {} max_delay_us {}",
        ends.len(),
        sum / matched.max(1) / 1000,
        max / 1000
    );
}
