#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# make cost: what the series costs a workload that never asks for latency_nice, as a path
# length. The unpatched base and the series, both built with the benchmark config, and a
# copy of the base's image booted as a third kernel (the A/A control), on the virtual clock
# (boot.sh BOOT_CLOCK=virtual: one guest instruction, one virtual nanosecond), each boot
# running the throughput workloads of make bench with every task at one level:
#   0       nothing set (the base, the control, and the series with its static key off:
#           mainline's paths);
#   0-key   the series after one short task set latency_nice 1 and exited (guest/bench.sh
#           ln.keyon=1): the key on for the rest of the boot, every measured task at 0;
#   -20     the series, every task of the workload at latency_nice -20.
# The boot is the unit: a round boots every (kernel, level) once, in an order drawn from the
# seed and the round, COST_PARALLEL (2) guests at a time (each uses one host core), and
# the report (cost-report.py) pairs each boot with base's of the same round. Every boot
# has a seed of its own (ln.bootseed: the guest's start offsets).
#
# Workloads (guest/bench.sh, PROFILE=full): hackbench -g 4 -l 400 (virtual ns per message:
# 20 x 20 per group and loop), perf bench sched pipe -l 20000 unpinned and with both ends
# pinned to one CPU (ns per round trip, from perf's usecs/op).
#
# usage: cost.sh BASE_BZIMAGE SERIES_BZIMAGE OUTDIR
# env: COST_BOOTS (rounds, default 10), COST_SEED (default 1), COST_REPS (runs of each
# workload in a boot, default 3), COST_CLOCK (virtual, the default, or wall),
# COST_PARALLEL (guests at once; 2 on the virtual clock, 1 on the wall clock).
set -euo pipefail

S=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$S/../.." && pwd)
usage="usage: cost.sh BASE_BZIMAGE SERIES_BZIMAGE OUTDIR"
base=${1:?$usage}
series=${2:?$usage}
out=${3:?$usage}
rounds=${COST_BOOTS:-10}
seed=${COST_SEED:-1}
reps=${COST_REPS:-3}
clock=${COST_CLOCK:-virtual}
say() { printf '==> cost: %s\n' "$*" >&2; }

for img in "$base" "$series"; do
	[ -f "$img" ] || { echo "cost: $img: no such kernel image" >&2; exit 1; }
done
case "$rounds" in '' | *[!0-9]* | 0) echo "cost: COST_BOOTS=$rounds: a number of rounds" >&2; exit 2 ;; esac
case "$seed" in '' | *[!0-9]*) echo "cost: COST_SEED=$seed: a number" >&2; exit 2 ;; esac
case "$reps" in '' | *[!0-9]* | 0) echo "cost: COST_REPS=$reps: a number of runs" >&2; exit 2 ;; esac
case "$clock" in virtual | wall) ;; *) echo "cost: COST_CLOCK=$clock: virtual or wall" >&2; exit 2 ;; esac
parallel=${COST_PARALLEL:-$([ "$clock" = virtual ] && echo 2 || echo 1)}
case "$parallel" in '' | *[!0-9]* | 0) echo "cost: COST_PARALLEL=$parallel: a number of guests" >&2; exit 2 ;; esac
[ "$clock" = virtual ] || [ "$parallel" = 1 ] ||
	{ echo "cost: COST_PARALLEL=$parallel needs COST_CLOCK=virtual (wall-clock guests would time each other)" >&2; exit 2; }
cmp -s "$base" "$series" && { echo "cost: $base and $series are the same kernel" >&2; exit 2; }
initramfs=$top/out/bench/initramfs-bench.cpio.gz
[ -f "$initramfs" ] || { echo "cost: $initramfs missing: run make bench (or bench-smoke) once" >&2; exit 1; }

mkdir -p "$out/logs"
# The control: the base's bytes in a file of their own.
control=$out/control.bzImage
cp "$base" "$control"
res=$out/results.tsv
printf 'round\tkernel\tlevel\tworkload\trep\tns_per_op\n' > "$res"
{
	echo "base=$(realpath "$base") $(sha256sum < "$base" | cut -c1-16)"
	echo "series=$(realpath "$series") $(sha256sum < "$series" | cut -c1-16)"
	echo "control=a copy of base $(sha256sum < "$control" | cut -c1-16)"
	echo "rounds=$rounds seed=$seed reps=$reps clock=$clock parallel=$parallel"
	echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "qemu=$(qemu-system-x86_64 --version | head -n1)"
} > "$out/setup.txt"

# The boots of a round, in an order drawn from the seed and the round.
order() { # ROUND
	printf '%s\n' "base 0" "control 0" "series 0" "series 0-key" "series -20" |
		awk -v s="$((seed * 1000 + $1))" 'BEGIN { srand(s) } { print rand() "\t" $0 }' |
		sort -n | cut -f2
}

