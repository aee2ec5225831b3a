#!/usr/bin/env bash
# Builds togglekit-fuzz (the package in Fuzz/) with libFuzzer and AddressSanitizer and runs fuzz
# targets for a bounded time, each first replaying its seeds and past findings.
#
#   Scripts/fuzz.sh [SECONDS] [--jobs N] [--debug] [TARGET...]
#
# Default: 30 s each, 1 at a time, every target, in a release build. --debug builds in a third of
# the time and runs a tenth as fast: what CI uses, whose few seconds replay the seeds and findings.
#
# Targets: indented, json, paths, rules, arguments, keys, labelPath, detection, names, spec. Each
# starts from its seed corpus in Fuzz/Corpus/TARGET (never written to); new inputs go to
# .build-fuzz/corpus/TARGET, findings to .build-fuzz/findings/. --jobs runs that many targets at
# once (each is one process on one core). Prints one line per target with its executions; exits 1
# on a finding, with the command that replays it. A finding becomes a regression test by copying
# it into Fuzz/Regressions/TARGET/ (replayed here and by `swift test --package-path Fuzz`).
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in -h | --help) sed -n '2,15p' "$0" | cut -c3-; exit 0 ;; esac

seconds=30
jobs=1
if [[ $# -gt 0 && "$1" =~ ^[0-9]+$ ]]; then seconds=$1; shift; fi
if [[ "${1:-}" == "--jobs" ]]; then
  [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || { echo "error: --jobs takes a whole number of at least 1" >&2; exit 2; }
  jobs=$2
  shift 2
fi
configuration=release
if [[ "${1:-}" == "--debug" ]]; then
  configuration=debug
  shift
fi
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  targets=(indented json paths rules arguments keys labelPath detection names spec filters)
fi
for target in "${targets[@]}"; do
  [[ -d "Fuzz/Corpus/$target" ]] || { echo "error: no target '$target' (no Fuzz/Corpus/$target)" >&2; exit 2; }
done

scratch=.build-fuzz
echo "building togglekit-fuzz with -sanitize=fuzzer,address ($configuration)"
swift build -c "$configuration" --package-path Fuzz --product togglekit-fuzz --scratch-path "$scratch" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld 2>&1 |
  grep -v -e 'warning: Cannot export local symbol' -e '^\[' || true
binary="$scratch/$configuration/togglekit-fuzz"
[[ -x "$binary" ]] || { echo "error: the fuzz build failed" >&2; exit 1; }
mkdir -p "$scratch/findings" "$scratch/logs" "$scratch/results"

# One target: its line of the table in results/TARGET, or a finding's report (and exit 1).
fuzz_one() {
  local target=$1 work="$scratch/corpus/$1" log="$scratch/logs/$1.log"
  local regressions=()
  mkdir -p "$work"
  if [[ -d "Fuzz/Regressions/$target" ]]; then regressions=("Fuzz/Regressions/$target"); fi
  if "$binary" "$target" "$work" "Fuzz/Corpus/$target" ${regressions[@]+"${regressions[@]}"} \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$scratch/findings/$target-" >"$log" 2>&1; then
    local runs rate
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    printf '%-10s %12s %10s %8s\n' "$target" "${runs:-?}" "${rate:-?}" "$(ls "$work" | wc -l)" \
      >"$scratch/results/$target"
    return 0
  fi
  {
    echo "$target: FINDING (log: $log)"
    grep -m1 -e 'Fatal error' -e 'ERROR: ' -e 'property failed' "$log" || tail -5 "$log"
    local artifact
    artifact=$(sed -n 's/.*Test unit written to //p' "$log" | tail -1)
    if [[ -n "$artifact" ]]; then
      echo "  replay: swift run --package-path Fuzz togglekit-fuzz $target $artifact"
    fi
  } >"$scratch/results/$target"
  return 1
}

status=0
running=()
for target in "${targets[@]}"; do
  rm -f "$scratch/results/$target"
  fuzz_one "$target" &
  running+=($!)
  if [[ ${#running[@]} -ge $jobs ]]; then
    wait "${running[0]}" || status=1
    running=("${running[@]:1}")
  fi
done
for pid in ${running[@]+"${running[@]}"}; do wait "$pid" || status=1; done
printf '%-10s %12s %10s %8s\n' target executions "per sec" corpus
for target in "${targets[@]}"; do cat "$scratch/results/$target"; done
exit $status
