#!/usr/bin/env bash
# Flash and RAM of the whole serial console (examples/panel_terminal/console_size.cpp):
# a firmware image's sections minus those of the same image without the console.
#
#   test/display/console_size.sh <name> <flash-limit> <ram-limit> <baseline.elf> <console.elf>
#
# Flash is text + data (what the image stores), RAM is data + bss. Exit status 1
# if a figure is over its limit.
set -euo pipefail
SIZE=${SIZE:-arm-none-eabi-size}
if [[ $# -ne 5 ]]; then
  echo "usage: $0 <name> <flash-limit> <ram-limit> <baseline.elf> <console.elf>" >&2
  exit 2
fi
name=$1 flash_limit=$2 ram_limit=$3 baseline=$4 image=$5
read -r base_text base_data base_bss _ < <("$SIZE" -B "$baseline" | awk 'NR == 2')
read -r text data bss _ < <("$SIZE" -B "$image" | awk 'NR == 2')
flash=$((text + data - base_text - base_data))
ram=$((data + bss - base_data - base_bss))
verdict=pass
status=0
if ((flash > flash_limit || ram > ram_limit)); then
  verdict=FAIL
  status=1
fi
echo "console_size: $name: flash $flash bytes (<= $flash_limit), RAM $ram bytes (<= $ram_limit): $verdict"
exit $status
