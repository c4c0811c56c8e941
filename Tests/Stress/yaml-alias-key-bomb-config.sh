#!/usr/bin/env bash
# Issue 17 item 4: a YAML alias bomb used as a mapping key (`? *i`) in indexsite.yml was hashed inside Yams.compose
# before the node budget applied (38 s for 342 bytes). It must be refused, quickly, with a diagnostic.
set -euo pipefail
BIN=$1 SITE=$2
mkdir -p "$SITE/Content"
printf 'title\nA\n' > "$SITE/Content/a.csv"
{
    echo 'a: &a [x, x, x, x, x, x, x, x, x, x]'
    prev=a
    for name in b c d e f g h i; do
        echo "$name: &$name [*$prev, *$prev, *$prev, *$prev, *$prev, *$prev, *$prev, *$prev, *$prev, *$prev]"
        prev=$name
    done
    echo 'bomb:'
    echo '  ? *i'
    echo '  : 1'
    echo '  ? [*i]'
    echo '  : 2'
} > "$SITE/indexsite.yml"
status=0
"$BIN" check "$SITE" 2> "$SITE/stderr" || status=$?
cat "$SITE/stderr" >&2
grep -q 'yaml-syntax\|yaml-alias' "$SITE/stderr" || { echo "no YAML diagnostic for the alias bomb" >&2; exit 3; }
exit $status
