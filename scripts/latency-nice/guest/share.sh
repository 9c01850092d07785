#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The CPU share of a latency_nice adversary next to CPU hogs on one CPU
# (latency_nice_share): lowering latency_nice needs no privilege, so it must not
# buy CPU time. An unprivileged fork chain at -20 once got up to 1.9x its fair
# share; the credit now needs CAP_SYS_NICE or RLIMIT_NICE. The matrix: the adversary modes fork-chain (W = 1000 and 3000 us per
# child), sleep-spin (W = 1000 us between 1 us sleeps) and spin (the control,
# fair by construction), next to 1 and 4 hogs, at latency_nice 0 and -20, as root
# and as nobody (uid 65534), SHARE_SECS (default 10) s each after a 1 s warm-up,
# all on the last CPU (SHARE_CPU). 32 runs: about 6 minutes at the default.
#
# Output: every line of latency_nice_share prefixed with "LN-SHARE: ", then one
# "LN-SHARE: result ..." line per run with its adversary_over_fair_permille (1000:
# exactly the fair share), or an "LN-SHARE: error ..." line. Measured and shown,
# not judged. Exit 1 if a run failed.
#
# make share boots it as the guest's /demo.sh (SHARE_IMAGE: another kernel).

LNS=${LNS:-latency_nice_share}
SECS=${SHARE_SECS:-10}
CPU=${SHARE_CPU:-$(($(grep -c ^processor /proc/cpuinfo) - 1))}

command -v "$LNS" >/dev/null 2>&1 || { echo "LN-SHARE: error: $LNS not found"; exit 1; }
echo "LN-SHARE: $(uname -r), CPU $CPU, $SECS s a run"

runs=0
failed=0
# run MODE WORK_US HOGS LN USER(root|UID)
run() {
	mode=$1 work=$2 hogs=$3 ln=$4 user=$5
	as=
	[ "$user" = root ] || as="--user $user"
	runs=$((runs + 1))
	# TERM, not KILL, on a hang: latency_nice_share then kills and reaps what it started.
	out=$(timeout -s TERM $((SECS + 60)) "$LNS" "$mode" --hogs "$hogs" --secs "$SECS" \
		--ln "$ln" --cpu "$CPU" --work-us "$work" $as 2>&1)
	rc=$?
	# A loop, not sed: see init (busybox sed in a pipe holds its output).
	printf "%s\n" "$out" | while IFS= read -r l || [ -n "$l" ]; do echo "LN-SHARE: $l"; done
	what="mode=$mode work_us=$work hogs=$hogs ln=$ln user=$user"
	over=$(printf "%s\n" "$out" | sed -n 's/^share summary adversary_over_fair_permille=\([0-9]*\).*/\1/p')
	if [ $rc = 0 ] && [ -n "$over" ]; then
		echo "LN-SHARE: result $what adversary_over_fair_permille=$over"
	else
		failed=$((failed + 1))
		echo "LN-SHARE: error $what exit=$rc"
	fi
}

for user in root 65534; do
	for ln in 0 -20; do
		for hogs in 1 4; do
			run fork-chain 1000 $hogs $ln $user
			run fork-chain 3000 $hogs $ln $user
			run sleep-spin 1000 $hogs $ln $user
			run spin 1000 $hogs $ln $user
		done
	done
done

echo "LN-SHARE: done: $runs runs, $failed failed"
[ $failed = 0 ]
