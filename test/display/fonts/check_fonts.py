#!/usr/bin/env python3
"""Checks the generated test fonts pixel by pixel against this script's own
reading of their sources (BDF, Unifont .hex, unifont_upper.otf rasterised with
Pillow). Shares no code with lib/display/tools/make_font.py.

    check_fonts.py <font_dump> <DerivedCoreProperties.txt> <Blocks.txt>
        --font NAME SOURCE [--combining FILE] [--ranges R] [--blocks B] [--text FILE] [--emoji OTF] ...

For each font: the set of glyphs must be exactly the requested code points
the source has (controls and default-ignorables left out), and every glyph's
pixels and advance must be where the source puts them relative to the pen
and the font's baseline (which must leave every glyph inside the line).
"""

import subprocess
import sys
import unicodedata


def parse_bdf(path):
    """{code point: (advance, [(x, y above baseline)])}: each set pixel of the
    bitmap at x = BBX x offset + column, y = BBX y offset + height - 1 - row."""
    glyphs = {}
    lines = iter(open(path, encoding="latin-1").read().splitlines())
    font_bbx = None
    for line in lines:
        words = line.split()
        if not words:
            continue
        if words[0] == "FONTBOUNDINGBOX":
            font_bbx = list(map(int, words[1:5]))
        if words[0] != "STARTCHAR":
            continue
        code, advance, bbx = None, None, font_bbx
        for line in lines:
            words = line.split()
            if words[0] == "ENCODING":
                code = int(words[1])
            elif words[0] == "DWIDTH":
                advance = int(words[1])
            elif words[0] == "BBX":
                bbx = list(map(int, words[1:5]))
            elif words[0] == "BITMAP":
                break
        width, height, x0, y0 = bbx
        pixels = []
        for row in range(height):
            text = next(lines).strip()
            value = int(text, 16)
            bits = len(text) * 4
            for column in range(width):
                if value >> (bits - 1 - column) & 1:
                    pixels.append((x0 + column, y0 + height - 1 - row))
        assert next(lines).strip() == "ENDCHAR"
        if code >= 0:
            glyphs[code] = (advance, pixels)
    return glyphs


