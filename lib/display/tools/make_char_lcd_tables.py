#!/usr/bin/env python3
"""Generates the character-LCD back end's Unicode tables (char_lcd.h) from UnicodeData.txt.

- Base letters: for Latin, Greek and Cyrillic letters with a canonical
  decomposition, the first code point of the full decomposition (e with
  acute and circumflex -> e), packed as runs of three bytes each (see
  run_bytes()): code points first..first+count-1 map to base, or alternate
  base, base + 32 (upper and lower case).
- Marks: for each code point the runs cover (each case pair of an
  alternating run once), in run order, the combining
  marks of its full canonical decomposition after the base letter (at most
  two, as 4-bit indexes into COMBINING_MARKS, the first in the low nibble),
  so a base letter followed by marks composes back to it.
- Kana: JIS X 0201 codes (ROM A00, A1-DF) of the katakana and sound marks
  in U+3099-U+30FC, from the <narrow>
  decompositions of U+FF61-U+FF9F; a voiced or semi-voiced katakana gets its
  unvoiced letter's code plus a mark (the code of U+FF9E or U+FF9F after it).

  python3 make_char_lcd_tables.py --ucd-dir /usr/share/unicode --source out.cpp [--stats out.txt]
"""
import argparse
import os

# Blocks whose letters fall back to their base letter.
# Latin-1 and Extended-A, Vietnamese O and U with horn, Greek, Cyrillic (Russian and its neighbours),
# Vietnamese in Latin Extended Additional.
BASE_RANGES = [(0x00C0, 0x017F), (0x01A0, 0x01B0), (0x0370, 0x03FF), (0x0400, 0x045F), (0x1EA0, 0x1EFF)]
# Runs alternate upper and lower case letters 32 apart, or keep one base.
CASE_DELTA = 32
MAX_RUN = 32
# The combining marks those decompositions use (U+0300 + the value).
COMBINING_MARKS = [0x00, 0x01, 0x02, 0x03, 0x04, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x1B, 0x23, 0x27, 0x28]
KANA_FIRST = 0x3099
KANA_LAST = 0x30FC


def read_decompositions(path):
    decompositions = {}
    with open(path, encoding="utf-8") as ucd:
        for line in ucd:
            fields = line.split(";")
            if fields[5]:
                decompositions[int(fields[0], 16)] = fields[5].split()
    return decompositions


def canonical_base(code_point, decompositions):
    while True:
        mapping = decompositions.get(code_point)
        if not mapping or mapping[0].startswith("<"):
            return code_point
        code_point = int(mapping[0], 16)


def full_decomposition(code_point, decompositions):
    mapping = decompositions.get(code_point)
    if not mapping or mapping[0].startswith("<"):
        return [code_point]
    result = []
    for part in mapping:
        result += full_decomposition(int(part, 16), decompositions)
    return result


def run_marks(runs, decompositions):
    """One byte per code point the runs cover: its marks as nibbles (1 + index), first mark low."""
    marks = []
    for first, _base, count, odd_delta in runs:
        values = []
        for code_point in range(first, first + count):
            tail = full_decomposition(code_point, decompositions)[1:]
            assert len(tail) <= 2, f"U+{code_point:04X}: more than two marks"
            value = 0
            for position, mark in enumerate(tail):
                assert 0x300 <= mark < 0x370 and mark - 0x300 in COMBINING_MARKS, f"U+{code_point:04X}: mark U+{mark:04X}"
                value |= (1 + COMBINING_MARKS.index(mark - 0x300)) << (4 * position)
            values.append(value)
        if odd_delta:  # upper and lower case pairs have the same marks: one byte per pair
            assert all(values[i] == values[i + 1] for i in range(0, count - 1, 2)), f"run at U+{first:04X}"
            values = values[::2]
        marks += values
    return marks


def base_runs(decompositions):
    bases = []
    for first, last in BASE_RANGES:
        for code_point in range(first, last + 1):
            base = canonical_base(code_point, decompositions)
            if base != code_point:
                bases.append((code_point, base))
    runs = []  # [first, base, count, odd_delta]
    for code_point, base in bases:
        if runs:
            run = runs[-1]
            index = code_point - run[0]
            if index == run[2] and index < MAX_RUN:
                if index == 1 and base - run[1] in (0, CASE_DELTA):
                    run[3] = base - run[1]
                    run[2] += 1
                    continue
                if index > 1 and base == run[1] + (run[3] if index % 2 else 0):
                    run[2] += 1
                    continue
        runs.append([code_point, base, 1, 0])
    return runs


# The byte after the last run.
RUNS_END = 0xFE
# The high byte of a base letter, by the 2-bit selector of its run.
BASE_HIGH = [0x0, 0x2, 0x3, 0x4]


