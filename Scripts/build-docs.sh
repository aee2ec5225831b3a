#!/usr/bin/env bash
# Builds the DocC documentation of the ToggleKit library with the toolchain alone: symbol graphs from
# the compiler, then `docc convert`. Output: .build-docs/ToggleKit.doccarchive. Fails on any docc
# warning (a broken symbol link, say).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-docs
graphs="$PWD/$scratch/symbol-graphs"
rm -rf "$graphs" && mkdir -p "$graphs"
swift build --scratch-path "$scratch" --target ToggleKit \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >/dev/null
docc_bin=$(dirname "$(readlink -f "$(command -v swift)")")/docc
[ -x "$docc_bin" ] || docc_bin=docc
"$docc_bin" convert Sources/ToggleKit/ToggleKit.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name ToggleKit --fallback-bundle-identifier org.togglekit.ToggleKit \
  --output-path "$scratch/ToggleKit.doccarchive" \
  --warnings-as-errors
echo "Documentation: $scratch/ToggleKit.doccarchive"
