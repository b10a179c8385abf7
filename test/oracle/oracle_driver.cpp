// Oracle driver for the real library: decodes each case from python_oracle.py
// with utf8mcu::Decoder under every policy, fed both as the given chunks and
// one byte at a time, and writes what came out (protocol: python_oracle.py).
#include <cstdint>
#include <memory>
#include <vector>

#include "oracle_protocol.h"
#include "utf8mcu/decoder.h"

namespace {

using oracle::Case;
using oracle::PolicyResult;
using utf8mcu::DecodeError;
using utf8mcu::Decoder;
using utf8mcu::DecodeResult;
using utf8mcu::ErrorPolicy;

// Each chunk gets its own exactly-sized heap block, so that ASan catches a
// read past the end of a span (the next chunk would hide it in one buffer).
class Chunk {
 public:
  Chunk(const Case& c, std::size_t offset, std::size_t size) : size_(size) {
    if (size != 0) {
      bytes_.reset(new std::uint8_t[size]);
      for (std::size_t i = 0; i < size; ++i) bytes_[i] = c.data[offset + i];
    }
  }
  const std::uint8_t* data() const { return bytes_.get(); }  // null when empty
  std::size_t size() const { return size_; }

 private:
  std::unique_ptr<std::uint8_t[]> bytes_;
  std::size_t size_;
};

std::uint32_t u32(std::size_t v) { return static_cast<std::uint32_t>(v); }

// Records `count` errors whose first is `e`, checking the two agree.
void note_errors(PolicyResult& p, const DecodeError& e, std::size_t count, std::uint32_t& flags) {
  if ((count == 0) != e.ok()) flags |= oracle::kErrorCount;
  if (count == 0) return;
  if (e.length < 1 || e.length > 3) flags |= oracle::kErrorLength;
  if (p.errors == 0) {
    p.first_status = static_cast<std::uint32_t>(e.status);
    p.first_length = e.length;
  }
  p.errors += u32(count);
}

// Replace or skip: the whole input, then finish().
template <ErrorPolicy kPolicy>
void run_policy(const Case& c, bool bytewise, PolicyResult& out, std::uint32_t& flags) {
  Decoder decoder;
  auto sink = [&out](char32_t cp) { out.code_points.push_back(static_cast<std::uint32_t>(cp)); };
  if (bytewise) {
    for (std::uint8_t byte : c.data) {
      const DecodeResult r = decoder.push<kPolicy>(byte, sink);
      if (r.consumed != 1) flags |= oracle::kByteConsumed;
      note_errors(out, r.error, r.errors, flags);
    }
  } else {
    std::size_t offset = 0;
    for (std::uint32_t size : c.chunks) {
      const Chunk chunk(c, offset, size);
      const DecodeResult r = decoder.push<kPolicy>(chunk.data(), chunk.size(), sink);
      if (r.consumed != size) flags |= oracle::kChunkConsumed;
      note_errors(out, r.error, r.errors, flags);
      offset += size;
    }
  }
  const DecodeError e = decoder.finish<kPolicy>(sink);
  note_errors(out, e, e.ok() ? 0 : 1, flags);
}

// Report policy. Writes code points and errors (kErrorMark words plus offset)
// to `out`; stops at the first error unless `resume`, in which case it carries
// on from `consumed` as the API allows after a report.
class ReportRun {
 public:
  ReportRun(std::vector<std::uint32_t>& out, std::uint32_t& flags) : out_(out), flags_(flags) {}

  void run(const Case& c, bool bytewise, bool resume) {
    resume_ = resume;
    if (bytewise) {
      for (std::size_t i = 0; i < c.data.size() && !stopped_; ++i) feed(&c.data[i], 1, i, true);
    } else {
      std::size_t offset = 0;
      for (std::uint32_t size : c.chunks) {
        if (stopped_) break;
        const Chunk chunk(c, offset, size);
        feed(chunk.data(), size, offset, false);
        offset += size;
      }
    }
    if (stopped_) return;
    const DecodeError e = decoder_.finish<ErrorPolicy::kReport>(sink());
    if (!e.ok()) error(e, 1, c.data.size());
  }

 private:
  struct Sink {
    std::vector<std::uint32_t>* out;
    void operator()(char32_t cp) const { out->push_back(static_cast<std::uint32_t>(cp)); }
  };
  Sink sink() { return Sink{&out_}; }

  // Feeds span [data, data + size) that starts at absolute offset `base`,
  // re-pushing the rest after each reported error when resuming.
  void feed(const std::uint8_t* data, std::size_t size, std::size_t base, bool one_byte) {
    std::size_t pos = 0;
    int idle = 0;  // consecutive reports that consumed nothing
    for (;;) {
      const DecodeResult r = one_byte
                                 ? decoder_.push<ErrorPolicy::kReport>(data[pos], sink())
                                 : decoder_.push<ErrorPolicy::kReport>(
                                       data == nullptr ? nullptr : data + pos, size - pos, sink());
      if (r.error.ok()) {
        if (r.consumed != size - pos) {
          flags_ |= one_byte ? oracle::kByteConsumed : oracle::kReportConsumed;
        }
        if (r.errors != 0) flags_ |= oracle::kErrorCount;
        return;
      }
      if (r.consumed > size - pos) {
        flags_ |= oracle::kReportOffset;
        stopped_ = true;
        return;
      }
      error(r.error, r.errors, base + pos + r.consumed);
      if (stopped_) return;
      pos += r.consumed;
      idle = r.consumed == 0 ? idle + 1 : 0;
      if (idle > 1) {
        flags_ |= oracle::kReportStuck;
        stopped_ = true;
        return;
      }
      if (pos == size) return;
    }
  }

  // An error whose subpart ends at absolute offset `end`.
  void error(const DecodeError& e, std::size_t count, std::size_t end) {
    if (count != 1) flags_ |= oracle::kErrorCount;
    if (e.length < 1 || e.length > 3) flags_ |= oracle::kErrorLength;
    if (end < e.length) {
      flags_ |= oracle::kReportOffset;
      stopped_ = true;
      return;
    }
    out_.push_back(oracle::kErrorMark | static_cast<std::uint32_t>(e.status) << 8 | e.length);
    out_.push_back(u32(end - e.length));
    if (!resume_) stopped_ = true;
  }

  Decoder decoder_;
  std::vector<std::uint32_t>& out_;
  std::uint32_t& flags_;
  bool resume_ = false;
  bool stopped_ = false;
};

void run_mode(const Case& c, bool bytewise, oracle::ModeResult& m, std::uint32_t& flags) {
  run_policy<ErrorPolicy::kReplace>(c, bytewise, m.replace, flags);
  run_policy<ErrorPolicy::kSkip>(c, bytewise, m.skip, flags);

  // Stop at the first error; split the list into code points and the error.
  std::vector<std::uint32_t> first;
  ReportRun(first, flags).run(c, bytewise, false);
  for (std::size_t i = 0; i < first.size(); ++i) {
    if ((first[i] & oracle::kErrorMark) != 0 && i + 1 < first.size()) {
      m.report.status = (first[i] >> 8) & 0xFFu;
      m.report.length = first[i] & 0xFFu;
      m.report.offset = first[i + 1];
      break;
    }
    m.report.code_points.push_back(first[i]);
  }

  ReportRun(m.resume, flags).run(c, bytewise, true);
}

void solve(const Case& c, std::uint32_t& flags, oracle::ModeResult& chunked,
           oracle::ModeResult& bytewise) {
  run_mode(c, false, chunked, flags);
  run_mode(c, true, bytewise, flags);
}

}  // namespace

int main() { return oracle::serve(solve); }
