#!/usr/bin/env bash
# The whole test suite under AddressSanitizer and ThreadSanitizer.
#
#   Scripts/sanitizers.sh [--filter REGEX] [--skip REGEX] [address] [thread]   default: both, every test
#
# Each sanitizer builds in its own scratch path (.build-address, .build-thread), so the ordinary
# build is kept. AddressSanitizer runs with leak detection, minus the false reports listed in
# Scripts/lsan.supp; ThreadSanitizer fails the run on any data race report, including those from
# the concurrency hammer tests (ConcurrencyHammerTests). Child processes the end-to-end tests start
# (`togglekit` itself) are built and checked with the same sanitizer. --filter passes a test filter
# to `swift test`, --skip leaves matching tests out (CI runs ThreadSanitizer over the concurrency
# tests only: the whole suite takes about 7 minutes of tests under it on two cores, 4 times the
# ordinary run; and AddressSanitizer without the long reference-model runs, which exercise no
# memory handling the rest of the suite does not).
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in -h | --help) sed -n '2,14p' "$0" | cut -c3-; exit 0 ;; esac
filter=()
while [[ "${1:-}" == "--filter" || "${1:-}" == "--skip" ]]; do
  [[ $# -ge 2 ]] || { echo "error: $1 needs a pattern" >&2; exit 2; }
  filter+=("$1" "$2")
  shift 2
done
sanitizers=("$@")
if [[ ${#sanitizers[@]} -eq 0 ]]; then sanitizers=(address thread); fi

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0"
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="halt_on_error=0:exitcode=66"
for sanitizer in "${sanitizers[@]}"; do
  case "$sanitizer" in
    address | thread) ;;
    *) echo "error: unknown sanitizer '$sanitizer' (address or thread)" >&2; exit 2 ;;
  esac
  log=".build-$sanitizer.log"
  started=$(date +%s)
  echo "== swift test --sanitize=$sanitizer ${filter[*]:-} (log: $log)"
  if ! swift test -Xswiftc -DTOGGLEKIT_INTERNAL_CHECKS --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" ${filter[@]+"${filter[@]}"} \
    >"$log" 2>&1; then
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
  echo "$sanitizer: ${summary:-passed} ($(($(date +%s) - started)) s)"
done
