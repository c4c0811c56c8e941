#!/usr/bin/env bash
# Step one of action.yml: puts `indexsite` (and `indexsite-links`, which its link check runs) on the job's PATH. With a release version (INDEXSITE_VERSION, else the tag
# the action is used at, INDEXSITE_ACTION_REF) it downloads that release's tarball for this runner and checks it
# against the release's SHA256SUMS; a checksum that does not match stops the job, since that file is not the release.
# Without a version, or when the release has no tarball for this runner, it answers mode=source and the next steps
# build IndexSite from the action's own checkout. Writes mode, version and source-key to $GITHUB_OUTPUT.
# INDEXSITE_RELEASE_URL stands in for https://github.com/<repository>/releases/download (tests serve 127.0.0.1).
set -euo pipefail

action_path="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/../.." && pwd)}"
install_dir="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/indexsite/bin"
mkdir -p "$install_dir"
echo "$install_dir" >> "${GITHUB_PATH:-/dev/null}"

version="${INDEXSITE_VERSION:-}"
ref="${INDEXSITE_ACTION_REF:-}"
if [ -z "$version" ] && [[ "$ref" =~ ^v[0-9]+\.[0-9]+\.[0-9]+ ]]; then version="$ref"; fi
version="${version#v}"

build_from_source() {
  echo "::notice title=IndexSite::$1; building IndexSite from the action's checkout (cached for later runs)"
  # The cache key: the sources themselves (an action's checkout has no .git) and the Swift that builds them.
  local sources swift_version
  sources="$(cd "$action_path" && find Package.swift Sources Templates Plugins -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)"
  swift_version="$( (swift --version 2>/dev/null || echo none) | head -n 1 | sha256sum | cut -c1-8)"
  {
    echo "mode=source"
    echo "source-key=$sources-$swift_version"
    echo "version=$(sed -n 's/.*current = "\(.*\)"/\1/p' "$action_path/Sources/Core/Version.swift")"
  } >> "${GITHUB_OUTPUT:-/dev/null}"
  exit 0
}

[ -n "$version" ] || build_from_source "No release version given (the action is used at '${ref:-an unknown ref}')"
[ "$(uname -s)" = Linux ] || build_from_source "Release binaries are for Linux; this runner is $(uname -s)"
case "$(uname -m)" in
  x86_64 | amd64) arch=x86_64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) build_from_source "No release binary for $(uname -m)" ;;
esac

name="indexsite-$version-linux-$arch"
base="${INDEXSITE_RELEASE_URL:-https://github.com/${INDEXSITE_ACTION_REPOSITORY:?the action repository is unknown}/releases/download}/v$version"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if ! curl -fsSL --retry 3 --retry-delay 2 -o "$work/$name.tar.gz" "$base/$name.tar.gz"; then
  build_from_source "Release $version has no $name.tar.gz"
fi
if ! curl -fsSL --retry 3 --retry-delay 2 -o "$work/SHA256SUMS" "$base/SHA256SUMS"; then
  echo "::error title=IndexSite::Release $version has $name.tar.gz but no SHA256SUMS to check it against"
  exit 1
fi
if ! (cd "$work" && grep -E "^[0-9a-f]{64}  $name\.tar\.gz\$" SHA256SUMS | sha256sum --check --status --strict -); then
  echo "::error title=IndexSite::$name.tar.gz does not match the release's SHA256SUMS; it was not installed"
  exit 1
fi
tar -xzf "$work/$name.tar.gz" -C "$work"
install -m 755 "$work/$name/bin/indexsite" "$install_dir/indexsite"
# The link checker's network half, run from beside indexsite (releases before it came have none: no link check).
if [ -f "$work/$name/bin/indexsite-links" ]; then
  install -m 755 "$work/$name/bin/indexsite-links" "$install_dir/indexsite-links"
fi
installed="$("$install_dir/indexsite" --version | head -n 1)"
echo "Installed indexsite $installed from $name.tar.gz"
{
  echo "mode=download"
  echo "version=$version"
} >> "${GITHUB_OUTPUT:-/dev/null}"
