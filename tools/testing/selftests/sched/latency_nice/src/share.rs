// SPDX-License-Identifier: GPL-2.0

//! How much CPU does a task get with latency_nice, next to CPU hogs on one CPU?
//!
//! latency_nice is meant to change *when* a task is served, not *how much* CPU it gets, which
//! is why lowering it needs no privilege. An unprivileged "adversary" that uses latency_nice
//! -20 and a pattern EEVDF's accounting handles badly must therefore still get no more than
//! its fair share. It did not: an unprivileged fork chain at -20 (each child runs ~1 ms and
//! exits, the parent waits and forks the next; every child is a new entity that inherits -20)
//! got up to 1.9x its fair share next to CPU hogs on one CPU. This program measures that
//! share, for an adversary of one of these modes at latency_nice `LN`:
//!
//! * `fork-chain`: a parent that forks a child, which spins `W` us of its own CPU time and
//!   exits; the parent waits for it and forks the next. The children inherit latency_nice.
//! * `sleep-spin`: spins `W` us of CPU time, sleeps 1 us (plus the timer slack), again.
//! * `spin`: spins; the control, which must get the fair share.
//!
//! All of them share CPU `C` (every process is pinned there) with `N` hogs that spin at
//! latency_nice 0. After a warm-up of one second, the CPU time of every participant is sampled,
//! and again `S` seconds later; shares are of the CPU time all participants got in that window.
//! CPU time comes from `/proc/PID/schedstat` (the first field, ns; without CONFIG_SCHED_INFO,
//! `/proc/PID/stat`'s utime+stime, in clock ticks). This process is pinned to `C` too: while
//! it reads, no participant runs, so the samples are one consistent cut, and each runtime is
//! up to date (a task's runtime is brought up to date when it leaves the CPU). The fork
//! chain's children are counted through the adversary parent: after reaping each child it
//! publishes its `getrusage(RUSAGE_CHILDREN)` utime+stime (the exact sum of the reaped
//! children's runtimes, in ns, truncated to us only once) in memory shared with this process;
//! its CPU time in the window is that value's delta plus the delta of its own schedstat. A
//! child still running at either sample is counted when it is reaped, so each end of the
//! window is off by at most one child (`W` us).
//!
//! With `--user UID`, the hogs and the adversary switch to that user (after pinning, before
//! setting latency_nice): what an unprivileged user gets. This process stays as it is, so
//! that it can read and kill them all. `--ln 0` makes no `sched_setattr()` call (only a
//! `sched_getattr()`, to undo an inherited non-zero latency_nice), so it runs on a kernel
//! without latency_nice too.
//!
//! With `--cgroup DIR` (DIR in a mounted cgroup2 hierarchy, e.g. `/sys/fs/cgroup/lnshare`),
//! the adversary competes through a task group. This process creates DIR, after removing a
//! leftover of an earlier run (DIR's `adversary` and `hog<i>` children, then DIR itself; if
//! one of them cannot be removed, e.g. as it still holds a task or other groups, it fails),
//! enables the cpu controller in the `cgroup.subtree_control` of DIR's parent (where it stays
//! enabled) and of DIR, and gives every participant a group of its own: `DIR/adversary`,
//! `DIR/hog0`, `DIR/hog1`, ... Each participant moves itself into its group before it switches
//! user; the fork chain's children inherit the adversary's. The groups have the same weight,
//! so the fair share is still 1/(N+1). `--group-ln LN` sets the adversary's group's
//! `cpu.latency.nice` to LN, written by the adversary itself once it has switched user: with
//! `--user UID`, `DIR/adversary` and its `cgroup.procs` and `cpu.latency.nice` are chowned to
//! UID, a group delegated to that user (cgroup v2 delegation), so the write is what that user
//! can do. A refused write (EACCES, EPERM, ...) is a setup error. `--ln` stays the adversary's
//! own latency_nice. On every way out (an error or a signal too), once the participants are
//! killed and reaped, the groups and DIR are removed.
//!
//! With `--sessions`, every participant starts a session of its own (`setsid()`), as a shell
//! does for a job started with `setsid`: with `CONFIG_SCHED_AUTOGROUP` each session is an
//! autogroup, so the adversary competes through its autogroup's group entity, whose weight is
//! the hogs' (autogroup nice 0): the fair share is still 1/(N+1). The fork chain's children
//! stay in the adversary's session. It needs autogroup on
//! (`/proc/sys/kernel/sched_autogroup_enabled` 1) and excludes `--cgroup` (a task in a cgroup
//! other than the root is in no autogroup).
//!
//! With `--slice-us R`, the adversary asks for mainline's custom slice of R us
//! (`sched_attr.sched_runtime`, which needs no privilege; the fork chain's children inherit
//! it): the baseline the credit's bound is stated against, since an unprivileged latency_nice
//! -20 is a request of 0.1 ms. It runs on a kernel without latency_nice too.
//!
//! Usage: `latency_nice_share MODE --hogs N --secs S --ln LN [--cpu C] [--work-us W]
//! [--slice-us R] [--user UID] [--cgroup DIR [--group-ln LN] | --sessions]`. Prints, one per
//! line:
//!
//! ```text
//! share adversary mode=fork-chain ln=-20 hogs=4 work_us=1000 cpu_ns=... share_permille=...
//!   fair_permille=... pid=... uid=... own_ns=... children_ns=... children=...
//!   cgroup=/sys/fs/cgroup/lnshare group_ln=-20 sessions=off slice_us=none
//! share hog pid=... cpu_ns=... share_permille=...
//! share summary adversary_over_fair_permille=... total_ns=... window_ns=... source=schedstat
//! ```
//!
//! (the adversary line is one line; `cgroup=none` without `--cgroup`, `group_ln=unset`
//! without `--group-ln`; `sessions=on` with `--sessions`; `slice_us=R` with `--slice-us`),
//! where the fair share is 1/(N+1) of the CPU time all participants got in the window, and `adversary_over_fair_permille` is 1000 when the
//! adversary got exactly that. Exit 2 on bad usage (nothing started), 1 if a system call or a
//! participant fails; every process started is killed and reaped before the exit.

