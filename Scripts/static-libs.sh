#!/usr/bin/env bash
# Scripts/static-libs.sh FOLDER: fills FOLDER with links to the static archives of ICU, cmark and the C++ runtime.
#
# The release build puts FOLDER first on the linker's search path, so `-licuuc`, `-lcmark` and `-lstdc++` find these
# archives before the shared libraries: the binary then needs only the C library at run time, and the dynamic loader
# has no ICU or C++ symbols to look up when it starts (see RELEASE_FLAGS in the Makefile).
set -euo pipefail
folder=${1:?usage: static-libs.sh FOLDER}
mkdir -p "$folder"

icu_dir=$(pkg-config --variable=libdir icu-uc)
cmark_dir=$(pkg-config --variable=libdir libcmark)
archives=(
    "$icu_dir/libicui18n.a"
    "$icu_dir/libicuuc.a"
    "$icu_dir/libicudata.a"
    "$cmark_dir/libcmark.a"
    "$(clang -print-file-name=libstdc++.a)"
)
for archive in "${archives[@]}"; do
    if [ ! -f "$archive" ]; then
        echo "static-libs.sh: no static archive at '$archive' (libicu-dev, libcmark-dev and libstdc++-dev install them)" >&2
        exit 1
    fi
    ln -sf "$archive" "$folder/"
done
