#!/usr/bin/env python3
"""Generates a utf8mcu::display::Font (C++ source and header) from GNU Unifont.

    make_font.py --unifont unifont.hex --combining plane00-combining.txt \
        --unihan Unihan_Readings.txt.bz2 --set europe --symbol kFontEurope \
        --source font.cpp --header font.h [--stats font.txt]
    make_font.py ... --report        # sizes of every glyph set, no output files

Table layout (see lib/display/include/utf8mcu/display/font.h):
  ranges   uint32 per run of consecutive code points with one shape:
           first code point << 11 | shape index << 8 | (count - 1)
  offsets  uint16 per range: where its first glyph starts, in 16-byte units
  shapes   up to 8 (width, x offset, advance) triples; Unifont draws combining
           marks with a negative x offset over the previous character
  bitmaps  2 bytes per glyph column (byte 0 = rows 0-7, bit 0 = top row, as a
           SSD1306 page byte; byte 1 = rows 8-15): 16 bytes narrow, 32 wide
Standard library only.
"""

import argparse
import bz2
import gzip
import re
import sys

GLYPH_ROWS = 16
MAX_RANGE_COUNT = 256  # count - 1 has 8 bits in a range key
MAX_SHAPES = 8  # shape index has 3 bits

LATIN = [
    (0x0020, 0x007E, "Basic Latin"),
    (0x00A0, 0x00FF, "Latin-1 Supplement"),
    (0xFFFD, 0xFFFD, "replacement character"),
]
EUROPE = LATIN + [
    (0x0100, 0x017F, "Latin Extended-A"),
    (0x0300, 0x036F, "Combining Diacritical Marks"),
    (0x0370, 0x03FF, "Greek and Coptic"),
    (0x0400, 0x04FF, "Cyrillic"),
    (0x2010, 0x2027, "General Punctuation (dashes, quotes, bullets)"),
    (0x2030, 0x205E, "General Punctuation (per mille, primes, guillemets)"),
    (0x20A0, 0x20C0, "Currency Symbols"),
    (0x2190, 0x21FF, "Arrows"),
    (0x2500, 0x257F, "Box Drawing"),
    (0x2580, 0x259F, "Block Elements"),
]
CJK = EUROPE + [
    (0x3000, 0x303F, "CJK Symbols and Punctuation"),
    (0x3040, 0x309F, "Hiragana"),
    (0x30A0, 0x30FF, "Katakana"),
    (0xFF00, 0xFFEF, "Halfwidth and Fullwidth Forms"),
]
# set name -> (blocks, number of most frequent Han characters)
SETS = {"latin": (LATIN, 0), "europe": (EUROPE, 0), "cjk": (CJK, 500)}


def open_text(path):
    """Opens a text file that may be gzip- or bzip2-compressed."""
    if path.endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8")
    if path.endswith(".bz2"):
        return bz2.open(path, "rt", encoding="utf-8")
    return open(path, "r", encoding="utf-8")


def read_unifont(path):
    """Returns {code point: glyph hex string} (32 digits narrow, 64 wide)."""
    glyphs = {}
    with open_text(path) as lines:
        for number, line in enumerate(lines, 1):
            line = line.strip()
            if not line:
                continue
            code, _, bits = line.partition(":")
            if len(bits) not in (32, 64) or not re.fullmatch(r"[0-9A-Fa-f]+", bits + code):
                sys.exit(f"{path}:{number}: not a Unifont .hex line")
            glyphs[int(code, 16)] = bits.upper()
    return glyphs


def read_combining(path):
    """Returns {code point: x offset}; Unifont's list of combining glyphs."""
    offsets = {}
    with open_text(path) as lines:
        for line in lines:
            line = line.strip()
            if line:
                code, _, offset = line.partition(":")
                offsets[int(code, 16)] = int(offset)
    return offsets


