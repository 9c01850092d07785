#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# How long a write of cpu.latency.nice takes next to many runnable tasks
# (latency_nice_group_write): GW_TASKS (default 1000) threads of a load group
# spin on CPU 1 while the target group holds one sleeping task; this writes -5
# and 0 in turn GW_WRITES (default 200) times to the target's file, from CPU 0,
# and prints the write times. On Linux 7.3 a write reaches the group's tasks;
# it walked every task queued on every CPU under that CPU's rq lock, and now
# visits the group's tasks only. Measured and shown, not judged. Under TCG a
# run with 1000 threads takes ~1.5 min; with 3000 it did not finish in 9 min,
# with 10000 not in 30 (BOOT_TIMEOUT), so 1000 is the default.
#
# Output: "LN-GROUPWRITE: ..." lines; the last one says done or error.
# make group-write boots it as the guest's /demo.sh (GROUP_WRITE_IMAGE: another kernel).

TASKS=${GW_TASKS:-1000}
WRITES=${GW_WRITES:-200}
CG=/sys/fs/cgroup

echo "LN-GROUPWRITE: $(uname -r), $TASKS load threads, $WRITES writes"
grep -q " $CG cgroup2 " /proc/mounts || { mkdir -p $CG && mount -t cgroup2 none $CG; }
# One kernel stack a thread: the default threads-max of a 1 GiB guest is ~8000.
echo $((TASKS + 2000)) > /proc/sys/kernel/threads-max
out=$(latency_nice_group_write --tasks "$TASKS" --writes "$WRITES" --cgroup $CG/lnwrite --cpu 1 2>&1)
rc=$?
printf "%s\n" "$out" | while IFS= read -r l || [ -n "$l" ]; do echo "LN-GROUPWRITE: $l"; done
if [ $rc = 0 ]; then echo "LN-GROUPWRITE: done"; else echo "LN-GROUPWRITE: error exit=$rc"; fi
