#!/usr/bin/env bash
# Check that the series applies to every pinned base of base/sources (every linux-source
# package there: the shared patches, each with its part of patches/7.2/ or patches/7.3/).
# A version that can no longer be downloaded is reported and skipped, but at least
# one must be checked.
#
# usage: check-bases.sh WORKDIR [APPLIED_TREE]
#   APPLIED_TREE: a tree the series was just applied to (make apply, without fuzz); the base
#   it was made from (its .latency-nice-base) counts as checked and is not unpacked again.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:?usage: check-bases.sh WORKDIR [APPLIED_TREE]}
applied=${2:-}
say() { printf '==> bases: %s\n' "$*" >&2; }

done_version=
if [ -n "$applied" ] && [ -f "$applied/.latency-nice-series" ]; then
	done_version=$(cat "$applied/.latency-nice-base" 2>/dev/null || true)
fi
checked=0
unavailable=()
while read -r version path _; do
	case "$version" in ''|'#'*) continue ;; esac
	pkg=$(basename "$path"); pkg=${pkg%%_*}
	if [ "$version" = "$done_version" ]; then
		say "$pkg $version: series applies (make apply, in $applied)"
		checked=$((checked + 1))
		continue
	fi
	rm -rf "$work"
	if ! "$top/scripts/latency-nice/fetch-base.sh" "$work" "$version" 2>"$work.err"; then
		unavailable+=("$version")
		say "$pkg $version: not available ($(tail -1 "$work.err"))"
		continue
	fi
	if ! "$top/scripts/latency-nice/apply-series.sh" "$work/linux" >"$work.err" 2>&1; then
		cat "$work.err" >&2
		echo "check-bases: the series does not apply to $pkg $version" >&2
		exit 1
	fi
	tail -1 "$work.err" >&2
	say "$pkg $version: series applies"
	checked=$((checked + 1))
done < "$top/base/sources"
rm -rf "$work" "$work.err"
if [ $checked = 0 ]; then
	echo "check-bases: none of the pinned bases could be checked" >&2
	exit 1
fi
say "series applies to $checked pinned base(s)${unavailable:+; unavailable: ${unavailable[*]}}"
