#!/usr/bin/env bash
# make sis-data: the idle-CPU search of every workload under every search rule, counted by
# the kernel (sis_stats), in a guest of the given topology.
#
# usage: sis-data.sh BZIMAGE TOPOLOGY OUTDIR
# Boots the test kernel (CONFIG_SCHED_SIS_STATS_DEBUG: a failed search is checked for an
# idle CPU it missed) on TOPOLOGY (boot.sh's; zen3-nps1 by default from make), runs
# guest/sis-data.sh and writes OUTDIR/sis-data.txt (the guest's lines), OUTDIR/report.md
# (scripts/latency-nice/sis-data-report.py). SIS_RULES, SIS_WORKLOADS and SIS_REPS pass the
# guest's ln.sis_rules, ln.sis_workloads and ln.sis_reps; SIS_TRACE=1 adds ln.sis_trace=1,
# the traced pass whose histograms go to OUTDIR/dist.txt for sis-model --dist. Counts are
# what to read under TCG; times only as ratios within one run.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
S=$top/scripts/latency-nice
image=${1:?usage: sis-data.sh BZIMAGE TOPOLOGY OUTDIR}
topo=${2:?}
out=${3:?}
mkdir -p "$out"
"$S/mkinitramfs.sh" "$out/initramfs-sis-data.cpio.gz" "$S/guest/sis-data.sh"
append="ln.sis_reps=${SIS_REPS:-1}"
[ -z "${SIS_RULES:-}" ] || append="$append ln.sis_rules=$SIS_RULES"
[ -z "${SIS_WORKLOADS:-}" ] || append="$append ln.sis_workloads=$SIS_WORKLOADS"
[ "${SIS_TRACE:-0}" = 0 ] || append="$append ln.sis_trace=1"
BOOT_TIMEOUT=${BOOT_TIMEOUT:-5400} BOOT_APPEND="$append" \
	"$S/boot.sh" "$topo" "$image" "$out/initramfs-sis-data.cpio.gz" "$out/console.log" demo || true
grep -a '^LN-SIS' "$out/console.log" | sed 's/\r//' > "$out/sis-data.txt"
grep -q '^LN-SIS: end' "$out/sis-data.txt" || {
	echo "sis-data: the guest did not finish; see $out/console.log" >&2; exit 1; }
grep '^LN-SISDIST: ' "$out/sis-data.txt" > "$out/dist.txt" || true
/usr/bin/python3 "$S/sis-data-report.py" "$topo" "$out/sis-data.txt" > "$out/report.md"
cat "$out/report.md"
