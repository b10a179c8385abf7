// Every line of Unicode's BidiTest.txt and BidiCharacterTest.txt, read from the
// UCD directory at run time (host only; the boards run generated vectors).
// BidiTest.txt gives classes: each becomes the first code point that
// DerivedBidiClass.txt lists with that class and BidiBrackets.txt does not.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "utest/utest.h"
#include "utf8mcu/text/bidi.h"
#include "utf8mcu/text/joining.h"
#include "utf8mcu/text/unicode_version.h"

namespace {

using utf8mcu::text::BidiDirection;
using utf8mcu::text::BidiParagraph;

constexpr std::size_t kMaxLine = 256;

const char* const kClassNames[] = {"L",  "R",   "AL",  "EN",  "ES",  "ET",  "AN",  "CS",
                                   "NSM", "BN", "WS",  "ON",  "B",   "S",   "LRE", "LRO",
                                   "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"};
constexpr unsigned kClasses = sizeof(kClassNames) / sizeof(kClassNames[0]);

std::FILE* open_ucd(const char* name) {
  char path[512];
  std::snprintf(path, sizeof path, "%s/%s", UTF8MCU_UCD_DIR, name);
  return std::fopen(path, "r");
}

int class_index(const char* name, std::size_t length) {
  for (unsigned k = 0; k < kClasses; ++k) {
    if (std::strlen(kClassNames[k]) == length && std::strncmp(kClassNames[k], name, length) == 0) {
      return static_cast<int>(k);
    }
  }
  return -1;
}

// A code point of every class, from the property files alone.
bool representatives(char32_t* out) {
  static bool bracket[0x10000];
  std::FILE* brackets = open_ucd("BidiBrackets.txt");
  if (brackets == nullptr) return false;
  char line[512];
  while (std::fgets(line, sizeof line, brackets) != nullptr) {
    if (line[0] == '#' || line[0] == '\n') continue;
    bracket[std::strtoul(line, nullptr, 16) & 0xFFFF] = true;
  }
  std::fclose(brackets);
  std::FILE* derived = open_ucd("extracted/DerivedBidiClass.txt");
  if (derived == nullptr) return false;
  for (unsigned k = 0; k < kClasses; ++k) out[k] = 0xFFFFFFFF;
  while (std::fgets(line, sizeof line, derived) != nullptr) {
    if (line[0] == '#' || line[0] == '\n') continue;
    char* end = nullptr;
    const unsigned long first = std::strtoul(line, &end, 16);
    char* value = std::strchr(line, ';');
    if (value == nullptr) continue;
    ++value;
    while (*value == ' ') ++value;
    std::size_t length = 0;
    while (value[length] != ' ' && value[length] != '#' && value[length] != '\n') ++length;
    const int k = class_index(value, length);
    if (k >= 0 && out[k] == 0xFFFFFFFF && !(first < 0x10000 && bracket[first])) {
      out[k] = static_cast<char32_t>(first);
    }
  }
  std::fclose(derived);
  for (unsigned k = 0; k < kClasses; ++k) {
    if (out[k] == 0xFFFFFFFF) return false;
  }
  return true;
}

BidiParagraph<kMaxLine> paragraph;

// Resolves and reorders `text`; writes each code point's level (-1 if X9
// removes it) and the visual order without the removed ones.
std::size_t run(const char32_t* text, std::size_t count, BidiDirection direction, int* levels,
                std::size_t* order, unsigned* paragraph_level) {
  const std::size_t done = paragraph.resolve(text, count, direction);
  std::uint16_t visual[kMaxLine];
  paragraph.reorder_line(0, done, visual);
  *paragraph_level = paragraph.paragraph_level();
  for (std::size_t i = 0; i < done; ++i) {
    levels[i] = paragraph.removed(i) ? -1 : static_cast<int>(paragraph.level(i));
  }
  std::size_t shown = 0;
  for (std::size_t k = 0; k < done; ++k) {
    if (!paragraph.removed(visual[k])) order[shown++] = visual[k];
  }
  return shown;
}

std::size_t parse_levels(const char* text, int* levels) {
  std::size_t count = 0;
  while (*text != '\0' && *text != ';' && *text != '\n') {
    while (*text == ' ' || *text == '\t') ++text;
    if (*text == 'x') {
      levels[count++] = -1;
      ++text;
    } else if (*text >= '0' && *text <= '9') {
      char* end = nullptr;
      levels[count++] = static_cast<int>(std::strtol(text, &end, 10));
      text = end;
    } else {
      break;
    }
  }
  return count;
}

std::size_t parse_numbers(const char* text, std::size_t* numbers) {
  std::size_t count = 0;
  while (true) {
    while (*text == ' ' || *text == '\t') ++text;
    if (*text < '0' || *text > '9') break;
    char* end = nullptr;
    numbers[count++] = static_cast<std::size_t>(std::strtoul(text, &end, 10));
    text = end;
  }
  return count;
}

UTEST(BidiFiles, VersionMatchesTables) {
  std::FILE* file = open_ucd("BidiCharacterTest.txt");
  ASSERT_TRUE(file != nullptr);
  char line[256];
  ASSERT_TRUE(std::fgets(line, sizeof line, file) != nullptr);
  std::fclose(file);
  char expected[64];
  std::snprintf(expected, sizeof expected, "# BidiCharacterTest-%u.%u.%u.txt",
                utf8mcu::text::kUnicodeVersion.major, utf8mcu::text::kUnicodeVersion.minor,
                utf8mcu::text::kUnicodeVersion.update);
  EXPECT_EQ(std::strncmp(line, expected, std::strlen(expected)), 0);
}

UTEST(BidiFiles, BidiCharacterTest) {
  std::FILE* file = open_ucd("BidiCharacterTest.txt");
  ASSERT_TRUE(file != nullptr);
  static char line[8192];
  unsigned long passed = 0;
  unsigned long failed = 0;
  while (std::fgets(line, sizeof line, file) != nullptr) {
    if (line[0] == '#' || line[0] == '\n') continue;
    char* fields[5];
    fields[0] = line;
    for (int f = 1; f < 5; ++f) {
      fields[f] = std::strchr(fields[f - 1], ';');
      ASSERT_TRUE(fields[f] != nullptr);
      *fields[f]++ = '\0';
    }
    char32_t text[kMaxLine];
    std::size_t count = 0;
    for (char* p = fields[0]; *p != '\0';) {
      char* end = nullptr;
      const unsigned long value = std::strtoul(p, &end, 16);
      if (end == p) break;
      text[count++] = static_cast<char32_t>(value);
      p = end;
    }
    const int direction_field = std::atoi(fields[1]);
    const BidiDirection direction = direction_field == 0   ? BidiDirection::kLeftToRight
                                    : direction_field == 1 ? BidiDirection::kRightToLeft
                                                           : BidiDirection::kAuto;
    int want_levels[kMaxLine];
    std::size_t want_order[kMaxLine];
    const std::size_t level_count = parse_levels(fields[3], want_levels);
    const std::size_t order_count = parse_numbers(fields[4], want_order);
    int levels[kMaxLine];
    std::size_t order[kMaxLine];
    unsigned paragraph_level = 0;
    const std::size_t shown = run(text, count, direction, levels, order, &paragraph_level);
    bool ok = level_count == count && shown == order_count &&
              paragraph_level == static_cast<unsigned>(std::atoi(fields[2]));
    for (std::size_t i = 0; ok && i < count; ++i) ok = levels[i] == want_levels[i];
    for (std::size_t k = 0; ok && k < shown; ++k) ok = order[k] == want_order[k];
    if (ok) {
      ++passed;
    } else {
      if (failed < 10) utest::log() << "fails: " << fields[0] << " dir " << fields[1] << '\n';
      ++failed;
    }
  }
  std::fclose(file);
  utest::log() << "BidiCharacterTest.txt: " << passed << " lines passed, " << failed << " failed\n";
  EXPECT_EQ(failed, 0u);
  EXPECT_EQ(passed, 91707u);
}

UTEST(BidiFiles, BidiTest) {
  char32_t code_points[kClasses];
  ASSERT_TRUE(representatives(code_points));
  std::FILE* file = open_ucd("BidiTest.txt");
  ASSERT_TRUE(file != nullptr);
  static char line[8192];
  int want_levels[kMaxLine];
  std::size_t level_count = 0;
  std::size_t want_order[kMaxLine];
  std::size_t order_count = 0;
  unsigned long passed = 0;
  unsigned long failed = 0;
  unsigned long lines_passed = 0;
  unsigned long lines_failed = 0;
  while (std::fgets(line, sizeof line, file) != nullptr) {
    if (line[0] == '#' || line[0] == '\n') continue;
    if (std::strncmp(line, "@Levels:", 8) == 0) {
      level_count = parse_levels(line + 8, want_levels);
      continue;
    }
    if (std::strncmp(line, "@Reorder:", 9) == 0) {
      order_count = parse_numbers(line + 9, want_order);
      continue;
    }
    if (line[0] == '@') continue;
    char* bits = std::strchr(line, ';');
    ASSERT_TRUE(bits != nullptr);
    *bits++ = '\0';
    char32_t text[kMaxLine];
    std::size_t count = 0;
    for (char* p = line; *p != '\0';) {
      while (*p == ' ' || *p == '\t') ++p;
      std::size_t length = 0;
      while (p[length] != '\0' && p[length] != ' ' && p[length] != '\t') ++length;
      if (length == 0) break;
      const int k = class_index(p, length);
      ASSERT_TRUE(k >= 0);
      text[count++] = code_points[k];
      p += length;
    }
    const unsigned long set = std::strtoul(bits, nullptr, 16);
    const BidiDirection directions[] = {BidiDirection::kAuto, BidiDirection::kLeftToRight,
                                        BidiDirection::kRightToLeft};
    bool line_ok = true;
    for (unsigned d = 0; d < 3; ++d) {
      if ((set & (1u << d)) == 0) continue;
      int levels[kMaxLine];
      std::size_t order[kMaxLine];
      unsigned paragraph_level = 0;
      const std::size_t shown = run(text, count, directions[d], levels, order, &paragraph_level);
      bool ok = level_count == count && shown == order_count;
      for (std::size_t i = 0; ok && i < count; ++i) ok = levels[i] == want_levels[i];
      for (std::size_t k = 0; ok && k < shown; ++k) ok = order[k] == want_order[k];
      if (ok) {
        ++passed;
      } else {
        if (failed < 10) utest::log() << "fails: " << line << " bit " << d << '\n';
        ++failed;
        line_ok = false;
      }
    }
    ++(line_ok ? lines_passed : lines_failed);
  }
  std::fclose(file);
  utest::log() << "BidiTest.txt: " << lines_passed << " lines passed, " << lines_failed << " failed ("
               << passed << " paragraph directions passed, " << failed << " failed)\n";
  EXPECT_EQ(failed, 0u);
  EXPECT_EQ(lines_failed, 0u);
  EXPECT_GT(lines_passed, 490000u);
}

}  // namespace

