#!/usr/bin/env python3
"""Font bytes of Debian's fonts x the glyph sets of the u8g2 comparison
(docs/display.md), from make_font.py's own summary, against the budget of
0.9 x the bytes of u8g2's font array for the same glyphs (bdfconv -f 1);
also characters per line and lines per screen on 128x64 and 128x32. The
tables are built by make_font.py's own code (imported), as the build does.

    font_sizes.py <make_font.py> <ucd dir> <unifont.hex> <combining.txt> <bdf>...

Prints a Markdown table; exit status 1 if a font is over its budget.
"""

import importlib.util
import os
import sys

LATIN = "0x20-0x7E,0xA0-0xFF"
GREEK_CYRILLIC = LATIN + ",0x370-0x3FF,0x400-0x45F"
SYMBOLS = GREEK_CYRILLIC + ",0x2000-0x206F,0x20A0-0x20CF,0x2190-0x21FF,0x2500-0x257F"
SETS = [("Latin-1", LATIN), ("+ Greek, Cyrillic", GREEK_CYRILLIC),
        ("+ punctuation, currency, arrows, box drawing", SYMBOLS)]
# u8g2's bytes for the same glyphs (measured with u8g2's bdfconv -f 1);
# for 5x7 and 10x20 the first row is u8g2's 32-255 set.
U8G2 = {
    "unifont": [2692, 6720, None],
    "6x13": [2161, 4922, 8837],
    "5x7": [1612, 3436, 5178],
    "10x20": [2990, 7041, 13383],
}
BUDGET = 0.9


def load(path):
    """make_font.py as a module: each source and the UCD are read once."""
    spec = importlib.util.spec_from_file_location("make_font", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    make_font_path, ucd, unifont, combining = sys.argv[1:5]
    make_font = load(make_font_path)
    categories = make_font.read_categories(ucd)
    ignorable = make_font.read_default_ignorable(ucd)
    east_asian_wide = make_font.read_east_asian_wide(ucd)
    fonts = [("unifont", unifont, combining)]
    fonts += [(os.path.basename(p).split(".")[0], p, None) for p in sys.argv[5:]]
    print("| font | glyphs | glyph count | bytes | u8g2 | ratio | 128x64 | 128x32 |")
    print("|---|---|---:|---:|---:|---:|---|---|")
    over = 0
    for name, path, marks in fonts:
        source = make_font.read_font(path, marks)
        for row, (label, ranges) in enumerate(SETS):
            wanted = set()
            for first, last in make_font.parse_ranges(ranges):
                wanted.update(c for c in range(first, last + 1) if categories.get(c, "Cn") not in ("Cn", "Cs", "Co"))
            chosen = {c for c in wanted if c in source.glyphs and categories.get(c) != "Cc" and c not in ignorable}
            table = make_font.FontTable(source, chosen, categories, name, east_asian_wide)
            total = table.sizes()[2]
            count = len(table.code_points)
            line = table.line_height
            cell = 0 if table.proportional else table.cell_width
            reference = U8G2.get(name, [None] * 3)[row]
            ratio = f"{total / reference:.2f}" if reference else "-"
            if reference and total > BUDGET * reference:
                over += 1
                ratio += f" OVER {BUDGET}"
            screens = [f"{128 // cell if cell else '-'} x {height // line}" for height in (64, 32)]
            print(f"| {name} | {label} | {count} | {total:,} | {f'{reference:,}' if reference else '-'} | {ratio} | "
                  f"{screens[0]} | {screens[1]} |")
    if over:
        sys.exit(f"font_sizes: {over} fonts over {BUDGET} x u8g2")
    print(f"font_sizes: every font within {BUDGET} x u8g2's bytes")


if __name__ == "__main__":
    main()
