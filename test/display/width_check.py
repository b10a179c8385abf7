#!/usr/bin/env python3
"""Checks display_width/width_class for every code point against Python's
unicodedata (an independent copy of the UCD, with its own parser).

    width_check.py <width_dump> <DerivedAge.txt> <DerivedCoreProperties.txt> <LineBreak.txt>

Also: the renderer's is_ignorable() must be exactly Default_Ignorable_Code_Point
as DerivedCoreProperties.txt lists it, plus the emoji skin-tone modifiers
U+1F3FB..U+1F3FF (EMOJI MODIFIER FITZPATRICK TYPE-1-2..TYPE-6, written out here);
and TextBox's kinsoku test no_break_before() must hold exactly for the
LineBreak.txt classes CL, CP, EX, IS, NS and CJ in the blocks it covers
(KINSOKU_BLOCKS, written out here), and nowhere else.

Python's unicodedata may be an older Unicode version than the files the table
was generated from: code points assigned after that version are skipped (their
count is printed), everything else must agree exactly.
"""

import subprocess
import sys
import unicodedata

INVISIBLE, NARROW, WIDE, COMBINING = 0, 1, 2, 3
# EastAsianWidth.txt's header: unassigned code points here default to W.
WIDE_UNASSIGNED = [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD)]
WIDTH = {INVISIBLE: 0, NARROW: 1, WIDE: 2, COMBINING: 0}


def expected_class(cp):
    char = chr(cp)
    category = unicodedata.category(char)
    if category in ("Cc", "Cf") and cp != 0x00AD:
        return INVISIBLE
    if category in ("Mn", "Me") or 0x1160 <= cp <= 0x11FF:
        return COMBINING
    if category == "Cs":
        return NARROW  # not a scalar value: shown as U+FFFD
    if category == "Cn":
        # CPython's east_asian_width() answers "F" for every unassigned code
        # point, so apply the file's documented defaults instead.
        return WIDE if any(a <= cp <= b for a, b in WIDE_UNASSIGNED) else NARROW
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return WIDE
    return NARROW


def ucd_entries(path):
    """(code points, value) for each data line of a UCD file: 'XXXX[..YYYY] ; value # comment'."""
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            code_range, value = (field.strip() for field in data.split(";")[:2])
            first, _, last = code_range.partition("..")
            yield range(int(first, 16), int(last or first, 16) + 1), value


def newer_code_points(derived_age):
    """Code points assigned after Python's Unicode version."""
    python_version = tuple(int(x) for x in unicodedata.unidata_version.split("."))[:2]
    newer = set()
    for code_points, age in ucd_entries(derived_age):
        if tuple(int(x) for x in age.split(".")) > python_version:
            newer.update(code_points)
    return newer


SKIN_TONE_MODIFIERS = range(0x1F3FB, 0x1F3FF + 1)

# Basic Latin, CJK Symbols and Punctuation, Hiragana, Katakana, Vertical Forms,
# CJK Compatibility Forms, Small Form Variants, Halfwidth and Fullwidth Forms.
KINSOKU_BLOCKS = [(0x0000, 0x007F), (0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0xFE10, 0xFE1F),
                  (0xFE30, 0xFE4F), (0xFE50, 0xFE6F), (0xFF00, 0xFFEF)]
KINSOKU_CLASSES = ("CL", "CP", "EX", "IS", "NS", "CJ")
PER_CODE_POINT = 4


def no_break_before(line_break):
    """The code points of KINSOKU_BLOCKS whose line break class is in KINSOKU_CLASSES."""
    expected = set()
    for code_points, line_class in ucd_entries(line_break):
        if line_class in KINSOKU_CLASSES:
            expected.update(cp for cp in code_points if any(a <= cp <= b for a, b in KINSOKU_BLOCKS))
    return expected


def default_ignorable(path):
    ignorable = set()
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            data = line.split("#", 1)[0]
            if ";" in data and data.split(";")[1].strip() == "Default_Ignorable_Code_Point":
                first, _, last = data.split(";")[0].strip().partition("..")
                ignorable.update(range(int(first, 16), int(last or first, 16) + 1))
    return ignorable


def main():
    dump = subprocess.run([sys.argv[1]], check=True, stdout=subprocess.PIPE).stdout
    if len(dump) != PER_CODE_POINT * 0x110000 + 1:
        sys.exit(f"FAIL: dump has {len(dump)} bytes")
    skip = newer_code_points(sys.argv[2])
    mismatches = []
    for cp in range(0x110000):
        if cp in skip:
            continue
        want = expected_class(cp)
        got_class, got_width = dump[PER_CODE_POINT * cp] - 48, dump[PER_CODE_POINT * cp + 1] - 48
        if got_class != want or got_width != WIDTH[want]:
            mismatches.append((cp, got_class, got_width, want))
    checked = 0x110000 - len(skip)
    print(f"checked {checked} code points against unicodedata {unicodedata.unidata_version}; "
          f"skipped {len(skip)} assigned after it")
    for cp, got_class, got_width, want in mismatches[:20]:
        print(f"  U+{cp:04X}: class {got_class} width {got_width}, unicodedata says class {want}")
    ignorable = default_ignorable(sys.argv[3]) | set(SKIN_TONE_MODIFIERS)
    wrong_ignorable = [cp for cp in range(0x110000)
                       if (dump[PER_CODE_POINT * cp + 2] == ord("1")) != (cp in ignorable)]
    print(f"is_ignorable: {len(ignorable)} code points expected, {len(wrong_ignorable)} differ")
    for cp in wrong_ignorable[:20]:
        print(f"  U+{cp:04X}: is_ignorable says {chr(dump[PER_CODE_POINT * cp + 2])}")
    kinsoku = no_break_before(sys.argv[4])
    wrong_kinsoku = [cp for cp in range(0x110000) if (dump[PER_CODE_POINT * cp + 3] == ord("1")) != (cp in kinsoku)]
    print(f"no_break_before: {len(kinsoku)} code points expected, {len(wrong_kinsoku)} differ")
    for cp in wrong_kinsoku[:20]:
        print(f"  U+{cp:04X}: no_break_before says {chr(dump[PER_CODE_POINT * cp + 3])}")
    if mismatches or wrong_ignorable or wrong_kinsoku:
        sys.exit(f"FAIL: {len(mismatches)} width mismatches, {len(wrong_ignorable)} ignorable mismatches, "
                 f"{len(wrong_kinsoku)} kinsoku mismatches")
    print("all agree")


if __name__ == "__main__":
    main()
