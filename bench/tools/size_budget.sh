#!/usr/bin/env bash
# Size budgets of the push decoder, read from objects built for the target
# (microbit preset: cortex-m0plus, -Os), one line per budget.
#
#   bench/tools/size_budget.sh <decoder-probe.a> <state-probe.a> [<baseline-probe.a>...]
#
# Code is the sum of every function in the probe (the entry point plus any
# out-of-line helpers or clones GCC made), tables the sum of its data objects,
# state the size of the marker array sized sizeof(Decoder). Calls the probe
# makes out of its object (libgcc helpers) are listed: their code is not
# counted. A budget not met yet has a regression guard (today's figure plus a
# little room): over the budget but within the guard is a GAP; exit status 1
# only when a figure is over its budget and its guard. Baseline probes (the
# same push written as bench/baselines does it) are listed after the table,
# code and tables summed the same way, for comparison: they are not budgets.
set -euo pipefail
READELF=${READELF:-arm-none-eabi-readelf}
CXXFILT=${CXXFILT:-arm-none-eabi-c++filt}
code_limit=160
code_guard=244  # not met yet: the size-tuned span push with error kinds, plus a little room
table_limit=64
state_limit=4

if [[ $# -lt 2 ]]; then
  echo "usage: $0 <decoder-probe.a> <state-probe.a> [<baseline-probe.a>...]" >&2
  exit 2
fi

symbols() { "$READELF" -sW "$1" | awk '$1 ~ /^[0-9]+:$/'; }

code_of() { symbols "$1" | awk '$4 == "FUNC" && $7 != "UND" { s += $3 } END { print s + 0 }'; }
tables_of() { symbols "$1" | awk '$4 == "OBJECT" && $7 != "UND" { s += $3 } END { print s + 0 }'; }
code=$(code_of "$1")
tables=$(tables_of "$1")
functions_of() {
  symbols "$1" | awk '$4 == "FUNC" && $7 != "UND" { print $3 " " $8 }' | "$CXXFILT" |
    awk '{ size = $1; $1 = ""; printf "%s%s (%d)", sep, substr($0, 2), size; sep = "; " }'
}
functions=$(functions_of "$1")
external=$(symbols "$1" | awk '$7 == "UND" && $8 != "" { printf "%s%s", sep, $8; sep = ", " }')
state=$(symbols "$2" | awk '$8 == "utf8mcu_sizeof_decoder" { print $3 }')

over=0
gaps=0
within=0
row() {  # name measured limit [guard]
  local verdict=pass guard=${4:-}
  if [[ -z "$2" ]]; then
    verdict="FAIL, not found"
  elif (($2 > $3)) && [[ -n "$guard" ]] && (($2 <= guard)); then
    verdict="GAP, $(($2 - $3)) bytes over (regression guard $guard)"
  elif (($2 > $3)); then
    verdict="FAIL, $(($2 - $3)) bytes over${guard:+ and over the regression guard $guard}"
  fi
  case $verdict in
    pass) within=$((within + 1)) ;;
    GAP*) gaps=$((gaps + 1)) ;;
    *) over=$((over + 1)) ;;
  esac
  echo "| $1 | ${2:--} | <= $3 | $verdict |"
}

echo "utf8mcu size budgets on cortex-m0plus at -Os: Decoder::push(span) with a CodePointCallback sink ($(basename "$1"))"
echo "| budget | measured | limit | result |"
echo "|---|---:|---:|---|"
row "push decoder code, bytes" "$code" "$code_limit" "$code_guard"
row "push decoder tables, bytes" "$tables" "$table_limit"
row "push decoder state (sizeof Decoder), bytes" "$state" "$state_limit"
echo "functions: ${functions:-none}"
echo "calls out of the object (not counted): ${external:-none}"
for baseline in "${@:3}"; do
  echo "for comparison, not a budget: $(basename "$baseline"): $(code_of "$baseline") bytes of code, $(tables_of "$baseline") of tables; functions: $(functions_of "$baseline")"
done
echo "budgets: $within within, $gaps gaps within their regression guards, $over over"
[[ $over -eq 0 ]]
