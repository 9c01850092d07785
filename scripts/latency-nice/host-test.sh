#!/usr/bin/env bash
# Host-side tests: formatting, clippy, and the cargo tests of the workspace
# (the policy modules of kernel/sched/policy against their C references).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
say() { printf '==> host: %s\n' "$*" >&2; }

say "rustfmt --check (workspace and kernel/sched/*.rs)"
cargo fmt --all --check
rustfmt --check --edition 2021 --config-path rustfmt.toml kernel/sched/policy_*.rs

say "clippy"
cargo clippy --workspace --all-targets --quiet -- -D warnings

say "cargo test"
mkdir -p out/logs
if ! cargo test --workspace > out/logs/host-test.log 2>&1; then
	tail -60 out/logs/host-test.log >&2
	exit 1
fi
grep -E '^(running [1-9]|test result: .* [1-9][0-9]* passed)' out/logs/host-test.log

say "bench-report.py (make bench's parsers and --check)"
/usr/bin/python3 scripts/latency-nice/test_bench_report.py 2>&1 | tail -n 3

say "cost-report.py (make cost's A/A control and its verdicts)"
/usr/bin/python3 scripts/latency-nice/test_cost_report.py 2>&1 | tail -n 3

say "insn-report.py (make insn-profile's instructions by function)"
/usr/bin/python3 scripts/latency-nice/test_insn_report.py 2>&1 | tail -n 3

say "clock-spread.py (the boots each clock needs)"
/usr/bin/python3 scripts/latency-nice/test_clock_spread.py 2>&1 | tail -n 3

say "make bench-recompute (BENCHMARKS.md's tables from their committed raw samples)"
scripts/latency-nice/recompute-benchmarks.sh

say "check-console.py (the gate of every guest boot)"
/usr/bin/python3 scripts/latency-nice/test_check_console.py 2>&1 | tail -n 3

say "sis-stats (the search tables from sis_stats)"
/usr/bin/python3 tools/sched/sis-stats/test_sis_stats.py 2>&1 | tail -n 3

say "check-deb.sh (make test's gate on the kernel packages)"
scripts/latency-nice/test_check_deb.sh

say "the guest's test_cpu wrapper (its timing-free bounds)"
scripts/latency-nice/test_test_cpu.sh
