// SPDX-License-Identifier: GPL-2.0

//! How long does a write of `cpu.latency.nice` take next to many runnable tasks?
//!
//! On Linux 7.3 a group's `cpu.latency.nice` is its tasks' effective latency_nice, so a write
//! must reach the group's queued tasks at once. It walked every fair task queued on every CPU
//! (`rq->cfs_tasks`), each CPU's walk under that CPU's rq lock: next to 10^4 runnable tasks of
//! other groups, a write of a group with no task held one runqueue lock for 10^4 steps. It now
//! visits the tasks of the group and of the groups below it, each under its own rq lock. This
//! program measures it: a load process in its own group `DIR/load`, pinned to CPU `C`, starts
//! `N` threads that wait (a futex) until all exist and then spin; a sleeping task sits in `DIR/target`;
//! this process, on another CPU, then writes -5 and 0 in turn to `DIR/target/cpu.latency.nice`
//! `W` times and times each write (`CLOCK_MONOTONIC`). It is a benchmark, not a test: it prints
//! the times and judges nothing.
//!
//! Usage: `latency_nice_group_write --tasks N --writes W --cgroup DIR [--cpu C]`. Prints:
//!
//! ```text
//! group_write tasks=N cpu=C writes=W min_us=... p50_us=... p99_us=... max_us=...
//! ```
//!
//! Exit 2 on bad usage (nothing started), 1 if a step fails; the load and the sleeper are
//! killed and reaped and the groups removed before any exit.

use std::fs;
use std::io::Write;
use std::process::exit;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use sched_attr::cli::errmsg;

const PROG: &str = "latency_nice_group_write";
const USAGE: &str = "usage: latency_nice_group_write --tasks N --writes W --cgroup DIR [--cpu C]
  --tasks N   runnable threads of the load, all on CPU C (1..100000)
  --writes W  writes of cpu.latency.nice to time (1..100000)
  --cgroup DIR  a new directory in a cgroup2 mount, for the load's and the target's groups
  --cpu C     the load's CPU (default 1); this process runs on another one";

/// Stack of a load thread: it only spins.
const THREAD_STACK: usize = 64 * 1024;

#[derive(Debug, PartialEq, Eq)]
struct Opts {
    tasks: usize,
    writes: usize,
    cgroup: String,
    cpu: usize,
}

fn number(what: &str, text: &str, max: usize) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(v) if (1..=max).contains(&v) => Ok(v),
        _ => Err(format!("invalid {what} '{text}' (expected 1..{max})")),
    }
}

/// The options, or None for --help.
fn parse_args(args: &[String]) -> Result<Option<Opts>, String> {
    let (mut tasks, mut writes, mut cgroup, mut cpu) = (None, None, None, 1);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if arg == "-h" || arg == "--help" {
            return Ok(None);
        }
        let (name, attached) = match arg.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (arg.as_str(), None),
        };
        let value = match attached {
            Some(v) => v,
            None => it
                .next()
                .cloned()
                .ok_or_else(|| format!("option {name} requires an argument"))?,
        };
        match name {
            "--tasks" => tasks = Some(number("--tasks", &value, 100_000)?),
            "--writes" => writes = Some(number("--writes", &value, 100_000)?),
            "--cpu" => {
                cpu = value
                    .parse::<usize>()
                    .ok()
                    .filter(|&c| c < libc::CPU_SETSIZE as usize)
                    .ok_or_else(|| format!("invalid --cpu '{value}'"))?
            }
            "--cgroup" => {
                if !value.starts_with('/') {
                    return Err(format!("--cgroup '{value}' is not an absolute path"));
                }
                cgroup = Some(value)
            }
            _ => return Err(format!("unknown option '{name}'")),
        }
    }
    Ok(Some(Opts {
        tasks: tasks.ok_or("--tasks is required")?,
        writes: writes.ok_or("--writes is required")?,
        cgroup: cgroup.ok_or("--cgroup is required")?,
        cpu,
    }))
}

fn os_error(what: &str) -> String {
    format!("{what}: {}", errmsg(&std::io::Error::last_os_error()))
}

fn write_file(path: &str, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("write '{text}' to {path}: {e}"))
}

fn pin(cpu: usize) -> Result<(), String> {
    // SAFETY: a zeroed cpu_set_t is a valid empty set; CPU_SET is given an index below
    // CPU_SETSIZE (checked by the caller's parse).
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) != 0 {
            return Err(os_error("sched_setaffinity"));
        }
    }
    Ok(())
}

