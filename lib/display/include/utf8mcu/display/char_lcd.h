#pragma once
/// @file
/// UTF-8 on HD44780-compatible character LCDs: each code point becomes a code
/// of the module's character ROM (A00: ASCII, Japanese katakana, some Greek;
/// A02: Western European, Cyrillic, Greek), else one of the 8 CGRAM glyphs,
/// drawn from a 5x8 font and allocated on demand, else a fallback. The lookup
/// of a code point, in order:
///
///  1. C0 and C1 controls, surrogates and values past U+10FFFF: the ROM's
///     replacement (A00: FF, a full block; A02: BF, an inverted question mark).
///     A combining mark U+0300-U+036F takes no cell and is dropped (the
///     letter before stays). ComposingCharLcd instead makes the letter before
///     and the mark the precomposed letter (e + acute -> e with acute) when
///     that one is in the ROM or gets a slot; else the letter before stays as
///     it was shown (marks in canonical order, as NFD gives them). Only an
///     image that uses ComposingCharLcd links the marks table and its code.
///  2. The ROM's own character, or one drawn the same (Cyrillic and Greek
///     letters shaped like Latin ones, fullwidth ASCII, no-break space).
///  3. ROM A00: fullwidth katakana, hiragana and CJK punctuation as JIS X 0201
///     half-width codes; a voiced kana takes two cells (KA + voiced mark).
///  4. A CGRAM slot already holding the glyph, else a free slot defined from
///     the application's CharLcdGlyphs (BMP code points only).
///  5. The base letter of its canonical decomposition (e with acute -> e),
///     looked up again from step 2.
///  6. A Greek or Cyrillic small letter: its capital, if the ROM or a slot has it.
///  7. A transliteration: letters such as sharp s -> "ss", ae, o with stroke,
///     dashes, quotes and ellipsis (at most 2 cells); Greek and Cyrillic
///     letters -> one Latin letter (ELOT 743 / ISO 9 without diacritics).
///  8. The replacement of step 1.
///
/// Slots: a slot is free when no visible cell shows it, except on the row
/// being written. A row is written whole (padded with spaces, clipped at the
/// module's width): new glyphs for slots that no row shows are defined first;
/// a slot that only the old content of this row shows is redefined after that
/// row has been written with a space in the new cells, and the row is then
/// written again. So a cell never shows a glyph redefined under it.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/decoder.h"
#include "utf8mcu/display/panel/hd44780.h"

