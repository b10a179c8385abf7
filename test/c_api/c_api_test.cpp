// Runs the C API cases of c_api_cases.c as utest tests, and turns their C
// checks into utest failures, on the host and on every board.
#include <cstddef>
#include <cstdint>

#include "c_api_cases.h"
#include "test_support.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/utf8mcu_c.h"
#include "utest/utest.h"

void c_check_failed(const char* file, int line, const char* condition) {
  (void)utest::detail::check_bool(false, true, "C_CHECK", condition, file, line);
}

void c_check_equal_failed(const char* file, int line, const char* actual_text, const char* expected_text,
                          unsigned long long actual, unsigned long long expected) {
  (void)utest::detail::check_compare<utest::detail::Op::eq>(actual, expected, "C_CHECK_EQ", actual_text,
                                                            expected_text, file, line);
}

#define C_API_RUN_CASE(name) \
  UTEST(CApi, name) { c_api_test_##name(); }
C_API_CASES(C_API_RUN_CASE)

// The C struct's state word is the caller's memory. Every word the decoder
// can write must be taken as it is; any other must give a defined result:
// one U+FFFD and a fresh decoder, never a value that is not a scalar value.
namespace {

struct Collected {
  std::uint32_t code_points[8] = {};
  std::size_t size = 0;
};

void collect_code_point(void* context, std::uint32_t code_point) {
  Collected& out = *static_cast<Collected*>(context);
  if (out.size < 8) out.code_points[out.size] = code_point;
  ++out.size;
}

bool is_scalar_value(std::uint32_t code_point) {
  return code_point <= 0x10FFFF && (code_point < 0xD800 || code_point > 0xDFFF);
}

// Pushes `bytes` (80-BF, then 'A') through a decoder holding `word`.
Collected push_after(std::uint32_t word, std::uint8_t continuation) {
  utf8mcu_decoder decoder{word};
  Collected out;
  utf8mcu_decoder_push_byte(&decoder, continuation, UTF8MCU_POLICY_REPLACE, collect_code_point, &out);
  utf8mcu_decoder_push_byte(&decoder, continuation, UTF8MCU_POLICY_REPLACE, collect_code_point, &out);
  utf8mcu_decoder_push_byte(&decoder, 'A', UTF8MCU_POLICY_REPLACE, collect_code_point, &out);
  utf8mcu_decoder_finish(&decoder, UTF8MCU_POLICY_REPLACE, collect_code_point, &out);
  return out;
}

}  // namespace

UTEST(CApi, EveryStateTheDecoderReachesIsTakenAsItIs) {
  // Every lead byte and every prefix of up to two continuation bytes.
  std::size_t reached = 0;
  for (unsigned lead = 0x80; lead <= 0xFF; ++lead) {
    utf8mcu_decoder first = UTF8MCU_DECODER_INIT;
    utf8mcu_decoder_push_byte(&first, static_cast<std::uint8_t>(lead), UTF8MCU_POLICY_SKIP, nullptr, nullptr);
    if (first.private_state == 0) continue;
    ++reached;
    EXPECT_TRUE(utf8mcu::detail::is_reachable_state(first.private_state));
    for (unsigned second = 0x80; second <= 0xBF; ++second) {
      utf8mcu_decoder after_second = first;
      utf8mcu_decoder_push_byte(&after_second, static_cast<std::uint8_t>(second), UTF8MCU_POLICY_SKIP,
                                nullptr, nullptr);
      if (after_second.private_state == 0) continue;
      ++reached;
      EXPECT_TRUE(utf8mcu::detail::is_reachable_state(after_second.private_state));
      for (unsigned third = 0x80; third <= 0xBF; ++third) {
        utf8mcu_decoder after_third = after_second;
        utf8mcu_decoder_push_byte(&after_third, static_cast<std::uint8_t>(third), UTF8MCU_POLICY_SKIP,
                                  nullptr, nullptr);
        if (after_third.private_state == 0) continue;
        ++reached;
        EXPECT_TRUE(utf8mcu::detail::is_reachable_state(after_third.private_state));
      }
    }
  }
  // Proper prefixes of well-formed sequences (Unicode Table 3-7): 30 leads
  // C2-DF; 16 leads E0-EF and 960 with their second byte; 5 leads F0-F4,
  // 256 with their second byte and 256 x 64 with their third.
  EXPECT_EQ(reached, 30u + 16u + 960u + 5u + 256u + 16384u);
}

UTEST(CApi, ABrokenStateWordGivesOneReplacementAndAFreshDecoder) {
  test::Random random(0x5EED0017u);
  const int rounds = utest::kReduced ? 2000 : 50000;
  for (int round = 0; round < rounds; ++round) {
    // Random words, and reachable words with one bit flipped.
    std::uint32_t word = random.next();
    if (round % 2 == 1) {
      utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT;
      const std::uint8_t lead = static_cast<std::uint8_t>(0xC2 + random.below(0xF5 - 0xC2));
      utf8mcu_decoder_push_byte(&decoder, lead, UTF8MCU_POLICY_SKIP, nullptr, nullptr);
      word = decoder.private_state ^ (std::uint32_t{1} << random.below(32));
    }
    const std::uint8_t continuation = static_cast<std::uint8_t>(0x80 + random.below(0x40));
    const Collected got = push_after(word, continuation);
    ASSERT_TRUE(got.size <= 8u);
    for (std::size_t i = 0; i < got.size; ++i) EXPECT_TRUE(is_scalar_value(got.code_points[i]));
    if (!utf8mcu::detail::is_reachable_state(word)) {
      // U+FFFD, then what a fresh decoder makes of the same bytes.
      const Collected fresh = push_after(0, continuation);
      ASSERT_EQ(got.size, fresh.size + 1);
      EXPECT_EQ(got.code_points[0], 0xFFFDu);
      for (std::size_t i = 0; i < fresh.size; ++i) EXPECT_EQ(got.code_points[i + 1], fresh.code_points[i]);
    }
  }
}

UTEST(CApi, ABrokenStateWordIsReportedAndReset) {
  utf8mcu_decoder decoder{0xFFFFFFFFu};
  const utf8mcu_decode_result result =
      utf8mcu_decoder_push_byte(&decoder, 'A', UTF8MCU_POLICY_REPORT, collect_code_point, nullptr);
  EXPECT_EQ(result.consumed, 0u);
  EXPECT_EQ(result.errors, 1u);
  EXPECT_EQ(result.error.status, UTF8MCU_TRUNCATED);
  EXPECT_EQ(result.error.length, 1u);
  EXPECT_EQ(decoder.private_state, 0u);
  utf8mcu_decoder for_finish{0x80000000u};
  const utf8mcu_decode_error finished = utf8mcu_decoder_finish(&for_finish, UTF8MCU_POLICY_SKIP, nullptr, nullptr);
  EXPECT_EQ(finished.status, UTF8MCU_TRUNCATED);
  EXPECT_EQ(for_finish.private_state, 0u);
}

#if !defined(__arm__)
// Another thread rewrites the text (as a DMA transfer would) while the C
// API's whole-buffer functions read it; the sinks' case is
// input_rewritten_by_the_sink. The results must stay within the span, and
// nothing outside it may be read (ASan: each span ends where the array does).
UTEST(CApi, InputRewrittenByAnotherThread) {
  constexpr std::size_t kSize = 512;
  std::uint8_t text[kSize];
  test::Random random(21);
  for (std::uint8_t& b : text) b = random.below(2) == 0 ? std::uint8_t{'a'} : std::uint8_t{0xC3};
  const test::RewritingThread dma(text, kSize, 22);
  for (std::uint32_t round = 0; round < 1000 && !utest::current_test_failed(); ++round) {
    const std::size_t size = 1 + random.below(kSize);
    const std::uint8_t* const data = text + kSize - size;
    const utf8mcu_validation_result v = utf8mcu_validate(data, size);
    EXPECT_LE(v.valid_up_to, size);
    EXPECT_LE(v.errors, 1u);
    (void)utf8mcu_is_valid(data, size);
    EXPECT_LE(utf8mcu_count_code_points(data, size), size);
    const std::size_t max_bytes = random.below(static_cast<std::uint32_t>(size));
    EXPECT_LE(utf8mcu_truncate(data, size, max_bytes), max_bytes);
    Collected out;
    const utf8mcu_validation_result d = utf8mcu_decode(data, size, UTF8MCU_POLICY_REPLACE, collect_code_point, &out);
    EXPECT_LE(d.valid_up_to, size);
    EXPECT_LE(out.size, size);
    for (std::size_t i = 0; i < out.size && i < 8; ++i) EXPECT_TRUE(is_scalar_value(out.code_points[i]));
  }
}
#endif