/// Forks a child that joins `group` and runs `body`; its pid.
fn spawn(group: &str, body: impl FnOnce() -> Result<(), String>) -> Result<i32, String> {
    // SAFETY: this process is single-threaded here; the child only runs `body` and exits.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(os_error("fork"));
    }
    if pid == 0 {
        // SAFETY: prctl with integer arguments only.
        unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) };
        let r = write_file(&format!("{group}/cgroup.procs"), "0").and_then(|()| body());
        if let Err(e) = r {
            eprintln!("{PROG}: child: {e}");
        }
        // SAFETY: leaving the child without running the parent's destructors.
        unsafe { libc::_exit(1) };
    }
    Ok(pid)
}

/// Set to 1 when every load thread exists: they wait on it (a futex) until then.
static GO: AtomicU32 = AtomicU32::new(0);

/// The load: `n` threads on `cpu`, waiting until all exist, then spinning. They are woken
/// by one FUTEX_WAKE of all: a pipe's readers would wake one another one by one, each only
/// once it runs among the spinners already woken.
fn load(n: usize, cpu: usize) -> Result<(), String> {
    pin(cpu)?;
    for i in 0..n {
        std::thread::Builder::new()
            .stack_size(THREAD_STACK)
            .spawn(|| {
                while GO.load(Ordering::Acquire) == 0 {
                    // SAFETY: FUTEX_WAIT on a live static word; returns at once if it is not 0.
                    unsafe {
                        libc::syscall(
                            libc::SYS_futex,
                            GO.as_ptr(),
                            libc::FUTEX_WAIT | libc::FUTEX_PRIVATE_FLAG,
                            0,
                            std::ptr::null::<libc::timespec>(),
                        )
                    };
                }
                loop {
                    std::hint::spin_loop();
                }
            })
            .map_err(|e| format!("thread {i}: {e}"))?;
    }
    GO.store(1, Ordering::Release);
    // SAFETY: FUTEX_WAKE of every waiter on a live static word.
    unsafe {
        libc::syscall(
            libc::SYS_futex,
            GO.as_ptr(),
            libc::FUTEX_WAKE | libc::FUTEX_PRIVATE_FLAG,
            i32::MAX,
        )
    };
    loop {
        // SAFETY: plain system call; the load waits to be killed.
        unsafe { libc::pause() };
    }
}

/// The threads of `pid` and how many of them are runnable (state R in
/// /proc/PID/task/*/stat).
fn threads(pid: i32) -> (usize, usize) {
    let Ok(dir) = fs::read_dir(format!("/proc/{pid}/task")) else {
        return (0, 0);
    };
    let (mut all, mut runnable) = (0, 0);
    for e in dir.filter_map(|e| e.ok()) {
        all += 1;
        let stat = fs::read_to_string(e.path().join("stat")).unwrap_or_default();
        if let Some((_, rest)) = stat.rsplit_once(')') {
            runnable += usize::from(rest.trim_start().starts_with('R'));
        }
    }
    (all, runnable)
}

/// Whether `path` is on a cgroup2 mount.
fn on_cgroup2(path: &str) -> bool {
    let Ok(c) = std::ffi::CString::new(path) else {
        return false;
    };
    // SAFETY: a zeroed statfs is a valid buffer for statfs() to fill; `c` is a C string.
    unsafe {
        let mut st: libc::statfs = std::mem::zeroed();
        libc::statfs(c.as_ptr(), &mut st) == 0 && st.f_type as i64 == 0x6367_7270
    }
}

fn percentile(sorted: &[u64], p: usize) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    sorted[(sorted.len() - 1) * p / 100]
}

