"""Expected Arabic presentation forms for the boards' joining test, from a
model of its own (written here, not from lib/): ArabicShaping.txt's joining
types (T for General_Category Mn, Me, Cf where the file says nothing) and the
<isolated>/<final>/<initial>/<medial> decompositions of UnicodeData.txt.

    make_joining_vectors.py <ucd dir> <output.h>

The rules modelled (utf8mcu/text/joining.h documents them): a letter joins
the nearest non-transparent character before it if it is D, R or C and that
one is D, L or C (a D letter with no initial or medial form counting as R),
and the one after it if it is D, L or C and that one is D, R or C; the form
is medial, final, initial or isolated accordingly, a missing medial falling
back to final and a missing initial to isolated; lam followed directly by an
alef of a lam-alef ligature gives the ligature (isolated or final, by the
lam's join before it) and the alef gives 0.

Words: Arabic, Persian and Urdu written here, and words generated from the
joining letters of U+0620-06FF with harakat, tatweel, ZWJ and ZWNJ.
Per word: its length, then per code point the code point and the expected one.
"""

import random
import sys
from pathlib import Path

WORDS = [
    "مرحبا بالعالم", "السلام عليكم", "لا إله إلا الله", "مكتبة", "مُحَمَّد", "قُرْآن", "ـبـ",
    "فارسی", "پدر", "چای", "ژاله", "گربه", "کتاب", "می\u200cخواهم", "اردو", "پاکستان", "ہے", "یہ",
    "بہت", "گھر", "لڑکا", "ٹوپی", "ب\u200dب", "\u200dب\u200d", "ىىى", "ںب", "لأ", "لإ", "لآ",
]


def read_joining_types(ucd: Path) -> dict[int, str]:
    """The Joining_Type ArabicShaping.txt lists for each code point it names."""
    joining: dict[int, str] = {}
    with open(ucd / "ArabicShaping.txt", encoding="utf-8") as file:
        for line in file:
            data = line.split("#", 1)[0].strip()
            if data:
                fields = [f.strip() for f in data.split(";")]
                joining[int(fields[0], 16)] = fields[2]
    return joining


def random_words(joining: dict[int, str], count: int, seed: int) -> list[list[int]]:
    """Words of the dual- and right-joining letters of U+0620-06FF, with
    harakat, tatweel, ZWJ and ZWNJ between."""
    letters = sorted(cp for cp, t in joining.items() if 0x0620 <= cp <= 0x06FF and t in ("D", "R"))
    extras = [0x064B, 0x064E, 0x064F, 0x0650, 0x0651, 0x0652, 0x0670, 0x0640, 0x200C, 0x200D]
    rng = random.Random(seed)
    words = []
    for _ in range(count):
        word = []
        for _ in range(rng.randint(1, 6)):
            word.append(rng.choice(letters))
            if rng.random() < 0.3:
                word.append(rng.choice(extras))
        words.append(word)
    return words


def main() -> None:
    ucd, output = Path(sys.argv[1]), sys.argv[2]
    joining = read_joining_types(ucd)
    category: dict[int, str] = {}
    forms: dict[int, dict[str, int]] = {}
    ligatures: dict[int, dict[str, int]] = {}
    with open(ucd / "UnicodeData.txt", encoding="utf-8") as file:
        for line in file:
            fields = line.split(";")
            cp = int(fields[0], 16)
            category[cp] = fields[2]
            parts = fields[5].split()
            if not parts or parts[0] not in ("<isolated>", "<final>", "<initial>", "<medial>"):
                continue
            if not (0xFB50 <= cp <= 0xFDFF or 0xFE70 <= cp <= 0xFEFF):
                continue
            kind = parts[0][1:-1]
            bases = [int(p, 16) for p in parts[1:]]
            if len(bases) == 1:
                forms.setdefault(bases[0], {}).setdefault(kind, cp)
            elif len(bases) == 2 and bases[0] == 0x0644:
                ligatures.setdefault(bases[1], {})[kind] = cp

    def jtype(cp: int) -> str:
        if cp in joining:
            return joining[cp]
        return "T" if category.get(cp, "Cn") in ("Mn", "Me", "Cf") else "U"

    def has(cp: int, kind: str) -> bool:
        return jtype(cp) in "DRLC" and kind in forms.get(cp, {})

    def before(text: list[int], i: int) -> str:
        for k in range(i - 1, -1, -1):
            t = jtype(text[k])
            if t != "T":
                if t == "D" and text[k] in forms and not has(text[k], "initial") and not has(text[k], "medial"):
                    return "R"
                return t
        return "U"

    def after(text: list[int], i: int) -> str:
        for k in range(i + 1, len(text)):
            t = jtype(text[k])
            if t != "T":
                return t
        return "U"

    def expected(text: list[int], i: int) -> int:
        cp = text[i]
        t = jtype(cp)
        if t not in "DRLC":
            return cp
        joined_before = t in "DRC" and before(text, i) in "DLC"
        if i > 0 and text[i - 1] == 0x0644 and cp in ligatures:
            return 0
        if cp == 0x0644 and i + 1 < len(text) and text[i + 1] in ligatures:
            return ligatures[text[i + 1]]["final" if joined_before else "isolated"]
        if cp not in forms or "isolated" not in forms[cp]:
            return cp
        joined_after = t in "DLC" and after(text, i) in "DRC"
        f = forms[cp]
        if joined_before and joined_after and "medial" in f:
            return f["medial"]
        if joined_before and "final" in f:
            return f["final"]
        if not joined_before and joined_after and "initial" in f:
            return f["initial"]
        return f["isolated"]

    # Lam-alef: lam with a right-joining letter (the alefs); lam's other
    # ligatures (lam-jeem, ...) are optional ligatures, not drawn.
    ligatures = {cp: kinds for cp, kinds in ligatures.items()
                 if jtype(cp) == "R" and {"isolated", "final"} <= set(kinds)}
    words = [[ord(c) for c in word] for word in WORDS] + random_words(joining, 400, 4)
    values = []
    for word in words:
        values.append(len(word))
        for i, cp in enumerate(word):
            values += [cp, expected(word, i)]
    rows = [", ".join(f"0x{v:04X}" for v in values[i:i + 12]) for i in range(0, len(values), 12)]
    with open(output, "w", encoding="utf-8") as out:
        out.write("// Generated by test/text/make_joining_vectors.py from ArabicShaping.txt and\n"
                  "// UnicodeData.txt; do not edit.\n#pragma once\n#include <cstdint>\n\n"
                  f"namespace joining_vectors {{\n\nconstexpr unsigned kWords = {len(words)};\n"
                  f"constexpr std::uint16_t kValues[{len(values)}] = {{\n    " + ",\n    ".join(rows)
                  + "};\n\n}  // namespace joining_vectors\n")


if __name__ == "__main__":
    main()
