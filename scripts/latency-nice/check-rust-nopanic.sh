#!/usr/bin/env bash
# "No panic path under rq->lock", checked on the objects the kernel built: our Rust crates
# (kernel/sched/policy_*.o, KUnit suites included) must reference no panic function. With
# CONFIG_RUST_OVERFLOW_CHECKS an overflowing `*`, an index out of bounds, a division by a
# value that may be 0 or an unwrap() each become a call into core::panicking (panic_const_*,
# panic_bounds_check, ...), and on 32-bit a 64-bit division lowers to __udivdi3 /
# __aeabi_uldivmod, which the kernel's compiler_builtins turns into a panic as well.
#
# usage: check-rust-nopanic.sh OBJECT...
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: check-rust-nopanic.sh OBJECT..." >&2; exit 2; }
bad=0
for obj; do
	[ -f "$obj" ] || { echo "check-rust-nopanic: $obj: no such object" >&2; exit 2; }
	# Undefined symbols the object calls; v0-mangled Rust names keep their path as text
	# (..._4core9panicking...), C and compiler_builtins names are plain.
	hits=$(nm -u "$obj" | awk '{ print $NF }' |
		grep -E 'panicking|panic|rust_begin_unwind|__udivdi3|__umoddi3|__divdi3|__moddi3|__aeabi_[ul]*divmod' || true)
	if [ -n "$hits" ]; then
		echo "check-rust-nopanic: $obj calls a panic path:" >&2
		# Which functions call them, from the relocations.
		objdump -dr "$obj" | awk -v pat="$(tr '\n' '|' <<< "$hits" | sed 's/|$//')" '
			/^[0-9a-f]+ <.*>:$/ { fn = $2 }
			$0 ~ pat { print "  " fn " -> " $NF }' | sort -u >&2
		bad=1
	fi
done
[ $bad = 0 ] || exit 1
printf '==> kernel-rust: no panic path in %s\n' "$*" >&2
