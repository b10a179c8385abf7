#!/usr/bin/env python3
"""Expected pictures of right-to-left and mixed-direction paragraphs, for the
ParagraphBox tests (paragraph_box_test.cpp), built without lib/: the visual
order, Arabic presentation forms, lam-alef ligatures and mirrored brackets of
each line come from GNU FriBidi (the fribidi command, Debian's
libfribidi-bin), the pixels straight from GNU Unifont's .hex file.

    make_paragraph_screens.py <unifont.hex[.gz]> <plane00-combining.txt> <output.h>

The model of the layout, written here:
  - paragraphs end at LF; a paragraph longer than the box's capacity is cut
    into pieces of that many code points, each laid out as a paragraph, the
    later ones in the first one's direction;
  - lines break after spaces, greedily, a word longer than the line between
    characters (the screens that wrap hold Hebrew letters, digits and spaces
    only, whose UAX #14 opportunities are exactly these); spaces at a line's
    end are not drawn;
  - each line is reordered by FriBidi as a paragraph of its own in the
    paragraph's direction (the wrapped texts have a strong letter on every
    line, so this gives the levels of the whole paragraph);
  - the paragraph's direction is FriBidi's (P2-P3, or the one forced);
    right-to-left lines are aligned right, left-to-right ones left; lines
    are 16 rows (Unifont), from the top; lines below the box are dropped;
  - a glyph advances 8 or 16 pixels as its .hex bitmap is wide; a combining
    mark (plane00-combining.txt) advances 0 and lies over its base: a
    negative offset counts from the pen after the base, zero or more (the
    right-to-left marks) from the base's own pen (FriBidi puts marks after
    their base).
Output: per screen its text, direction, box and the expected pixels, row
by row, 8 per byte, the leftmost in the high bit.
"""

import gzip
import subprocess
import sys

# name, text (logical), direction (auto, ltr, rtl), box width and height,
# capacity of the box (64, or 8 for the pieces test).
SCREENS = [
    ("hebrew", "שלום עולם 123", "auto", 192, 16, 64),
    ("arabic", "مرحبا بالعالم 123", "auto", 192, 16, 64),
    ("persian", "سلام دنیا ۱۲۳", "auto", 192, 16, 64),
    ("arabic_harakat", "كَتَبَ الوَلَدُ لا إِلَى", "auto", 192, 16, 64),
    ("mixed", "Hello שלום 12 עולם!", "auto", 192, 16, 64),
    ("mixed_rtl", "שלום Hello world 12!", "auto", 192, 16, 64),
    ("brackets", "אב (abc) [גד] {12} <ה>", "auto", 192, 16, 64),
    ("forced_ltr", "שלום 123", "ltr", 192, 16, 64),
    ("forced_rtl", "abc 12!", "rtl", 192, 16, 64),
    ("paragraphs", "שלום\nabc\n\nعالم", "auto", 192, 64, 64),
    ("wrap", "אבג דהו זחט יכל מנס עפצ 123 קרש", "auto", 80, 64, 64),
    ("wrap_long_word", "אבגדהוזחטיכלמנ סע", "auto", 64, 48, 64),
    ("overflow", "אבג דהו זחט יכל מנס עפצ", "auto", 80, 32, 64),
    ("pieces", "אבג דהו זחט יכ", "auto", 192, 48, 8),
    # The panel example's screen (examples/panel_terminal/paragraph_screen.h).
    ("panel", "שלום עולם 123\nمرحبا بالعالم\nسلام دنیا ۱۲۳\nOLED: (שלום) 1.5", "auto", 128, 64, 64),
]
LINE_HEIGHT = 16


def read_font(hex_path, combining_path):
    opener = gzip.open if hex_path.endswith(".gz") else open
    glyphs = {}
    with opener(hex_path, "rt", encoding="ascii") as lines:
        for line in lines:
            if line.strip():
                code, bits = line.strip().split(":")
                glyphs[int(code, 16)] = bits
    offsets = {}
    with open(combining_path, encoding="ascii") as lines:
        for line in lines:
            if line.strip():
                code, offset = line.strip().split(":")
                offsets[int(code, 16)] = int(offset)
    return glyphs, offsets


def glyph_width(glyphs, cp):
    return len(glyphs[cp]) // 4  # 32 hex digits: 8 pixels a row; 64: 16


def fribidi(lines, direction):
    """Visual lines (shaped, mirrored; U+FEFF fillers of lam-alef left out)."""
    if not lines:
        return []
    flag = {"ltr": ["--ltr"], "rtl": ["--rtl"], "auto": []}[direction]
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    out = subprocess.run(["fribidi", "--nopad", "--nobreak"] + flag, input=data, stdout=subprocess.PIPE,
                         check=True).stdout.decode("utf-8")
    visual = out.split("\n")[:len(lines)]
    return [[ord(c) for c in line if c != "\ufeff"] for line in visual]


