// noncharacters.h: the 66 noncharacters, from their definition, and the
// filter that replaces them. Every short input against the reference model:
// exhaustive_policies_test.cpp.

#include "test_support.h"
#include "utest/utest.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/noncharacters.h"

namespace {

using utf8mcu::NoncharacterFilter;

constexpr std::size_t kMax = 16;
using Output = test::Recorder<kMax>;

template <std::size_t N>
bool equals(const Output& out, const char32_t (&expected)[N]) {
  return out.equals(expected, N);
}

UTEST(Noncharacters, ExactlyTheSixtySix) {
  // The definition: U+FDD0..U+FDEF, and U+nFFFE, U+nFFFF for planes 0-16.
  std::uint32_t found = 0;
  for (std::uint32_t cp = 0; cp <= 0x10FFFF + 2; ++cp) {
    const bool expected =
        (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp <= 0x10FFFF && ((cp % 0x10000) == 0xFFFE || (cp % 0x10000) == 0xFFFF));
    if (utf8mcu::is_noncharacter(cp) != expected) {
      utest::log() << "  wrong for " << utest::hex(cp) << '\n';
      EXPECT_TRUE(false);
      break;
    }
    if (expected) ++found;
  }
  EXPECT_EQ(found, 66u);
  EXPECT_FALSE(utf8mcu::is_noncharacter(0x11FFFE));
}

UTEST(Noncharacters, FilterReplacesAndCounts) {
  // EF BF BE (U+FFFE), EF B7 90 (U+FDD0), F4 8F BF BF (U+10FFFF) among text;
  // EF BF BD is U+FFFD itself and not counted.
  const std::uint8_t text[] = {'a', 0xEF, 0xBF, 0xBE, 'b', 0xEF, 0xB7, 0x90, 0xF4, 0x8F, 0xBF, 0xBF, 0xEF, 0xBF, 0xBD};
  Output out;
  NoncharacterFilter filtered{out};
  utf8mcu::Decoder decoder;
  EXPECT_EQ(decoder.push(text, sizeof text, filtered).errors, 0u);
  EXPECT_EQ(filtered.count(), 3u);
  EXPECT_EQ(static_cast<std::uint32_t>(filtered.first()), 0xFFFEu);
  const char32_t expected[] = {U'a', 0xFFFD, U'b', 0xFFFD, 0xFFFD, 0xFFFD};
  EXPECT_TRUE(equals(out, expected));
  // Without the filter the decoder passes them on: the default is unchanged.
  Output plain;
  utf8mcu::Decoder other;
  other.push(text, sizeof text, plain);
  const char32_t unfiltered[] = {U'a', 0xFFFE, U'b', 0xFDD0, 0x10FFFF, 0xFFFD};
  EXPECT_TRUE(equals(plain, unfiltered));
}

}  // namespace
