#!/usr/bin/env bash
# Worst-case stack use of every public operation on each core, at -O2 and -Os,
# and a check that nothing recurses; writes docs/stack.md.
#
#   bash tools/stack-report.sh             # all five boards
#   bash tools/stack-report.sh --check     # the same, without writing docs/stack.md
#
# Builds test/stack (one extern "C" entry point per public function and
# policy) with the firmware toolchain file for each board, with
# -fstack-usage (each function's frame) and -fcallgraph-info=su (GCC's call
# graph after inlining, calls to libgcc and mem* included). A function's
# figure is its worst path: its frame plus the largest figure among the
# functions it calls, over the whole graph. Calls through the sink's
# function pointer are counted at 0: add the sink's own stack. Every call
# instruction in the objects must be an edge of the graph, every frame must
# be static (no alloca or VLAs), and the graph must have no cycle;
# otherwise this fails.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

write_doc=1
for arg in "$@"; do
  case "$arg" in
    --check) write_doc=0 ;;
    -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "stack-report: unknown argument $arg" >&2; exit 2 ;;
  esac
done

bash tools/setup-deps.sh >/dev/null
tools=(python3 tools/utf8mcu_tools)
mapfile -t boards < <("${tools[@]}" boards --report)
for board in "${boards[@]}"; do
  dir=build/stack/$board
  if [[ ! -f $dir/build.ninja ]]; then
    cmake -S test/stack -B "$dir" -G Ninja --toolchain "$root/toolchains/arm-none-eabi.cmake" \
      -DUTF8MCU_BOARD="$board" >/dev/null
  fi
  cmake --build "$dir" >/dev/null
done

# Reads the call graphs and writes the report (utf8mcu_tools/stack_report.py).
check=()
[[ $write_doc -eq 1 ]] || check=(--check)
"${tools[@]}" stack-report "${check[@]}"
