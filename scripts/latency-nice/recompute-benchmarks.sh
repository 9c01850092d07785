#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench-recompute: every table BENCHMARKS.md quotes from a committed run, computed again
# from the raw samples committed beside it, and compared with the committed files:
#   benchmarks/full, full-peers-apart, full-virtual-peers-in-base, focus-aa-no-peers,
#   focus-yield-pick, focus-yield-lag, focus-yield-lead, focus-yield-exit, focus-yield-lead2,
#   focus-yield-keep
#                            report.md and summary.csv from raw.tar.xz (bench-recompute.sh;
#                            the older runs by the code their report-code names);
#   benchmarks/insn-profile, insn-profile-fcd1a4e, insn-profile-08c245d, insn-profile-040c21b,
#   insn-profile-223ca30, insn-profile-f554d5d
#                            report.md from its counts and System.maps (insn-report.py);
#   benchmarks/cost, cost-6810e99-10, cost-fcd1a4e, cost-f03b9e6, cost-040c21b, cost-223ca30,
#   cost-f554d5d
#                            report.md from results.tsv (cost-report.py);
#   benchmarks/focus-yield-*  yield-report.md from raw.tar.xz (yield-report.py);
#   benchmarks/diagnose-one-vcpu/boots, diagnose-one-vcpu/throughput,
#   diagnose-one-vcpu/throughput-light, diagnose-one-vcpu/yield-base-slice,
#   diagnose-one-vcpu/protection-cap, diagnose-one-vcpu/yield-wakeup-buddy,
#   diagnose-one-vcpu/request-sweep, diagnose-one-vcpu/request-cap,
#   diagnose-one-vcpu/service-thread-7.2, diagnose-one-vcpu/service-thread-7.3,
#   diagnose-two-vcpu/virtual, diagnose-two-vcpu/wall
#                            report.md from the boots (diag-boots-report.py);
#   benchmarks/clock-spread.md
#                            the clocks side by side (clock-spread.py on the virtual run and
#                            the last wall-clock one).
# Exit 0 where all match, 1 with the differences otherwise.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
S=$top/scripts/latency-nice
B=$top/benchmarks
rc=0
say() { printf '==> bench-recompute: %s\n' "$*" >&2; }

for run in full full-peers-apart full-virtual-peers-in-base focus-aa-no-peers focus-yield-pick focus-yield-lag focus-yield-lead focus-yield-exit focus-yield-lead2 focus-yield-keep; do
	r=0
	"$S/bench-recompute.sh" "$B/$run" || r=1
	say "benchmarks/$run: $([ $r = 0 ] && echo identical || echo DIFFERS)"
	[ $r = 0 ] || rc=1
done
for d in "$B"/cost "$B"/cost-6810e99-10 "$B"/cost-fcd1a4e "$B"/cost-f03b9e6 "$B"/cost-040c21b \
	"$B"/cost-223ca30 "$B"/cost-f554d5d; do
	[ -d "$d" ] || continue
	if ! /usr/bin/python3 "$S/cost-report.py" "$d/results.tsv" | diff -u "$d/report.md" -; then
		say "benchmarks/${d##*/}/report.md: DIFFERS"
		rc=1
	else
		say "benchmarks/${d##*/}/report.md: identical"
	fi
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/insn-recompute.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
for d in "$B"/insn-profile "$B"/insn-profile-fcd1a4e "$B"/insn-profile-08c245d \
	"$B"/insn-profile-040c21b "$B"/insn-profile-223ca30 "$B"/insn-profile-f554d5d; do
	[ -d "$d" ] || continue
	rm -rf "${tmp:?}"/*
	tar -xJf "$d/counts.tar.xz" -C "$tmp"
	xz -dc "$d/base.System.map.xz" > "$tmp/base.map"
	xz -dc "$d/series.System.map.xz" > "$tmp/series.map"
	if ! /usr/bin/python3 "$S/insn-report.py" "$tmp" --map base="$tmp/base.map" \
		--map series="$tmp/series.map" | diff -u "$d/report.md" -; then
		say "benchmarks/${d##*/}/report.md: DIFFERS"
		rc=1
	else
		say "benchmarks/${d##*/}/report.md: identical"
	fi
done
# The background-at-19 runs (issue 55): yield-report.md from the raw samples (yield-report.py).
for d in "$B"/focus-yield-*; do
	[ -f "$d/yield-report.md" ] || continue
	rm -rf "${tmp:?}"/*
	tar -xJf "$d/raw.tar.xz" -C "$tmp"
	if ! /usr/bin/python3 "$S/yield-report.py" "$tmp" | diff -u "$d/yield-report.md" -; then
		say "benchmarks/${d##*/}/yield-report.md: DIFFERS"
		rc=1
	else
		say "benchmarks/${d##*/}/yield-report.md: identical"
	fi
done
# make diagnose over boots (issue 55): report.md from each boot's diag-lazy.txt (and trace).
for set in diagnose-one-vcpu/boots diagnose-one-vcpu/throughput \
	diagnose-one-vcpu/throughput-light diagnose-one-vcpu/yield-base-slice \
	diagnose-one-vcpu/protection-cap diagnose-one-vcpu/yield-wakeup-buddy \
	diagnose-one-vcpu/request-sweep diagnose-one-vcpu/request-cap \
	diagnose-one-vcpu/service-thread-7.2 diagnose-one-vcpu/service-thread-7.3 diagnose-two-vcpu/virtual \
	diagnose-two-vcpu/wall; do
	d=$B/$set
	[ -d "$d" ] || continue
	if ! (cd "$d" && /usr/bin/python3 "$S/diag-boots-report.py" $(ls -d boot* | sort -V)) |
		diff -u "$d/report.md" -; then
		say "benchmarks/$set/report.md: DIFFERS"
		rc=1
	else
		say "benchmarks/$set/report.md: identical"
	fi
done
if ! /usr/bin/python3 "$S/clock-spread.py" "virtual=$B/full" "wall=$B/full-wall-2026-12-06" |
	diff -u "$B/clock-spread.md" -; then
	say "benchmarks/clock-spread.md: DIFFERS"
	rc=1
else
	say "benchmarks/clock-spread.md: identical"
fi
exit $rc
