// SPDX-License-Identifier: GPL-2.0

//! `sis-model`: the idle-CPU search of a machine of equal LLCs under SIS_PROP, SIS_UTIL and the
//! rules of `kernel/sched/policy/sis_depth.rs`, as markdown tables (see `model.rs` for what is
//! and is not modelled).
//!
//! usage: sis-model [--llcs N] [--llc-weight W] [--secs S] [--seed N]
//!                  [--dist FILE --workload NAME]
//!
//! Defaults: 16 LLCs of 16 CPUs (a 2-socket Zen3, SMT not modelled), 0.3 s of simulated time
//! per run. The load: two tasks per CPU, each running for an exponential 50 us and sleeping
//! so that the offered load is the row's; every 8th task is at latency_nice -20.
//!
//! With `--dist`, the workload NAME as a guest measured it (`make sis-data SIS_TRACE=1`: its
//! task count and its service and sleep histograms) is replayed instead, one row per rule,
//! with every task at -20 under the latency rule as in the guest's `lat-20`: the rows to set
//! beside the guest's own counts of the same workload.

use sis_model::dist::{read_workload, Dist};
use sis_model::model::{run, Params, Rule, Stats};
use std::process::exit;

const USAGE: &str = "usage: sis-model [--llcs N] [--llc-weight W] [--secs S] [--seed N] \
                     [--dist FILE --workload NAME]";
const LOADS: [f64; 6] = [0.3, 0.5, 0.7, 0.85, 1.0, 1.2];
const RUN_NS: f64 = 50_000.0;

struct Opts {
    llcs: usize,
    w: usize,
    secs: f64,
    seed: u64,
    dist: Option<String>,
    workload: Option<String>,
}

fn parse(args: &[String]) -> Result<Opts, String> {
    let (mut llcs, mut w, mut secs, mut seed) = (16usize, 16usize, 0.3f64, 1u64);
    let (mut dist, mut workload) = (None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().ok_or(format!("{a} needs a value"))?;
        let bad = || format!("{a}: bad value {v}");
        match a.as_str() {
            "--llcs" => {
                llcs = v
                    .parse()
                    .ok()
                    .filter(|n| (1..=64).contains(n))
                    .ok_or_else(bad)?
            }
            "--llc-weight" => {
                w = v
                    .parse()
                    .ok()
                    .filter(|n| (1..=128).contains(n))
                    .ok_or_else(bad)?
            }
            "--secs" => {
                secs = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| *s > 0.0 && *s <= 100.0)
                    .ok_or_else(bad)?
            }
            "--seed" => seed = v.parse().map_err(|_| bad())?,
            "--dist" => dist = Some(v.clone()),
            "--workload" => workload = Some(v.clone()),
            _ => return Err(format!("unknown option {a}")),
        }
    }
    if dist.is_some() != workload.is_some() {
        return Err("--dist and --workload go together".into());
    }
    Ok(Opts {
        llcs,
        w,
        secs,
        seed,
        dist,
        workload,
    })
}

fn pct(a: u64, b: u64) -> String {
    if b == 0 {
        "-".into()
    } else {
        format!("{:.1} %", 100.0 * a as f64 / b as f64)
    }
}

