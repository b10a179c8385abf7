#!/usr/bin/env bash
# The one command that runs every test: installs missing dependencies, then
# configures, builds and runs CTest for the host and for each QEMU board
# (the presets of CMakePresets.json; build trees in build/<preset>).
#
#   tools/test-all.sh [--fresh] [--full] [preset...]   (default: every preset and fuzz)
#
# "fuzz" is test/fuzz/run.sh, a clang/libFuzzer project of its own (each target
# runs UTF8MCU_FUZZ_SECONDS, default 20). The presets of the boards whose core
# another board already covers test that core only (UTF8MCU_TEST_SCOPE=core,
# README "Tests"); --full configures every board with UTF8MCU_TEST_SCOPE=full.
# Generated fonts and tables are shared by the build trees (build/.generated-cache).
#
# Keeps going after a failure. The last line is "N passed, N failed" (tests
# summed over all CTest runs; a preset that fails to configure or build adds
# one failure). Exits non-zero if anything failed or if no test ran.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 1

fresh=()
scope=()
presets=()
for arg in "$@"; do
  case "$arg" in
    --fresh) fresh=(--fresh) ;;
    --full) scope=(-DUTF8MCU_TEST_SCOPE=full) ;;
    -h | --help)
      sed -n '2,13p' "$0"
      exit 0
      ;;
    *) presets+=("$arg") ;;
  esac
done
if [[ ${#presets[@]} -eq 0 ]]; then
  mapfile -t presets < <(python3 tools/utf8mcu_tools boards --presets)
  presets+=(fuzz)
fi

if ! bash tools/setup-deps.sh test; then
  echo "test-all: tools/setup-deps.sh failed"
  echo "0 passed, 1 failed"
  exit 1
fi

logs=$root/build/test-all
mkdir -p "$logs"

total_passed=0
total_failed=0
lines=()
budget_tables=()
for preset in "${presets[@]}"; do
  echo
  echo "=================== $preset ==================="
  start=$SECONDS
  passed=0
  failed=0
  notes=""

  log=$logs/$preset.log
  ran_ctest=0
  if [[ $preset == fuzz ]]; then
    # Not a CMake preset: run.sh configures, builds and runs CTest itself.
    bash test/fuzz/run.sh 2>&1 | tee "$log"
    ctest_status=${PIPESTATUS[0]}
    ran_ctest=1
  elif ! cmake "${fresh[@]}" --preset "$preset" "${scope[@]}"; then
    failed=1
    notes="configure failed"
  else
    # -k 0: build everything that can be built, so one broken test does not
    # hide the others (its test then fails as "Not Run").
    if ! cmake --build --preset "$preset" -- -k 0; then
      failed=1
      notes="build failed"
    fi
    ctest --preset "$preset" 2>&1 | tee "$log"
    ctest_status=${PIPESTATUS[0]}
    ran_ctest=1
    # Budget tables (bench/, label "budget"), printed even when they pass.
    budget_tables+=("$(sed -n '/^utf8mcu \(size \)\{0,1\}budgets/,/^budgets: /p' "build/$preset/Testing/Temporary/LastTest.log" 2>/dev/null)")
  fi
  if [[ $ran_ctest -eq 1 ]]; then
    # "100% tests passed, 0 tests failed out of 5"
    summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -1)
    if [[ -n "$summary" ]]; then
      ran=$(sed -E 's/.* out of ([0-9]+).*/\1/' <<<"$summary")
      bad=$(sed -E 's/.*passed, ([0-9]+) tests? failed.*/\1/' <<<"$summary")
      passed=$((ran - bad))
      failed=$((failed + bad))
      if [[ $ctest_status -ne 0 && $bad -eq 0 ]]; then
        failed=$((failed + 1))
        notes="${notes:+$notes; }exited $ctest_status"
      fi
    else
      failed=$((failed + 1))
      notes="${notes:+$notes; }no ctest summary (no tests?)"
    fi
  fi

  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  lines+=("$(printf '%-11s %4d passed, %3d failed  %4ds  %s' "$preset" "$passed" "$failed" $((SECONDS - start)) "$notes")")
done

for table in "${budget_tables[@]}"; do [[ -n "$table" ]] && printf '\n%s\n' "$table"; done
echo
echo "=================== summary ==================="
printf '%s\n' "${lines[@]}"
echo "$total_passed passed, $total_failed failed"
if [[ $total_failed -ne 0 || $total_passed -eq 0 ]]; then
  exit 1
fi
exit 0
