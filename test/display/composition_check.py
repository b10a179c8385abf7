#!/usr/bin/python3
"""Checks the canonical composition pairs make_font.py puts in fonts against
Python's unicodedata (an implementation of NFC that shares nothing with the
generator, which reads UnicodeData.txt and CompositionExclusions.txt).

    composition_check.py <make_font.py> <work dir> -- <make_font.py arguments for every font>
    composition_check.py --preset <name>... <make_font.py> <work dir> -- <common arguments>

For each font (each --preset, made with the common arguments plus --set):
  - every pair (first, mark -> composite): NFC(first + mark) == composite;
  - every mark's combining class is unicodedata.combining(mark);
  - marks and pairs are sorted (the renderer's binary searches need it);
  - every primary composite the font holds has its pair (its canonical
    decomposition into two code points, if NFC composes them back to it),
    and every pair's composite is in the font or is the first of another pair.
Pairs naming a code point this Python's Unicode version does not know are
counted, not checked. Exits 1 on the first font with a wrong pair.
"""

import os
import re
import subprocess
import sys
import unicodedata


def read_words(source_path):
    with open(source_path, encoding="utf-8") as source:
        text = source.read()
    match = re.search(r"kCompositions\[\] = \{(.*?)\};", text, re.S)
    if not match:
        return []
    return [int(v, 16) for v in re.findall(r"0x([0-9A-F]+)u", match.group(1))]


def check_font(name, source_path, coverage_path):
    words = read_words(source_path)
    with open(coverage_path, encoding="utf-8") as lines:
        held = {int(line, 16) for line in lines if line.strip()}
    problems, unknown = [], 0
    marks = words[1:1 + words[0]] if words else []
    pair_words = words[1 + len(marks):]
    if len(pair_words) % 2:
        problems.append("odd number of pair words")
    if [m >> 8 for m in marks] != sorted({m >> 8 for m in marks}):
        problems.append("marks not sorted or repeated")
    for word in marks:
        mark, combining_class = word >> 8, word & 0xFF
        if unicodedata.category(chr(mark)) == "Cn":
            unknown += 1
        elif unicodedata.combining(chr(mark)) != combining_class:
            problems.append(f"U+{mark:04X}: class {combining_class}, unicodedata says {unicodedata.combining(chr(mark))}")
    keys = pair_words[0::2]
    if keys != sorted(set(keys)):
        problems.append("pairs not sorted or repeated")
    pairs = {}
    for key, composite in zip(keys, pair_words[1::2]):
        first, mark = key >> 8, marks[key & 0xFF] >> 8 if (key & 0xFF) < len(marks) else None
        if mark is None:
            problems.append(f"pair of U+{first:04X}: mark index {key & 0xFF} out of range")
            continue
        pairs[(first, mark)] = composite
        if any(unicodedata.category(chr(c)) == "Cn" for c in (first, mark, composite)):
            unknown += 1
            continue
        nfc = unicodedata.normalize("NFC", chr(first) + chr(mark))
        if nfc != chr(composite):
            problems.append(f"U+{first:04X} U+{mark:04X} -> U+{composite:04X}, NFC gives "
                            + " ".join(f"U+{ord(c):04X}" for c in nfc))
    firsts = {first for first, _ in pairs}
    for composite in pairs.values():
        if composite not in held and composite not in firsts:
            problems.append(f"U+{composite:04X}: neither in the font nor a step to a glyph of it")
    missing = 0
    for code_point in sorted(held):
        fields = unicodedata.decomposition(chr(code_point)).split()
        if len(fields) != 2 or fields[0].startswith("<"):
            continue
        first, mark = int(fields[0], 16), int(fields[1], 16)
        if unicodedata.normalize("NFC", chr(first) + chr(mark)) != chr(code_point):
            continue  # excluded from composition
        if pairs.get((first, mark)) != code_point:
            missing += 1
            if missing <= 10:
                problems.append(f"U+{code_point:04X} is in the font but its pair U+{first:04X} U+{mark:04X} is not")
    print(f"{name}: {len(pairs)} pairs, {len(marks)} marks, {4 * len(words)} bytes; "
          f"{len(pairs) - unknown} checked against NFC (Unicode {unicodedata.unidata_version}), "
          f"{unknown} naming code points it lacks; {len(problems)} problems")
    for problem in problems:
        print(f"  {problem}")
    return not problems and len(pairs) > 0


def main():
    arguments = sys.argv[1:]
    presets = []
    while arguments and arguments[0] == "--preset":
        presets.append(arguments[1])
        arguments = arguments[2:]
    make_font, work = arguments[0], arguments[1]
    common = arguments[3:] if arguments[2:3] == ["--"] else arguments[2:]
    os.makedirs(work, exist_ok=True)
    ok = True
    for preset in presets or [None]:
        name = preset or "font"
        source, header = os.path.join(work, f"{name}.cpp"), os.path.join(work, f"{name}.h")
        coverage = os.path.join(work, f"{name}.codepoints")
        command = [sys.executable, make_font, *common, "--compositions", "--source", source, "--header", header,
                   "--coverage", coverage] + (["--set", preset] if preset else [])
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            print(f"{name}: make_font.py failed:\n{result.stderr}")
            ok = False
            continue
        ok = check_font(name, source, coverage) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