fn us(sum: u64, n: u64) -> String {
    if n == 0 {
        "-".into()
    } else {
        format!("{:.1}", sum as f64 / n as f64 / 1000.0)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return;
    }
    let o = parse(&args).unwrap_or_else(|e| {
        eprintln!("sis-model: {e}\n{USAGE}");
        exit(2)
    });
    let (llcs, w, secs, seed) = (o.llcs, o.w, o.secs, o.seed);
    if let (Some(file), Some(name)) = (&o.dist, &o.workload) {
        replay(&o, file, name);
        return;
    }
    let rules = [
        ("SIS_PROP", Rule::Prop),
        ("SIS_UTIL", Rule::Util),
        ("small_llc 16", Rule::SmallLlc(16)),
        ("latency 100 %", Rule::Latency(100)),
    ];
    println!(
        "## Model: {llcs} LLCs of {w} CPUs, {} CPUs, {secs} s per run, seed {seed}\n",
        llcs * w
    );
    println!(
        "| load | rule | searches per wakeup | found | missed of failed | mean CPUs searched \
         | wakeups queued | wait, all (us) | wait, -20 (us) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let tasks = 2 * llcs * w;
    for load in LOADS {
        // Two tasks per CPU, each busy RUN / (RUN + sleep) of the time: load / 2.
        let sleep = RUN_NS * (2.0 / load - 1.0);
        for (name, rule) in rules {
            let s = run(&Params {
                llcs,
                llc_weight: w,
                tasks,
                lat_every: 8,
                lat_nice: -20,
                run: Dist::Exp(RUN_NS),
                sleep: Dist::Exp(sleep),
                duration_ns: (secs * 1e9) as u64,
                seed,
                rule,
            });
            let queued = s.queued[0] + s.queued[1];
            println!(
                "| {load} | {name} | {:.2} | {} | {} | {:.2} | {} | {} | {} |",
                s.calls as f64 / s.wakeups.max(1) as f64,
                pct(s.found, s.calls),
                pct(s.missed, s.calls - s.found),
                s.scanned_mean(),
                pct(queued, s.wakeups),
                us(s.wait_ns[0] + s.wait_ns[1], s.waits[0] + s.waits[1]),
                us(s.wait_ns[1], s.waits[1]),
            );
        }
    }
}

/// `--dist`: one row per rule for a measured workload.
fn replay(o: &Opts, file: &str, name: &str) {
    let fail = |e: String| -> ! {
        eprintln!("sis-model: {e}");
        exit(1)
    };
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| fail(format!("{file}: {e}")));
    let wl = read_workload(&text, name).unwrap_or_else(|e| fail(format!("{file}: {e}")));
    let (run_d, sleep_d) = match (Dist::measured(&wl.service), Dist::measured(&wl.sleep)) {
        (Some(a), Some(b)) => (a, b),
        _ => fail(format!("{file}: {name}: an empty histogram")),
    };
    let ncpu = o.llcs * o.w;
    println!(
        "## Model: {name} replayed on {} LLCs of {} CPUs: {} tasks, service mean {:.1} us \
         ({} measured), sleep mean {:.1} us ({}); {} s, seed {}\n",
        o.llcs,
        o.w,
        wl.tasks,
        run_d.mean_ns() / 1000.0,
        wl.service.count(),
        sleep_d.mean_ns() / 1000.0,
        wl.sleep.count(),
        o.secs,
        o.seed
    );
    println!(
        "| rule | searches | found | missed of failed | mean CPUs searched \
         | searches per wakeup | CPU busy | wait (us) |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let rules = [
        ("prop", Rule::Prop, 0),
        ("util", Rule::Util, 0),
        ("small16", Rule::SmallLlc(16), 0),
        ("lat-20", Rule::Latency(100), 1),
    ];
    for (label, rule, lat_every) in rules {
        let s: Stats = run(&Params {
            llcs: o.llcs,
            llc_weight: o.w,
            tasks: wl.tasks,
            lat_every,
            lat_nice: -20,
            run: run_d.clone(),
            sleep: sleep_d.clone(),
            duration_ns: (o.secs * 1e9) as u64,
            seed: o.seed,
            rule,
        });
        println!(
            "| {label} | {} | {} | {} | {:.2} | {:.2} | {:.1} % | {} |",
            s.calls,
            pct(s.found, s.calls),
            pct(s.missed, s.calls - s.found),
            s.scanned_mean(),
            s.calls as f64 / s.wakeups.max(1) as f64,
            100.0 * s.busy_ns as f64 / (ncpu as f64 * o.secs * 1e9),
            us(s.wait_ns[0] + s.wait_ns[1], s.waits[0] + s.waits[1]),
        );
    }
}
