#!/usr/bin/env bash
# Runs a firmware ELF on a QEMU board and passes its exit status through
# (the image ends itself with semihosting SYS_EXIT_EXTENDED).
#
#   tools/qemu-run.sh <board> <elf> [extra qemu args...]
#
# Extra QEMU arguments come from the command line and from UTF8MCU_QEMU_ARGS
# (split on spaces), e.g. "-icount shift=0" or "-serial stdio"; the default
# "-serial null" is left out when either of them has a -serial option.
# Environment:
#   UTF8MCU_QEMU_TIMEOUT  seconds before the run is killed (default 120); a
#                         hung image then fails with status 124.
#   UTF8MCU_QEMU_EXPECT   extended regex that stdout must contain for a zero exit
#                         status to count as success (guards against a QEMU
#                         that exits 0 without the image saying it passed).
# No -nodefaults: it leaves the mps2 on-board NIC without a peer (a warning on
# every run); the defaults that matter (monitor, serial, display) are explicit.
# Never uses -nographic: that multiplexes the monitor on stdio, where a 0x01
# byte in the data acts as Ctrl-A.
set -uo pipefail

if [[ $# -lt 2 ]]; then
  echo "usage: $0 <board> <elf> [qemu args...]" >&2
  exit 2
fi
board=$1
elf=$2
shift 2

boards=$(python3 "$(dirname "${BASH_SOURCE[0]}")/utf8mcu_tools" boards)  # CMakePresets.json
if ! grep -qxF -- "$board" <<<"$boards"; then
  echo "qemu-run: unknown board '$board'" >&2
  exit 2
fi
if [[ ! -f "$elf" ]]; then
  echo "qemu-run: no such image: $elf" >&2
  exit 2
fi
if ! command -v qemu-system-arm >/dev/null 2>&1; then
  echo "qemu-run: qemu-system-arm not found (run tools/setup-deps.sh)" >&2
  exit 2
fi

read -r -a env_args <<<"${UTF8MCU_QEMU_ARGS:-}"
extra=("${env_args[@]}" "$@")

serial=(-serial null)
for arg in "${extra[@]}"; do
  if [[ "$arg" == -serial ]]; then serial=(); fi
done

limit=${UTF8MCU_QEMU_TIMEOUT:-120}
cmd=(qemu-system-arm -M "$board" -display none -monitor none "${serial[@]}"
  -semihosting-config enable=on,target=native -kernel "$elf" "${extra[@]}")

if [[ -n "${UTF8MCU_QEMU_EXPECT:-}" ]]; then
  out=$(mktemp)
  trap 'rm -f "$out"' EXIT
  timeout -k 5 "$limit" "${cmd[@]}" | tee "$out"
  status=${PIPESTATUS[0]}
else
  timeout -k 5 "$limit" "${cmd[@]}"
  status=$?
fi

case $status in
  0) ;;
  124 | 137) echo "qemu-run: TIMEOUT: $elf did not finish within ${limit}s on $board" >&2 ;;
  134) echo "qemu-run: QEMU aborted (status 134): CPU lockup, e.g. a fault while the stack had overflowed" >&2 ;;
  *) echo "qemu-run: $elf exited with status $status on $board" >&2 ;;
esac

if [[ $status -eq 0 && -n "${UTF8MCU_QEMU_EXPECT:-}" ]] && ! grep -Eq -- "$UTF8MCU_QEMU_EXPECT" "$out"; then
  echo "qemu-run: exit status 0 but no line matching '$UTF8MCU_QEMU_EXPECT': not a pass" >&2
  status=1
fi
exit "$status"
