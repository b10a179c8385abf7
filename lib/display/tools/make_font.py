#!/usr/bin/env python3
"""Converts a bitmap font (BDF, GNU Unifont .hex, and plane-1 glyphs of
unifont_upper.otf) into a utf8mcu::display::Font: C++ source and header.

    make_font.py --font 6x13.bdf --ranges 0x20-0x7E,0xA0-0xFF \
        --blocks "Greek and Coptic;Cyrillic" --text-files strings.txt \
        --ucd-dir /usr/share/unicode --symbol kFont6x13 \
        --source font.cpp --header font.h [--stats font.txt]
    make_font.py --font unifont.hex --combining plane00-combining.txt --set europe ...
    make_font.py --font unifont.hex --emoji-otf unifont_upper.otf --ranges 0x1F600-0x1F64F ...

The glyphs come from every selector given (union): --set (a named preset),
--ranges, --blocks (names from Blocks.txt), --text-files (every character in
those UTF-8 files). Controls and default-ignorable code points are never
stored, nor are the emoji skin-tone modifiers (the renderer draws controls as
hex boxes, ignorables and modifiers as nothing).
Requested code points the source lacks are reported (an error with
--require-all). A malformed source fails with its file and line.

Glyph records, one little-endian bit stream without padding (see
lib/display/include/utf8mcu/display/font.h):
  23-bit header  bits 0-4 ink width, 5-9 ink height, 10-14 ink top (rows
                 below the line top), 15-20 x offset of the ink from the pen
                 + 32, 21-22 advance: 0, 1 cell, 2 cells, or 3 = 8 bits follow
  then           the ink columns, left to right, `height` bits each (bit 0
                 of a column = its top row)
Index: one uint32 key per run of consecutive code points (first << 11 |
count - 1), the ordinal of each run's first glyph (uint16), and the bit
offset of every 8th record (uint16, >> anchor shift; records there start on a
multiple of 2^shift bits); a lookup walks at most 7 records from the anchor.
With --compositions, Unicode's canonical composition pairs whose composite
the font holds (and the steps to them), for decomposed text: UnicodeData.txt's
two-code-point canonical decompositions less CompositionExclusions.txt and the
non-starter decompositions (font.h: Font::compositions).
Standard library only, except --emoji-otf (Pillow).
"""

import argparse
import bz2
import gzip
import os
import re
import sys

MAX_RUN = 2048          # count - 1 has 11 bits in a run key
MAX_LINE_HEIGHT = 25    # a column of ink shifted within a page must fit 32 bits
MAX_INK_WIDTH = 31
MAX_CODE_POINT = 0x10FFFF
HEADER_BITS = 23
SLACK_BYTES = 3
ANCHOR_EVERY = 8

LATIN = [(0x0020, 0x007E), (0x00A0, 0x00FF), (0xFFFD, 0xFFFD)]
EUROPE = LATIN + [(0x0100, 0x017F), (0x0300, 0x036F), (0x0370, 0x03FF), (0x0400, 0x04FF),
                  (0x2010, 0x2027), (0x2030, 0x205E), (0x20A0, 0x20C0), (0x2190, 0x21FF),
                  (0x2500, 0x257F), (0x2580, 0x259F)]
CJK = EUROPE + [(0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0xFF00, 0xFFEF)]
# Scripts beyond Europe's, each with LATIN (ASCII for protocols and numbers).
# Vietnamese: the letters of Latin Extended-A/B it uses (Ă Đ Ĩ Ũ Ơ Ư), the
# tone marks as combining marks and precomposed (Latin Extended Additional), ₫.
VIETNAMESE = LATIN + [(0x0102, 0x0103), (0x0110, 0x0111), (0x0128, 0x0129), (0x0168, 0x0169), (0x01A0, 0x01A1),
                      (0x01AF, 0x01B0), (0x0300, 0x0303), (0x0309, 0x0309), (0x0323, 0x0323), (0x1EA0, 0x1EF9),
                      (0x20AB, 0x20AB)]
HEBREW = LATIN + [(0x0590, 0x05FF), (0xFB1D, 0xFB4F), (0x20AA, 0x20AA)]
# Arabic with its presentation forms (Arabic Presentation Forms-A and -B), the
# shapes a renderer without shaping tables draws.
ARABIC = LATIN + [(0x0600, 0x06FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)]
THAI = LATIN + [(0x0E00, 0x0E7F)]
# Korean: all 11,172 Hangul syllables, the compatibility jamo, CJK punctuation.
KOREAN = LATIN + [(0x3000, 0x303F), (0x3130, 0x318F), (0xAC00, 0xD7A3)]
DEVANAGARI = LATIN + [(0x0900, 0x097F), (0x20B9, 0x20B9)]
# preset name -> (ranges, number of most frequent Han characters)
SETS = {"latin": (LATIN, 0), "europe": (EUROPE, 0), "cjk": (CJK, 500), "vietnamese": (VIETNAMESE, 0),
        "hebrew": (HEBREW, 0), "arabic": (ARABIC, 0), "thai": (THAI, 0), "korean": (KOREAN, 0),
        "devanagari": (DEVANAGARI, 0)}
