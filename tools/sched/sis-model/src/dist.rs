// SPDX-License-Identifier: GPL-2.0

//! The distributions the model draws service and sleep times from: an assumed exponential,
//! or a histogram measured in a guest by `sched-bursts` (`make sis-data SIS_TRACE=1`).

use crate::bursts::{Hist, BUCKETS};

/// A seeded xorshift: a run of the model is a function of its parameters.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in (0, 1].
    fn unit(&mut self) -> f64 {
        ((self.next_u64() >> 11) as f64 + 1.0) / (1u64 << 53) as f64
    }
}

/// A distribution of durations in ns.
#[derive(Clone, Debug)]
pub enum Dist {
    /// Exponential with this mean.
    Exp(f64),
    /// A measured histogram: a bucket drawn by its count, a value uniform inside it, scaled
    /// so that the draws' mean is the measured mean (the histogram's buckets alone put it
    /// anywhere inside a factor of two).
    Measured {
        /// Cumulative counts of the buckets.
        cumulative: Box<[u64; BUCKETS]>,
        scale: f64,
        mean_ns: f64,
    },
}

impl Dist {
    /// A measured distribution; None for an empty histogram.
    pub fn measured(h: &Hist) -> Option<Dist> {
        let n = h.count();
        if n == 0 {
            return None;
        }
        let mut cumulative = [0u64; BUCKETS];
        let mut acc = 0;
        let mut mid_sum = 0.0;
        for (k, &c) in h.counts.iter().enumerate() {
            acc += c;
            cumulative[k] = acc;
            let (lo, hi) = Hist::bounds(k);
            mid_sum += c as f64 * (lo + hi) as f64 / 2.0;
        }
        let mid_mean = mid_sum / n as f64;
        let mean_ns = h.mean_ns();
        let scale = if mid_mean > 0.0 && mean_ns > 0.0 {
            mean_ns / mid_mean
        } else {
            1.0
        };
        Some(Dist::Measured {
            cumulative: Box::new(cumulative),
            scale,
            mean_ns,
        })
    }

    pub fn mean_ns(&self) -> f64 {
        match *self {
            Dist::Exp(m) => m,
            Dist::Measured { mean_ns, .. } => mean_ns,
        }
    }

    /// One draw, at least 1 ns.
    pub fn sample(&self, rng: &mut Rng) -> u64 {
        match self {
            Dist::Exp(mean) => (-rng.unit().ln() * mean).max(1.0) as u64,
            Dist::Measured {
                cumulative, scale, ..
            } => {
                let n = cumulative[BUCKETS - 1];
                let r = rng.next_u64() % n;
                let k = cumulative.partition_point(|&c| c <= r);
                let (lo, hi) = Hist::bounds(k);
                let v = lo as f64 + rng.unit() * (hi - lo) as f64;
                (v * scale).max(1.0) as u64
            }
        }
    }
}

/// A workload's measurements: the `LN-SISDIST: WORKLOAD tasks|service|sleep|wait ...` lines
/// of a `make sis-data SIS_TRACE=1` run (the prefix may be left out).
#[derive(Debug)]
pub struct Workload {
    pub tasks: usize,
    pub service: Hist,
    pub sleep: Hist,
    pub wait: Hist,
}

pub fn read_workload(text: &str, name: &str) -> Result<Workload, String> {
    let (mut tasks, mut service, mut sleep, mut wait) = (None, None, None, None);
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        let line = line.strip_prefix("LN-SISDIST: ").unwrap_or(line);
        let mut f = line.splitn(3, ' ');
        if f.next() != Some(name) {
            continue;
        }
        let (Some(kind), Some(rest)) = (f.next(), f.next()) else {
            return Err(format!("{name}: a short line: {line}"));
        };
        let hist = || Hist::parse(rest).map_err(|e| format!("{name} {kind}: {e}"));
        match kind {
            "tasks" => {
                tasks = Some(
                    rest.trim()
                        .parse::<usize>()
                        .map_err(|_| format!("{name}: bad task count {rest}"))?,
                )
            }
            "service" => service = Some(hist()?),
            "sleep" => sleep = Some(hist()?),
            "wait" => wait = Some(hist()?),
            _ => return Err(format!("{name}: unknown line {kind}")),
        }
    }
    match (tasks, service, sleep, wait) {
        (Some(tasks), Some(service), Some(sleep), Some(wait)) => {
            if tasks == 0 || service.count() == 0 || sleep.count() == 0 {
                return Err(format!("{name}: nothing was measured"));
            }
            Ok(Workload {
                tasks,
                service,
                sleep,
                wait,
            })
        }
        _ => Err(format!("no complete measurement of {name}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hist(values: &[u64]) -> Hist {
        let mut h = Hist::default();
        for &v in values {
            h.add(v);
        }
        h
    }

    /// Draws stay in the measured buckets (up to the scale) and keep the measured mean.
    #[test]
    fn draws_keep_the_measured_mean() {
        let h = hist(&[3_000, 3_500, 5_000, 7_900, 120_000]);
        let d = Dist::measured(&h).unwrap();
        let mut rng = Rng(7);
        let n = 200_000;
        let sum: u64 = (0..n).map(|_| d.sample(&mut rng)).sum();
        let mean = sum as f64 / n as f64;
        assert!(
            (mean / h.mean_ns() - 1.0).abs() < 0.02,
            "{mean} vs {}",
            h.mean_ns()
        );
        let Dist::Measured { scale, .. } = d else {
            unreachable!()
        };
        for _ in 0..10_000 {
            let v = d.sample(&mut rng) as f64 / scale;
            assert!(
                (1_990.0..8_010.0).contains(&v) || (63_990.0..128_010.0).contains(&v),
                "{v}"
            );
        }
        assert!(Dist::measured(&Hist::default()).is_none());
    }

    #[test]
    fn exponential_mean() {
        let d = Dist::Exp(50_000.0);
        let mut rng = Rng(3);
        let n = 200_000;
        let mean = (0..n).map(|_| d.sample(&mut rng)).sum::<u64>() as f64 / n as f64;
        assert!((mean / 50_000.0 - 1.0).abs() < 0.02, "{mean}");
    }

    #[test]
    fn reads_a_workload_back() {
        let s = hist(&[10_000, 20_000]);
        let z = hist(&[1_000_000]);
        let text = format!(
            "LN-SISDIST: hackbench-4 tasks 160\r\nLN-SISDIST: hackbench-4 service {}\n\
             LN-SISDIST: hackbench-4 sleep {}\nLN-SISDIST: hackbench-4 wait {}\n\
             LN-SISDIST: hackbench-1 tasks 40\nLN-SIS: end\n",
            s.to_line(),
            z.to_line(),
            s.to_line()
        );
        let w = read_workload(&text, "hackbench-4").unwrap();
        assert_eq!(w.tasks, 160);
        assert_eq!(w.service.counts, s.counts);
        assert_eq!(w.sleep.count(), 1);
        assert!(read_workload(&text, "hackbench-1").is_err());
        assert!(read_workload(&text, "schbench-64").is_err());
        assert!(read_workload("x tasks many", "x").is_err());
    }
}