def most_frequent_han(path, count):
    """The `count` Han characters with the highest summed kHanyuPinlu counts
    (Xiandai Hanyu Pinlu Cidian frequencies, one per reading); ties by code point."""
    if count == 0:
        return []
    totals = {}
    with open_text(path) as lines:
        for line in lines:
            fields = line.rstrip("\n").split("\t")
            if len(fields) == 3 and fields[1] == "kHanyuPinlu":
                totals[int(fields[0][2:], 16)] = sum(int(n) for n in re.findall(r"\((\d+)\)", fields[2]))
    if len(totals) < count:
        sys.exit(f"{path}: only {len(totals)} characters have kHanyuPinlu")
    return sorted(totals, key=lambda cp: (-totals[cp], cp))[:count]


def glyph_columns(bits):
    """Unifont rows (MSB = left pixel) -> column bytes, 2 per column."""
    width = len(bits) * 4 // GLYPH_ROWS
    digits = width // 4
    rows = [int(bits[r * digits:(r + 1) * digits], 16) for r in range(GLYPH_ROWS)]
    out = bytearray()
    for column in range(width):
        value = 0
        for row in range(GLYPH_ROWS):
            if rows[row] >> (width - 1 - column) & 1:
                value |= 1 << row
        out += bytes((value & 0xFF, value >> 8))
    return width, bytes(out)


