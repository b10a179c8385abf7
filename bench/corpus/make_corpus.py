#!/usr/bin/env python3
"""Writes the benchmark corpora and the C++ tables that embed them.

    make_corpus.py --out-dir DIR --size BYTES [--shared-dir ../shared/corpus]

Generated corpora (always; deterministic: own xorshift32 PRNG, fixed seeds, so
every Python version and every clone writes the same bytes):
    gen-ascii     Latin-like words, spaces and punctuation: 100 % ASCII
    gen-latin1    French/German-like words, ~6 % of letters accented (2-byte)
    gen-cyrillic  Russian-like words (2-byte Cyrillic) with ASCII spaces/punctuation
    gen-cjk       CJK ideographs and CJK punctuation (3-byte), no ASCII
    gen-emoji     emoji (4-byte), no ASCII
    gen-emoji-text  emoji as people type them, between ASCII words: skin tones,
                  VS16, ZWJ sequences, flags (1-, 3- and 4-byte mixed)
    gen-mixed     short runs of 1-, 2-, 3- and 4-byte characters
    gen-random    uniformly random bytes (mostly ill-formed UTF-8)
Each valid corpus is exactly BYTES long and ends on a character boundary.

Generated for the segmentation benchmarks only (same PRNG, own seeds):
    gen-thai      Thai syllables (leading vowels, above/below vowels, tone
                  marks, SARA AM) as words run together into phrases, as Thai
                  is written, spaces between phrases, a few digits
    gen-arabic    Arabic words, some letters with harakat, spaces, Arabic and
                  ASCII punctuation, Arabic-Indic and ASCII digits
    gen-hebrew    Hebrew words, a few with niqqud, maqaf, geresh/gershayim,
                  punctuation and digits

Shared slices (only with --shared-dir, when that folder exists): the first
BYTES of five files of the shared corpus, cut back to a character boundary;
four more (Thai, Arabic, Hebrew, Hindi) for the segmentation benchmarks.

Outputs in DIR: <name>.bin per corpus; corpus_generated.cpp (generated corpora
only: what CI and the budget test use) and corpus_all.cpp (all of them), each
defining utf8mcu::bench::kCorpora with the data placed in read-only memory by
.incbin; corpora.json describing each corpus (file, source, bytes, ASCII share).
The segmentation benchmarks take their own tables, so that the decoder's
report and budgets see the same corpora as before:
corpus_segmentation.cpp (every generated corpus, the scripts' included) and
corpus_segmentation_all.cpp (with every shared slice), described by
segmentation_corpora.json.
"""

import argparse
import hashlib
import json
import os

SHARED_SLICES = [
    ("lipsum-latin", "lipsum/Latin-Lipsum.utf8.txt"),
    ("mars-german", "wikipedia_mars/german.utf8.txt"),
    ("lipsum-russian", "lipsum/Russian-Lipsum.utf8.txt"),
    ("lipsum-chinese", "lipsum/Chinese-Lipsum.utf8.txt"),
    ("lipsum-emoji", "lipsum/Emoji-Lipsum.utf8.txt"),
]
SEGMENTATION_SHARED_SLICES = [
    ("mars-thai", "wikipedia_mars/thai.utf8.txt"),
    ("mars-arabic", "wikipedia_mars/arabic.utf8.txt"),
    ("lipsum-hebrew", "lipsum/Hebrew-Lipsum.utf8.txt"),
    ("mars-hindi", "wikipedia_mars/hindi.utf8.txt"),
]


