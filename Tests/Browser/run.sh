#!/usr/bin/env bash
# Real-browser checks of a generated site with Debian's headless Chromium.
#
#   Tests/Browser/run.sh SITE_DIR        test a generated site (e.g. _site)
#   Tests/Browser/run.sh --mock          test a mock site rendered from the built-in theme (Sources/IndexSite/Theme/)
#
# Extra arguments after SITE_DIR go to pytest (e.g. -k filter, -x).
# Screenshots: $SCREENSHOT_DIR (default .build/browser-screenshots/).
# Installs chromium + chromium-driver (apt) when missing, and selenium, pytest,
# chevron and html5lib into the git-ignored venv .build-venv at the repository root.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

if [ $# -lt 1 ]; then
  echo "usage: $0 SITE_DIR|--mock [pytest args...]" >&2
  exit 64
fi
site="$1"; shift

if ! command -v chromium >/dev/null 2>&1 || ! [ -x /usr/bin/chromedriver ]; then
  echo "run.sh: installing chromium and chromium-driver" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
fi

venv="$repo/.build-venv"
if ! [ -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c 'import selenium, pytest, chevron, html5lib' >/dev/null 2>&1; then
  "$venv/bin/python" -m pip install -q --disable-pip-version-check 'selenium>=4.10,<5' 'pytest>=7' 'chevron==0.14.0' 'html5lib==1.1'
fi

if [ "$site" = "--mock" ]; then
  site="$repo/.build/browser-mock-site"
  "$venv/bin/python" "$here/mock/build_mocks.py" "$site"
fi
if ! [ -d "$site" ]; then
  echo "run.sh: $site is not a folder" >&2
  exit 64
fi

export SITE_DIR="$(cd "$site" && pwd)"
export SCREENSHOT_DIR="${SCREENSHOT_DIR:-$repo/.build/browser-screenshots}"
cd "$here"
exec "$venv/bin/python" -m pytest -p no:cacheprovider -q -rfE "$here/test_pages.py" "$@"
