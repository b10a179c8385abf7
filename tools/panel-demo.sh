#!/usr/bin/env bash
# The panel demo: installs what it needs, builds the panel_terminal firmware
# for QEMU's lm3s6965evb (Cortex-M3) and streams a console session (several
# scripts, CJK, emoji, ill-formed bytes, escape sequences, an ISO-8859-1
# stretch, enough lines to scroll) into its UART: PL011 RX interrupt ->
# ByteRing -> Terminal (decoder) -> SSD0323 driver over SSI0 -> the emulated
# OLED. Takes QEMU's screendump, checks it against the host rendering of the
# same bytes pixel for pixel, and writes it as a PNG; then the same for the
# firmware's right-to-left screen (ParagraphBox: Hebrew, Arabic, Persian).
#
#   bash tools/panel-demo.sh [OUT.png [PARAGRAPHS.png]]
#       # default build/lm3s6965evb/panel_oled.png and panel_paragraphs.png
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/tools/setup-deps.sh"
cd "$root"
out=${1:-build/lm3s6965evb/panel_oled.png}
paragraphs_out=${2:-build/lm3s6965evb/panel_paragraphs.png}
if [[ ! -f build/lm3s6965evb/CMakeCache.txt ]]; then
  cmake --preset lm3s6965evb >/dev/null
fi
cmake --build build/lm3s6965evb --target panel_terminal
python3 test/display/panel_e2e.py --qemu build/lm3s6965evb/examples/panel_terminal/panel_terminal.elf \
  --golden test/display/golden/panel_e2e.pbm --work-dir build/lm3s6965evb/panel-demo --png "$out" \
  --paragraph-golden test/display/golden/panel_paragraphs.pbm --paragraph-png "$paragraphs_out"
