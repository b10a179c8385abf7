#!/usr/bin/env bash
# Runs one fuzz target for a bounded time from its seeds; the CTest command of
# every target (see CMakeLists.txt).
#
#   fuzz_one.sh <fuzzer> <seconds> <seed dir> <work dir> [libFuzzer flags...]
#
# New inputs go to <work dir>/corpus (kept between runs, read again next
# time); a crash, leak, hang or failed check stops the run, saves the input
# in <work dir>/artifacts/ and fails. The last lines give executions and
# coverage (libFuzzer's cov: and ft:), also written to <work dir>/summary.
set -uo pipefail

fuzzer=$1 seconds=$2 seeds=$3 work=$4
shift 4
name=$(basename "$fuzzer")
mkdir -p "$work/corpus" "$work/artifacts"
log=$work/fuzz.log
# The checks allocate a lot: a smaller quarantine keeps two runs side by side
# well within memory, and the library itself never allocates.
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=32}

"$fuzzer" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
  -artifact_prefix="$work/artifacts/" "$@" "$work/corpus" "$seeds" >"$log" 2>&1
status=$?

# "#123456 DONE   cov: 412 ft: 1688 corp: 150/6Kb lim: 512 exec/s: 4115 rss: 61Mb"
# (the last status line if the run stopped early).
last=$(grep -E '^#[0-9]+[[:space:]].* cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1)
runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log")
cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
corpus=$(sed -nE 's/.* corp: ([0-9]+)\/.*/\1/p' <<<"$last")
summary=$(printf '%-20s %10s runs  cov: %-5s ft: %-6s corpus: %s' "$name" "${runs:-?}" "${cov:-?}" "${ft:-?}" \
  "${corpus:-?}")
echo "$summary" >"$work/summary"

if [[ $status -ne 0 || -z "$runs" || "$runs" -eq 0 ]]; then
  tail -n 60 "$log"
  echo "fuzz_one: $name FAILED (exit $status); input saved in $work/artifacts/"
  exit 1
fi
echo "$summary"
echo "fuzz_one: $name ok"