use std::ffi::CString;
use std::io::{self, Write};
use std::process::exit;
use std::sync::atomic::{AtomicI32, AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use sched_attr::cli::errmsg;
use sched_attr::{
    latency_nice, sched_getattr, sched_setattr, SchedAttr, MAX_LATENCY_NICE, MIN_LATENCY_NICE,
    SCHED_ATTR_SIZE_VER2, SCHED_FLAG_KEEP_ALL, SCHED_FLAG_LATENCY_NICE,
};

const PROG: &str = "latency_nice_share";
const USAGE: &str = "usage: latency_nice_share MODE --hogs N --secs S --ln LN [--cpu C] \
                     [--work-us W]
         [--slice-us R] [--user UID] [--cgroup DIR [--group-ln LN] | --sessions]
  MODE      fork-chain | sleep-spin | spin: what the adversary does
  --hogs N  CPU hogs at latency_nice 0 beside the adversary (0..1024)
  --secs S  length of the measured window, after a 1 s warm-up (1..3600)
  --ln LN   latency_nice of the adversary (-20..19); 0 sets nothing
  --cpu C   the one CPU everything runs on (default 0)
  --work-us W  CPU time (us) of a fork-chain child or a sleep-spin round (1..1000000,
            default 1000)
  --slice-us R  the adversary's custom slice (sched_runtime), in us (100..100000)
  --user UID  run the hogs and the adversary as this user (setgid/setuid to UID)
  --cgroup DIR  put the adversary and each hog in a cpu cgroup of its own, DIR/adversary,
            DIR/hog0, ...; DIR (created, then removed) is in a mounted cgroup2 hierarchy
  --group-ln LN  cpu.latency.nice of DIR/adversary (-20..19), written by the adversary
            itself after it became --user (DIR/adversary is delegated to that user)
  --sessions  start every participant in a session (an autogroup) of its own";

/// The time everything runs before the first sample.
const WARMUP: Duration = Duration::from_secs(1);

/// The process group of the participants, for the signal handler (0: none yet).
static PGID: AtomicI32 = AtomicI32::new(0);

/// The cgroups of `--cgroup` (DIR first, then its children), for the signal handler: a
/// leaked slice of `GROUP_COUNT` paths, or null.
static GROUP_PATHS: AtomicPtr<CString> = AtomicPtr::new(std::ptr::null_mut());
static GROUP_COUNT: AtomicUsize = AtomicUsize::new(0);

/// statfs()'s f_type of a cgroup2 file system.
const CGROUP2_SUPER_MAGIC: i128 = 0x6367_7270;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    ForkChain,
    SleepSpin,
    Spin,
}

impl Mode {
    fn parse(s: &str) -> Option<Mode> {
        match s {
            "fork-chain" => Some(Mode::ForkChain),
            "sleep-spin" => Some(Mode::SleepSpin),
            "spin" => Some(Mode::Spin),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Mode::ForkChain => "fork-chain",
            Mode::SleepSpin => "sleep-spin",
            Mode::Spin => "spin",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Opts {
    mode: Mode,
    hogs: u32,
    secs: u64,
    ln: i32,
    cpu: usize,
    work_us: u64,
    /// `--slice-us`: the adversary's custom slice, us.
    slice_us: Option<u64>,
    user: Option<u32>,
    /// `--cgroup`: the directory of the participants' groups.
    cgroup: Option<String>,
    /// `--group-ln`: cpu.latency.nice of the adversary's group.
    group_ln: Option<i32>,
    /// `--sessions`: every participant in a session, so an autogroup, of its own.
    sessions: bool,
}

/// What the command line asks for: a run, or the usage text.
#[derive(Debug, PartialEq, Eq)]
enum Cmd {
    Run(Opts),
    Help,
}

/// `text` as a `T` in `range`, or a message naming `what`.
fn number<T>(what: &str, text: &str, range: std::ops::RangeInclusive<T>) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display,
{
    match text.parse::<T>() {
        Ok(v) if range.contains(&v) => Ok(v),
        _ => Err(format!(
            "invalid {what} '{text}' (expected {}..{})",
            range.start(),
            range.end()
        )),
    }
}

/// Parses the arguments after the program name. `--opt VALUE` and `--opt=VALUE` both work;
/// MODE may also be given as `--mode MODE`.
fn parse_args(args: &[String]) -> Result<Cmd, String> {
    let mut mode = None;
    let (mut hogs, mut secs, mut ln) = (None, None, None);
    let (mut cpu, mut work_us, mut user, mut slice_us) = (0, 1000, None, None);
    let (mut cgroup, mut group_ln, mut sessions) = (None, None, false);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if arg == "-h" || arg == "--help" {
            return Ok(Cmd::Help);
        }
        if !arg.starts_with("--") {
            if mode.is_some() {
                return Err(format!("unexpected argument '{arg}'"));
            }
            mode = Some(Mode::parse(arg).ok_or_else(|| format!("unknown mode '{arg}'"))?);
            continue;
        }
        if arg == "--sessions" {
            sessions = true;
            continue;
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
            "--mode" => {
                if mode.is_some() {
                    return Err("MODE given twice".to_string());
                }
                mode = Some(Mode::parse(&value).ok_or_else(|| format!("unknown mode '{value}'"))?);
            }
            "--hogs" => hogs = Some(number("--hogs", &value, 0..=1024)?),
            "--secs" => secs = Some(number("--secs", &value, 1..=3600)?),
            "--ln" => ln = Some(number("--ln", &value, MIN_LATENCY_NICE..=MAX_LATENCY_NICE)?),
            "--cpu" => cpu = number("--cpu", &value, 0..=libc::CPU_SETSIZE as usize - 1)?,
            "--work-us" => work_us = number("--work-us", &value, 1..=1_000_000)?,
            // The range the kernel clamps sched_runtime of a fair task to: 0.1..100 ms.
            "--slice-us" => slice_us = Some(number("--slice-us", &value, 100..=100_000)?),
            // u32::MAX is setuid()'s "leave it".
            "--user" => user = Some(number("--user", &value, 0..=u32::MAX - 1)?),
            "--cgroup" => {
                let dir = value.trim_end_matches('/');
                if dir.is_empty() || dir.contains('\0') {
                    return Err(format!("invalid --cgroup '{value}' (expected a directory)"));
                }
                cgroup = Some(dir.to_string());
            }
            "--group-ln" => {
                group_ln = Some(number(
                    "--group-ln",
                    &value,
                    MIN_LATENCY_NICE..=MAX_LATENCY_NICE,
                )?)
            }
            _ => return Err(format!("unknown option '{name}'")),
        }
    }
    if group_ln.is_some() && cgroup.is_none() {
        return Err("--group-ln needs --cgroup".to_string());
    }
    if sessions && cgroup.is_some() {
        return Err("--sessions and --cgroup exclude each other".to_string());
    }
    Ok(Cmd::Run(Opts {
        mode: mode.ok_or("no MODE given")?,
        hogs: hogs.ok_or("--hogs is required")?,
        secs: secs.ok_or("--secs is required")?,
        ln: ln.ok_or("--ln is required")?,
        cpu,
        work_us,
        slice_us,
        user,
        cgroup,
        group_ln,
        sessions,
    }))
}

/// `part` of `total` in permille, rounded to nearest; None if `total` is 0.
fn permille(part: u64, total: u64) -> Option<u64> {
    if total == 0 {
        return None;
    }
    let (part, total) = (u128::from(part), u128::from(total));
    u64::try_from((part * 1000 + total / 2) / total).ok()
}

/// The adversary's CPU time `adv` over its fair share, 1/`participants` of `total`, in
/// permille (1000: exactly fair), rounded to nearest; None if `total` or `participants` is 0.
fn over_fair_permille(adv: u64, total: u64, participants: u64) -> Option<u64> {
    if total == 0 || participants == 0 {
        return None;
    }
    let (adv, total) = (
        u128::from(adv) * u128::from(participants),
        u128::from(total),
    );
    u64::try_from((adv * 1000 + total / 2) / total).ok()
}

/// Where the CPU time of a process is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// `/proc/PID/schedstat`, first field: ns on the CPU.
    Schedstat,
    /// `/proc/PID/stat`, utime+stime, in clock ticks of `tick_ns` ns.
    Stat { tick_ns: u64 },
}

impl Source {
    fn name(self) -> &'static str {
        match self {
            Source::Schedstat => "schedstat",
            Source::Stat { .. } => "stat",
        }
    }
}

