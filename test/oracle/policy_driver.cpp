// Oracle driver for the opt-in policies, checked by policy_oracle.py against
// Python's codecs: the legacy fallback (ISO-8859-1 chunked and byte at a
// time, Windows-1252 chunked) and the noncharacter filter (chunked).
// Reads cases as python_oracle.py writes them (oracle_protocol.h) after the
// handshake "U8P1"; writes per case the input length, then four lists of
// code points, then the filter's count.
#include <cstdint>
#include <vector>

#include "oracle_protocol.h"
#include "utf8mcu/legacy_fallback.h"
#include "utf8mcu/noncharacters.h"

namespace {

constexpr char kPolicyMagic[4] = {'U', '8', 'P', '1'};

struct Collect {
  std::vector<std::uint32_t>& out;
  void operator()(char32_t code_point) { out.push_back(static_cast<std::uint32_t>(code_point)); }
};

template <class Decoder, class Sink>
void feed_chunks(const oracle::Case& c, Decoder& decoder, Sink& sink) {
  std::size_t at = 0;
  for (std::uint32_t size : c.chunks) {
    decoder.push(c.data.data() + at, size, sink);
    at += size;
  }
  decoder.finish(sink);
}

}  // namespace

int main() {
  static char out_buffer[1 << 16];
  std::setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
  char magic[4];
  if (!oracle::read_exact(magic, 4) || std::memcmp(magic, kPolicyMagic, 4) != 0) {
    std::fprintf(stderr, "policy driver: bad handshake\n");
    return 2;
  }
  std::fwrite(kPolicyMagic, 1, 4, stdout);
  oracle::Case c;
  std::vector<std::uint32_t> out;
  for (;;) {
    const int r = oracle::read_case(c);
    if (r == 0) break;
    if (r < 0) {
      std::fprintf(stderr, "policy driver: malformed input stream\n");
      return 2;
    }
    oracle::write_u32(static_cast<std::uint32_t>(c.data.size()));
    Collect collect{out};

    out.clear();
    utf8mcu::LegacyFallbackDecoder<utf8mcu::LegacyCharset::kIso8859_1> latin1;
    feed_chunks(c, latin1, collect);
    oracle::write_list(out);

    out.clear();
    utf8mcu::LegacyFallbackDecoder<utf8mcu::LegacyCharset::kIso8859_1> bytewise;
    for (std::uint8_t byte : c.data) bytewise.push(byte, collect);
    bytewise.finish(collect);
    oracle::write_list(out);

    out.clear();
    utf8mcu::LegacyFallbackDecoder<utf8mcu::LegacyCharset::kWindows1252> windows;
    feed_chunks(c, windows, collect);
    oracle::write_list(out);

    out.clear();
    utf8mcu::NoncharacterFilter filtered{collect};
    utf8mcu::Decoder decoder;
    feed_chunks(c, decoder, filtered);
    oracle::write_list(out);
    oracle::write_u32(static_cast<std::uint32_t>(filtered.count()));
  }
  return std::fflush(stdout) == 0 ? 0 : 3;
}
