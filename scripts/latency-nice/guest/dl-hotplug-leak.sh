#!/bin/sh
# The deadline bandwidth error of mainline 7.2 that the fuzzer's soak found (CPU hotplug while
# a task that left SCHED_DEADLINE still holds its bandwidth): dl_hotplug_leak on whatever
# kernel boots it, the base kernel or the series. Boot with make's BOOT_* variables, e.g.
#   scripts/latency-nice/mkinitramfs.sh out/initramfs-dl-leak.cpio.gz scripts/latency-nice/guest/dl-hotplug-leak.sh
#   scripts/latency-nice/boot.sh flat out/bench/kernel-base/bzImage out/initramfs-dl-leak.cpio.gz out/logs/dl-leak-base.log demo
# ln.dl_leak=burst (BOOT_APPEND): the burst of deadline calls alone, without the hotplug round.
mount -t debugfs none /sys/kernel/debug 2>/dev/null
mode=
for arg in $(cat /proc/cmdline); do
	case "$arg" in ln.dl_leak=*) mode=${arg#ln.dl_leak=} ;; esac
done
echo "LN-DL-LEAK: $(uname -r) ${mode}"
/usr/bin/dl_hotplug_leak $mode
echo "LN-DL-LEAK: exit $?"
