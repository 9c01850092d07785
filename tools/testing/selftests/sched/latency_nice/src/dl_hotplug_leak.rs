// SPDX-License-Identifier: GPL-2.0

//! Reproducer of a deadline bandwidth accounting error in mainline Linux 7.2 (not in the
//! series: it needs no latency_nice and runs on the base kernel too), found by the fuzzer's
//! soak.
//!
//! A task that leaves SCHED_DEADLINE while queued keeps its bandwidth reserved until its
//! 0-lag time, when the inactive timer gives it back (`task_non_contending()`,
//! `inactive_task_timer()`). The 0-lag time is `deadline - runtime * period / dl_runtime`:
//! for a task that overran a small runtime (100 us, enforced at the next 1 ms tick) it is
//! up to a second away. CPU hotplug rebuilds the root domain's `dl_bw->total_bw` from the deadline
//! tasks and servers it finds (`dl_rebuild_rd_accounting()`); the task is no longer one, so
//! its bandwidth is not counted, and when the timer fires it is subtracted from the new total
//! anyway: `total_bw` ends below what the servers alone reserve, and can go negative.
//!
//! Three rounds on one spinning child: without hotplug (the control: `total_bw` must come
//! back to its start), then with CPU 1 taken offline and back while the release is pending,
//! then 300 deadline calls in a row as the fuzzer makes them (random runtime, deadline,
//! period and deadline flags; back to SCHED_IDLE after each, and the next one only once the
//! total is back), no hotplug: each call that leaves bandwidth behind for good is printed.
//! The fuzzer's soak saw leaks of that kind too, not yet explained. Output: TAP. Exit 0 if every round ends where it started, 1 if one
//! does not, 2 if the setup fails (no debugfs, fewer than 2 CPUs, not root). With the
//! argument `burst`, only the third round runs.

use std::fs;
use std::process::exit;
use std::thread::sleep;
use std::time::Duration;

use sched_attr::{sched_setattr, SchedAttr};

const SCHED_OTHER: u32 = 0;
const SCHED_IDLE: u32 = 5;
const SCHED_DEADLINE: u32 = 6;

/// `dl_bw->total_bw` of the root domain, from the scheduler's debug file (the same value on
/// every CPU of the one root domain); signed: the error can take it below zero.
fn total_bw() -> Option<i64> {
    let debug = fs::read_to_string("/sys/kernel/debug/sched/debug").ok()?;
    debug
        .lines()
        .find_map(|l| l.trim().strip_prefix(".dl_bw->total_bw"))
        .and_then(|v| v.trim_start_matches([' ', ':']).trim().parse().ok())
}

/// `dl_bw->total_bw` as each CPU's section of the debug file shows it (one value per root
/// domain the CPUs are in: all equal while there is one).
fn each_cpu_total_bw() -> Vec<i64> {
    fs::read_to_string("/sys/kernel/debug/sched/debug")
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().strip_prefix(".dl_bw->total_bw"))
        .filter_map(|v| v.trim_start_matches([' ', ':']).trim().parse().ok())
        .collect()
}

/// The CPU `pid` last ran on (field 39 of /proc/PID/stat), or -1.
fn task_cpu(pid: i32) -> i64 {
    fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|st| {
            let rest = st.rsplit_once(')')?.1;
            rest.split_whitespace().nth(36)?.parse().ok()
        })
        .unwrap_or(-1)
}

fn setup_fail(what: &str) -> ! {
    println!("Bail out! dl_hotplug_leak: {what}");
    exit(2);
}

fn set_online(cpu: u32, on: bool) {
    let path = format!("/sys/devices/system/cpu/cpu{cpu}/online");
    if let Err(e) = fs::write(&path, if on { "1\n" } else { "0\n" }) {
        setup_fail(&format!("{path} <- {}: {e}", u8::from(on)));
    }
}

/// One round: the child becomes a deadline task with a 100 us runtime every 30 ms, overruns
/// it (by up to a tick or two: its 0-lag time is then up to ~0.6 s away), goes back to SCHED_OTHER while queued (its release pending), optionally CPU 1 goes
/// offline and online, and after 5 s (past any 0-lag time here) the total must be `start`.
fn round(child: i32, start: i64, hotplug: bool) -> Option<i64> {
    let dl = SchedAttr {
        sched_policy: SCHED_DEADLINE,
        sched_runtime: 100_000,
        sched_deadline: 30_000_000,
        sched_period: 30_000_000,
        ..Default::default()
    };
    if let Err(e) = sched_setattr(child, &dl) {
        setup_fail(&format!("SCHED_DEADLINE on the child: {e}"));
    }
    sleep(Duration::from_millis(100));
    let other = SchedAttr {
        sched_policy: SCHED_OTHER,
        ..Default::default()
    };
    if let Err(e) = sched_setattr(child, &other) {
        setup_fail(&format!("SCHED_OTHER on the child: {e}"));
    }
    let pending = total_bw();
    if hotplug {
        set_online(1, false);
        set_online(1, true);
    }
    let rebuilt = total_bw();
    sleep(Duration::from_secs(5));
    let end = total_bw();
    println!(
        "# {}: total_bw {start} at the start, {pending:?} after leaving SCHED_DEADLINE, {rebuilt:?} {}, {end:?} 5 s later",
        if hotplug { "hotplug" } else { "control" },
        if hotplug { "after CPU 1 went offline and online" } else { "then" }
    );
    end
}

