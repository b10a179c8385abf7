#!/usr/bin/env bash
# The README's commands, typed as the README shows them (tools/check-snippets.py
# checks that the README's blocks are commands of this script or of .ci/run,
# which runs tools/test-all.sh); ctest tests in test/consumers and test/tools.
#
#   run.sh demo <dir>               tools/demo.sh in the clone (its output in <dir>): the
#                                   clean run loses nothing, the stalled one reports
#   run.sh u8clean <u8clean> <dir>  the u8clean examples, with the binary at the
#                                   README's path build/host/bin/u8clean inside <dir>
# Expected text is written out from the bytes (Python's
# decode('utf-8', 'replace') gives the same), not taken from u8clean.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../../.." && pwd)

fail() {
  echo "run.sh: $*" >&2
  exit 1
}

case ${1:-} in
  demo)
    [[ $# -eq 2 ]] || fail "usage: run.sh demo <dir>"
    mkdir -p "$2"
    log=$(cd "$2" && pwd)/demo.txt
    cd "$repo"
    {
      bash tools/demo.sh
    } >"$log" 2>&1
    output=$(<"$log")
    echo "$output"
    grep -Eq '^uart_decode: received=[0-9]+ dropped=0 gaps=0 .*overflow=hold' <<<"$output" ||
      fail "no clean summary"
    # How much the stalled run loses depends on QEMU's timing on a loaded
    # host (port_uart_e2e_stalled_reader checks the counts exactly).
    grep -Eq '^uart_decode: received=[0-9]+ dropped=[0-9]+ gaps=[0-9]+ .*overflow=drop' <<<"$output" ||
      fail "no summary of the stalled run"
    ;;
  u8clean)
    [[ $# -eq 3 ]] || fail "usage: run.sh u8clean <u8clean> <dir>"
    rm -rf "$3" && mkdir -p "$3/build/host/bin"
    ln -s "$(cd "$(dirname "$2")" && pwd)/$(basename "$2")" "$3/build/host/bin/u8clean"
    cd "$3"
    printf 'h\xc3\xa9\xe2\x82\xac\n' >file.txt  # h é € LF
    # Each README command on a line of its own, its output kept for the checks.
    {
      printf 'caf\xc3\xa9 \xc0\xaf \xe2\x82\n' | build/host/bin/u8clean
    } >cleaned.txt
    status=0
    {
      printf 'ok\xed\xa0\x80' | build/host/bin/u8clean --strict
    } >/dev/null 2>strict.txt || status=$?
    {
      build/host/bin/u8clean --codepoints file.txt
    } >codepoints.txt
    # c a f é, space, C0 AF (over-long: two parts), space, E2 82 (cut: one part)
    [[ $(<cleaned.txt) == $'caf\u00e9 \ufffd\ufffd \ufffd' ]] || fail "u8clean did not replace the ill-formed parts"
    [[ $status -eq 1 && $(<strict.txt) == *"byte offset 2: encoded surrogate (1 byte)"* ]] ||
      fail "u8clean --strict: exit $status, '$(<strict.txt)'"
    [[ $(<codepoints.txt) == $'U+0068\nU+00E9\nU+20AC\nU+000A' ]] || fail "u8clean --codepoints"
    echo "run.sh: the README's u8clean commands give what it says"
    ;;
  *)
    fail "usage: run.sh demo <dir> | u8clean <u8clean> <dir>"
    ;;
esac