namespace utf8mcu::display {

/// A character ROM: the code points its codes show. Codes equal to their code
/// point come as ranges; the others, with the look-alikes and the
/// transliterations, as one packed map (detail::pack_char_lcd_map()).
struct CharLcdRom {
  const std::uint8_t* identity_ranges;  ///< pairs first, last
  std::uint8_t identity_range_count;
  std::uint8_t replacement;  ///< the code shown for what nothing else maps
  /// A1-DF: JIS X 0201 (U+FF61-U+FF9F), and the kana table that maps
  /// U+3099-U+30FC onto them (detail::kCharLcdKana); nullptr if the ROM has
  /// no katakana. A pointer, so a firmware for another ROM links no kana table.
  const std::uint8_t* kana;
  const std::uint8_t* map;  ///< this ROM's packed map, linked only with it
};

/// The application's 5x8 glyphs for CGRAM: BMP code points, sorted, and 8
/// rows of each (bits 4-0, left to right; row 0 on top), 10 bytes a glyph.
/// utf8mcu_display_add_font(<target> SOURCE 5x8 RANGES ... CHAR_LCD) makes one
/// from misc-fixed 5x8; only the glyphs it lists are linked.
struct CharLcdGlyphs {
  const std::uint16_t* code_points;
  const std::uint8_t (*rows)[8];
  std::size_t size;
};

namespace detail {

/// Base-letter runs, sorted (generated from UnicodeData.txt), three bytes
/// each: the gap from the end of the run before (0xFF: the first code point
/// follows in two bytes, low first; 0xFE: no more runs), the base letter's
/// low byte, then
///
///     7 6          5              4 ...... 0
///     [base high]  [alternating]  [count-1]
///
/// with the base's high byte 0, 2, 3 or 4 stored as 0-3: code points
/// first..first+count-1 map to base, or (alternating) to base, base + 32,
/// base, ... (upper and lower case pairs).
extern const std::uint8_t kCharLcdBaseRuns[];
/// One byte per code point of the runs (per upper and lower case pair in an
/// alternating run: both have the same), in order: the combining marks after
/// its base letter in its full canonical decomposition, as 1 + an index into
/// kCharLcdCombiningMarks; the first in bits 3-0, a second in bits 7-4.
extern const std::uint8_t kCharLcdMarks[];
/// The marks those decompositions use, as U+0300 + the value.
inline constexpr std::uint8_t kCharLcdCombiningMarks[] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x06, 0x07, 0x08,
                                                          0x09, 0x0A, 0x0B, 0x0C, 0x1B, 0x23, 0x27, 0x28};
/// U+3099-U+30FC: bits 5-0 = JIS X 0201 code - 0xA0 (0: none); bits 7-6:
/// 1 = followed by the voiced mark (DE), 2 = by the semi-voiced mark (DF).
inline constexpr char32_t kCharLcdKanaFirst = 0x3099;
inline constexpr char32_t kCharLcdKanaLast = 0x30FC;
extern const std::uint8_t kCharLcdKana[];

// clang-format off
inline constexpr std::uint8_t kA00Identity[] = {0x20, 0x5B, 0x5D, 0x7D};
inline constexpr std::uint16_t kA00CodePoints[] = {
    0x00A2, 0x00A3, 0x00A5, 0x00B0, 0x00B5, 0x00E4, 0x00F1, 0x00F6, 0x00F7, 0x00FC, 0x02E3, 0x03A3, 0x03A9,
    0x03B1, 0x03B2, 0x03B5, 0x03B8, 0x03BC, 0x03C0, 0x03C1, 0x03C3, 0x2126, 0x2190, 0x2192, 0x221A, 0x221E,
    0x2588, 0x3001, 0x3002, 0x300C, 0x300D, 0x4E07, 0x5186, 0x5343};
inline constexpr std::uint8_t kA00Codes[] = {
    0xEC,   0xED,   0x5C,   0xDF,   0xE4,   0xE1,   0xEE,   0xEF,   0xFD,   0xF5,   0xEB,   0xF6,   0xF4,
    0xE0,   0xE2,   0xE3,   0xF2,   0xE4,   0xF7,   0xE6,   0xE5,   0xF4,   0x7F,   0x7E,   0xE8,   0xF3,
    0xFF,   0xA4,   0xA1,   0xA2,   0xA3,   0xFB,   0xFC,   0xFA};

inline constexpr std::uint8_t kA02Identity[] = {0x20, 0x7E, 0xA1, 0xA7, 0xA9, 0xAB, 0xAE, 0xAE, 0xB0, 0xB3,
                                                0xB6, 0xB7, 0xB9, 0xD7, 0xD9, 0xFF};
inline constexpr std::uint16_t kA02CodePoints[] = {
    0x00B4, 0x00B5, 0x0192, 0x0393, 0x03A3, 0x03A6, 0x03A9, 0x03B1, 0x03B4, 0x03B5, 0x03B8, 0x03BC, 0x03C0, 0x03C3,
    0x03C4, 0x03C9, 0x0411, 0x0414, 0x0416, 0x0417, 0x0418, 0x0419, 0x041B, 0x041F, 0x0423, 0x0426, 0x0427,
    0x0428, 0x0429, 0x042A, 0x042B, 0x042D, 0x042E, 0x042F, 0x2016, 0x201C, 0x201D, 0x2126, 0x2190, 0x2191,
    0x2192, 0x2193, 0x21B2, 0x221E, 0x2229, 0x2264, 0x2265, 0x2302, 0x23EB, 0x23EC, 0x25B2, 0x25B6, 0x25BC,
    0x25C0, 0x25CF, 0x2665, 0x266A, 0x266C};
inline constexpr std::uint8_t kA02Codes[] = {
    0xAF,   0xB5,   0xA8,   0x92,   0x94,   0xD8,   0x9A,   0x90,   0x9B,   0x9E,   0x99,   0xB5,   0x93,   0x95,
    0x97,   0xB8,   0x80,   0x81,   0x82,   0x83,   0x84,   0x85,   0x86,   0x87,   0x88,   0x89,   0x8A,
    0x8B,   0x8C,   0x8D,   0x8E,   0x8F,   0xAC,   0xAD,   0xA0,   0x12,   0x13,   0x9A,   0x1B,   0x18,
    0x1A,   0x19,   0x17,   0x9C,   0x9F,   0x1C,   0x1D,   0x7F,   0x14,   0x15,   0x1E,   0x10,   0x1F,
    0x11,   0x16,   0x9D,   0x91,   0x96};

// Letters drawn as an ASCII one: Greek and Cyrillic capitals and small
// letters of Latin shape, the no-break space, hyphens and the minus sign.
inline constexpr std::uint16_t kLookalikeCodePoints[] = {
    0x00A0, 0x0391, 0x0392, 0x0395, 0x0396, 0x0397, 0x0399, 0x039A, 0x039C, 0x039D, 0x039F, 0x03A1, 0x03A4,
    0x03A5, 0x03A7, 0x03BF, 0x0405, 0x0406, 0x0408, 0x0410, 0x0412, 0x0415, 0x041A, 0x041C, 0x041D, 0x041E,
    0x0420, 0x0421, 0x0422, 0x0425, 0x0430, 0x0435, 0x043E, 0x0440, 0x0441, 0x0443, 0x0445, 0x0455, 0x0456,
    0x0458, 0x2010, 0x2011, 0x2212, 0x3000};
inline constexpr char kLookalikes[] = " ABEZHIKMNOPTYXoSIJABEKMHOPCTXaeopcyxsij--- ";

// Transliterations of at most two ASCII characters (the second 0 if one).
inline constexpr std::uint16_t kTransliteratedCodePoints[] = {
    0x00AB, 0x00B7, 0x00BB, 0x00C6, 0x00D0, 0x00D7, 0x00D8, 0x00DE, 0x00DF, 0x00E6, 0x00F0, 0x00F8, 0x00FE,
    0x0110, 0x0111, 0x0126, 0x0127, 0x0131, 0x0141, 0x0142, 0x0152, 0x0153, 0x2012, 0x2013, 0x2014, 0x2015,
    0x2018, 0x2019, 0x201A, 0x201C, 0x201D, 0x201E, 0x2022, 0x2026, 0x2039, 0x203A, 0x20AC, 0x2122};
inline constexpr char kTransliterations[][2] = {
    {'<', '<'}, {'.', 0}, {'>', '>'}, {'A', 'E'}, {'D', 0}, {'x', 0}, {'O', 0}, {'T', 'h'}, {'s', 's'},
    {'a', 'e'}, {'d', 0}, {'o', 0}, {'t', 'h'}, {'D', 0}, {'d', 0}, {'H', 0}, {'h', 0}, {'i', 0},
    {'L', 0}, {'l', 0}, {'O', 'E'}, {'o', 'e'}, {'-', 0}, {'-', 0}, {'-', 0}, {'-', 0}, {'\'', 0},
    {'\'', 0}, {'\'', 0}, {'"', 0}, {'"', 0}, {'"', 0}, {'*', 0}, {'.', '.'}, {'<', 0}, {'>', 0},
    {'E', 0}, {'T', 'M'}};
// clang-format on
// Greek capitals U+0391-U+03A9 (U+03A2: final sigma), then Cyrillic
// U+0410-U+042F, as one Latin letter; small letters (0x20 above) the same in
// lower case. Transliterations in the maps.
inline constexpr char kGreekCyrillicLatin[] = "ABGDEZHTIKLMNXOPRSSTYFXPO"
                                              "ABVGDEZZIJKLMNOPRSTUFHCCSS\"Y'EUA";
inline constexpr std::size_t kGreekCyrillicCount = 57;  // U+03A2 unassigned; final sigma U+03C2 in its place
static_assert(sizeof(kGreekCyrillicLatin) == 25 + 32 + 1, "25 Greek and 32 Cyrillic letters");

/// The `index`th Greek or Cyrillic letter kGreekCyrillicLatin transliterates,
/// in code point order: U+0391-U+03A1, U+03A3-U+03A9, U+03C2, U+0410-U+042F.
constexpr char32_t greek_cyrillic_key(std::size_t index) noexcept {
  const auto i = static_cast<char32_t>(index);
  if (i < 17) return 0x391 + i;
  if (i < 24) return 0x392 + i;
  return i == 24 ? char32_t{0x3C2} : 0x410 + (i - 25);
}
/// Its Latin letter.
constexpr char greek_cyrillic_letter(std::size_t index) noexcept {
  if (index == 24) return 's';
  return kGreekCyrillicLatin[index < 17 || index > 24 ? index : index + 1];
}

template <typename T, std::size_t N>
constexpr bool sorted(const T (&values)[N]) noexcept {
  for (std::size_t i = 1; i < N; ++i) {
    if (!(values[i - 1] < values[i])) return false;
  }
  return true;
}
static_assert(sorted(kA00CodePoints) && sorted(kA02CodePoints) && sorted(kLookalikeCodePoints) &&
                  sorted(kTransliteratedCodePoints),
              "searched tables are sorted");
static_assert(sizeof(kA00CodePoints) / 2 == sizeof(kA00Codes) && sizeof(kA02CodePoints) / 2 == sizeof(kA02Codes) &&
                  sizeof(kLookalikeCodePoints) / 2 + 1 == sizeof(kLookalikes) &&
                  sizeof(kTransliteratedCodePoints) / 2 == sizeof(kTransliterations) / 2,
              "parallel tables have equal lengths");

/// The map of a ROM, by code point, one entry each (a ROM code first, then a
/// look-alike, then a transliteration, of a sign or letter or of a Greek or
/// Cyrillic capital (and final sigma) as one Latin letter; none for what the
/// identity ranges show), a walk rather than a search, in bytes:
///
///     head   bit 7: a transliteration; bits 6-0: the code point minus the
///            entry's before (0: the code point follows, two bytes, low first)
///     value  a ROM code; or a transliteration's first character, bit 7 set
///            if a second follows in the next byte
///
/// ending with code point U+FFFF. Returns the size, and writes the bytes to
/// `out` unless it is null; 0 if the tables are not sorted.
constexpr std::size_t pack_char_lcd_map(std::uint8_t* out, const std::uint8_t* identity, std::size_t identity_size,
                                        const std::uint16_t* rom_keys, const std::uint8_t* rom_codes,
                                        std::size_t rom_size) noexcept {
  std::size_t size = 0;
  char32_t last = 0;
  std::size_t r = 0;
  std::size_t l = 0;
  std::size_t t = 0;
  std::size_t g = 0;
  constexpr std::size_t kLookalikeCount = sizeof(kLookalikeCodePoints) / 2;
  constexpr std::size_t kTransliterationCount = sizeof(kTransliteratedCodePoints) / 2;
  auto put = [&](unsigned value) {
    if (out != nullptr) out[size] = static_cast<std::uint8_t>(value);
    ++size;
  };
  for (;;) {
    const char32_t rom_key = r < rom_size ? rom_keys[r] : 0xFFFF;
    const char32_t lookalike_key = l < kLookalikeCount ? kLookalikeCodePoints[l] : 0xFFFF;
    const char32_t sign_key = t < kTransliterationCount ? kTransliteratedCodePoints[t] : 0xFFFF;
    const char32_t letter_key = g < kGreekCyrillicCount ? greek_cyrillic_key(g) : 0xFFFF;
    const bool letter = letter_key < sign_key;
    const char32_t transliteration_key = letter ? letter_key : sign_key;
    char32_t key = rom_key < lookalike_key ? rom_key : lookalike_key;
    const bool transliteration = transliteration_key < key;
    if (transliteration) key = transliteration_key;
    if (transliteration && key == last) {  // the ROM shows it
      ++(letter ? g : t);
      continue;
    }
    bool shown = false;  // by the identity ranges: no entry
    for (std::size_t i = 0; i < identity_size; i += 2) {
      if (key >= identity[i] && key <= identity[i + 1]) shown = true;
    }
    if (key <= last && key != 0xFFFF) return 0;
    if (!shown || key == 0xFFFF) {
      const unsigned kind = transliteration ? 0x80u : 0u;
      if (key - last < 0x80 && key != 0xFFFF) {
        put(kind | (key - last));
      } else {
        put(kind);
        put(key & 0xFFu);
        put(key >> 8);
      }
      last = key;
      if (key == 0xFFFF) return size;
      if (transliteration && letter) {
        put(static_cast<unsigned char>(greek_cyrillic_letter(g)));
      } else if (transliteration) {
        const char* letters = kTransliterations[t];
        put(static_cast<unsigned char>(letters[0]) | (letters[1] != 0 ? 0x80u : 0u));
        if (letters[1] != 0) put(static_cast<unsigned char>(letters[1]));
      } else {
        put(key == rom_key ? rom_codes[r] : static_cast<unsigned char>(kLookalikes[l]));
      }
    }
    if (transliteration) {
      ++(letter ? g : t);
    } else {
      if (key == rom_key) ++r;
      if (key == lookalike_key) ++l;  // a ROM code first
    }
  }
}

template <std::size_t kSize>
struct CharLcdMap {
  std::uint8_t bytes[kSize];
};

template <std::size_t kSize, std::size_t kIdentity, std::size_t kRom>
constexpr CharLcdMap<kSize> make_char_lcd_map(const std::uint8_t (&identity)[kIdentity],
                                              const std::uint16_t (&rom_keys)[kRom],
                                              const std::uint8_t (&rom_codes)[kRom]) noexcept {
  CharLcdMap<kSize> map{};
  pack_char_lcd_map(map.bytes, identity, kIdentity, rom_keys, rom_codes, kRom);
  return map;
}

inline constexpr std::size_t kA00MapSize =
    pack_char_lcd_map(nullptr, kA00Identity, sizeof(kA00Identity), kA00CodePoints, kA00Codes, sizeof(kA00Codes));
inline constexpr std::size_t kA02MapSize =
    pack_char_lcd_map(nullptr, kA02Identity, sizeof(kA02Identity), kA02CodePoints, kA02Codes, sizeof(kA02Codes));
static_assert(kA00MapSize != 0 && kA02MapSize != 0, "the map's tables are sorted");
inline constexpr CharLcdMap<kA00MapSize> kA00Map = make_char_lcd_map<kA00MapSize>(kA00Identity, kA00CodePoints, kA00Codes);
inline constexpr CharLcdMap<kA02MapSize> kA02Map = make_char_lcd_map<kA02MapSize>(kA02Identity, kA02CodePoints, kA02Codes);

/// The entry of `code_point` in a packed map: a ROM code (0-FF); a
/// transliteration as 0x100 | first | second << 9 (second 0 if none); or -1.
/// Cost: a walk through the entries below it.
inline int find_char_lcd_map(const std::uint8_t* map, char32_t code_point) noexcept {
  if (code_point >= 0xFFFF) return -1;
  char32_t key = 0;
  unsigned head = 0;
  for (;;) {
    head = *map++;
    if ((head & 0x7Fu) == 0) {
      key = map[0] | char32_t{map[1]} << 8;
      map += 2;
    } else {
      key += head & 0x7Fu;
    }
    if (key >= code_point) break;
    map += (head & 0x80u) != 0 && (*map & 0x80u) != 0 ? 2 : 1;
  }
  if (key != code_point) return -1;
  if ((head & 0x80u) == 0) return map[0];
  return static_cast<int>(0x100u | (map[0] & 0x7Fu) | ((map[0] & 0x80u) != 0 ? unsigned{map[1]} << 9 : 0u));
}

}  // namespace detail