/// The first field of `/proc/PID/schedstat` ("RUN_NS WAIT_NS TIMESLICES").
fn parse_schedstat(text: &str) -> Option<u64> {
    text.split_whitespace().next()?.parse().ok()
}

/// utime+stime (fields 14 and 15, clock ticks) of `/proc/PID/stat`; the command name in
/// parentheses may hold spaces and parentheses, so fields are counted after the last ')'.
fn parse_stat_ticks(text: &str) -> Option<u64> {
    let rest = &text[text.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11); // field 3 (state) is the first here
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    utime.checked_add(stime)
}

/// schedstat where the kernel fills it, else `/proc/PID/stat`. A kernel without
/// CONFIG_SCHED_INFO has no such file or (older ones) writes "0 0 0"; with it, a process that
/// got the CPU has counted at least one timeslice (the third field), while its runtime (the
/// first) may still read 0 until its first tick or switch.
fn pick_source() -> Result<Source, String> {
    let filled = std::fs::read_to_string("/proc/self/schedstat").is_ok_and(|t| {
        let fields: Vec<Option<u64>> = t.split_whitespace().map(|f| f.parse().ok()).collect();
        fields.len() >= 3
            && fields.iter().all(Option::is_some)
            && fields.iter().any(|f| *f != Some(0))
    });
    if filled {
        return Ok(Source::Schedstat);
    }
    // SAFETY: sysconf only reads a constant.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if hz <= 0 {
        return Err("sysconf(_SC_CLK_TCK) failed".to_string());
    }
    Ok(Source::Stat {
        tick_ns: 1_000_000_000 / hz as u64,
    })
}

/// CPU time (ns) of the single-threaded process `pid`.
fn cpu_ns(pid: i32, source: Source) -> Result<u64, String> {
    let (path, value) = match source {
        Source::Schedstat => {
            let path = format!("/proc/{pid}/schedstat");
            let text = std::fs::read_to_string(&path);
            let v = text.as_deref().ok().and_then(parse_schedstat);
            (path, text.map(|_| v))
        }
        Source::Stat { tick_ns } => {
            let path = format!("/proc/{pid}/stat");
            let text = std::fs::read_to_string(&path);
            let v = text
                .as_deref()
                .ok()
                .and_then(parse_stat_ticks)
                .and_then(|t| t.checked_mul(tick_ns));
            (path, text.map(|_| v))
        }
    };
    match value {
        Ok(Some(ns)) => Ok(ns),
        Ok(None) => Err(format!("{path}: cannot parse it")),
        Err(e) => Err(format!("{path}: {}", errmsg(&e))),
    }
}

/// What the fork chain's parent publishes to this process.
#[repr(C)]
struct Shared {
    /// utime+stime (ns) of all children reaped so far, from `getrusage(RUSAGE_CHILDREN)`.
    children_ns: AtomicU64,
    /// How many children were reaped.
    children: AtomicU64,
    /// errno of a failed fork(), after which the parent exits.
    fork_errno: AtomicI32,
}

/// A `Shared` in an anonymous shared mapping, zeroed, which fork() children share.
fn map_shared() -> Result<&'static Shared, String> {
    // SAFETY: a fresh anonymous mapping, no pointer of ours is passed.
    let p = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            std::mem::size_of::<Shared>(),
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if p == libc::MAP_FAILED {
        return Err(format!("mmap: {}", errmsg(&io::Error::last_os_error())));
    }
    // SAFETY: the mapping is page-aligned, zero-filled (all-zero atomics are valid) and never
    // unmapped, so a 'static shared reference to it is sound.
    Ok(unsafe { &*p.cast::<Shared>() })
}

fn tv_ns(tv: libc::timeval) -> u64 {
    (tv.tv_sec as u64) * 1_000_000_000 + (tv.tv_usec as u64) * 1000
}

fn clock_ns(clock: libc::clockid_t) -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clocks used here always exist.
    unsafe { libc::clock_gettime(clock, &mut ts) };
    (ts.tv_sec as u64) * 1_000_000_000 + ts.tv_nsec as u64
}

/// Spins until this thread has used `ns` more of CPU time.
fn spin_cpu(ns: u64) {
    let start = clock_ns(libc::CLOCK_THREAD_CPUTIME_ID);
    while clock_ns(libc::CLOCK_THREAD_CPUTIME_ID).saturating_sub(start) < ns {
        std::hint::spin_loop();
    }
}

fn spin_forever() -> ! {
    let mut i = 0u64;
    loop {
        i = std::hint::black_box(i.wrapping_add(1));
    }
}

fn os_error(what: &str) -> String {
    format!("{what}: {}", errmsg(&io::Error::last_os_error()))
}

fn pin(cpu: usize) -> Result<(), String> {
    // SAFETY: a zeroed cpu_set_t is a valid empty set; CPU_SET and sched_setaffinity only
    // touch that local set, whose size is passed along.
    let rc = unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set)
    };
    if rc != 0 {
        return Err(os_error(&format!("sched_setaffinity(CPU {cpu})")));
    }
    Ok(())
}

/// Switches to `uid` (and the group of the same number, no supplementary groups).
fn become_user(uid: u32) -> Result<(), String> {
    // SAFETY: plain system calls on this process's own credentials; setgroups gets no list.
    unsafe {
        if libc::geteuid() == 0 && libc::setgroups(0, std::ptr::null()) != 0 {
            return Err(os_error("setgroups"));
        }
        if libc::setgid(uid) != 0 {
            return Err(os_error(&format!("setgid({uid})")));
        }
        if libc::setuid(uid) != 0 {
            return Err(os_error(&format!("setuid({uid})")));
        }
    }
    Ok(())
}

/// Gives the caller latency_nice `ln`. For 0 (the default) nothing is set unless the caller
/// inherited another value, which only a kernel with latency_nice can report: on one without
/// it, latency_nice 0 makes no `sched_setattr()` call.
fn set_own_latency_nice(ln: i32) -> Result<(), String> {
    if ln == 0 && latency_nice(0).unwrap_or(0) == 0 {
        return Ok(());
    }
    let attr = SchedAttr {
        sched_policy: libc::SCHED_OTHER as u32,
        sched_flags: SCHED_FLAG_KEEP_ALL | SCHED_FLAG_LATENCY_NICE,
        sched_latency_nice: ln,
        ..Default::default()
    };
    sched_setattr(0, &attr).map_err(|e| format!("sched_setattr(latency_nice {ln}): {}", errmsg(&e)))
}

