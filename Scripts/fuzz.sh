#!/usr/bin/env bash
# Builds togglekit-fuzz (the package in Fuzz/) with libFuzzer and AddressSanitizer and runs fuzz
# targets for a bounded time, each first replaying its seeds and past findings.
#
#   Scripts/fuzz.sh [SECONDS] [TARGET...]     default: 30 seconds each, every target
#
# Targets: indented, json, paths, rules, arguments, keys, labelPath, detection, names. Each starts from its seed corpus in
# Fuzz/Corpus/TARGET (never written to); new inputs go to .build-fuzz/corpus/TARGET, findings to
# .build-fuzz/findings/. Prints one line per target with its executions; exits 1 on a finding, with
# the command that replays it. A finding becomes a regression test by copying it into
# Fuzz/Regressions/TARGET/ (replayed here and by `swift test --package-path Fuzz`).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=30
if [[ $# -gt 0 && "$1" =~ ^[0-9]+$ ]]; then seconds=$1; shift; fi
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then targets=(indented json paths rules arguments keys labelPath detection names); fi
case "${1:-}" in -h | --help) sed -n '2,11p' "$0" | cut -c3-; exit 0 ;; esac

scratch=.build-fuzz
echo "building togglekit-fuzz with -sanitize=fuzzer,address (release)"
swift build -c release --package-path Fuzz --product togglekit-fuzz --scratch-path "$scratch" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld 2>&1 |
  grep -v -e 'warning: Cannot export local symbol' -e '^\[' || true
binary="$scratch/release/togglekit-fuzz"
[[ -x "$binary" ]] || { echo "error: the fuzz build failed" >&2; exit 1; }

status=0
printf '%-10s %12s %10s %8s\n' target executions "per sec" corpus
for target in "${targets[@]}"; do
  seeds="Fuzz/Corpus/$target"
  [[ -d "$seeds" ]] || { echo "error: no target '$target' (no $seeds)" >&2; exit 2; }
  work="$scratch/corpus/$target"
  log="$scratch/logs/$target.log"
  mkdir -p "$work" "$scratch/findings" "$scratch/logs"
  regressions=()
  if [[ -d "Fuzz/Regressions/$target" ]]; then regressions=("Fuzz/Regressions/$target"); fi
  if "$binary" "$target" "$work" "$seeds" ${regressions[@]+"${regressions[@]}"} -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$scratch/findings/$target-" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    printf '%-10s %12s %10s %8s\n' "$target" "${runs:-?}" "${rate:-?}" "$(ls "$work" | wc -l)"
  else
    status=1
    echo "$target: FINDING (log: $log)"
    grep -m1 -e 'Fatal error' -e 'ERROR: ' -e 'property failed' "$log" || tail -5 "$log"
    artifact=$(sed -n 's/.*Test unit written to //p' "$log" | tail -1)
    if [[ -n "$artifact" ]]; then echo "  replay: swift run --package-path Fuzz togglekit-fuzz $target $artifact"; fi
  fi
done
exit $status
