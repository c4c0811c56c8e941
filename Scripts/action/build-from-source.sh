#!/usr/bin/env bash
# Step two of action.yml, when no release binary fits: builds `indexsite` and its link checker `indexsite-links` from
# the action's checkout with the runner's Swift (6.1 or later) and installs both where install.sh put the job's PATH
# (side by side: `check --links` runs the helper from beside `indexsite`). The .build folder is cached.
set -euo pipefail
action_path="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/../.." && pwd)}"
install_dir="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/indexsite/bin"
if ! command -v swift >/dev/null; then
  echo "::error title=IndexSite::Building IndexSite needs Swift 6.1 or later, and this runner has none. Use the action at a release tag (uses: …/indexsite@vX.Y.Z), or set up Swift before this step."
  exit 1
fi
missing=()
for package in libcmark-dev libicu-dev pkg-config; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
swift build -c release --product indexsite --package-path "$action_path"
swift build -c release --product indexsite-links --package-path "$action_path"
mkdir -p "$install_dir"
bin_path="$(swift build -c release --package-path "$action_path" --show-bin-path)"
install -m 755 "$bin_path/indexsite" "$install_dir/indexsite"
install -m 755 "$bin_path/indexsite-links" "$install_dir/indexsite-links"
echo "Built indexsite $("$install_dir/indexsite" --version | head -n 1) from source"
