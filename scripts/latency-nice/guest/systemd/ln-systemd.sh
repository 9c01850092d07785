#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make systemd, inside a guest whose init is Debian bookworm's systemd: cpu.latency.nice set
# the way README.md tells operators to (a drop-in, latency-nice.conf), checked to be there
# after a start, a restart, a daemon-reload and a stop and start; a value written by hand
# checked not to outlive a restart (what the drop-in is for); then cyclictest as a service
# next to a CPU-bound one in batch.slice, its group at 0 and at -20 in turn (a benchmark:
# printed, not judged). Output: "LN-SYSTEMD: ok N - ..." / "not ok N - ..." lines, the
# measurements, then "LN-SYSTEMD: done: N checks, F failed"; then the guest powers off.

secs=${LN_SECS:-4}
rounds=${LN_ROUNDS:-3}
n=0 failed=0
say() { echo "LN-SYSTEMD: $*"; }
check() { # DESCRIPTION COMMAND...
	desc=$1
	shift
	n=$((n + 1))
	if "$@"; then
		say "ok $n - $desc"
	else
		failed=$((failed + 1))
		say "not ok $n - $desc"
	fi
}
cg() { echo "/sys/fs/cgroup/system.slice/$1"; }
# value_is UNIT VALUE: the unit's cgroup has cpu.latency.nice VALUE.
value_is() {
	v=$(cat "$(cg "$1")/cpu.latency.nice" 2>&1)
	[ "$v" = "$2" ] || { say "# $1: cpu.latency.nice '$v', expected '$2'"; return 1; }
}
main_pid() { systemctl show -p MainPID --value "$1"; }

say "kernel $(uname -r), $(systemctl --version | head -n 1), $(nproc) CPUs"
# Until a unit asks for the cpu controller (CPUWeight=), systemd leaves it off: a service's
# cgroup, this one's, has no cpu.* files, so no cpu.latency.nice.
check "no unit asked for the cpu controller: no cpu.latency.nice" \
	test ! -e "$(cg ln-systemd.service)/cpu.latency.nice"

systemctl start svc-latency.service
check "the drop-in's CPUWeight= gives the service's cgroup cpu.latency.nice" \
	test -e "$(cg svc-latency.service)/cpu.latency.nice"
check "a drop-in sets the service's cpu.latency.nice at its start" value_is svc-latency.service -20
pid=$(main_pid svc-latency.service)
systemctl restart svc-latency.service
check "a restart runs the service anew" [ "$(main_pid svc-latency.service)" != "$pid" ]
check "... and the drop-in sets the value again" value_is svc-latency.service -20
systemctl daemon-reload
check "a daemon-reload leaves it" value_is svc-latency.service -20
systemctl stop svc-latency.service
check "a stop removes the service's cgroup" [ ! -d "$(cg svc-latency.service)" ]
systemctl start svc-latency.service
check "a start after a stop sets it again" value_is svc-latency.service -20

systemctl start svc-plain.service
echo -20 > "$(cg svc-plain.service)/cpu.latency.nice"
check "a value written by hand takes" value_is svc-plain.service -20
systemctl restart svc-plain.service
check "a restart does not keep a value written by hand" value_is svc-plain.service 0
systemctl stop svc-latency.service svc-plain.service

# The measurement: cyclictest as a service, its cgroup at 0 (g0) and at -20 (g20, the same
# drop-in), in turn, next to hackbench in batch.slice.
systemctl start ln-batch.service
sleep 1
r=0
while [ $r -lt "$rounds" ]; do
	r=$((r + 1))
	for g in g0 g20; do
		systemctl set-environment LN_SECS="$secs"
		if systemctl start "ln-cyclictest@$g.service"; then
			say "cyclictest group $g round $r: $(grep 'T: 0' /run/ln-cyclictest-$g.txt | sed 's/.*\(C:.*\)/\1/')"
		else
			say "cyclictest group $g round $r: failed: $(tail -n 2 /run/ln-cyclictest-$g.txt 2>&1 | tr '\n' ' ')"
		fi
	done
done
systemctl stop ln-batch.service
# value_was INSTANCE VALUE: the cyclictest service INSTANCE ran in a cgroup at VALUE.
value_was() { [ "$(cat /run/ln-cyclictest-$1.value 2>&1)" = "$2" ]; }
check "cyclictest's service ran at -20 with the drop-in" value_was g20 -20
check "... and at 0 without it" value_was g0 0
say "done: $n checks, $failed failed"
systemctl poweroff --no-block
