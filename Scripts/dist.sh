#!/usr/bin/env bash
# `make dist`: packs a release tarball from the release binary: indexsite-VERSION-linux-ARCH.tar.gz holding the
# stripped binary, shell completions (bash, zsh, fish), the man page, README and licence, plus SHA256SUMS beside it.
# The tarball is reproducible: sorted names, no owners, every file dated at the last commit.
# Usage: Scripts/dist.sh BINARY VERSION ARCH MANUAL_FOLDER OUT_FOLDER
set -euo pipefail
binary="$1" version="$2" arch="$3" manuals="$4" out="$5"
name="indexsite-$version-linux-$arch"
stage="$out/$name"
rm -rf "$stage" "$out/$name.tar.gz"
mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
  "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d"
install -m 755 "$binary" "$stage/bin/indexsite"
strip --strip-all "$stage/bin/indexsite"
"$stage/bin/indexsite" --generate-completion-script bash > "$stage/share/bash-completion/completions/indexsite"
"$stage/bin/indexsite" --generate-completion-script zsh > "$stage/share/zsh/site-functions/_indexsite"
"$stage/bin/indexsite" --generate-completion-script fish > "$stage/share/fish/vendor_completions.d/indexsite.fish"
cp "$manuals"/*.1 "$stage/share/man/man1/"
cp README.md "$stage/"
for licence in LICENSE LICENSE.md COPYING; do [ -f "$licence" ] && cp "$licence" "$stage/"; done
date="$(git log -1 --format=%ct 2>/dev/null || echo 0)"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$date" -C "$out" -cf - "$name" | gzip -n -9 > "$out/$name.tar.gz"
(cd "$out" && sha256sum "$name.tar.gz" > SHA256SUMS)
size="$(stat -c %s "$stage/bin/indexsite")"
echo "Packed $out/$name.tar.gz: the binary is $((size / 1024 / 1024)) MB stripped"
