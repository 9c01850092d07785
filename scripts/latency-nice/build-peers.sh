#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The peers of make bench: the sched_ext schedulers a latency-minded user runs instead of
# the series, built from crates.io at pinned versions (nothing vendored here).
#
# usage: build-peers.sh OUTDIR      (OUTDIR/bin/scx_lavd, OUTDIR/bin/scx_bpfland)
#
# scx_lavd (Meta's fleet default, CachyOS) and scx_bpfland, static-pie glibc builds so that
# they run from make bench's busybox initramfs: RUSTFLAGS reach only the target's objects
# because the target is named (--target), not the build scripts. Their BPF programs are
# compiled with bookworm's clang-19 (BPF_CLANG: bookworm has no plain clang); libbpf-cargo
# generates the skeletons, and the crates carry their own vmlinux.h, so neither bpftool nor
# libbpf-dev is needed. The guest kernel must have SCHED_CLASS_EXT and BTF
# (kernel/configs/latency_nice_bench.config). Idempotent: binaries that report the pinned
# versions are kept; ~4 min cold on 2 cores (CARGO_TARGET_DIR under OUTDIR).
set -euo pipefail

SCX_VERSION=1.1.4
PEERS=(scx_lavd scx_bpfland)

out=${1:?usage: build-peers.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
say() { printf '==> peers: %s\n' "$*" >&2; }

have() { # NAME: the binary is there and reports the pinned version
	[ -x "$out/bin/$1" ] && "$out/bin/$1" --version 2>/dev/null | grep -qw "$SCX_VERSION"
}
todo=()
for p in "${PEERS[@]}"; do
	have "$p" || todo+=("$p@$SCX_VERSION")
done
if ((${#todo[@]} == 0)); then
	say "${PEERS[*]} $SCX_VERSION present"
	exit 0
fi
command -v clang-19 >/dev/null || { echo "build-peers: clang-19 missing (make deps)" >&2; exit 1; }

say "cargo install ${todo[*]} (static-pie, BPF by clang-19)"
t0=$(date +%s)
BPF_CLANG=clang-19 \
CARGO_TARGET_DIR=$out/target \
RUSTFLAGS="-C target-feature=+crt-static" \
	cargo install --locked --quiet --force --root "$out" --target x86_64-unknown-linux-gnu "${todo[@]}"
for p in "${PEERS[@]}"; do
	strip "$out/bin/$p"
	have "$p" || { echo "build-peers: $out/bin/$p does not report $SCX_VERSION" >&2; exit 1; }
	file "$out/bin/$p" | grep -q 'static' ||
		{ echo "build-peers: $out/bin/$p is not static (the guest has no libc)" >&2; exit 1; }
done
say "built in $(($(date +%s) - t0)) s: $(cd "$out/bin" && ls -s "${PEERS[@]}" | tr '\n' ' ')"