fn run(o: &Opts, children: &mut Vec<i32>) -> Result<String, String> {
    let dir = &o.cgroup;
    let parent = std::path::Path::new(dir)
        .parent()
        .and_then(|p| p.to_str())
        .ok_or_else(|| format!("--cgroup '{dir}' has no parent"))?
        .to_string();
    if !on_cgroup2(&parent) {
        return Err(format!("{parent} is not on a cgroup2 mount"));
    }
    let _ = write_file(&format!("{parent}/cgroup.subtree_control"), "+cpu");
    fs::create_dir(dir).map_err(|e| format!("mkdir {dir}: {e}"))?;
    write_file(&format!("{dir}/cgroup.subtree_control"), "+cpu")?;
    for g in ["load", "target"] {
        fs::create_dir(format!("{dir}/{g}")).map_err(|e| format!("mkdir {dir}/{g}: {e}"))?;
    }
    let here = (o.cpu + 1) % num_cpus();
    if here == o.cpu {
        return Err("needs two CPUs".to_string());
    }
    pin(here)?;
    let (n, cpu) = (o.tasks, o.cpu);
    children.push(spawn(&format!("{dir}/load"), move || load(n, cpu))?);
    children.push(spawn(&format!("{dir}/target"), || loop {
        // SAFETY: plain system call; the sleeper waits to be killed.
        unsafe { libc::pause() };
    })?);
    let start = Instant::now();
    loop {
        let (all, runnable) = threads(children[0]);
        if runnable >= o.tasks {
            break;
        }
        if start.elapsed() > Duration::from_secs(900) {
            return Err(format!(
                "{runnable} of {} load threads runnable after 900 s ({all} threads)",
                o.tasks
            ));
        }
        eprintln!("{PROG}: load: {all} threads, {runnable} runnable");
        std::thread::sleep(Duration::from_secs(5));
    }
    let file = format!("{dir}/target/cpu.latency.nice");
    let mut us = Vec::with_capacity(o.writes);
    for i in 0..o.writes {
        let value = if i % 2 == 0 { "-5" } else { "0" };
        let t = Instant::now();
        write_file(&file, value)?;
        us.push(t.elapsed().as_micros() as u64);
    }
    us.sort_unstable();
    Ok(format!(
        "group_write tasks={} cpu={} writes={} min_us={} p50_us={} p99_us={} max_us={}",
        o.tasks,
        o.cpu,
        o.writes,
        us[0],
        percentile(&us, 50),
        percentile(&us, 99),
        us[us.len() - 1]
    ))
}

fn num_cpus() -> usize {
    // SAFETY: sysconf has no memory side effects.
    let n = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) };
    if n < 1 {
        1
    } else {
        n as usize
    }
}

/// Kills and reaps the children, removes the groups (retrying while they empty).
fn cleanup(o: &Opts, children: &[i32]) {
    for &pid in children {
        // SAFETY: plain system calls on our own children.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
            libc::waitpid(pid, std::ptr::null_mut(), 0);
        }
    }
    for g in ["load", "target", ""] {
        let path = format!("{}/{g}", o.cgroup);
        let start = Instant::now();
        while fs::metadata(&path).is_ok() && fs::remove_dir(&path).is_err() {
            if start.elapsed() > Duration::from_secs(10) {
                eprintln!("{PROG}: could not remove {path}");
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let o = match parse_args(&args) {
        Ok(Some(o)) => o,
        Ok(None) => {
            println!("{USAGE}");
            return;
        }
        Err(e) => {
            eprintln!("{PROG}: {e}");
            eprintln!("{USAGE}");
            exit(2);
        }
    };
    let mut children = Vec::new();
    let result = run(&o, &mut children);
    cleanup(&o, &children);
    match result {
        Ok(line) => {
            println!("{line}");
            let _ = std::io::stdout().flush();
        }
        Err(e) => {
            eprintln!("{PROG}: {e}");
            exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses() {
        let o = parse_args(&args(
            "--tasks 10000 --writes 200 --cgroup /sys/fs/cgroup/w --cpu 0",
        ))
        .unwrap()
        .unwrap();
        assert_eq!(o.tasks, 10_000);
        assert_eq!(o.writes, 200);
        assert_eq!(o.cpu, 0);
        assert_eq!(o.cgroup, "/sys/fs/cgroup/w");
        assert_eq!(parse_args(&args("--help")).unwrap(), None);
    }

    #[test]
    fn rejects() {
        for bad in [
            "--writes 1 --cgroup /x",
            "--tasks 0 --writes 1 --cgroup /x",
            "--tasks 1 --writes 1 --cgroup x",
            "--tasks 1 --writes 1",
            "--tasks 1 --writes 1 --cgroup /x --cpu -1",
            "--tasks 1 --writes 1 --cgroup /x --bogus 1",
        ] {
            assert!(parse_args(&args(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn percentiles() {
        let v = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
        assert_eq!(percentile(&v, 50), 5);
        assert_eq!(percentile(&v, 99), 9);
        assert_eq!(percentile(&[], 50), 0);
    }
}
