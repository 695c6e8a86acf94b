#!/usr/bin/env bash
# Re-creates src/main/resources/static/vendor/dygraphs/<version>/ from the npm registry.
#
# Provenance: the files are taken unchanged from the published npm tarball `dygraphs@<version>`
# (https://www.npmjs.com/package/dygraphs, MIT licence, https://github.com/danvk/dygraphs).
# They are committed so that a build needs nothing but a JDK; run this only to upgrade or verify
# (`git diff --stat` after running it must be empty for the committed version).
set -euo pipefail

version="${1:-2.2.2}"
here="$(cd "$(dirname "$0")" && pwd)"
target="$here/src/main/resources/static/vendor/dygraphs/$version"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent "dygraphs@$version" >/dev/null && tar xzf "dygraphs-$version.tgz")
echo "npm integrity: $(cd "$work" && npm view "dygraphs@$version" dist.integrity)"

mkdir -p "$target"
cp "$work/package/dist/dygraph.min.js" "$work/package/dist/dygraph.min.css" "$work/package/LICENSE.txt" "$target/"
(cd "$target" && sha256sum dygraph.min.js dygraph.min.css LICENSE.txt > SHA256SUMS)
echo "dygraphs $version vendored into $target"