# boot_one ROUND KERNEL LEVEL: one boot, its runs appended to results.tsv.
boot_one() {
	local r=$1 kernel=$2 level=$3 image tag disk unpack args bootseed meta hb_g hb_l pp_l
	case "$kernel" in
	base) image=$base ;;
	control) image=$control ;;
	series) image=$series ;;
	esac
	# Nothing set at 0 (the guest's base column); ln.keyon turns the key on first.
	case "$level" in
	0) args="ln.kernel=base ln.variants=base ln.cells=0:-" ;;
	0-key) args="ln.kernel=base ln.variants=base ln.cells=0:- ln.keyon=1" ;;
	-20) args="ln.kernel=series ln.variants=ln ln.cells=-20:-" ;;
	esac
	tag=$kernel$level-$r
	bootseed=$(printf '%s %s' "$seed" "$tag" | cksum | cut -d' ' -f1)
	disk=$out/logs/disk-$tag.img
	rm -f "$disk"
	truncate -s 64M "$disk"
	say "round $r: $kernel kernel, level $level"
	BOOT_CLOCK=$clock BOOT_TIMEOUT=${COST_BOOT_TIMEOUT:-1800} BOOT_DISK=$disk \
	BOOT_APPEND="$args ln.profile=full ln.topo=flat ln.seed=$((seed + r)) ln.bootseed=$bootseed ln.clock=$clock ln.rounds=1-$reps ln.reps=$reps ln.workloads=hackbench,pipe,pipe-pinned" \
		"$S/boot.sh" flat "$image" "$initramfs" "$out/logs/console-$tag.log" bench </dev/null >/dev/null ||
		say "round $r, $kernel $level: the boot failed (see logs/console-$tag.log)"
	unpack=$out/logs/unpack-$tag
	rm -rf "$unpack"
	mkdir -p "$unpack"
	tar -x -f "$disk" -C "$unpack" 2>/dev/null || true
	rm -f "$disk"
	meta=$unpack/meta.txt
	if [ ! -f "$unpack/index.tsv" ] || [ ! -f "$meta" ]; then
		say "round $r, $kernel $level: the boot left no results"
		rm -rf "$unpack"
		return 0
	fi
	# The workloads' sizes, as the guest ran them.
	hb_g=$(sed -n 's/.* HB_G=\([0-9]*\).*/\1/p' "$meta")
	hb_l=$(sed -n 's/.* HB_L=\([0-9]*\).*/\1/p' "$meta")
	pp_l=$(sed -n 's/.* PP_L=\([0-9]*\).*/\1/p' "$meta")
	if [ "$level" = 0-key ] && ! grep -q 'latency_nice_used=1' "$meta"; then
		say "round $r, $kernel $level: the static key was not on; results dropped"
		rm -rf "$unpack"
		return 0
	fi
	# The guest's index: workload fg bg variant rep rc seconds file.
	while IFS=$'\t' read -r wl _ _ _ rep rc _ file; do
		[ "$rc" = 0 ] || { say "round $r, $kernel $level: $wl exited $rc"; continue; }
		case "$wl" in
		hackbench)
			v=$(sed -n 's/^Time:[[:space:]]*\([0-9.]*\).*/\1/p' "$unpack/$file" | head -1)
			ops=$((hb_g * 20 * 20 * hb_l)) ;;
		pipe | pipe-pinned)
			# perf's usecs/op (six decimals), not its Total time (three: 50 ns steps
			# per round trip at 20000 loops): a round trip in seconds.
			v=$(sed -n 's/^[[:space:]]*\([0-9.]*\) usecs\/op.*/\1/p' "$unpack/$file" | head -1)
			[ -z "$v" ] || v=$(awk -v u="$v" 'BEGIN { printf "%.9f", u / 1e6 }')
			ops=1 ;;
		*) continue ;;
		esac
		[ -n "$v" ] && [ "${ops:-0}" -gt 0 ] || { say "round $r, $kernel $level: no time in $file"; continue; }
		(
			flock 9
			awk -v r="$r" -v k="$kernel" -v l="$level" -v w="$wl" -v p="$rep" -v s="$v" -v n="$ops" \
				'BEGIN { printf "%s\t%s\t%s\t%s\t%s\t%.3f\n", r, k, l, w, p, s * 1e9 / n }' >> "$res"
		) 9> "$out/logs/results.lock"
	done < <(tail -n +2 "$unpack/index.tsv")
	rm -rf "$unpack"
}

t0=$(date +%s)
for r in $(seq 1 "$rounds"); do
	while read -r kernel level; do
		while [ "$(jobs -pr | wc -l)" -ge "$parallel" ]; do wait -n || true; done
		boot_one "$r" "$kernel" "$level" &
	done < <(order "$r")
done
wait
say "$(($(wc -l < "$res") - 1)) results in $res, $(($(date +%s) - t0)) s"
/usr/bin/python3 "$S/cost-report.py" "$res" > "$out/report.md"
cat "$out/report.md"
