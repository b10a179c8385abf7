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
# Each probe is linked with the tables object as a firmware would be: only
# what the probe's entry points (its global functions) reach is kept
# (--gc-sections), so a weak function a header defines but nothing calls is
# not counted. RAM is the size of the probe's marker array. Flash is every
# function and constant object kept (code with its literal pools, ROM and
# generated tables; the marker excluded). The 5x8 font is the application's
# and not counted; memset is the C library's. Exit status 1 if a figure is
# over its limit.
set -euo pipefail
READELF=${READELF:-arm-none-eabi-readelf}
LD=${LD:-arm-none-eabi-ld}
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
linked=$(mktemp)
trap 'rm -f "$linked"' EXIT
status=0
for object in "$@"; do
  roots=()
  while read -r symbol; do roots+=(-u "$symbol"); done < <("$READELF" -sW "$object" |
    awk '$1 ~ /^[0-9]+:$/ && $5 == "GLOBAL" && $7 != "UND" && ($4 == "FUNC" || $8 == "utf8mcu_char_lcd_ram") { print $8 }')
  "$LD" -r --gc-sections "${roots[@]}" -o "$linked" "$object" "$tables_object"
  symbols=$("$READELF" -sW "$linked" | awk '$1 ~ /^[0-9]+:$/ && $7 != "UND"')
  ram=$(awk '$8 == "utf8mcu_char_lcd_ram" { print $3 }' <<<"$symbols")
  code=$(awk '$4 == "FUNC" { s += $3 } END { print s + 0 }' <<<"$symbols")
  tables=$(awk '$4 == "OBJECT" && $8 != "utf8mcu_char_lcd_ram" { s += $3 } END { print s + 0 }' <<<"$symbols")
  flash=$((code + tables))
  name=$(basename "$(dirname "$(dirname "$object")")")
  verdict=pass
  if [[ -z "$ram" ]] || ((ram > ram_limit || flash > flash_limit)); then
    verdict=FAIL
    status=1
  fi
  echo "char_lcd_size: ${name%.dir}: RAM ${ram:-?} bytes (<= $ram_limit), flash $flash bytes (<= $flash_limit):" \
    "code $code, tables $tables: $verdict"
done
exit $status
