#!/usr/bin/env bash
# Issue 17 item 3's third input: one entry with 1,000 tags and a 100 KB description wrote 487 MB. Here the tags are
# shown too (`fields: [tags]`) and the entry has its own page; the long entry must be written in full once.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content"
awk 'BEGIN { printf "[{\"title\":\"Tagged\",\"description\":\""; for (i = 0; i < 10000; i++) printf "word%d *x* ", i % 10;
             printf "\",\"tags\":["; for (i = 0; i < 1000; i++) printf "%s\"tag %d\"", (i ? "," : ""), i; print "]}]" }' \
    > "$SITE/Content/tagged.json"
printf 'lists:\n  - source: tagged.json\n    group_by: tags\n    split: none\n    fields: [tags]\n    entry_pages: true\n' > "$SITE/indexsite.yml"
status=0
"$BIN" build "$SITE" --quiet --output "$SITE/out" || status=$?
size=$(du -sm "$SITE/out" | cut -f1)
echo "output: $size MB" >&2
[ "$size" -le 20 ] || { echo "one entry with 1,000 tags and a 100 KB description wrote $size MB" >&2; exit 3; }
exit $status
