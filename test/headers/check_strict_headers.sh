#!/usr/bin/env bash
# Compiles every public header (lib/, lib/c, lib/display, port/ and each
# platform port) the way a consumer who includes them with -I does, under the
# strictest warnings consumers use, as errors:
#   GCC    -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow -Wuseless-cast
#          -Wold-style-cast -Wcast-align -Wdouble-promotion, C++17 and C++20
#   clang  -Weverything minus the C++98-compat family and -Wpadded (padding of
#          result structs is by design), C++17 and C++20
#   C      utf8mcu_c.h as C99 with GCC's list and clang's -Weverything
# -isystem (find_package) would hide warnings from the headers; -I does not.
#
#   check_strict_headers.sh <g++> <clang++> <gcc> <clang> <work dir> [<generated include dir>...]
# Generated include dirs (lib/text's tables) are searched, not listed: the
# headers that include them are.
set -euo pipefail

if [[ $# -lt 5 ]]; then
  sed -n '12p' "$0" >&2
  exit 2
fi
gxx=$1 clangxx=$2 gcc=$3 clang=$4 work=$5
shift 5
generated_dirs=("$@")
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo"

for compiler in "$gxx" "$clangxx" "$gcc" "$clang"; do
  if ! command -v "$compiler" >/dev/null; then
    echo "check_strict_headers: $compiler not found (tools/setup-deps.sh test installs it)" >&2
    exit 1
  fi
done

# Every include directory that holds public headers: found, not listed, so
# that a new port or module is checked without editing this file.
include_dirs=()
while IFS= read -r dir; do
  include_dirs+=("$dir")
done < <(find lib port -type d -name include -not -path '*/build*' | sort)
include_flags=()
for dir in "${include_dirs[@]}"; do include_flags+=("-I$repo/$dir"); done
for dir in "${generated_dirs[@]}"; do include_flags+=("-I$dir"); done

mkdir -p "$work"
cxx_source=$work/all_headers.cpp
c_source=$work/c_header.c
{
  for dir in "${include_dirs[@]}"; do
    while IFS= read -r header; do
      [[ $header == *_c.h ]] && continue
      echo "#include \"$header\""
    done < <(cd "$dir" && find . -name '*.h' | sed 's|^\./||' | sort)
  done
  echo "int main() { return 0; }"
} >"$cxx_source"
headers=$(grep -c '^#include' "$cxx_source")
{
  for dir in "${include_dirs[@]}"; do
    (cd "$dir" && find . -name '*_c.h' | sed 's|^\./|#include "|; s|$|"|')
  done
  echo "int main(void) { return 0; }"
} >"$c_source"
c_headers=$(grep -c '^#include' "$c_source")
if [[ $headers -lt 20 || $c_headers -lt 1 ]]; then
  echo "check_strict_headers: found only $headers C++ and $c_headers C headers" >&2
  exit 1
fi

# The project's warnings (cmake/utf8mcu_warnings.cmake), and stricter ones.
read -r -a project_warnings < <(sed -n 's/^set(UTF8MCU_WARNING_FLAGS \(.*\))$/\1/p' "$repo/cmake/utf8mcu_warnings.cmake")
if [[ ${#project_warnings[@]} -lt 5 ]]; then
  echo "check_strict_headers: no UTF8MCU_WARNING_FLAGS in cmake/utf8mcu_warnings.cmake" >&2
  exit 1
fi
gcc_warnings=("${project_warnings[@]}" -Wcast-align -Wdouble-promotion -Werror)
gxx_warnings=("${gcc_warnings[@]}" -Wuseless-cast -Wold-style-cast)
clang_warnings=(-Weverything -Wno-c++98-compat -Wno-c++98-compat-pedantic -Wno-padded -Werror)

failed=0
run() {
  local name=$1
  shift
  if "$@" >"$work/$name.log" 2>&1; then
    echo "ok:   $name"
  else
    echo "FAIL: $name"
    cat "$work/$name.log"
    failed=$((failed + 1))
  fi
}
for std in c++17 c++20; do
  run "gcc-$std" "$gxx" -std=$std -fsyntax-only "${include_flags[@]}" "${gxx_warnings[@]}" "$cxx_source"
  run "clang-$std" "$clangxx" -std=$std -fsyntax-only "${include_flags[@]}" "${clang_warnings[@]}" "$cxx_source"
done
run gcc-c99 "$gcc" -std=c99 -pedantic -fsyntax-only "${include_flags[@]}" "${gcc_warnings[@]}" "$c_source"
run clang-c99 "$clang" -std=c99 -fsyntax-only "${include_flags[@]}" -Weverything -Werror "$c_source"

echo "$headers C++ headers, $c_headers C header(s); $failed of 6 compilations failed"
[[ $failed -eq 0 ]]
