"""Generates the tables of the bidi engine and Arabic joining (UAX #9, ArabicShaping).

    make_bidi_tables.py <ucd dir> <header> <bidi source> <joining source> <stats>

Bidi_Class: a PackedTable of 13 values (4 bits). The 11 classes that only a few
code points have (B, S and the explicit formatting characters) share one table
value and sit in a short sorted list, so the packed leaves need 4 bits, not 8.

Bidi_Mirroring_Glyph and Bidi_Paired_Bracket: every mirrored pair appears once,
sorted by its lower code point, with the distance to the higher one; a flag
says that the lower one opens a paired bracket and the higher one closes it.
Brackets canonically equivalent to another (BD16) come from UnicodeData.txt.

Joining_Type: the ranges ArabicShaping.txt lists (D, R, L, C, and its explicit
T and U), merged; a code point it leaves out is T where its General_Category is
Mn, Me or Cf (the file's rule), which the engine derives from the Bidi_Class
(NSM, most BN) with the listed exceptions, checked here for every code point.

Presentation forms: from the <isolated>/<final>/<initial>/<medial>
decompositions of UnicodeData.txt; per letter its isolated form and which of
the following code points are its final, initial and medial forms.
"""

from __future__ import annotations

import sys
from pathlib import Path

import ucd

# The engine's numbering (utf8mcu::text::BidiClass); the table stores 0..11 and
# kSpecial for the rest.
CLASSES = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "WS", "ON",
           "B", "S", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]
SPECIAL = 12
LONG_NAMES = {
    "Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL", "European_Number": "EN",
    "European_Separator": "ES", "European_Terminator": "ET", "Arabic_Number": "AN",
    "Common_Separator": "CS", "Nonspacing_Mark": "NSM", "Boundary_Neutral": "BN",
    "White_Space": "WS", "Other_Neutral": "ON", "Paragraph_Separator": "B",
    "Segment_Separator": "S", "Left_To_Right_Embedding": "LRE", "Left_To_Right_Override": "LRO",
    "Right_To_Left_Embedding": "RLE", "Right_To_Left_Override": "RLO",
    "Pop_Directional_Format": "PDF", "Left_To_Right_Isolate": "LRI",
    "Right_To_Left_Isolate": "RLI", "First_Strong_Isolate": "FSI", "Pop_Directional_Isolate": "PDI",
}
# Joining_Type numbering (utf8mcu::text::JoiningType).
JOINING = ["U", "D", "R", "L", "C", "T"]
FORMS = ["isolated", "final", "initial", "medial"]


def c_array(ctype: str, name: str, items: list[int], hex_digits: int = 0) -> str:
    lines = []
    for start in range(0, len(items), 12):
        chunk = items[start:start + 12]
        text = ", ".join(f"0x{item:0{hex_digits}X}" if hex_digits else str(item) for item in chunk)
        lines.append(f"    {text},")
    return f"const {ctype} {name}[{len(items)}] = {{\n" + "\n".join(lines) + "\n};\n"


def derive_joining(cp: int, value: int, nsm: int, bn: int) -> str:
    """Joining_Type as the engine guesses it before its exception list:
    joining_type() in utf8mcu/text/joining.h does the same."""
    noncharacter = (cp & 0xFFFE) == 0xFFFE or 0xFDD0 <= cp <= 0xFDEF
    if value == nsm or (value == bn and 0xA0 <= cp < 0xE0000 and not noncharacter):
        return "T"
    return "U"


def read_unicode_data(path: Path):
    categories = ucd.read_general_categories(path)
    decompositions: dict[int, tuple[str, list[int]]] = {}
    with open(path, encoding="utf-8") as file:
        for line in file:
            fields = line.split(";")
            if fields[5]:
                parts = fields[5].split()
                tag = parts[0][1:-1] if parts[0].startswith("<") else ""
                cps = [int(part, 16) for part in (parts[1:] if tag else parts)]
                decompositions[int(fields[0], 16)] = (tag, cps)
    return categories, decompositions


