#!/usr/bin/env bash
# `make dist`: packs a release tarball from the release binaries: indexsite-VERSION-linux-ARCH.tar.gz holding the
# stripped `indexsite` and `indexsite-links` (the link checker's network half, which `check --links` runs from beside
# `indexsite`), shell completions (bash, zsh, fish), the man page, README and licence, plus SHA256SUMS beside it.
# The tarball is reproducible: sorted names, no owners, every file dated at the last commit.
# Usage: Scripts/dist.sh BINARY HELPER VERSION ARCH MANUAL_FOLDER OUT_FOLDER
set -euo pipefail
binary="$1" helper="$2" version="$3" arch="$4" manuals="$5" out="$6"
name="indexsite-$version-linux-$arch"
stage="$out/$name"
rm -rf "$stage" "$out/$name.tar.gz"
mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
  "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d"
install -m 755 "$binary" "$stage/bin/indexsite"
install -m 755 "$helper" "$stage/bin/indexsite-links"
strip --strip-all "$stage/bin/indexsite" "$stage/bin/indexsite-links"
"$stage/bin/indexsite" --generate-completion-script bash > "$stage/share/bash-completion/completions/indexsite"
"$stage/bin/indexsite" --generate-completion-script zsh > "$stage/share/zsh/site-functions/_indexsite"
"$stage/bin/indexsite" --generate-completion-script fish > "$stage/share/fish/vendor_completions.d/indexsite.fish"
cp "$manuals"/*.1 "$stage/share/man/man1/"
cp README.md "$stage/"
for licence in LICENSE LICENSE.md COPYING; do [ -f "$licence" ] && cp "$licence" "$stage/"; done
date="$(git log -1 --format=%ct 2>/dev/null || echo 0)"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$date" -C "$out" -cf - "$name" | gzip -n -9 > "$out/$name.tar.gz"
(cd "$out" && sha256sum "$name.tar.gz" > SHA256SUMS)
size="$(stat -c %s "$stage/bin/indexsite")" helper_size="$(stat -c %s "$stage/bin/indexsite-links")"
echo "Packed $out/$name.tar.gz: indexsite is $((size / 1024 / 1024)) MB stripped, indexsite-links $((helper_size / 1024 / 1024)) MB"