# Emoji skin-tone modifiers: they modify the emoji before them and, like the
# default-ignorables, are never stored (the renderer draws them as nothing).
EMOJI_MODIFIERS = range(0x1F3FB, 0x1F3FF + 1)


class FontError(Exception):
    """A malformed source font or a failed request; the message names the file and line."""


def open_text(path, encoding="utf-8"):
    """Opens a text file that may be gzip- or bzip2-compressed."""
    if path.endswith(".gz"):
        return gzip.open(path, "rt", encoding=encoding)
    if path.endswith(".bz2"):
        return bz2.open(path, "rt", encoding=encoding)
    return open(path, "r", encoding=encoding)


class SourceGlyph:
    """Ink rows of one glyph: `rows[r]` has bit (width - 1 - x) set for pixel x
    (MSB = left), row 0 on top; placed like a BDF BBX (x_offset from the pen,
    y_offset of the bottom row above the baseline) with an advance."""

    def __init__(self, width, height, x_offset, y_offset, advance, rows):
        self.width, self.height, self.x_offset, self.y_offset = width, height, x_offset, y_offset
        self.advance, self.rows = advance, rows


class SourceFont:
    def __init__(self, path):
        self.path = path
        self.glyphs = {}      # code point -> SourceGlyph
        self.name = os.path.basename(path)

    def add(self, code_point, glyph, line):
        if code_point > MAX_CODE_POINT:
            raise FontError(f"{self.path}:{line}: code point 0x{code_point:X} is above U+10FFFF")
        if code_point in self.glyphs:
            raise FontError(f"{self.path}:{line}: duplicate glyph for U+{code_point:04X}")
        self.glyphs[code_point] = glyph


def read_bdf(path):
    """Parses a BDF 2.1 font. Glyphs with ENCODING -1 (no code point) are skipped."""
    font = SourceFont(path)
    with open_text(path, "latin-1") as lines:
        numbered = enumerate(lines, 1)
        default_bbx = None
        in_char = False
        for number, raw in numbered:
            fields = raw.split()
            if not fields:
                continue
            key = fields[0]
            try:
                if key == "FONT" and len(fields) > 1:
                    font.name = fields[1]
                elif key == "FONTBOUNDINGBOX":
                    default_bbx = [int(v) for v in fields[1:5]]
                elif key in ("CHARSET_REGISTRY", "CHARSET_ENCODING"):
                    setattr(font, key.lower(), raw.split(None, 1)[1].strip().strip('"').upper())
                elif key == "STARTCHAR":
                    in_char = True
                    start, encoding, advance, bbx = number, None, None, default_bbx
                elif key == "ENDCHAR" and in_char:
                    raise FontError(f"{path}:{number}: ENDCHAR without BITMAP")
                elif in_char and key == "ENCODING":
                    encoding, encoding_line = int(fields[1]), number  # -1: no code point, skipped
                    if encoding < -1:
                        raise FontError(f"{path}:{number}: negative ENCODING {encoding}")
                elif in_char and key == "DWIDTH":
                    advance = int(fields[1])
                elif in_char and key == "BBX":
                    bbx = [int(v) for v in fields[1:5]]
                    if len(bbx) != 4 or bbx[0] < 0 or bbx[1] < 0:
                        raise FontError(f"{path}:{number}: malformed BBX")
                elif in_char and key == "BITMAP":
                    if bbx is None:
                        raise FontError(f"{path}:{number}: BITMAP without BBX")
                    if advance is None:
                        advance = bbx[0]
                    width, height = bbx[0], bbx[1]
                    digits = (width + 7) // 8 * 2
                    rows = []
                    for number, raw in numbered:
                        text = raw.strip()
                        if text == "ENDCHAR":
                            break
                        if text.split()[0:1] in (["STARTCHAR"], ["ENDFONT"]):
                            raise FontError(f"{path}:{number}: missing ENDCHAR for the glyph at line {start}")
                        if not re.fullmatch(r"[0-9A-Fa-f]+", text):
                            raise FontError(f"{path}:{number}: bitmap row '{text}' is not hex")
                        if len(text) > digits:
                            raise FontError(f"{path}:{number}: bitmap row '{text}' is longer than the "
                                            f"{width}-pixel BBX ({digits} hex digits)")
                        value = int(text, 16) << (4 * (digits - len(text)))
                        if value & ((1 << (digits * 4 - width)) - 1):
                            raise FontError(f"{path}:{number}: bitmap row '{text}' has pixels right of the "
                                            f"{width}-pixel BBX")
                        rows.append(value >> (digits * 4 - width))
                        if len(rows) > height:
                            raise FontError(f"{path}:{number}: more bitmap rows than the BBX height {height}")
                    else:
                        raise FontError(f"{path}:{number}: missing ENDCHAR for the glyph at line {start}")
                    if len(rows) != height:
                        raise FontError(f"{path}:{number}: {len(rows)} bitmap rows, BBX says {height}")
                    in_char = False
                    if encoding is None:
                        raise FontError(f"{path}:{start}: glyph without ENCODING")
                    if encoding >= 0:
                        font.add(encoding, SourceGlyph(width, height, bbx[2], bbx[3], advance, rows), encoding_line)
            except (ValueError, IndexError):
                raise FontError(f"{path}:{number}: malformed {key} line") from None
        if in_char:
            raise FontError(f"{path}:{number}: missing ENDCHAR at the end of the file")
    # ENCODING is a code point only in Unicode-encoded fonts and in those
    # whose encoding is Unicode's first 128 or 256 code points.
    charset = f"{getattr(font, 'charset_registry', '')}-{getattr(font, 'charset_encoding', '')}"
    if charset not in ("ISO10646-1", "ISO8859-1", "ISO646.1991-IRV", "-"):
        raise FontError(f"{path}: glyphs encoded as {charset}, not Unicode: use the font's ISO10646-1 version")
    return font


