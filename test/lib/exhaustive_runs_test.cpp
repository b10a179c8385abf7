// The validator's loops for runs of text, against the reference model (see
// exhaustive_check.h): every 3-byte input inside a run of sequences of one
// length, and every byte pair in text of 1- and 2-byte sequences.

#include "exhaustive_check.h"

namespace {

using namespace exhaustive;

// After two well-formed sequences of one length the validator is in the run
// loop for that length: every 3-byte input then meets it (2-byte runs also
// step over a lone ASCII byte before a lead), so that every check of every
// run loop sees every lead and the bytes after it, and an ill-formed
// sequence leaves the loop for the state machine. After a 4-byte run the
// input is followed once by ASCII and once by a continuation byte, so that
// a 4-byte sequence is also whole; there any other lead only leaves the
// run, so the leads below F0 come from the edge values. The validator only,
// to keep the time down (about 8 s on the host).
UTEST(Exhaustive, ThreeBytesInEveryRunValidated) {
  const bool all_second = !kOnTarget;
  const bool all_third = !kOnTarget;
  struct Pass {
    std::uint8_t run[8];  // two sequences: U+00E9 U+0430, U+20AC twice, U+1F600 twice
    std::size_t run_bytes;
    std::uint8_t after[4];  // 4 bytes left after the input for the run loop's word load
    std::uint8_t all_leads_from;  // lower leads: the edge values only
  };
  constexpr Pass kPasses[] = {
      {{0xC3, 0xA9, 0xD0, 0xB0}, 4, {0x20, 0x21, 0x22, 0x23}, 0x00},
      {{0xE2, 0x82, 0xAC, 0xE2, 0x82, 0xAC}, 6, {0x20, 0x21, 0x22, 0x23}, 0x00},
      {{0xF0, 0x9F, 0x98, 0x80, 0xF0, 0x9F, 0x98, 0x80}, 8, {0x20, 0x21, 0x22, 0x23}, 0xF0},
      {{0xF0, 0x9F, 0x98, 0x80, 0xF0, 0x9F, 0x98, 0x80}, 8, {0x80, 0x20, 0x21, 0x22}, 0xF0},
  };
  std::uint32_t inputs = 0;
  bool ok = true;
  for (const Pass& pass : kPasses) {
    std::uint8_t s[8 + 3 + 4] = {};
    const std::size_t n = pass.run_bytes + 3 + 4;
    for (std::size_t i = 0; i < pass.run_bytes; ++i) s[i] = pass.run[i];
    for (std::size_t i = 0; i < 4; ++i) s[pass.run_bytes + 3 + i] = pass.after[i];
    ok = ok && for_bytes(true, [&](std::uint8_t a) {
           if (a < pass.all_leads_from && !is_edge_value(a)) return true;
           return for_bytes(all_second, [&](std::uint8_t b) {
             return for_bytes(all_third, [&](std::uint8_t c) {
               s[pass.run_bytes] = a;
               s[pass.run_bytes + 1] = b;
               s[pass.run_bytes + 2] = c;
               ++inputs;
               return check_validate(s, n);
             });
           });
         });
  }
  EXPECT_TRUE(ok);
  utest::log() << "  3-byte inputs in runs of 2, 3, 4 and 4 bytes: " << inputs
               << (all_third ? " (all)" : " (slice: edge values)") << '\n';
  // After the 4-byte runs: 16 leads F0-FF and the 19 edge values below F0.
  if (!kOnTarget) EXPECT_EQ(inputs, 2u * 256u * 65536u + 2u * (16u + 19u) * 65536u);
}

// On 64-bit machines the validator takes ASCII and 2-byte sequences 8 bytes
// per test, judging each byte by itself and the byte before it: every pair of
// bytes at every place of a 32-byte text, well-formed apart from the pair, of
// three kinds. In Latin-1-like text the words start at the first non-ASCII
// byte (place 2); in Cyrillic-like text a word can end on a lead byte, which
// moves every later word one byte on; ASCII after one 2-byte sequence runs
// through the loop for words of ASCII alone. Where the test stops, the
// bytes before the pair must still be taken as well-formed.
UTEST(Exhaustive, EveryPairInTextOfOneAndTwoByteSequences) {
  const bool all_second = !kOnTarget;
  constexpr std::uint8_t kFillers[][32] = {
      {'a', 'b', 0xC3, 0xA9, 'c', 'd', 'e', 0xC3, 0xA8, 'f', 'g', 'h', 'i', 0xC3, 0xBC, 'j',
       'k', 'l', 'm', 'n', 0xC3, 0x9F, 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x'},
      {0xD0, 0xB0, 0xD0, 0xB1, ' ', 0xD0, 0xB2, 0xD0, 0xB3, 0xD0, 0xB4, ' ', 0xD0, 0xB5, 0xD1, 0x8F,
       0xD0, 0xB6, ' ', 0xD0, 0xB7, 0xD0, 0xB8, 0xD0, 0xB9, 0xD0, 0xBA, ' ', 0xD0, 0xBB, 0xD0, 0xBC},
      {0xC3, 0xA9, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n',
       'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', '0', '1', '2', '3'},
  };
  std::uint32_t inputs = 0;
  bool ok = true;
  for (const auto& filler : kFillers) {
    for (std::size_t at = 0; at + 1 < 32; ++at) {
      std::uint8_t s[32];
      for (std::size_t i = 0; i < sizeof s; ++i) s[i] = filler[i];
      ok = ok && for_bytes(true, [&](std::uint8_t a) {
             return for_bytes(all_second, [&](std::uint8_t b) {
               s[at] = a;
               s[at + 1] = b;
               ++inputs;
               return check_validate(s, sizeof s);
             });
           });
    }
  }
  EXPECT_TRUE(ok);
  utest::log() << "  byte pairs in 1- and 2-byte text: " << inputs << (all_second ? " (all)" : " (slice: edge values)")
               << '\n';
  if (!kOnTarget) EXPECT_EQ(inputs, 3u * 31u * 65536u);
}

}  // namespace
