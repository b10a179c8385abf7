// utest: a tiny unit-test harness for the host and for Cortex-M firmware in QEMU.
// No heap, exceptions, RTTI, iostreams or libc formatting: it links into a
// -nostdlib image and prints through a platform hook (stdout on the host,
// semihosting on the target). The harness library provides main().
//
//   UTEST(Suite, Name) { EXPECT_EQ(f(1), 2u); ASSERT_TRUE(ok); }
//
// EXPECT_* records a failure and continues; ASSERT_* also returns from the
// test body (so use it only in the body itself, which returns void).
#ifndef UTEST_UTEST_H
#define UTEST_UTEST_H

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace utest {

// True on boards too small or slow for exhaustive tests (microbit): such tests
// run a reduced slice and should say so in their output.
#ifdef UTEST_REDUCED
constexpr bool kReduced = true;
#else
constexpr bool kReduced = false;
#endif

// Hexadecimal formatting for log(): hex(0x1F) prints "0x1F". Negative values
// print as two's complement of their own width.
struct Hex {
  std::uint64_t value;
  unsigned min_digits;
};

template <class T>
constexpr Hex hex(T value, unsigned min_digits = 1) noexcept {
  static_assert(std::is_integral<T>::value && !std::is_same<T, bool>::value,
                "utest::hex takes an integer");
  using U = typename std::make_unsigned<T>::type;
  return Hex{static_cast<std::uint64_t>(static_cast<U>(value)), min_digits};
}

// Line-buffered output: flushed at '\n', when the buffer fills, and by the
// runner after each test.
class Log {
 public:
  Log& operator<<(const char* text) noexcept;
  Log& operator<<(char c) noexcept;
  Log& operator<<(bool value) noexcept;
  Log& operator<<(Hex value) noexcept;
  Log& operator<<(const void* pointer) noexcept;  // 0x..., or "nullptr"
  Log& operator<<(char16_t c) noexcept { return *this << hex(c); }
  Log& operator<<(char32_t c) noexcept { return *this << hex(c); }
  Log& operator<<(wchar_t c) noexcept { return *this << hex(c); }

  template <class T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
  Log& operator<<(T value) noexcept {
    if constexpr (std::is_signed<T>::value) {
      write_signed(static_cast<std::int64_t>(value));
    } else {
      write_unsigned(static_cast<std::uint64_t>(value));
    }
    return *this;
  }

  void flush() noexcept;

 private:
  void put(char c) noexcept;
  void write_signed(std::int64_t value) noexcept;
  void write_unsigned(std::uint64_t value) noexcept;

  char buffer_[160] = {};
  std::size_t length_ = 0;
};

Log& log() noexcept;

// Whether the running test has failed so far (e.g. to stop an exhaustive loop).
bool current_test_failed() noexcept;

namespace detail {

// One registered test. Constructing it appends it to the global list; it has
// no destructor, so no atexit registration is needed for the static instances.
struct TestCase {
  TestCase(const char* suite_name, const char* test_name, void (*body)()) noexcept;

  const char* suite;
  const char* name;
  void (*function)();
  TestCase* next = nullptr;
  bool failed = false;
};

enum class Op { eq, ne, lt, le, gt, ge };

// Integers and enums compare by value, whatever their signedness and width
// (like C++20 std::cmp_less), so size_t against an int literal just works.
template <class T>
struct IsIntLike
    : std::integral_constant<bool, std::is_integral<T>::value || std::is_enum<T>::value> {};

template <class T, bool = std::is_enum<T>::value>
struct IntOf {
  using type = T;
};
template <class T>
struct IntOf<T, true> {
  using type = typename std::underlying_type<T>::type;
};

template <class A, class B>
constexpr int compare_ints(A a, B b) noexcept {
  constexpr bool a_signed = std::is_signed<A>::value;
  constexpr bool b_signed = std::is_signed<B>::value;
  if constexpr (a_signed && b_signed) {
    const auto x = static_cast<std::int64_t>(a);
    const auto y = static_cast<std::int64_t>(b);
    return (x > y) - (x < y);
  } else if constexpr (!a_signed && !b_signed) {
    const auto x = static_cast<std::uint64_t>(a);
    const auto y = static_cast<std::uint64_t>(b);
    return (x > y) - (x < y);
  } else if constexpr (a_signed) {
    if (a < 0) return -1;
    const auto x = static_cast<std::uint64_t>(a);
    const auto y = static_cast<std::uint64_t>(b);
    return (x > y) - (x < y);
  } else {
    if (b < 0) return 1;
    const auto x = static_cast<std::uint64_t>(a);
    const auto y = static_cast<std::uint64_t>(b);
    return (x > y) - (x < y);
  }
}

template <Op op, class A, class B>
constexpr bool compare(const A& a, const B& b) noexcept {
  if constexpr (IsIntLike<A>::value && IsIntLike<B>::value) {
    const int c = compare_ints(static_cast<typename IntOf<A>::type>(a),
                               static_cast<typename IntOf<B>::type>(b));
    switch (op) {
      case Op::eq: return c == 0;
      case Op::ne: return c != 0;
      case Op::lt: return c < 0;
      case Op::le: return c <= 0;
      case Op::gt: return c > 0;
      case Op::ge: return c >= 0;
    }
    return false;
  } else {
    // Pointers, nullptr and anything else with the operators.
    if constexpr (op == Op::eq) {
      return a == b;
    } else if constexpr (op == Op::ne) {
      return a != b;
    } else if constexpr (op == Op::lt) {
      return a < b;
    } else if constexpr (op == Op::le) {
      return a <= b;
    } else if constexpr (op == Op::gt) {
      return a > b;
    } else {
      return a >= b;
    }
  }
}

void print_char(Log& out, char c) noexcept;

template <class T>
void print_value(Log& out, const T& value) noexcept {
  using D = typename std::decay<T>::type;  // arrays print as pointers
  if constexpr (std::is_same<D, bool>::value) {
    out << value;
  } else if constexpr (std::is_same<D, char>::value) {
    print_char(out, value);
  } else if constexpr (std::is_same<D, char16_t>::value || std::is_same<D, char32_t>::value ||
                       std::is_same<D, wchar_t>::value) {
    out << hex(value);
  } else if constexpr (IsIntLike<D>::value) {
    using I = typename IntOf<D>::type;
    if constexpr (std::is_signed<I>::value) {
      out << static_cast<std::int64_t>(value);
    } else {
      const auto u = static_cast<std::uint64_t>(value);
      out << u;
      if (u > 9) out << " (" << hex(u) << ')';
    }
  } else if constexpr (std::is_same<D, std::nullptr_t>::value) {
    out << "nullptr";
  } else if constexpr (std::is_pointer<D>::value &&
                       !std::is_function<typename std::remove_pointer<D>::type>::value) {
    out << static_cast<const void*>(value);
  } else {
    out << "(value not printable)";
  }
}

// Records a failure of the current test at file:line. Returns false if the
// details should not be printed (too many failures in this test already).
bool begin_failure(const char* file, int line) noexcept;

template <Op op, class A, class B>
bool check_compare(const A& a, const B& b, const char* macro, const char* a_text,
                   const char* b_text, const char* file, int line) noexcept {
  if (compare<op>(a, b)) return true;
  if (begin_failure(file, line)) {
    Log& out = log();
    out << "  " << macro << '(' << a_text << ", " << b_text << ")\n    " << a_text << " = ";
    print_value(out, a);
    out << "\n    " << b_text << " = ";
    print_value(out, b);
    out << '\n';
  }
  return false;
}

bool check_bool(bool value, bool expected, const char* macro, const char* text, const char* file,
                int line) noexcept;
bool check_memeq_sized(const void* a, const void* b, std::size_t size, bool negative,
                       const char* macro, const char* a_text, const char* b_text,
                       const char* size_text, const char* file, int line) noexcept;

// The size may be any integer type (an int variable too, without warnings); a
// negative size is a failure.
template <class N>
bool check_memeq(const void* a, const void* b, N size, const char* macro, const char* a_text,
                 const char* b_text, const char* size_text, const char* file, int line) noexcept {
  static_assert(std::is_integral<N>::value, "EXPECT_MEMEQ: the size must be an integer");
  bool negative = false;
  if constexpr (std::is_signed<N>::value) negative = size < 0;
  const std::size_t n = negative ? 0 : static_cast<std::size_t>(size);
  return check_memeq_sized(a, b, n, negative, macro, a_text, b_text, size_text, file, line);
}
bool check_streq(const char* a, const char* b, const char* macro, const char* a_text,
                 const char* b_text, const char* file, int line) noexcept;
void fail(const char* message, const char* file, int line) noexcept;

}  // namespace detail
}  // namespace utest

