#!/bin/sh
# Builds and tests Tests/LibraryConsumer, a separate package that depends on the IndexSite library product the way
# any outside Swift project would, so only the public API is in reach. Its build lives in .build-consumer/.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
exec "${SWIFT:-swift}" test --package-path "$root/Tests/LibraryConsumer" --scratch-path "$root/.build-consumer" "$@"
