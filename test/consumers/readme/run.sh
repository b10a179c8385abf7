#!/usr/bin/env bash
# The README's commands, typed as the README shows them (tools/check-snippets.py
# checks that the README's blocks are commands of this script or of .ci/run,
# which runs tools/test-all.sh); ctest tests in test/consumers and test/tools.
#
#   run.sh demo <dir>               tools/demo.sh in the clone (its output in <dir>): the
#                                   clean run loses nothing, the stalled one reports
#   run.sh u8clean <u8clean> <dir>  the u8clean examples, with the binary at the
#                                   README's path build/host/bin/u8clean inside <dir>
#   run.sh u8text <u8text> <dir>    the u8text examples, likewise
# Expected text is written out from the bytes (Python's
# decode('utf-8', 'replace') gives the same), not taken from u8clean; u8text's
# from the rules of UAX #29, UAX #14 and UAX #9, worked by hand below.
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
  u8text)
    [[ $# -eq 3 ]] || fail "usage: run.sh u8text <u8text> <dir>"
    rm -rf "$3" && mkdir -p "$3/build/host/bin"
    ln -s "$(cd "$(dirname "$2")" && pwd)/$(basename "$2")" "$3/build/host/bin/u8text"
    cd "$3"
    {
      printf '\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd\xf0\x9f\x87\xa9\xf0\x9f\x87\xaa' | build/host/bin/u8text --graphemes
    } >graphemes.txt
    {
      printf 'Schiff\xc2\xadfahrt ist' | build/host/bin/u8text --lines
    } >lines.txt
    {
      printf '\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d 123\n' | build/host/bin/u8text --bidi
    } >bidi.txt
    # docs/text.md's examples.
    {
      printf 'e\xcc\x82\xcc\x81 \xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd\r\n' | build/host/bin/u8text --graphemes
    } >graphemes-doc.txt
    {
      printf '$(1 $(a\n' | build/host/bin/u8text --lines
    } >lines-doc.txt
    # GB9 keeps both marks on the e, GB3 CR with LF.
    [[ $(<graphemes-doc.txt) == $'0065 0302 0301\n0020\n1F44D 1F3FD\n000D 000A' ]] ||
      fail "u8text --graphemes (docs/text.md): '$(<graphemes-doc.txt)'"
    # LB25 (Example 7): PR x OP before a number, a break before an OP that no
    # number follows; LB18 after the space; LB6 x LF, LB5 ! after it.
    [[ $(<lines-doc.txt) == $'0024 0028 0031 0020\n0024\n0028 0061 000A !' ]] ||
      fail "u8text --lines (docs/text.md): '$(<lines-doc.txt)'"
    # GB9 keeps the skin tone on the thumb, GB12 pairs the regional indicators.
    [[ $(<graphemes.txt) == $'1F44D 1F3FD\n1F1E9 1F1EA' ]] || fail "u8text --graphemes: '$(<graphemes.txt)'"
    # LB21 breaks after the soft hyphen (BA), LB18 after the space.
    [[ $(<lines.txt) == $'0053 0063 0068 0069 0066 0066 00AD\n0066 0061 0068 0072 0074 0020\n0069 0073 0074' ]] ||
      fail "u8text --lines: '$(<lines.txt)'"
    # P2-P3: level 1 (the first strong character is R); the space between R
    # and EN is R by N1, the digits level 2 by I2; L2 reverses 123, then all.
    [[ $(<bidi.txt) == '0031 0032 0033 0020 05DD 05D5 05DC 05E9' ]] || fail "u8text --bidi: '$(<bidi.txt)'"
    echo "run.sh: the README's u8text commands give what it says"
    ;;
  *)
    fail "usage: run.sh demo <dir> | u8clean <u8clean> <dir> | u8text <u8text> <dir>"
    ;;
esac
