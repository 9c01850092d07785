#!/usr/bin/env bash
# Kernel-side checks of our Rust crates (kernel/sched/policy_*.rs), as the kernel builds them:
#  - no panic path: the objects the test kernel linked call no panic function
#    (check-rust-nopanic.sh; before the clippy build replaces them).
#  - clippy with the kernel's own lint set (CLIPPY=1); any finding fails. It rebuilds
#    rust/ with clippy-driver once; the next plain build rebuilds it back (~40 s each way).
#  - rustfmtcheck with the kernel's .rustfmt.toml, over the whole tree (ours included).
#  - no orphaned export: every #[export] function has a caller in kernel/sched/*.[ch]
#    outside the KUnit files (*_kunit.c): the glue, fair.c or an inline of sched.h; a name
#    in a comment is no caller (comments are stripped first).
#
# usage: kernel-rust-checks.sh SRCDIR BUILDDIR
set -euo pipefail
src=$(cd "${1:?usage: kernel-rust-checks.sh SRCDIR BUILDDIR}" && pwd); bdir=$(cd "${2:?}" && pwd)
mapfile -t crates < <(cd "$src" && ls kernel/sched/policy_*.rs)
[ ${#crates[@]} -gt 0 ] || { echo "kernel-rust-checks: no kernel/sched/policy_*.rs in $src" >&2; exit 1; }
objs=("${crates[@]/%.rs/.o}")
orphans=()
for fn in $(cd "$src" && awk 'prev == "#[export]" && match($0, /extern "C" fn [a-z0-9_]+/) {
		print substr($0, RSTART + 14, RLENGTH - 14) } { prev = $0 }' "${crates[@]}"); do
	(cd "$src" && ls kernel/sched/*.[ch] | grep -v '_kunit\.c$' |
		xargs perl -0777 -ne 's{/\*.*?\*/}{}gs; s{//[^\n]*}{}g; print' | grep "\b$fn(" >/dev/null) ||
		orphans+=("$fn")
done
[ ${#orphans[@]} = 0 ] ||
	{ echo "kernel-rust-checks: exported but not called outside KUnit: ${orphans[*]}" >&2; exit 1; }
printf '==> kernel-rust: every #[export] called from kernel/sched/*.[ch]\n' >&2
"$(dirname "$0")/check-rust-nopanic.sh" "${objs[@]/#/$bdir/}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
(cd "$src" && touch "${crates[@]}")
make -s -C "$src" O="$bdir" -j"$(nproc)" CLIPPY=1 "${objs[@]}" >"$log" 2>&1 ||
	{ cat "$log" >&2; exit 1; }
if grep -qE '^(warning|error)' "$log"; then
	cat "$log" >&2
	echo "kernel-rust-checks: clippy findings in kernel/sched/policy_*.rs" >&2
	exit 1
fi
for o in "${objs[@]}"; do
	grep -q clippy-driver "$bdir/$(dirname "$o")/.$(basename "$o").cmd" ||
		{ echo "kernel-rust-checks: $o was not built by clippy-driver" >&2; exit 1; }
done
printf '==> kernel-rust: clippy clean (%d crates)\n' "${#objs[@]}" >&2
make -s -C "$src" O="$bdir" rustfmtcheck
printf '==> kernel-rust: rustfmtcheck clean\n' >&2
