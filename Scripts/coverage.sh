#!/usr/bin/env bash
# Line coverage of the ToggleKit library by the tests, from the toolchain's llvm-cov.
#
#   Scripts/coverage.sh [--report-only] [MINIMUM]     default minimum: 95 (percent of lines)
#
# Runs `swift test --enable-code-coverage` (the fast tier, or the long one with
# TOGGLEKIT_LONG_TESTS=1) in the ordinary build folder, prints the files with the most uncovered
# lines and the module's figure, and exits 1 when the figure is below MINIMUM. --report-only reads
# the profile the last such run left (CI takes coverage from its fast-tier run this way).
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in -h | --help) sed -n '2,9p' "$0" | cut -c3-; exit 0 ;; esac
run=yes
if [[ "${1:-}" == "--report-only" ]]; then
  run=no
  shift
fi
minimum=${1:-95}
[[ "$minimum" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "error: MINIMUM is a percentage, not '$minimum'" >&2; exit 2; }

if [[ $run == yes ]]; then
  swift test --enable-code-coverage >.build-coverage.log 2>&1 || {
    tail -30 .build-coverage.log >&2
    echo "error: the tests failed; see .build-coverage.log" >&2
    exit 1
  }
fi
bin=$(swift build --show-bin-path)
profile="$bin/codecov/default.profdata"
[[ -f "$profile" ]] || { echo "error: no coverage profile at $profile: run the tests with --enable-code-coverage" >&2; exit 1; }
tests=$(find "$bin/" -maxdepth 1 -name '*PackageTests.xctest' | head -1)
# The toolchain's own llvm-cov: another LLVM's cannot read this compiler's profile format.
llvm_cov="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov"
[[ -x "$llvm_cov" ]] || llvm_cov=$(command -v llvm-cov)
report="$bin/codecov/summary.json"
"$llvm_cov" export -summary-only -instr-profile="$profile" "$tests" >"$report"

python3 - "$report" "$minimum" "$PWD/Sources/ToggleKit" <<'PY'
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