/// `path` as a C string.
fn cpath(path: &str) -> Result<CString, String> {
    CString::new(path).map_err(|_| format!("{path}: a NUL in the path"))
}

/// Removes the directories `paths`, the last first. One that is not there is skipped; one
/// that is busy (a cgroup whose last task may still be on its way out) is tried again for up
/// to a second. A path that stays, by its index, with the errno; None if none did.
/// Async-signal-safe (rmdir, nanosleep, errno), for the signal handler too.
fn rmdir_all(paths: &[CString]) -> Option<(usize, i32)> {
    let pause = libc::timespec {
        tv_sec: 0,
        tv_nsec: 5_000_000,
    };
    let mut failed = None;
    for (i, path) in paths.iter().enumerate().rev() {
        let mut tries = 0;
        loop {
            // SAFETY: a NUL-terminated path that lives as long as `paths`.
            if unsafe { libc::rmdir(path.as_ptr()) } == 0 {
                break;
            }
            let errno = io::Error::last_os_error().raw_os_error().unwrap_or(0);
            if errno == libc::ENOENT {
                break;
            }
            if errno != libc::EBUSY || tries == 200 {
                failed = failed.or(Some((i, errno)));
                break;
            }
            tries += 1;
            // SAFETY: `pause` is a valid timespec; a null remainder is allowed.
            unsafe { libc::nanosleep(&pause, std::ptr::null_mut()) };
        }
    }
    failed
}

/// Whether `name` is one of the groups `Groups::create()` makes in DIR.
fn is_member_name(name: &str) -> bool {
    name == "adversary"
        || name
            .strip_prefix("hog")
            .is_some_and(|i| !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit()))
}

/// Removes `dir`, left by an earlier run: its `adversary` and `hog<i>` subdirectories, then
/// itself. Fails if one of them stays (still holds a task, or other groups).
fn remove_leftover(dir: &str) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{dir}: {}", errmsg(&e)))?;
    let mut names = vec![dir.to_string()];
    for entry in entries {
        let entry = entry.map_err(|e| format!("{dir}: {}", errmsg(&e)))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if is_member_name(&name) && entry.file_type().is_ok_and(|t| t.is_dir()) {
            names.push(format!("{dir}/{name}"));
        }
    }
    let paths = names
        .iter()
        .map(|n| cpath(n))
        .collect::<Result<Vec<_>, _>>()?;
    match rmdir_all(&paths) {
        None => Ok(()),
        Some((i, errno)) => Err(format!(
            "{dir} is there already and cannot be removed (left by an earlier run? in use?): \
             rmdir {}: {}",
            names[i],
            errmsg(&io::Error::from_raw_os_error(errno))
        )),
    }
}

/// Enables the cpu controller for the children of cgroup `group`, unless it is already.
fn enable_cpu(group: &str) -> Result<(), String> {
    let path = format!("{group}/cgroup.subtree_control");
    let now = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {}", errmsg(&e)))?;
    if now.split_whitespace().any(|c| c == "cpu") {
        return Ok(());
    }
    std::fs::write(&path, "+cpu").map_err(|e| format!("{path}: writing +cpu: {}", errmsg(&e)))
}

/// The cgroups of `--cgroup`: DIR and a group for each participant. Dropping it removes them
/// (the children first); `Participants` drops it once it has reaped every task.
struct Groups {
    /// DIR, DIR/adversary, DIR/hog0, DIR/hog1, ...
    names: Vec<String>,
    /// The same as C strings, leaked: the signal handler has them too (`GROUP_PATHS`).
    paths: &'static [CString],
}

impl Groups {
    /// Creates DIR `dir` (after removing a leftover of an earlier run), enables the cpu
    /// controller in its parent and in it, and creates a group for the adversary and each
    /// hog; with `--user`, delegates the adversary's to that user.
    fn create(dir: &str, o: &Opts) -> Result<Groups, String> {
        let parent = match std::path::Path::new(dir).parent() {
            Some(p) if p.as_os_str().is_empty() => ".".to_string(),
            Some(p) => p.to_string_lossy().into_owned(),
            None => return Err(format!("--cgroup {dir}: not a directory to create")),
        };
        let cparent = cpath(&parent)?;
        // SAFETY: all-zero is a valid statfs, for statfs() to fill.
        let mut st: libc::statfs = unsafe { std::mem::zeroed() };
        // SAFETY: a NUL-terminated path and a writable statfs.
        if unsafe { libc::statfs(cparent.as_ptr(), &mut st) } != 0 {
            return Err(os_error(&format!("--cgroup {dir}: statfs({parent})")));
        }
        if i128::from(st.f_type) != CGROUP2_SUPER_MAGIC {
            return Err(format!(
                "--cgroup {dir}: {parent} is not in a cgroup2 hierarchy (mount -t cgroup2 none \
                 /sys/fs/cgroup)"
            ));
        }
        let mut names = vec![dir.to_string(), format!("{dir}/adversary")];
        names.extend((0..o.hogs).map(|i| format!("{dir}/hog{i}")));
        let paths = names
            .iter()
            .map(|n| cpath(n))
            .collect::<Result<Vec<_>, _>>()?;
        if std::fs::symlink_metadata(dir).is_ok() {
            remove_leftover(dir)?;
        }
        enable_cpu(&parent)?;
        std::fs::create_dir(dir).map_err(|e| format!("mkdir {dir}: {}", errmsg(&e)))?;
        // From here on, what was created is removed on the way out: by the drop of `groups`,
        // or by the signal handler.
        let paths: &'static [CString] = Box::leak(paths.into_boxed_slice());
        GROUP_COUNT.store(paths.len(), Ordering::SeqCst);
        GROUP_PATHS.store(paths.as_ptr().cast_mut(), Ordering::SeqCst);
        let groups = Groups { names, paths };
        enable_cpu(dir)?;
        for name in &groups.names[1..] {
            std::fs::create_dir(name).map_err(|e| format!("mkdir {name}: {}", errmsg(&e)))?;
        }
        let adversary = &groups.names[1];
        let ln_file = format!("{adversary}/cpu.latency.nice");
        let has_ln = std::fs::symlink_metadata(&ln_file).is_ok();
        if o.group_ln.is_some() && !has_ln {
            return Err(format!(
                "{ln_file}: not there (a kernel without cpu.latency.nice?)"
            ));
        }
        if let Some(uid) = o.user {
            let mut files = vec![adversary.clone(), format!("{adversary}/cgroup.procs")];
            if has_ln {
                files.push(ln_file);
            }
            for file in files {
                let c = cpath(&file)?;
                // SAFETY: a NUL-terminated path; plain system call.
                if unsafe { libc::chown(c.as_ptr(), uid, uid) } != 0 {
                    return Err(os_error(&format!("chown({file}, {uid})")));
                }
            }
        }
        Ok(groups)
    }

