// SPDX-License-Identifier: GPL-2.0

//! Latency samples and their percentiles.

/// The percentiles schbench reports.
pub const PERCENTILES: [(&str, u32); 4] =
    [("p50", 500), ("p90", 900), ("p99", 990), ("p99.9", 999)];

/// The `per_mille`-th percentile of `sorted` (ascending) by nearest rank: the smallest sample
/// such that at least `per_mille`/1000 of all samples are at or below it. `None` when empty.
pub fn percentile(sorted: &[u64], per_mille: u32) -> Option<u64> {
    if sorted.is_empty() {
        return None;
    }
    let n = sorted.len() as u64;
    // ceil(n * p / 1000), at least 1; n * 1000 cannot overflow for any slice length.
    let rank = (n * u64::from(per_mille.min(1000))).div_ceil(1000).max(1);
    sorted.get(usize::try_from(rank - 1).ok()?).copied()
}

/// Sorts `samples` and returns `(name, value)` for each of [`PERCENTILES`] (0 when empty).
pub fn summary(samples: &mut [u64]) -> [(&'static str, u64); 4] {
    samples.sort_unstable();
    PERCENTILES.map(|(name, p)| (name, percentile(samples, p).unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank() {
        let v: Vec<u64> = (1..=1000).collect();
        assert_eq!(percentile(&v, 500), Some(500));
        assert_eq!(percentile(&v, 990), Some(990));
        assert_eq!(percentile(&v, 999), Some(999));
        assert_eq!(percentile(&v, 1000), Some(1000));
        assert_eq!(percentile(&v, 0), Some(1));
    }

    #[test]
    fn small_and_empty() {
        assert_eq!(percentile(&[], 500), None);
        assert_eq!(percentile(&[7], 999), Some(7));
        assert_eq!(percentile(&[1, 2], 500), Some(1));
        assert_eq!(percentile(&[1, 2], 501), Some(2));
    }

    #[test]
    fn summary_sorts() {
        let mut v = vec![5, 1, 4, 2, 3];
        assert_eq!(
            summary(&mut v),
            [("p50", 3), ("p90", 5), ("p99", 5), ("p99.9", 5)]
        );
        assert_eq!(v, [1, 2, 3, 4, 5]);
    }
}
