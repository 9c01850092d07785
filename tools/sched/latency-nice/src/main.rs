// SPDX-License-Identifier: GPL-2.0

//! `latency-nice`: show or change the latency_nice of a process, or run a command with one.
//!
//! Modelled on util-linux `uclampset`: the same option letters where they mean the same
//! thing, the same message shapes ("pid N's current latency_nice: V"), `EXIT_FAILURE` (1) for
//! errors and bad usage, 126/127 when the command cannot be run.

use std::ffi::OsString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::process::exit;

use sched_attr::cli::{self, errmsg, EXIT_FAILURE};
use sched_attr::{latency_nice, set_latency_nice, MAX_LATENCY_NICE, MIN_LATENCY_NICE};

const PROG: &str = "latency-nice";

const USAGE: &str = "\
Usage:
 latency-nice [options]
 latency-nice [options] --pid <pid> | <command> <arg>...

Show or change the latency_nice of a process, or run a command with one.
latency_nice ranges from -20 (served soonest after waking) to 19 (most
tolerant of latency); it changes when a task runs, not how much CPU it gets.

Options:
 -n, --latency-nice <num>  latency_nice value to set, -20..19
 -p, --pid <pid>           operate on an existing pid
 -a, --all-tasks           operate on all the tasks (threads) of the pid
 -R, --reset-on-fork       children start with the default latency_nice (0)
 -v, --verbose             print the latency_nice after changing it

 -h, --help                display this help
 -V, --version             display version
";

struct Opts {
    value: Option<i32>,
    pid: Option<i32>,
    all_tasks: bool,
    reset_on_fork: bool,
    verbose: bool,
    command: Vec<OsString>,
}

/// Print `latency-nice: MSG` and exit with `code`.
fn fail(code: i32, msg: &str) -> ! {
    cli::fail(PROG, code, msg)
}

/// A usage error, util-linux style.
fn usage_error(msg: &str) -> ! {
    cli::usage_error(PROG, msg)
}

fn parse_value(arg: Option<OsString>, what: &str) -> i64 {
    cli::option_value(PROG, arg, what)
}

fn parse_args() -> Opts {
    let mut opts = Opts {
        value: None,
        pid: None,
        all_tasks: false,
        reset_on_fork: false,
        verbose: false,
        command: Vec::new(),
    };
    let mut args = std::env::args_os().skip(1);
    while let Some(arg) = args.next() {
        let bytes = arg.as_bytes();
        if !bytes.starts_with(b"-") || bytes == b"-" {
            opts.command.push(arg);
            opts.command.extend(args.by_ref());
            break;
        }
        // "-n5", "--pid=7": split an attached value off.
        let (flag, attached) = match (
            bytes.starts_with(b"--"),
            bytes.iter().position(|&b| b == b'='),
        ) {
            (true, Some(eq)) => (
                String::from_utf8_lossy(&bytes[..eq]).into_owned(),
                Some(OsString::from(
                    String::from_utf8_lossy(&bytes[eq + 1..]).into_owned(),
                )),
            ),
            (false, _) if bytes.len() > 2 && matches!(bytes[1], b'n' | b'p') => (
                String::from_utf8_lossy(&bytes[..2]).into_owned(),
                Some(OsString::from(
                    String::from_utf8_lossy(&bytes[2..]).into_owned(),
                )),
            ),
            _ => (String::from_utf8_lossy(bytes).into_owned(), None),
        };
        let mut value = |name: &str| parse_value(attached.clone().or_else(|| args.next()), name);
        match flag.as_str() {
            "--" => {
                opts.command.extend(args.by_ref());
                break;
            }
            "-n" | "--latency-nice" => {
                let v = value("latency-nice");
                if !(i64::from(MIN_LATENCY_NICE)..=i64::from(MAX_LATENCY_NICE)).contains(&v) {
                    fail(
                        EXIT_FAILURE,
                        &format!(
                            "latency_nice must be between {MIN_LATENCY_NICE} and {MAX_LATENCY_NICE}: {v}"
                        ),
                    );
                }
                opts.value = Some(v as i32);
            }
            "-p" | "--pid" => {
                let v = value("pid");
                if !(0..=i64::from(i32::MAX)).contains(&v) {
                    fail(EXIT_FAILURE, &format!("invalid pid argument: '{v}'"));
                }
                opts.pid = Some(v as i32);
            }
            "-a" | "--all-tasks" => opts.all_tasks = true,
            "-R" | "--reset-on-fork" => opts.reset_on_fork = true,
            "-v" | "--verbose" => opts.verbose = true,
            "-h" | "--help" => {
                print!("{USAGE}");
                exit(0);
            }
            "-V" | "--version" => {
                println!("{PROG} {}", env!("CARGO_PKG_VERSION"));
                exit(0);
            }
            _ if !flag.starts_with("--") && flag.len() > 2 => {
                // Bundled short flags, e.g. "-aR".
                for c in flag[1..].chars() {
                    match c {
                        'a' => opts.all_tasks = true,
                        'R' => opts.reset_on_fork = true,
                        'v' => opts.verbose = true,
                        _ => usage_error(&format!("invalid option -- '{c}'")),
                    }
                }
            }
            _ if flag.starts_with("--") => usage_error(&format!("unrecognized option '{flag}'")),
            _ => usage_error(&format!("invalid option -- '{}'", &flag[1..])),
        }
    }
    opts
}

fn show(pid: i32) -> io::Result<()> {
    let v = latency_nice(pid)?;
    println!("pid {pid}'s current latency_nice: {v}");
    Ok(())
}

fn explain(e: &io::Error) -> String {
    if e.raw_os_error() == Some(libc::EOPNOTSUPP) {
        "the kernel does not support latency_nice".to_string()
    } else {
        errmsg(e)
    }
}

fn main() {
    let opts = parse_args();

    match (opts.pid, opts.command.is_empty()) {
        (Some(_), false) => usage_error("--pid and a command are mutually exclusive"),
        (None, true) => usage_error("no command or --pid specified"),
        _ => {}
    }
    if opts.value.is_none() && (opts.reset_on_fork || !opts.command.is_empty()) {
        usage_error("no latency_nice value specified (-n)");
    }

    if let Some(pid) = opts.pid {
        let mut rc = 0;
        for tid in cli::target_tasks(PROG, pid, opts.all_tasks) {
            let result = match opts.value {
                None => show(tid),
                Some(v) => set_latency_nice(tid, v, opts.reset_on_fork).and_then(|()| {
                    if opts.verbose {
                        show(tid)
                    } else {
                        Ok(())
                    }
                }),
            };
            if let Err(e) = result {
                let what = if opts.value.is_some() { "set" } else { "get" };
                eprintln!(
                    "{PROG}: failed to {what} pid {tid}'s latency_nice: {}",
                    explain(&e)
                );
                rc = EXIT_FAILURE;
            }
        }
        exit(rc);
    }

    // Run a command: set our own value (inherited across exec), then exec.
    let v = opts.value.unwrap_or(0);
    if let Err(e) = set_latency_nice(0, v, opts.reset_on_fork) {
        fail(
            EXIT_FAILURE,
            &format!("failed to set latency_nice: {}", explain(&e)),
        );
    }
    if opts.verbose {
        let _ = show(std::process::id() as i32);
    }
    cli::exec(PROG, &opts.command)
}
