#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# make cost: what the series' Rust rules cost against the same rules in C, on the throughput
# workloads a call per pick, wakeup and dequeue could slow down. Two series kernels built with
# the same config (BEFORE: the rules in C, AFTER: the rules in Rust), each booted in turn, and
# in each boot one latency_nice level for every task of the workload: 0 (the static key stays
# off: mainline's paths, no call) or -20 (the key on: every rule a call). The key, once on,
# stays on for the boot, so each level has boots of its own. The boot is the unit: the
# kernels and levels alternate in a seeded order within each round (four boots, six with a
# control), and the report (cost-report.py) resamples rounds, pairing each kernel's boot with
# the other's of the same round and level.
#
# Workloads are make bench's own (guest/bench.sh, PROFILE=full): hackbench -g 4 -l 400 and
# perf bench sched pipe -l 20000, seconds each (lower is better).
#
# CONTROL, when given, is a copy of AFTER (the same bytes, another file) booted as a third
# kernel in every round, at both levels: an A/A control inside the same run, so that boots
# which fall into a slow mode, or a host that drifts, show as a difference between two
# identical kernels. The report reads every before/after verdict as unresolved when the
# control resolves one.
#
# usage: cost.sh BEFORE_BZIMAGE AFTER_BZIMAGE OUTDIR [CONTROL_BZIMAGE]
# env: COST_BOOTS (rounds, default 6), COST_SEED (default 1).
set -euo pipefail

S=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$S/../.." && pwd)
before=${1:?usage: cost.sh BEFORE_BZIMAGE AFTER_BZIMAGE OUTDIR}
after=${2:?usage: cost.sh BEFORE_BZIMAGE AFTER_BZIMAGE OUTDIR}
out=${3:?usage: cost.sh BEFORE_BZIMAGE AFTER_BZIMAGE OUTDIR}
control=${4:-}
rounds=${COST_BOOTS:-6}
seed=${COST_SEED:-1}
say() { printf '==> cost: %s\n' "$*" >&2; }

for img in "$before" "$after" ${control:+"$control"}; do
	[ -f "$img" ] || { echo "cost: $img: no such kernel image" >&2; exit 1; }
done
kernels="before after"
if [ -n "$control" ]; then
	cmp -s "$after" "$control" ||
		{ echo "cost: $control: not a copy of $after (the control must be the same kernel)" >&2; exit 2; }
	[ "$(realpath "$after")" != "$(realpath "$control")" ] ||
		{ echo "cost: $control: the after kernel's own file; the control boots a copy" >&2; exit 2; }
	kernels="before after control"
fi
case "$rounds" in '' | *[!0-9]* | 0) echo "cost: COST_BOOTS=$rounds: a number of rounds" >&2; exit 2 ;; esac
case "$seed" in '' | *[!0-9]*) echo "cost: COST_SEED=$seed: a number" >&2; exit 2 ;; esac
initramfs=$top/out/bench/initramfs-bench.cpio.gz
[ -f "$initramfs" ] || { echo "cost: $initramfs missing: run make bench (or bench-smoke) once" >&2; exit 1; }

mkdir -p "$out/logs"
res=$out/results.tsv
printf 'round\tkernel\tlevel\tworkload\tseconds\n' > "$res"
{
	echo "before=$(realpath "$before") $(sha256sum < "$before" | cut -c1-16)"
	echo "after=$(realpath "$after") $(sha256sum < "$after" | cut -c1-16)"
	[ -z "$control" ] || echo "control=$(realpath "$control") $(sha256sum < "$control" | cut -c1-16)"
	echo "rounds=$rounds seed=$seed date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$out/setup.txt"

# The boots of a round (each kernel at each level), in an order drawn from the seed and the
# round.
order() { # ROUND
	for k in $kernels; do printf '%s 0\n%s -20\n' "$k" "$k"; done |
		awk -v s="$((seed * 1000 + $1))" 'BEGIN { srand(s) } { print rand() "\t" $0 }' |
		sort -n | cut -f2
}

for r in $(seq 1 "$rounds"); do
	while read -r kernel level; do
		case "$kernel" in
		before) image=$before ;;
		after) image=$after ;;
		control) image=$control ;;
		esac
		tag=$kernel-$level-$r
		disk=$out/logs/disk-$tag.img
		rm -f "$disk"
		truncate -s 64M "$disk"
		say "round $r: $kernel kernel, every task at latency_nice $level"
		BOOT_TIMEOUT=900 BOOT_DISK=$disk \
		BOOT_APPEND="ln.kernel=series ln.profile=full ln.topo=flat ln.seed=$((seed + r)) ln.rounds=1-1 ln.workloads=hackbench,pipe ln.cells=$level:- ln.variants=ln ln.reps=1" \
			"$S/boot.sh" flat "$image" "$initramfs" "$out/logs/console-$tag.log" bench </dev/null >/dev/null ||
			say "round $r, $kernel $level: the boot failed (see logs/console-$tag.log)"
		unpack=$out/logs/unpack-$tag
		rm -rf "$unpack"
		mkdir -p "$unpack"
		tar -x -f "$disk" -C "$unpack" 2>/dev/null || true
		rm -f "$disk"
		# The guest's index: workload fg bg variant rep rc seconds file.
		if [ -f "$unpack/index.tsv" ]; then
			while IFS=$'\t' read -r wl _ _ _ _ rc _ file; do
				[ "$rc" = 0 ] || { say "round $r, $kernel $level: $wl exited $rc"; continue; }
				case "$wl" in
				hackbench) pat='s/^Time:[[:space:]]*\([0-9.]*\).*/\1/p' ;;
				pipe) pat='s/.*Total time:[[:space:]]*\([0-9.]*\).*/\1/p' ;;
				*) continue ;;
				esac
				v=$(sed -n "$pat" "$unpack/$file" | head -1)
				[ -n "$v" ] || { say "round $r, $kernel $level: no time in $file"; continue; }
				printf '%s\t%s\t%s\t%s\t%s\n' "$r" "$kernel" "$level" "$wl" "$v" >> "$res"
			done < <(tail -n +2 "$unpack/index.tsv")
		else
			say "round $r, $kernel $level: the boot left no results"
		fi
		rm -rf "$unpack"
	done < <(order "$r")
done
say "$(($(wc -l < "$res") - 1)) results in $res"
/usr/bin/python3 "$S/cost-report.py" "$res" > "$out/report.md"
cat "$out/report.md"
