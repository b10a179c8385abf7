#!/usr/bin/env bash
# The demo: installs what it needs, builds the uart_decode firmware for the
# Cortex-M3 board (mps2-an385) and streams UTF-8 text with ill-formed bytes
# through QEMU's emulated UART into it; the firmware decodes it in its RX
# interrupt path and sends the cleaned text and a summary back.
#
#   bash tools/demo.sh [--board mps2-an505] [FILE]
#
# Options are passed to examples/uart_decode/demo.sh.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/tools/setup-deps.sh" demo
exec bash "$root/examples/uart_decode/demo.sh" "$@"
