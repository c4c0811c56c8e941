#!/usr/bin/env bash
# Issue 34 item 6: a table whose header has 5,000 cells over 5,000 rows of one cell each was padded to 25 million
# cells: 15 KB of Markdown gave a 62 MB page and 1.46 GB of memory.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content/notes"
{
    printf -- '---\ntitle: Table\n---\n'
    awk 'BEGIN { for (i = 0; i < 5000; i++) printf "|a"; print "|"; for (i = 0; i < 5000; i++) printf "|-"; print "|"; for (i = 0; i < 5000; i++) print "|" }'
} > "$SITE/Content/notes/table.md"
"$BIN" build "$SITE" --quiet --output "$SITE/out"
size=$(du -sk "$SITE/out" | cut -f1)
echo "output: $size KB" >&2
[ "$size" -lt 20000 ] || { echo "the 25 KB table made $size KB of output" >&2; exit 3; }
