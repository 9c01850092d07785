#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# An unprivileged latency_nice below 0 is taken with its credit withheld, not
# refused, so the CAP_SYS_NICE check that withholds the credit must not ask for
# an audit record: an LSM (SELinux, AppArmor) logs every capability check that
# fails unless it carries CAP_OPT_NOAUDIT, and would log a denial where nothing
# was denied. Seen through a kprobe event on cap_capable() (the capability
# check every LSM stack ends in; security_capable() where an LSM is built):
# while nobody sets -20 through sched_setattr() and through cpu.latency.nice,
# every CAP_SYS_NICE check carries CAP_OPT_NOAUDIT, and there is one. nobody's
# renice -n -1, refused after an audited check, shows that the probe sees those.
# Output: KTAP.

LN=/usr/bin/latency-nice
CG2=/sys/fs/cgroup
CAP_SYS_NICE=23
CAP_OPT_NOAUDIT=2
. "$(dirname "$0")/../../kselftest/ktap_helpers.sh"
check() { d=$1; shift; if "$@"; then ktap_test_pass "$d"; else ktap_test_fail "$d"; fi; }

ktap_print_header

T=/sys/kernel/tracing
[ -d $T/events ] || mount -t tracefs nodev $T 2>/dev/null
# The test kernel has them (kernel/configs/latency_nice_qemu.config): no skip.
[ -w $T/kprobe_events ] || ktap_exit_fail_msg "no kprobe events (CONFIG_KPROBE_EVENTS)"
for fn in cap_capable security_capable; do
	echo "p:lncap $fn cap=%dx:s32 opts=%cx:u32" >> $T/kprobe_events 2>/dev/null && break
done
[ -d $T/events/kprobes/lncap ] || ktap_exit_fail_msg "no kprobe on cap_capable() or security_capable()"
echo "cap == $CAP_SYS_NICE" > $T/events/kprobes/lncap/filter
echo 1 > $T/events/kprobes/lncap/enable

# checks COMMAND...: COMMAND run with the probe's log cleared before; prints
# "AUDITED NOAUDIT", its CAP_SYS_NICE checks without and with CAP_OPT_NOAUDIT.
checks() {
	echo > $T/trace
	"$@" >/dev/null 2>&1
	awk -v bit=$CAP_OPT_NOAUDIT '
		/ lncap: / { for (i = 1; i <= NF; i++) if ($i ~ /^opts=/) {
			o = substr($i, 6) + 0
			if (int(o / bit) % 2) q++; else a++
		} }
		END { printf "%d %d\n", a, q }' $T/trace
}

# unaudited AUDITED NOAUDIT: none audited, at least one not.
unaudited() { [ "$1" = 0 ] && [ "$2" -ge 1 ]; }

ktap_set_plan 4

set -- $(checks su -s /bin/sh nobody -c 'renice -n -1 -p $$')
check "nobody's renice -n -1: the probe sees its audited CAP_SYS_NICE check ($1 audited, $2 not)" \
	[ "$1" -ge 1 ]

set -- $(checks su -s /bin/sh nobody -c "$LN -n -20 true")
check "nobody's sched_setattr(latency_nice -20): checked without an audit record ($1 audited, $2 not)" \
	unaudited "$1" "$2"

grep -q " $CG2 cgroup2 " /proc/mounts || mount -t cgroup2 none $CG2
echo +cpu > $CG2/cgroup.subtree_control
mkdir -p $CG2/lnaudit
chown 65534 $CG2/lnaudit/cpu.latency.nice
# Where tasks are scheduled in one flat queue (Linux 7.3) a group's value
# restricts the credit and never grants it: no check to make, none audited.
flat=0
grep -q '^effective latency_nice' /proc/self/sched && flat=1
set -- $(checks su -s /bin/sh nobody -c "echo -20 > $CG2/lnaudit/cpu.latency.nice")
if [ $flat = 1 ]; then
	check "nobody's cpu.latency.nice -20 (delegated, flat queue): no audited check ($1 audited, $2 not)" \
		[ "$1" = 0 ]
else
	check "nobody's cpu.latency.nice -20 (delegated): checked without an audit record ($1 audited, $2 not)" \
		unaudited "$1" "$2"
fi
check "nobody's cpu.latency.nice -20 (delegated) is taken" [ "$(cat $CG2/lnaudit/cpu.latency.nice)" = -20 ]
rmdir $CG2/lnaudit

echo 0 > $T/events/kprobes/lncap/enable
echo "-:lncap" >> $T/kprobe_events
ktap_finished
