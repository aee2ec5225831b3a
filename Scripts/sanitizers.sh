#!/usr/bin/env bash
# The tests under AddressSanitizer and ThreadSanitizer.
#
#   Scripts/sanitizers.sh [--release] [--part library|explorer] [--filter REGEX] [--skip REGEX]
#                         [address] [thread]
#
# Default: both sanitizers, every test of the tier the environment asks for (the fast tier, or the
# long one with TOGGLEKIT_LONG_TESTS=1), in a debug build. --release builds optimized, with
# -enable-testing (the tests import internals) and the invariant checks still on: CI runs the fast
# tier so, under AddressSanitizer, and ThreadSanitizer (debug) over the concurrency tests.
#
# Each sanitizer (and configuration) builds in its own scratch path (.build-address,
# .build-thread, .build-release-address …), so the ordinary build is kept. AddressSanitizer runs
# with leak detection, minus the false reports listed in Scripts/lsan.supp; ThreadSanitizer fails
# the run on any data race report. Child processes the end-to-end tests start (`togglekit` itself)
# are built and checked with the same sanitizer. --filter passes a test filter to `swift test`,
# --skip leaves matching tests out. --part builds only part of the package (Package.swift's
# TOGGLEKIT_PART): `library`, the libraries and their tests; `explorer`, the tree's tests
# (ToggleKitTreeTests) and the explorer module's — what a filter that names only their suites
# needs, in a fraction of the build. A run in which no test ran (a filter that finds nothing, a
# suite outside the part) fails.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in -h | --help) sed -n '2,20p' "$0" | cut -c3-; exit 0 ;; esac
configuration=debug
filter=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --release) configuration=release; shift ;;
    --part)
      case "${2:-}" in
        library | explorer) export TOGGLEKIT_PART="$2" ;;
        *) echo "error: --part is 'library' or 'explorer'" >&2; exit 2 ;;
      esac
      shift 2 ;;
    --filter | --skip)
      [[ $# -ge 2 ]] || { echo "error: $1 needs a pattern" >&2; exit 2; }
      filter+=("$1" "$2")
      shift 2 ;;
    *) break ;;
  esac
done
sanitizers=("$@")
if [[ ${#sanitizers[@]} -eq 0 ]]; then sanitizers=(address thread); fi

build=(-c "$configuration")
if [[ $configuration == release ]]; then
  build+=(-Xswiftc -enable-testing)
  # Package.swift checks invariants in every build when asked (debug builds check them anyway).
  export TOGGLEKIT_INTERNAL_CHECKS=1
fi
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0"
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="halt_on_error=0:exitcode=66"
for sanitizer in "${sanitizers[@]}"; do
  case "$sanitizer" in
    address | thread) ;;
    *) echo "error: unknown sanitizer '$sanitizer' (address or thread)" >&2; exit 2 ;;
  esac
  scratch=".build-$sanitizer"
  [[ $configuration == release ]] && scratch=".build-release-$sanitizer"
  log="$scratch.log"
  started=$(date +%s)
  echo "== swift test ${build[*]} --sanitize=$sanitizer ${filter[*]:-} (log: $log)"
  if ! swift test "${build[@]}" --sanitize="$sanitizer" --scratch-path "$scratch" \
    ${filter[@]+"${filter[@]}"} >"$log" 2>&1; then
    grep -v 'warning: Cannot export local symbol' "$log" | grep -E -A12 \
      'ERROR: AddressSanitizer|ERROR: LeakSanitizer|WARNING: ThreadSanitizer|✘|error:' | head -60
    echo "error: the tests failed under the $sanitizer sanitizer; see $log" >&2
    exit 1
  fi
  if grep -q -e 'WARNING: ThreadSanitizer' -e 'ERROR: AddressSanitizer' -e 'ERROR: LeakSanitizer' "$log"; then
    grep -E -A12 'WARNING: ThreadSanitizer|ERROR: AddressSanitizer|ERROR: LeakSanitizer' "$log" | head -60
    echo "error: the $sanitizer sanitizer reported a problem; see $log" >&2
    exit 1
  fi
  summary=$(grep -a -E 'Test run with .* passed' "$log" | tail -1 || true)
  # A filter that finds nothing (a suite left out of --part, a renamed test) is not a pass.
  if [[ -z $summary || $summary == *"with 0 tests"* ]]; then
    echo "error: no test ran under the $sanitizer sanitizer${TOGGLEKIT_PART:+ (part $TOGGLEKIT_PART)}; see $log" >&2
    exit 1
  fi
  echo "$sanitizer ($configuration): ${summary:-passed} ($(($(date +%s) - started)) s)"
done
