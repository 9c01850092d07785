#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# make insn-profile: where the series' instructions go, kernel function by kernel function.
# make cost says how many virtual nanoseconds (guest instructions) an operation costs; this
# says which functions they are spent in. Each (kernel, level) of make cost boots once on
# the virtual clock with insn-count, a QEMU TCG plugin that counts the instructions of
# every translated block between two sync(2) calls the guest makes around each run
# (guest/bench.sh ln.insnmark=1); insn-report.py maps the blocks to the kernel's
# System.map and divides by the run's operations:
#   base 0, series 0 (the static key off), series 0-key (a task set latency_nice 1 and
#   exited: the key on, every measured task at 0), series -20.
# Workloads as make cost's: perf bench sched pipe -l 20000 with both ends pinned to one CPU
# and unpinned (per round trip), hackbench -g 4 -l 400 (per message). Instruction counts
# of a path repeat to a few per operation from boot to boot (make cost's A/A: 0.01 %), so
# one boot of each is the measurement; a second (INSN_BOOTS=2) shows the spread.
#
# usage: insn-profile.sh BASE_BZIMAGE SERIES_BZIMAGE OUTDIR
#   System.map beside each bzImage (make bench's kernel-base/ and kernel-series/).
# env: INSN_BOOTS (boots of each, default 1), INSN_WORKLOADS (default
# pipe-pinned,pipe,hackbench), INSN_PARALLEL (guests at once, default 2).
set -euo pipefail

S=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$S/../.." && pwd)
usage="usage: insn-profile.sh BASE_BZIMAGE SERIES_BZIMAGE OUTDIR"
base=${1:?$usage}
series=${2:?$usage}
out=${3:?$usage}
boots=${INSN_BOOTS:-1}
workloads=${INSN_WORKLOADS:-pipe-pinned,pipe,hackbench}
parallel=${INSN_PARALLEL:-2}
say() { printf '==> insn-profile: %s\n' "$*" >&2; }

for img in "$base" "$series"; do
	[ -f "$img" ] || { echo "insn-profile: $img: no such kernel image" >&2; exit 1; }
	[ -f "$(dirname "$img")/System.map" ] ||
		{ echo "insn-profile: no System.map beside $img" >&2; exit 1; }
done
case "$boots" in '' | *[!0-9]* | 0) echo "insn-profile: INSN_BOOTS=$boots: a number of boots" >&2; exit 2 ;; esac
case "$parallel" in '' | *[!0-9]* | 0) echo "insn-profile: INSN_PARALLEL=$parallel: a number of guests" >&2; exit 2 ;; esac
for w in ${workloads//,/ }; do
	case "$w" in pipe | pipe-pinned | hackbench) ;;
	*) echo "insn-profile: INSN_WORKLOADS: '$w' is not pipe, pipe-pinned or hackbench" >&2; exit 2 ;;
	esac
done
cmp -s "$base" "$series" && { echo "insn-profile: $base and $series are the same kernel" >&2; exit 2; }

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/counts" "$out/logs"
mkdir -p "$out/counts" "$out/logs"

# The plugin, against the installed QEMU's plugin API.
api=$("$S/fetch-qemu-plugin-api.sh" "$top/out/qemu-plugin-api")
gcc -O2 -Wall -Wextra -Wno-unused-parameter -Werror -shared -fPIC -fvisibility=hidden \
	-I "$api" -o "$out/insn-count.so" "$S/insn-count/insn-count.c"
# The bench image's guest side with the markers (its own copy: a make bench running
# meanwhile keeps its image).
"$S/build-guest-tools.sh"
"$S/mkinitramfs.sh" --bench "$out/initramfs.cpio.gz"

{
	echo "base=$(realpath "$base") $(sha256sum < "$base" | cut -c1-16)"
	echo "series=$(realpath "$series") $(sha256sum < "$series" | cut -c1-16)"
	echo "boots=$boots workloads=$workloads"
	echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "qemu=$(qemu-system-x86_64 --version | head -n1)"
	echo "clock=virtual (-icount shift=0,sleep=off), plugin insn-count (scripts/latency-nice/insn-count)"
} > "$out/setup.txt"

# boot_one KERNEL LEVEL BOOT: one boot; its windows' counts in counts/TAG/, with the
# guest's index.tsv and meta.txt.
boot_one() {
	local kernel=$1 level=$2 b=$3 image tag disk unpack args mark
	image=$base
	[ "$kernel" = series ] && image=$series
	case "$level" in
	0) args="ln.kernel=base ln.variants=base ln.cells=0:-" ;;
	0-key) args="ln.kernel=base ln.variants=base ln.cells=0:- ln.keyon=1" ;;
	-20) args="ln.kernel=series ln.variants=ln ln.cells=-20:-" ;;
	esac
	tag=$kernel$level-$b
	mark=$(awk '$3 == "__x64_sys_sync" { print "0x" $1; exit }' "$(dirname "$image")/System.map")
	[ -n "$mark" ] || { say "$tag: no __x64_sys_sync in the System.map"; return 0; }
	mkdir -p "$out/counts/$tag"
	disk=$out/logs/disk-$tag.img
	rm -f "$disk"
	truncate -s 64M "$disk"
	say "$kernel kernel, level $level, boot $b"
	BOOT_CLOCK=virtual BOOT_TIMEOUT=${INSN_BOOT_TIMEOUT:-3600} BOOT_DISK=$disk \
	BOOT_PLUGIN="$out/insn-count.so,arg=mark=$mark,arg=out=$out/counts/$tag/window" \
	BOOT_APPEND="$args ln.profile=full ln.topo=flat ln.seed=$b ln.bootseed=$b ln.clock=virtual ln.rounds=1-1 ln.reps=1 ln.workloads=$workloads ln.insnmark=1" \
		"$S/boot.sh" flat "$image" "$out/initramfs.cpio.gz" "$out/logs/console-$tag.log" bench </dev/null >/dev/null ||
		say "$tag: the boot failed (see logs/console-$tag.log)"
	unpack=$out/logs/unpack-$tag
	rm -rf "$unpack"
	mkdir -p "$unpack"
	tar -x -f "$disk" -C "$unpack" 2>/dev/null || true
	rm -f "$disk"
	if [ ! -f "$unpack/index.tsv" ] || [ ! -f "$unpack/meta.txt" ]; then
		say "$tag: the boot left no results"
	else
		cp "$unpack/index.tsv" "$unpack/meta.txt" "$out/counts/$tag/"
		if [ "$level" = 0-key ] && ! grep -q 'latency_nice_used=1' "$unpack/meta.txt"; then
			say "$tag: the static key was not on; its counts dropped"
			rm -rf "$out/counts/$tag"
		fi
	fi
	rm -rf "$unpack"
}

t0=$(date +%s)
for b in $(seq 1 "$boots"); do
	for kl in "base 0" "series 0" "series 0-key" "series -20"; do
		while [ "$(jobs -pr | wc -l)" -ge "$parallel" ]; do wait -n || true; done
		boot_one $kl "$b" &
	done
done
wait
say "boots done in $(($(date +%s) - t0)) s"
/usr/bin/python3 "$S/insn-report.py" "$out" \
	--map base="$(dirname "$base")/System.map" --map series="$(dirname "$series")/System.map" > "$out/report.md"
cat "$out/report.md"
