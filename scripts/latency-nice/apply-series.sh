#!/usr/bin/env bash
# Apply the series to a Linux 7.2 or 7.3 tree, in place: new files first (patches/overlay,
# the same for both), then the edits of upstream files (patches/series, through quilt).
#
# usage: apply-series.sh SRCDIR
#
# Idempotent and incremental: re-running after a change of the series pops and re-pushes
# the quilt stack (only patched files get new mtimes) and copies a new file only when its
# content differs, so an O= build directory stays warm.
#
# 7.2: the tree's `patches` links to this repo's patches/, so `quilt refresh` inside SRCDIR
# writes straight back into this repo's patches/.
# 7.3: patches/series is the same list, but where a patch's hunks differ on 7.3 a replacement
# of the same name in patches/7.3/ is used instead. The tree's `patches` links to
# SRCDIR/.latency-nice-patches/ (made again on every run): a copy of patches/series and, for
# each patch, a link to patches/7.3/NAME if there is one, else to patches/NAME. `quilt refresh`
# (quilt 0.66) writes through such a link, into the repo's file; so refreshing a patch that
# has no 7.3 replacement rewrites the 7.2 patch: to start a 7.3 version of NAME, first
# `cp patches/NAME patches/7.3/NAME` in the repo and run this script again (it relinks), then
# refresh. A file quilt left there instead of a link (`quilt new`, or a quilt that replaced
# the link) stops the next run until it is moved to patches/7.3/ or removed.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
src=$(cd "${1:?usage: apply-series.sh SRCDIR}" && pwd)
say() { printf '==> apply: %s\n' "$*" >&2; }

[ -f "$src/kernel/sched/fair.c" ] || { echo "apply-series: $src is not a kernel tree" >&2; exit 1; }
level=$(sed -n 's/^PATCHLEVEL = \([0-9]*\)$/\1/p' "$src/Makefile")
grep -q '^VERSION = 7$' "$src/Makefile" && [[ $level == [23] ]] ||
	{ echo "apply-series: $src is not Linux 7.2 or 7.3" >&2; exit 1; }

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
from73=
if [ "$level" = 2 ]; then
	stamp=$(cat "$top/patches/series" $(sed -e 's/#.*//' -e '/^$/d' -e "s|^|$top/patches/|" "$top/patches/series") | sha256sum | cut -d' ' -f1)
	patches=$top/patches
else
	over=$top/patches/7.3
	mapfile -t names < <(sed -e 's/#.*//' -e '/^$/d' "$top/patches/series")
	for f in "$over"/*; do
		[ -e "$f" ] || continue
		printf '%s\n' "${names[@]}" | grep -qxF "$(basename "$f")" ||
			{ echo "apply-series: patches/7.3/$(basename "$f") is not in patches/series" >&2; exit 1; }
	done
	pdir=$src/.latency-nice-patches
	[ ! -e "$src/patches" ] || [ -L "$src/patches" ] ||
		{ echo "apply-series: $src/patches is not a link; move it away" >&2; exit 1; }
	while read -r f; do
		case "$f" in "$pdir/series"|*~) continue ;; esac
		echo "apply-series: $f is a file, not a link into $top/patches; move it to patches/7.3/ or remove it" >&2
		exit 1
	done < <(find "$pdir" ! -type d ! -type l 2>/dev/null)
	rm -rf "$pdir"
	mkdir "$pdir"
	cp "$top/patches/series" "$pdir/series"
	used=() n73=0
	for p in "${names[@]}"; do
		if [ -f "$over/$p" ]; then
			used+=("$over/$p"); n73=$((n73 + 1))
		else
			used+=("$top/patches/$p")
		fi
		mkdir -p "$(dirname "$pdir/$p")"
		ln -s "${used[-1]}" "$pdir/$p"
	done
	stamp=$(cat "$top/patches/series" "${used[@]}" | sha256sum | cut -d' ' -f1)
	patches=.latency-nice-patches from73=" ($n73 from patches/7.3/)"
fi
if [ "$(cat "$src/.latency-nice-series" 2>/dev/null)" = "$stamp" ]; then
	say "series already applied"
	exit 0
fi
cd "$src"
ln -sfn "$patches" patches
export QUILT_PATCHES=patches QUILT_PC=.pc
if [ -d .pc ]; then
	quilt pop -a -f -q >/dev/null 2>&1 || true
fi
rm -f .latency-nice-series
# --fuzz=0: a hunk that only applies with fuzz means the base moved; say so rather than guess.
if ! out=$(quilt push -a -q --fuzz=0 2>&1); then
	printf '%s\n' "$out" >&2
	failed=$(quilt next 2>/dev/null || true); failed=${failed#patches/}
	from=patches/$failed
	[ "$level" = 2 ] || [ ! -f "$over/$failed" ] || from=patches/7.3/$failed
	echo "apply-series: the series does not apply to $src${failed:+ (at $from)}" >&2
	exit 1
fi
echo "$stamp" > .latency-nice-series
say "applied $(quilt applied 2>/dev/null | wc -l) patches$from73 to $(cat .latency-nice-base 2>/dev/null || echo "$src")"