    /// The group of a participant of `role`; `hog` is the index of a hog.
    fn member(&self, role: Role, hog: usize) -> &str {
        match role {
            Role::Adversary(_) => &self.names[1],
            Role::Hog => &self.names[2 + hog],
        }
    }
}

impl Drop for Groups {
    fn drop(&mut self) {
        if let Some((i, errno)) = rmdir_all(self.paths) {
            eprintln!(
                "{PROG}: rmdir {}: {} (left behind: the next run removes it)",
                self.names[i],
                errmsg(&io::Error::from_raw_os_error(errno))
            );
        }
        GROUP_PATHS.store(std::ptr::null_mut(), Ordering::SeqCst);
        GROUP_COUNT.store(0, Ordering::SeqCst);
    }
}

#[derive(Clone, Copy)]
enum Role {
    Hog,
    Adversary(Mode),
}

/// The fork chain's parent: fork a child that spins `work_ns` of CPU time and exits, reap it,
/// publish the children's CPU time, again.
fn fork_chain(work_ns: u64, shared: &Shared) -> ! {
    loop {
        // SAFETY: the child only spins and _exits; this process is single-threaded.
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            spin_cpu(work_ns);
            // SAFETY: leaving the child without running any destructors.
            unsafe { libc::_exit(0) };
        }
        if pid < 0 {
            let e = io::Error::last_os_error().raw_os_error().unwrap_or(0);
            shared.fork_errno.store(e, Ordering::SeqCst);
            // SAFETY: plain exit; the controller reports the errno.
            unsafe { libc::_exit(1) };
        }
        // SAFETY: all-zero is a valid rusage.
        let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
        let mut status = 0;
        // SAFETY: waiting for our own child; `status` is a valid out pointer.
        while unsafe { libc::waitpid(pid, &mut status, 0) } < 0 {
            if io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
                break;
            }
        }
        // SAFETY: `ru` is a valid, writable rusage.
        unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut ru) };
        shared
            .children_ns
            .store(tv_ns(ru.ru_utime) + tv_ns(ru.ru_stime), Ordering::SeqCst);
        shared.children.fetch_add(1, Ordering::SeqCst);
    }
}

fn sleep_spin(work_ns: u64) -> ! {
    let ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 1000,
    };
    loop {
        spin_cpu(work_ns);
        // SAFETY: `ts` is a valid timespec; a null remainder is allowed.
        unsafe { libc::clock_nanosleep(libc::CLOCK_MONOTONIC, 0, &ts, std::ptr::null_mut()) };
    }
}

/// The setup of a participant, in the child: process group, CPU, cgroup `group`, user, death
/// signal, the adversary's group's cpu.latency.nice, latency_nice.
fn child_setup(
    o: &Opts,
    role: Role,
    pgid: i32,
    controller: i32,
    group: Option<&str>,
) -> Result<(), String> {
    let joined = if o.sessions {
        // A session, so an autogroup, of its own; the controller kills it by pid (and the
        // adversary's process group with it).
        // SAFETY: setsid on ourselves; a fresh child of fork() leads no process group.
        unsafe { libc::setsid() >= 0 }
    } else {
        // SAFETY: setpgid on ourselves.
        unsafe { libc::setpgid(0, pgid) == 0 }
    };
    if !joined {
        return Err(os_error(if o.sessions { "setsid" } else { "setpgid" }));
    }
    pin(o.cpu)?;
    if let Some(group) = group {
        // Before the user switch: this one may move itself from where it is.
        let path = format!("{group}/cgroup.procs");
        // SAFETY: getpid cannot fail.
        let pid = unsafe { libc::getpid() };
        std::fs::write(&path, format!("{pid}\n"))
            .map_err(|e| format!("{path}: writing {pid}: {}", errmsg(&e)))?;
    }
    if let Some(uid) = o.user {
        become_user(uid)?;
    }
    // After the uid change, which clears it. SAFETY: prctl with integer arguments only.
    if unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) } != 0 {
        return Err(os_error("prctl(PR_SET_PDEATHSIG)"));
    }
    // SAFETY: getppid cannot fail.
    if unsafe { libc::getppid() } != controller {
        return Err("the controller is gone".to_string());
    }
    // After the user switch: what that user can do in a group delegated to it.
    if let (Role::Adversary(_), Some(group), Some(ln)) = (role, group, o.group_ln) {
        let path = format!("{group}/cpu.latency.nice");
        // SAFETY: geteuid cannot fail.
        let uid = unsafe { libc::geteuid() };
        std::fs::write(&path, format!("{ln}\n"))
            .map_err(|e| format!("{path}: writing {ln} as uid {uid}: {}", errmsg(&e)))?;
    }
    set_own_latency_nice(match role {
        Role::Hog => 0,
        Role::Adversary(_) => o.ln,
    })?;
    match (role, o.slice_us) {
        (Role::Adversary(_), Some(us)) => set_own_slice(us),
        _ => Ok(()),
    }
}

/// Gives the caller mainline's custom slice of `us` microseconds: SCHED_OTHER at nice 0 (what
/// every participant runs at) with `sched_runtime`, keeping latency_nice (no
/// SCHED_FLAG_LATENCY_NICE; the struct's latency_nice bytes are 0, which a kernel without
/// latency_nice accepts as the tail of a larger struct).
fn set_own_slice(us: u64) -> Result<(), String> {
    let attr = SchedAttr {
        sched_policy: libc::SCHED_OTHER as u32,
        sched_runtime: us.saturating_mul(1000),
        ..Default::default()
    };
    sched_setattr(0, &attr).map_err(|e| format!("sched_setattr(slice {us} us): {}", errmsg(&e)))
}

fn write_all(fd: i32, mut buf: &[u8]) {
    while !buf.is_empty() {
        // SAFETY: `buf` is readable for its length.
        let n = unsafe { libc::write(fd, buf.as_ptr().cast(), buf.len()) };
        if n <= 0 {
            return;
        }
        buf = &buf[n as usize..];
    }
}

/// The participants started so far, in their own process group: killed and reaped on drop,
/// whatever way `run()` leaves; then their cgroups are removed.
struct Participants {
    pgid: i32,
    hogs: Vec<i32>,
    adversary: i32,
    groups: Option<Groups>,
}

