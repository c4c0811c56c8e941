#!/usr/bin/env bash
# Makes sure headless Chromium, chromedriver and a Python virtual environment with the browser tools exist,
# then prints the environment's python. Used by the browser tests and the filter benchmark.
# Chromium and chromium-driver come from apt; selenium, pytest, html5lib and feedparser (which the Atom feed
# tests read feeds with) go into the git-ignored venv .build-venv at the repository root (never into the global
# interpreter), and axe-playwright-python without its dependencies: only for the axe-core script it ships (the
# accessibility checks run it through Selenium).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if ! command -v chromium >/dev/null 2>&1 || ! [ -x /usr/bin/chromedriver ]; then
  echo "browser-env.sh: installing chromium and chromium-driver" >&2
  "$repo/Scripts/install-packages.sh" chromium chromium-driver >&2
fi
if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  "$repo/Scripts/install-packages.sh" python3-venv >&2
fi

venv="$repo/.build-venv"
if ! [ -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" >&2
fi
if ! "$venv/bin/python" -c 'import selenium, pytest, html5lib, feedparser' >/dev/null 2>&1; then
  "$venv/bin/python" -m pip install -q --disable-pip-version-check 'selenium>=4.10,<5' 'pytest>=7' 'html5lib==1.1' 'feedparser==6.0.11' >&2
fi
if ! "$venv/bin/python" -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("axe_playwright_python") is None)' >/dev/null 2>&1; then
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps 'axe-playwright-python==0.1.8' >&2
fi
echo "$venv/bin/python"
