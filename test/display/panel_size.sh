#!/usr/bin/env bash
# RAM and flash budget of a 128x64 console (Terminal<21, 8> with its decoder,
# a 128-byte page strip, the SSD1306 driver), from panel_size_probe.cpp built
# for the board:
#
#   test/display/panel_size.sh <ram-limit> <code-limit> <probe.o> [<probe.o>...]
#
# RAM is the size of the probe's marker array (sizeof of the three). Code is
# the sum of every function in the object (the entry points and all they
# inline or instantiate); the glyph and width tables are not counted (their
# sizes depend on the glyph set: docs/display.md). Exit status 1 if a figure
# is over its limit.
set -euo pipefail
READELF=${READELF:-arm-none-eabi-readelf}
if [[ $# -lt 3 ]]; then
  echo "usage: $0 <ram-limit> <code-limit> <probe.o>..." >&2
  exit 2
fi
ram_limit=$1
code_limit=$2
shift 2
status=0
for object in "$@"; do
  symbols=$("$READELF" -sW "$object" | awk '$1 ~ /^[0-9]+:$/')
  ram=$(awk '$8 == "utf8mcu_panel_console_ram" { print $3 }' <<<"$symbols")
  code=$(awk '$4 == "FUNC" && $7 != "UND" { s += $3 } END { print s + 0 }' <<<"$symbols")
  tables=$(awk '$4 == "OBJECT" && $7 != "UND" && $8 != "utf8mcu_panel_console_ram" { s += $3 } END { print s + 0 }' <<<"$symbols")
  level=unknown
  if [[ $object =~ panel_size_probe_([A-Za-z0-9]+) ]]; then level=-${BASH_REMATCH[1]}; fi
  verdict=pass
  if [[ -z "$ram" ]] || ((ram > ram_limit || code > code_limit)); then
    verdict=FAIL
    status=1
  fi
  echo "panel_size: $level: RAM ${ram:-?} bytes (<= $ram_limit), code $code bytes (<= $code_limit), constant tables $tables bytes: $verdict"
done
exit $status
