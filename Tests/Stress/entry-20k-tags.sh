#!/usr/bin/env bash
# Issue 17 item 8: tag de-duplication by firstIndex was quadratic: one entry with 20k tags took 30.6 s.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content"
awk 'BEGIN { printf "[{\"title\":\"Tagged\",\"tags\":["; for (i = 0; i < 20000; i++) printf "%s\"tag %d\"", (i ? "," : ""), i; print "]}]" }' \
    > "$SITE/Content/tagged.json"
printf 'lists:\n  - source: tagged.json\n    group_by: tags\n    split: none\n' > "$SITE/indexsite.yml"
"$BIN" check "$SITE"
