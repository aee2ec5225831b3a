#!/usr/bin/env bash
# Builds the DocC documentation of the ToggleKit and ToggleKitRules libraries with the toolchain
# alone: symbol graphs from the compiler, then `docc convert` per module. Output:
# .build-docs/ToggleKit.doccarchive and .build-docs/ToggleKitRules.doccarchive. Fails on any docc
# warning (a broken symbol link, say).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-docs
graphs="$PWD/$scratch/symbol-graphs"
# A fresh scratch path: an up-to-date build would emit no symbol graphs.
rm -rf "$scratch" && mkdir -p "$graphs"
swift build --scratch-path "$scratch" --target ToggleKitRules \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >/dev/null
docc_bin=$(dirname "$(readlink -f "$(command -v swift)")")/docc
[ -x "$docc_bin" ] || docc_bin=docc
for module in ToggleKit ToggleKitRules; do
  # Each archive reads its own module's graphs (ToggleKitRules' extensions of ToggleKit included).
  own="$PWD/$scratch/graphs-$module"
  rm -rf "$own" && mkdir -p "$own"
  cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$own/" 2>/dev/null || true
  "$docc_bin" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$own" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.togglekit.$module" \
    --output-path "$scratch/$module.doccarchive" \
    --warnings-as-errors
  echo "Documentation: $scratch/$module.doccarchive"
done