def read_hex(path, combining_path=None):
    """Parses GNU Unifont .hex: 'XXXX:' + 32 (8x16) or 64 (16x16) hex digits.
    Combining marks (plane00-combining.txt) advance 0 and sit `offset` pixels
    from the pen (negative: over the character before)."""
    offsets = {}
    if combining_path:
        with open_text(combining_path) as lines:
            for number, line in enumerate(lines, 1):
                line = line.strip()
                if line:
                    match = re.fullmatch(r"([0-9A-Fa-f]{4,6}):(-?\d+)", line)
                    if not match:
                        raise FontError(f"{combining_path}:{number}: not 'code:offset'")
                    offsets[int(match.group(1), 16)] = int(match.group(2))
    font = SourceFont(path)
    with open_text(path, "ascii") as lines:
        for number, line in enumerate(lines, 1):
            line = line.strip()
            if not line:
                continue
            match = re.fullmatch(r"([0-9A-Fa-f]{4,8}):([0-9A-Fa-f]*)", line)
            if not match:
                raise FontError(f"{path}:{number}: not a Unifont .hex line")
            bits = match.group(2)
            if len(bits) not in (32, 64):
                raise FontError(f"{path}:{number}: {len(bits)} hex digits, not 32 (8x16) or 64 (16x16)")
            code_point = int(match.group(1), 16)
            width = len(bits) // 4
            digits = width // 4
            rows = [int(bits[r * digits:(r + 1) * digits], 16) for r in range(16)]
            if code_point in offsets:
                x_offset, advance = offsets[code_point], 0
            else:
                x_offset, advance = 0, width
            # Unifont's baseline: 2 of the 16 rows below it.
            font.add(code_point, SourceGlyph(width, 16, x_offset, -2, advance, rows), number)
    return font


def add_otf_glyphs(font, otf_path, wanted, python_note):
    """Rasterises the wanted code points above U+FFFF that unifont_upper.otf
    has, at 16 px: that reproduces Unifont's own bitmaps (8 or 16 wide)."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        raise FontError(f"{otf_path}: rasterising needs Pillow (Debian: python3-pil) in {python_note}") from None
    face = ImageFont.truetype(otf_path, 16)
    cmap = set()
    try:
        from fontTools.ttLib import TTFont  # optional: exact coverage
        cmap = set(TTFont(otf_path).getBestCmap())
    except ImportError:
        cmap = None

    def render(code_point):
        advance = int(round(face.getlength(chr(code_point))))
        if advance <= 0:
            return advance, None
        image = Image.new("1", (advance, 16), 0)
        ImageDraw.Draw(image).text((0, 0), chr(code_point), font=face, fill=1)
        return advance, image

    # Without fontTools, a code point the font lacks renders as its .notdef
    # glyph (a "?" box): the picture of U+1FFFF, a noncharacter no font maps.
    notdef = render(0x1FFFF)
    added = 0
    for code_point in sorted(c for c in wanted if c > 0xFFFF and c not in font.glyphs):
        if cmap is not None and code_point not in cmap:
            continue
        advance, image = render(code_point)
        if image is None or (cmap is None and advance not in (8, 16)):
            continue
        if cmap is None and (image.getbbox() is None or
                             (advance == notdef[0] and image.tobytes() == notdef[1].tobytes())):
            continue  # .notdef or empty
        rows = []
        for y in range(16):
            value = 0
            for x in range(advance):
                value = value << 1 | (1 if image.getpixel((x, y)) else 0)
            rows.append(value)
        font.glyphs[code_point] = SourceGlyph(advance, 16, 0, -2, advance, rows)
        added += 1
    return added


def read_font(path, combining=None):
    lower = path.lower()
    if lower.endswith((".hex", ".hex.gz")):
        return read_hex(path, combining)
    if lower.endswith((".bdf", ".bdf.gz")):
        return read_bdf(path)
    raise FontError(f"{path}: unknown font format (want .bdf or Unifont .hex, optionally .gz)")


# ---- choosing code points ---------------------------------------------------------------

def parse_ranges(text):
    """'0x20-0x7E,U+A0..U+FF,0x20AC' -> [(first, last)]."""
    ranges = []
    for item in re.split(r"[,;\s]+", text.strip()):
        if not item:
            continue
        match = re.fullmatch(r"(?:U\+|0x)?([0-9A-Fa-f]+)(?:(?:-|\.\.)(?:U\+|0x)?([0-9A-Fa-f]+))?", item)
        if not match:
            raise FontError(f"RANGES: '{item}' is not a code point or range (e.g. 0x20-0x7E)")
        first = int(match.group(1), 16)
        last = int(match.group(2), 16) if match.group(2) else first
        if first > last or last > MAX_CODE_POINT:
            raise FontError(f"RANGES: '{item}' is empty or above U+10FFFF")
        ranges.append((first, last))
    return ranges


def read_blocks(ucd_dir):
    blocks = {}
    with open_text(os.path.join(ucd_dir, "Blocks.txt")) as lines:
        for line in lines:
            match = re.match(r"([0-9A-F]+)\.\.([0-9A-F]+); (.+)$", line.strip())
            if match:
                blocks[normalise(match.group(3))] = (int(match.group(1), 16), int(match.group(2), 16))
    return blocks


def normalise(name):
    """Block names match loosely, as UAX #44 says (case, spaces, '-' and '_' ignored)."""
    return re.sub(r"[\s_-]", "", name).lower()


