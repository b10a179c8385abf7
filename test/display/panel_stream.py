#!/usr/bin/env python3
"""The byte stream of the panel end-to-end test (panel_e2e), written to a file.

A serial console session for a 16 x 4 cell terminal: several scripts, CJK and
emoji (two cells each), ill-formed UTF-8 (a truncated euro sign, an over-long
slash, a lone continuation byte, an encoded surrogate), a combining accent,
escape sequences that must be consumed (SGR colour, an OSC title), cursor
home and erase, enough lines to scroll several times, and an ESC % @ stretch
of ISO-8859-1 bytes ended by ESC % G.

    panel_stream.py <out.bin>
"""

import sys

LINES = [
    # Scrolled away by the end, but drawn and flushed on the way.
    b"utf8mcu panel\r\n",
    "Gr\u00fc\u00dfe, \u0395\u03bb\u03bb\u03ac\u03b4\u03b1\r\n".encode(),
    "\u0420\u0443\u0441\u0441\u043a\u0438\u0439 \u044f\u0437\u044b\u043a\r\n".encode(),
    b"a line longer than sixteen cells wraps\r\n",
    "scroll \u2192 1\r\nscroll \u2192 2\r\nscroll \u2192 3\r\n".encode(),
    # The last screen. Row 0 is overwritten at the end (cursor home, erase line).
    b"to be erased\r\n",
    "\u4e2d\u6587 \u65e5\u672c \U0001F600\U0001F680\r\n".encode(),    # CJK, emoji (hex boxes)
    b"bad:\xe2\x82 \xc0\xaf \xed\xa0\x80|\r\n",                      # 1, 2 and 3 U+FFFD
    "\u0420\u0443\u0441 \u0395\u03bb cafe\u0301 \x1b[1;31m\u20ac\x1b[0m\x1b]0;title\x07".encode(),
    b"\x1b[1;1H\x1b[2K\x1b%@Latin-1: \xe9\xfc\xdf\xb5\xb1\x1b%G",    # ESC % @ ... ESC % G
]


def stream():
    return b"".join(LINES)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1], "wb") as out:
        out.write(stream())


if __name__ == "__main__":
    main()
