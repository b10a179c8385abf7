// Runs the C API cases of c_api_cases.c as utest tests, and turns their C
// checks into utest failures, on the host and on every board.
#include "c_api_cases.h"
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
