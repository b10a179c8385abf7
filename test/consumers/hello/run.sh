#!/usr/bin/env bash
# Builds and runs the first programs of docs/getting-started.md the way the
# page says, with its commands (the snippet regions below) in a fresh project
# directory holding the page's files and utf8mcu beside them; a ctest test
# (test/consumers/CMakeLists.txt). Expected output is written out from the
# UTF-8 of the text (Python's decode('utf-8', 'replace') gives the same).
#
#   run.sh <work dir> <host|firmware|install>
#
# install: the page's `cmake --install` commands for a Cortex-M4 prefix, then
# the find_package consumer (test/consumers/find_package) built against that
# prefix and run on mps2-an386.
set -euo pipefail

if [[ $# -ne 2 ]]; then
  sed -n '8p' "$0" >&2
  exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../../.." && pwd)
work=$1
where=$2

rm -rf "$work"
mkdir -p "$work"
if [[ $where == host ]]; then
  cp "$here/CMakeLists.txt" "$here/hello.cpp" "$here/hello.c" "$work/"
elif [[ $where == firmware ]]; then
  cp "$here/../hello_firmware/CMakeLists.txt" "$here/../hello_firmware/main.cpp" "$work/"
fi
ln -s "$repo" "$work/utf8mcu"
cd "$work"

host() {
  # snippet: hello-host-commands
  cmake -S . -B build -G Ninja
  cmake --build build
  build/hello
  build/hello_c
  # end snippet
}

firmware() {
  # snippet: hello-firmware-commands
  cmake -S . -B build -G Ninja --toolchain utf8mcu/toolchains/arm-none-eabi.cmake -DUTF8MCU_BOARD=mps2-an385
  cmake --build build
  bash utf8mcu/tools/qemu-run.sh mps2-an385 build/hello.elf
  # end snippet
}

install() {
  # snippet: install-commands
  cmake -S utf8mcu -B build/utf8mcu-m4 -G Ninja -DCMAKE_BUILD_TYPE=MinSizeRel \
    -DCMAKE_TOOLCHAIN_FILE="$PWD/utf8mcu/toolchains/arm-none-eabi.cmake" -DUTF8MCU_BOARD=mps2-an386 \
    -DUTF8MCU_BUILD_TESTS=OFF -DUTF8MCU_BUILD_EXAMPLES=OFF -DUTF8MCU_BUILD_BENCHMARKS=OFF
  cmake --build build/utf8mcu-m4
  cmake --install build/utf8mcu-m4 --prefix prefix/cortex-m4
  # then configure your project with -DCMAKE_PREFIX_PATH="$PWD/prefix/cortex-m4"
  # end snippet
}

check() {
  if [[ $(grep -cxF -- "$1" <<<"$output") -ne $2 ]]; then
    echo "run.sh: expected $2 line(s) '$1'" >&2
    exit 1
  fi
}
if [[ $where == install ]]; then
  install >/dev/null
  bash "$here/../run_consumer.sh" "$here/../find_package" "$work/consumer" mps2-an386 -G Ninja \
    "-DCMAKE_TOOLCHAIN_FILE=$work/utf8mcu/toolchains/arm-none-eabi.cmake" -DUTF8MCU_BOARD=mps2-an386 \
    "-DCMAKE_PREFIX_PATH=$work/prefix/cortex-m4"
elif [[ $where == host ]]; then
  output=$(host)
  echo "$output"
  # G r ü ß e , space, two U+FFFD for C0 AF (maximal subparts), !
  check "10 code points; valid up to byte 9: over-long encoding" 2
  check "U+0047 U+0072 U+00FC U+00DF U+0065 U+002C U+0020 U+FFFD U+FFFD U+0021 " 2
else
  output=$(firmware)
  echo "$output"
  check "cleaned: Grüße, ��!" 1
  check "first error: over-long encoding" 1
  bash "$repo/tools/check-symbols.sh" build/hello.elf
fi
