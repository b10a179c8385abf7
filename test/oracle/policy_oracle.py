#!/usr/bin/env python3
"""Differential test of the opt-in policies against Python's codecs.

The cases are python_oracle.py's (random, biased towards the edges of the
UTF-8 ranges, valid text with mutations, random chunking). For each, the
driver (policy_driver.cpp) answers with the code points of
  1. the ISO-8859-1 fallback, input fed in the case's chunks,
  2. the same, byte at a time,
  3. the Windows-1252 fallback, chunked,
  4. the strict decoder (U+FFFD policy) through the noncharacter filter,
     and the number of noncharacters it replaced.
Expected values: bytes.decode('utf-8') with an error handler that reads the
ill-formed range Python reports (the maximal subpart) as latin-1 or cp1252
(the five bytes cp1252 leaves undefined as the C1 control of the same value,
as the WHATWG index does), and decode('utf-8', 'replace') with every
noncharacter, from a list built here, replaced by U+FFFD.

Standard library only.
"""

import argparse
import codecs
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import python_oracle  # noqa: E402

MAGIC = b"U8P1"

# U+FDD0..U+FDEF, and the last two code points of each of the 17 planes.
NONCHARACTERS = set(range(0xFDD0, 0xFDF0))
for plane in range(17):
    NONCHARACTERS.update((plane * 0x10000 + 0xFFFE, plane * 0x10000 + 0xFFFF))
assert len(NONCHARACTERS) == 66


def cp1252(byte):
    try:
        return bytes([byte]).decode("cp1252")
    except UnicodeDecodeError:
        return chr(byte)


codecs.register_error("utf8mcu-latin1",
                      lambda e: (e.object[e.start:e.end].decode("latin-1"), e.end))
codecs.register_error("utf8mcu-cp1252",
                      lambda e: ("".join(cp1252(b) for b in e.object[e.start:e.end]), e.end))


def expected(data):
    latin1 = [ord(c) for c in data.decode("utf-8", "utf8mcu-latin1")]
    windows = [ord(c) for c in data.decode("utf-8", "utf8mcu-cp1252")]
    replaced = [ord(c) for c in data.decode("utf-8", "replace")]
    filtered = [0xFFFD if cp in NONCHARACTERS else cp for cp in replaced]
    count = sum(cp in NONCHARACTERS for cp in replaced)
    return [latin1, latin1, windows, filtered], count


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--driver", required=True)
    ap.add_argument("--seed", type=int, default=int(os.environ.get("UTF8MCU_ORACLE_SEED", "1")))
    ap.add_argument("--count", type=int, default=40000)
    args = ap.parse_args()

    cases = python_oracle.generate(args.seed, args.count, True)
    proc = subprocess.run([args.driver], input=MAGIC + python_oracle.encode_cases(cases),
                          stdout=subprocess.PIPE, check=False)
    out = proc.stdout
    at = 0

    def u32():
        nonlocal at
        if at + 4 > len(out):
            raise EOFError
        (value,) = struct.unpack_from("<I", out, at)
        at += 4
        return value

    def cps():
        nonlocal at
        n = u32()
        if at + 4 * n > len(out):
            raise EOFError
        values = list(struct.unpack_from("<%dI" % n, out, at))
        at += 4 * n
        return values

    names = ["ISO-8859-1 fallback, chunked", "ISO-8859-1 fallback, byte at a time",
             "Windows-1252 fallback, chunked", "noncharacter filter"]
    mismatches = 0
    fallbacks = 0
    noncharacters = 0
    try:
        if out[:4] != MAGIC:
            raise EOFError
        at = 4
        for index, case in enumerate(cases):
            if u32() != len(case.data):
                raise EOFError
            lists, count = expected(case.data)
            problems = []
            for name, want in zip(names, lists):
                got = cps()
                if got != want:
                    problems.append("%s: got %s, want %s" % (
                        name, " ".join("%X" % v for v in got[:24]), " ".join("%X" % v for v in want[:24])))
            got_count = u32()
            if got_count != count:
                problems.append("noncharacter count %d, want %d" % (got_count, count))
            fallbacks += lists[0] != [ord(c) for c in case.data.decode("utf-8", "replace")]
            noncharacters += count != 0
            if problems:
                mismatches += 1
                print("case %d, input %s, chunks %s:\n  %s" % (index, case.data.hex(" "), case.chunks,
                                                             "\n  ".join(problems)))
                if mismatches >= 5:
                    break
    except EOFError:
        print("driver output ended early or out of step (exit code %d)" % proc.returncode)
        return 1
    print("policy_oracle: seed=%d cases=%d with_fallback=%d with_noncharacters=%d mismatches=%d"
          % (args.seed, len(cases), fallbacks, noncharacters, mismatches))
    if proc.returncode != 0:
        print("driver exit code %d" % proc.returncode)
        return 1
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