def main() -> None:
    ucd_dir, header_path, bidi_source_path, joining_source_path, stats_path = map(Path, sys.argv[1:6])
    classes = ucd.read_property(ucd_dir / "extracted" / "DerivedBidiClass.txt", aliases=LONG_NAMES)
    number = {name: index for index, name in enumerate(CLASSES)}
    values = [number[name] for name in classes]
    special = [(cp, value) for cp, value in enumerate(values) if value >= SPECIAL]
    if any(cp > 0xFFFF for cp, _ in special) or len(special) > 32:
        raise SystemExit("the rare bidi classes no longer fit a short BMP list")
    class_table = ucd.PackedTable([min(value, SPECIAL) for value in values])

    # Mirrored pairs and paired brackets.
    mirror: dict[int, int] = {}
    with open(ucd_dir / "BidiMirroring.txt", encoding="utf-8") as file:
        for line in file:
            data = line.split("#", 1)[0].strip()
            if data:
                first, second = (int(part, 16) for part in data.split(";"))
                mirror[first] = second
    brackets: dict[int, tuple[int, str]] = {}
    with open(ucd_dir / "BidiBrackets.txt", encoding="utf-8") as file:
        for line in file:
            data = line.split("#", 1)[0].strip()
            if data:
                fields = [part.strip() for part in data.split(";")]
                brackets[int(fields[0], 16)] = (int(fields[1], 16), fields[2])
    pairs = []
    for low, high in sorted(mirror.items()):
        if low > high:
            continue
        if mirror.get(high) != low:
            raise SystemExit(f"U+{low:04X} and U+{high:04X} do not mirror each other")
        if high > 0xFFFF or high - low > 0xFFF:
            raise SystemExit(f"mirrored pair U+{low:04X} U+{high:04X} does not fit a run word")
        pairs.append((low, high - low))
    if any(classes[cp] != "ON" for cp in mirror):
        raise SystemExit("a mirrored character is not ON: bidi_mirroring_glyph() tests the class first")
    if len(mirror) != 2 * len(pairs):
        raise SystemExit("BidiMirroring.txt has a code point whose mirror does not mirror it back")
    # Runs of pairs with one distance whose lower code points step by 1 or 2:
    # first << 16 | distance << 4 | (step 2) << 3 | count - 1.
    runs: list[list[int]] = []  # first, step, distance, count
    for low, distance in pairs:
        if runs:
            first, step, run_distance, count = runs[-1]
            last = first + step * (count - 1)
            if (run_distance == distance and count < 8 and low - last in (1, 2)
                    and (count == 1 or low - last == step)):
                runs[-1] = [first, low - last, distance, count + 1]
                continue
        runs.append([low, 1, distance, 1])
    mirror_runs = [first << 16 | distance << 4 | (step == 2) << 3 | (count - 1)
                   for first, step, distance, count in runs]
    openers = sorted((cp, paired) for cp, (paired, kind) in brackets.items() if kind == "o")
    if len(openers) * 2 != len(brackets) or any(
            brackets.get(paired) != (cp, "c") or abs(paired - cp) > 127 or cp > 0xFFFF
            for cp, paired in openers):
        raise SystemExit("BidiBrackets.txt's pairs no longer fit a list of openers and distances")
    categories, decompositions = read_unicode_data(ucd_dir / "UnicodeData.txt")
    # BD16: brackets compare by their canonical equivalents (U+2329 ~ U+3008, ...).
    canonical = sorted((cp, decompositions[cp][1][0]) for cp in brackets
                       if cp in decompositions and decompositions[cp][0] == ""
                       and len(decompositions[cp][1]) == 1)
    if any(target not in brackets for _, target in canonical):
        raise SystemExit("a bracket decomposes to a non-bracket")

    # Joining types.
    listed: dict[int, str] = {}
    with open(ucd_dir / "ArabicShaping.txt", encoding="utf-8") as file:
        for line in file:
            data = line.split("#", 1)[0].strip()
            if data:
                fields = [part.strip() for part in data.split(";")]
                first, last = ucd._parse_range(fields[0])
                for cp in range(first, last + 1):
                    listed[cp] = fields[2]
    joining = [listed.get(cp) or ("T" if categories[cp] in ("Mn", "Me", "Cf") else "U")
               for cp in range(ucd.CODE_POINTS)]
    nsm, bn = number["NSM"], number["BN"]
    derived = [derive_joining(cp, values[cp], nsm, bn) for cp in range(ucd.CODE_POINTS)]
    ranges: list[list[int]] = []  # [first, last, type]
    for cp in range(ucd.CODE_POINTS):
        if joining[cp] == derived[cp] and cp not in listed:
            continue
        if joining[cp] == derived[cp] and joining[cp] in ("T", "U"):
            continue  # listed, but the derivation gets it right anyway
        kind = JOINING.index(joining[cp])
        if ranges and ranges[-1][1] == cp - 1 and ranges[-1][2] == kind and cp - ranges[-1][0] < 0x100:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp, kind])
    # The runtime check: a range list lookup first, then the derivation.
    joining_words = [(first << 11) | (kind << 8) | (last - first) for first, last, kind in ranges]

    # Presentation forms of single letters and the lam-alef ligatures.
    forms: dict[int, dict[str, int]] = {}
    lam_alef: dict[int, dict[str, int]] = {}
    for cp, (tag, parts) in decompositions.items():
        if tag not in FORMS or not (0xFB50 <= cp <= 0xFDFF or 0xFE70 <= cp <= 0xFEFF):
            continue
        if len(parts) == 1:
            forms.setdefault(parts[0], {}).setdefault(tag, []).append(cp)
        elif len(parts) == 2 and parts[0] == 0x0644 and joining[parts[1]] == "R":
            lam_alef.setdefault(parts[1], {})[tag] = cp
    letters = []
    far_forms = []
    for letter in sorted(forms):
        kinds = forms[letter]
        if joining[letter] not in ("D", "R", "L", "C"):
            continue  # e.g. the hamza, which has an isolated form only and joins nothing
        if len(kinds.get("isolated", [])) != 1:
            raise SystemExit(f"U+{letter:04X} has forms but not one isolated form")
        base = kinds["isolated"][0]
        mask = 0
        for bit, kind in enumerate(FORMS[1:]):
            if base + 1 + bit in kinds.get(kind, []):
                mask |= 1 << bit
            elif kinds.get(kind):
                # A form away from the others (U+0649's initial and medial
                # forms, U+FBE8..FBE9): a list of its own.
                if len(kinds[kind]) != 1:
                    raise SystemExit(f"U+{letter:04X} has several {kind} forms")
                far_forms.append((letter, 1 + bit, kinds[kind][0]))
        if letter > 0xFFFF or base - 0xFB50 > 0xFFFF:
            raise SystemExit("presentation forms out of range")
        letters.append((letter, base, mask))
    ligatures = []
    for alef in sorted(lam_alef):
        kinds = lam_alef[alef]
        if set(kinds) != {"isolated", "final"}:
            raise SystemExit(f"lam-alef U+{alef:04X} lacks a form")
        ligatures.append((alef, kinds["isolated"], kinds["final"]))
    if any(final != iso + 1 for _, iso, final in ligatures):
        raise SystemExit("a lam-alef ligature's final form does not follow its isolated form")

    version = ucd.read_version(ucd_dir / "extracted" / "DerivedBidiClass.txt")
    header = f"""#pragma once
// Generated by lib/text/tools/make_bidi_tables.py from the Unicode {version[0]}.{version[1]}.{version[2]}
// Character Database; do not edit.
#include <cstdint>

#include "utf8mcu/text/internal/packed_table.h"

namespace utf8mcu::text::internal {{

{class_table.header("kBidiClass", "bidi_class_packed", SPECIAL,
                    "The Bidi_Class of a code point (0..11), or 12 for the classes of kBidiRare.")}
/// Code points of the rare classes (B, S, LRE..PDI): sorted code point, class.
constexpr unsigned kBidiRareCount = {len(special)};
extern const std::uint16_t kBidiRareCodePoints[{len(special)}];
extern const std::uint8_t kBidiRareClasses[{len(special)}];

/// Mirrored pairs in runs, sorted: the run's first lower code point << 16,
/// the distance to the higher ones << 4, bit 3 if the lower ones step by 2
/// (else 1), the run's length - 1 in bits 0-2.
constexpr unsigned kMirrorRunCount = {len(mirror_runs)};
extern const std::uint32_t kMirrorRuns[{len(mirror_runs)}];
/// Opening paired brackets, sorted, and the distance to their closing bracket.
constexpr unsigned kBracketCount = {len(openers)};
extern const std::uint16_t kBracketOpeners[{len(openers)}];
extern const std::int8_t kBracketDistance[{len(openers)}];
/// The largest distance between the two brackets of a pair, either way.
constexpr unsigned kBracketMaxDistance = {max(abs(paired - cp) for cp, paired in openers)};
/// Brackets with a canonical equivalent that is a bracket (BD16).
constexpr unsigned kBracketCanonicalCount = {len(canonical)};
extern const std::uint16_t kBracketCanonical[{2 * len(canonical)}];

/// Joining_Type ranges that the derivation from Bidi_Class gets wrong (NSM, and
/// BN from U+00A0 to U+DFFFF but noncharacters, are T, else U): first code point << 11 |
/// type (JoiningType) << 8 | length - 1.
constexpr unsigned kJoiningRangeCount = {len(ranges)};
extern const std::uint32_t kJoiningRanges[{len(ranges)}];

/// Letters with presentation forms: the letter, its isolated form minus U+FB50,
/// and which forms follow it (bit 0 final, 1 initial, 2 medial).
constexpr unsigned kFormLetterCount = {len(letters)};
extern const std::uint16_t kFormLetters[{len(letters)}];
extern const std::uint16_t kFormIsolated[{len(letters)}];
extern const std::uint8_t kFormMasks[{(len(letters) + 1) // 2}];
/// Forms away from the letter's others: letter, form (1 final, 2 initial,
/// 3 medial), presentation form.
constexpr unsigned kFormFarCount = {len(far_forms)};
extern const std::uint16_t kFormFar[{3 * len(far_forms)}];
/// Lam-alef ligatures: the alef, the isolated ligature (its final form follows).
constexpr unsigned kLamAlefCount = {len(ligatures)};
extern const std::uint16_t kLamAlef[{2 * len(ligatures)}];

}}  // namespace utf8mcu::text::internal
"""
    bidi_source = ("// Generated by lib/text/tools/make_bidi_tables.py; do not edit.\n"
                   "#include \"utf8mcu/text/internal/bidi_tables.h\"\n\n"
                   "namespace utf8mcu::text::internal {\n\n"
                   + class_table.source("kBidiClass")
                   + c_array("std::uint16_t", "kBidiRareCodePoints", [cp for cp, _ in special], 4)
                   + c_array("std::uint8_t", "kBidiRareClasses", [value for _, value in special])
                   + c_array("std::uint32_t", "kMirrorRuns", mirror_runs, 8)
                   + c_array("std::uint16_t", "kBracketOpeners", [cp for cp, _ in openers], 4)
                   + c_array("std::int8_t", "kBracketDistance", [paired - cp for cp, paired in openers])
                   + c_array("std::uint16_t", "kBracketCanonical",
                             [cp for pair in canonical for cp in pair], 4)
                   + "\n}  // namespace utf8mcu::text::internal\n")
    masks = [letter[2] for letter in letters] + [0]
    joining_source = ("// Generated by lib/text/tools/make_bidi_tables.py; do not edit.\n"
                      "#include \"utf8mcu/text/internal/bidi_tables.h\"\n\n"
                      "namespace utf8mcu::text::internal {\n\n"
                      + c_array("std::uint32_t", "kJoiningRanges", joining_words, 8)
                      + c_array("std::uint16_t", "kFormLetters", [letter[0] for letter in letters], 4)
                      + c_array("std::uint16_t", "kFormIsolated", [letter[1] - 0xFB50 for letter in letters], 4)
                      + c_array("std::uint8_t", "kFormMasks",
                                [masks[i] | (masks[i + 1] << 4) for i in range(0, len(letters), 2)], 2)
                      + c_array("std::uint16_t", "kFormFar", [v for far in far_forms for v in far], 4)
                      + c_array("std::uint16_t", "kLamAlef",
                                [cp for alef, iso, _ in ligatures for cp in (alef, iso)], 4)
                      + "\n}  // namespace utf8mcu::text::internal\n")
    sizes = {
        "bidi_class": class_table.bytes + 3 * len(special),
        "mirroring": 4 * len(mirror_runs),
        "paired_brackets": 3 * len(openers) + 4 * len(canonical),
        "joining_types": 4 * len(ranges),
        "presentation_forms": 4 * len(letters) + (len(letters) + 1) // 2 + 6 * len(far_forms) + 4 * len(ligatures),
    }
    properties = sum(size for name, size in sizes.items() if name != "presentation_forms")
    stats = ("".join(f"{name} {size}\n" for name, size in sizes.items())
             + f"properties_total {properties}\n" + f"total {sum(sizes.values())}\n")
    ucd.write_if_changed(header_path, header)
    ucd.write_if_changed(bidi_source_path, bidi_source)
    ucd.write_if_changed(joining_source_path, joining_source)
    ucd.write_if_changed(stats_path, stats)


if __name__ == "__main__":
    main()