def run_bytes(runs):
    """Each run's bytes, in order: the gap from the end of the run before (from 0 for the first), or 0xFF and the
    first code point in two bytes (low first) when the gap is 254 or more (0xFE ends the table); the base letter's low byte; then
    count - 1 in bits 4-0, 1 in bit 5 for an alternating run, the base's high byte as an index into BASE_HIGH
    in bits 7-6."""
    out = []
    end = 0
    for first, base, count, odd_delta in runs:
        gap = first - end
        assert gap >= 0 and 1 <= count <= MAX_RUN and base >> 8 in BASE_HIGH
        values = [gap] if gap < RUNS_END else [0xFF, first & 0xFF, first >> 8]
        values += [base & 0xFF, (count - 1) | (0x20 if odd_delta else 0) | BASE_HIGH.index(base >> 8) << 6]
        out.append(values)
        end = first + count
    return out


def kana_codes(decompositions):
    codes = {}
    marks = {}
    for halfwidth in range(0xFF61, 0xFFA0):
        mapping = decompositions.get(halfwidth)
        if mapping and mapping[0] == "<narrow>":
            codes[int(mapping[1], 16)] = halfwidth - 0xFF61 + 0xA1
    marks[0x3099] = codes[0x3099]  # combining voiced sound mark -> FF9E's code
    marks[0x309A] = codes[0x309A]
    entries = {}
    for code_point in range(0x3000, 0x3100):
        if code_point in codes:
            entries[code_point] = (codes[code_point], 0)
            continue
        mapping = decompositions.get(code_point)
        if not mapping:
            continue
        if mapping[0] == "<compat>" and mapping[1] == "0020" and int(mapping[2], 16) in marks:
            entries[code_point] = (marks[int(mapping[2], 16)], 0)  # spacing sound marks
        elif not mapping[0].startswith("<") and len(mapping) == 2:
            letter, mark = int(mapping[0], 16), int(mapping[1], 16)
            if letter in codes and mark in marks:
                entries[code_point] = (codes[letter], 1 if mark == 0x3099 else 2)
    # U+3099-U+30FC, one byte each: bits 5-0 = code - 0xA0 (0: none), bits
    # 7-6 = 1 voiced, 2 semi-voiced. The CJK punctuation below U+3099 is in
    # the A00 ROM table.
    for code_point in (0x3001, 0x3002, 0x300C, 0x300D):
        assert code_point in entries
    return [(code - 0xA0) | (mark << 6) if (code_point := first) in entries and (code := entries[first][0]) and
            (mark := entries[first][1]) is not None else 0 for first in range(KANA_FIRST, KANA_LAST + 1)]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ucd-dir", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--stats")
    args = parser.parse_args()
    decompositions = read_decompositions(os.path.join(args.ucd_dir, "UnicodeData.txt"))
    runs = base_runs(decompositions)
    kana = kana_codes(decompositions)
    marks = run_marks(runs, decompositions)
    packed = run_bytes(runs)

    out = ["// Generated by lib/display/tools/make_char_lcd_tables.py from UnicodeData.txt. Do not edit.",
           '#include "utf8mcu/display/char_lcd.h"', "", "namespace utf8mcu::display::detail {", "",
           "// Per run: gap (or 0xFF, first low, first high), base low, (count - 1) | alternating << 5 | high << 6",
           f"extern const std::uint8_t kCharLcdBaseRuns[{sum(map(len, packed)) + 1}] = {{"]
    for (first, base, count, _), values in zip(runs, packed):
        out.append("    " + " ".join(f"0x{value:02X}," for value in values) +
                   f"  // U+{first:04X}..U+{first + count - 1:04X} -> U+{base:04X}")
    out += [f"    0x{RUNS_END:02X},  // the end", "};", "",
            "// Per code point of the runs (per case pair in alternating runs), in order: marks after",
            "// the base letter, 1 + index into kCharLcdCombiningMarks, first in bits 3-0, second in 7-4.",
            f"extern const std::uint8_t kCharLcdMarks[{len(marks)}] = {{"]
    for i in range(0, len(marks), 16):
        out.append("    " + " ".join(f"0x{value:02X}," for value in marks[i:i + 16]))
    out += ["};", "",
            f"extern const std::uint8_t kCharLcdKana[{len(kana)}] = {{"]
    for i in range(0, len(kana), 12):
        out.append("    " + " ".join(f"0x{value:02X}," for value in kana[i:i + 12]))
    out += ["};", "", "}  // namespace utf8mcu::display::detail", ""]
    text = "\n".join(out)
    old = None
    if os.path.exists(args.source):
        with open(args.source, encoding="utf-8") as existing:
            old = existing.read()
    if old != text:
        with open(args.source, "w", encoding="utf-8") as source:
            source.write(text)
    if args.stats:
        with open(args.stats, "w", encoding="utf-8") as stats:
            stats.write(f"base runs: {len(runs)} ({sum(map(len, packed)) + 1} bytes)\nmarks: {len(marks)} bytes\n"
                        f"kana: {len(kana)} bytes\n")


if __name__ == "__main__":
    main()