impl Participants {
    /// Forks a participant of `role`, waits until it is set up: its pid, or why it failed.
    fn spawn(&mut self, o: &Opts, role: Role, shared: &'static Shared) -> Result<i32, String> {
        let mut fds = [0; 2];
        // SAFETY: `fds` is a valid array of two ints.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return Err(os_error("pipe2"));
        }
        let controller = std::process::id() as i32;
        let group = self
            .groups
            .as_ref()
            .map(|g| g.member(role, self.hogs.len()).to_string());
        // SAFETY: this process is single-threaded; the child runs setup code and its loop.
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            // SAFETY: closing the read end, restoring the default signal dispositions.
            unsafe {
                libc::close(fds[0]);
                for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                    libc::signal(sig, libc::SIG_DFL);
                }
            }
            let msg = match child_setup(o, role, self.pgid, controller, group.as_deref()) {
                Ok(()) => "+".to_string(),
                Err(e) => format!("-{e}"),
            };
            write_all(fds[1], msg.as_bytes());
            // SAFETY: our own pipe end; nothing else of it is used.
            unsafe { libc::close(fds[1]) };
            if msg != "+" {
                // SAFETY: leaving the child without running the parent's destructors.
                unsafe { libc::_exit(1) };
            }
            let work_ns = o.work_us * 1000;
            match role {
                Role::Hog | Role::Adversary(Mode::Spin) => spin_forever(),
                Role::Adversary(Mode::SleepSpin) => sleep_spin(work_ns),
                Role::Adversary(Mode::ForkChain) => fork_chain(work_ns, shared),
            }
        }
        // SAFETY: our write end; the child has its own copy.
        unsafe { libc::close(fds[1]) };
        if pid < 0 {
            let e = os_error("fork");
            // SAFETY: our read end.
            unsafe { libc::close(fds[0]) };
            return Err(e);
        }
        if o.sessions {
            // Each leads a session and a process group of its own; the adversary's group
            // (with the fork chain's children) is the one to kill as a group.
            if let Role::Adversary(_) = role {
                self.pgid = pid;
                PGID.store(pid, Ordering::SeqCst);
            }
        } else {
            // The first participant leads the group. The child joins it itself before it
            // reports; the parent moves it too, so that it is a member before anything may
            // have to be killed (an error here means it is gone already: its reply says why).
            if self.pgid == 0 {
                self.pgid = pid;
                PGID.store(pid, Ordering::SeqCst);
            }
            // SAFETY: plain system call on our own child.
            unsafe { libc::setpgid(pid, self.pgid) };
        }
        match role {
            Role::Hog => self.hogs.push(pid),
            Role::Adversary(_) => self.adversary = pid,
        }
        let mut reply = Vec::new();
        let mut buf = [0u8; 512];
        loop {
            // SAFETY: `buf` is writable for its length.
            let n = unsafe { libc::read(fds[0], buf.as_mut_ptr().cast(), buf.len()) };
            if n > 0 {
                reply.extend_from_slice(&buf[..n as usize]);
            } else if n == 0 || io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
                break;
            }
        }
        // SAFETY: our read end.
        unsafe { libc::close(fds[0]) };
        let who = match role {
            Role::Hog => format!("hog {pid}"),
            Role::Adversary(_) => format!("adversary {pid}"),
        };
        match reply.split_first() {
            Some((b'+', _)) => Ok(pid),
            Some((_, msg)) => Err(format!("{who}: {}", String::from_utf8_lossy(msg))),
            None => Err(format!("{who}: exited during its setup")),
        }
    }

    /// Whether every participant still runs (an error names the first that does not).
    fn check_alive(&self, shared: &Shared) -> Result<(), String> {
        let all = self
            .hogs
            .iter()
            .map(|&p| (p, "hog"))
            .chain([(self.adversary, "adversary")]);
        for (pid, what) in all {
            let mut status = 0;
            // SAFETY: `status` is a valid out pointer; WNOHANG on our own child.
            let r = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
            if r == 0 {
                continue;
            }
            let fork_errno = shared.fork_errno.load(Ordering::SeqCst);
            if what == "adversary" && fork_errno != 0 {
                let e = io::Error::from_raw_os_error(fork_errno);
                return Err(format!("adversary {pid}: fork: {}", errmsg(&e)));
            }
            return Err(format!(
                "{what} {pid} ended during the run (wait status {status:#x})"
            ));
        }
        Ok(())
    }
}

impl Drop for Participants {
    fn drop(&mut self) {
        // SAFETY: signals to our own process group, waits for our own children (the fork
        // chain's orphans are ours too: this process is a child subreaper).
        unsafe {
            if self.pgid > 0 {
                libc::kill(-self.pgid, libc::SIGKILL);
            }
            for &pid in self.hogs.iter().chain([&self.adversary]) {
                if pid > 0 {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
            loop {
                if libc::waitpid(-1, std::ptr::null_mut(), 0) < 0
                    && io::Error::last_os_error().raw_os_error() != Some(libc::EINTR)
                {
                    break;
                }
            }
        }
        PGID.store(0, Ordering::SeqCst);
        // Now that no task is left in them.
        drop(self.groups.take());
    }
}

/// SIGINT, SIGTERM, SIGHUP: kill and reap the participants (and the fork chain's orphans,
/// which are ours as this process is a child subreaper), remove the cgroups of `--cgroup`,
/// exit as the signal would (128+sig).
extern "C" fn on_signal(sig: libc::c_int) {
    let pgid = PGID.load(Ordering::SeqCst);
    // SAFETY: kill, waitpid, rmdir_all() and _exit are async-signal-safe; GROUP_PATHS, when
    // not null, is a leaked slice of GROUP_COUNT paths (stored before it).
    unsafe {
        if pgid > 0 {
            libc::kill(-pgid, libc::SIGKILL);
        }
        while libc::waitpid(-1, std::ptr::null_mut(), 0) > 0 {}
        let paths = GROUP_PATHS.load(Ordering::SeqCst);
        if !paths.is_null() {
            rmdir_all(std::slice::from_raw_parts(
                paths,
                GROUP_COUNT.load(Ordering::SeqCst),
            ));
        }
        libc::_exit(128 + sig);
    }
}

fn install_signal_handlers() -> Result<(), String> {
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: a zeroed sigaction with a handler of the right type and an empty mask.
        let rc = unsafe {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            libc::sigemptyset(&mut sa.sa_mask);
            libc::sigaction(sig, &sa, std::ptr::null_mut())
        };
        if rc != 0 {
            return Err(os_error("sigaction"));
        }
    }
    Ok(())
}

/// The CPU time counters at one instant.
struct Sample {
    adversary_own: u64,
    children_ns: u64,
    children: u64,
    hogs: Vec<u64>,
}

fn sample(p: &Participants, shared: &Shared, source: Source) -> Result<Sample, String> {
    let adversary_own = cpu_ns(p.adversary, source)?;
    let children_ns = shared.children_ns.load(Ordering::SeqCst);
    let children = shared.children.load(Ordering::SeqCst);
    let hogs = p
        .hogs
        .iter()
        .map(|&pid| cpu_ns(pid, source))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Sample {
        adversary_own,
        children_ns,
        children,
        hogs,
    })
}

