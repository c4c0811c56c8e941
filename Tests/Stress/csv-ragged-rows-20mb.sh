#!/usr/bin/env bash
# Issue 17 item 5: past the error budget diagnostics kept being stored: 20 MB of ragged rows took 45 s and 5.0 GB.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content"
awk 'BEGIN { print "title,description,url"; for (i = 0; i < 1600000; i++) print "row " i ",x" }' > "$SITE/Content/ragged.csv"
status=0
"$BIN" build "$SITE" --quiet --output "$SITE/out" 2> "$SITE/stderr" || status=$?
tail -c 1000 "$SITE/stderr" >&2
[ "$status" -eq 1 ] || { echo "expected exit 1 for ragged rows, got $status" >&2; exit 3; }
exit 0
