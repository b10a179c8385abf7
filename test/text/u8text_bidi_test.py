"""u8text --bidi, --bidi-rtl and --shape end to end, against independent oracles.

    u8text_bidi_test.py <u8text> <ucd dir> [random count]

1. --bidi (auto direction) and --bidi-rtl against the visual order of every
   BidiCharacterTest.txt line with paragraph direction 2 or 1.
2. --bidi and --bidi-rtl against ICU's ubidi (python3-icu) on random
   paragraphs of Hebrew, Arabic, Latin, digits of three kinds, spaces,
   punctuation, brackets, marks and the embedding and isolate controls. The
   overrides LRO/RLO are left out: ICU keeps a PDI inside them neutral, which
   UAX #9 X6a does not (bidi_icu_differential.cpp explains and counts it).
3. --shape against ICU's u_shapeArabic and FriBidi (the fribidi command) on
   Arabic, Persian and Urdu words and sentences written here and on words
   generated from ArabicShaping.txt's joining letters, with harakat, tatweel,
   ZWJ and ZWNJ.
Runs under Debian's /usr/bin/python3 (python3-icu); exits 1 on any difference.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from pathlib import Path

import icu  # python3-icu

import make_joining_vectors

REMOVED = {icu.UCharDirection.BOUNDARY_NEUTRAL, icu.UCharDirection.LEFT_TO_RIGHT_EMBEDDING,
           icu.UCharDirection.RIGHT_TO_LEFT_EMBEDDING, icu.UCharDirection.LEFT_TO_RIGHT_OVERRIDE,
           icu.UCharDirection.RIGHT_TO_LEFT_OVERRIDE, icu.UCharDirection.POP_DIRECTIONAL_FORMAT}


def run(u8text: str, mode: str, lines: list[list[int]]) -> list[str]:
    data = "".join("".join(map(chr, line)) + "\n" for line in lines).encode("utf-8", "surrogatepass")
    result = subprocess.run([u8text, mode], input=data, capture_output=True, check=True)
    return result.stdout.decode("ascii").split("\n")[:-1]


def hex_line(code_points: list[int]) -> str:
    return " ".join(f"{cp:04X}" for cp in code_points)


def character_test(u8text: str, ucd: Path) -> int:
    cases = {"--bidi": [], "--bidi-rtl": []}
    with open(ucd / "BidiCharacterTest.txt", encoding="utf-8") as file:
        for line in file:
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.strip().split(";")
            mode = {"2": "--bidi", "1": "--bidi-rtl"}.get(fields[1])
            if mode is None:
                continue
            text = [int(cp, 16) for cp in fields[0].split()]
            order = [int(k) for k in fields[4].split()]
            cases[mode].append((text, hex_line([text[k] for k in order])))
    failures = 0
    for mode, items in cases.items():
        got = run(u8text, mode, [text for text, _ in items])
        bad = [(text, want, have) for (text, want), have in zip(items, got) if want != have]
        if len(got) != len(items):
            print(f"{mode}: {len(got)} lines out for {len(items)} in")
            failures += 1
        for text, want, have in bad[:5]:
            print(f"{mode} {hex_line(text)}\n  want {want}\n  have {have}")
        failures += len(bad)
        print(f"BidiCharacterTest.txt via u8text {mode}: {len(items) - len(bad)} of {len(items)} lines agree")
    return failures


def icu_visual(text: list[int], level: int) -> str:
    bidi = icu.Bidi()
    bidi.setPara(icu.UnicodeString("".join(map(chr, text))), level)
    order = bidi.getVisualMap()
    return hex_line([text[k] for k in order if icu.Char.charDirection(text[k]) not in REMOVED])


def random_paragraphs(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    pools = [
        list(range(0x05D0, 0x05EB)),           # Hebrew letters (R)
        list(range(0x0621, 0x064B)),           # Arabic letters (AL)
        list(range(0x064B, 0x0653)),           # harakat (NSM)
        list(range(0x0061, 0x007B)),           # Latin (L)
        list(range(0x0030, 0x003A)),           # European digits (EN)
        list(range(0x0660, 0x066A)),           # Arabic-Indic digits (AN)
        list(range(0x06F0, 0x06FA)),           # Persian digits (EN)
        [0x20, 0x20, 0x09, 0x2C, 0x2E, 0x3A, 0x2D, 0x2B, 0x25, 0x24, 0x23, 0x2F, 0x21, 0x3F],
        # Not U+2329/232A: ICU 72 resolves a lone U+232A unlike a lone U+3009,
        # its canonical equivalent ("g R U+3008 U+3009 3 U+232A", LTR: U+232A
        # at level 1, FriBidi and this engine 0, as for U+3009).
        [0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x3008, 0x3009],
        [0x202A, 0x202B, 0x202C, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C, 0x200D],
    ]
    paragraphs = []
    for _ in range(count):
        length = rng.randint(1, 40)
        paragraphs.append([rng.choice(rng.choice(pools)) for _ in range(length)])
    return paragraphs


def mark_after_bracket(text: list[int]) -> bool:
    """ICU 72 often leaves the NSMs after a bracket that N0 changed (it fails
    BidiCharacterTest.txt's "Nonspacing marks applied to paired brackets"
    lines too): differences in such paragraphs are counted apart."""
    for i, cp in enumerate(text[:-1]):
        if icu.Char.getIntPropertyValue(cp, icu.UProperty.BIDI_PAIRED_BRACKET_TYPE) == 0:
            continue
        j = i + 1
        while j < len(text) and icu.Char.charDirection(text[j]) == icu.UCharDirection.BOUNDARY_NEUTRAL:
            j += 1
        if j < len(text) and icu.Char.charDirection(text[j]) == icu.UCharDirection.DIR_NON_SPACING_MARK:
            return True
    return False


def icu_random(u8text: str, count: int) -> int:
    paragraphs = random_paragraphs(count, 31)
    failures = 0
    for mode, level in (("--bidi", icu.Bidi.DEFAULT_LTR), ("--bidi-rtl", 1)):
        got = run(u8text, mode, paragraphs)
        bad = 0
        marks_after_brackets = 0
        for text, have in zip(paragraphs, got):
            want = icu_visual(text, level)
            if want != have and mark_after_bracket(text):
                marks_after_brackets += 1
            elif want != have:
                if bad < 5:
                    print(f"{mode} {hex_line(text)}\n  ICU  {want}\n  have {have}")
                bad += 1
        print(f"ICU ubidi via u8text {mode}: {len(paragraphs) - bad - marks_after_brackets} of {len(paragraphs)} "
              f"random paragraphs agree, {marks_after_brackets} differ by an NSM after a bracket, {bad} otherwise")
        failures += bad
    return failures


# Written by hand: Arabic, Persian and Urdu words and sentences.
WORDS = [
    "مرحبا بالعالم", "السلام عليكم", "لا إله", "الله", "كتاب", "مكتبة", "سلام", "بيت", "مدرسة",
    "العربية", "لأن", "لإ", "لآ", "فلا", "كلا", "مُحَمَّد", "عَرَبِيّ", "قُرْآن", "ـبـ", "يـ",
    "سلام دنیا", "فارسی", "پدر", "چای", "ژاله", "گربه", "کتاب", "یک", "ایران", "خوش آمدید",
    "اردو", "پاکستان", "ہے", "یہ", "کیا", "بہت", "گھر", "لڑکا", "ٹوپی", "ڈاک", "ے",
    "می\u200cخواهم", "نمی\u200cدانم", "ب\u200dب", "\u200dب\u200d", "ب\u200c\u200dب",
]


def generated_words(ucd: Path, count: int, seed: int) -> list[str]:
    """Words generated from ArabicShaping.txt's joining letters
    (make_joining_vectors.random_words)."""
    words = make_joining_vectors.random_words(make_joining_vectors.read_joining_types(ucd), count, seed)
    return ["".join(map(chr, word)) for word in words]


def icu_shaped(word: str) -> list[int]:
    options = (icu.Shape.LETTERS_SHAPE | icu.Shape.TEXT_DIRECTION_LOGICAL | icu.Shape.LAMALEF_RESIZE)
    shaped = icu.Shape.shapeArabic(word, options)
    return [ord(c) for c in str(shaped)]


def is_mark(cp: int) -> bool:
    """Harakat and other marks, and ICU's spacing forms of harakat (U+FE70-FE7F)."""
    return icu.Char.charDirection(cp) == icu.UCharDirection.DIR_NON_SPACING_MARK or 0xFE70 <= cp <= 0xFE7F


