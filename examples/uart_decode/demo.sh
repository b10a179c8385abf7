#!/usr/bin/env bash
# Streams a sample text with some ill-formed bytes through the uart_decode
# firmware on QEMU's UART0 and shows the decoded text and the summary.
#
#   examples/uart_decode/demo.sh [--board BOARD] [--elf IMAGE] [FILE]
#
# BOARD: an mps2 board (default mps2-an385). Without --elf, builds the image
# first (cmake --preset BOARD; cmake --build --preset BOARD --target
# uart_decode). FILE: input to stream instead of the built-in sample.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
board=mps2-an385
elf=""
input=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --board) board=$2; shift 2 ;;
    --elf) elf=$2; shift 2 ;;
    -h | --help) sed -n '2,10p' "$0"; exit 0 ;;
    *) input=$1; shift ;;
  esac
done

if [[ -z "$elf" ]]; then
  if [[ ! -f "$root/build/$board/CMakeCache.txt" ]]; then
    (cd "$root" && cmake --preset "$board" >/dev/null)
  fi
  (cd "$root" && cmake --build --preset "$board" --target uart_decode >/dev/null)
  elf=$root/build/$board/examples/uart_decode/uart_decode.elf
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ -n "$input" ]]; then
  cp "$input" "$work/payload"
else
  # Greek, Cyrillic, CJK, emoji; then a truncated euro sign (E2 82), an
  # over-long '/' (C0 AF), a stray continuation byte (80), a UTF-16 surrogate
  # encoded as UTF-8 (ED A0 80) and a byte that never occurs in UTF-8 (FF).
  printf 'Hello, \xce\xba\xcf\x8c\xcf\x83\xce\xbc\xce\xb5, \xd0\xbc\xd0\xb8\xd1\x80, \xe4\xbd\xa0\xe5\xa5\xbd \xf0\x9f\x98\x80\n' > "$work/payload"
  printf 'Broken: [\xe2\x82] [\xc0\xaf] [\x80] [\xed\xa0\x80] [\xff] price 5 \xe2\x82\xac\n' >> "$work/payload"
fi

# The frame: a 4-byte little-endian length, then the bytes (the firmware
# cannot see the end of QEMU's input otherwise).
size=$(wc -c < "$work/payload")
printf "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((size & 255)) $((size >> 8 & 255)) \
  $((size >> 16 & 255)) $((size >> 24 & 255)))" > "$work/frame"
cat "$work/payload" >> "$work/frame"

echo "== $size bytes in, through $board's UART0 (QEMU) =="
UTF8MCU_QEMU_TIMEOUT=${UTF8MCU_QEMU_TIMEOUT:-30} \
  "$root/tools/qemu-run.sh" "$board" "$elf" -serial stdio < "$work/frame" > "$work/out"

# The firmware ends its well-formed UTF-8 with the byte FF, then the summary.
python3 - "$work/out" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
ready = b"uart_decode: ready\n"
if data.startswith(ready):
    data = data[len(ready):]
text, mark, summary = data.rpartition(b"\xff")
if not mark:
    sys.exit("demo: no summary from the firmware")
print("== decoded (each ill-formed part is U+FFFD) ==")
sys.stdout.write(text.decode("utf-8"))
print("== summary ==")
print(summary.decode("ascii").strip())
PY
