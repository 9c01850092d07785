#!/usr/bin/env bash
# Build the Rust userspace for the guest as static musl binaries into out/guest-bin:
# the latency-nice CLI and the in-guest test programs.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
target=x86_64-unknown-linux-musl
cargo build --quiet --release --target $target -p latency-nice -p latency-nice-selftest -p schbench-rs -p sched-slice -p sis-model
mkdir -p out/guest-bin
for b in latency-nice latency_nice_abi latency_nice_fifo_burst latency_nice_core_cookie latency_nice_fuzz dl_hotplug_leak latency_nice_share latency_nice_group_write latency_nice_opener_write latency_nice_crowd schbench-rs sched-slice sched-bursts; do
	install -m 0755 "target/$target/release/$b" "out/guest-bin/$b"
done
printf '==> guest-tools: %s\n' "$(cd out/guest-bin && ls | tr '\n' ' ')" >&2