/// ROM A00 (Japanese standard font): ASCII except 5C (yen sign), 7E and 7F
/// (arrows), JIS X 0201 katakana, Greek and math symbols in E0-FF.
inline constexpr CharLcdRom kCharLcdRomA00{detail::kA00Identity, sizeof(detail::kA00Identity) / 2, 0xFF,
                                           detail::kCharLcdKana, detail::kA00Map.bytes};
/// ROM A02 (European standard font): symbols in 10-1F, ASCII, Cyrillic,
/// Greek and ISO 8859-1 letters in 80-FF.
inline constexpr CharLcdRom kCharLcdRomA02{detail::kA02Identity, sizeof(detail::kA02Identity) / 2, 0xBF, nullptr,
                                           detail::kA02Map.bytes};

/// The ROM code showing `code_point` or a character drawn the same (step 2
/// of the file comment), or -1. Cost: a walk through the ROM's map.
inline int char_lcd_rom_code(const CharLcdRom& rom, char32_t code_point) noexcept {
  if (code_point > 0xFFFF) return -1;
  if (code_point >= 0xFF01 && code_point <= 0xFF5E && code_point != 0xFF3C) code_point -= 0xFEE0;  // fullwidth ASCII
  for (std::size_t i = 0; i < rom.identity_range_count; ++i) {
    if (code_point >= rom.identity_ranges[2 * i] && code_point <= rom.identity_ranges[2 * i + 1]) {
      return static_cast<int>(code_point);
    }
  }
  if (rom.kana != nullptr && code_point >= 0xFF61 && code_point <= 0xFF9F) {
    return static_cast<int>(code_point - 0xFF61 + 0xA1);
  }
  const int entry = detail::find_char_lcd_map(rom.map, code_point);
  return entry < 0x100 ? entry : -1;
}

