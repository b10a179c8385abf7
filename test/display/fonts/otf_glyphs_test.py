#!/usr/bin/env python3
"""Plane-1 glyphs from unifont_upper.otf (EMOJI fonts), made with and without
python3-fonttools: a code point the OTF lacks (U+12000, Cuneiform, which
fontTools' own reading of the OTF's cmap says is absent) must stay out of the
font, so the renderer draws its hex box, not the OTF's .notdef "?" box; an
emoji it has goes in; a skin-tone modifier of a TEXT_FILES string never does
(it draws nothing). Without fontTools is simulated by a fontTools package on
PYTHONPATH whose import fails.

    otf_glyphs_test.py <make_font.py> <ucd dir> <unifont.hex> <unifont_upper.otf> <work dir>
"""

import os
import subprocess
import sys

WANTED = {0x1F600: True, 0x1F44D: True, 0x12000: False, 0x1F3FD: False}


def coverage(make_font, ucd, hex_font, otf, work, env):
    os.makedirs(work, exist_ok=True)
    text = os.path.join(work, "thumbs.txt")
    with open(text, "w", encoding="utf-8") as out:
        out.write("\U0001F44D\U0001F3FD ok\n")
    covered = os.path.join(work, "font.codepoints")
    command = [sys.executable, make_font, "--font", hex_font, "--emoji-otf", otf, "--ucd-dir", ucd,
               "--ranges", "0x12000,0x1F600,0x1F3FD", "--text-files", text,
               "--source", os.path.join(work, "font.cpp"), "--header", os.path.join(work, "font.h"),
               "--coverage", covered]
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        sys.exit(f"otf_glyphs_test: make_font.py failed: {result.stderr}")
    with open(covered, encoding="utf-8") as lines:
        return {int(line, 16) for line in lines if line.strip()}, result.stderr


def main():
    make_font, ucd, hex_font, otf, work = sys.argv[1:6]
    os.makedirs(work, exist_ok=True)
    blocker = os.path.join(work, "no-fonttools", "fontTools")
    os.makedirs(blocker, exist_ok=True)
    with open(os.path.join(blocker, "__init__.py"), "w", encoding="utf-8") as out:
        out.write("raise ImportError('fontTools blocked for the test')\n")
    failures = 0
    try:
        import fontTools  # noqa: F401  the machine's own, if any
        ways = {"with fontTools": dict(os.environ)}
    except ImportError:
        ways = {}
        print("note: this Python has no fontTools; only the path without it is checked")
    ways["without fontTools"] = dict(os.environ, PYTHONPATH=os.path.dirname(blocker))
    for label, env in ways.items():
        covered, notes = coverage(make_font, ucd, hex_font, otf, os.path.join(work, label.replace(" ", "-")), env)
        for code_point, present in WANTED.items():
            if (code_point in covered) != present:
                failures += 1
                print(f"FAIL {label}: U+{code_point:04X} {'missing' if present else 'stored'}")
        if "U+12000" not in notes:
            failures += 1
            print(f"FAIL {label}: U+12000 not reported as missing: {notes!r}")
        print(f"{label}: {len(covered)} glyphs; {notes.strip()}")
    if failures:
        sys.exit(f"otf_glyphs_test: {failures} failures")
    print("otf_glyphs_test: absent plane-1 code points stay out, with or without fontTools")


if __name__ == "__main__":
    main()
