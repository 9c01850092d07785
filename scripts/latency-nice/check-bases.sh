#!/usr/bin/env bash
# Check that the series applies to every pinned base of base/sources.
# A version that can no longer be downloaded is reported and skipped, but at least
# one must be checked.
#
# usage: check-bases.sh WORKDIR
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:?usage: check-bases.sh WORKDIR}
say() { printf '==> bases: %s\n' "$*" >&2; }

checked=0
unavailable=()
while read -r version _; do
	case "$version" in ''|'#'*) continue ;; esac
	rm -rf "$work"
	if ! "$top/scripts/latency-nice/fetch-base.sh" "$work" "$version" 2>"$work.err"; then
		unavailable+=("$version")
		say "$version: not available ($(tail -1 "$work.err"))"
		continue
	fi
	if ! "$top/scripts/latency-nice/apply-series.sh" "$work/linux" >"$work.err" 2>&1; then
		cat "$work.err" >&2
		echo "check-bases: the series does not apply to linux-source-7.2 $version" >&2
		exit 1
	fi
	say "$version: series applies"
	checked=$((checked + 1))
done < "$top/base/sources"
rm -rf "$work" "$work.err"
if [ $checked = 0 ]; then
	echo "check-bases: none of the pinned bases could be checked" >&2
	exit 1
fi
say "series applies to $checked pinned base(s)${unavailable:+; unavailable: ${unavailable[*]}}"