namespace detail {

/// Walks the base-letter runs. kWithMarks: for the first code point that is
/// `code_point`, or whose base letter is `base` and marks are `marks`; returns
/// its marks << 24 | its base letter << 13 | it (code points below U+2000,
/// bases below U+0800), or 0 if none. Else: returns the base letter of
/// `code_point`, or `code_point` if it has none, and links no marks table.
/// Cost: one test per run, a walk through the runs of `code_point` or `base`.
template <bool kWithMarks>
inline std::uint32_t find_base_run_member(char32_t code_point, [[maybe_unused]] char32_t base,
                                          [[maybe_unused]] unsigned marks) noexcept {
  [[maybe_unused]] const std::uint8_t* member_marks = nullptr;
  if constexpr (kWithMarks) member_marks = kCharLcdMarks;
  const std::uint8_t* run = kCharLcdBaseRuns;
  char32_t first = 0;
  while (*run != 0xFE) {
    if (*run == 0xFF) {
      first = run[1] | char32_t{run[2]} << 8;
      run += 2;
    } else {
      first += *run;
    }
    const unsigned shape = run[2];
    const unsigned high = shape >> 6;
    const char32_t run_base = run[1] | (high + (high != 0 ? 1u : 0u)) << 8;
    const unsigned count = (shape & 0x1Fu) + 1u;
    const unsigned alternating = (shape >> 5) & 1u;
    run += 3;
    if constexpr (kWithMarks) {
      if (code_point - first < count || (base | 32u) == (run_base | 32u)) {  // base or base + 32
        for (unsigned j = 0; j < count; ++j) {
          const char32_t letter = run_base + ((alternating & j) << 5);
          const unsigned member = member_marks[j >> alternating];
          if (first + j == code_point || (letter == base && member == marks)) {
            return std::uint32_t{member} << 24 | letter << 13 | (first + j);
          }
        }
      }
      member_marks += (count + alternating) >> alternating;
    } else if (code_point - first < count) {
      return run_base + ((alternating & (code_point - first)) << 5);
    }
    first += count;
  }
  return kWithMarks ? 0 : code_point;
}

}  // namespace detail

