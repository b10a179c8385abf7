#!/usr/bin/env bash
# Size budgets of the push decoder, read from objects built for the target
# (microbit preset: cortex-m0plus, -Os), one line per budget.
#
#   bench/tools/size_budget.sh <decoder-probe.a> <state-probe.a> [<baseline-probe.a>...]
#
# Code is the sum of every function in the probe (the entry point plus any
# out-of-line helpers or clones GCC made; where push() is a routine written
# in assembly, that routine, and the entry point is listed as its call
# site), tables the sum of its data objects,
# state the size of the marker array sized sizeof(Decoder). Calls the probe
# makes out of its object (libgcc helpers) are listed: their code is not
# counted. A budget not met yet has a regression guard (today's figure plus a
# little room): over the budget but within the guard is a GAP; exit status 1
# only when a figure is over its budget and its guard. Baseline probes (the
# same push written as bench/baselines does it) are listed after the table,
# code and tables summed the same way, for comparison: they are not budgets.
set -euo pipefail
# The limits and the reading are in tools/utf8mcu_tools/size_budget.py;
# READELF and CXXFILT name the binutils (default arm-none-eabi-*).
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
exec python3 "$root/tools/utf8mcu_tools" size-budget "$@"
