#!/usr/bin/env python3
"""Runs make_font.py on malformed fonts this script writes itself and expects
each to fail with the file and line of the fault (and a good font to pass).

    bad_fonts_test.py <make_font.py> <ucd dir> <work dir>
"""

import os
import subprocess
import sys

GOOD_BDF = """STARTFONT 2.1
FONT test
FONTBOUNDINGBOX 4 6 0 -1
CHARS 2
STARTCHAR A
ENCODING 65
DWIDTH 5 0
BBX 4 6 0 -1
BITMAP
60
90
F0
90
90
00
ENDCHAR
STARTCHAR B
ENCODING 66
DWIDTH 5 0
BBX 4 6 0 -1
BITMAP
E0
90
E0
90
E0
00
ENDCHAR
ENDFONT
"""
GOOD_HEX = "0041:0000000018242442427E424242420000\n0042:0000007C4242427C424242427C000000\n"

# name -> (file name, text, expected fragment of the message: "file:line: ...")
CASES = {
    "missing ENDCHAR": ("a.bdf", GOOD_BDF.replace("00\nENDCHAR\nSTARTCHAR B", "00\nSTARTCHAR B", 1),
                        ":16: missing ENDCHAR for the glyph at line 5"),
    "row too long": ("b.bdf", GOOD_BDF.replace("F0\n", "F08\n", 1), ":12: bitmap row 'F08' is longer"),
    "pixels outside the BBX": ("c.bdf", GOOD_BDF.replace("F0\n", "F8\n", 1), ":12: bitmap row 'F8' has pixels right"),
    "code point above U+10FFFF": ("d.bdf", GOOD_BDF.replace("ENCODING 66", "ENCODING 1114112"),
                                  ":18: code point 0x110000 is above U+10FFFF"),
    "duplicate glyph": ("e.bdf", GOOD_BDF.replace("ENCODING 66", "ENCODING 65"), ":18: duplicate glyph for U+0041"),
    "too few rows": ("f.bdf", GOOD_BDF.replace("90\nE0\n00\n", "90\nE0\n", 1), ":27: 5 bitmap rows, BBX says 6"),
    "hex: row too long": ("g.hex", GOOD_HEX.replace("0000\n0042", "000000\n0042"), ":1: 34 hex digits"),
    "hex: above U+10FFFF": ("h.hex", GOOD_HEX.replace("0042:", "110000:"), ":2: code point 0x110000 is above"),
    "hex: duplicate glyph": ("i.hex", GOOD_HEX.replace("0042:", "0041:"), ":2: duplicate glyph for U+0041"),
    "hex: not hex": ("j.hex", GOOD_HEX.replace("0042:00", "0042:0G"), ":2: not a Unifont .hex line"),
    "missing code point": ("k.bdf", GOOD_BDF, "1 requested code points are not in the font: U+0043"),
}


def run(make_font, ucd, work, name, text, extra=()):
    path = os.path.join(work, name)
    with open(path, "w", encoding="latin-1") as out:
        out.write(text)
    command = [sys.executable, make_font, "--font", path, "--ucd-dir", ucd, "--ranges", "0x41-0x42",
               "--source", os.path.join(work, "out.cpp"), "--header", os.path.join(work, "out.h"), *extra]
    return path, subprocess.run(command, capture_output=True, text=True)


def check_strict(make_font, ucd, work):
    """--strict: a character of the text files that neither the font nor the
    rest of its chain has fails, and every such character is listed; one the
    chain has (here C, in another font's coverage file), a control, an
    ignorable (ZWJ) or a skin-tone modifier needs no glyph."""
    failures = 0
    text = os.path.join(work, "strings.txt")
    with open(text, "w", encoding="utf-8") as out:
        out.write("AB\tC\u200d\U0001F3FD\n")
    chain = os.path.join(work, "chain.codepoints")
    with open(chain, "w", encoding="utf-8") as out:
        out.write("0043\n")
    strict = ("--text-files", text, "--strict")
    _, result = run(make_font, ucd, work, "m.bdf", GOOD_BDF, strict + ("--chain-coverage", chain))
    if result.returncode != 0:
        failures += 1
        print(f"FAIL strict, the chain has every character: exit {result.returncode}, {result.stderr!r}")
    else:
        print("ok   strict: the font and its chain have every character of the text")
    with open(text, "a", encoding="utf-8") as out:
        out.write("D\u00e9\n")
    _, result = run(make_font, ucd, work, "n.bdf", GOOD_BDF, strict + ("--chain-coverage", chain))
    message = result.stderr
    if result.returncode == 0 or "2 code points" not in message or "U+0044" not in message or "U+00E9" not in message:
        failures += 1
        print(f"FAIL strict, D and e-acute lacking: exit {result.returncode}, said {message!r}")
    else:
        print(f"ok   strict: {message.strip()}")
    _, result = run(make_font, ucd, work, "o.bdf", GOOD_BDF, strict)
    if result.returncode == 0 or "3 code points" not in result.stderr or "U+0043" not in result.stderr:
        failures += 1
        print(f"FAIL strict without the chain: exit {result.returncode}, said {result.stderr!r}")
    else:
        print("ok   strict: without the chain's coverage C lacks too")
    return failures


def main():
    make_font, ucd, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    failures = 0
    for label, (name, text, expected) in CASES.items():
        extra = ("--ranges", "0x43", "--require-all") if label == "missing code point" else ()
        path, result = run(make_font, ucd, work, name, text, extra)
        message = result.stderr.strip()
        if result.returncode == 0 or (path + expected) not in message and expected not in message:
            failures += 1
            print(f"FAIL {label}: exit {result.returncode}, said: {message!r}; wanted {path}{expected}")
        elif label != "missing code point" and not message.startswith(f"make_font.py: error: {path}:"):
            failures += 1
            print(f"FAIL {label}: the message does not start with the file and line: {message!r}")
        else:
            print(f"ok   {label}: {message}")
    for name, text in (("good.bdf", GOOD_BDF), ("good.hex", GOOD_HEX)):
        _, result = run(make_font, ucd, work, name, text)
        if result.returncode != 0:
            failures += 1
            print(f"FAIL {name} was rejected: {result.stderr.strip()}")
        else:
            print(f"ok   {name}: {result.stdout.strip()}")
    # Without --require-all a missing code point is a note, and the build goes on.
    _, result = run(make_font, ucd, work, "l.bdf", GOOD_BDF, ("--ranges", "0x43"))
    if result.returncode != 0 or "U+0043" not in result.stderr:
        failures += 1
        print(f"FAIL missing code point without --require-all: exit {result.returncode}, {result.stderr!r}")
    failures += check_strict(make_font, ucd, work)
    if failures:
        sys.exit(f"bad_fonts_test: {failures} failures")
    print("bad_fonts_test: every malformed font was rejected with its file and line")


if __name__ == "__main__":
    main()
