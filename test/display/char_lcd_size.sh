#!/usr/bin/env bash
# Flash and RAM of the character-LCD back end (char_lcd.h, the HD44780 driver
# and its PCF8574 bus) for one ROM, from char_lcd_size_probe.cpp built for the
# board and the generated base-letter and kana tables:
#
#   test/display/char_lcd_size.sh <ram-limit> <flash-limit> <library objects> <probe.o> [<probe.o>...]
#
# <library objects>: the display library's objects as one ;-separated list;
# the one named char_lcd_tables holds the generated tables.
#
# RAM is the size of the probe's marker array. Flash is every function and
# constant object in the probe (code and ROM tables; the marker excluded) plus
# the generated tables' object. The 5x8 font is the application's and not
# counted. Exit status 1 if a figure is over its limit.
set -euo pipefail
READELF=${READELF:-arm-none-eabi-readelf}
if [[ $# -lt 4 ]]; then
  echo "usage: $0 <ram-limit> <flash-limit> <library objects> <probe.o>..." >&2
  exit 2
fi
ram_limit=$1
flash_limit=$2
tables_object=
IFS=';' read -ra library_objects <<<"$3"
for object in "${library_objects[@]}"; do
  if [[ $object == *char_lcd_tables* ]]; then tables_object=$object; fi
done
shift 3
if [[ -z $tables_object ]]; then
  echo "char_lcd_size: no char_lcd_tables object among the library's objects" >&2
  exit 2
fi
generated=$("$READELF" -sW "$tables_object" | awk '$1 ~ /^[0-9]+:$/ && $4 == "OBJECT" && $7 != "UND" { s += $3 } END { print s + 0 }')
status=0
for object in "$@"; do
  symbols=$("$READELF" -sW "$object" | awk '$1 ~ /^[0-9]+:$/')
  ram=$(awk '$8 == "utf8mcu_char_lcd_ram" { print $3 }' <<<"$symbols")
  code=$(awk '$4 == "FUNC" && $7 != "UND" { s += $3 } END { print s + 0 }' <<<"$symbols")
  tables=$(awk '$4 == "OBJECT" && $7 != "UND" && $8 != "utf8mcu_char_lcd_ram" { s += $3 } END { print s + 0 }' <<<"$symbols")
  flash=$((code + tables + generated))
  name=$(basename "$(dirname "$(dirname "$object")")")
  verdict=pass
  if [[ -z "$ram" ]] || ((ram > ram_limit || flash > flash_limit)); then
    verdict=FAIL
    status=1
  fi
  echo "char_lcd_size: ${name%.dir}: RAM ${ram:-?} bytes (<= $ram_limit), flash $flash bytes (<= $flash_limit):" \
    "code $code, ROM tables $tables, generated tables $generated: $verdict"
done
exit $status
