#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The latency-nice CLI end to end, and bookworm's own chrt and uclampset
# next to it: they must work as before and leave latency_nice alone.
# Output: TAP.

LN=/usr/bin/latency-nice
UL=/usr/lib/util-linux
# KTAP through the kselftests' helpers; check DESCRIPTION COMMAND...: one result, COMMAND
# run with its arguments as given (ktap_test_result() splits them again).
. "$(dirname "$0")/../../kselftest/ktap_helpers.sh"
check() { d=$1; shift; if "$@"; then ktap_test_pass "$d"; else ktap_test_fail "$d"; fi; }
field() { sed -n "s/^$2 *: *//p" "/proc/$1/sched"; }
ln_of() { field "$1" latency_nice; }

ktap_print_header
ktap_set_plan 27

sleep 60 & target=$!

out=$($LN --help); rc=$?
check "--help exits 0 with usage" [ $rc = 0 -a -n "$(echo "$out" | grep '^Usage:')" ]
out=$($LN -p $target)
check "-p shows the value" [ "$out" = "pid $target's current latency_nice: 0" ]
$LN -n -10 -p $target
check "-n -10 -p sets it" [ "$(ln_of $target)" = -10 ]
out=$($LN -v -n -12 -p $target)
check "-v shows the new value" [ "$out" = "pid $target's current latency_nice: -12" ]
out=$($LN -n 5 sh -c "$LN -p \$\$")
check "runs a command with the value" [ "${out##*: }" = 5 ]
out=$($LN -R -n -4 sh -c "$LN -p \$\$; sh -c '$LN -p \$\$'; true")
check "-R: the command has it, its children start at 0" \
	[ "$(echo "$out" | sed -n '1s/.*: //p')/$(echo "$out" | sed -n '2s/.*: //p')" = "-4/0" ]

err=$($LN -n 20 -p $target 2>&1); rc=$?
check "-n 20 fails with exit 1 and a message" [ $rc = 1 -a -n "$err" ]
err=$($LN -n abc -p $target 2>&1); rc=$?
check "-n abc fails with exit 1" [ $rc = 1 -a -n "$(echo "$err" | grep "invalid latency-nice argument")" ]
check "bad input changed nothing" [ "$(ln_of $target)" = -12 ]
err=$($LN -p 1073741808 2>&1); rc=$?
check "missing pid: exit 1, No such process" [ $rc = 1 -a -n "$(echo "$err" | grep 'No such process')" ]
err=$($LN 2>&1); rc=$?
check "no arguments: usage error, exit 1" [ $rc = 1 -a -n "$(echo "$err" | grep -- '--help')" ]
err=$($LN --bogus -p 1 2>&1); rc=$?
check "unknown option: exit 1" [ $rc = 1 ]
$LN -n 1 /nonexistent/cmd 2>/dev/null; rc=$?
check "missing command: exit 127" [ $rc = 127 ]
err=$(su -s /bin/sh nobody -c "$LN -n -5 -p $target" 2>&1); rc=$?
check "another user's task: exit 1, permission denied" [ $rc = 1 -a -n "$(echo "$err" | grep 'not permitted')" ]
out=$(su -s /bin/sh nobody -c "$LN -n -20 sh -c '$LN -p \$\$'" 2>&1)
check "an unprivileged user lowers its own" [ "${out##*: }" = -20 ]

# -a: every thread of a multi-threaded process (cyclictest with 3 threads).
cyclictest -q -t 3 -i 10000 -D 60 --policy=other >/dev/null 2>&1 & cyc=$!
# Its threads come a moment after it starts (seconds under TCG on a busy host).
i=0
while [ $(ls /proc/$cyc/task | wc -l) -lt 4 ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
$LN -a -n -3 -p $cyc
all=1; cnt=0
for t in /proc/$cyc/task/*; do
	cnt=$((cnt + 1))
	[ "$(sed -n 's/^latency_nice *: *//p' $t/sched)" = -3 ] || all=0
done
check "-a sets all $cnt threads" [ $all = 1 -a $cnt -ge 4 ]
kill $cyc; wait $cyc 2>/dev/null

# Read-modify-write: nice and policy stay.
renice -n 3 -p $target >/dev/null
$UL/chrt -b -p 0 $target
$LN -n 7 -p $target
check "nice and SCHED_BATCH kept" [ "$(field $target prio)/$(field $target policy)/$(ln_of $target)" = "123/3/7" ]

# bookworm's chrt and uclampset: unchanged behaviour, latency_nice kept.
out=$($UL/chrt -p $target); rc=$?
check "chrt -p works" [ $rc = 0 -a -n "$(echo "$out" | grep SCHED_BATCH)" ]
$UL/chrt -f -p 10 $target; rc1=$?
$UL/chrt -o -p 0 $target; rc2=$?
check "chrt -f then -o work and keep latency_nice" [ $rc1 = 0 -a $rc2 = 0 -a "$(ln_of $target)" = 7 ]
out=$($UL/chrt -o 0 $LN -p 0); rc=$?
check "chrt runs a command" [ $rc = 0 ]
$UL/uclampset -m 100 -M 900 -p $target; rc=$?
check "uclampset -m/-M works and keeps latency_nice" [ $rc = 0 -a "$(ln_of $target)" = 7 ]
out=$($UL/uclampset -p $target); rc=$?
check "uclampset -p shows the clamps" [ $rc = 0 -a -n "$(echo "$out" | grep 'min: 100 max: 900')" ]
$LN -n -2 -p $target
out=$($UL/uclampset -p $target)
check "latency-nice keeps the clamps" [ -n "$(echo "$out" | grep 'min: 100 max: 900')" -a "$(ln_of $target)" = -2 ]
check "latency-nice -p 0 is the caller" [ "$($LN -p 0 | sed 's/.*: //')" = 0 ]

# sched-slice, make bench's custom-slice column (mainline's knob): it sets the request size
# and nothing else.
SS=/usr/bin/sched-slice
out=$($SS -s 300000 sh -c "sed -n 's/^se.slice *: *//p' /proc/\$\$/sched")
check "sched-slice runs a command with a 0.3 ms slice" [ "$out" = 300000 ]
$SS -s 2000000 -p $target; rc=$?
check "sched-slice -p sets it, keeps nice and latency_nice" \
	[ $rc = 0 -a "$(field $target se.slice)/$(field $target prio)/$(ln_of $target)" = "2000000/123/-2" ]
err=$($SS -s 50000 -p $target 2>&1); rc=$?
check "sched-slice -s 50000: exit 1, a message, slice unchanged" \
	[ $rc = 1 -a -n "$err" -a "$(field $target se.slice)" = 2000000 ]

kill $target
wait 2>/dev/null
ktap_finished
