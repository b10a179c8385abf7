#!/usr/bin/env python3
"""Tests u8text --graphemes and --lines against independent oracles.

Usage: u8text_segmentation_test.py PATH_TO_U8TEXT UCD_DIR

1. Every line of GraphemeBreakTest.txt and LineBreakTest.txt, one process
   per file: the lines joined by a separator that isolates them (U+0000 for
   graphemes, a Control cluster of its own; U+000B for lines, which LB6 joins
   to the end of the line before and LB4 breaks after), the expected output
   built from the file's ÷ marks.
2. Every sequence of emoji/emoji-test.txt (skin tones, flags, ZWJ
   families, keycaps, tags): one grapheme cluster each (UTS #51).
3. Random strings (and ill-formed bytes) against ICU's BreakIterator (root
   locale) through python3-icu, ill-formed parts decoded by Python's
   'replace' (U+FFFD per maximal subpart). For --lines the strings leave out
   HY, U+2010 and IS, the classes of ICU's own line tailorings
   (docs/text.md, "Differences from ICU").
Needs Debian's python3-icu (run with /usr/bin/python3).
"""
import random
import subprocess
import sys
from pathlib import Path

import icu

MANDATORY = {"BK", "CR", "LF", "NL"}


def line_class(cp):
    value = icu.Char.getIntPropertyValue(cp, icu.UProperty.LINE_BREAK)
    return icu.Char.getPropertyValueName(icu.UProperty.LINE_BREAK, value, icu.UPropertyNameChoice.SHORT_PROPERTY_NAME)


def read_tests(path):
    tests = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        cps = [int(field, 16) for field in fields[1::2]]
        marks = fields[0::2]  # marks[i]: before cps[i]; marks[-1]: the end
        tests.append((number, cps, [mark == "÷" for mark in marks]))
    return tests


def fmt(cps):
    return " ".join(f"{cp:04X}" for cp in cps)


def segments(cps, breaks, mandatory_ends):
    """Output lines for code points with a break before index i where
    breaks[i] (breaks[len] is the end)."""
    out, current = [], []
    for i, cp in enumerate(cps):
        if i > 0 and breaks[i] and current:
            out.append(fmt(current) + (" !" if mandatory_ends and line_class(current[-1]) in MANDATORY else ""))
            current = []
        current.append(cp)
    if current:
        out.append(fmt(current) + (" !" if mandatory_ends and line_class(current[-1]) in MANDATORY else ""))
    return out


def separate(last, separator, mandatory_ends):
    """The output lines of a string's last segment and the separator after it:
    U+000B joins the segment (LB6) unless that ends with a mandatory break
    (LB4), and ends it; U+0000 is a cluster of its own."""
    if mandatory_ends and not last.endswith(" !"):
        return [f"{last} {separator:04X} !"]
    return [last, f"{separator:04X}" + (" !" if mandatory_ends else "")]


def run(tool, mode, data):
    result = subprocess.run([tool, mode], input=data, capture_output=True, timeout=120)
    if result.returncode != 0:
        sys.exit(f"u8text {mode} exited {result.returncode}: {result.stderr.decode(errors='replace')}")
    return result.stdout.decode("ascii").splitlines()


def check_file(tool, mode, path, separator, mandatory_ends):
    tests = read_tests(path)
    text, expected, owners = [], [], []
    for number, cps, breaks in tests:
        for line in segments(cps, breaks, mandatory_ends):
            expected.append(line)
            owners.append(number)
        text.extend(cps)
        text.append(separator)
        expected.extend(separate(expected.pop(), separator, mandatory_ends))
        owners.extend([number] * (len(expected) - len(owners)))
    got = run(tool, mode, "".join(chr(cp) for cp in text).encode("utf-8"))
    failures = 0
    for index, (want, have) in enumerate(zip(expected, got)):
        if want != have:
            failures += 1
            if failures <= 5:
                print(f"{path.name} line {owners[index]}: want {want!r}, got {have!r}")
    if len(got) != len(expected):
        print(f"{path.name}: {len(got)} output lines, {len(expected)} expected")
        failures += 1
    print(f"u8text {mode}: {len(tests)} lines of {path.name}, {failures} failures")
    return failures


