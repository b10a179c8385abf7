// The legacy fallback against the reference model (test/reference): every
// 1-, 2- and 3-byte input (on firmware the third byte from the edge values),
// and every lead byte with edge values after it between ASCII, each fed as
// one span, byte at a time and split into pieces. The expected output is the
// reference model's code points with each byte of each maximal subpart as its
// ISO-8859-1 character.

#include "exhaustive_check.h"
#include "utf8mcu/legacy_fallback.h"

namespace {

using utf8mcu::LegacyFallbackDecoder;

constexpr std::size_t kMax = 16;
using Output = test::Recorder<kMax>;

// What the fallback must give for `s`, by the reference model: its code
// points, and each byte of each maximal subpart as ISO-8859-1 (the byte's own
// value). Returns the number of ill-formed parts.
std::size_t expect_latin1(const std::uint8_t* s, std::size_t n, Output& out) {
  std::size_t parts = 0;
  ref::decode(s, n, [&](const ref::Item& item) {
    if (!item.is_error) {
      out(item.code_point);
      return;
    }
    ++parts;
    for (std::size_t i = 0; i < item.length; ++i) out(s[item.offset + i]);
  });
  return parts;
}

// The decoder's output for `s` fed in up to three pieces split at `cut1` and
// `cut2` (cut1 <= cut2 <= n), then finish().
std::size_t fallback_in_pieces(const std::uint8_t* s, std::size_t n, std::size_t cut1, std::size_t cut2, Output& out) {
  LegacyFallbackDecoder<> decoder;
  std::size_t parts = decoder.push(s, cut1, out).errors;
  parts += decoder.push(s + cut1, cut2 - cut1, out).errors;
  parts += decoder.push(s + cut2, n - cut2, out).errors;
  if (!decoder.finish(out).ok()) ++parts;
  return parts;
}

std::size_t fallback_bytewise(const std::uint8_t* s, std::size_t n, Output& out) {
  LegacyFallbackDecoder<> decoder;
  std::size_t parts = 0;
  for (std::size_t i = 0; i < n; ++i) parts += decoder.push(s[i], out).errors;
  if (!decoder.finish(out).ok()) ++parts;
  return parts;
}

// Compares every way of feeding `s` with the reference; false (and a log
// line) on the first difference.
bool check_fallback(const std::uint8_t* s, std::size_t n) {
  Output expected;
  const std::size_t parts = expect_latin1(s, n, expected);
  Output bytewise;
  if (fallback_bytewise(s, n, bytewise) != parts || !(bytewise == expected)) {
    utest::log() << "  byte at a time differs for input of " << n << " bytes starting " << utest::hex(s[0]) << '\n';
    return false;
  }
  // Split once at every position, and around every single byte.
  for (std::size_t cut = 0; cut <= n; ++cut) {
    for (std::size_t middle = 0; middle <= 1 && cut + middle <= n; ++middle) {
      Output pieces;
      if (fallback_in_pieces(s, n, cut, cut + middle, pieces) != parts || !(pieces == expected)) {
        utest::log() << "  pieces cut at " << cut << '/' << cut + middle << " differ for input of " << n
                     << " bytes starting " << utest::hex(s[0]) << '\n';
        return false;
      }
    }
  }
  return true;
}

// A short list of bytes to follow a lead: ASCII, the first and last
// continuation byte, a 2-byte lead, a byte that is never UTF-8.
constexpr std::uint8_t kFourthBytes[] = {0x41, 0x80, 0xBF, 0xC2, 0xFF};

UTEST(LegacyFallback, EveryInputOfUpToThreeBytes) {
  // Firmware takes the second byte from the edge values and the third from
  // kFourthBytes.
  const bool all = !exhaustive::kOnTarget;
  const std::size_t third_count = all ? 256u : sizeof kFourthBytes;
  std::uint32_t inputs = 0;
  const bool ok = exhaustive::for_bytes(true, [&](std::uint8_t a) {
    const std::uint8_t one[1] = {a};
    ++inputs;
    if (!check_fallback(one, 1)) return false;
    return exhaustive::for_bytes(all, [&](std::uint8_t b) {
      const std::uint8_t two[2] = {a, b};
      ++inputs;
      if (!check_fallback(two, 2)) return false;
      for (std::size_t k = 0; k < third_count; ++k) {
        const std::uint8_t three[3] = {a, b, all ? static_cast<std::uint8_t>(k) : kFourthBytes[k]};
        ++inputs;
        if (!check_fallback(three, 3)) return false;
      }
      return true;
    });
  });
  EXPECT_TRUE(ok);
  utest::log() << "  inputs checked: " << inputs << (all ? " (all)" : " (a slice of edge values after the first byte)")
               << '\n';
  if (all) EXPECT_EQ(inputs, 256u + 65536u + 16777216u);
}

UTEST(LegacyFallback, FourByteSequencesAndTheirPrefixesBetweenAscii) {
  // Every non-ASCII lead with edge values after it, framed by ASCII so that
  // the strict decoder's whole-sequence paths take the well-formed ones.
  // Firmware takes the second and third byte from kFourthBytes as well.
  bool ok = true;
  const std::uint8_t* const after = exhaustive::kOnTarget ? kFourthBytes : test::kEdgeBytes;
  const std::size_t after_count = exhaustive::kOnTarget ? sizeof kFourthBytes : sizeof test::kEdgeBytes;
  for (unsigned a = 0x80; a < 256 && ok; ++a) {
    for (std::size_t i = 0; i < after_count && ok; ++i) {
      for (std::size_t j = 0; j < after_count && ok; ++j) {
        for (std::size_t k = 0; k < sizeof kFourthBytes && ok; ++k) {
          const std::uint8_t s[8] = {'x', 'y', static_cast<std::uint8_t>(a), after[i], after[j], kFourthBytes[k],
                                     'z', 'w'};
          ok = check_fallback(s, sizeof s);
        }
      }
    }
  }
  EXPECT_TRUE(ok);
}

}  // namespace