class FontTable:
    def __init__(self, glyphs, combining, code_points):
        self.shapes = [(8, 0), (16, 0)]  # narrow and wide first, by convention
        self.ranges = []  # [first, count, shape index, offset in 16-byte units]
        self.bitmaps = bytearray()
        self.narrow = self.wide = self.marks = 0
        for cp in sorted(code_points):
            width, columns = glyph_columns(glyphs[cp])
            shape = (width, combining.get(cp, 0))
            if shape not in self.shapes:
                self.shapes.append(shape)
                if len(self.shapes) > MAX_SHAPES:
                    sys.exit(f"more than {MAX_SHAPES} glyph shapes: {self.shapes}")
            index = self.shapes.index(shape)
            last = self.ranges[-1] if self.ranges else None
            if last and last[0] + last[1] == cp and last[2] == index and last[1] < MAX_RANGE_COUNT:
                last[1] += 1
            else:
                self.ranges.append([cp, 1, index, len(self.bitmaps) // 16])
            self.bitmaps += columns
            if shape[1] != 0:
                self.marks += 1
            elif width == 8:
                self.narrow += 1
            else:
                self.wide += 1
        if len(self.bitmaps) // 16 > 0xFFFF:
            sys.exit("bitmaps exceed 1 MB: 16-bit offsets in 16-byte units overflow")

    def glyph_count(self):
        return self.narrow + self.wide + self.marks

    def sizes(self):
        """Flash bytes: (bitmaps, range keys + offsets, shapes, total)."""
        index = len(self.ranges) * 6
        shapes = len(self.shapes) * 3
        return len(self.bitmaps), index, shapes, len(self.bitmaps) + index + shapes

    def summary(self, name):
        bitmaps, index, shapes, total = self.sizes()
        return (f"glyph set {name}: {self.glyph_count()} glyphs ({self.narrow} narrow, {self.wide} wide, "
                f"{self.marks} combining) in {len(self.ranges)} ranges; bitmaps {bitmaps} B + index {index} B "
                f"+ shapes {shapes} B = {total} B ({total / 1024:.1f} KiB)")


def select(glyphs, set_name, unihan):
    blocks, han_count = SETS[set_name]
    chosen = set()
    for first, last, _ in blocks:
        chosen.update(cp for cp in range(first, last + 1) if cp in glyphs)
    missing_han = [cp for cp in most_frequent_han(unihan, han_count) if cp not in glyphs]
    if missing_han:
        sys.exit(f"Unifont lacks Han characters {missing_han[:5]}")
    chosen.update(most_frequent_han(unihan, han_count))
    return chosen


def c_array(type_name, name, values, per_line, fmt):
    lines = [f"const {type_name} {name}[] = {{"]
    for i in range(0, len(values), per_line):
        lines.append("    " + ", ".join(fmt(v) for v in values[i:i + per_line]) + ",")
    lines.append("};")
    return lines


def write_outputs(table, set_name, symbol, namespace, source_path, header_path, header_include, unifont_path):
    described = ", ".join(f"U+{a:04X}..U+{b:04X} {what}" for a, b, what in SETS[set_name][0])
    han = SETS[set_name][1]
    if han:
        described += f", the {han} most frequent Han characters by Unihan kHanyuPinlu"
    guard_note = f"// Generated by lib/display/tools/make_font.py from {unifont_path}: do not edit.\n"
    header = [
        "#pragma once",
        guard_note.rstrip(),
        f"// Glyph set '{set_name}': {described}.",
        "// " + table.summary(set_name),
        '#include "utf8mcu/display/font.h"',
        "",
        f"namespace {namespace} {{",
        f"extern const Font {symbol};",
        f"}}  // namespace {namespace}",
        "",
    ]
    keys = [first << 11 | shape << 8 | (count - 1) for first, count, shape, _ in table.ranges]
    offsets = [offset for _, _, _, offset in table.ranges]
    source = [guard_note.rstrip(), f'#include "{header_include}"', "", f"namespace {namespace} {{",
              "namespace {", ""]
    source += ["// first << 11 | shape << 8 | (count - 1)"]
    source += c_array("std::uint32_t", "kRangeKeys", keys, 6, lambda v: f"0x{v:08X}u")
    source += ["", "// Start of each range's bitmaps, in 16-byte units."]
    source += c_array("std::uint16_t", "kRangeOffsets", offsets, 10, str)
    source += ["", "// {width, x offset, advance}"]
    source += ["const GlyphShape kShapes[] = {"]
    source += [f"    {{{w}, {off}, {0 if off else w}}}," for w, off in table.shapes]
    source += ["};", "", "// Two bytes per column: rows 0-7, rows 8-15; bit 0 = upper row."]
    source += c_array("std::uint8_t", "kBitmaps", list(table.bitmaps), 16, lambda v: f"0x{v:02X}")
    source += [
        "",
        "}  // namespace",
        "",
        f"extern const Font {symbol}{{kRangeKeys, kRangeOffsets, kShapes, kBitmaps, {len(table.ranges)}u,",
        f'    {len(table.bitmaps)}u, "Unifont {set_name}"}};',
        "",
        f"}}  // namespace {namespace}",
        "",
    ]
    with open(header_path, "w", encoding="utf-8") as out:
        out.write("\n".join(header))
    with open(source_path, "w", encoding="utf-8") as out:
        out.write("\n".join(source))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--unifont", required=True, help="unifont.hex (may be .gz)")
    parser.add_argument("--combining", required=True, help="Unifont plane00-combining.txt")
    parser.add_argument("--unihan", required=True, help="Unihan_Readings.txt (may be .bz2)")
    parser.add_argument("--set", choices=sorted(SETS), default="europe")
    parser.add_argument("--symbol", default="kFont")
    parser.add_argument("--namespace", default="utf8mcu::display::fonts")
    parser.add_argument("--source")
    parser.add_argument("--header")
    parser.add_argument("--header-include", help="how the source includes the header")
    parser.add_argument("--stats", help="also write the one-line summary here")
    parser.add_argument("--report", action="store_true", help="print the size of every set and exit")
    args = parser.parse_args()

    glyphs = read_unifont(args.unifont)
    combining = read_combining(args.combining)
    if args.report:
        for name in SETS:
            print(FontTable(glyphs, combining, select(glyphs, name, args.unihan)).summary(name))
        return
    if not (args.source and args.header):
        parser.error("--source and --header are required (or --report)")
    table = FontTable(glyphs, combining, select(glyphs, args.set, args.unihan))
    include = args.header_include or args.header.rsplit("/", 1)[-1]
    write_outputs(table, args.set, args.symbol, args.namespace, args.source, args.header, include, args.unifont)
    print(table.summary(args.set))
    if args.stats:
        with open(args.stats, "w", encoding="utf-8") as out:
            out.write(table.summary(args.set) + "\n")


if __name__ == "__main__":
    main()