def read_categories(ucd_dir):
    """{code point: general category} from UnicodeData.txt (ranges expanded)."""
    categories = {}
    with open_text(os.path.join(ucd_dir, "UnicodeData.txt")) as lines:
        first = None
        for line in lines:
            fields = line.split(";")
            code_point, name, category = int(fields[0], 16), fields[1], fields[2]
            if name.endswith(", First>"):
                first = code_point
            elif name.endswith(", Last>"):
                for c in range(first, code_point + 1):
                    categories[c] = category
            else:
                categories[code_point] = category
    return categories


def read_compositions(ucd_dir):
    """Unicode's canonical composition pairs, {composite: (first, second)},
    and the canonical combining classes {code point: class > 0}: the
    two-code-point canonical decompositions of UnicodeData.txt less the
    primary-composite exclusions, i.e. those listed in
    CompositionExclusions.txt and those whose composite or first code point
    has a combining class (non-starter decompositions; UAX #15). Hangul
    syllables compose by arithmetic, not by pairs."""
    classes, decompositions = {}, {}
    with open_text(os.path.join(ucd_dir, "UnicodeData.txt")) as lines:
        for line in lines:
            fields = line.split(";")
            code_point = int(fields[0], 16)
            if int(fields[3]):
                classes[code_point] = int(fields[3])
            mapping = fields[5].split()
            if len(mapping) == 2 and not mapping[0].startswith("<"):
                decompositions[code_point] = (int(mapping[0], 16), int(mapping[1], 16))
    excluded = set()
    with open_text(os.path.join(ucd_dir, "CompositionExclusions.txt")) as lines:
        for line in lines:
            field = line.split("#")[0].strip()
            if field:
                excluded.add(int(field, 16))
    pairs = {c: d for c, d in decompositions.items()
             if c not in excluded and c not in classes and d[0] not in classes}
    return pairs, classes


class CompositionTable:
    """The pairs of the font: every pair whose composite the font holds, and
    the pairs that build the first code points of those (e + U+0302 -> U+00EA
    for U+00EA + U+0301 -> U+1EBF) even where the font lacks that
    intermediate (the renderer then draws the last composite it has).
    Words (font.h): mark count, mark << 8 | class, then (first << 8 | mark
    index, composite) per pair."""

    def __init__(self, code_points, pairs, classes):
        chosen = {}
        for composite in code_points:
            while composite in pairs and composite not in chosen:
                chosen[composite] = pairs[composite]
                composite = pairs[composite][0]
        self.marks = sorted({second for _, second in chosen.values()})
        if len(self.marks) > 256:
            raise FontError(f"{len(self.marks)} composing marks: the table has room for 256")
        index = {mark: i for i, mark in enumerate(self.marks)}
        self.pairs = sorted((first << 8 | index[second], composite) for composite, (first, second) in chosen.items())
        self.words = []
        if self.pairs:
            self.words = [len(self.marks)] + [m << 8 | classes.get(m, 0) for m in self.marks]
            for key, composite in self.pairs:
                self.words += [key, composite]

    def size(self):
        return 4 * len(self.words)


def code_points_with(path, value_pattern):
    """Code points of the UCD file's 'XXXX[..YYYY] ; value' lines whose value matches."""
    found = set()
    with open_text(path) as lines:
        for line in lines:
            match = re.match(r"([0-9A-F]+)(?:\.\.([0-9A-F]+))?\s*;\s*(?:" + value_pattern + r")\b", line)
            if match:
                first = int(match.group(1), 16)
                found.update(range(first, int(match.group(2) or match.group(1), 16) + 1))
    return found


def read_east_asian_wide(ucd_dir):
    """Code points whose East_Asian_Width is W or F (EastAsianWidth.txt)."""
    return code_points_with(os.path.join(ucd_dir, "EastAsianWidth.txt"), "W|F")


def read_default_ignorable(ucd_dir):
    return code_points_with(os.path.join(ucd_dir, "DerivedCoreProperties.txt"), "Default_Ignorable_Code_Point")


