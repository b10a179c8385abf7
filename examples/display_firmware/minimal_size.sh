#!/usr/bin/env bash
# Prints the flash of display_minimal (text + data) and what of it is the font
# and the renderer; fails if the Unicode width table was linked (the renderer
# must take widths from the font) or the image is over its budget.
#
#   minimal_size.sh <display_minimal.elf>
set -euo pipefail
elf=$1
budget=13056  # bytes of flash (any board, as built): vector table, startup, semihosting, decoder, renderer, 6x13 Latin-1
read -r text data _ < <(arm-none-eabi-size "$elf" | awk 'NR == 2 { print $1, $2, $3 }')
flash=$((text + data))
font=0
while read -r _ size _ name; do
  font=$((font + 16#$size))
done < <(arm-none-eabi-nm -S -C "$elf" | grep -E "kMinimalFont|kGlyphs|kRunKeys|kRunGlyphs|kAnchors")
echo "display_minimal: flash $flash bytes (text $text, data $data), font tables $font bytes; budget $budget"
if arm-none-eabi-nm "$elf" | grep -q "kWidthRun"; then
  echo "FAIL: the Unicode width table is linked" >&2
  exit 1
fi
if ((flash > budget)); then
  echo "FAIL: $((flash - budget)) bytes over the budget" >&2
  exit 1
fi