def parse_hex(path, combining):
    """Unifont: 16 rows, the bottom 2 below the baseline; marks drawn at their offset, advance 0."""
    offsets = {}
    for line in open(combining, encoding="ascii"):
        if line.strip():
            code, offset = line.strip().split(":")
            offsets[int(code, 16)] = int(offset)
    glyphs = {}
    for line in open(path, encoding="ascii"):
        code, bits = line.strip().split(":")
        code = int(code, 16)
        width = len(bits) // 4
        pixels = []
        for row in range(16):
            value = int(bits[row * width // 4:(row + 1) * width // 4], 16)
            for column in range(width):
                if value >> (width - 1 - column) & 1:
                    pixels.append((column + offsets.get(code, 0), 13 - row))
        glyphs[code] = (0 if code in offsets else width, pixels)
    return glyphs


def add_emoji(glyphs, otf, wanted):
    from PIL import Image, ImageDraw, ImageFont
    face = ImageFont.truetype(otf, 16)
    for code in wanted:
        if code <= 0xFFFF or code in glyphs:
            continue
        width = int(face.getlength(chr(code)))
        if width not in (8, 16):
            continue
        image = Image.new("L", (32, 20), 0)
        ImageDraw.Draw(image).text((0, 0), chr(code), font=face, fill=255)
        pixels = [(x, 13 - y) for y in range(20) for x in range(32) if image.getpixel((x, y)) >= 128]
        if pixels:
            glyphs[code] = (width, pixels)


def read_ignorable(path):
    ignorable = set()
    for line in open(path, encoding="utf-8"):
        data = line.split("#")[0]
        if "Default_Ignorable_Code_Point" in data:
            span = data.split(";")[0].strip().split("..")
            ignorable.update(range(int(span[0], 16), int(span[-1], 16) + 1))
    return ignorable


def read_blocks(path):
    blocks = {}
    for line in open(path, encoding="utf-8"):
        if ";" in line and not line.startswith("#"):
            span, name = line.split(";")
            first, last = span.split("..")
            blocks[name.strip()] = (int(first, 16), int(last, 16))
    return blocks


def assigned(code):
    return unicodedata.category(chr(code)) not in ("Cn", "Co", "Cs")


def main():
    dump_path, derived, blocks_path = sys.argv[1:4]
    ignorable = read_ignorable(derived)
    blocks = read_blocks(blocks_path)
    specs = []
    arguments = sys.argv[4:]
    i = 0
    while i < len(arguments):
        if arguments[i] == "--font":
            specs.append({"name": arguments[i + 1], "source": arguments[i + 2], "wanted": set()})
            i += 3
            continue
        option, value = arguments[i], arguments[i + 1]
        spec = specs[-1]
        if option == "--ranges":
            for item in value.split(","):
                first, _, last = item.partition("-")
                first, last = int(first, 16), int(last or first, 16)
                spec["wanted"].update(c for c in range(first, last + 1) if first == last or assigned(c))
        elif option == "--blocks":
            for name in value.split(";"):
                first, last = blocks[name]
                spec["wanted"].update(c for c in range(first, last + 1) if assigned(c))
        elif option == "--text":
            spec["wanted"].update(ord(c) for c in open(value, encoding="utf-8").read())
        else:
            spec[option[2:]] = value
        i += 2

    dumped = {}
    current = None
    output = subprocess.run([dump_path], check=True, capture_output=True, text=True).stdout
    for line in output.splitlines():
        words = line.split()
        if words[0] == "font":
            current = {"line_height": int(words[2]), "baseline": int(words[3]), "glyphs": {}}
            dumped[len(dumped)] = current
        else:
            pixels = sorted(tuple(map(int, p.split(","))) for p in words[2:])
            current["glyphs"][int(words[0][2:], 16)] = (int(words[1]), pixels)

    failures = 0
    for index, spec in enumerate(specs):
        font = dumped[index]
        if spec["source"].endswith(".hex"):
            source = parse_hex(spec["source"], spec["combining"])
        else:
            source = parse_bdf(spec["source"])
        wanted = {c for c in spec["wanted"] if unicodedata.category(chr(c)) != "Cc" and c not in ignorable}
        if "emoji" in spec:
            add_emoji(source, spec["emoji"], wanted)
        expected_set = {c for c in wanted if c in source}
        got_set = set(font["glyphs"])
        if expected_set != got_set:
            failures += 1
            print(f"{spec['name']}: glyph set differs: missing {sorted(expected_set - got_set)[:10]}, "
                  f"extra {sorted(got_set - expected_set)[:10]}")
        baseline, line_height = font["baseline"], font["line_height"]
        wrong = 0
        for code in sorted(expected_set & got_set):
            advance, pixels = source[code]
            if unicodedata.category(chr(code)) in ("Mn", "Me") and advance > 0:
                # BDF marks that advance like spacing glyphs overstrike the cell before (as xterm does).
                pixels = [(x - advance, y) for x, y in pixels]
                advance = 0
            # y counts rows above the baseline from 0 (the row just above it).
            expected = sorted((x, baseline - 1 - y) for x, y in pixels)
            got_advance, got = font["glyphs"][code]
            outside = [p for p in got if not 0 <= p[1] < line_height]
            if got != expected or got_advance != advance or outside:
                wrong += 1
                if wrong <= 3:
                    print(f"{spec['name']} U+{code:04X}: advance {got_advance} (want {advance}); "
                          f"{len(set(got) ^ set(expected))} pixels differ; {len(outside)} outside the line")
        failures += wrong
        print(f"{spec['name']}: {len(got_set)} glyphs, line {line_height}, baseline {baseline}: "
              f"{len(expected_set & got_set) - wrong} match the source, {wrong} differ")
    if failures:
        sys.exit(f"check_fonts: {failures} failures")
    print("check_fonts: all glyphs match their sources")


if __name__ == "__main__":
    main()
