#!/bin/bash
# Focused overload cell 0:0 on the bench kernels as built for the full run (series 72f7216).
set -eu
cd /work/main
S=scripts/latency-nice
res=out/bench/full-focus
rm -rf $res; mkdir -p $res/raw $res/logs
cp out/bench/build-series/.config $res/config-series; cp out/bench/build-base/.config $res/config-base
$S/mkinitramfs.sh --bench out/bench/initramfs-bench.cpio.gz
for pass in 1 2; do
for kernel in base series; do
	tag=flat-$kernel
	disk=$res/logs/disk-$tag-$pass.img; rm -f $disk; truncate -s 256M $disk
	t0=$(date +%s)
	BOOT_TIMEOUT=1800 BOOT_DISK=$disk \
	BOOT_APPEND="ln.kernel=$kernel ln.profile=full ln.topo=flat ln.workloads=cyclictest-hackbench ln.cells=0:0 ln.reps=${REPS:-6}" \
		$S/boot.sh flat out/bench/kernel-$kernel/bzImage out/bench/initramfs-bench.cpio.gz $res/logs/console-$tag-$pass.log bench || echo "boot $tag rc=$?"
	mkdir -p $res/raw-$pass/$tag
	tar -x -f $disk -C $res/raw-$pass/$tag || echo "no results $tag"
	rm -f $disk
	echo "boot $tag pass $pass: $(( $(date +%s) - t0 )) s"
done
done
