#!/usr/bin/env bash
# Kernel-side checks of our Rust crate, as the kernel builds it:
#  - no panic path: the object the test kernel linked calls no panic function
#    (check-rust-nopanic.sh; before the clippy build replaces it).
#  - clippy with the kernel's own lint set (CLIPPY=1); any finding fails. It rebuilds
#    rust/ with clippy-driver once; the next plain build rebuilds it back (~40 s each way).
#  - rustfmtcheck with the kernel's .rustfmt.toml, over the whole tree (ours included).
#
# usage: kernel-rust-checks.sh SRCDIR BUILDDIR
set -euo pipefail
src=$(cd "${1:?usage: kernel-rust-checks.sh SRCDIR BUILDDIR}" && pwd); bdir=$(cd "${2:?}" && pwd)
"$(dirname "$0")/check-rust-nopanic.sh" "$bdir/kernel/sched/policy.o"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
touch "$src/kernel/sched/policy.rs"
make -s -C "$src" O="$bdir" -j"$(nproc)" CLIPPY=1 kernel/sched/policy.o >"$log" 2>&1 ||
	{ cat "$log" >&2; exit 1; }
if grep -qE '^(warning|error)' "$log"; then
	cat "$log" >&2
	echo "kernel-rust-checks: clippy findings in kernel/sched/policy.rs" >&2
	exit 1
fi
grep -q clippy-driver "$bdir/kernel/sched/.policy.o.cmd" ||
	{ echo "kernel-rust-checks: policy.o was not built by clippy-driver" >&2; exit 1; }
printf '==> kernel-rust: clippy clean\n' >&2
make -s -C "$src" O="$bdir" rustfmtcheck
printf '==> kernel-rust: rustfmtcheck clean\n' >&2
