// SPDX-License-Identifier: GPL-2.0

//! What the command-line tools share, util-linux style: `PROG: message` on stderr,
//! `EXIT_FAILURE` (1) for errors and bad usage, 126/127 when the command cannot be run.

use std::ffi::{CString, OsString};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::process::exit;
use std::str::FromStr;

use crate::threads_of;

/// Errors and bad usage.
pub const EXIT_FAILURE: i32 = 1;
/// The command was found but could not be executed.
pub const EX_EXEC_FAILED: i32 = 126;
/// The command was not found.
pub const EX_EXEC_ENOENT: i32 = 127;

/// Print `PROG: MSG` and exit with `code`.
pub fn fail(prog: &str, code: i32, msg: &str) -> ! {
    eprintln!("{prog}: {msg}");
    exit(code)
}

/// A usage error: the message, a pointer to `--help`, exit 1.
pub fn usage_error(prog: &str, msg: &str) -> ! {
    eprintln!("{prog}: {msg}");
    eprintln!("Try '{prog} --help' for more information.");
    exit(EXIT_FAILURE)
}

/// The error as strerror() words it: std's " (os error N)" suffix stripped.
pub fn errmsg(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// The value of option `what` (the next argument, or the one attached to the flag), parsed
/// as `T`: a missing value is a usage error, one that does not parse an error.
pub fn option_value<T: FromStr>(prog: &str, arg: Option<OsString>, what: &str) -> T {
    let Some(arg) = arg else {
        usage_error(prog, &format!("option requires an argument -- '{what}'"))
    };
    let text = arg.to_string_lossy();
    text.trim().parse::<T>().unwrap_or_else(|_| {
        fail(
            prog,
            EXIT_FAILURE,
            &format!("invalid {what} argument: '{text}'"),
        )
    })
}

/// The threads `--pid pid` names: `pid` alone, or with `--all-tasks` every thread of the
/// process `pid` (0: the caller's).
pub fn target_tasks(prog: &str, pid: i32, all_tasks: bool) -> Vec<i32> {
    if !all_tasks {
        return vec![pid];
    }
    let process = if pid == 0 {
        std::process::id() as i32
    } else {
        pid
    };
    threads_of(process).unwrap_or_else(|e| {
        fail(
            prog,
            EXIT_FAILURE,
            &format!("cannot obtain the list of tasks: {}", errmsg(&e)),
        )
    })
}

/// Replace the process with `command` (searched in `PATH`); on failure print why and exit
/// 127 (not found) or 126.
pub fn exec(prog: &str, command: &[OsString]) -> ! {
    if command.is_empty() {
        usage_error(prog, "no command given");
    }
    let argv: Vec<CString> = command
        .iter()
        .map(|a| {
            CString::new(a.as_bytes())
                .unwrap_or_else(|_| fail(prog, EXIT_FAILURE, "argument contains a NUL byte"))
        })
        .collect();
    let mut ptrs: Vec<*const libc::c_char> = argv.iter().map(|a| a.as_ptr()).collect();
    ptrs.push(std::ptr::null());
    // SAFETY: `ptrs` is a NULL-terminated array of pointers to NUL-terminated strings that
    // outlive the call (execvp only returns on failure).
    unsafe { libc::execvp(ptrs[0], ptrs.as_ptr()) };
    let e = io::Error::last_os_error();
    let code = if e.raw_os_error() == Some(libc::ENOENT) {
        EX_EXEC_ENOENT
    } else {
        EX_EXEC_FAILED
    };
    fail(
        prog,
        code,
        &format!(
            "failed to execute {}: {}",
            command[0].to_string_lossy(),
            errmsg(&e)
        ),
    )
}
