#!/usr/bin/env bash
# Issue 17 item 5: five million stray quotes (one per field) took 63 s and 5.4 GB before the error budget held.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content"
awk 'BEGIN { print "title"; line = ""; for (i = 0; i < 1000; i++) line = line "a\"b,"; for (i = 0; i < 5000; i++) print line }' > "$SITE/Content/quotes.csv"
status=0
"$BIN" build "$SITE" --quiet --output "$SITE/out" 2> "$SITE/stderr" || status=$?
tail -c 1000 "$SITE/stderr" >&2
exit $status
