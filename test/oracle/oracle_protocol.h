// Binary protocol shared by the oracle drivers and python_oracle.py (which
// documents it in full). All integers are little-endian u32. Host-only.
#ifndef UTF8MCU_TEST_ORACLE_PROTOCOL_H
#define UTF8MCU_TEST_ORACLE_PROTOCOL_H

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace oracle {

// Sent by the script first and echoed by the driver, so that a wrong program
// or a protocol change fails loudly instead of producing garbage.
constexpr char kMagic[4] = {'U', '8', 'O', '2'};

// Bits of the per-case `flags` word: contract violations only a driver can see.
enum Flag : std::uint32_t {
  kChunkConsumed = 1u << 0,   // replace/skip push(span) did not consume the whole span
  kReportConsumed = 1u << 1,  // report push(span) without error did not consume it all
  kReportOffset = 1u << 2,    // report error: consumed > size, or offset would be negative
  kByteConsumed = 1u << 3,    // push(byte) without error did not consume its byte
  kErrorLength = 1u << 4,     // an error with length outside 1..3
  kErrorCount = 1u << 5,      // result.errors disagrees with result.error
  kReportStuck = 1u << 6,     // resuming after a report made no progress
};

// In a report-resume list, an error is two words: kErrorMark | status << 8 |
// length, then its absolute offset. Code points never have bit 31 set.
constexpr std::uint32_t kErrorMark = 0x80000000u;

struct Case {
  std::vector<std::uint8_t> data;
  std::vector<std::uint32_t> chunks;  // sizes, sum == data.size()
};

// Replace or skip: the code points, the number of ill-formed parts the
// decoder counted, and the first of them (status 0 when none).
struct PolicyResult {
  std::vector<std::uint32_t> code_points;
  std::uint32_t errors = 0;
  std::uint32_t first_status = 0;
  std::uint32_t first_length = 0;
};

// Report, stopping at the first error.
struct Report {
  std::vector<std::uint32_t> code_points;  // emitted before the error (or all)
  std::uint32_t status = 0;                // 0: no error, else utf8mcu::Status value
  std::uint32_t offset = 0;                // absolute offset of the maximal subpart
  std::uint32_t length = 0;                // its length
};

// Output of one feeding mode (chunked, or byte at a time).
struct ModeResult {
  PolicyResult replace;
  PolicyResult skip;
  Report report;
  std::vector<std::uint32_t> resume;  // report, resuming after every error
};

inline bool read_exact(void* p, std::size_t n) { return n == 0 || std::fread(p, 1, n, stdin) == n; }

inline bool read_u32(std::uint32_t& v) {
  unsigned char b[4];
  if (!read_exact(b, 4)) return false;
  v = static_cast<std::uint32_t>(b[0]) | static_cast<std::uint32_t>(b[1]) << 8 |
      static_cast<std::uint32_t>(b[2]) << 16 | static_cast<std::uint32_t>(b[3]) << 24;
  return true;
}

inline void write_u32(std::uint32_t v) {
  const unsigned char b[4] = {static_cast<unsigned char>(v), static_cast<unsigned char>(v >> 8),
                              static_cast<unsigned char>(v >> 16),
                              static_cast<unsigned char>(v >> 24)};
  std::fwrite(b, 1, 4, stdout);
}

inline void write_list(const std::vector<std::uint32_t>& v) {
  write_u32(static_cast<std::uint32_t>(v.size()));
  for (std::uint32_t x : v) write_u32(x);
}

inline void write_policy(const PolicyResult& p) {
  write_list(p.code_points);
  write_u32(p.errors);
  write_u32(p.first_status);
  write_u32(p.first_length);
}

inline void write_mode(const ModeResult& m) {
  write_policy(m.replace);
  write_policy(m.skip);
  write_list(m.report.code_points);
  write_u32(m.report.status);
  write_u32(m.report.offset);
  write_u32(m.report.length);
  write_list(m.resume);
}

// Returns 0 at a clean end of input, 1 for a case, -1 for a malformed stream.
inline int read_case(Case& c) {
  std::uint32_t n = 0;
  unsigned char first;
  if (std::fread(&first, 1, 1, stdin) != 1) return 0;
  unsigned char rest[3];
  if (!read_exact(rest, 3)) return -1;
  n = static_cast<std::uint32_t>(first) | static_cast<std::uint32_t>(rest[0]) << 8 |
      static_cast<std::uint32_t>(rest[1]) << 16 | static_cast<std::uint32_t>(rest[2]) << 24;
  c.data.resize(n);
  if (!read_exact(c.data.data(), n)) return -1;
  std::uint32_t k = 0;
  if (!read_u32(k)) return -1;
  c.chunks.resize(k);
  std::uint64_t sum = 0;
  for (std::uint32_t& size : c.chunks) {
    if (!read_u32(size)) return -1;
    sum += size;
  }
  return sum == n ? 1 : -1;
}

// Runs the driver loop: handshake, then solve(case, flags, chunked, bytewise)
// for each case and write the answer. Returns the process exit code.
template <class Solve>
int serve(Solve&& solve) {
  static char out_buffer[1 << 16];
  std::setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
  char magic[4];
  if (!read_exact(magic, 4) || std::memcmp(magic, kMagic, 4) != 0) {
    std::fprintf(stderr, "oracle driver: bad handshake\n");
    return 2;
  }
  std::fwrite(kMagic, 1, 4, stdout);
  Case c;
  ModeResult chunked;
  ModeResult bytewise;
  for (;;) {
    const int r = read_case(c);
    if (r == 0) break;
    if (r < 0) {
      std::fprintf(stderr, "oracle driver: malformed input stream\n");
      return 2;
    }
    chunked = ModeResult{};
    bytewise = ModeResult{};
    std::uint32_t flags = 0;
    solve(c, flags, chunked, bytewise);
    write_u32(static_cast<std::uint32_t>(c.data.size()));
    write_u32(flags);
    write_mode(chunked);
    write_mode(bytewise);
  }
  return std::fflush(stdout) == 0 ? 0 : 3;
}

}  // namespace oracle

#endif  // UTF8MCU_TEST_ORACLE_PROTOCOL_H
