// SPDX-License-Identifier: GPL-2.0

//! What does a crowd of an unprivileged user's short sleepers cost a CPU hog beside it?
//!
//! Every pick of a fair task looks at the latency tree (latency_nice < 0) for its first
//! eligible entity, under the runqueue lock. An unprivileged user controls who is in that tree:
//! nice 19 with latency_nice -20 puts an entity's latency key about `B * 1024 / 15` of virtual
//! time early, and a short sleeper requeued from the delayed state sits in the tree while it is
//! not yet eligible. A pick that walked past each of them made a crowd of 1000 cost its
//! neighbour five sixths of its throughput. This program measures that cost.
//!
//! The crowd and the hog run on CPU `C`. `N` crowd processes switch to user `UID` (default
//! 65534), set nice 19, then latency_nice `LN` (`--ln`, a `sched_setattr()` of their own,
//! unprivileged) or mainline's custom slice of `R` us (`--slice-us`), wait until all of them
//! exist, and loop: spin `W` us (default 5) of wall time, sleep `P` ms (default 50). After a
//! warm-up of one second a hog at nice 0 (this program's user, latency_nice 0) counts fixed
//! units of work into memory it shares with this program, which reads the count at the start
//! and the end of a window of `S` seconds. The crowd's CPU time over the window is the sum of
//! their `/proc/PID/schedstat` deltas. This program itself runs on another CPU (the next one,
//! `--control-cpu` to choose): a crowd that starves CPU `C` must not starve the run's own
//! clock and its kill too, so that a window ends on time however little the hog got in it.
//!
//! Usage: `latency_nice_crowd --tasks N --secs S [--ln LN | --slice-us R] [--cpu C]
//! [--control-cpu K] [--user UID] [--run-us W] [--sleep-ms P]`. Prints one line:
//!
//! ```text
//! crowd tasks=N ln=LN slice_us=none secs=S hog_units=... hog_units_per_s=...
//!   hog_cpu_ms=... crowd_cpu_ms=...
//! ```
//!
//! (one line). A benchmark, not a test: it judges nothing. Exit 2 on bad usage (nothing
//! started), 1 if a step fails; every process started is killed and reaped before any exit.

use std::process::exit;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sched_attr::{sched_setattr, SchedAttr, SCHED_FLAG_KEEP_ALL, SCHED_FLAG_LATENCY_NICE};

const PROG: &str = "latency_nice_crowd";
const USAGE: &str = "usage: latency_nice_crowd --tasks N --secs S [--ln LN | --slice-us R] \
                     [--cpu C] [--control-cpu K] [--user UID] [--run-us W] [--sleep-ms P]";

/// Units of work the hog counts: a fixed number of steps of an LCG.
const UNIT_STEPS: u32 = 1000;

struct Opts {
    tasks: u32,
    secs: u64,
    ln: i32,
    slice_us: Option<u64>,
    cpu: usize,
    control_cpu: Option<usize>,
    user: u32,
    run_us: u64,
    sleep_ms: u64,
}

fn usage(msg: &str) -> ! {
    eprintln!("{PROG}: {msg}");
    eprintln!("{USAGE}");
    exit(2);
}

fn parse() -> Opts {
    let mut o = Opts {
        tasks: 0,
        secs: 0,
        ln: 0,
        slice_us: None,
        cpu: 0,
        control_cpu: None,
        user: 65534,
        run_us: 5,
        sleep_ms: 50,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let Some(v) = it.next() else {
            usage(&format!("{a} needs a value"));
        };
        let num = |lo: i64, hi: i64| -> i64 {
            match v.parse::<i64>() {
                Ok(n) if (lo..=hi).contains(&n) => n,
                _ => usage(&format!("{a} {v}: not a number in {lo}..{hi}")),
            }
        };
        match a.as_str() {
            "--tasks" => o.tasks = num(0, 4096) as u32,
            "--secs" => o.secs = num(1, 3600) as u64,
            "--ln" => o.ln = num(-20, 19) as i32,
            "--slice-us" => o.slice_us = Some(num(100, 100_000) as u64),
            "--cpu" => o.cpu = num(0, 4095) as usize,
            "--control-cpu" => o.control_cpu = Some(num(0, 4095) as usize),
            "--user" => o.user = num(1, i64::from(u32::MAX - 1)) as u32,
            "--run-us" => o.run_us = num(1, 1_000_000) as u64,
            "--sleep-ms" => o.sleep_ms = num(1, 10_000) as u64,
            _ => usage(&format!("unknown option {a}")),
        }
    }
    if o.secs == 0 {
        usage("--secs is required");
    }
    if o.slice_us.is_some() && o.ln != 0 {
        usage("--ln and --slice-us exclude each other");
    }
    o
}

