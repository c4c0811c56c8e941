#!/usr/bin/env bash
# One entry with a 20,000-character title (non-ASCII, so slugged through the Unicode path) under 20,000 tags: its id
# was slugged once per copy, 20,000 times, and each copy showed the whole title.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content"
awk 'BEGIN { printf "[{\"title\":\""; for (i = 0; i < 20000; i++) printf "é"; printf "\",\"tags\":[";
             for (i = 0; i < 20000; i++) printf "%s\"tag %d\"", (i ? "," : ""), i; print "]}]" }' \
    > "$SITE/Content/tagged.json"
printf 'lists:\n  - source: tagged.json\n    group_by: tags\n    split: none\n' > "$SITE/indexsite.yml"
status=0
"$BIN" build "$SITE" --quiet --output "$SITE/out" || status=$?
size=$(du -sm "$SITE/out" | cut -f1)
echo "output: $size MB" >&2
[ "$size" -le 100 ] || { echo "one entry with a long title and 20,000 tags wrote $size MB" >&2; exit 3; }
exit $status
