#!/usr/bin/env bash
# Builds the fuzz targets (clang 14, libFuzzer, ASan + UBSan) in build/fuzz and
# runs each from its checked-in seeds for a bounded time, two at a time.
#
#   bash test/fuzz/run.sh                               # 20 s per target (CI)
#   UTF8MCU_FUZZ_SECONDS=3600 bash test/fuzz/run.sh     # an hour per target
#
# Environment: UTF8MCU_FUZZ_SECONDS (default 20; the build variants and
# the changing-input target run a share of it), UTF8MCU_FUZZ_JOBS (targets
# run at once, default 2), CXX (default clang++-14, else clang++).
# Prints executions and coverage per target, then CTest's summary and
# "N passed, N failed". Exits non-zero on any crash, leak, hang or failed
# check; the input is saved in build/fuzz/<target>.run/artifacts/. Inputs
# found are kept in build/fuzz/<target>.run/corpus and read again next time.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=$root/build/fuzz
seconds=${UTF8MCU_FUZZ_SECONDS:-20}
jobs=${UTF8MCU_FUZZ_JOBS:-2}
cxx=${CXX:-$(command -v clang++-14 || command -v clang++ || echo clang++-14)}

fail() {
  echo "fuzz: $1"
  echo "0 passed, 1 failed"
  exit 1
}

cmake -S "$root/test/fuzz" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
  -DUTF8MCU_FUZZ_SECONDS="$seconds" >/dev/null || fail "configure failed (clang, libclang-rt-14-dev, libicu-dev?)"
cmake --build "$build" || fail "build failed"

# Each run starts from the seeds and what earlier runs found; stale summaries
# must not be reported as this run's.
rm -f "$build"/*.run/summary
ctest --test-dir "$build" -j "$jobs" --output-on-failure 2>&1 | tee "$build/ctest.log"
status=${PIPESTATUS[0]}

echo
echo "executions and coverage (${seconds} s per target):"
cat "$build"/*.run/summary 2>/dev/null | grep -v '^fuzz_must_fail '
summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$build/ctest.log" | tail -n 1)
if [[ -z "$summary" ]]; then
  fail "no CTest summary"
fi
ran=$(sed -E 's/.* out of ([0-9]+).*/\1/' <<<"$summary")
bad=$(sed -E 's/.*passed, ([0-9]+) tests? failed.*/\1/' <<<"$summary")
echo "$((ran - bad)) passed, $bad failed"
exit "$status"