def compare_letters(name: str, words: list[str], wanted: list[list[int]], got: list[str]) -> int:
    """Compares the letters (marks left out: ICU turns harakat into spacing
    forms, FriBidi moves them after their letter, u8text keeps them where L2
    puts them). Two kinds of difference are counted apart, not as failures:
    - the oracle leaves a letter nominal where u8text gives one of its
      presentation forms (the oracle has no form for it: ICU's table stops
      short of many Persian and Urdu letters; FriBidi 1.0.8 is Unicode 10 and
      leaves a letter whose form is missing, where u8text falls back);
    - any difference in a word where the oracle leaves a joining letter
      nominal: it treats that letter as non-joining, so its neighbours take
      other forms (the other oracle checks those words)."""
    bad = 0
    unshaped = 0
    for word, want, have_line in zip(words, wanted, got):
        have = [int(cp, 16) for cp in have_line.split()]
        want_letters = [cp for cp in want if not is_mark(cp)]
        have_letters = [cp for cp in have if not is_mark(cp)]
        # A joining letter the oracle leaves nominal, or one without presentation
        # forms at all (the oracle may not know that it joins).
        # ICU has no initial or medial form of U+0649 (UnicodeData.txt has
        # U+FBE8..FBE9, which FriBidi and u8text use).
        oracle_lacks_letter = any(JOINING.get(cp) in ("D", "R", "L") for cp in want_letters) or any(
            JOINING.get(ord(c)) in ("D", "R", "L") and ord(c) not in FORM_LETTERS for c in word) or (
            name == "ICU" and "\u0649" in word)
        ok = len(want_letters) == len(have_letters) and all(
            a == b or nominal_of(b) == a for a, b in zip(want_letters, have_letters))
        if ok and want_letters != have_letters:
            unshaped += 1
        elif not ok and oracle_lacks_letter:
            unshaped += 1
        elif not ok:
            if bad < 5:
                print(f"--shape {hex_line([ord(c) for c in word])}\n  {name} {hex_line(want)}\n  have {hex_line(have)}")
            bad += 1
    print(f"{name} via u8text --shape: {len(words) - bad - unshaped} of {len(words)} words agree in their letters, "
          f"{unshaped} differ where {name} leaves a letter unshaped, {bad} differ otherwise")
    return bad


