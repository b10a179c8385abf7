// Oracle driver backed by the reference model (test/reference), so that
// python_oracle.py cross-checks the model itself against Python's codec.
// The model is not incremental: chunking is ignored and both feeding modes
// report the same whole-input result.
#include <cstdint>

#include "oracle_protocol.h"
#include "reference_utf8.h"

namespace {

void add_error(oracle::PolicyResult& p, const ref::Item& item) {
  if (p.errors++ == 0) {
    p.first_status = static_cast<std::uint32_t>(item.kind);
    p.first_length = static_cast<std::uint32_t>(item.length);
  }
}

void solve(const oracle::Case& c, std::uint32_t& /*flags*/, oracle::ModeResult& chunked,
           oracle::ModeResult& bytewise) {
  bool stopped = false;
  ref::decode(c.data.data(), c.data.size(), [&](const ref::Item& item) {
    const auto value = static_cast<std::uint32_t>(item.code_point);
    chunked.replace.code_points.push_back(value);
    if (item.is_error) {
      add_error(chunked.replace, item);
      add_error(chunked.skip, item);
      chunked.resume.push_back(oracle::kErrorMark | static_cast<std::uint32_t>(item.kind) << 8 |
                               static_cast<std::uint32_t>(item.length));
      chunked.resume.push_back(static_cast<std::uint32_t>(item.offset));
    } else {
      chunked.skip.code_points.push_back(value);
      chunked.resume.push_back(value);
    }
    if (stopped) return;
    if (item.is_error) {
      chunked.report.status = static_cast<std::uint32_t>(item.kind);
      chunked.report.offset = static_cast<std::uint32_t>(item.offset);
      chunked.report.length = static_cast<std::uint32_t>(item.length);
      stopped = true;
    } else {
      chunked.report.code_points.push_back(value);
    }
  });
  bytewise = chunked;
}

}  // namespace

int main() { return oracle::serve(solve); }
