// SPDX-License-Identifier: GPL-2.0

//! `sched-slice`: run a command, or change a process, with a custom slice for the fair class.
//!
//! Mainline's own latency knob since 6.12 is the request size a fair task asks for through
//! `sched_attr::sched_runtime`; util-linux 2.40 sets it with `chrt --other -T`, but Debian
//! bookworm's chrt (2.38) refuses `-T` for `SCHED_OTHER`. The benchmark harness needs it on
//! both the base and the patched kernel, as the "custom slice" column next to latency_nice.
//! Exit codes as `latency-nice`: 1 for errors and bad usage, 126/127 when the command
//! cannot be run.

use std::ffi::OsString;

use sched_attr::cli::{self, errmsg, EXIT_FAILURE};
use sched_attr::{set_custom_slice, CUSTOM_SLICE_MAX_NS, CUSTOM_SLICE_MIN_NS};

const PROG: &str = "sched-slice";

const USAGE: &str = "\
Usage:
 sched-slice -s <ns> --pid <pid>
 sched-slice -s <ns> <command> <arg>...

Give a SCHED_OTHER/SCHED_BATCH task a custom slice (request size), as
chrt --other -T does in util-linux 2.40: 100000..100000000 ns, 0 for the default.

Options:
 -s, --slice <ns>   slice in nanoseconds
 -p, --pid <pid>    operate on an existing pid
 -a, --all-tasks    operate on all the tasks (threads) of the pid

 -h, --help         display this help
";

fn fail(code: i32, msg: &str) -> ! {
    cli::fail(PROG, code, msg)
}

fn usage_error(msg: &str) -> ! {
    cli::usage_error(PROG, msg)
}

fn number(arg: Option<OsString>, what: &str) -> u64 {
    cli::option_value(PROG, arg, what)
}

fn main() {
    let mut args = std::env::args_os().skip(1);
    let (mut slice, mut pid, mut all_tasks) = (None, None, false);
    let mut command = Vec::new();
    while let Some(arg) = args.next() {
        match arg.to_str().unwrap_or("") {
            "-s" | "--slice" => slice = Some(number(args.next(), "slice")),
            "-p" | "--pid" => pid = Some(number(args.next(), "pid")),
            "-a" | "--all-tasks" => all_tasks = true,
            "-h" | "--help" => {
                print!("{USAGE}");
                return;
            }
            "--" => {
                command.extend(args.by_ref());
            }
            s if s.starts_with('-') => usage_error(&format!("unrecognized option '{s}'")),
            _ => {
                command.push(arg);
                command.extend(args.by_ref());
            }
        }
    }
    let Some(slice) = slice else {
        usage_error("no slice given (-s)")
    };
    if slice != 0 && !(CUSTOM_SLICE_MIN_NS..=CUSTOM_SLICE_MAX_NS).contains(&slice) {
        fail(
            EXIT_FAILURE,
            &format!(
                "slice {slice} out of range ({CUSTOM_SLICE_MIN_NS}..{CUSTOM_SLICE_MAX_NS}, or 0)"
            ),
        );
    }
    match (pid, command.is_empty()) {
        (Some(_), false) => usage_error("--pid and a command are mutually exclusive"),
        (None, true) => usage_error("no command or --pid given"),
        (Some(pid), true) => {
            let pid = i32::try_from(pid)
                .unwrap_or_else(|_| fail(EXIT_FAILURE, &format!("invalid pid argument: '{pid}'")));
            let tids = cli::target_tasks(PROG, pid, all_tasks);
            for tid in tids {
                if let Err(e) = set_custom_slice(tid, slice) {
                    fail(
                        EXIT_FAILURE,
                        &format!("failed to set pid {tid}'s slice: {}", errmsg(&e)),
                    );
                }
            }
        }
        (None, false) => {
            if let Err(e) = set_custom_slice(0, slice) {
                fail(
                    EXIT_FAILURE,
                    &format!("failed to set the slice: {}", errmsg(&e)),
                );
            }
            cli::exec(PROG, &command);
        }
    }
}
