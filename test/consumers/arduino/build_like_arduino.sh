#!/usr/bin/env bash
# Builds the library as the Arduino builder and PlatformIO's library builder
# do, outside CMake: every .cpp under src/ compiled on its own with only src/
# (and the core's headers, here the stand-in) on the include path, then once
# more per platform port with its UTF8MCU_PORT_<NAME> switched on, as a
# PlatformIO project's build_flags would (without it a port's source must
# compile to nothing); then the example sketch and its second translation
# unit (text_sketch.cpp: the text module) against the stand-in core.
#
#   build_like_arduino.sh OUT_DIR CXX [compiler flags...]
set -euo pipefail
out=$1 cxx=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
flags=(-std=gnu++17 -Wall -Wextra -Werror -I "$root/src" -I "$here/stand_in_core" "$@")
rm -rf "$out" && mkdir -p "$out"

mapfile -t sources < <(cd "$root/src" && find . -name '*.cpp' | sort)
objects=()
for source in "${sources[@]}"; do
  object="$out/$(basename "$source").o"
  "$cxx" "${flags[@]}" -c "$root/src/$source" -o "$object"
  objects+=("$object")
  if [[ $source =~ ^\./utf8mcu_port_([a-z0-9_]+)\.cpp$ ]]; then
    macro=UTF8MCU_PORT_${BASH_REMATCH[1]^^}
    [[ -z $(nm "$object" 2>/dev/null | grep ' T ' || true) ]] ||
      { echo "FAIL $source defines code without $macro"; exit 1; }
    "$cxx" "${flags[@]}" -D "$macro" -c "$root/src/$source" -o "$out/port_${BASH_REMATCH[1]}.o"
    [[ -n $(nm "$out/port_${BASH_REMATCH[1]}.o" | grep ' T ' || true) ]] ||
      { echo "FAIL $source with $macro defines nothing"; exit 1; }
  fi
done
for source in sketch.cpp text_sketch.cpp stand_in_core/serial.cpp; do
  "$cxx" "${flags[@]}" -c "$here/$source" -o "$out/$(basename "$source").o"
done
echo "arduino layout: ${#sources[@]} sources compiled with only src/ on the include path"
