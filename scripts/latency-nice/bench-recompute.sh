#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench-recompute.sh DIR: recompute a committed make bench run from its raw samples, and
# check that its report says what the samples say.
#
# DIR is a run as bench.sh leaves it and benchmarks/ keeps it: report.md and summary.csv,
# and raw.tar.xz, the tar (xz) of what bench-report.py reads: raw/ (each boot's index.tsv,
# meta.txt, meta-rounds-*.txt, missing-rounds and run outputs), host.txt (the host, the
# clock), seed, bench-matrix (the matrix the guests ran), base-version and series-commit.
# The tar is unpacked into a temporary directory (removed on exit), bench-report.py runs
# on it (without the plots, which are not compared), and the report.md and summary.csv it
# writes are compared with DIR's: exit 0 where both are identical, 1 with the diff where
# they are not (or the report cannot be made), 2 on bad usage.
#
# The report is a function of the data: the bootstrap is seeded, and nothing in report.md
# comes from the clock of the machine that writes it (host.txt's date is the run's). It is
# the same Debian python3 and numpy that must recompute it: numpy's legacy RandomState
# streams are fixed across releases, its float sums are not promised to be bit-for-bit
# across builds (every sum of counts is an exact integer; the means of figures are not).
# BENCH_REPORT_B, where set, must be what the committed report was made with (its text
# says how many resamples): unset, the default's.
#
# DIR/report-code, where present, names the commit whose bench-report.py (and matrix) made
# the committed report: a run whose layout a later report no longer reads as it was made
# (the control's boots before they ran base's columns, the peers before they had boots of
# their own) is recomputed by that code, from this repository's history (git show).

set -euo pipefail

S=$(cd "$(dirname "$0")" && pwd)
usage() { echo "bench-recompute: $*" >&2; exit 2; }

[ $# -eq 1 ] || usage "usage: bench-recompute.sh DIR (a committed make bench run with raw.tar.xz)"
dir=${1%/}
[ -d "$dir" ] || usage "$dir: not a directory"
for f in raw.tar.xz report.md summary.csv; do
	[ -f "$dir/$f" ] || usage "$dir: no $f (not a run of make bench, or one from before bench.sh packed raw.tar.xz)"
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-recompute.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if ! tar -xJf "$dir/raw.tar.xz" -C "$tmp" 2>"$tmp/tar.err"; then
	echo "bench-recompute: $dir/raw.tar.xz: cannot unpack: $(head -n1 "$tmp/tar.err")" >&2
	exit 1
fi
[ -d "$tmp/raw" ] || { echo "bench-recompute: $dir/raw.tar.xz holds no raw/" >&2; exit 1; }

report=$S/bench-report.py
if [ -f "$dir/report-code" ]; then
	commit=$(cat "$dir/report-code")
	mkdir -p "$tmp/code/guest"
	if ! git -C "$S" show "$commit:scripts/latency-nice/bench-report.py" > "$tmp/code/bench-report.py" 2>"$tmp/git.err" ||
	   ! git -C "$S" show "$commit:scripts/latency-nice/guest/bench-matrix" > "$tmp/code/guest/bench-matrix" 2>>"$tmp/git.err"; then
		echo "bench-recompute: $dir/report-code: $commit: $(head -n1 "$tmp/git.err")" >&2
		exit 1
	fi
	report=$tmp/code/bench-report.py
fi
# Debian's python3 (with numpy and matplotlib, deps.sh), as bench.sh runs it.
if ! /usr/bin/python3 "$report" "$tmp" --no-plots 2>"$tmp/report.err"; then
	echo "bench-recompute: bench-report.py failed on $dir's raw samples:" >&2
	cat "$tmp/report.err" >&2
	exit 1
fi

rc=0
for f in report.md summary.csv; do
	if ! diff -u --label "$dir/$f (committed)" --label "$f (recomputed)" "$dir/$f" "$tmp/$f"; then
		rc=1
	fi
done
if [ $rc = 0 ]; then
	echo "bench-recompute: $dir: report.md and summary.csv recomputed from raw.tar.xz, identical" >&2
else
	echo "bench-recompute: $dir: the recomputed report differs from the committed one (above)" >&2
fi
exit $rc