def check_emoji(tool, path):
    sequences = []
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) == 2 and fields[0].strip():
            sequences.append([int(field, 16) for field in fields[0].split()])
    text = []
    for cps in sequences:
        text.extend(cps)
        text.append(0x0000)  # a cluster of its own between them
    got = run(tool, "--graphemes", "".join(chr(cp) for cp in text).encode("utf-8"))
    expected = [line for cps in sequences for line in (fmt(cps), "0000")]
    failures = sum(1 for want, have in zip(expected, got) if want != have) + (len(got) != len(expected))
    print(f"u8text --graphemes: {len(sequences)} sequences of {path.name} one cluster each, {failures} failures")
    return failures


def icu_breaks(iterator, text):
    """Code point offsets of ICU's boundaries in `text`, and which are hard."""
    ustring = icu.UnicodeString(text)
    unit_to_cp, unit = {}, 0
    for index, char in enumerate(text):
        unit_to_cp[unit] = index
        unit += 2 if ord(char) > 0xFFFF else 1
    unit_to_cp[unit] = len(text)
    iterator.setText(ustring)
    breaks = [False] * (len(text) + 1)
    for boundary in iterator:
        breaks[unit_to_cp[boundary]] = True
    return breaks


def random_bytes(rng, palette):
    parts = []
    for _ in range(rng.randrange(1, 16)):
        if rng.random() < 0.05:
            parts.append(bytes([rng.choice([0x80, 0xC0, 0xE2, 0xF0, 0xF5, 0xFF])]))
        else:
            parts.append(chr(rng.choice(palette)).encode("utf-8"))
    return b"".join(parts)


def check_random(tool, mode, palette, iterator, count, mandatory_ends, rng):
    # One process for all: strings isolated as above.
    separator = 0x000B if mandatory_ends else 0x0000
    expected, data = [], []
    for _ in range(count):
        raw = random_bytes(rng, palette)
        text = raw.decode("utf-8", "replace")
        cps = [ord(char) for char in text]
        breaks = icu_breaks(iterator, text)
        lines = segments(cps, breaks, mandatory_ends)
        lines.extend(separate(lines.pop(), separator, mandatory_ends))
        expected.extend(lines)
        data.append(raw + chr(separator).encode("utf-8"))
    got = run(tool, mode, b"".join(data))
    failures = sum(1 for want, have in zip(expected, got) if want != have) + (len(got) != len(expected))
    print(f"u8text {mode}: {count} random strings against ICU, {failures} failures")
    return failures


def main():
    tool, ucd = sys.argv[1], Path(sys.argv[2])
    failures = check_file(tool, "--graphemes", ucd / "auxiliary" / "GraphemeBreakTest.txt", 0x0000, False)
    failures += check_file(tool, "--lines", ucd / "auxiliary" / "LineBreakTest.txt", 0x000B, True)
    failures += check_emoji(tool, ucd / "emoji" / "emoji-test.txt")

    rng = random.Random(30)
    palette = sorted({cp for path in ("GraphemeBreakTest.txt", "LineBreakTest.txt")
                      for _, cps, _ in read_tests(ucd / "auxiliary" / path) for cp in cps})
    palette += [rng.randrange(0x110000) for _ in range(200)]
    palette = [cp for cp in palette if not 0xD800 <= cp <= 0xDFFF and cp not in (0x0000, 0x000B)]
    root = icu.Locale.getRoot()
    failures += check_random(tool, "--graphemes", palette, icu.BreakIterator.createCharacterInstance(root),
                             3000, False, rng)
    line_palette = [cp for cp in palette if line_class(cp) not in ("HY", "IS") and cp != 0x2010]
    failures += check_random(tool, "--lines", line_palette, icu.BreakIterator.createLineInstance(root),
                             3000, True, rng)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
