#!/usr/bin/env bash
# Issue 34 item 11: a 49 MB CSV under a 2 GB memory limit died with "failed to allocate". Here under `ulimit -v`
# (address space, which counts reserved heap and thread stacks too) the build must finish and exit 0.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content"
awk 'BEGIN { print "title,description,url,category,tags"
  for (i = 0; i < 450000; i++)
    printf "Item %d,An ordinary description of item %d for the test,https://example.com/items/%d,Cat %d,a;b;c\n", i, i, i, i % 50 }' \
  > "$SITE/Content/rows.csv"
status=0
(ulimit -v 2097152; "$BIN" build "$SITE" --quiet --output "$SITE/out") || status=$?
[ "$status" -eq 0 ] || { echo "expected exit 0 for a 49 MB CSV under a 2 GB limit, got $status" >&2; exit 3; }
[ -f "$SITE/out/index.html" ] || { echo "no page written" >&2; exit 3; }
