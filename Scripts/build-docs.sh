#!/usr/bin/env bash
# Builds the DocC documentation of the ToggleKit and ToggleKitRules libraries with the toolchain
# alone: symbol graphs extracted from the built modules, then `docc convert` per module.
#
#   Scripts/build-docs.sh [--skip-build]
#
# Builds ToggleKitRules (and so ToggleKit) in the ordinary debug build folder first, unless
# --skip-build says it is built already (CI builds it once for everything). Output:
# .build-docs/ToggleKit.doccarchive and .build-docs/ToggleKitRules.doccarchive. Fails on any docc
# warning (a broken symbol link, say).
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  -h | --help) sed -n '2,10p' "$0" | cut -c3-; exit 0 ;;
  --skip-build | "") ;;
  *) echo "error: unknown option '$1' (see --help)" >&2; exit 2 ;;
esac
if [[ "${1:-}" != "--skip-build" ]]; then
  swift build --target ToggleKitRules >/dev/null
fi
modules="$(swift build --show-bin-path)/Modules"
[[ -f "$modules/ToggleKitRules.swiftmodule" ]] || {
  echo "error: no built ToggleKitRules module in $modules; run without --skip-build" >&2
  exit 1
}
toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
triple=$(swift -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)
scratch=.build-docs
graphs="$PWD/$scratch/symbol-graphs"
rm -rf "$scratch" && mkdir -p "$graphs"
for module in ToggleKit ToggleKitRules; do
  "$toolchain/swift-symbolgraph-extract" -module-name "$module" -I "$modules" -target "$triple" \
    -output-dir "$graphs" -minimum-access-level public
done
docc_bin=$toolchain/docc
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