fn pin(cpu: usize) -> bool {
    // SAFETY: a zeroed cpu_set_t is a valid empty set; CPU_SET writes within it.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0
    }
}

/// A crowd member: become `o.user` at nice 19, take the latency_nice or custom slice, wait
/// until the start pipe `start` is closed (every member exists), then run `run_us` and sleep
/// `sleep_ms` until killed. Returns only on a failed step.
fn crowd_member(o: &Opts, start: i32) -> String {
    if !pin(o.cpu) {
        return format!("pinning to CPU {}", o.cpu);
    }
    // SAFETY: plain system calls in a forked child.
    if unsafe { libc::setgid(o.user) } != 0 || unsafe { libc::setuid(o.user) } != 0 {
        return format!("setuid({})", o.user);
    }
    // SAFETY: plain system call.
    if unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 19) } != 0 {
        return "setpriority(19)".into();
    }
    let attr = match o.slice_us {
        Some(us) => SchedAttr {
            sched_policy: libc::SCHED_OTHER as u32,
            sched_nice: 19,
            sched_runtime: us * 1000,
            ..Default::default()
        },
        None => SchedAttr {
            sched_policy: libc::SCHED_OTHER as u32,
            sched_flags: SCHED_FLAG_KEEP_ALL | SCHED_FLAG_LATENCY_NICE,
            sched_latency_nice: o.ln,
            ..Default::default()
        },
    };
    if (o.slice_us.is_some() || o.ln != 0) && sched_setattr(0, &attr).is_err() {
        return "sched_setattr".into();
    }
    let mut byte = [0u8; 1];
    // SAFETY: `byte` is valid for one byte; the read returns 0 once every writer closed.
    if unsafe { libc::read(start, byte.as_mut_ptr().cast(), 1) } != 0 {
        return "waiting for the start".into();
    }
    let run = Duration::from_micros(o.run_us);
    let nap = Duration::from_millis(o.sleep_ms);
    loop {
        let t = Instant::now();
        while t.elapsed() < run {
            std::hint::black_box(0u64);
        }
        std::thread::sleep(nap);
    }
}

/// The hog, on CPU `cpu`: count units of work into `count` until killed.
fn hog(cpu: usize, count: &AtomicU64) -> ! {
    if !pin(cpu) {
        eprintln!("{PROG}: hog: cannot pin to CPU {cpu}");
        // SAFETY: leaving the child without running the parent's destructors.
        unsafe { libc::_exit(1) };
    }
    let mut x = 1u64;
    loop {
        for _ in 0..UNIT_STEPS {
            x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
        }
        count.fetch_add(1, Ordering::Relaxed);
    }
}

/// CPU time (ns) of `pid` so far, from /proc/PID/schedstat; 0 if it is gone.
fn cpu_ns(pid: i32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/schedstat"))
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|f| f.parse().ok()))
        .unwrap_or(0)
}

/// Kill every one of `pids`, then reap them: a member killed and waited for one at a time had
/// to be picked on a CPU its 999 siblings keep busy before the next was even killed, and a
/// crowd of 1000 took minutes to end under TCG.
fn reap_all(pids: &[i32]) {
    for &p in pids {
        // SAFETY: plain system call on our own child.
        unsafe { libc::kill(p, libc::SIGKILL) };
    }
    for &p in pids {
        // SAFETY: plain system call on our own child.
        unsafe { libc::waitpid(p, std::ptr::null_mut(), 0) };
    }
}

/// The CPU this program runs on: `--control-cpu`, else the one after `cpu` (`cpu` itself on a
/// machine of one CPU).
fn control_cpu(o: &Opts) -> usize {
    // SAFETY: plain system call.
    let n = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) };
    let n = usize::try_from(n).unwrap_or(1).max(1);
    o.control_cpu.unwrap_or((o.cpu + 1) % n)
}

