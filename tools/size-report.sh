#!/usr/bin/env bash
# Prints the code size of the decoder, encoder and validator on each core at
# -Os and -O2 (and on the host), per operation and as text/data/bss, and
# writes the tables to docs/size.md.
#
#   bash tools/size-report.sh            # builds what it needs first
#
# Sizes come from the size probes in test/size (one extern "C" entry point per
# operation, compiled with -ffunction-sections): the size of each function's
# code as the linker would keep it, plus the shared lead table.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bash tools/setup-deps.sh

tools=(python3 tools/utf8mcu_tools)
mapfile -t boards < <("${tools[@]}" boards --report)
for preset in "${boards[@]}" host; do
  if [ ! -f "build/$preset/build.ninja" ]; then
    cmake --preset "$preset" >/dev/null
  fi
  cmake --build "build/$preset" --target size_probe_Os size_probe_O2 >/dev/null
done

# Reads the probe objects and writes the report (utf8mcu_tools/size_report.py).
"${tools[@]}" size-report docs/size.md
