#!/usr/bin/env bash
# Check the series as a reviewer and a bisecting user meet it (make check-series):
#
#  1. checkpatch.pl --strict on every mail of `make series` (new files included), with the
#     exceptions of patches/checkpatch-exceptions only (each justified in the cover letter);
#  2. bisectable: on a pristine base, every mail applied in order (patch -p1, no fuzz: a
#     patch with its new files and its part of patches/7.X/) builds the test
#     kernel, bzImage linked.
#
# usage: check-series.sh SERIESDIR WORKDIR
#   SERIESDIR: make series' output (0000-cover-letter.patch ...), checked with the
#   checkpatch.pl of the base. WORKDIR: the base tree and its O= build directory (kept, so
#   a second run is incremental; C objects go through ccache).
# LN_BASE_VERSION=VERSION: the base of base/sources the mails were made for (make series).
# CHECK_SERIES_FROM=N starts the build loop at patch N (the earlier ones applied unbuilt).
# Not in make test: each patch that changes a widely included header rebuilds most of the
# kernel (about 100 min on 2 cores cold, minutes with a warm ccache).
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
series=$(cd "${1:?usage: check-series.sh SERIESDIR WORKDIR}" && pwd)
work=${2:?usage: check-series.sh SERIESDIR WORKDIR}
mkdir -p "$work"; work=$(cd "$work" && pwd)
say() { printf '==> check-series: %s\n' "$*" >&2; }

want=${LN_BASE_VERSION:-}
have=$(cat "$work/linux/.latency-nice-base" 2>/dev/null || true)
if [ -z "$have" ] || [ -d "$work/linux/.pc" ] || [ -e "$work/linux/.check-series-dirty" ] ||
	{ [ -n "$want" ] && [ "$want" != "$have" ]; }; then
	rm -rf "$work/linux"
	"$top/scripts/latency-nice/fetch-base.sh" "$work" $want
fi
src=$work/linux

# 1. checkpatch.
ignore=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/patches/checkpatch-exceptions" | awk '{print $1}' | sort -u | paste -sd, -)
bad=0
for mail in "$series"/0*.patch; do
	case "$mail" in */0000-cover-letter.patch) continue ;; esac
	if ! out=$(cd "$src" && perl scripts/checkpatch.pl --strict --no-signoff --no-tree --terse --show-types \
		${ignore:+--ignore "$ignore"} "$mail" 2>&1); then
		printf '%s\n' "$out" >&2
		bad=$((bad + 1))
	elif grep -q ': \(ERROR\|WARNING\|CHECK\):' <<<"$out"; then
		printf '%s\n' "$out" >&2
		bad=$((bad + 1))
	fi
done
((bad == 0)) || { echo "check-series: checkpatch --strict found issues in $bad mail(s)" >&2; exit 1; }
say "checkpatch --strict: $(ls "$series"/0*.patch | grep -vc 0000-cover) mails clean${ignore:+ (ignored, see the cover letter: $ignore)}"

# 2. Every patch in order builds. The tree is marked dirty while patches are applied, so
# that an interrupted run starts again from a pristine base.
: > "$src/.check-series-dirty"
# The base tarball's files keep their packaging mtimes, older than the objects the last
# run left in the kept O= directory: a file a later patch changed, back to pristine, would
# not be compiled again, and the first steps would link the last run's objects. Every file
# is made newer than any of them; ccache still turns the recompiles into hits.
find "$src" -path "$src/.pc" -prune -o -type f -print0 | xargs -0 touch -d "@$(date +%s)"
from=${CHECK_SERIES_FROM:-1}
n=0
for mail in "$series"/0*.patch; do
	case "$mail" in */0000-cover-letter.patch) continue ;; esac
	n=$((n + 1))
	patch=$(basename "$mail")
	patch -p1 -s --fuzz=0 -N -d "$src" < "$mail" ||
		{ echo "check-series: $patch does not apply in order" >&2; exit 1; }
	((n < from)) && continue
	start=$(date +%s)
	if ! LN_REQUIRE=declared "$top/scripts/latency-nice/build-kernel.sh" "$src" "$work/build" "$work/out" \
		>"$work/build-$n.log" 2>&1; then
		tail -30 "$work/build-$n.log" >&2
		echo "check-series: the kernel does not build at $patch (log: $work/build-$n.log)" >&2
		exit 1
	fi
	say "$patch builds ($(($(date +%s) - start)) s)"
done
say "every one of the $n mails builds in order on $(cat "$src/.latency-nice-base"); checkpatch clean"
