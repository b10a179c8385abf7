// u8clean: copies bytes to stdout as well-formed UTF-8.
//
//   u8clean [--strict | --skip] [--codepoints] [FILE...]
//
// Reads FILEs (or stdin) in fixed-size chunks, so input of any length streams
// through in constant memory. Each ill-formed part becomes U+FFFD (EF BF BD);
// --skip drops it instead; --strict stops at the first one, prints its byte
// offset and kind on stderr and exits with status 1 (what came before it has
// been written). --codepoints prints one U+XXXX per line instead of text.
// Exit status: 0 done, 1 ill-formed input under --strict, 2 usage or I/O error.

#include <cstdio>
#include <cstring>

#include "utf8mcu/utf8mcu.h"

namespace {

using utf8mcu::ErrorPolicy;

enum class Output { kText, kCodePoints };

// Collects output and writes it to stdout in blocks.
class StdoutSink {
 public:
  explicit StdoutSink(Output mode) : mode_(mode) {}
  ~StdoutSink() { flush(); }
  StdoutSink(const StdoutSink&) = delete;
  StdoutSink& operator=(const StdoutSink&) = delete;

  void operator()(char32_t code_point) {
    if (size_ > sizeof buffer_ - 16) flush();
    if (mode_ == Output::kCodePoints) {
      size_ += static_cast<std::size_t>(
          std::snprintf(reinterpret_cast<char*>(buffer_ + size_), 16, "U+%04X\n", static_cast<unsigned>(code_point)));
    } else {
      size_ += utf8mcu::encode(code_point, buffer_ + size_, sizeof buffer_ - size_).length;
    }
  }

  bool flush() {
    const bool ok = std::fwrite(buffer_, 1, size_, stdout) == size_;
    size_ = 0;
    return ok && std::fflush(stdout) == 0;
  }

 private:
  Output mode_;
  std::uint8_t buffer_[16384];
  std::size_t size_ = 0;
};

struct Options {
  ErrorPolicy policy = ErrorPolicy::kReplace;
  Output output = Output::kText;
};

// Decodes one stream; returns the exit status.
template <ErrorPolicy kPolicy>
int clean(std::FILE* in, const char* name, StdoutSink& sink) {
  utf8mcu::Decoder decoder;
  std::uint8_t chunk[4096];
  unsigned long long offset = 0;  // of the start of `chunk` in the stream
  auto report = [&](const utf8mcu::DecodeError& error, unsigned long long end) {
    sink.flush();
    std::fprintf(stderr, "u8clean: %s: byte offset %llu: %s (%u byte%s)\n", name, end - error.length,
                 utf8mcu::status_name(error.status), static_cast<unsigned>(error.length),
                 error.length == 1 ? "" : "s");
    return 1;
  };
  for (;;) {
    const std::size_t n = std::fread(chunk, 1, sizeof chunk, in);
    if (n == 0) break;
    const utf8mcu::DecodeResult r = decoder.push<kPolicy>(chunk, n, sink);
    if (kPolicy == ErrorPolicy::kReport && r.errors != 0) return report(r.error, offset + r.consumed);
    offset += n;
  }
  if (std::ferror(in)) {
    std::fprintf(stderr, "u8clean: %s: read error\n", name);
    return 2;
  }
  const utf8mcu::DecodeError end = decoder.finish<kPolicy>(sink);
  if (kPolicy == ErrorPolicy::kReport && !end.ok()) return report(end, offset);
  return 0;
}

int clean_stream(const Options& options, std::FILE* in, const char* name, StdoutSink& sink) {
  switch (options.policy) {
    case ErrorPolicy::kReport: return clean<ErrorPolicy::kReport>(in, name, sink);
    case ErrorPolicy::kSkip: return clean<ErrorPolicy::kSkip>(in, name, sink);
    case ErrorPolicy::kReplace: break;
  }
  return clean<ErrorPolicy::kReplace>(in, name, sink);
}

void usage() {
  std::fputs(
      "usage: u8clean [--strict | --skip] [--codepoints] [FILE...]\n"
      "Writes the input as well-formed UTF-8: each ill-formed part becomes U+FFFD.\n"
      "  --strict      stop at the first ill-formed part: offset and kind on stderr, exit 1\n"
      "  --skip        drop ill-formed parts instead of replacing them\n"
      "  --codepoints  print one U+XXXX per line\n",
      stderr);
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  int first_file = argc;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--strict") == 0) {
      options.policy = ErrorPolicy::kReport;
    } else if (std::strcmp(argv[i], "--skip") == 0) {
      options.policy = ErrorPolicy::kSkip;
    } else if (std::strcmp(argv[i], "--codepoints") == 0) {
      options.output = Output::kCodePoints;
    } else if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      usage();
      return 0;
    } else if (std::strcmp(argv[i], "--") == 0) {
      first_file = i + 1;
      break;
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      usage();
      return 2;
    } else {
      first_file = i;
      break;
    }
  }

  StdoutSink sink(options.output);
  if (first_file >= argc) return clean_stream(options, stdin, "<stdin>", sink);
  for (int i = first_file; i < argc; ++i) {
    const bool is_stdin = std::strcmp(argv[i], "-") == 0;
    std::FILE* in = is_stdin ? stdin : std::fopen(argv[i], "rb");
    if (in == nullptr) {
      std::fprintf(stderr, "u8clean: %s: cannot open\n", argv[i]);
      return 2;
    }
    const int status = clean_stream(options, in, argv[i], sink);
    if (!is_stdin) std::fclose(in);
    if (status != 0) return status;
  }
  return sink.flush() ? 0 : 2;
}
