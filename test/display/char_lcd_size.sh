#!/usr/bin/env bash
# Flash and RAM of the character-LCD back end (char_lcd.h) for one ROM, and of
# what a firmware links with it, from char_lcd_size_probe.cpp built for the
# board and the generated tables:
#
#   test/display/char_lcd_size.sh <ram-limit> <back-end-limit> <flash-limit> <library objects> <probe.o>...
#
# <library objects>: the display library's objects as one ;-separated list;
# the one named char_lcd_tables holds the generated tables.
#
# Each probe is linked with the tables object as a firmware would be: only
# what the probe's entry points (its global functions) reach is kept
# (--gc-sections), so a weak function a header defines but nothing calls is
# not counted. RAM is the size of the probe's marker array. Flash is every
# function and constant object kept (code with its literal pools, tables; the
# marker excluded), in parts by symbol:
#   back end  char_lcd.h: code points to ROM codes and CGRAM slots, the slot
#             allocator, fallbacks, composition, row writing, their tables
#   driver    the HD44780 driver and the PCF8574 bus (Hd44780, pcf8574_*)
#   UTF-8     write_line(const char*) and the library's UTF-8 decoder it
#             calls (utf8mcu::detail, the Thumb-1 routine): a firmware that
#             feeds code points (a Line as a sink) links neither
#   probe     the probe's own entry points (char_lcd_size_*)
# The CGRAM glyphs (CharLcdGlyphs) are the application's data and not linked;
# memset is the C library's. Exit status 1 if the RAM, the back end or the
# total is over its limit.
set -euo pipefail
READELF=${READELF:-arm-none-eabi-readelf}
LD=${LD:-arm-none-eabi-ld}
NM=${NM:-arm-none-eabi-nm}
if [[ $# -lt 5 ]]; then
  echo "usage: $0 <ram-limit> <back-end-limit> <flash-limit> <library objects> <probe.o>..." >&2
  exit 2
fi
ram_limit=$1
back_end_limit=$2
flash_limit=$3
tables_object=
IFS=';' read -ra library_objects <<<"$4"
for object in "${library_objects[@]}"; do
  if [[ $object == *char_lcd_tables* ]]; then tables_object=$object; fi
done
shift 4
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
  # size, then the demangled name; the marker is RAM.
  read -r ram back_end driver decoder probe < <("$NM" -S -C "$linked" | awk '
    function hex(text,   i, value) {
      value = 0
      for (i = 1; i <= length(text); ++i) value = value * 16 + index("0123456789abcdef", tolower(substr(text, i, 1))) - 1
      return value
    }
    NF >= 4 && $3 !~ /^[Uu]$/ {
      size = hex($2)
      name = $0
      sub(/^[^ ]+ [^ ]+ [^ ]+ /, "", name)
      if (name == "utf8mcu_char_lcd_ram") ram = size
      else if (name ~ /^char_lcd_size_/) probe += size
      else if (name ~ /Hd44780|pcf8574/) driver += size
      else if (name ~ /^utf8mcu::detail::|utf8mcu_thumb1_|Decoder::|CodePointCallback::|write_line\(int, char const\*/) decoder += size
      else back_end += size
    }
    END { printf "%d %d %d %d %d\n", ram, back_end, driver, decoder, probe }')
  flash=$((back_end + driver + decoder + probe))
  name=$(basename "$(dirname "$(dirname "$object")")")
  verdict=pass
  if ((ram == 0 || ram > ram_limit || back_end > back_end_limit || flash > flash_limit)); then
    verdict=FAIL
    status=1
  fi
  echo "char_lcd_size: ${name%.dir}: RAM $ram bytes (<= $ram_limit), back end $back_end bytes" \
    "(<= $back_end_limit), driver and bus $driver, UTF-8 entry $decoder, probe $probe," \
    "flash $flash bytes (<= $flash_limit): $verdict"
done
exit $status
