#!/usr/bin/env bash
# make diagnose: why a latency-sensitive task's wakeups wait, on the test kernel.
#
# usage: diagnose.sh BZIMAGE OUTDIR
# Boots the test kernel (CONFIG_SCHED_LATENCY_NICE_DEBUG: per-task slow-wakeup counters) on
# the flat topology twice, preempt=full and preempt=lazy, runs guest/diagnose.sh (three load
# regimes x latency_nice 0, -20 without and with the credit, SCHED_FIFO) and writes
# OUTDIR/report.md: per run, periods served, avg/max latency, and the wakeups that waited
# over 1 ms by what their wakeup found. DIAG_SECS (default 10) is each run's length (the light
# regime runs 5x as long); DIAG_MODES (default "full lazy") the preemption models;
# DIAG_REGIMES (default seed,light,overload; also groups and lightgroups: seed's or light's
# load and cyclictest in two cgroups; hog: a busy loop and cyclictest on one CPU, make run's cell; seedtime and
# lighttime: the background's hackbench time next to cyclictest, DIAG_HB_LOOPS and
# DIAG_LIGHT_HB_LOOPS their loops) the regimes; DIAG_REPS
# (default 1) the rounds of every regime and way; DIAG_TOPO (default flat) boot.sh's layout
# (one: a single vCPU, no other vCPU taking turns on QEMU's one instruction counter under
# BOOT_CLOCK=virtual); DIAG_LIGHT_US (default 50000) the
# light regime's cyclictest interval; DIAG_TRACE (default 0) the seconds of each run's trace
# pass (guest/diagnose.sh), whose lines go to OUTDIR/trace-MODE.txt.
# The test kernel is HZ=1000 and checks the latency tree on every pick: compare ways within
# one table, not with make bench's numbers.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
S=$top/scripts/latency-nice
image=${1:?usage: diagnose.sh BZIMAGE OUTDIR}
out=${2:?}
mkdir -p "$out"
"$S/mkinitramfs.sh" "$out/initramfs-diagnose.cpio.gz" "$S/guest/diagnose.sh"
for mode in ${DIAG_MODES:-full lazy}; do
	BOOT_TIMEOUT=1800 BOOT_APPEND="preempt=$mode ln.diag_secs=${DIAG_SECS:-10} ln.diag_regimes=${DIAG_REGIMES:-seed,light,overload} ln.diag_light_us=${DIAG_LIGHT_US:-50000} ln.diag_ways=${DIAG_WAYS:-ln0,ln-20/nocredit,ln-20/norun,ln-20/credit,fifo} ln.diag_reps=${DIAG_REPS:-1} ln.diag_trace=${DIAG_TRACE:-0} ln.diag_hb_loops=${DIAG_HB_LOOPS:-150000} ln.diag_light_hb_loops=${DIAG_LIGHT_HB_LOOPS:-800}" \
		"$S/boot.sh" "${DIAG_TOPO:-flat}" "$image" "$out/initramfs-diagnose.cpio.gz" "$out/console-$mode.log" demo || true
	grep -a '^LN-DIAG:' "$out/console-$mode.log" | sed 's/\r//' > "$out/diag-$mode.txt"
	grep -a '^LN-DIAGTRACE:' "$out/console-$mode.log" | sed 's/\r//' > "$out/trace-$mode.txt" || true
	grep -q '^LN-DIAG: end' "$out/diag-$mode.txt" || {
		echo "diagnose: preempt=$mode run did not finish; see $out/console-$mode.log" >&2; exit 1; }
done
"$S/diagnose-report.py" $(for m in ${DIAG_MODES:-full lazy}; do echo "$out/diag-$m.txt"; done) > "$out/report.md"
cat "$out/report.md"
