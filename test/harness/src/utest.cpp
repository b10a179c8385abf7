// Test registry, checks, output formatting and the runner.
#include "utest/utest.h"

#include "platform.h"

namespace utest {
namespace {

// Zero-initialised before any constructor runs, so registration order across
// translation units does not matter.
detail::TestCase* g_first = nullptr;
detail::TestCase* g_last = nullptr;
detail::TestCase* g_current = nullptr;

// Exhaustive tests can fail millions of times; print only the first few.
constexpr unsigned kMaxReportedFailures = 16;
unsigned g_failures_in_test = 0;

Log g_log;

std::size_t length(const char* s) {
  std::size_t n = 0;
  while (s[n] != '\0') ++n;
  return n;
}

// Substring match of filter against "suite.name" without building the string.
bool matches(const detail::TestCase& test, const char* filter) {
  if (filter == nullptr || *filter == '\0') return true;
  const std::size_t suite_length = length(test.suite);
  const std::size_t total = suite_length + 1 + length(test.name);
  const std::size_t filter_length = length(filter);
  auto at = [&](std::size_t i) {
    if (i < suite_length) return test.suite[i];
    if (i == suite_length) return '.';
    return test.name[i - suite_length - 1];
  };
  for (std::size_t start = 0; start + filter_length <= total; ++start) {
    std::size_t i = 0;
    while (i < filter_length && at(start + i) == filter[i]) ++i;
    if (i == filter_length) return true;
  }
  return false;
}

}  // namespace

// ---- Log -------------------------------------------------------------------

Log& log() noexcept { return g_log; }

void Log::put(char c) noexcept {
  buffer_[length_++] = c;
  if (c == '\n' || length_ == sizeof buffer_) flush();
}

void Log::flush() noexcept {
  if (length_ == 0) return;
  platform::write(buffer_, length_);
  length_ = 0;
}

Log& Log::operator<<(const char* text) noexcept {
  if (text == nullptr) text = "(null)";
  while (*text != '\0') put(*text++);
  return *this;
}

Log& Log::operator<<(char c) noexcept {
  put(c);
  return *this;
}

Log& Log::operator<<(bool value) noexcept { return *this << (value ? "true" : "false"); }

Log& Log::operator<<(Hex value) noexcept {
  char digits[16];
  unsigned n = 0;
  std::uint64_t v = value.value;
  do {
    digits[n++] = "0123456789ABCDEF"[v & 0xFu];
    v >>= 4;
  } while (v != 0);
  const unsigned min_digits = value.min_digits > 16 ? 16 : value.min_digits;
  while (n < min_digits) digits[n++] = '0';
  put('0');
  put('x');
  while (n > 0) put(digits[--n]);
  return *this;
}

Log& Log::operator<<(const void* pointer) noexcept {
  if (pointer == nullptr) return *this << "nullptr";
  return *this << hex(reinterpret_cast<std::uintptr_t>(pointer), 2 * sizeof(void*));
}

void Log::write_unsigned(std::uint64_t value) noexcept {
  char digits[20];
  unsigned n = 0;
  do {
    digits[n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  while (n > 0) put(digits[--n]);
}

void Log::write_signed(std::int64_t value) noexcept {
  if (value < 0) {
    put('-');
    // Negate in unsigned arithmetic: -INT64_MIN overflows.
    write_unsigned(0u - static_cast<std::uint64_t>(value));
  } else {
    write_unsigned(static_cast<std::uint64_t>(value));
  }
}

bool current_test_failed() noexcept { return g_current != nullptr && g_current->failed; }

// ---- registration and checks -----------------------------------------------

namespace detail {

TestCase::TestCase(const char* suite_name, const char* test_name, void (*body)()) noexcept
    : suite(suite_name), name(test_name), function(body) {
  if (g_last == nullptr) {
    g_first = this;
  } else {
    g_last->next = this;
  }
  g_last = this;
}

static_assert(std::is_trivially_destructible<TestCase>::value,
              "static TestCase objects must not need atexit");

bool begin_failure(const char* file, int line) noexcept {
  if (g_current != nullptr) g_current->failed = true;
  ++g_failures_in_test;
  if (g_failures_in_test > kMaxReportedFailures) return false;
  log() << file << ':' << line << ": Failure\n";
  return true;
}

void print_char(Log& out, char c) noexcept {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x20 && byte < 0x7F) {
    out << '\'' << c << "' (" << hex(byte, 2) << ')';
  } else {
    out << hex(byte, 2);
  }
}

bool check_bool(bool value, bool expected, const char* macro, const char* text, const char* file,
                int line) noexcept {
  if (value == expected) return true;
  if (begin_failure(file, line)) {
    log() << "  " << macro << '(' << text << ")\n    " << text << " is " << value << '\n';
  }
  return false;
}

bool check_memeq_sized(const void* a, const void* b, std::size_t size, bool negative,
                       const char* macro, const char* a_text, const char* b_text,
                       const char* size_text, const char* file, int line) noexcept {
  const auto* x = static_cast<const unsigned char*>(a);
  const auto* y = static_cast<const unsigned char*>(b);
  const bool null_range = size != 0 && (x == nullptr || y == nullptr);
  std::size_t i = 0;
  if (!negative && !null_range) {
    while (i < size && x[i] == y[i]) ++i;
    if (i == size) return true;
  }
  if (begin_failure(file, line)) {
    Log& out = log();
    out << "  " << macro << '(' << a_text << ", " << b_text << ", " << size_text << ")\n";
    if (negative) {
      out << "    " << size_text << " is negative\n";
    } else if (null_range) {
      out << "    null pointer with " << size_text << " = " << size << '\n';
    } else {
      out << "    first difference at index " << i << " of " << size << ": " << a_text << '['
          << i << "] = " << hex(x[i], 2) << ", " << b_text << '[' << i
          << "] = " << hex(y[i], 2) << '\n';
    }
  }
  return false;
}

namespace {

void print_string(Log& out, const char* s) {
  if (s == nullptr) {
    out << "nullptr";
    return;
  }
  constexpr std::size_t kMaxShown = 80;
  out << '"';
  std::size_t i = 0;
  for (; s[i] != '\0' && i < kMaxShown; ++i) {
    const auto byte = static_cast<unsigned char>(s[i]);
    if (byte >= 0x20 && byte < 0x7F && byte != '"' && byte != '\\') {
      out << s[i];
    } else {
      out << "\\x" << "0123456789ABCDEF"[byte >> 4] << "0123456789ABCDEF"[byte & 0xF];
    }
  }
  out << '"';
  if (s[i] != '\0') out << "...";
}

}  // namespace

bool check_streq(const char* a, const char* b, const char* macro, const char* a_text,
                 const char* b_text, const char* file, int line) noexcept {
  bool equal = a == b;
  if (!equal && a != nullptr && b != nullptr) {
    std::size_t i = 0;
    while (a[i] != '\0' && a[i] == b[i]) ++i;
    equal = a[i] == b[i];
  }
  if (equal) return true;
  if (begin_failure(file, line)) {
    Log& out = log();
    out << "  " << macro << '(' << a_text << ", " << b_text << ")\n    " << a_text << " = ";
    print_string(out, a);
    out << "\n    " << b_text << " = ";
    print_string(out, b);
    out << '\n';
  }
  return false;
}

void fail(const char* message, const char* file, int line) noexcept {
  if (begin_failure(file, line)) log() << "  " << message << '\n';
}

// ---- runner ------------------------------------------------------------------

int run(const char* filter) noexcept {
  Log& out = log();
  unsigned selected = 0;
  for (const TestCase* t = g_first; t != nullptr; t = t->next) {
    if (matches(*t, filter)) ++selected;
  }
  out << "[==========] " << selected << " tests on " << platform::name()
      << (kReduced ? " (reduced)" : "") << '\n';

  unsigned passed = 0;
  unsigned failed = 0;
  for (TestCase* t = g_first; t != nullptr; t = t->next) {
    if (!matches(*t, filter)) continue;
    out << "[ RUN      ] " << t->suite << '.' << t->name << '\n';
    g_current = t;
    g_failures_in_test = 0;
    t->failed = false;
    t->function();
    g_current = nullptr;
    if (g_failures_in_test > kMaxReportedFailures) {
      out << "  (" << g_failures_in_test - kMaxReportedFailures
          << " more failures not shown)\n";
    }
    if (t->failed) {
      ++failed;
      out << "[  FAILED  ] " << t->suite << '.' << t->name << '\n';
    } else {
      ++passed;
      out << "[       OK ] " << t->suite << '.' << t->name << '\n';
    }
    out.flush();
  }

  out << "[==========] platform: " << platform::name() << (kReduced ? " (reduced)" : "") << '\n';
  if (!platform::finish(out)) {
    out << "[  FAILED  ] platform check (see above)\n";
    ++failed;
  }
  for (const TestCase* t = g_first; t != nullptr; t = t->next) {
    if (t->failed) out << "[  FAILED  ] " << t->suite << '.' << t->name << '\n';
  }
  if (passed + failed == 0) out << "[  FAILED  ] no test ran\n";
  out << passed << " passed, " << failed << " failed\n";
  out.flush();
  return passed > 0 && failed == 0 ? 0 : 1;
}

}  // namespace detail
}  // namespace utest
