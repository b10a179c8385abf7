#!/usr/bin/env bash
# Streams a sample text with some ill-formed bytes through the uart_decode
# firmware on QEMU's UART0 and shows the decoded text and the summary.
#
#   examples/uart_decode/demo.sh [--board BOARD] [--elf IMAGE] [--stall-elf IMAGE] [FILE]
#
# Then, the lost-byte moment: uart_decode_lossy (a 32-byte ring that drops
# when full, a main loop that stalls after every 64 bytes it reads) on six
# lines of text: bytes that arrive during a stall overflow the ring, and each
# gap shows as U+FFFD.
# Where the gap falls varies from run to run (the host sends in real time).
#
# BOARD: an mps2 board (default mps2-an385). Without --elf, builds the image
# first, in build/demo-BOARD with only what it needs (no tests, display or
# benchmarks, so no packages beyond tools/setup-deps.sh demo). FILE: input to
# stream instead of the built-in sample.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
board=mps2-an385
elf=""
stall_elf=""
input=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --board) board=$2; shift 2 ;;
    --elf) elf=$2; shift 2 ;;
    --stall-elf) stall_elf=$2; shift 2 ;;
    -h | --help) sed -n '2,10p' "$0"; exit 0 ;;
    *) input=$1; shift ;;
  esac
done

if [[ -z "$elf" ]]; then
  build=$root/build/demo-$board
  if [[ ! -f "$build/CMakeCache.txt" ]]; then
    cmake -S "$root" -B "$build" -G Ninja --toolchain "$root/toolchains/arm-none-eabi.cmake" \
      "-DUTF8MCU_BOARD=$board" -DCMAKE_BUILD_TYPE=Release -DUTF8MCU_BUILD_TESTS=OFF \
      -DUTF8MCU_BUILD_DISPLAY=OFF -DUTF8MCU_BUILD_BENCHMARKS=OFF -DUTF8MCU_INSTALL=OFF >/dev/null
  fi
  cmake --build "$build" --target uart_decode uart_decode_lossy >/dev/null
  elf=$build/examples/uart_decode/uart_decode.elf
  stall_elf=$build/examples/uart_decode/uart_decode_lossy.elf
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

run() {  # run <image> [qemu args...]: streams $work/payload through it
  # The frame: a 4-byte little-endian length, then the bytes (the firmware
  # cannot see the end of QEMU's input otherwise).
  size=$(wc -c < "$work/payload")
  printf "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((size & 255)) $((size >> 8 & 255)) \
    $((size >> 16 & 255)) $((size >> 24 & 255)))" > "$work/frame"
  cat "$work/payload" >> "$work/frame"

  echo "== $size bytes in, through $board's UART0 (QEMU) =="
  UTF8MCU_QEMU_TIMEOUT=${UTF8MCU_QEMU_TIMEOUT:-30} \
    "$root/tools/qemu-run.sh" "$board" "$1" -serial stdio "${@:2}" < "$work/frame" > "$work/out"

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
if not text.endswith(b"\n"):
    print()
print("== summary ==")
print(summary.decode("ascii").strip())
PY
}

run "$elf"
if [[ -n "$stall_elf" ]]; then
  echo
  echo "== the same firmware with a 32-byte ring that drops when full, and a main loop that stalls now and then =="
  for line in 1 2 3 4 5 6; do
    printf 'line %d: Gr\xc3\xbc\xc3\x9fe, \xce\xba\xcf\x8c\xcf\x83\xce\xbc\xce\xb5, \xd0\xbc\xd0\xb8\xd1\x80, \xe4\xbd\xa0\xe5\xa5\xbd \xf0\x9f\x98\x80\n' "$line"
  done > "$work/payload"
  run "$stall_elf" -icount shift=0
fi
cat <<'KEYS'

received      bytes the UART interrupt took: the 4-byte length prefix and the text
dropped       bytes lost because the ring was full (the main loop was not reading)
gaps          places where bytes were lost; each shows as U+FFFD (one more if it cut a character)
bytes         ring slots the main loop decoded (the text, plus one marker per gap)
code_points   code points decoded, U+FFFD included
replacements  U+FFFD written: one per ill-formed part, per gap and per character a gap cut
holds         times the interrupt left a byte in the UART because the ring was full
overflow      what the interrupt does when the ring is full: hold (wait) or drop
ring_ram      bytes of RAM of the ring; receiver_ram: of the interrupt's state
KEYS