/// The base letter of `code_point`'s canonical decomposition (Latin, Greek,
/// Cyrillic, Vietnamese), or `code_point` itself.
inline char32_t char_lcd_base_letter(char32_t code_point) noexcept {
  return detail::find_base_run_member<false>(code_point, 0, 0);
}

/// The precomposed letter (Latin, Greek, Cyrillic, Vietnamese) that is
/// `letter` followed by the combining mark `mark` (e + U+0301 -> e with acute,
/// e with circumflex + U+0301 -> U+1EBF), or 0 if there is none. Links the
/// marks table (one byte per letter of the base-letter runs).
inline char32_t char_lcd_compose(char32_t letter, char32_t mark) noexcept {
  unsigned index = 0;
  while (index < sizeof(detail::kCharLcdCombiningMarks) && mark != 0x300u + detail::kCharLcdCombiningMarks[index]) {
    ++index;
  }
  if (index == sizeof(detail::kCharLcdCombiningMarks)) return 0;
  const std::uint32_t member = detail::find_base_run_member<true>(letter, 0, 0);
  const char32_t base = member != 0 ? (member >> 13) & 0x7FFu : letter;
  unsigned marks = member >> 24;
  if (marks > 0xFu) return 0;  // two marks already
  marks |= (index + 1u) << (marks != 0 ? 4u : 0u);
  return detail::find_base_run_member<true>(0, base, marks) & 0x1FFFu;
}

