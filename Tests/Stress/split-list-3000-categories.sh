#!/usr/bin/env bash
# Issue 17 item 3: a split list repeated the whole strip on every section page (106 KB of JSON with 3,000 categories
# wrote 599 MB). Output must stay linear in input.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content"
awk 'BEGIN { printf "["; for (i = 0; i < 3000; i++) printf "%s{\"title\":\"Entry %d\",\"category\":\"Category %d\"}", (i ? "," : ""), i, i; print "]" }' \
    > "$SITE/Content/big.json"
printf 'lists:\n  - source: big.json\n    group_by: category\n    split: sections\n' > "$SITE/indexsite.yml"
status=0
"$BIN" build "$SITE" --quiet --output "$SITE/out" || status=$?
size=$(du -sm "$SITE/out" | cut -f1)
echo "output: $size MB" >&2
[ "$size" -le 100 ] || { echo "split-list output is $size MB for a $(du -k "$SITE/Content/big.json" | cut -f1) KB input" >&2; exit 3; }
exit $status
