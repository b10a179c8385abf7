// Everything works in constant expressions: these checks run in the compiler,
// so this file failing to build is the failure.

#include "utf8mcu/utf8mcu.h"
#include "utest/utest.h"

namespace {

using utf8mcu::ErrorPolicy;
using utf8mcu::Status;

struct Decoded {
  char32_t code_points[16] = {};
  std::size_t size = 0;
};

template <ErrorPolicy kPolicy, std::size_t N>
constexpr Decoded decode_bytes(const std::uint8_t (&bytes)[N]) {
  Decoded out;
  utf8mcu::Decoder decoder;
  auto sink = [&out](char32_t c) { out.code_points[out.size++] = c; };
  for (std::uint8_t b : bytes) decoder.template push<kPolicy>(b, sink);
  decoder.template finish<kPolicy>(sink);
  return out;
}

constexpr std::uint8_t kExample[] = {0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64};
constexpr Decoded kReplaced = decode_bytes<ErrorPolicy::kReplace>(kExample);
static_assert(kReplaced.size == 10);
static_assert(kReplaced.code_points[0] == 0x61 && kReplaced.code_points[1] == 0xFFFD &&
              kReplaced.code_points[4] == 0x62 && kReplaced.code_points[9] == 0x64);
constexpr Decoded kSkipped = decode_bytes<ErrorPolicy::kSkip>(kExample);
static_assert(kSkipped.size == 4 && kSkipped.code_points[3] == 0x64);

constexpr std::uint8_t kEuro[] = {0xE2, 0x82, 0xAC};
static_assert(decode_bytes<ErrorPolicy::kReplace>(kEuro).code_points[0] == 0x20AC);

constexpr std::uint8_t kSurrogate[] = {0xED, 0xA0, 0x80};
static_assert(utf8mcu::validate(kSurrogate, 3).error.status == Status::kSurrogate);
static_assert(utf8mcu::validate(kEuro, 3).ok());
// Long enough for the 8-byte test of ASCII and 2-byte sequences on 64-bit
// machines, which passes the first words and stops at the euro sign.
constexpr std::uint8_t kCyrillic[] = {0xD0, 0xBC, 0xD0, 0xB8, 0xD1, 0x80, 0x20, 0xD0, 0xB4, 0xD0, 0xBE,
                                      0xD0, 0xBC, 0x20, 0xE2, 0x82, 0xAC, 0xD0, 0xB0, 0xC0, 0x80, 0x20};
static_assert(utf8mcu::validate(kCyrillic, 19).ok());
static_assert(utf8mcu::validate(kCyrillic, sizeof kCyrillic).valid_up_to == 19);
static_assert(utf8mcu::validate(kCyrillic, sizeof kCyrillic).error.status == Status::kOverlong);
static_assert(utf8mcu::count_code_points(kExample, sizeof kExample) == 10);
static_assert(utf8mcu::decode<ErrorPolicy::kReport>(kExample, sizeof kExample, utf8mcu::NullSink{}).valid_up_to == 1);

constexpr bool encodes_g_clef() {
  std::uint8_t out[4] = {};
  const utf8mcu::EncodeResult r = utf8mcu::encode(0x1D11E, out, 4);
  return r.length == 4 && out[0] == 0xF0 && out[1] == 0x9D && out[2] == 0x84 && out[3] == 0x9E;
}
static_assert(encodes_g_clef());
static_assert(utf8mcu::encoded_length(0xD7FF) == 3 && utf8mcu::encoded_length(0xD800) == 0 &&
              utf8mcu::encoded_length(0xE000) == 3 && utf8mcu::encoded_length(0x10FFFF) == 4 &&
              utf8mcu::encoded_length(0x110000) == 0);

constexpr bool writer_works() {
  std::uint8_t out[3] = {};
  utf8mcu::Utf8Writer writer(out, 3);
  writer.put(0xE9);
  writer.put(0xE9);
  return writer.size() == 2 && writer.needed() == 4 && writer.overflowed();
}
static_assert(writer_works());

constexpr bool transcodes() {
  const char16_t in[] = {0xD834, 0xDD1E};
  std::uint8_t out[4] = {};
  const utf8mcu::TranscodeResult r = utf8mcu::utf16_to_utf8(in, 2, out, 4);
  char32_t back[1] = {};
  const utf8mcu::TranscodeResult r2 = utf8mcu::utf8_to_utf32(out, 4, back, 1);
  return r.written == 4 && r2.written == 1 && back[0] == 0x1D11E;
}
static_assert(transcodes());

constexpr std::uint8_t kText[] = {0x61, 0xC3, 0xA9, 0xE2, 0x82, 0xAC};
static_assert(utf8mcu::truncate(kText, 6, 5) == 3);
static_assert(utf8mcu::next_boundary(kText, 6, 1) == 3);
static_assert(utf8mcu::previous_boundary(kText, 6, 4) == 3);
static_assert(utf8mcu::sequence_length(0xF4) == 4 && utf8mcu::sequence_length(0xF5) == 0);

constexpr char32_t last_code_point() {
  char32_t last = 0;
  for (char32_t c : utf8mcu::CodePoints(kText, 6)) last = c;
  return last;
}
static_assert(last_code_point() == 0x20AC);

constexpr std::uint8_t kCesu[] = {0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4, 0xC0, 0x80};
constexpr char32_t cesu_first() {
  utf8mcu::Cesu8Decoder decoder;
  char32_t out[2] = {1, 1};
  std::size_t n = 0;
  decoder.push(kCesu, sizeof kCesu, [&](char32_t c) { out[n++] = c; });
  return n == 2 && out[1] == 0 ? out[0] : 0;
}
static_assert(cesu_first() == 0x233B4);

UTEST(Constexpr, FunctionsAreConstexpr) {
  // The static_asserts above are the test; this records that they compiled.
  EXPECT_EQ(kReplaced.size, 10u);
  EXPECT_TRUE(encodes_g_clef());
}

}  // namespace