JOINING: dict[int, str] = {}
FORM_LETTERS: set[int] = set()


NOMINAL: dict[int, int] = {}


def nominal_of(form: int) -> int:
    """The letter a presentation form stands for (UnicodeData.txt's decomposition)."""
    return NOMINAL.get(form, form)


def read_nominals(ucd: Path) -> None:
    with open(ucd / "UnicodeData.txt", encoding="utf-8") as file:
        for line in file:
            fields = line.split(";")
            parts = fields[5].split()
            if len(parts) == 2 and parts[0] in ("<isolated>", "<final>", "<initial>", "<medial>"):
                NOMINAL[int(fields[0], 16)] = int(parts[1], 16)
                FORM_LETTERS.add(int(parts[1], 16))
    JOINING.update(make_joining_vectors.read_joining_types(ucd))


def shape_checks(u8text: str, ucd: Path) -> int:
    read_nominals(ucd)
    words = WORDS + generated_words(ucd, 3000, 9)
    got = run(u8text, "--shape", [[ord(c) for c in word] for word in words])
    # ICU: shaped in logical order, then ICU's own visual order.
    icu_wanted = []
    for word in words:
        shaped = icu_shaped(word)
        order = icu_visual(shaped, icu.Bidi.DEFAULT_LTR)
        icu_wanted.append([int(cp, 16) for cp in order.split()])
    failures = compare_letters("ICU", words, icu_wanted, got)
    fribidi = shutil.which("fribidi")
    if fribidi is None:
        print("no fribidi command (libfribidi-bin): FriBidi check skipped")
        return failures
    # FriBidi 1.0.8 (Unicode 10, the BMP): its visual output without the U+FEFF
    # it leaves where a lam-alef's alef was.
    data = "".join(word + "\n" for word in words).encode("utf-8")
    result = subprocess.run([fribidi, "--nopad", "--nobreak", "--nomirror"], input=data,
                            capture_output=True, check=True)
    fribidi_wanted = [[ord(c) for c in line if c != "\ufeff" and icu.Char.charDirection(ord(c)) not in REMOVED]
                      for line in result.stdout.decode("utf-8").split("\n")[:-1]]
    return failures + compare_letters("FriBidi", words, fribidi_wanted, got)


def main() -> int:
    u8text, ucd = sys.argv[1], Path(sys.argv[2])
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
    failures = character_test(u8text, ucd) + icu_random(u8text, count) + shape_checks(u8text, ucd)
    print("OK" if failures == 0 else f"{failures} differences")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