namespace {

// Every code point's Bidi_Class, Bidi_Mirroring_Glyph and Joining_Type as the
// tables give them, against the property files read here (with their
// @missing lines, and ArabicShaping.txt's rule for what it leaves out: T for
// General_Category Mn, Me and Cf, else U).
constexpr unsigned kCodePoints = 0x110000;

bool parse_range(const char* line, unsigned long* first, unsigned long* last) {
  char* end = nullptr;
  *first = std::strtoul(line, &end, 16);
  if (end == line) return false;
  *last = *first;
  if (end[0] == '.' && end[1] == '.') *last = std::strtoul(end + 2, nullptr, 16);
  return true;
}

// The value field after the first ';' (trimmed) into `out`.
void field(const char* line, int index, char* out, std::size_t size) {
  const char* p = line;
  for (int k = 0; k < index && p != nullptr; ++k) {
    p = std::strchr(p, ';');
    if (p != nullptr) ++p;
  }
  std::size_t n = 0;
  if (p != nullptr) {
    while (*p == ' ') ++p;
    while (*p != '\0' && *p != ';' && *p != '#' && *p != '\n' && *p != ' ' && n + 1 < size) out[n++] = *p++;
  }
  out[n] = '\0';
}

UTEST(BidiFiles, EveryBidiClass) {
  static std::uint8_t expected[kCodePoints];
  std::memset(expected, 0, sizeof expected);  // L where nothing else is said
  std::FILE* file = open_ucd("extracted/DerivedBidiClass.txt");
  ASSERT_TRUE(file != nullptr);
  char line[512];
  char value[64];
  static const char* const kLong[] = {"Left_To_Right", "Right_To_Left", "Arabic_Letter", "European_Number",
                                      "European_Separator", "European_Terminator", "Arabic_Number",
                                      "Common_Separator", "Nonspacing_Mark", "Boundary_Neutral", "White_Space",
                                      "Other_Neutral"};
  while (std::fgets(line, sizeof line, file) != nullptr) {
    const bool missing = std::strncmp(line, "# @missing:", 11) == 0;
    if (!missing && (line[0] == '#' || line[0] == '\n')) continue;
    const char* data = missing ? line + 11 : line;
    unsigned long first = 0;
    unsigned long last = 0;
    while (*data == ' ') ++data;
    if (!parse_range(data, &first, &last)) continue;
    field(data, 1, value, sizeof value);
    int k = class_index(value, std::strlen(value));
    for (int l = 0; k < 0 && l < 12; ++l) {
      if (std::strcmp(value, kLong[l]) == 0) k = l;
    }
    ASSERT_TRUE(k >= 0);
    // @missing lines come first and data lines override them.
    for (unsigned long cp = first; cp <= last; ++cp) expected[cp] = static_cast<std::uint8_t>(k);
  }
  std::fclose(file);
  unsigned long wrong = 0;
  for (unsigned cp = 0; cp < kCodePoints; ++cp) {
    if (static_cast<unsigned>(utf8mcu::text::bidi_class(cp)) != expected[cp]) {
      if (wrong++ < 5) utest::log() << "Bidi_Class of " << utest::hex(cp) << '\n';
    }
  }
  EXPECT_EQ(wrong, 0u);
}

UTEST(BidiFiles, EveryMirroringGlyph) {
  static char32_t expected[kCodePoints];
  for (unsigned cp = 0; cp < kCodePoints; ++cp) expected[cp] = cp;
  std::FILE* file = open_ucd("BidiMirroring.txt");
  ASSERT_TRUE(file != nullptr);
  char line[512];
  unsigned pairs = 0;
  while (std::fgets(line, sizeof line, file) != nullptr) {
    if (line[0] == '#' || line[0] == '\n') continue;
    char* end = nullptr;
    const unsigned long cp = std::strtoul(line, &end, 16);
    const unsigned long mirror = std::strtoul(end + 1, nullptr, 16);
    expected[cp] = static_cast<char32_t>(mirror);
    ++pairs;
  }
  std::fclose(file);
  EXPECT_GT(pairs, 400u);
  unsigned long wrong = 0;
  for (unsigned cp = 0; cp < kCodePoints; ++cp) {
    if (utf8mcu::text::bidi_mirroring_glyph(cp) != expected[cp]) {
      if (wrong++ < 5) utest::log() << "Bidi_Mirroring_Glyph of " << utest::hex(cp) << '\n';
    }
  }
  EXPECT_EQ(wrong, 0u);
}

UTEST(BidiFiles, EveryJoiningType) {
  static std::uint8_t expected[kCodePoints];
  static std::uint8_t listed[kCodePoints];
  std::memset(expected, 0, sizeof expected);
  std::memset(listed, 0, sizeof listed);
  char line[512];
  char value[64];
  std::FILE* data = open_ucd("UnicodeData.txt");
  ASSERT_TRUE(data != nullptr);
  unsigned long range_first = 0;
  while (std::fgets(line, sizeof line, data) != nullptr) {
    unsigned long cp = 0;
    unsigned long unused = 0;
    parse_range(line, &cp, &unused);
    field(line, 2, value, sizeof value);
    const bool transparent = std::strcmp(value, "Mn") == 0 || std::strcmp(value, "Me") == 0 ||
                             std::strcmp(value, "Cf") == 0;
    if (std::strstr(line, ", First>") != nullptr) {
      range_first = cp;
      continue;
    }
    const unsigned long first = std::strstr(line, ", Last>") != nullptr ? range_first : cp;
    for (unsigned long c = first; c <= cp; ++c) expected[c] = transparent ? 5 : 0;
  }
  std::fclose(data);
  std::FILE* shaping = open_ucd("ArabicShaping.txt");
  ASSERT_TRUE(shaping != nullptr);
  while (std::fgets(line, sizeof line, shaping) != nullptr) {
    if (line[0] == '#' || line[0] == '\n') continue;
    unsigned long first = 0;
    unsigned long last = 0;
    if (!parse_range(line, &first, &last)) continue;
    field(line, 2, value, sizeof value);
    const char* kTypes = "UDRLCT";
    const char* at = std::strchr(kTypes, value[0]);
    ASSERT_TRUE(at != nullptr && value[0] != '\0');
    for (unsigned long cp = first; cp <= last; ++cp) expected[cp] = static_cast<std::uint8_t>(at - kTypes);
  }
  std::fclose(shaping);
  unsigned long wrong = 0;
  for (unsigned cp = 0; cp < kCodePoints; ++cp) {
    if (static_cast<unsigned>(utf8mcu::text::joining_type(cp)) != expected[cp]) {
      if (wrong++ < 5) utest::log() << "Joining_Type of " << utest::hex(cp) << '\n';
    }
  }
  EXPECT_EQ(wrong, 0u);
}

}  // namespace