def most_frequent_han(path, count):
    """The `count` Han characters with the highest summed kHanyuPinlu counts
    (Xiandai Hanyu Pinlu Cidian frequencies, one per reading); ties by code point."""
    totals = {}
    with open_text(path) as lines:
        for line in lines:
            fields = line.rstrip("\n").split("\t")
            if len(fields) == 3 and fields[1] == "kHanyuPinlu":
                totals[int(fields[0][2:], 16)] = sum(int(n) for n in re.findall(r"\((\d+)\)", fields[2]))
    if len(totals) < count:
        raise FontError(f"{path}: only {len(totals)} characters have kHanyuPinlu")
    return sorted(totals, key=lambda cp: (-totals[cp], cp))[:count]


def text_file_code_points(path):
    code_points = set()
    with open(path, "rb") as data:
        for number, raw in enumerate(data, 1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                raise FontError(f"{path}:{number}: not UTF-8 ({error.reason} at byte {error.start})") from None
            code_points.update(ord(c) for c in line)
    return code_points


class Request:
    """The code points asked for, and which of them must exist in the source:
    every code point of TEXT_FILES and single code points of RANGES; of
    ranges and blocks only the assigned ones."""

    def __init__(self, args, categories, ignorable):
        self.wanted = set()
        self.described = []
        assigned = lambda c: categories.get(c, "Cn") not in ("Cn", "Cs", "Co")
        skipped = lambda c: categories.get(c, "Cn") == "Cc" or c in ignorable or c in EMOJI_MODIFIERS
        ranges = []
        if args.set:
            preset, han = SETS[args.set]
            ranges += preset
            self.described.append(f"set {args.set}")
            if han:
                if not args.unihan:
                    raise FontError(f"set {args.set} needs --unihan")
                self.wanted.update(most_frequent_han(args.unihan, han))
        if args.ranges:
            parsed = [r for group in args.ranges for r in parse_ranges(group)]
            ranges += parsed
            self.described.append("ranges " + ",".join(f"{a:X}-{b:X}" if a != b else f"{a:X}" for a, b in parsed))
        if args.blocks:
            blocks = read_blocks(args.ucd_dir)
            names = [n for group in args.blocks for n in group.split(";") if n.strip()]
            for name in names:
                if normalise(name) not in blocks:
                    raise FontError(f"BLOCKS: no Unicode block named '{name.strip()}' in Blocks.txt")
                ranges.append(blocks[normalise(name)])
            self.described.append("blocks " + ", ".join(n.strip() for n in names))
        for first, last in ranges:
            self.wanted.update(c for c in range(first, last + 1) if first == last or assigned(c))
        for path in args.text_files or []:
            self.wanted.update(text_file_code_points(path))
            self.described.append("text " + os.path.basename(path))
        self.wanted = {c for c in self.wanted if not skipped(c)}


# ---- the table ------------------------------------------------------------------------

class Ink:
    """A glyph cropped to its ink: columns of `height` bits from row `top` of the line."""

    def __init__(self, glyph, baseline):
        rows = glyph.rows
        used_rows = [r for r in range(glyph.height) if rows[r]]
        mask = 0
        for value in rows:
            mask |= value
        if not used_rows:
            self.width = self.height = self.top = 0
            self.x_offset = 0
            self.columns = []
            return
        first_row, last_row = used_rows[0], used_rows[-1]
        xs = [x for x in range(glyph.width) if mask >> (glyph.width - 1 - x) & 1]
        left, right = xs[0], xs[-1]
        self.width = right - left + 1
        self.height = last_row - first_row + 1
        # BBX: the bottom row sits y_offset rows above the baseline.
        bbx_top = baseline - (glyph.y_offset + glyph.height)
        self.top = bbx_top + first_row
        self.x_offset = glyph.x_offset + left
        self.columns = []
        for x in range(left, right + 1):
            value = 0
            for r in range(first_row, last_row + 1):
                if rows[r] >> (glyph.width - 1 - x) & 1:
                    value |= 1 << (r - first_row)
            self.columns.append(value)


class FontTable:
    def __init__(self, font, code_points, categories, name, east_asian_wide=frozenset(), compositions=({}, {})):
        self.name = name
        self.code_points = sorted(code_points)
        glyphs = [font.glyphs[c] for c in self.code_points]
        if not glyphs:
            raise FontError(f"{font.path}: none of the requested code points is in the font")
        # Line box: the chosen glyphs' BBX extents (a misc-fixed BBX is the whole
        # cell, so there that is the font's box; a proportional font's line is
        # as tall as its tallest chosen glyph).
        boxes = [g for g in glyphs if g.height]
        ascent = max([g.y_offset + g.height for g in boxes] + [0])
        descent = max([-g.y_offset for g in boxes] + [0])
        self.baseline = ascent
        self.line_height = ascent + descent
        if self.line_height > MAX_LINE_HEIGHT:
            raise FontError(f"{font.path}: the chosen glyphs span {self.line_height} rows; at most "
                            f"{MAX_LINE_HEIGHT} are supported")
        # Combining marks of a BDF font that advance like a spacing glyph are
        # overstruck on the previous cell (as xterm does): move them back.
        inks = []
        advances = []
        self.marks = 0
        for c, g in zip(self.code_points, glyphs):
            ink = Ink(g, self.baseline)
            advance = g.advance
            if categories.get(c) in ("Mn", "Me") and advance > 0:
                ink.x_offset -= advance
                advance = 0
            if advance == 0:
                self.marks += 1
            if ink.width > MAX_INK_WIDTH or not 0 <= advance <= 255:
                raise FontError(f"{font.path}: U+{c:04X} is too wide or offset too far for the format")
            inks.append(ink)
            advances.append(advance)
        self.inks = inks
        self.cell_width = self._cell_width(font, advances)
        self.proportional = any(a not in (0, self.cell_width, 2 * self.cell_width) for a in advances)
        if self.proportional:
            # The renderer counts a glyph of two cells or more as wide (a break
            # opportunity before and after it). In a proportional font the cell
            # is therefore more than half its widest narrow glyph (East Asian
            # Width neither W nor F): an M or a W is no ideograph.
            narrow = [a for c, a in zip(self.code_points, advances) if c not in east_asian_wide]
            if narrow:
                self.cell_width = max(self.cell_width, max(narrow) // 2 + 1)
        # One bit stream of records (header, [advance], ink), no padding
        # except before anchored records when the anchors need a shift.
        pieces = []  # (value, bit count) per record
        for c, ink, advance in zip(self.code_points, inks, advances):
            top = ink.top if ink.height else 0
            if not 0 <= top <= MAX_LINE_HEIGHT or not -32 <= ink.x_offset <= 31:
                raise FontError(f"{font.path}: U+{c:04X}: ink offset ({ink.x_offset}, {top}) outside the format")
            advance_class = {0: 0, self.cell_width: 1, 2 * self.cell_width: 2}.get(advance, 3)
            value = ink.width | ink.height << 5 | top << 10 | (ink.x_offset + 32) << 15 | advance_class << 21
            count = HEADER_BITS
            if advance_class == 3:
                value |= advance << count
                count += 8
            for column in ink.columns:
                value |= column << count
                count += ink.height
            pieces.append((value, count))
        self.anchor_shift = 0
        while True:
            stream, position, self.offsets = 0, 0, []
            for i, (value, count) in enumerate(pieces):
                if i % ANCHOR_EVERY == 0:
                    position = -(-position >> self.anchor_shift) << self.anchor_shift
                self.offsets.append(position)
                stream |= value << position
                position += count
            if self.offsets[-1 - (len(self.offsets) - 1) % ANCHOR_EVERY] >> self.anchor_shift <= 0xFFFF:
                break
            self.anchor_shift += 1
        self.stream_bits = position
        # Slack: the renderer reads 4 whole bytes for a header at any bit.
        self.records = bytearray(stream.to_bytes((position + 7) // 8 + SLACK_BYTES, "little"))
        self.anchors = [self.offsets[i] >> self.anchor_shift for i in range(0, len(self.offsets), ANCHOR_EVERY)]
        # Runs of consecutive code points.
        self.runs = []  # [first, count, ordinal]
        for ordinal, c in enumerate(self.code_points):
            last = self.runs[-1] if self.runs else None
            if last and last[0] + last[1] == c and last[1] < MAX_RUN:
                last[1] += 1
            else:
                self.runs.append([c, 1, ordinal])
        if len(self.code_points) > 0xFFFF:
            raise FontError("more than 65535 glyphs in one font")
        self.compositions = CompositionTable(self.code_points, *compositions)

    def _cell_width(self, font, advances):
        """The narrow cell: the source font's advance of SPACE or '0', else the
        most common advance. From the source, not the chosen glyphs: a subset of
        only wide glyphs (CJK, emoji) keeps its 2-cell advances, so that they
        stay wide (break opportunities) beside other fonts in a chain."""
        for c in (0x20, 0x30):
            glyph = font.glyphs.get(c)
            if glyph is not None and glyph.advance:
                return glyph.advance
        spacing = [a for a in advances if a]
        return max(set(spacing), key=spacing.count) if spacing else 8

    def sizes(self):
        """Flash bytes: (records, index, total); the total counts the compositions too."""
        index = len(self.runs) * 6 + len(self.anchors) * 2
        return len(self.records), index, len(self.records) + index + self.compositions.size()

    def summary(self):
        records, index, total = self.sizes()
        kind = "proportional" if self.proportional else f"cell {self.cell_width} px"
        compositions = ""
        if self.compositions.words:
            compositions = (f" + compositions {self.compositions.size()} B ({len(self.compositions.pairs)} pairs, "
                            f"{len(self.compositions.marks)} marks)")
        return (f"font {self.name}: {len(self.code_points)} glyphs ({self.marks} combining), {kind}, line "
                f"{self.line_height} px, baseline {self.baseline}; glyphs {records} B + index {index} B"
                f"{compositions} = {total} B")


def c_array(type_name, name, values, per_line, fmt):
    lines = [f"const {type_name} {name}[] = {{"]
    for i in range(0, len(values), per_line):
        lines.append("    " + ", ".join(fmt(v) for v in values[i:i + per_line]) + ",")
    lines.append("};")
    return lines


def write_outputs(table, args, described, sources):
    note = f"// Generated by lib/display/tools/make_font.py from {', '.join(sources)}: do not edit."
    header = [
        "#pragma once",
        note,
        f"// Glyphs: {described}.",
        "// " + table.summary(),
        '#include "utf8mcu/display/font.h"',
        "",
        f"namespace {args.namespace} {{",
        f"extern const Font {args.symbol};",
        f"}}  // namespace {args.namespace}",
        "",
    ]
    keys = [first << 11 | (count - 1) for first, count, _ in table.runs]
    source = [note, f'#include "{args.header_include or os.path.basename(args.header)}"', "",
              f"namespace {args.namespace} {{", "namespace {", ""]
    source += ["// first code point << 11 | (count - 1)"]
    source += c_array("std::uint32_t", "kRunKeys", keys, 6, lambda v: f"0x{v:08X}u")
    source += ["", "// Ordinal of each run's first glyph."]
    source += c_array("std::uint16_t", "kRunGlyphs", [o for _, _, o in table.runs], 10, str)
    source += ["", f"// Bit offset of every {ANCHOR_EVERY}th glyph record >> {table.anchor_shift}."]
    source += c_array("std::uint16_t", "kAnchors", table.anchors, 10, str)
    source += ["", "// Glyph records, one bit stream: 23-bit header [, advance], ink bits (font.h); 3 bytes slack."]
    source += c_array("std::uint8_t", "kGlyphs", list(table.records), 16, lambda v: f"0x{v:02X}")
    compositions = ""
    if table.compositions.words:
        source += ["", "// Canonical compositions (font.h): mark count; mark << 8 | combining class; then per pair",
                   "// first << 8 | mark index, composite."]
        source += c_array("std::uint32_t", "kCompositions", table.compositions.words, 6, lambda v: f"0x{v:08X}u")
        compositions = f", kCompositions, {len(table.compositions.words)}u"
    source += [
        "",
        "}  // namespace",
        "",
        # constexpr (it stays extern: the header declared it so), for the
        # renderer's limits checked when the table is compiled.
        f"constexpr Font {args.symbol}{{kRunKeys, kRunGlyphs, kAnchors, kGlyphs, {len(table.runs)}u,",
        f"    {len(table.records)}u, {table.line_height}, {table.baseline}, {table.cell_width}, "
        f"{table.anchor_shift}, \"{table.name}\"{compositions}}};",
        f"static_assert(utf8mcu::display::font_within_limits({args.symbol}), \"{args.symbol}: line beyond kMaxLineHeight\");",
        "",
        f"}}  // namespace {args.namespace}",
        "",
    ]
    with open(args.header, "w", encoding="utf-8") as out:
        out.write("\n".join(header))
    with open(args.source, "w", encoding="utf-8") as out:
        out.write("\n".join(source))


def char_lcd_rows(table):
    """--char-lcd: each BMP glyph as 8 rows of 5 pixels (bits 4-0, left to right), its ink placed from the
    line top and clipped to 5 x 8, as a character LCD's CGRAM takes it."""
    glyphs = []
    for c, ink in zip(table.code_points, table.inks):
        if c > 0xFFFF:
            continue
        rows = [0] * 8
        for column, bits in enumerate(ink.columns):
            x = ink.x_offset + column
            for r in range(ink.height):
                y = ink.top + r
                if 0 <= x <= 4 and 0 <= y < 8 and bits >> r & 1:
                    rows[y] |= 0x10 >> x
        glyphs.append((c, rows))
    return glyphs


def write_char_lcd_outputs(table, args, described, sources):
    note = f"// Generated by lib/display/tools/make_font.py from {', '.join(sources)}: do not edit."
    glyphs = char_lcd_rows(table)
    header = [
        "#pragma once",
        note,
        f"// CGRAM glyphs (5x8, sorted by code point): {described}; {len(glyphs)} glyphs, {len(glyphs) * 10} B.",
        '#include "utf8mcu/display/char_lcd.h"',
        "",
        f"namespace {args.namespace} {{",
        f"extern const CharLcdGlyphs {args.symbol};",
        f"}}  // namespace {args.namespace}",
        "",
    ]
    source = [note, f'#include "{args.header_include or os.path.basename(args.header)}"', "",
              f"namespace {args.namespace} {{", "namespace {", ""]
    source += c_array("std::uint16_t", "kCodePoints", [c for c, _ in glyphs], 10, lambda v: f"0x{v:04X}")
    source += ["", "// 8 rows each, bits 4-0 left to right.", "const std::uint8_t kRows[][8] = {"]
    source += ["    {" + ", ".join(f"0x{v:02X}" for v in rows) + f"}},  // U+{c:04X}" for c, rows in glyphs]
    source += ["};", "", "}  // namespace", "",
               f"constexpr CharLcdGlyphs {args.symbol}{{kCodePoints, kRows, {len(glyphs)}u}};", "",
               f"}}  // namespace {args.namespace}", ""]
    with open(args.header, "w", encoding="utf-8") as out:
        out.write("\n".join(header))
    with open(args.source, "w", encoding="utf-8") as out:
        out.write("\n".join(source))


def check_chain(args, request, present, categories, ignorable):
    """--strict: every code point of the text files must have a glyph in the
    chain (this font and the --chain-coverage ones); controls, ignorables and
    skin-tone modifiers need none (drawn as hex boxes or nothing, by design)."""
    covered = set(present)
    for path in args.chain_coverage:
        with open(path, encoding="utf-8") as lines:
            covered.update(int(line, 16) for line in lines if line.strip())
    lacking = {}
    for path in args.text_files or []:
        for c in text_file_code_points(path):
            if c in covered or categories.get(c, "Cn") == "Cc" or c in ignorable or c in EMOJI_MODIFIERS:
                continue
            lacking.setdefault(c, os.path.basename(path))
    if lacking:
        listed = "\n".join(f"  U+{c:04X} {chr(c)!r} ({lacking[c]})" for c in sorted(lacking))
        raise FontError(f"STRICT: {len(lacking)} code points of the text files have no glyph in the chain "
                        f"(they would be hex boxes):\n{listed}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--font", required=True, help="BDF or Unifont .hex (may be .gz)")
    parser.add_argument("--combining", help="Unifont plane00-combining.txt (with a .hex font)")
    parser.add_argument("--emoji-otf", help="unifont_upper.otf: plane-1 glyphs rasterised at 16 px")
    parser.add_argument("--ucd-dir", required=True,
                        help="UnicodeData.txt, Blocks.txt, DerivedCoreProperties.txt, EastAsianWidth.txt")
    parser.add_argument("--unihan", help="Unihan_Readings.txt(.bz2), for the cjk preset")
    parser.add_argument("--set", choices=sorted(SETS), help="a preset glyph set")
    parser.add_argument("--ranges", action="append", help="code points and ranges: 0x20-0x7E,0xA0-0xFF,0x20AC (repeatable)")
    parser.add_argument("--blocks", action="append", help="Unicode block names, ';'-separated (repeatable)")
    parser.add_argument("--text-files", nargs="*", help="every character in these UTF-8 files")
    parser.add_argument("--require-all", action="store_true", help="a requested code point the font lacks is an error")
    parser.add_argument("--name", help="the font's name in Font::name (default: the source's)")
    parser.add_argument("--symbol", default="kFont")
    parser.add_argument("--namespace", default="utf8mcu::display::fonts")
    parser.add_argument("--source")
    parser.add_argument("--header")
    parser.add_argument("--header-include", help="how the source includes the header")
    parser.add_argument("--stats", help="also write the one-line summary here")
    parser.add_argument("--coverage", help="also write the font's code points here, one per line (hex)")
    parser.add_argument("--compositions", action="store_true",
                        help="also emit the canonical composition pairs of the font's precomposed glyphs, so that "
                             "decomposed text draws them (needs CompositionExclusions.txt in --ucd-dir)")
    parser.add_argument("--strict", action="store_true",
                        help="a code point of --text-files that neither this font nor a --chain-coverage font "
                             "has is an error (all are listed)")
    parser.add_argument("--char-lcd", action="store_true",
                        help="write CGRAM glyphs for char_lcd.h (CharLcdGlyphs: code points and 8 rows of 5 "
                             "pixels each) instead of a Font")
    parser.add_argument("--chain-coverage", action="append", default=[],
                        help="a --coverage file of another font of the chain (repeatable)")
    args = parser.parse_args()
    if not (args.source and args.header):
        parser.error("--source and --header are required")
    if not (args.set or args.ranges or args.blocks or args.text_files):
        parser.error("choose glyphs with --set, --ranges, --blocks or --text-files")
    try:
        categories = read_categories(args.ucd_dir)
        ignorable = read_default_ignorable(args.ucd_dir)
        request = Request(args, categories, ignorable)
        font = read_font(args.font, args.combining)
        sources = [args.font]
        if args.emoji_otf:
            add_otf_glyphs(font, args.emoji_otf, request.wanted, sys.executable)
            sources.append(args.emoji_otf)
        missing = sorted(c for c in request.wanted if c not in font.glyphs)
        present = request.wanted - set(missing)
        if missing:
            listed = " ".join(f"U+{c:04X}" for c in missing[:12]) + (" ..." if len(missing) > 12 else "")
            message = f"{args.font}: {len(missing)} requested code points are not in the font: {listed}"
            if args.require_all:
                raise FontError(message)
            print(f"make_font.py: note: {message}", file=sys.stderr)
        if args.strict:
            check_chain(args, request, present, categories, ignorable)
        table = FontTable(font, present, categories, args.name or os.path.basename(args.font).split(".")[0],
                          read_east_asian_wide(args.ucd_dir),
                          read_compositions(args.ucd_dir) if args.compositions else ({}, {}))
    except FontError as error:
        sys.exit(f"make_font.py: error: {error}")
    except OSError as error:
        sys.exit(f"make_font.py: error: {error.filename}: {error.strerror}")
    if args.char_lcd:
        write_char_lcd_outputs(table, args, "; ".join(request.described), sources)
    else:
        write_outputs(table, args, "; ".join(request.described), sources)
    print(table.summary())
    if args.stats:
        with open(args.stats, "w", encoding="utf-8") as out:
            out.write(table.summary() + "\n")
    if args.coverage:
        with open(args.coverage, "w", encoding="utf-8") as out:
            out.write("".join(f"{c:04X}\n" for c in table.code_points))


if __name__ == "__main__":
    main()
