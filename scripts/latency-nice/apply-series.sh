#!/usr/bin/env bash
# Apply the series to a Linux 7.2 tree, in place: new files first (patches/overlay),
# then the edits of upstream files (patches/series, through quilt).
#
# usage: apply-series.sh SRCDIR
#
# Idempotent and incremental: re-running after a change of the series pops and re-pushes
# the quilt stack (only patched files get new mtimes) and copies a new file only when its
# content differs, so an O= build directory stays warm. `quilt refresh` inside SRCDIR
# writes straight back into this repo's patches/.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
src=$(cd "${1:?usage: apply-series.sh SRCDIR}" && pwd)
say() { printf '==> apply: %s\n' "$*" >&2; }

[ -f "$src/kernel/sched/fair.c" ] || { echo "apply-series: $src is not a kernel tree" >&2; exit 1; }
grep -q '^VERSION = 7$' "$src/Makefile" && grep -q '^PATCHLEVEL = 2$' "$src/Makefile" ||
	{ echo "apply-series: $src is not Linux 7.2" >&2; exit 1; }

# New files. patches/overlay lines are "PATCH: FILE..." (the patch a file belongs to, for
# `make series`); every file listed is copied to the same path in the tree.
mapfile -t files < <(sed -e 's/#.*//' -e 's/^[^:]*://' "$top/patches/overlay" | tr ' \t' '\n\n' | sed '/^$/d')
for f in "${files[@]}"; do
	[ -f "$top/$f" ] || { echo "apply-series: patches/overlay names missing $f" >&2; exit 1; }
	if [ -e "$src/$f" ] && [ ! -f "$src/.latency-nice-overlay.d/${f//\//%}.stamp" ]; then
		echo "apply-series: $f exists upstream; the overlay must only add files" >&2
		exit 1
	fi
	mkdir -p "$(dirname "$src/$f")" "$src/.latency-nice-overlay.d"
	cmp -s "$top/$f" "$src/$f" || cp "$top/$f" "$src/$f"
	: > "$src/.latency-nice-overlay.d/${f//\//%}.stamp"
done
# Files a previous run added that the overlay no longer lists.
# (Stamps end in .stamp, not in the file's own suffix, so that tree-wide tools such as
# `make rustfmtcheck` do not take them for sources.)
for stamp in "$src"/.latency-nice-overlay.d/*.stamp; do
	[ -e "$stamp" ] || continue
	f=$(basename "$stamp" .stamp); f=${f//%//}
	printf '%s\n' "${files[@]}" | grep -qxF "$f" || { rm -f "$src/$f" "$stamp"; say "removed $f"; }
done

# Edits of upstream files.
stamp=$(cat "$top/patches/series" $(sed -e 's/#.*//' -e '/^$/d' -e "s|^|$top/patches/|" "$top/patches/series") | sha256sum | cut -d' ' -f1)
if [ "$(cat "$src/.latency-nice-series" 2>/dev/null)" = "$stamp" ]; then
	say "series already applied"
	exit 0
fi
cd "$src"
ln -sfn "$top/patches" patches
export QUILT_PATCHES=patches QUILT_PC=.pc
if [ -d .pc ]; then
	quilt pop -a -f -q >/dev/null 2>&1 || true
fi
rm -f .latency-nice-series
# --fuzz=0: a hunk that only applies with fuzz means the base moved; say so rather than guess.
if ! out=$(quilt push -a -q --fuzz=0 2>&1); then
	printf '%s\n' "$out" >&2
	echo "apply-series: the series does not apply to $src" >&2
	exit 1
fi
echo "$stamp" > .latency-nice-series
say "applied $(quilt applied 2>/dev/null | wc -l) patches to $(cat .latency-nice-base 2>/dev/null || echo "$src")"
