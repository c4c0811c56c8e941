#!/usr/bin/env bash
# Issue 17 item 7: duplicate detection hashed only lengths and end bytes: 50k rows x,a000000a, x,a000001a, … took 102 s.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content"
awk 'BEGIN { print "title,code"; for (i = 0; i < 50000; i++) printf "x,a%06da\n", i }' > "$SITE/Content/similar.csv"
"$BIN" build "$SITE" --quiet --output "$SITE/out"