#define UTEST_FN_(suite, name) utest_body_##suite##_##name
#define UTEST_CASE_(suite, name) utest_case_##suite##_##name

// Defines and registers a test; tests run in definition order within a file.
#define UTEST(suite, name)                                                                         \
  static void UTEST_FN_(suite, name)();                                                            \
  static ::utest::detail::TestCase UTEST_CASE_(suite, name){#suite, #name,                         \
                                                            &UTEST_FN_(suite, name)};              \
  static void UTEST_FN_(suite, name)()

#define UTEST_CMP_(macro, op, a, b, a_text, b_text, on_failure)                                    \
  do {                                                                                             \
    if (!::utest::detail::check_compare<::utest::detail::Op::op>((a), (b), macro, a_text,          \
                                                                 b_text, __FILE__,                 \
                                                                 __LINE__)) {                      \
      on_failure;                                                                                  \
    }                                                                                              \
  } while (0)

#define UTEST_BOOL_(macro, c, c_text, expected, on_failure)                                        \
  do {                                                                                             \
    if (!::utest::detail::check_bool((c) ? true : false, expected, macro, c_text, __FILE__,        \
                                     __LINE__)) {                                                  \
      on_failure;                                                                                  \
    }                                                                                              \
  } while (0)

#define UTEST_MEMEQ_(macro, a, b, n, a_text, b_text, n_text, on_failure)                           \
  do {                                                                                             \
    if (!::utest::detail::check_memeq((a), (b), (n), macro, a_text, b_text, n_text, __FILE__,      \
                                      __LINE__)) {                                                 \
      on_failure;                                                                                  \
    }                                                                                              \
  } while (0)

