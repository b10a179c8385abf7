#!/usr/bin/env bash
# RAM and flash budget of TextBox with Unicode's rules, from
# text_box_unicode_size_probe.cpp linked for the board at -Os (basic and
# Unicode images):
#
#   test/display/text_box_unicode_size.sh <ram-limit> <flash-limit> <basic.elf> <unicode.elf>
#
# RAM is sizeof the Unicode box (the probe's marker symbol). Flash is what the
# Unicode image adds to the basic one (code and constant tables, utf8mcu::text's
# included). Exit status 1 if a figure is over its limit.
set -euo pipefail
NM=${NM:-arm-none-eabi-nm}
SIZE=${SIZE:-arm-none-eabi-size}
if [[ $# -ne 4 ]]; then
  echo "usage: $0 <ram-limit> <flash-limit> <basic.elf> <unicode.elf>" >&2
  exit 2
fi
flash_of() { "$SIZE" "$1" | awk 'NR == 2 { print $1 + $2 }'; }
ram_hex=$("$NM" -S "$4" | awk '$4 == "utf8mcu_text_box_ram" { print $2 }')
ram=$((16#${ram_hex:-0}))
basic=$(flash_of "$3")
unicode=$(flash_of "$4")
added=$((unicode - basic))
verdict=pass
if ((ram == 0 || ram > $1 || added > $2)); then verdict=FAIL; fi
echo "text_box_unicode_size: RAM $ram bytes (<= $1), flash $unicode bytes, $added more than the basic box's $basic (<= $2): $verdict"
[[ $verdict == pass ]]
