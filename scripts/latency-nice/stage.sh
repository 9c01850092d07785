#!/usr/bin/env bash
# Run one stage of the pipeline with a progress line and its wall time.
# usage: stage.sh NAME COMMAND [ARG...]; times are appended to out/logs/stages.txt.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
name=$1; shift
mkdir -p "$top/out/logs"
printf '==> [%s] %s\n' "$(date +%T)" "$name"
start=$(date +%s)
"$@"
rc=$?
secs=$(($(date +%s) - start))
printf '%s\t%ss\trc=%s\t%s\n' "$name" "$secs" "$rc" "$(date -Is)" >> "$top/out/logs/stages.txt"
printf '==> [%s] %s: %s in %ss\n' "$(date +%T)" "$name" "$([ $rc = 0 ] && echo ok || echo "FAILED (rc=$rc)")" "$secs"
exit $rc