/// Round 3: `calls` deadline calls with parameters drawn like the fuzzer's (a fixed LCG, so
/// every run makes the same calls), each followed by a return to SCHED_IDLE after 0-3 ms of
/// spinning. After each, `total_bw` is polled until it is back at its start (10 s at most):
/// a call whose bandwidth is still there then leaked it, and is printed. Returns the number
/// of leaking calls.
fn burst(child: i32, start: i64, calls: u32) -> u32 {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: u64| {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (x >> 33) % n
    };
    let (mut admitted, mut leaks, mut expect) = (0, 0, start);
    for i in 0..calls {
        let runtime = 1_000 + next(5_000_000);
        let deadline = runtime + next(20_000_000);
        let period = if next(2) == 0 {
            0
        } else {
            deadline + next(10_000_000)
        };
        // RESET_ON_FORK, RECLAIM, DL_OVERRUN at random.
        let flags = next(8);
        let spin = next(3_000);
        let dl = SchedAttr {
            sched_policy: SCHED_DEADLINE,
            sched_flags: flags,
            sched_runtime: runtime,
            sched_deadline: deadline,
            sched_period: period,
            ..Default::default()
        };
        let ok = sched_setattr(child, &dl).is_ok();
        admitted += u32::from(ok);
        sleep(Duration::from_micros(spin));
        let idle = SchedAttr {
            sched_policy: SCHED_IDLE,
            ..Default::default()
        };
        if let Err(e) = sched_setattr(child, &idle) {
            setup_fail(&format!("SCHED_IDLE on the child: {e}"));
        }
        let mut now = total_bw();
        for _ in 0..1000 {
            if now == Some(expect) {
                break;
            }
            sleep(Duration::from_millis(10));
            now = total_bw();
        }
        if now != Some(expect) {
            leaks += 1;
            println!(
                "# call {i}: runtime {runtime} deadline {deadline} period {period} flags {flags:#x}, {} spun {spin} us, then SCHED_IDLE: total_bw {expect} -> {now:?} 10 s later (per CPU {:?}, child on CPU {})",
                if ok { "admitted" } else { "refused" },
                each_cpu_total_bw(),
                task_cpu(child)
            );
            expect = now.unwrap_or(expect);
        }
    }
    println!("# burst: {calls} deadline calls, {admitted} admitted, {leaks} left bandwidth behind: total_bw {start} at the start, {expect} at the end");
    leaks
}

fn main() {
    let Some(start) = total_bw() else {
        setup_fail("no dl_bw->total_bw in /sys/kernel/debug/sched/debug");
    };
    if std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
        setup_fail("CPU 1 is needed for the hotplug round");
    }
    // SAFETY: the child only spins until it is killed.
    let child = match unsafe { libc::fork() } {
        0 => loop {
            std::hint::spin_loop();
        },
        pid if pid > 0 => pid,
        _ => setup_fail("fork failed"),
    };
    // `dl_hotplug_leak burst`: the burst alone, on a total no hotplug has touched.
    let burst_only = std::env::args().nth(1).as_deref() == Some("burst");
    println!("TAP version 13");
    println!("1..3");
    let mut fail = false;
    for (n, hotplug) in [(1, false), (2, true)] {
        if burst_only {
            println!("ok {n} # SKIP burst only");
            continue;
        }
        // Each round is judged from where the last one left the total.
        let start = total_bw().unwrap_or(start);
        let end = round(child, start, hotplug);
        let name = if hotplug {
            "CPU hotplug while a release is pending"
        } else {
            "control: no hotplug"
        };
        if end == Some(start) {
            println!("ok {n} {name}: total_bw back at {start}");
        } else {
            println!("not ok {n} {name}: total_bw {end:?}, started at {start}");
            fail = true;
        }
    }
    let leaks = burst(child, total_bw().unwrap_or(start), 300);
    if leaks == 0 {
        println!("ok 3 deadline calls in a row: every call's bandwidth given back");
    } else {
        println!("not ok 3 deadline calls in a row: {leaks} calls left their bandwidth behind");
        fail = true;
    }
    // SAFETY: killing and reaping our own child.
    unsafe {
        libc::kill(child, libc::SIGKILL);
        libc::waitpid(child, std::ptr::null_mut(), 0);
    }
    exit(i32::from(fail));
}
