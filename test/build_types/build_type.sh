#!/usr/bin/env bash
# Configures this project from the top level the way users do, without the
# presets (a plain CMAKE_BUILD_TYPE, the compiler CMake is given, every default
# option), builds tests (short buffers through every operation, where GCC at
# -O3 looks deepest; at -Os the unit tests too), the C API, its tests and
# u8clean, and runs the tests: a ctest test per build type and compiler, so
# that an optimiser's new warning (at -O3 or -Os) fails CI, not a user.
# The display module and the benchmarks are left out to keep it short.
#
#   build_type.sh <build type> <C compiler> <C++ compiler> <build dir> <generator>
set -euo pipefail

if [[ $# -ne 5 ]]; then
  sed -n '10p' "$0" >&2
  exit 2
fi
build_type=$1 cc=$2 cxx=$3 build=$4 generator=$5
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

rm -rf "$build"
cmake -S "$repo" -B "$build" -G "$generator" "-DCMAKE_BUILD_TYPE=$build_type" \
  "-DCMAKE_C_COMPILER=$cc" "-DCMAKE_CXX_COMPILER=$cxx" \
  -DUTF8MCU_BUILD_DISPLAY=OFF -DUTF8MCU_BUILD_BENCHMARKS=OFF
# -Werror is on by default at the top level: the build fails on any warning.
grep -qx 'UTF8MCU_WERROR:BOOL=ON' "$build/CMakeCache.txt"
# The unit tests at -O3 would cost most of this test's time and reach no
# operation the short-buffer test does not; at -Os (with the other compiler)
# they show that compiler's warnings on the size-tuned paths.
tests=(short_buffers_o3 c_api_tests snippets_tests)
[[ $build_type == Release ]] || tests+=(unit_tests_size_tuned)
cmake --build "$build" --target "${tests[@]}" utf8mcu_c u8clean
ctest --test-dir "$build" --output-on-failure -R "^($(IFS='|'; echo "${tests[*]}"))\$"
