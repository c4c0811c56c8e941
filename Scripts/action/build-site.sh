#!/usr/bin/env bash
# Step three of action.yml: builds the site with annotations on the pull request's lines and a table of every problem
# in the job summary (with INDEXSITE_LINKS=true, every link checked too: `build --links`, one run and one set of
# annotations), and outputs the folder it was built into. Its exit code is the build's.
set -euo pipefail
site="${INDEXSITE_SITE:-.}"
arguments=(build "$site" --diagnostics github)
case "${INDEXSITE_STRICT:-true}" in
  true | yes | 1) arguments+=(--strict) ;;
  false | no | 0 | "") ;;
  *) echo "::error title=IndexSite::strict must be true or false, not '${INDEXSITE_STRICT}'"; exit 1 ;;
esac
case "${INDEXSITE_LINKS:-false}" in
  true | yes | 1) arguments+=(--links) ;;
  false | no | 0 | "") ;;
  *) echo "::error title=IndexSite::links must be true or false, not '${INDEXSITE_LINKS}'"; exit 1 ;;
esac
[ -n "${INDEXSITE_BASE_URL:-}" ] && arguments+=(--base-url "$INDEXSITE_BASE_URL")
output="${INDEXSITE_OUTPUT:-}"
if [ -n "$output" ]; then
  arguments+=(--output "$output")
else
  output="${site%/}/_site"
  [ "$site" = "." ] && output="_site"
fi
status=0
indexsite "${arguments[@]}" || status=$?
echo "site-folder=$output" >> "${GITHUB_OUTPUT:-/dev/null}"
exit "$status"
