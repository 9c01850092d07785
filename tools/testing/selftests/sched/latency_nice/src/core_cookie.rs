// SPDX-License-Identifier: GPL-2.0

//! Run a command in a core-scheduling group of its own.
//!
//! Creates a new core scheduling cookie for the calling thread group
//! (`prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 0, PIDTYPE_TGID)`), then executes the command;
//! the cookie survives `execve()` and is inherited by the command's children. Nothing in
//! busybox or util-linux 2.38 sets one, and the in-guest core scheduling test needs tasks with
//! different cookies on SMT siblings.
//!
//! Usage: `latency_nice_core_cookie COMMAND [ARG...]`. Exit 2 on bad usage, 1 if the cookie
//! cannot be created (ENODEV: no SMT siblings active; EINVAL: no CONFIG_SCHED_CORE), 127 if
//! the command cannot be executed.

use std::os::unix::process::CommandExt;
use std::process::{exit, Command};

/// `PIDTYPE_TGID` of include/linux/pid_types.h: the cookie covers the whole thread group.
const PIDTYPE_TGID: libc::c_ulong = 1;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = args.split_first() else {
        eprintln!("usage: latency_nice_core_cookie COMMAND [ARG...]");
        exit(2);
    };
    // SAFETY: prctl(PR_SCHED_CORE, CREATE, pid 0 = self, PIDTYPE_TGID, no user pointer) takes
    // only integer arguments and touches no memory of this process.
    let r = unsafe {
        libc::prctl(
            libc::PR_SCHED_CORE,
            libc::PR_SCHED_CORE_CREATE as libc::c_ulong,
            0 as libc::c_ulong,
            PIDTYPE_TGID,
            0 as libc::c_ulong,
        )
    };
    if r != 0 {
        eprintln!(
            "latency_nice_core_cookie: PR_SCHED_CORE_CREATE: {}",
            std::io::Error::last_os_error()
        );
        exit(1);
    }
    let err = Command::new(cmd).args(rest).exec();
    eprintln!("latency_nice_core_cookie: {cmd}: {err}");
    exit(127);
}
