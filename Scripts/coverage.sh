#!/usr/bin/env bash
# Line coverage of the ToggleKit library by the whole test suite, from the toolchain's llvm-cov.
#
#   Scripts/coverage.sh [--skip REGEX] [MINIMUM]     default minimum: 95 (percent of lines)
#
# Runs `swift test --enable-code-coverage` (its own scratch path, so the ordinary build is kept),
# prints the files with the most uncovered lines and the module's figure, and exits 1 when the
# figure is below MINIMUM. --skip leaves matching tests out (CI leaves out the long
# reference-model runs, which reach no line the rest of the suite does not).
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in -h | --help) sed -n '2,10p' "$0" | cut -c3-; exit 0 ;; esac
skip=()
if [[ "${1:-}" == "--skip" ]]; then
  [[ $# -ge 2 ]] || { echo "error: --skip needs a pattern" >&2; exit 2; }
  skip=(--skip "$2")
  shift 2
fi
minimum=${1:-95}

scratch=.build-coverage
rm -rf "$scratch/debug/codecov"  # profiles of an earlier run would count again
swift test -Xswiftc -DTOGGLEKIT_INTERNAL_CHECKS --enable-code-coverage --scratch-path "$scratch" ${skip[@]+"${skip[@]}"} \
  >"$scratch.log" 2>&1 || {
  tail -30 "$scratch.log" >&2
  echo "error: the tests failed; see $scratch.log" >&2
  exit 1
}
bin="$scratch/debug"
profile="$bin/codecov/default.profdata"
tests=$(find "$bin/" -maxdepth 1 -name '*PackageTests.xctest' | head -1)
# The toolchain's own llvm-cov: another LLVM's cannot read this compiler's profile format.
llvm_cov="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov"
[[ -x "$llvm_cov" ]] || llvm_cov=$(command -v llvm-cov)
"$llvm_cov" export -summary-only -instr-profile="$profile" "$tests" >"$scratch/coverage.json"

python3 - "$scratch/coverage.json" "$minimum" "$PWD/Sources/ToggleKit" <<'PY'
import json, sys
report, minimum, prefix = sys.argv[1], float(sys.argv[2]), sys.argv[3]
files = [f for f in json.load(open(report))["data"][0]["files"] if f["filename"].startswith(prefix)]
covered = sum(f["summary"]["lines"]["covered"] for f in files)
total = sum(f["summary"]["lines"]["count"] for f in files)
percent = 100.0 * covered / total if total else 0.0
gaps = sorted(files, key=lambda f: f["summary"]["lines"]["count"] - f["summary"]["lines"]["covered"])
print("most uncovered lines:")
for f in reversed(gaps[-8:]):
    lines = f["summary"]["lines"]
    print(f"  {lines['count'] - lines['covered']:5d}  {f['filename'][len(prefix):]}")
print(f"ToggleKit line coverage: {percent:.2f}% ({covered} of {total} lines in {len(files)} files), "
      f"minimum {minimum:g}%")
sys.exit(0 if percent >= minimum else 1)
PY
