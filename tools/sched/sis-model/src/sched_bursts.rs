// SPDX-License-Identifier: GPL-2.0

//! `sched-bursts`: service, sleep and wakeup-to-run histograms of a workload's tasks from a
//! tracefs `trace` file with `sched_switch` and `sched_wakeup` enabled (see `bursts.rs`).
//!
//! usage: sched-bursts [--comm PREFIX[,PREFIX...]] < trace
//!
//! Prints `tasks N`, then `service`, `sleep` and `wait` lines, each `COUNT MEAN_NS` and the 26
//! bucket counts (bucket 0: under 1 us, k: [2^(k-1), 2^k) us), what `sis-model --dist` reads.

use sis_model::bursts::{parse_event, Bursts};
use std::io::{self, BufRead};
use std::process::exit;

const USAGE: &str = "usage: sched-bursts [--comm PREFIX[,PREFIX...]] < trace";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let prefixes: Vec<String> = match args.as_slice() {
        [] => Vec::new(),
        [h] if h == "-h" || h == "--help" => {
            println!("{USAGE}");
            return;
        }
        [c, list] if c == "--comm" && !list.is_empty() => {
            list.split(',').map(str::to_string).collect()
        }
        _ => {
            eprintln!("sched-bursts: bad arguments\n{USAGE}");
            exit(2)
        }
    };
    let refs: Vec<&str> = prefixes.iter().map(String::as_str).collect();
    let mut bursts = Bursts::new(&refs);
    let mut lines = 0u64;
    for line in io::stdin().lock().lines() {
        let line = line.unwrap_or_else(|e| {
            eprintln!("sched-bursts: reading the trace: {e}");
            exit(1)
        });
        if let Some(ev) = parse_event(&line) {
            bursts.feed(&ev);
            lines += 1;
        }
    }
    if lines == 0 {
        eprintln!("sched-bursts: no sched_switch or sched_wakeup event in the input");
        exit(1);
    }
    println!("tasks {}", bursts.tasks());
    println!("service {}", bursts.service.to_line());
    println!("sleep {}", bursts.sleep.to_line());
    println!("wait {}", bursts.wait.to_line());
}