/// The back end: a module's ROM and its 8 CGRAM slots; kComposeMarks: combining
/// marks compose with the letter before (step 1 of the file comment). Use
/// CharLcd or ComposingCharLcd. RAM: three references,
/// the slots' characters and the slots each row shows (12 + 16 + 4 bytes on
/// a 32-bit core), whatever the module's size;
/// the Hd44780 driver adds 8. Not reentrant; not for interrupt handlers (a
/// row waits about 45 us per character on the bus).
template <bool kComposeMarks>
class BasicCharLcd {
 public:
  /// CGRAM slots: user-defined characters the module shows at once.
  static constexpr int kSlots = 8;
  /// Most columns and rows a module has (the HD44780 addresses 80 cells).
  static constexpr int kMaxColumns = 40;
  static constexpr int kMaxRows = 4;

  /// `controller`, `rom` and `glyphs` (the CGRAM glyphs, e.g. misc-fixed 5x8
  /// through utf8mcu_display_add_font(... CHAR_LCD)) must outlive the back end.
  BasicCharLcd(Hd44780& controller, const CharLcdRom& rom, const CharLcdGlyphs& glyphs) noexcept
      : lcd_(controller), rom_(rom), glyphs_(glyphs) {}

  /// Initialises the module (Hd44780::init(), which also resynchronises a
  /// 4-bit interface after a failed transfer) and frees every slot. Returns
  /// the first failing bus status.
  PanelStatus init() noexcept {
    for (auto& held : slot_chars_) held = 0;
    for (auto& slots : row_slots_) slots = 0;
    return lcd_.init();
  }

  /// Clears the screen; slots keep their glyphs and become free.
  PanelStatus clear() noexcept {
    for (auto& slots : row_slots_) slots = 0;
    return lcd_.clear();
  }

  /// The code point slot `slot` holds (0 if none).
  char32_t slot_character(int slot) const noexcept { return slot >= 0 && slot < kSlots ? slot_chars_[slot] : 0; }
  /// Rows (bit r = row r) that show slot `slot`.
  unsigned slot_rows(int slot) const noexcept {
    unsigned rows = 0;
    for (int r = 0; r < kMaxRows; ++r) {
      if (slot >= 0 && slot < kSlots && has(row_slots_[r], slot)) rows |= 1u << r;
    }
    return rows;
  }

  /// One row being written: a code point sink (a Decoder callback), then
  /// finish(). Stack: the row's codes and new glyphs (docs/display.md).
  class Line {
   public:
    // The row's arrays are left unset: each entry is read only after it is written.
    // cppcheck-suppress uninitMemberVar
    Line(BasicCharLcd& owner, int row) noexcept  // NOLINT(cppcoreguidelines-pro-type-member-init)
        : owner_(owner), row_(row) {}

    /// Adds `code_point` (any value) in the next cell(s); past the module's
    /// width it is clipped (counted by clipped()); on a row off the module it
    /// is dropped. A combining mark takes no cell (with kComposeMarks it may
    /// turn the cells of the letter before into the precomposed letter; step
    /// 1 of the file comment).
    void operator()(char32_t code_point) noexcept {
      if (row_ < 0 || row_ >= owner_.lcd_.rows()) return;  // nothing of it is sent
      if (code_point - 0x300u < 0x70u) {
        if constexpr (kComposeMarks) compose(code_point);
        return;
      }
      if constexpr (kComposeMarks) {
        letter_ = code_point;
        letter_column_ = column_;
        letter_clipped_ = clipped_;
        letter_used_ = used_;
        letter_pending_ = pending_;
      }
      put(code_point, false);
    }

    /// Writes the row (rest filled with spaces) and the glyphs it needs.
    /// Returns the first failing bus status; kOk and nothing sent for a row
    /// off the module.
    PanelStatus finish() noexcept { return owner_.write_row(*this); }

    /// Cells that did not fit.
    int clipped() const noexcept { return clipped_; }

   private:
    friend class BasicCharLcd;

    static void put_code_point(void* line, char32_t code_point) noexcept { (*static_cast<Line*>(line))(code_point); }

    void emit(int code) noexcept {
      if (column_ >= owner_.lcd_.columns()) {
        ++clipped_;
        return;
      }
      codes_[column_++] = static_cast<std::uint8_t>(code);
    }

    // The slot showing `code_point` in this row's result: defined before
    // (and still holding it) or new in this row; -1 if none.
    int slot_of(char32_t code_point) const noexcept {
      for (int s = 0; s < kSlots; ++s) {
        const char32_t held = has(pending_, s) ? pending_chars_[s] : owner_.slot_chars_[s];
        if (held == code_point) return s;
      }
      return -1;
    }

