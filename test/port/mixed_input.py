"""Deterministic mixed test input for the UART ingest tests.

Text in several scripts, emoji (with ZWJ sequences and flags), control bytes,
random bytes, and ill-formed UTF-8 of every kind: truncated sequences,
over-long forms, encoded surrogates, values above U+10FFFF, F5-FF, stray
continuation bytes. Same seed, same bytes.
"""

import codecs
import random

# (first, last) code point ranges per script.
SCRIPTS = {
    "latin": [(0x41, 0x5A), (0x61, 0x7A), (0xC0, 0xFF), (0x100, 0x17F)],
    "greek": [(0x391, 0x3A9), (0x3B1, 0x3C9)],
    "cyrillic": [(0x410, 0x44F)],
    "hebrew": [(0x5D0, 0x5EA)],
    "arabic": [(0x627, 0x64A)],
    "devanagari": [(0x905, 0x939), (0x93E, 0x94C)],
    "thai": [(0xE01, 0xE2E)],
    "hangul": [(0xAC00, 0xD7A3)],
    "cjk": [(0x4E00, 0x9FFF)],
    "cjk_ext_b": [(0x20000, 0x2A6DF)],
    "math": [(0x1D400, 0x1D7FF)],
    "boundaries": [(0x7F, 0x80), (0x7FF, 0x800), (0xD7FF, 0xD7FF), (0xE000, 0xE000),
                   (0xFFFD, 0xFFFD), (0xFFFF, 0x10000), (0x10FFFF, 0x10FFFF)],
}

EMOJI = [
    "\U0001F600", "\U0001F680", "\U0001F4A9", "\u2764\ufe0f", "\U0001F44D\U0001F3FD",
    "\U0001F469\u200D\U0001F4BB", "\U0001F468\u200D\U0001F469\u200D\U0001F467",
    "\U0001F1E9\U0001F1EA", "\U0001F1EF\U0001F1F5", "\U0001F3F3\ufe0f\u200D\U0001F308",
]

ILL_FORMED = [
    b"\xc0\xaf", b"\xc1\xbf", b"\xe0\x80\xaf", b"\xe0\x9f\xbf", b"\xf0\x80\x80\xaf",
    b"\xf0\x8f\xbf\xbf", b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xed\xa1\x8c\xed\xbe\xb4",
    b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80", b"\xf8\x88\x80\x80\x80", b"\xfe", b"\xff",
    b"\x80", b"\xbf\x80\xbf", b"\xc2", b"\xe2\x82", b"\xf0\x9f\x98", b"\xc2\x41",
    b"\xe2\x82\x41", b"\xf0\x9f\x98\x41", b"\xc2\xc2\x80",
]


def _word(rng, ranges):
    letters = []
    for _ in range(rng.randint(1, 9)):
        first, last = rng.choice(ranges)
        letters.append(chr(rng.randint(first, last)))
    return "".join(letters)


def _text(rng):
    script = rng.choice(list(SCRIPTS))
    words = [_word(rng, SCRIPTS[script]) for _ in range(rng.randint(1, 12))]
    return (" ".join(words) + rng.choice([" ", ". ", ", ", "\n", "\r\n", "\t"])).encode("utf-8")


def _truncated(rng):
    # A well-formed multi-byte character cut short.
    encoded = chr(rng.choice([0xE9, 0x20AC, 0x4E2D, 0x1F600, 0x10FFFF])).encode("utf-8")
    return encoded[: rng.randint(1, len(encoded) - 1)]


def generate(size, seed):
    """Returns exactly `size` bytes of mixed input."""
    rng = random.Random(seed)
    parts = []
    total = 0
    while total < size:
        kind = rng.random()
        if kind < 0.55:
            part = _text(rng)
        elif kind < 0.70:
            part = "".join(rng.choice(EMOJI) for _ in range(rng.randint(1, 4))).encode("utf-8")
        elif kind < 0.80:
            part = rng.choice(ILL_FORMED)
        elif kind < 0.88:
            part = _truncated(rng)
        elif kind < 0.95:
            part = bytes(rng.randrange(256) for _ in range(rng.randint(1, 24)))
        else:
            # ASCII controls, NUL and DEL included: the UART path must be 8-bit clean.
            part = bytes(rng.choice([0, 1, 3, 4, 0x11, 0x13, 0x1A, 0x1B, 0x7F, 0x0D, 0x0A])
                         for _ in range(rng.randint(1, 6)))
        parts.append(part)
        total += len(part)
    return b"".join(parts)[:size]


_substitutions = [0]


def _count_and_replace(error):
    _substitutions[0] += 1
    return "\ufffd", error.end


# CPython calls the handler once per maximal subpart, like 'replace' does.
codecs.register_error("utf8mcu_count_replace", _count_and_replace)


def replace_decode(data):
    """Python's reference: (text, number of U+FFFD substitutions)."""
    _substitutions[0] = 0
    text = data.decode("utf-8", "utf8mcu_count_replace")
    assert text == data.decode("utf-8", "replace")
    return text, _substitutions[0]
