/* The C API test cases (c_api_cases.c, C99) and the checks they report
 * through; c_api_test.cpp runs each case as a utest test. */
#ifndef UTF8MCU_TEST_C_API_CASES_H
#define UTF8MCU_TEST_C_API_CASES_H

#ifdef __cplusplus
extern "C" {
#endif

/* Implemented by the C++ runner: record a failure of the running test. */
void c_check_failed(const char* file, int line, const char* condition);
void c_check_equal_failed(const char* file, int line, const char* actual_text, const char* expected_text,
                          unsigned long long actual, unsigned long long expected);

#define C_CHECK(condition)                                                                         \
  do {                                                                                             \
    if (!(condition)) c_check_failed(__FILE__, __LINE__, #condition);                              \
  } while (0)

/* Integers of any type, compared as unsigned long long (so an enum, a size_t
 * and a uint32_t compare by value). */
#define C_CHECK_EQ(actual, expected)                                                               \
  do {                                                                                             \
    const unsigned long long actual_value = (unsigned long long)(actual);                          \
    const unsigned long long expected_value = (unsigned long long)(expected);                      \
    if (actual_value != expected_value) {                                                          \
      c_check_equal_failed(__FILE__, __LINE__, #actual, #expected, actual_value, expected_value);  \
    }                                                                                              \
  } while (0)

#define C_API_CASES(X)                 \
  X(decoder_layout)                    \
  X(decoder_byte_at_a_time)            \
  X(decoder_sequence_across_pushes)    \
  X(decoder_replace_policy)            \
  X(decoder_report_policy)             \
  X(decoder_skip_policy)               \
  X(decoder_unknown_policy_replaces)   \
  X(decoder_finish)                    \
  X(decoder_null_arguments)            \
  X(decoder_chunking_equivalence)      \
  X(validate)                          \
  X(decode_whole_buffer)               \
  X(count_code_points)                 \
  X(input_rewritten_by_the_sink)       \
  X(encode_boundaries)                 \
  X(encode_invalid_code_points)        \
  X(encode_output_full)                \
  X(truncate)                          \
  X(status_names)

#define C_API_DECLARE_CASE(name) void c_api_test_##name(void);
C_API_CASES(C_API_DECLARE_CASE)
#undef C_API_DECLARE_CASE

#ifdef __cplusplus
}
#endif

#endif
