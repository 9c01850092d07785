#!/usr/bin/env bash
# Write the series as `git format-patch` output (cover letter + one mail per patch,
# new files included in the patch that introduces them) and prove it applies with
# `git am` to a pristine base tree.
#
# usage: format-series.sh OUTDIR
# LN_BASE_VERSION=VERSION (a line of base/sources): the mails for that base instead of the
# main one; each mail is its patch with its part for that base (patches/7.2/ or patches/7.3/).
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
outdir=${1:?usage: format-series.sh OUTDIR}
mkdir -p "$outdir"; outdir=$(cd "$outdir" && pwd)
work=$top/out/series-work
say() { printf '==> series: %s\n' "$*" >&2; }
git_() { git -C "$work/linux" -c user.name=latency-nice -c user.email=latency-nice@localhost \
	-c core.autocrlf=false -c gc.auto=0 "$@"; }

rm -rf "$work"
"$top/scripts/latency-nice/fetch-base.sh" "$work" ${LN_BASE_VERSION:-}
base_version=$(cat "$work/linux/.latency-nice-base")
rm "$work/linux/.latency-nice-base"
base=7.$(sed -n 's/^PATCHLEVEL = \([0-9]*\)$/\1/p' "$work/linux/Makefile")
# A patch of patches/series and, on this base, its part of patches/7.X/.
# A patch of one base only (no shared file) is its part of that base, and nothing elsewhere.
parts() {
	[ ! -f "$top/patches/$1" ] || echo "$top/patches/$1"
	[ ! -f "$top/patches/$base/$1" ] || echo "$top/patches/$base/$1"
}

# The base commit holds only the files the series changes: git am and format-patch read
# nothing else, and committing all ~90,000 files of the tree took minutes of make test.
say "committing the files of the pristine base $base_version that the series changes"
git_ init -q
sed -n 's|^--- a/||p' $(grep -v '^#' "$top/patches/series" | while read -r p; do parts "$p"; done) |
	sed 's/\t.*//' | sort -u | (cd "$work/linux" && xargs -r git add -f --)
git_ commit -q -m "Linux $base (Debian linux-source-$base $base_version)"
base_commit=$(git_ rev-parse HEAD)

while read -r patch; do
	case "$patch" in ''|'#'*) continue ;; esac
	if [ ! -f "$top/patches/$patch" ]; then
		# Another base's only patch, or this base's whole mail.
		[ -f "$top/patches/$base/$patch" ] || continue
		git_ am -q "$top/patches/$base/$patch"
	else
		git_ am -q "$top/patches/$patch"
	fi
	if [ -f "$top/patches/$patch" ] && [ -f "$top/patches/$base/$patch" ]; then
		git_ apply --index "$top/patches/$base/$patch"
		git_ commit -q --amend --no-edit
	fi
	files=$(sed -n "s|^$patch:||p" "$top/patches/overlay")
	if [ -n "$files" ]; then
		for f in $files; do
			mkdir -p "$work/linux/$(dirname "$f")"
			cp "$top/$f" "$work/linux/$f"
			git_ add -f "$f"
		done
		git_ commit -q --amend --no-edit
	fi
done < "$top/patches/series"

rm -f "$outdir"/*.patch
git_ format-patch -q --cover-letter --base="$base_commit" -o "$outdir" "$base_commit..HEAD"
cover=$(ls "$outdir"/0000-cover-letter.patch)
n=$(git_ rev-list --count "$base_commit..HEAD")
subject=$(sed -n 's/^Subject: \[PATCH 0\/N\] //p' "$top/patches/cover-letter")
python3 - "$cover" "$top/patches/cover-letter" "$subject" "$base_version" "$base" <<'PY'
import sys
cover, blurb_file, subject, version, base = sys.argv[1:]
blurb = open(blurb_file).read().split("\n", 2)[2].strip()
text = open(cover).read()
text = text.replace("*** SUBJECT HERE ***", subject).replace(
    "*** BLURB HERE ***", blurb + f"\n\nApplies to linux-source-{base} {version}.")
open(cover, "w").write(text)
PY
say "wrote $n patches + cover letter to $outdir"

say "checking that the mails apply with git am to the pristine base"
head=$(git_ rev-parse HEAD)
git_ checkout -q -b verify "$base_commit"
git_ am -q $(ls "$outdir"/*.patch | grep -v /0000-cover-letter.patch)
if ! git_ diff --quiet "$head" HEAD; then
	echo "format-series: the applied mails differ from the series" >&2
	exit 1
fi
rm -rf "$work"
say "series applies cleanly with git am ($n patches, base linux-source-$base $base_version)"
