#!/usr/bin/env bash
# Real-browser checks of a generated site with Debian's headless Chromium.
#
#   Tests/Browser/run.sh SITE_DIR        test a generated site (e.g. _site)
#
# Extra arguments after SITE_DIR go to pytest (e.g. -k filter, -x).
# Screenshots: $SCREENSHOT_DIR (default .build/browser-screenshots/).
# Scripts/browser-env.sh installs chromium + chromium-driver (apt) when missing, and selenium,
# pytest, html5lib and feedparser into the git-ignored venv .build-venv at the repository root.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

if [ $# -lt 1 ]; then
  echo "usage: $0 SITE_DIR|--reader|--theme|--facets [pytest args...]" >&2
  exit 64
fi
site="$1"; shift

python="$("$repo/Scripts/browser-env.sh")"

if [ "$site" = "--reader" ]; then
  # The reader's-page and search checks (test_reader.py, test_search.py) on a generated site of real-shaped lists: sites/make_reader_site.py
  # writes its sources, $INDEXSITE_BIN (default .build/debug/indexsite) builds it.
  bin="${INDEXSITE_BIN:-$repo/.build/debug/indexsite}"
  "$python" "$here/sites/make_reader_site.py" "$repo/.build/browser-reader-source"
  rm -rf "$repo/.build/browser-reader-site"
  "$bin" build "$repo/.build/browser-reader-source" --output "$repo/.build/browser-reader-site" --quiet
  export READER_SITE_DIR="$repo/.build/browser-reader-site"
  export SCREENSHOT_DIR="${SCREENSHOT_DIR:-$repo/.build/browser-screenshots}"
  cd "$here"
  # READER_TESTS picks the test files (default: test_reader.py test_search.py test_reader_axe.py).
  tests=()
  for name in ${READER_TESTS:-test_reader.py test_search.py test_reader_axe.py}; do tests+=("$here/$name"); done
  exec "$python" -m pytest -p no:cacheprovider -q -rfE "${tests[@]}" "$@"
fi
if [ "$site" = "--theme" ]; then
  # Theme hooks, shareable filter state, pictures and axe-core (test_theme.py): it writes and builds its own site.
  export SCREENSHOT_DIR="${SCREENSHOT_DIR:-$repo/.build/browser-screenshots}"
  cd "$here"
  exec "$python" -m pytest -p no:cacheprovider -q -rfE "$here/test_theme.py" "$@"
fi
if [ "$site" = "--facets" ]; then
  # Facet chips, their address, value pages and axe-core (test_facets.py): it writes and builds its own site.
  export SCREENSHOT_DIR="${SCREENSHOT_DIR:-$repo/.build/browser-screenshots}"
  cd "$here"
  exec "$python" -m pytest -p no:cacheprovider -q -rfE "$here/test_facets.py" "$@"
fi
if ! [ -d "$site" ]; then
  echo "run.sh: $site is not a folder" >&2
  exit 64
fi

export SITE_DIR="$(cd "$site" && pwd)"
export SCREENSHOT_DIR="${SCREENSHOT_DIR:-$repo/.build/browser-screenshots}"
cd "$here"
# test_serve.py runs `indexsite serve` ($INDEXSITE_BIN, default .build/debug/indexsite) on a copy of Content/.
# BROWSER_TESTS picks the test files (default: test_pages.py test_serve.py test_not_found.py test_feeds.py; the
# multilingual site runs test_i18n.py).
tests=()
for name in ${BROWSER_TESTS:-test_pages.py test_serve.py test_not_found.py test_feeds.py}; do tests+=("$here/$name"); done
exec "$python" -m pytest -p no:cacheprovider -q -rfE "${tests[@]}" "$@"
