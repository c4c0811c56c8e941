#!/usr/bin/env bash
# Issue 17 item 6: time grew with the square of the columns (100k: 9.9 s; 1M killed after 180 s).
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content"
awk 'BEGIN { printf "title"; for (i = 2; i <= 1000000; i++) printf ",c%d", i; print ""; printf "Wide"; for (i = 2; i <= 1000000; i++) printf ",%d", i; print "" }' \
    > "$SITE/Content/wide.csv"
"$BIN" build "$SITE" --quiet --output "$SITE/out"