fn main() {
    let o = parse();
    let ctl = control_cpu(&o);
    if !pin(ctl) {
        eprintln!("{PROG}: cannot pin to CPU {ctl}");
        exit(1);
    }
    // Members wait for the start until all exist: forking a thousand of them on a CPU they
    // already keep busy took minutes under TCG.
    let mut start = [0i32; 2];
    // SAFETY: `start` has room for the two descriptors.
    if unsafe { libc::pipe(start.as_mut_ptr()) } != 0 {
        eprintln!("{PROG}: pipe failed");
        exit(1);
    }
    let mut crowd = Vec::with_capacity(o.tasks as usize);
    for _ in 0..o.tasks {
        // SAFETY: the child only runs crowd_member() and exits; this process is single-threaded.
        match unsafe { libc::fork() } {
            0 => {
                // SAFETY: the child's copy of the write end, so that only the parent holds one.
                unsafe { libc::close(start[1]) };
                let what = crowd_member(&o, start[0]);
                eprintln!("{PROG}: crowd member: {what} failed");
                // SAFETY: leaving the child without running the parent's destructors.
                unsafe { libc::_exit(1) };
            }
            p if p > 0 => crowd.push(p),
            _ => {
                eprintln!("{PROG}: fork failed");
                reap_all(&crowd);
                exit(1);
            }
        }
    }
    // SAFETY: the parent's ends of the start pipe: closing the write end starts the crowd.
    unsafe {
        libc::close(start[0]);
        libc::close(start[1]);
    }
    std::thread::sleep(Duration::from_secs(1));
    // A member that failed its setup has exited: that is a failed run.
    for &p in &crowd {
        let mut status = 0;
        // SAFETY: `status` is a valid out pointer.
        if unsafe { libc::waitpid(p, &mut status, libc::WNOHANG) } != 0 {
            eprintln!("{PROG}: crowd member {p} exited during setup");
            reap_all(&crowd);
            exit(1);
        }
    }

    // The hog's count, in memory it shares with this process.
    // SAFETY: an anonymous shared mapping of one page; checked below.
    let mem = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            4096,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if mem == libc::MAP_FAILED {
        eprintln!("{PROG}: mmap failed");
        reap_all(&crowd);
        exit(1);
    }
    // SAFETY: the mapping is page-aligned, zeroed, writable and outlives every use (this
    // process exits without unmapping it); an AtomicU64 of zero is valid there.
    let count: &AtomicU64 = unsafe { &*mem.cast::<AtomicU64>() };
    // SAFETY: the child only runs hog(), which never returns; this process is single-threaded.
    let hog_pid = match unsafe { libc::fork() } {
        0 => hog(o.cpu, count),
        p if p > 0 => p,
        _ => {
            eprintln!("{PROG}: fork failed");
            reap_all(&crowd);
            exit(1);
        }
    };
    // The hog's warm-up; then the window, timed here, off the crowd's CPU.
    std::thread::sleep(Duration::from_secs(1));
    let before: u64 = crowd.iter().map(|&p| cpu_ns(p)).sum();
    let (units_before, hog_before) = (count.load(Ordering::Relaxed), cpu_ns(hog_pid));
    std::thread::sleep(Duration::from_secs(o.secs));
    let (units_after, hog_after) = (count.load(Ordering::Relaxed), cpu_ns(hog_pid));
    let after: u64 = crowd.iter().map(|&p| cpu_ns(p)).sum();
    reap_all(&[hog_pid]);
    reap_all(&crowd);
    let units = units_after.saturating_sub(units_before);
    let hog_ns = hog_after.saturating_sub(hog_before);

    let slice = o.slice_us.map_or("none".to_string(), |s| s.to_string());
    println!(
        "crowd tasks={} ln={} slice_us={slice} secs={} hog_units={units} hog_units_per_s={} \
         hog_cpu_ms={} crowd_cpu_ms={}",
        o.tasks,
        o.ln,
        o.secs,
        units / o.secs,
        hog_ns / 1_000_000,
        after.saturating_sub(before) / 1_000_000
    );
}