    // A slot holding `code_point`, else (if `define`) a free one defined from the font.
    bool try_slot(char32_t code_point, bool define) noexcept {
      int slot = slot_of(code_point);
      if (slot < 0) {
        // The glyphs walked, not searched: smaller code, and only for a code
        // point that neither the ROM nor a slot shows.
        std::size_t glyph = 0;
        while (define && glyph < owner_.glyphs_.size && owner_.glyphs_.code_points[glyph] != code_point) ++glyph;
        if (!define || glyph == owner_.glyphs_.size) return false;
        slot = owner_.free_slot(row_, used_ | pending_);
        if (slot < 0) return false;
        pending_ = static_cast<std::uint8_t>(pending_ | (1u << slot));
        pending_chars_[slot] = static_cast<char16_t>(code_point);
        pending_glyphs_[slot] = static_cast<std::uint16_t>(glyph);
      }
      used_ = static_cast<std::uint8_t>(used_ | (1u << slot));
      emit(slot);
      return true;
    }

    bool try_rom(char32_t code_point) noexcept {
      const int code = char_lcd_rom_code(owner_.rom_, code_point);
      if (code < 0) return false;
      emit(code);
      return true;
    }

    bool try_kana(char32_t code_point) noexcept {
      if (owner_.rom_.kana == nullptr) return false;
      if (code_point >= 0x3041 && code_point <= 0x3096) code_point += 0x60;  // hiragana -> katakana
      if (code_point < detail::kCharLcdKanaFirst || code_point > detail::kCharLcdKanaLast) return false;
      const unsigned value = owner_.rom_.kana[code_point - detail::kCharLcdKanaFirst];
      if ((value & 0x3Fu) == 0) return false;
      emit(static_cast<int>(0xA0u + (value & 0x3Fu)));
      if ((value >> 6) != 0) emit(static_cast<int>(0xDDu + (value >> 6)));  // DE voiced, DF semi-voiced
      return true;
    }

    // A combining mark: the letter before and the mark as one precomposed
    // letter if the ROM or a slot shows it, else the letter before as it was
    // (and the marks after it are dropped too). A mark that composes with
    // nothing is skipped.
    void compose(char32_t mark) noexcept {
      const char32_t composed = char_lcd_compose(letter_, mark);
      if (composed == 0) return;
      column_ = letter_column_;  // back to the state before the letter
      clipped_ = letter_clipped_;
      used_ = letter_used_;
      pending_ = letter_pending_;
      if (try_rom(composed) || try_slot(composed, true)) {
        letter_ = composed;
      } else {
        put(letter_, false);
        letter_ = 0;
      }
    }

    void put(char32_t code_point, bool is_base) noexcept {
      if (code_point < 0x20 || (code_point >= 0x7F && code_point < 0xA0) ||
          (code_point >= 0xD800 && code_point < 0xE000) || code_point > 0x10FFFF) {
        emit(owner_.rom_.replacement);
        return;
      }
      if (try_rom(code_point) || try_kana(code_point) || try_slot(code_point, true)) return;
      char32_t base = code_point;
      if constexpr (kComposeMarks) {  // the walk composition uses: one in the image
        const std::uint32_t member = detail::find_base_run_member<true>(code_point, 0, 0);
        if (member != 0) base = (member >> 13) & 0x7FFu;
      } else {
        base = char_lcd_base_letter(code_point);
      }
      if (base != code_point && !is_base) {
        put(base, true);
        return;
      }
      // Final sigma has no capital (U+03A2 is unassigned): its own entry.
      const bool small = (code_point >= 0x3B1 && code_point <= 0x3C9 && code_point != 0x3C2) ||
                         (code_point >= 0x430 && code_point <= 0x44F);
      const char32_t capital = small ? code_point - 0x20 : code_point;
      if (small && (try_rom(capital) || try_slot(capital, false))) return;
      const int entry = detail::find_char_lcd_map(owner_.rom_.map, capital);
      if (entry >= 0x100) {  // a transliteration (the ROM codes were tried first)
        const int first = entry & 0x7F;
        emit(small && first >= 'A' ? first + 0x20 : first);
        if ((entry >> 9) != 0) emit(entry >> 9);
        return;
      }
      emit(owner_.rom_.replacement);
    }

    BasicCharLcd& owner_;
    int row_;
    int column_ = 0;
    int clipped_ = 0;
    std::uint8_t used_ = 0;     // slots this row shows
    std::uint8_t pending_ = 0;  // slots this row defines
    // The last code point that took cells, and the state before it (for a
    // combining mark after it).
    char32_t letter_ = 0;
    int letter_column_ = 0;
    int letter_clipped_ = 0;
    std::uint8_t letter_used_ = 0;
    std::uint8_t letter_pending_ = 0;
    // Read only where pending_ has the slot's bit, or below column_ (the
    // rest is sent as spaces): left uninitialised, as a row is on the stack.
    char16_t pending_chars_[kSlots];
    std::uint16_t pending_glyphs_[kSlots];  // their rows in the glyphs
    std::uint8_t codes_[kMaxColumns];
  };

