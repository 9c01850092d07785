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
# Both bases: the patches of patches/series, each followed by its part for this base
# (patches/7.2/NAME or patches/7.3/NAME, where there is one); see below.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
src=$(cd "${1:?usage: apply-series.sh SRCDIR}" && pwd)
say() { printf '==> apply: %s\n' "$*" >&2; }

[ -f "$src/kernel/sched/fair.c" ] || { echo "apply-series: $src is not a kernel tree" >&2; exit 1; }
level=$(sed -n 's/^PATCHLEVEL = \([0-9]*\)$/\1/p' "$src/Makefile")
grep -q '^VERSION = 7$' "$src/Makefile" && [[ $level == [23] ]] ||
	{ echo "apply-series: $src is not Linux 7.2 or 7.3" >&2; exit 1; }

base=7.$level
# New files. patches/overlay lines are "PATCH: FILE..." (the patch a file belongs to, for
# `make series`); every file listed is copied to the same path in the tree, unless its
# patch is another base's only (see below).
on_base() { [ -f "$top/patches/$1" ] || [ -f "$top/patches/$base/$1" ]; }
files=()
while IFS=: read -r owner list; do
	[ -n "$owner" ] || continue
	on_base "$owner" || continue
	for f in $list; do files+=("$f"); done
done < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/patches/overlay")
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

# Edits of upstream files. patches/series lists the patches both bases share. Where a
# patch differs, the shared NAME holds what both take, patches/7.2/NAME the hunks whose
# context 7.3 lacks, and patches/7.3/NAME 7.3's delta on top of the shared part; quilt
# applies the one of this base right after NAME. A patch of one base only has no shared
# NAME: its patches/7.X/NAME is the whole mail (header and diff), and the other base, and
# the new files of patches/overlay that belong to it, skip it. The tree's
# `patches` links to SRCDIR/.latency-nice-patches/ (made again on every run): this base's
# series and a link per patch into the repo, so that `quilt refresh` writes straight back
# into the repo's file: a shared patch for both bases, a base's part for that base only.
# A file quilt left there instead of a link (`quilt new`, or a quilt that replaced the
# link) stops the next run until it is moved into the repo or removed.
mapfile -t names < <(sed -e 's/#.*//' -e '/^$/d' "$top/patches/series")
for d in 7.2 7.3; do
	for f in "$top/patches/$d"/*; do
		[ -e "$f" ] || continue
		printf '%s\n' "${names[@]}" | grep -qxF "$(basename "$f")" ||
			{ echo "apply-series: patches/$d/$(basename "$f") is not in patches/series" >&2; exit 1; }
	done
done
pdir=$src/.latency-nice-patches
[ ! -e "$src/patches" ] || [ -L "$src/patches" ] ||
	{ echo "apply-series: $src/patches is not a link; move it away" >&2; exit 1; }
while read -r f; do
	case "$f" in "$pdir/series"|*~) continue ;; esac
	echo "apply-series: $f is a file, not a link into $top/patches; move it into the repo or remove it" >&2
	exit 1
done < <(find "$pdir" ! -type d ! -type l 2>/dev/null)
rm -rf "$pdir"
mkdir -p "$pdir/$base"
used=() nbase=0 napplied=0
for p in "${names[@]}"; do
	[ -f "$top/patches/$p" ] || [ -f "$top/patches/7.2/$p" ] || [ -f "$top/patches/7.3/$p" ] ||
		{ echo "apply-series: patches/series names $p, which is in no patches/ folder" >&2; exit 1; }
	on_base "$p" && napplied=$((napplied + 1))
	for q in "$p" "$base/$p"; do
		[ -f "$top/patches/$q" ] || continue
		used+=("$top/patches/$q")
		echo "$q" >> "$pdir/series"
		ln -s "$top/patches/$q" "$pdir/$q"
	done
	[ ! -f "$top/patches/$base/$p" ] || nbase=$((nbase + 1))
done
stamp=$(cat "$pdir/series" "${used[@]}" | sha256sum | cut -d' ' -f1)
patches=.latency-nice-patches
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
	echo "apply-series: the series does not apply to $src${failed:+ (at patches/$failed)}" >&2
	exit 1
fi
echo "$stamp" > .latency-nice-series
say "applied $napplied patches ($nbase with a part in patches/$base/) to $(cat .latency-nice-base 2>/dev/null || echo "$src")"