def base_direction(text):
    out = subprocess.run(["fribidi", "--basedir", "--novisual"], input=(text + "\n").encode("utf-8"),
                         stdout=subprocess.PIPE, check=True).stdout.decode("ascii")
    return "rtl" if "R" in out.split(":")[1] else "ltr"


def wrap(text, width, glyphs, offsets):
    """Greedy lines after spaces; a word wider than the line between characters."""
    def size(chars):
        return sum(0 if ord(c) in offsets else glyph_width(glyphs, ord(c)) for c in chars)
    for c in text:
        if c != " " and (ord(c) in offsets or glyph_width(glyphs, ord(c)) != 8):
            raise SystemExit("wrap screens hold 8-pixel letters, digits and spaces only: U+%04X" % ord(c))
    lines = []
    line = ""
    for word in text.split(" "):
        candidate = word if not line else line + " " + word
        if size(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
            line = ""
        while size(word) > width:
            cut = len(word)
            while size(word[:cut]) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    lines.append(line)
    return lines


def compose(screen, glyphs, offsets):
    name, text, direction, width, height, capacity = screen
    pixels = [[0] * width for _ in range(height)]
    top = 0
    overflows = False
    for paragraph in text.split("\n"):
        pieces = [paragraph[i:i + capacity] for i in range(0, len(paragraph), capacity)] or [""]
        piece_direction = direction if direction != "auto" else base_direction(pieces[0]) if pieces[0] else "ltr"
        for piece in pieces:
            natural = sum(0 if ord(c) in offsets else glyph_width(glyphs, ord(c)) for c in piece.rstrip(" "))
            lines = wrap(piece, width, glyphs, offsets) if natural > width else [piece]
            lines = [line.rstrip(" ") for line in lines]
            for visual in fribidi(lines, piece_direction) if piece else [[]]:
                if top + LINE_HEIGHT > height:
                    overflows = True
                if top >= height:
                    continue
                advance = sum(0 if cp in offsets else glyph_width(glyphs, cp) for cp in visual)
                if advance > width:
                    raise SystemExit("%s: a line of %d pixels in a box of %d" % (name, advance, width))
                pen = width - advance if piece_direction == "rtl" else 0
                base = pen
                for cp in visual:
                    bits = glyphs[cp]
                    glyph_columns = len(bits) // 4
                    if cp not in offsets:
                        x0 = pen
                    elif offsets[cp] < 0:
                        x0 = pen + offsets[cp]  # back over the base drawn before it
                    else:
                        x0 = base + offsets[cp]  # a right-to-left mark: over its base
                    row_digits = len(bits) // 16
                    for row in range(16):
                        value = int(bits[row * row_digits:(row + 1) * row_digits], 16)
                        for column in range(glyph_columns):
                            if (value >> (glyph_columns - 1 - column)) & 1:
                                x, y = x0 + column, top + row
                                if 0 <= x < width and y < height:
                                    pixels[y][x] = 1
                    if cp not in offsets:
                        base = pen
                        pen += glyph_columns
                top += LINE_HEIGHT
    return pixels, overflows


def c_string(text):
    return '"' + "".join("\\x%02X" % b for b in text.encode("utf-8")) + '"'


def main():
    hex_path, combining_path, output = sys.argv[1:4]
    glyphs, offsets = read_font(hex_path, combining_path)
    out = ["// Generated by make_paragraph_screens.py from FriBidi and unifont.hex: do not edit.",
           "#pragma once", "", "#include <cstdint>", "", "namespace paragraph_screens {", ""]
    entries = []
    for screen in SCREENS:
        name, text, direction, width, height, capacity = screen
        pixels, overflows = compose(screen, glyphs, offsets)
        data = []
        for row in pixels:
            for x in range(0, width, 8):
                byte = 0
                for bit in range(8):
                    if x + bit < width and row[x + bit]:
                        byte |= 0x80 >> bit
                data.append(byte)
        out.append("inline constexpr std::uint8_t k%sPixels[] = {" % name.title().replace("_", ""))
        for i in range(0, len(data), 16):
            out.append("    " + ", ".join("0x%02X" % b for b in data[i:i + 16]) + ",")
        out.append("};")
        direction_value = {"auto": 0, "ltr": 1, "rtl": 2}[direction]
        entries.append("    {\"%s\", %s, %d, %d, %d, %d, %s, k%sPixels}," % (
            name, c_string(text), direction_value, width, height, capacity, "true" if overflows else "false",
            name.title().replace("_", "")))
    out += ["", "struct Screen {", "  const char* name;", "  const char* text;  // UTF-8, logical order",
            "  unsigned direction;  // utf8mcu::text::BidiDirection", "  int width;", "  int height;",
            "  unsigned capacity;  // of the ParagraphBox: 64, or 8", "  bool overflows;",
            "  const std::uint8_t* pixels;  // rows, 8 pixels a byte, leftmost in the high bit", "};", "",
            "inline constexpr Screen kScreens[] = {"] + entries + ["};", "", "}  // namespace paragraph_screens", ""]
    with open(output, "w", encoding="ascii") as sink:
        sink.write("\n".join(out))


if __name__ == "__main__":
    main()