  /// A Line for row `row` (0 = top).
  Line line(int row) noexcept { return Line(*this, row); }

  /// Writes row `row` from `size` code points. Returns the first failing bus status.
  PanelStatus write_line(int row, const char32_t* code_points, std::size_t size) noexcept {
    Line out(*this, row);
    for (std::size_t i = 0; i < size; ++i) out(code_points[i]);
    return out.finish();
  }

  /// Writes row `row` from UTF-8 text (`size` bytes; ill-formed sequences
  /// become U+FFFD, maximal subparts). The decoder is the library's
  /// CodePointCallback push, one copy shared with other callers of that form.
  PanelStatus write_line(int row, const char* utf8, std::size_t size) noexcept {
    Line out(*this, row);
    const CodePointCallback sink{&Line::put_code_point, &out};
    Decoder decoder;
    decoder.push(utf8, size, sink);
    decoder.finish(sink);
    return out.finish();
  }

 private:
  // True if bit `index` of a slot mask is set; `index` is a slot (0 .. kSlots - 1).
  static constexpr bool has(unsigned mask, int index) noexcept { return ((mask >> static_cast<unsigned>(index)) & 1u) != 0; }
  // A slot no row but `row` shows and this row does not use: never defined
  // first, then shown by no row, then shown by `row` only.
  int free_slot(int row, unsigned taken) const noexcept {
    for (int r = 0; r < kMaxRows; ++r) {
      if (r != row) taken |= row_slots_[r];
    }
    int best = -1;
    int best_rank = 3;
    for (int s = 0; s < kSlots; ++s) {
      if (has(taken, s)) continue;
      const int rank = slot_chars_[s] == 0 ? 0 : has(row_slots_[row], s) ? 2 : 1;
      if (rank < best_rank) {
        best = s;
        best_rank = rank;
      }
    }
    return best;
  }

  // Defines the `define` slots from the row's new glyphs, then sends the
  // row's codes from column 0 with the cells of the `blank` slots as spaces.
  PanelStatus define_and_send(const Line& line, unsigned define, unsigned blank) noexcept {
    PanelStatus status = PanelStatus::kOk;
    for (int s = 0; s < kSlots && status == PanelStatus::kOk; ++s) {
      if (!has(define, s)) continue;
      status = lcd_.define_glyph(s, glyphs_.rows[line.pending_glyphs_[s]]);
    }
    for (int c = 0; c < lcd_.columns() && status == PanelStatus::kOk; ++c) {
      // The address is set at column 0 and where DDRAM line 2 starts within
      // the row (a 16x1 module wired as 8x2); between, it increments.
      if (c == 0 || (lcd_.ddram_address(line.row_, c) & 0x3Fu) == 0) {
        status = lcd_.set_position(line.row_, c);
        if (status != PanelStatus::kOk) break;
      }
      std::uint8_t code = c < line.column_ ? line.codes_[c] : std::uint8_t{0x20};  // the rest: spaces
      if (code < kSlots && has(blank, code)) code = 0x20;
      status = lcd_.write_data(&code, 1);
    }
    return status;
  }

  PanelStatus write_row(Line& line) noexcept {
    if (line.row_ < 0 || line.row_ >= lcd_.rows()) return PanelStatus::kOk;
    std::uint8_t& shown = row_slots_[line.row_];
    // New glyphs for slots only the old content of this row shows are defined
    // after the row went out with spaces in their cells (then it goes again);
    // the others, shown by no row, before it.
    const unsigned late = line.pending_ & shown;
    // Taken now: a failure below leaves them marked as shown (conservative)
    // and the new ones undefined.
    shown = static_cast<std::uint8_t>(shown | line.used_);
    for (int s = 0; s < kSlots; ++s) {
      if (has(line.pending_, s)) slot_chars_[s] = 0;
    }
    PanelStatus status = define_and_send(line, line.pending_ & ~late, late);
    if (status == PanelStatus::kOk && late != 0) status = define_and_send(line, late, 0);
    if (status != PanelStatus::kOk) return status;
    shown = line.used_;
    for (int s = 0; s < kSlots; ++s) {
      if (has(line.pending_, s)) slot_chars_[s] = line.pending_chars_[s];
    }
    return PanelStatus::kOk;
  }

  Hd44780& lcd_;
  const CharLcdRom& rom_;
  const CharLcdGlyphs& glyphs_;
  char16_t slot_chars_[kSlots] = {};
  std::uint8_t row_slots_[kMaxRows] = {};  // bit s: the row shows slot s
};

/// The back end; combining marks are dropped (step 1 of the file comment).
using CharLcd = BasicCharLcd<false>;
/// The back end with combining marks composed into the precomposed letter;
/// links the marks table and the composition code besides.
using ComposingCharLcd = BasicCharLcd<true>;

}  // namespace utf8mcu::display