/// Runs the measurement and returns the lines to print.
fn run(o: &Opts) -> Result<Vec<String>, String> {
    if o.ln != 0 {
        let size = sched_getattr(0).map(|a| a.size).unwrap_or(0);
        if size < SCHED_ATTR_SIZE_VER2 {
            return Err(format!(
                "this kernel has no latency_nice (sched_getattr() fills {size} of \
                 {SCHED_ATTR_SIZE_VER2} bytes); only --ln 0 runs here"
            ));
        }
    }
    if o.sessions {
        const AUTOGROUP: &str = "/proc/sys/kernel/sched_autogroup_enabled";
        match std::fs::read_to_string(AUTOGROUP) {
            Ok(v) if v.trim() == "1" => {}
            Ok(v) => {
                return Err(format!(
                    "--sessions: autogroup is off ({AUTOGROUP} is {})",
                    v.trim()
                ))
            }
            Err(e) => {
                return Err(format!(
                    "--sessions: this kernel has no autogroup ({AUTOGROUP}: {})",
                    errmsg(&e)
                ))
            }
        }
    }
    let source = pick_source()?;
    pin(o.cpu)?;
    // SAFETY: prctl with integer arguments only.
    if unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong) } != 0 {
        return Err(os_error("prctl(PR_SET_CHILD_SUBREAPER)"));
    }
    let shared = map_shared()?;
    install_signal_handlers()?;
    let uid = match o.user {
        Some(u) => u,
        // SAFETY: getuid cannot fail.
        None => unsafe { libc::getuid() },
    };

    let groups = match &o.cgroup {
        Some(dir) => Some(Groups::create(dir, o)?),
        None => None,
    };
    let mut p = Participants {
        pgid: 0,
        hogs: Vec::new(),
        adversary: 0,
        groups,
    };
    for _ in 0..o.hogs {
        p.spawn(o, Role::Hog, shared)?;
    }
    p.spawn(o, Role::Adversary(o.mode), shared)?;

    std::thread::sleep(WARMUP);
    let t0 = Instant::now();
    let s0 = sample(&p, shared, source)?;
    std::thread::sleep(Duration::from_secs(o.secs));
    let s1 = sample(&p, shared, source)?;
    let window_ns = t0.elapsed().as_nanos();
    p.check_alive(shared)?;
    let pids = (p.adversary, p.hogs.clone());
    drop(p);

    let own = s1.adversary_own.saturating_sub(s0.adversary_own);
    let children_ns = s1.children_ns.saturating_sub(s0.children_ns);
    let adversary = own + children_ns;
    let hogs: Vec<u64> = s1
        .hogs
        .iter()
        .zip(&s0.hogs)
        .map(|(b, a)| b.saturating_sub(*a))
        .collect();
    // The window's CPU time of all participants; the fair share is 1/(N+1) of it.
    let total = adversary + hogs.iter().sum::<u64>();
    let participants = u64::from(o.hogs) + 1;
    let nothing = || "no participant ran in the window".to_string();
    let group = match (&o.cgroup, o.group_ln) {
        (None, _) => "cgroup=none".to_string(),
        (Some(dir), Some(ln)) => format!("cgroup={dir} group_ln={ln}"),
        (Some(dir), None) => format!("cgroup={dir} group_ln=unset"),
    };
    let slice = o
        .slice_us
        .map_or_else(|| "none".to_string(), |us| us.to_string());
    let group = format!(
        "{group} sessions={} slice_us={slice}",
        if o.sessions { "on" } else { "off" }
    );
    let mut lines = vec![format!(
        "share adversary mode={} ln={} hogs={} work_us={} cpu_ns={adversary} share_permille={} \
         fair_permille={} pid={} uid={uid} own_ns={own} children_ns={children_ns} children={} \
         {group}",
        o.mode.name(),
        o.ln,
        o.hogs,
        o.work_us,
        permille(adversary, total).ok_or_else(nothing)?,
        permille(1, participants).ok_or_else(nothing)?,
        pids.0,
        s1.children.saturating_sub(s0.children),
    )];
    for (pid, ns) in pids.1.iter().zip(&hogs) {
        lines.push(format!(
            "share hog pid={pid} cpu_ns={ns} share_permille={}",
            permille(*ns, total).ok_or_else(nothing)?
        ));
    }
    lines.push(format!(
        "share summary adversary_over_fair_permille={} total_ns={total} window_ns={window_ns} \
         source={}",
        over_fair_permille(adversary, total, participants).ok_or_else(nothing)?,
        source.name()
    ));
    Ok(lines)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match parse_args(&args) {
        Ok(Cmd::Run(o)) => o,
        Ok(Cmd::Help) => {
            // Nothing to report if stdout is gone (`--help | head -1`).
            let _ = writeln!(io::stdout(), "{USAGE}");
            return;
        }
        Err(e) => {
            eprintln!("{PROG}: {e}");
            eprintln!("{USAGE}");
            exit(2);
        }
    };
    let lines = run(&opts).unwrap_or_else(|e| {
        eprintln!("{PROG}: {e}");
        exit(1);
    });
    let mut out = io::stdout().lock();
    if let Err(e) = lines
        .iter()
        .try_for_each(|l| writeln!(out, "{l}"))
        .and_then(|()| out.flush())
    {
        eprintln!("{PROG}: stdout: {}", errmsg(&e));
        exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_a_full_command_line() {
        let got = parse_args(&args(
            "fork-chain --hogs 4 --secs 10 --ln -20 --cpu 3 --work-us 3000 --user 65534",
        ));
        assert_eq!(
            got,
            Ok(Cmd::Run(Opts {
                mode: Mode::ForkChain,
                hogs: 4,
                secs: 10,
                ln: -20,
                cpu: 3,
                work_us: 3000,
                slice_us: None,
                user: Some(65534),
                cgroup: None,
                group_ln: None,
                sessions: false,
            }))
        );
    }

    #[test]
    fn defaults_and_attached_values() {
        let got = parse_args(&args("--hogs=1 --secs=2 --ln=0 --mode=spin"));
        assert_eq!(
            got,
            Ok(Cmd::Run(Opts {
                mode: Mode::Spin,
                hogs: 1,
                secs: 2,
                ln: 0,
                cpu: 0,
                work_us: 1000,
                slice_us: None,
                user: None,
                cgroup: None,
                group_ln: None,
                sessions: false,
            }))
        );
        assert_eq!(parse_args(&args("spin --help")), Ok(Cmd::Help));
    }

    #[test]
    fn parses_cgroup_options() {
        let base = "fork-chain --hogs 4 --secs 10 --ln -20 --user 65534";
        let got = parse_args(&args(&format!("{base} --cgroup /x --group-ln -20")));
        let want = Opts {
            mode: Mode::ForkChain,
            hogs: 4,
            secs: 10,
            ln: -20,
            cpu: 0,
            work_us: 1000,
            slice_us: None,
            user: Some(65534),
            cgroup: Some("/x".to_string()),
            group_ln: Some(-20),
            sessions: false,
        };
        assert_eq!(got, Ok(Cmd::Run(want.clone())));
        // A trailing slash goes; --group-ln is optional, in either order.
        let got = parse_args(&args(&format!("--group-ln=19 {base} --cgroup=/x/")));
        let want19 = Opts {
            group_ln: Some(19),
            ..want.clone()
        };
        assert_eq!(got, Ok(Cmd::Run(want19)));
        let got = parse_args(&args(&format!("{base} --cgroup /x")));
        let unset = Opts {
            group_ln: None,
            ..want
        };
        assert_eq!(got, Ok(Cmd::Run(unset)));
        for bad in [
            "--group-ln -20",
            "--group-ln 0",
            "--cgroup /x --group-ln -21",
            "--cgroup /x --group-ln 20",
            "--cgroup /x --group-ln x",
            "--cgroup /x --group-ln",
            "--cgroup /",
            "--cgroup",
        ] {
            let line = format!("{base} {bad}");
            assert!(parse_args(&args(&line)).is_err(), "accepted '{line}'");
        }
    }

    #[test]
    fn parses_sessions() {
        let got = parse_args(&args("sleep-spin --sessions --hogs 4 --secs 10 --ln -20"));
        let want = Opts {
            mode: Mode::SleepSpin,
            hogs: 4,
            secs: 10,
            ln: -20,
            cpu: 0,
            work_us: 1000,
            slice_us: None,
            user: None,
            cgroup: None,
            group_ln: None,
            sessions: true,
        };
        assert_eq!(got, Ok(Cmd::Run(want)));
    }

    #[test]
    fn parses_a_custom_slice() {
        let base = "fork-chain --hogs 4 --secs 10 --ln 0 --sessions";
        match parse_args(&args(&format!("{base} --slice-us 100"))) {
            Ok(Cmd::Run(o)) => assert_eq!(o.slice_us, Some(100)),
            other => panic!("{other:?}"),
        }
        match parse_args(&args(&format!("{base} --slice-us=100000"))) {
            Ok(Cmd::Run(o)) => assert_eq!(o.slice_us, Some(100_000)),
            other => panic!("{other:?}"),
        }
        match parse_args(&args(base)) {
            Ok(Cmd::Run(o)) => assert_eq!(o.slice_us, None),
            other => panic!("{other:?}"),
        }
        for bad in ["99", "100001", "0", "-100", "x", ""] {
            let line = format!("{base} --slice-us={bad}");
            assert!(parse_args(&args(&line)).is_err(), "accepted '{line}'");
        }
        assert!(parse_args(&args(&format!("{base} --slice-us"))).is_err());
    }

    #[test]
    fn member_names() {
        for good in ["adversary", "hog0", "hog17"] {
            assert!(is_member_name(good), "{good}");
        }
        for bad in ["hog", "hogs", "hog1a", "adversary2", "", "cgroup.procs"] {
            assert!(!is_member_name(bad), "{bad}");
        }
    }

    #[test]
    fn removes_directories_and_leftovers() {
        let top = std::env::temp_dir().join(format!("ln-share-test-{}", std::process::id()));
        let dir = top.to_string_lossy().into_owned();
        let _ = std::fs::remove_dir_all(&top);
        for sub in ["", "/adversary", "/hog0", "/hog1"] {
            std::fs::create_dir(format!("{dir}{sub}")).unwrap();
        }
        // Children first; a path that is not there is skipped.
        let paths: Vec<CString> = ["", "/adversary", "/hog0", "/hog1", "/hog2"]
            .iter()
            .map(|sub| cpath(&format!("{dir}{sub}")).unwrap())
            .collect();
        assert_eq!(rmdir_all(&paths), None);
        assert!(!top.exists());
        // One that is not empty stays, and is named.
        std::fs::create_dir_all(format!("{dir}/hog0/x")).unwrap();
        assert_eq!(
            rmdir_all(&paths[..3]).map(|(i, e)| (i, e == libc::ENOTEMPTY)),
            Some((2, true))
        );
        // A leftover: its members go, but not another directory.
        std::fs::remove_dir(format!("{dir}/hog0/x")).unwrap();
        std::fs::create_dir(format!("{dir}/adversary")).unwrap();
        std::fs::create_dir(format!("{dir}/other")).unwrap();
        assert!(remove_leftover(&dir).is_err());
        assert!(top.join("other").exists());
        assert!(!top.join("hog0").exists() && !top.join("adversary").exists());
        std::fs::remove_dir(format!("{dir}/other")).unwrap();
        assert_eq!(remove_leftover(&dir), Ok(()));
        assert!(!top.exists());
    }

    #[test]
    fn rejects_bad_command_lines() {
        for bad in [
            "",
            "spin --hogs 1 --secs 2",
            "--hogs 1 --secs 2 --ln 0",
            "walk --hogs 1 --secs 2 --ln 0",
            "spin spin --hogs 1 --secs 2 --ln 0",
            "spin --mode spin --hogs 1 --secs 2 --ln 0",
            "spin --hogs 1 --secs 2 --ln -21",
            "spin --hogs 1 --secs 2 --ln 20",
            "spin --hogs -1 --secs 2 --ln 0",
            "spin --hogs 1 --secs 0 --ln 0",
            "spin --hogs 1 --secs 2 --ln 0 --work-us 0",
            "spin --hogs 1 --secs 2 --ln 0 --cpu 1024",
            "spin --hogs 1 --secs 2 --ln 0 --user 4294967295",
            "spin --hogs 1 --secs 2 --ln 0 --user",
            "spin --hogs 1 --secs 2 --ln 0 --frobnicate 1",
            "spin --hogs x --secs 2 --ln 0",
            "spin --hogs 1 --secs 2 --ln 0 --group-ln -20",
            "spin --hogs 1 --secs 2 --ln 0 --sessions --cgroup /x",
            "spin --hogs 1 --secs 2 --ln 0 --sessions=1",
        ] {
            assert!(parse_args(&args(bad)).is_err(), "accepted '{bad}'");
        }
    }

    #[test]
    fn share_arithmetic() {
        assert_eq!(permille(1, 2), Some(500));
        assert_eq!(permille(1, 3), Some(333));
        assert_eq!(permille(2, 3), Some(667));
        assert_eq!(permille(1, 5), Some(200));
        assert_eq!(permille(0, 5), Some(0));
        assert_eq!(permille(5, 0), None);
        // Large ns values do not overflow.
        assert_eq!(permille(u64::MAX / 2, u64::MAX), Some(500));
        // Exactly fair: 1000; 1.9x the fair fifth of 10 s next to 4 hogs: 1900.
        assert_eq!(over_fair_permille(2_000, 10_000, 5), Some(1000));
        assert_eq!(over_fair_permille(3_800, 10_000, 5), Some(1900));
        assert_eq!(over_fair_permille(500, 1_000, 2), Some(1000));
        assert_eq!(over_fair_permille(0, 1_000, 2), Some(0));
        assert_eq!(over_fair_permille(1, 0, 2), None);
        assert_eq!(over_fair_permille(1, 1, 0), None);
    }

    #[test]
    fn parses_proc_files() {
        assert_eq!(parse_schedstat("123456789 42 7\n"), Some(123_456_789));
        assert_eq!(parse_schedstat(""), None);
        let stat = "42 (a) b (c) R 1 42 42 0 -1 4194304 93 0 0 0 150 25 0 0 20 0 1 0 5 0 0";
        assert_eq!(parse_stat_ticks(stat), Some(175));
        assert_eq!(parse_stat_ticks("42 (x) R 1"), None);
    }
}