#define UTEST_STREQ_(macro, a, b, a_text, b_text, on_failure)                                      \
  do {                                                                                             \
    if (!::utest::detail::check_streq((a), (b), macro, a_text, b_text, __FILE__, __LINE__)) {      \
      on_failure;                                                                                  \
    }                                                                                              \
  } while (0)

// Expression texts are taken here, before the arguments are macro-expanded.
#define EXPECT_TRUE(c) UTEST_BOOL_("EXPECT_TRUE", c, #c, true, (void)0)
#define EXPECT_FALSE(c) UTEST_BOOL_("EXPECT_FALSE", c, #c, false, (void)0)
#define EXPECT_EQ(a, b) UTEST_CMP_("EXPECT_EQ", eq, a, b, #a, #b, (void)0)
#define EXPECT_NE(a, b) UTEST_CMP_("EXPECT_NE", ne, a, b, #a, #b, (void)0)
#define EXPECT_LT(a, b) UTEST_CMP_("EXPECT_LT", lt, a, b, #a, #b, (void)0)
#define EXPECT_LE(a, b) UTEST_CMP_("EXPECT_LE", le, a, b, #a, #b, (void)0)
#define EXPECT_GT(a, b) UTEST_CMP_("EXPECT_GT", gt, a, b, #a, #b, (void)0)
#define EXPECT_GE(a, b) UTEST_CMP_("EXPECT_GE", ge, a, b, #a, #b, (void)0)
#define EXPECT_MEMEQ(a, b, n) UTEST_MEMEQ_("EXPECT_MEMEQ", a, b, n, #a, #b, #n, (void)0)
#define EXPECT_STREQ(a, b) UTEST_STREQ_("EXPECT_STREQ", a, b, #a, #b, (void)0)

#define ASSERT_TRUE(c) UTEST_BOOL_("ASSERT_TRUE", c, #c, true, return)
#define ASSERT_FALSE(c) UTEST_BOOL_("ASSERT_FALSE", c, #c, false, return)
#define ASSERT_EQ(a, b) UTEST_CMP_("ASSERT_EQ", eq, a, b, #a, #b, return)
#define ASSERT_NE(a, b) UTEST_CMP_("ASSERT_NE", ne, a, b, #a, #b, return)
#define ASSERT_LT(a, b) UTEST_CMP_("ASSERT_LT", lt, a, b, #a, #b, return)
#define ASSERT_LE(a, b) UTEST_CMP_("ASSERT_LE", le, a, b, #a, #b, return)
#define ASSERT_GT(a, b) UTEST_CMP_("ASSERT_GT", gt, a, b, #a, #b, return)
#define ASSERT_GE(a, b) UTEST_CMP_("ASSERT_GE", ge, a, b, #a, #b, return)
#define ASSERT_MEMEQ(a, b, n) UTEST_MEMEQ_("ASSERT_MEMEQ", a, b, n, #a, #b, #n, return)
#define ASSERT_STREQ(a, b) UTEST_STREQ_("ASSERT_STREQ", a, b, #a, #b, return)

// Unconditional failure with a message; UTEST_FAIL also returns.
#define UTEST_ADD_FAILURE(message) ::utest::detail::fail(message, __FILE__, __LINE__)
#define UTEST_FAIL(message)                                                                        \
  do {                                                                                             \
    ::utest::detail::fail(message, __FILE__, __LINE__);                                            \
    return;                                                                                        \
  } while (0)

#endif  // UTEST_UTEST_H
