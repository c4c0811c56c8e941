#!/usr/bin/env bash
# The build of entry-20k-tags: every one of the 20,000 sections held a whole copy of the entry, so entries.json grew
# with sections × tags (270 MB at 5,000 tags). Output must stay linear in input.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content"
awk 'BEGIN { printf "[{\"title\":\"Tagged\",\"tags\":["; for (i = 0; i < 20000; i++) printf "%s\"tag %d\"", (i ? "," : ""), i; print "]}]" }' \
    > "$SITE/Content/tagged.json"
printf 'lists:\n  - source: tagged.json\n    group_by: tags\n    split: none\n' > "$SITE/indexsite.yml"
status=0
"$BIN" build "$SITE" --quiet --output "$SITE/out" || status=$?
size=$(du -sm "$SITE/out" | cut -f1)
echo "output: $size MB" >&2
[ "$size" -le 50 ] || { echo "one entry with 20,000 tags wrote $size MB" >&2; exit 3; }
exit $status
