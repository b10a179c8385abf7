// Arabic joining against make_joining_vectors.py's model of the rules, on the
// host and the boards (ICU and FriBidi check u8text --shape on the host).
#include "joining_vectors.h"
#include "utest/utest.h"
#include "utf8mcu/text/joining.h"

namespace {

UTEST(Joining, PresentationFormsOfWords) {
  const std::uint16_t* values = joining_vectors::kValues;
  unsigned failed = 0;
  for (unsigned w = 0; w < joining_vectors::kWords; ++w) {
    const std::size_t count = *values++;
    char32_t text[64];
    for (std::size_t i = 0; i < count; ++i) text[i] = values[2 * i];
    for (std::size_t i = 0; i < count; ++i) {
      const char32_t got = utf8mcu::text::arabic_presentation_form(text, count, i);
      if (got != values[2 * i + 1]) {
        if (failed++ < 8) {
          utest::log() << "word " << w << " code point " << utest::hex(static_cast<std::uint32_t>(text[i])) << ": "
                       << utest::hex(static_cast<std::uint32_t>(got)) << ", expected " << utest::hex(values[2 * i + 1])
                       << '\n';
        }
      }
    }
    values += 2 * count;
  }
  utest::log() << joining_vectors::kWords << " words\n";
  EXPECT_EQ(failed, 0u);
}

UTEST(Joining, Types) {
  using utf8mcu::text::JoiningType;
  EXPECT_EQ(utf8mcu::text::joining_type(0x0628), JoiningType::kDualJoining);
  EXPECT_EQ(utf8mcu::text::joining_type(0x0627), JoiningType::kRightJoining);
  EXPECT_EQ(utf8mcu::text::joining_type(0x200D), JoiningType::kJoinCausing);
  EXPECT_EQ(utf8mcu::text::joining_type(0x064E), JoiningType::kTransparent);
  EXPECT_EQ(utf8mcu::text::joining_type(0x200C), JoiningType::kNonJoining);
  EXPECT_EQ(utf8mcu::text::joining_type(0x110000), JoiningType::kNonJoining);
}

}  // namespace
