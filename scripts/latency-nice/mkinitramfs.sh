#!/usr/bin/env bash
# Build the test initramfs: static busybox, /init, the in-guest tests and static tools.
#
# usage: mkinitramfs.sh [--bench] OUTFILE [DEMO_SCRIPT]
#   --bench: the make bench image: /bench.sh and the benchmark tools (perf, stress-ng).
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
bench=
[ "${1:-}" = --bench ] && { bench=1; shift; }
outfile=${1:?usage: mkinitramfs.sh [--bench] OUTFILE [DEMO_SCRIPT]}
demo=${2:-}
say() { printf '==> initramfs: %s\n' "$*" >&2; }

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
chmod 0755 "$root"	# "/" of the guest: unprivileged test users must get through it
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,etc,tests}
cp /bin/busybox "$root/bin/busybox"
for applet in $("$root/bin/busybox" --list); do
	[ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done
install -m 0755 "$top/scripts/latency-nice/guest/init" "$root/init"
echo "root:x:0:0:root:/:/bin/sh" > "$root/etc/passwd"
echo "nobody:x:65534:65534:nobody:/:/bin/sh" >> "$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$root/etc/group"

# In-guest tests: every executable under tools/testing/selftests/sched/<suite>/,
# run in name order as /tests/<suite>-<name>.
for t in "$top"/tools/testing/selftests/sched/*/*; do
	[ -f "$t" ] && [ -x "$t" ] || continue
	suite=$(basename "$(dirname "$t")")
	install -m 0755 "$t" "$root/tests/$suite-$(basename "$t")"
done
# Static binaries built by build-guest-tools.sh (Rust CLI, test programs) go to /usr/bin.
if [ -d "$top/out/guest-bin" ]; then
	cp -a "$top/out/guest-bin/." "$root/usr/bin/"
fi
# The kselftests' KTAP helpers (from the base tree, build-peer-tests.sh), where the tests
# source them: ../../kselftest/ of their own directory, as in a kernel tree.
if [ -f "$root/usr/bin/ktap_helpers.sh" ]; then
	mkdir -p "$root/kselftest"
	mv "$root/usr/bin/ktap_helpers.sh" "$root/kselftest/"
fi

# Debian's own tools, with the shared libraries they need: rt-tests, and util-linux's chrt
# and uclampset under /usr/lib/util-linux (busybox's applets keep the short names).
copy_host_bin() {
	local bin=$1 dest=$2 lib
	mkdir -p "$root/$(dirname "$dest")"
	cp -L "$bin" "$root/$dest"
	for lib in $(ldd "$bin" | grep -o '/[^ ]*'); do
		[ -e "$root$lib" ] || { mkdir -p "$root$(dirname "$lib")"; cp -L "$lib" "$root$lib"; }
	done
}
copy_host_bin /usr/bin/cyclictest /usr/bin/cyclictest
copy_host_bin /usr/bin/hackbench /usr/bin/hackbench
copy_host_bin /usr/bin/chrt /usr/lib/util-linux/chrt
copy_host_bin /usr/bin/uclampset /usr/lib/util-linux/uclampset
# tbench (Debian's dbench), for make sis-data: client and server, and the first 4000
# operations of its 26 MB load file (tbench replays it in a loop for -t seconds).
if [ -x /usr/bin/tbench ]; then
	copy_host_bin /usr/bin/tbench /usr/bin/tbench
	copy_host_bin /usr/bin/tbench_srv /usr/bin/tbench_srv
	mkdir -p "$root/usr/share/dbench"
	head -n 4000 /usr/share/dbench/client.txt > "$root/usr/share/dbench/client.txt"
fi
[ -n "$demo" ] && install -m 0755 "$demo" "$root/demo.sh"
# make diagnose's trace pass (guest/diagnose.sh, ln.diag_trace): the waits in a trace.
install -D -m 0644 "$top/scripts/latency-nice/guest/diag-waits.awk" "$root/usr/share/latency-nice/diag-waits.awk"
# What a load got beside a measured task (guest/bench.sh, guest/diagnose.sh).
install -D -m 0644 "$top/scripts/latency-nice/guest/load-usage.sh" "$root/usr/share/latency-nice/load-usage.sh"
if [ -n "$bench" ]; then
	copy_host_bin "$(command -v perf)" /usr/bin/perf
	copy_host_bin /usr/bin/stress-ng /usr/bin/stress-ng
	# coreutils' nice (busybox has only renice): the bench's nice column.
	copy_host_bin /usr/bin/nice /usr/bin/nice
	install -m 0755 "$top/scripts/latency-nice/guest/bench.sh" "$root/bench.sh"
	# LN_PEERS_BIN (bench.sh, from build-peers.sh): the peers' static binaries.
	if [ -n "${LN_PEERS_BIN:-}" ]; then
		for peer in scx_lavd scx_bpfland; do
			install -m 0755 "$LN_PEERS_BIN/$peer" "$root/usr/bin/$peer"
		done
	fi
	# BENCH_MATRIX: the copy bench.sh took at its start.
	install -m 0644 "${BENCH_MATRIX:-$top/scripts/latency-nice/guest/bench-matrix}" "$root/bench-matrix"
fi

mkdir -p "$(dirname "$outfile")"
(cd "$root" && find . -print0 | cpio --null -o -H newc --quiet) | gzip -1 > "$outfile"
say "$outfile: $(ls "$root/tests" | wc -l) tests, $(stat -c %s "$outfile") bytes"