class Random:
    """xorshift32: tiny and identical everywhere (random.Random may change)."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF or 0x9E3779B9

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def below(self, bound):
        return self.next() % bound

    def pick(self, items):
        return items[self.below(len(items))]


SYLLABLES = ["lo", "rem", "ip", "sum", "do", "lor", "sit", "a", "met", "con", "sec", "te", "tur",
             "ad", "pi", "sci", "ng", "e", "lit", "sed", "eius", "mod", "tem", "por", "in", "ci",
             "di", "unt", "ut", "la", "bo", "re", "et", "ma", "gna", "li", "qua", "ver", "stra"]
ACCENTED = "éèêàâçùûüöäßôîëÉÀÜÖÄ"
CYRILLIC_LOWER = [chr(c) for c in range(0x430, 0x450)] + ["ё"]
CYRILLIC_UPPER = [chr(c) for c in range(0x410, 0x430)]
CJK_PUNCTUATION = ["，", "。", "、", "：", "；", "「", "」"]
EMOJI_RANGES = [(0x1F300, 0x1F5FF), (0x1F600, 0x1F64F), (0x1F680, 0x1F6C5), (0x1F900, 0x1F9FF)]


def fill(size, next_text, pad_for):
    """Appends UTF-8 pieces from next_text() until `size` bytes; the last few
    bytes come from pad_for(room) so that the text ends exactly at `size` on a
    character boundary."""
    out = bytearray()
    while True:
        piece = next_text()
        if len(out) + len(piece.encode("utf-8")) > size - 4:
            break
        out += piece.encode("utf-8")
    for character in piece:  # as much of the last piece as fits
        encoded = character.encode("utf-8")
        if len(out) + len(encoded) > size - 4:
            break
        out += encoded
    while len(out) < size:
        out += pad_for(size - len(out)).encode("utf-8")
    assert len(out) == size
    out.decode("utf-8")  # valid
    return bytes(out)


def pad_ascii(room):
    return " " * room


def pad_without_ascii(room):
    # Keep corpora without ASCII free of it: a 4-, 3- or 2-byte character,
    # and a single newline only when 1 byte is left.
    return {1: "\n", 2: "·", 3: "、"}.get(room, "🙂")


def word(random, letters_of):
    return "".join(letters_of(random) for _ in range(1 + random.below(3)))


def latin_text(random, accent_per_mille):
    def letters(r):
        syllable = r.pick(SYLLABLES)
        if r.below(1000) < accent_per_mille * len(syllable):
            i = r.below(len(syllable))
            syllable = syllable[:i] + r.pick(ACCENTED) + syllable[i + 1:]
        return syllable

    def next_text():
        text = word(random, letters)
        choice = random.below(20)
        if choice == 0:
            return text + ".\n"
        if choice < 3:
            return text + ", "
        if choice < 4:
            return text.capitalize() + " "
        return text + " "

    return next_text


def cyrillic_text(random):
    def next_text():
        length = 2 + random.below(8)
        letters = [random.pick(CYRILLIC_LOWER) for _ in range(length)]
        if random.below(8) == 0:
            letters[0] = random.pick(CYRILLIC_UPPER)
        choice = random.below(12)
        end = ". " if choice == 0 else ", " if choice == 1 else " "
        return "".join(letters) + end

    return next_text


def cjk_text(random):
    def next_text():
        run = "".join(chr(0x4E00 + random.below(0x9FA5 - 0x4E00)) for _ in range(4 + random.below(16)))
        return run + random.pick(CJK_PUNCTUATION)

    return next_text


def emoji_text(random):
    def next_text():
        low, high = random.pick(EMOJI_RANGES)
        return chr(low + random.below(high - low + 1))

    return next_text


# Emoji as chat text carries them: a base emoji alone or with a skin tone
# (U+1F3FB..U+1F3FF), a BMP symbol made emoji by VS16 (U+FE0F), ZWJ (U+200D)
# sequences, and flags (two regional indicators).
SKIN_TONE_BASES = [0x1F44D, 0x1F44B, 0x1F64F, 0x1F44F, 0x1F590, 0x1F9D1, 0x1F469, 0x1F468]
VS16_SYMBOLS = [0x2764, 0x2600, 0x263A, 0x2714, 0x26A0, 0x2708, 0x270C, 0x2B50]
ZWJ_SEQUENCES = [
    [0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467],  # family
    [0x1F469, 0x200D, 0x1F4BB],                   # technologist
    [0x1F3F3, 0xFE0F, 0x200D, 0x1F308],           # rainbow flag
    [0x1F9D1, 0x1F3FD, 0x200D, 0x1F527],          # mechanic, skin tone
    [0x2764, 0xFE0F, 0x200D, 0x1F525],            # heart on fire
]
FLAGS = ["DE", "NL", "FR", "JP", "UA", "BR", "SE", "IN"]


def emoji_in_text(random):
    def one_emoji():
        kind = random.below(10)
        if kind < 4:
            low, high = random.pick(EMOJI_RANGES)
            return chr(low + random.below(high - low + 1))
        if kind < 6:
            return chr(random.pick(SKIN_TONE_BASES)) + chr(0x1F3FB + random.below(5))
        if kind < 8:
            return chr(random.pick(VS16_SYMBOLS)) + "\uFE0F"
        if kind < 9:
            return "".join(chr(c) for c in random.pick(ZWJ_SEQUENCES))
        return "".join(chr(0x1F1E6 + ord(letter) - ord("A")) for letter in random.pick(FLAGS))

    words = latin_text(random, 0)

    def next_text():
        text = words()
        if random.below(3) == 0:
            emoji = one_emoji()
            if random.below(4) == 0:
                emoji += one_emoji()
            text += emoji + " "
        return text

    return next_text


def mixed_text(random):
    def one(width):
        if width == 1:
            return chr(0x20 + random.below(0x5F))
        if width == 2:
            return chr(0x80 + random.below(0x800 - 0x80))
        if width == 3:
            c = 0x800 + random.below(0x10000 - 0x800)
            return chr(0xE000 + (c & 0x7FF) if 0xD800 <= c <= 0xDFFF else c)
        return chr(0x10000 + random.below(0x110000 - 0x10000))

    def next_text():
        width = random.pick([1, 1, 1, 1, 2, 2, 3, 3, 3, 4])
        return "".join(one(width) for _ in range(1 + random.below(8)))

    return next_text


# Thai: a syllable is an optional leading vowel (Lo, written before the
# consonant it follows in speech), a consonant, an optional above or below
# vowel (Mn), an optional tone mark (Mn), then an optional SARA AA, SARA AM
# (a spacing mark) or final consonant. Words run together inside a phrase.
THAI_CONSONANTS = [chr(c) for c in range(0x0E01, 0x0E2F) if c not in (0x0E03, 0x0E05)]
THAI_LEADING_VOWELS = ["\u0E40", "\u0E41", "\u0E42", "\u0E43", "\u0E44"]
THAI_ABOVE_VOWELS = ["\u0E31", "\u0E34", "\u0E35", "\u0E36", "\u0E37", "\u0E47"]
THAI_BELOW_VOWELS = ["\u0E38", "\u0E39"]
THAI_TONE_MARKS = ["\u0E48", "\u0E49", "\u0E4A", "\u0E4B"]
THAI_FINALS = ["\u0E01", "\u0E07", "\u0E14", "\u0E19", "\u0E1A", "\u0E21", "\u0E22", "\u0E27"]


def thai_text(random):
    def syllable():
        out = random.pick(THAI_LEADING_VOWELS) if random.below(4) == 0 else ""
        out += random.pick(THAI_CONSONANTS)
        vowel = random.below(6)
        if vowel < 2:
            out += random.pick(THAI_ABOVE_VOWELS)
        elif vowel < 3:
            out += random.pick(THAI_BELOW_VOWELS)
        if random.below(3) == 0:
            out += random.pick(THAI_TONE_MARKS)
        ending = random.below(6)
        if ending == 0:
            out += "\u0E32"  # SARA AA
        elif ending == 1:
            out += "\u0E33"  # SARA AM
        elif ending < 4:
            out += random.pick(THAI_FINALS)
        return out

    def next_text():
        words = ["".join(syllable() for _ in range(1 + random.below(3))) for _ in range(2 + random.below(5))]
        if random.below(10) == 0:
            words.insert(random.below(len(words)), " " + str(random.below(2000)) + " ")
        if random.below(12) == 0:
            words[-1] += "\u0E46"  # MAIYAMOK: repeat the word
        choice = random.below(15)
        return "".join(words) + ("\n" if choice == 0 else " ")

    return next_text


ARABIC_LETTERS = [chr(c) for c in range(0x0627, 0x063B)] + [chr(c) for c in range(0x0641, 0x064B)] + ["\u0621", "\u0629"]
ARABIC_HARAKAT = ["\u064E", "\u064F", "\u0650", "\u0652", "\u0651", "\u064B", "\u064D"]
ARABIC_PUNCTUATION = ["\u060C ", "\u061B ", "\u061F ", ". ", "! ", ": "]


def arabic_text(random):
    def next_text():
        letters = []
        for _ in range(2 + random.below(6)):
            letters.append(random.pick(ARABIC_LETTERS))
            if random.below(4) == 0:
                letters.append(random.pick(ARABIC_HARAKAT))
                if letters[-1] == "\u0651" and random.below(2) == 0:
                    letters.append(random.pick(ARABIC_HARAKAT[:3]))  # shadda with a vowel
        text = "".join(letters)
        choice = random.below(30)
        if choice == 0:
            digits = str(random.below(10000))
            if random.below(2) == 0:
                digits = "".join(chr(0x0660 + ord(d) - ord("0")) for d in digits)
            return text + " " + digits + " "
        if choice == 1:
            return "(" + text + ") "
        if choice == 2:
            return text + ".\n"
        if choice < 6:
            return text + random.pick(ARABIC_PUNCTUATION)
        return text + " "

    return next_text


HEBREW_LETTERS = [chr(c) for c in range(0x05D0, 0x05EB)]
HEBREW_NIQQUD = ["\u05B0", "\u05B4", "\u05B5", "\u05B6", "\u05B7", "\u05B8", "\u05B9", "\u05BC"]


def hebrew_text(random):
    def word():
        letters = []
        pointed = random.below(5) == 0
        for _ in range(2 + random.below(5)):
            letters.append(random.pick(HEBREW_LETTERS))
            if pointed and random.below(2) == 0:
                letters.append(random.pick(HEBREW_NIQQUD))
        return "".join(letters)

    def next_text():
        text = word()
        choice = random.below(30)
        if choice == 0:
            return text + "\u05BE" + word() + " "  # maqaf joins two words
        if choice == 1:
            return text[:-1] + "\u05F4" + text[-1] + " "  # gershayim of an acronym
        if choice == 2:
            return text + "\u05F3 "  # geresh
        if choice == 3:
            return text + " " + str(random.below(1000)) + " "
        if choice == 4:
            return text + ".\n"
        if choice < 8:
            return text + random.pick([", ", ". ", "? ", ": "])
        return text + " "

    return next_text


def random_bytes(size, random):
    return bytes(random.below(256) for _ in range(size))


def generated(size):
    return [
        ("gen-ascii", "generated: Latin-like ASCII words",
         fill(size, latin_text(Random(0xA5C11), 0), pad_ascii)),
        ("gen-latin1", "generated: French/German-like words with accented letters",
         fill(size, latin_text(Random(0x1A71), 80), pad_ascii)),
        ("gen-cyrillic", "generated: Russian-like Cyrillic words",
         fill(size, cyrillic_text(Random(0xC7211C)), pad_ascii)),
        ("gen-cjk", "generated: CJK ideographs and punctuation",
         fill(size, cjk_text(Random(0xC1C)), pad_without_ascii)),
        ("gen-emoji", "generated: emoji",
         fill(size, emoji_text(Random(0xE30)), pad_without_ascii)),
        ("gen-emoji-text", "generated: ASCII words with emoji, skin tones, VS16, ZWJ, flags",
         fill(size, emoji_in_text(Random(0xE31)), pad_ascii)),
        ("gen-mixed", "generated: runs of 1-4 byte characters",
         fill(size, mixed_text(Random(0x313ED)), pad_ascii)),
        ("gen-random", "generated: uniformly random bytes",
         random_bytes(size, Random(0xB17E5))),
    ]


def generated_scripts(size):
    return [
        ("gen-thai", "generated: Thai words run together into phrases, vowels and tone marks",
         fill(size, thai_text(Random(0x7A1)), pad_ascii)),
        ("gen-arabic", "generated: Arabic words with some harakat, punctuation and digits",
         fill(size, arabic_text(Random(0xA2AB)), pad_ascii)),
        ("gen-hebrew", "generated: Hebrew words, some with niqqud, maqaf, punctuation and digits",
         fill(size, hebrew_text(Random(0x4EB)), pad_ascii)),
    ]


def shared(size, shared_dir, slice_list):
    slices = []
    for name, path in slice_list:
        with open(os.path.join(shared_dir, path), "rb") as f:
            data = f.read(size + 4)
        cut = min(size, len(data))
        while cut < len(data) and cut > 0 and (data[cut] & 0xC0) == 0x80:
            cut -= 1  # never split a character
        slices.append((name, f"../shared/corpus/{path}, first {cut} bytes", data[:cut]))
    return slices


def write_table(path, corpora, out_dir):
    lines = [
        "// Generated by bench/corpus/make_corpus.py: do not edit.",
        "// The corpora go to read-only memory (flash on a board) via .incbin.",
        '#include "corpus_table.h"',
        "",
        "__asm__(",
    ]
    for index, (name, _, _) in enumerate(corpora):
        bin_path = os.path.abspath(os.path.join(out_dir, name + ".bin"))
        lines += [
            f'    "  .section .rodata.utf8mcu_bench_corpus_{index},\\"a\\"\\n"',
            '    "  .balign 4\\n"',
            f'    "utf8mcu_bench_corpus_{index}:\\n"',
            f'    "  .incbin \\"{bin_path}\\"\\n"',
        ]
    lines += ['    "  .text\\n");', "", 'extern "C" {']
    for index, _ in enumerate(corpora):
        lines.append(f"extern const std::uint8_t utf8mcu_bench_corpus_{index}[];")
    lines += ["}", "", "namespace utf8mcu::bench {", "", "const Corpus kCorpora[] = {"]
    for index, (name, source, data) in enumerate(corpora):
        lines.append(f'    {{"{name}", "{source}", utf8mcu_bench_corpus_{index}, {len(data)}u}},')
    lines += ["};", "const std::size_t kCorpusCount = sizeof kCorpora / sizeof kCorpora[0];", "",
              "}  // namespace utf8mcu::bench", ""]
    # The data's digest makes this file change (and recompile) when a corpus does.
    digest = hashlib.sha256(b"".join(data for _, _, data in corpora)).hexdigest()[:16]
    lines.insert(1, f"// Corpus digest: {digest}")
    text = "\n".join(lines)
    # Leave an unchanged file alone so that nothing recompiles needlessly.
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as f:
            f.write(text)


def write_if_changed(path, data):
    if os.path.exists(path):
        with open(path, "rb") as f:
            if f.read() == data:
                return
    with open(path, "wb") as f:
        f.write(data)


def manifest_of(corpora):
    manifest = []
    for name, source, data in corpora:
        ascii_share = 100.0 * sum(1 for b in data if b < 0x80) / len(data)
        manifest.append({"name": name, "source": source, "bytes": len(data),
                         "ascii_percent": round(ascii_share, 1), "generated": name.startswith("gen-")})
    return manifest


def write_json(path, manifest):
    with open(path, "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--size", type=int, default=65536)
    parser.add_argument("--shared-dir", default="")
    args = parser.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)

    gen = generated(args.size)
    scripts = generated_scripts(args.size)
    have_shared = args.shared_dir and os.path.isdir(args.shared_dir)
    extra = shared(args.size, args.shared_dir, SHARED_SLICES) if have_shared else []
    extra_scripts = shared(args.size, args.shared_dir, SEGMENTATION_SHARED_SLICES) if have_shared else []
    for name, _, data in gen + scripts + extra + extra_scripts:
        write_if_changed(os.path.join(args.out_dir, name + ".bin"), data)
    write_table(os.path.join(args.out_dir, "corpus_generated.cpp"), gen, args.out_dir)
    write_table(os.path.join(args.out_dir, "corpus_all.cpp"), gen + extra, args.out_dir)
    write_table(os.path.join(args.out_dir, "corpus_segmentation.cpp"), gen + scripts, args.out_dir)
    write_table(os.path.join(args.out_dir, "corpus_segmentation_all.cpp"),
                gen + scripts + extra + extra_scripts, args.out_dir)
    write_json(os.path.join(args.out_dir, "corpora.json"), manifest_of(gen + extra))
    write_json(os.path.join(args.out_dir, "segmentation_corpora.json"),
               manifest_of(gen + scripts + extra + extra_scripts))

if __name__ == "__main__":
    main()
