#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (checked in under test/fuzz/corpus).

    python3 test/fuzz/make_corpus.py

corpus/text: raw text, for fuzz_differential and fuzz_boundary.
corpus/cut:  [s n][n schedule bytes][text] (see fuzz_support.h, CutInput),
             for fuzz_decoder and fuzz_transcode, which reads the text also
             as UTF-16LE and UTF-32LE and takes its policy from the selector
             s (the seeds take turns: replace, report, skip).
corpus/segmentation: [s n][n schedule bytes][text] for fuzz_grapheme and
             fuzz_line_break: emoji sequences, flags, Hangul jamo, marks,
             LB25's held (PR | PO) OP NU, spaces after OP, CR LF.
corpus/text_box, corpus/terminal: for the display targets, whose settings
             FuzzedDataProvider takes from the end of the input and whose
             text it takes from the front (see display_seed()).
corpus/must_fail: the one input fuzz_must_fail must fail on.
corpus/bidi: paragraphs for fuzz_bidi (its palette indexes, deep nesting).

Seeds are the standard edge cases: every boundary of Table 3-7, each kind of
ill-formed part, Unicode's maximal-subpart example, CESU-8, the BOM, and
ASCII runs long enough for the word-at-a-time paths. Deterministic: running
it again rewrites the same files.
"""
import pathlib
import shutil
import struct

HERE = pathlib.Path(__file__).resolve().parent


def utf8(*code_points):
    return "".join(map(chr, code_points)).encode("utf-8", "surrogatepass")


TEXT = {
    "ascii": b"Hello, world! 0123456789",
    "mixed-scripts": "caf\u00e9 \u00df \u20ac100 \u2713 \u65e5\u672c\u8a9e \U0001F600".encode(),
    "maximal-subparts-example": bytes.fromhex("61 F1 80 80 E1 80 C2 62 80 63 80 BF 64"),
    "scalar-boundaries": utf8(0x00, 0x7F, 0x80, 0x7FF, 0x800, 0xFFF, 0x1000, 0xD7FF, 0xE000, 0xFFFD,
                              0xFFFF, 0x10000, 0x3FFFF, 0x40000, 0xFFFFF, 0x100000, 0x10FFFF),
    "overlong": bytes.fromhex("C0 80 C1 BF E0 80 80 E0 9F BF F0 80 80 80 F0 8F BF BF"),
    "surrogates": bytes.fromhex("ED A0 80 ED BF BF ED 9F BF"),
    "cesu8-pair-and-modified-nul": bytes.fromhex("41 ED A1 8C ED BE B4 C0 80 42"),
    "above-10ffff": bytes.fromhex("F4 90 80 80 F4 8F BF BF F5 80 80 80 F7 BF BF BF"),
    "invalid-leads": bytes.fromhex("F8 88 80 80 80 FC 84 80 80 80 80 FE FF"),
    "truncated": bytes.fromhex("E2 82 41 F0 9F 98 42 C3 20 F4 8F BF E2"),
    "lone-continuations": bytes.fromhex("80 BF 41 80 80 80 80 42 BF"),
    "broken-by-ascii": bytes.fromhex("C2 41 E0 A0 42 F0 90 80 43"),
    "bom": bytes.fromhex("EF BB BF") + b"text after a BOM",
    # Word-at-a-time paths: ASCII runs with sequences at every alignment.
    "long-ascii-runs": b"A" * 37 + "\u00e9".encode() + b"B" * 17 + "\u20ac".encode() + b"C" * 9
    + "\U0001F600".encode() + b"D" * 33,
    "long-ascii-then-error": b"x" * 40 + bytes.fromhex("E2 82") + b"y" * 20 + bytes.fromhex("FF"),
}


def cut(schedule, text):
    assert len(schedule) <= 15
    cut.selector = (getattr(cut, "selector", -1) + 1) % 3
    return bytes([cut.selector << 4 | len(schedule)]) + bytes(schedule) + text


def utf16le(*units):
    return b"".join(struct.pack("<H", u) for u in units)


def utf32le(*units):
    return b"".join(struct.pack("<I", u) for u in units)


CUT = {
    "whole-mixed": cut([], TEXT["mixed-scripts"]),
    "byte-at-a-time-example": cut([1], TEXT["maximal-subparts-example"]),
    "empty-chunks-and-threes": cut([0, 3], TEXT["scalar-boundaries"]),
    "small-cuts-overlong": cut([4, 1, 2], TEXT["overlong"]),
    "cuts-in-sequences": cut([2, 0, 5, 1], TEXT["truncated"] + TEXT["surrogates"]),
    "cuts-in-cesu8": cut([3, 2], TEXT["cesu8-pair-and-modified-nul"]),
    "sevens-long-ascii": cut([7], TEXT["long-ascii-runs"]),
    "big-chunks-long-ascii": cut([200, 9], TEXT["long-ascii-then-error"]),
    # Read as UTF-16LE: a pair, a lone low, a high broken by "A", a trailing high.
    "utf16-surrogates": cut([1, 2], utf16le(0x41, 0xD83D, 0xDE00, 0xDC00, 0xD800, 0x41, 0xFFFD, 0xD801)),
    "utf16-pair-cut": cut([3, 1], utf16le(0xD800, 0xDC00, 0xDBFF, 0xDFFF, 0xE000, 0xD7FF)),
    # Read as UTF-32LE: scalar boundaries, a surrogate, just above, far above.
    "utf32-edges": cut([3, 4], utf32le(0x41, 0x7FF, 0xD7FF, 0xD800, 0xDFFF, 0xE000, 0x10FFFF,
                                       0x110000, 0xFFFFFFFF)),
    "utf32-scalars": cut([5, 0, 6], utf32le(0x24, 0xA2, 0x20AC, 0x10348, 0xFEFF, 0x1F600)),
}


SEGMENTATION = {
    "emoji-family-skin-tone": cut([3, 1], utf8(0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467, 0x20, 0x1F44D, 0x1F3FD)),
    "flags": cut([4], utf8(0x1F1E9, 0x1F1EA, 0x1F1EB, 0x1F1F7, 0x1F1FA)),
    "jamo-and-syllables": cut([2, 5], utf8(0x1112, 0x1161, 0x11AB, 0xAC00, 0x11A8, 0xD7A3, 0x20)),
    "decomposed-vietnamese": cut([1], "Vie\u0302\u0323t nam e\u0302\u0301".encode()),
    "many-marks": cut([9], utf8(0x61, *([0x301] * 40), 0x62)),
    "held-prefix-open-number": cut([1, 2], "$(1 $(a \u20ac(\u0301\u0301 2) 12,5% (x) \u300c\u3042\u300d".encode()),
    "spaces-after-open": cut([0, 3], "( \u00a0[  \u201cq\u201d  (\u2014  \u2014)\u200b  x".encode()),
    "breaks-and-hyphens": cut([2], "a\r\nb\x0bc\u2028d\u0085e-f \u05d0-\u05d1 soft\u00adhyphen".encode()),
    "ill-formed": cut([1, 3], bytes.fromhex("61 CC 81 C0 E2 82 F0 9F 91 8D F0 9F 8F") + "\u0301".encode()),
}


# fuzz_bidi: [selector][palette indexes; 0xF0-0xFF repeat the last one], see
# fuzz_bidi.cpp's palette: 0 L, 1 R, 2 AL, 3 EN, 12 B, 14 LRE, 17 RLO, 18 PDF,
# 19 LRI, 20 RLI, 21 FSI, 22 PDI, 23 "(", 24 ")".
BIDI = {
    "mixed": bytes([0, 0, 10, 1, 1, 10, 3, 3, 10, 2, 8]),
    "brackets": bytes([2, 0, 23, 1, 24, 10, 23, 23, 0, 24, 1, 24]),
    "nested-isolates": bytes([0, 20, 0xFE, 0, 22, 0xFE]),
    "nested-embeddings": bytes([1, 16, 0xF8, 1, 18, 0xF8, 0]),
    "bracket-stack": bytes([4, 23, 0xF6, 1, 24, 0xF6]),
    "pieces": bytes([4, 0, 1, 3, 0xF4, 12, 1, 0, 19, 2, 22, 21, 1, 0xF2]),
    "lone-closers": bytes([0, 22, 18, 24, 22, 18, 1]),
def display_seed(text, *settings):
    """Text at the front, then the settings in the order the target takes them
    (FuzzedDataProvider reads integers from the end, one byte at a time; an
    int given as a 4-tuple is a 32-bit value, most significant byte first)."""
    tail = []
    for value in settings:
        tail.extend(value if isinstance(value, tuple) else (value,))
    return text + bytes(reversed(tail))


# A font (fuzz_display_support.h, make_font()): line, baseline, cell width,
# density, largest ink (width in bits 0-4, height in 3-7), seed.
FONT_16 = (16, 12, 8, 200, 0x88, (1, 2, 3, 4))
FONT_8 = (8, 6, 6, 230, 0x45, (9, 8, 7, 6))
FONT_TALL = (240, 230, 8, 255, 0xFF, (5, 5, 5, 5))
FONT_DEEP = (25, 1, 8, 180, 0xC4, (7, 1, 7, 1))
WRAP = "Word wrap: café ǘber 中文、日本 😀🏻 tab\there\n".encode()

# Box settings: kind, width, height, then x, y, width, height as edge choices
# (8: 0; 32: the surface's size; 0: INT_MIN; 23: INT_MAX), the number of fonts - 1.
TEXT_BOX = {
    "mono-whole-surface": display_seed(WRAP, 0, 128, 64, 8, 8, 32, 32, 0, *FONT_16),
    "rgb-two-fonts": display_seed(WRAP * 2, 1, 64, 40, 9, 10, 32, 32, 1, *FONT_8, *FONT_16),
    "chain-with-tall-and-deep-fonts": display_seed(WRAP, 0, 100, 60, 8, 8, 32, 32, 3, *FONT_16, *FONT_TALL,
                                                   *FONT_DEEP, *FONT_8),
    "box-at-int-min": display_seed(WRAP, 4, 128, 64, 0, 0, 23, 23, 0, *FONT_16),
    "box-near-2-24": display_seed(WRAP, 2, 128, 64, 21, 19, 22, 22, 1, *FONT_DEEP, *FONT_8),
    "empty-surface": display_seed(WRAP, 0, 0, 0, 8, 8, 32, 32, 0, *FONT_8),
}

# Terminal settings: console shape (0: 21 x 8 ...), panel (0: SSD1306 128x64,
# 2: SH1106, 3: SSD0323, 4: ST77xx), cell pitch, font, then operations (0x00-
# 0x7F: write 1-64 bytes; 0x80-0x87: flush through strips of 0-300 bytes;
# 0xA0-0xBF: a flush that fails; 0xC0: a code point; 0xE0-0xE7: invalidate,
# cursor on/off, clear, finish, read every cell, the rest as text).
CONSOLE = ("Grüß Gott!\r\nκόσμε 中文\n"
           "abcdefghijklmnopqrstuvwxyz 0123456789\x1b[2;3Hx\x1b[?25h\x1b[1Ay\x1b[K"
           "\x1b%@\xe9\xfc\x1b%Géé\t|\x08\x08Z\x0c"
           "after FF\x1b[99;99H!\x1b]0;title\x07\x1bc\x1b[3C\x1b[J done").encode()
CONSOLE = CONSOLE.decode("unicode_escape").encode("latin-1")
TERMINAL = {
    "ssd1306-small-console": display_seed(CONSOLE, 0, 0, 6, *FONT_8, 0x3F, 0x86, 0x3F, 0xE1, 0x86, 0x3F, 0x3F,
                                          0xE5, 0x86),
    "sh1106-unifont-size": display_seed(CONSOLE, 1, 2, 0, *FONT_16, 0xE1, 0x3F, 0x86, 0x3F, 0x3F, 0x84, 0xE6),
    "ssd0323-failing-bus": display_seed(CONSOLE, 0, 3, 0, *FONT_8, 0x3F, 0xA6, 0x86, 0x3F, 0xB6, 0x3F, 0x85,
                                        0xE6),
    "st77xx-wide-pitch": display_seed(CONSOLE, 3, 4, 11, *FONT_DEEP, 0x3F, 0x86, 0xE0, 0x3F, 0x83, 0xE6),
    "tiny-console-tall-font": display_seed(CONSOLE, 2, 1, 0, *FONT_TALL, 0x3F, 0x87, 0xC0, 0xD8, 0x00, 0xDF, 0xFF,
                                           0x3F, 0xE4, 0xE6),
}


def write(directory, seeds):
    path = HERE / "corpus" / directory
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    for name, data in seeds.items():
        (path / name).write_bytes(data)


def main():
    write("text", TEXT)
    write("cut", CUT)
    write("segmentation", SEGMENTATION)
    write("text_box", TEXT_BOX)
    write("terminal", TERMINAL)
    write("must_fail", {"bang": b"!"})
    write("bidi", BIDI)


if __name__ == "__main__":
    main()
