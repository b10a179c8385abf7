/* Tests of the C API, written in C99 as a C firmware would use it (no libc:
 * the boards link -nostdlib). Each case is run by c_api_test.cpp. The core's
 * behaviour is tested exhaustively in test/lib; these check that the C
 * wrappers pass everything through: policies, results, statuses, NULLs. */
#include "c_api_cases.h"

#include "utf8mcu/utf8mcu_c.h"

#define COUNT_OF(array) (sizeof(array) / sizeof((array)[0]))

enum { kMaxCollected = 32 };

/* A sink that records code points. */
typedef struct collected {
  uint32_t code_points[kMaxCollected];
  size_t count;
} collected;

static void collect(void* context, uint32_t code_point) {
  collected* out = (collected*)context;
  if (out->count < kMaxCollected) out->code_points[out->count] = code_point;
  ++out->count;
}

static void check_code_points(const char* file, int line, const collected* got, const uint32_t* want,
                              size_t want_count) {
  size_t i;
  if (got->count != want_count) {
    c_check_equal_failed(file, line, "collected count", "expected count", got->count, want_count);
    return;
  }
  for (i = 0; i < want_count; ++i) {
    if (got->code_points[i] != want[i]) {
      c_check_equal_failed(file, line, "collected code point", "expected code point", got->code_points[i],
                           want[i]);
      return;
    }
  }
}

#define C_CHECK_CODE_POINTS(got, want) check_code_points(__FILE__, __LINE__, (got), (want), COUNT_OF(want))

static int bytes_equal(const uint8_t* a, const uint8_t* b, size_t size) {
  size_t i;
  for (i = 0; i < size; ++i) {
    if (a[i] != b[i]) return 0;
  }
  return 1;
}

static int strings_equal(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}

/* a, é, €, U+1F600, then C0 AF (over-long), E2 82 cut by a space, b, an
 * encoded surrogate ED A0 80, F4 90 80 80 (above U+10FFFF), z. */
static const uint8_t kMixed[] = {0x61, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xC0, 0xAF,
                                 0xE2, 0x82, 0x20, 0x62, 0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80, 0x7A};
/* What Python's decode('utf-8', 'replace') gives for kMixed. */
static const uint32_t kMixedReplaced[] = {0x61,   0xE9,   0x20AC, 0x1F600, 0xFFFD, 0xFFFD,
                                          0xFFFD, 0x20,   0x62,   0xFFFD,  0xFFFD, 0xFFFD,
                                          0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD,  0x7A};
enum { kMixedErrors = 10 };

void c_api_test_decoder_layout(void) {
  static utf8mcu_decoder zero_filled; /* static storage: all zero, a fresh decoder */
  utf8mcu_decoder initialised = UTF8MCU_DECODER_INIT;
  C_CHECK_EQ(sizeof(utf8mcu_decoder), 4);
  C_CHECK(!utf8mcu_decoder_in_sequence(&zero_filled));
  C_CHECK(!utf8mcu_decoder_in_sequence(&initialised));
  C_CHECK_EQ(UTF8MCU_VERSION_MAJOR * 10000 + UTF8MCU_VERSION_MINOR * 100 + UTF8MCU_VERSION_PATCH, 100);
}

void c_api_test_decoder_byte_at_a_time(void) {
  /* A (1 byte), é (2), € (3), U+1F600 (4) */
  static const uint8_t input[] = {0x41, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80};
  static const uint32_t want[] = {0x41, 0xE9, 0x20AC, 0x1F600};
  utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT;
  collected out = {{0}, 0};
  size_t i;
  for (i = 0; i < COUNT_OF(input); ++i) {
    const utf8mcu_decode_result result =
        utf8mcu_decoder_push_byte(&decoder, input[i], UTF8MCU_POLICY_REPLACE, collect, &out);
    C_CHECK_EQ(result.consumed, 1);
    C_CHECK_EQ(result.errors, 0);
    C_CHECK_EQ(result.error.status, UTF8MCU_OK);
  }
  C_CHECK_CODE_POINTS(&out, want);
  C_CHECK(!utf8mcu_decoder_in_sequence(&decoder));
}

void c_api_test_decoder_sequence_across_pushes(void) {
  static const uint8_t first[] = {0xE2};
  static const uint8_t second[] = {0x82};
  static const uint8_t third[] = {0xAC, 0x41};
  static const uint32_t want[] = {0x20AC, 0x41};
  utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT;
  collected out = {{0}, 0};
  C_CHECK_EQ(utf8mcu_decoder_push(&decoder, first, 1, UTF8MCU_POLICY_REPLACE, collect, &out).consumed, 1);
  C_CHECK(utf8mcu_decoder_in_sequence(&decoder));
  C_CHECK_EQ(utf8mcu_decoder_push(&decoder, second, 1, UTF8MCU_POLICY_REPLACE, collect, &out).consumed, 1);
  C_CHECK_EQ(out.count, 0);
  C_CHECK_EQ(utf8mcu_decoder_push(&decoder, third, 2, UTF8MCU_POLICY_REPLACE, collect, &out).consumed, 2);
  C_CHECK_CODE_POINTS(&out, want);
  C_CHECK(!utf8mcu_decoder_in_sequence(&decoder));
}

void c_api_test_decoder_replace_policy(void) {
  /* C2 cut by A: one U+FFFD, and the A is not lost. */
  static const uint8_t cut[] = {0xC2, 0x41};
  static const uint32_t cut_want[] = {0xFFFD, 0x41};
  /* ED A0 80: ED may not be followed by A0 (a surrogate); three parts. */
  static const uint8_t surrogate[] = {0xED, 0xA0, 0x80};
  static const uint32_t surrogate_want[] = {0xFFFD, 0xFFFD, 0xFFFD};
  /* F0 9F 98 cut by A: one maximal subpart of 3 bytes. */
  static const uint8_t long_cut[] = {0xF0, 0x9F, 0x98, 0x41};
  static const uint32_t long_cut_want[] = {0xFFFD, 0x41};
  utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT;
  collected out = {{0}, 0};
  utf8mcu_decode_result result = utf8mcu_decoder_push(&decoder, cut, 2, UTF8MCU_POLICY_REPLACE, collect, &out);
  C_CHECK_EQ(result.consumed, 2);
  C_CHECK_EQ(result.errors, 1);
  C_CHECK_EQ(result.error.status, UTF8MCU_TRUNCATED);
  C_CHECK_EQ(result.error.length, 1);
  C_CHECK_CODE_POINTS(&out, cut_want);

  out.count = 0;
  result = utf8mcu_decoder_push(&decoder, surrogate, 3, UTF8MCU_POLICY_REPLACE, collect, &out);
  C_CHECK_EQ(result.errors, 3);
  C_CHECK_EQ(result.error.status, UTF8MCU_SURROGATE);
  C_CHECK_EQ(result.error.length, 1);
  C_CHECK_CODE_POINTS(&out, surrogate_want);

  out.count = 0;
  result = utf8mcu_decoder_push(&decoder, long_cut, 4, UTF8MCU_POLICY_REPLACE, collect, &out);
  C_CHECK_EQ(result.errors, 1);
  C_CHECK_EQ(result.error.status, UTF8MCU_TRUNCATED);
  C_CHECK_EQ(result.error.length, 3);
  C_CHECK_CODE_POINTS(&out, long_cut_want);
}

void c_api_test_decoder_report_policy(void) {
  /* a, then E2 82 cut by A, then b. */
  static const uint8_t input[] = {0x61, 0xE2, 0x82, 0x41, 0x62};
  static const uint32_t before_error[] = {0x61};
  static const uint32_t after_resume[] = {0x61, 0x41, 0x62};
  utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT;
  collected out = {{0}, 0};
  utf8mcu_decode_result result = utf8mcu_decoder_push(&decoder, input, 5, UTF8MCU_POLICY_REPORT, collect, &out);
  /* Stops after the broken part (a E2 82); the A that revealed it is unread. */
  C_CHECK_EQ(result.consumed, 3);
  C_CHECK_EQ(result.errors, 1);
  C_CHECK_EQ(result.error.status, UTF8MCU_TRUNCATED);
  C_CHECK_EQ(result.error.length, 2);
  C_CHECK_CODE_POINTS(&out, before_error);
  result = utf8mcu_decoder_push(&decoder, input + 3, 2, UTF8MCU_POLICY_REPORT, collect, &out);
  C_CHECK_EQ(result.consumed, 2);
  C_CHECK_EQ(result.errors, 0);
  C_CHECK_CODE_POINTS(&out, after_resume);

  /* One byte at a time: the revealing byte is not consumed; push it again. */
  out.count = 0;
  utf8mcu_decoder_push_byte(&decoder, 0xE2, UTF8MCU_POLICY_REPORT, collect, &out);
  utf8mcu_decoder_push_byte(&decoder, 0x82, UTF8MCU_POLICY_REPORT, collect, &out);
  result = utf8mcu_decoder_push_byte(&decoder, 0x41, UTF8MCU_POLICY_REPORT, collect, &out);
  C_CHECK_EQ(result.consumed, 0);
  C_CHECK_EQ(result.errors, 1);
  C_CHECK_EQ(result.error.status, UTF8MCU_TRUNCATED);
  C_CHECK_EQ(result.error.length, 2);
  C_CHECK(!utf8mcu_decoder_in_sequence(&decoder));
  C_CHECK_EQ(out.count, 0);
  result = utf8mcu_decoder_push_byte(&decoder, 0x41, UTF8MCU_POLICY_REPORT, collect, &out);
  C_CHECK_EQ(result.consumed, 1);
  C_CHECK_EQ(out.count, 1);
  C_CHECK_EQ(out.code_points[0], 0x41);
}

void c_api_test_decoder_skip_policy(void) {
  /* C2 cut by A, FF (never in UTF-8), B */
  static const uint8_t input[] = {0xC2, 0x41, 0xFF, 0x42};
  static const uint32_t want[] = {0x41, 0x42};
  utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT;
  collected out = {{0}, 0};
  const utf8mcu_decode_result result =
      utf8mcu_decoder_push(&decoder, input, 4, UTF8MCU_POLICY_SKIP, collect, &out);
  C_CHECK_EQ(result.consumed, 4);
  C_CHECK_EQ(result.errors, 2);
  C_CHECK_EQ(result.error.status, UTF8MCU_TRUNCATED);
  C_CHECK_EQ(result.error.length, 1);
  C_CHECK_CODE_POINTS(&out, want);
}

void c_api_test_decoder_unknown_policy_replaces(void) {
  static const uint8_t input[] = {0xC2, 0x41};
  static const uint32_t want[] = {0xFFFD, 0x41};
  utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT;
  collected out = {{0}, 0};
  const utf8mcu_decode_result result =
      utf8mcu_decoder_push(&decoder, input, 2, (utf8mcu_error_policy)7, collect, &out);
  C_CHECK_EQ(result.consumed, 2);
  C_CHECK_EQ(result.errors, 1);
  C_CHECK_CODE_POINTS(&out, want);
}

void c_api_test_decoder_finish(void) {
  /* F0 9F: the first half of U+1F600, then the end of the input. */
  static const uint8_t half[] = {0xF0, 0x9F};
  static const uint32_t replaced[] = {0xFFFD};
  utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT;
  collected out = {{0}, 0};
  utf8mcu_decode_error error;
  utf8mcu_decoder_push(&decoder, half, 2, UTF8MCU_POLICY_REPLACE, collect, &out);
  C_CHECK(utf8mcu_decoder_in_sequence(&decoder));
  error = utf8mcu_decoder_finish(&decoder, UTF8MCU_POLICY_REPLACE, collect, &out);
  C_CHECK_EQ(error.status, UTF8MCU_TRUNCATED);
  C_CHECK_EQ(error.length, 2);
  C_CHECK_CODE_POINTS(&out, replaced);
  C_CHECK(!utf8mcu_decoder_in_sequence(&decoder));

  /* Nothing pending: ok, no output. */
  error = utf8mcu_decoder_finish(&decoder, UTF8MCU_POLICY_REPLACE, collect, &out);
  C_CHECK_EQ(error.status, UTF8MCU_OK);
  C_CHECK_EQ(error.length, 0);
  C_CHECK_EQ(out.count, 1);

  /* Report and skip return the error without output. */
  utf8mcu_decoder_push(&decoder, half, 2, UTF8MCU_POLICY_REPORT, collect, &out);
  error = utf8mcu_decoder_finish(&decoder, UTF8MCU_POLICY_REPORT, collect, &out);
  C_CHECK_EQ(error.status, UTF8MCU_TRUNCATED);
  utf8mcu_decoder_push(&decoder, half, 2, UTF8MCU_POLICY_SKIP, collect, &out);
  error = utf8mcu_decoder_finish(&decoder, UTF8MCU_POLICY_SKIP, collect, &out);
  C_CHECK_EQ(error.status, UTF8MCU_TRUNCATED);
  C_CHECK_EQ(out.count, 1);

  /* reset() forgets a pending sequence silently. */
  utf8mcu_decoder_push(&decoder, half, 2, UTF8MCU_POLICY_REPLACE, collect, &out);
  utf8mcu_decoder_reset(&decoder);
  C_CHECK(!utf8mcu_decoder_in_sequence(&decoder));
  C_CHECK_EQ(utf8mcu_decoder_finish(&decoder, UTF8MCU_POLICY_REPLACE, collect, &out).status, UTF8MCU_OK);
  C_CHECK_EQ(out.count, 1);
}

void c_api_test_decoder_null_arguments(void) {
  static const uint8_t cut[] = {0xC2, 0x41};
  utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT;
  utf8mcu_decode_result result;
  /* NULL data is empty. */
  result = utf8mcu_decoder_push(&decoder, NULL, 5, UTF8MCU_POLICY_REPLACE, NULL, NULL);
  C_CHECK_EQ(result.consumed, 0);
  C_CHECK_EQ(result.errors, 0);
  /* A NULL sink drops code points; bytes and errors are still counted. */
  result = utf8mcu_decoder_push(&decoder, cut, 2, UTF8MCU_POLICY_REPLACE, NULL, NULL);
  C_CHECK_EQ(result.consumed, 2);
  C_CHECK_EQ(result.errors, 1);
  /* A NULL decoder consumes nothing. */
  result = utf8mcu_decoder_push(NULL, cut, 2, UTF8MCU_POLICY_REPLACE, NULL, NULL);
  C_CHECK_EQ(result.consumed, 0);
  result = utf8mcu_decoder_push_byte(NULL, 0x41, UTF8MCU_POLICY_REPLACE, NULL, NULL);
  C_CHECK_EQ(result.consumed, 0);
  C_CHECK_EQ(utf8mcu_decoder_finish(NULL, UTF8MCU_POLICY_REPLACE, NULL, NULL).status, UTF8MCU_OK);
  C_CHECK(!utf8mcu_decoder_in_sequence(NULL));
  utf8mcu_decoder_reset(NULL);
}

/* Byte at a time, whole buffer, and every split into two pushes give the
 * same code points and error count. */
void c_api_test_decoder_chunking_equivalence(void) {
  size_t split;
  size_t i;
  for (split = 0; split <= COUNT_OF(kMixed); ++split) {
    utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT;
    collected out = {{0}, 0};
    size_t errors = 0;
    errors += utf8mcu_decoder_push(&decoder, kMixed, split, UTF8MCU_POLICY_REPLACE, collect, &out).errors;
    errors += utf8mcu_decoder_push(&decoder, kMixed + split, COUNT_OF(kMixed) - split, UTF8MCU_POLICY_REPLACE,
                                   collect, &out)
                  .errors;
    if (utf8mcu_decoder_finish(&decoder, UTF8MCU_POLICY_REPLACE, collect, &out).status != UTF8MCU_OK) ++errors;
    C_CHECK_EQ(errors, kMixedErrors);
    C_CHECK_CODE_POINTS(&out, kMixedReplaced);
  }
  {
    utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT;
    collected out = {{0}, 0};
    size_t errors = 0;
    for (i = 0; i < COUNT_OF(kMixed); ++i) {
      errors += utf8mcu_decoder_push_byte(&decoder, kMixed[i], UTF8MCU_POLICY_REPLACE, collect, &out).errors;
    }
    C_CHECK_EQ(errors, kMixedErrors);
    C_CHECK_CODE_POINTS(&out, kMixedReplaced);
  }
}

void c_api_test_validate(void) {
  /* "ab" then ED A0 80, an encoded surrogate: the first bad part is ED. */
  static const uint8_t surrogate[] = {0x61, 0x62, 0xED, 0xA0, 0x80};
  /* "ab" then E2 82, the first two bytes of €. */
  static const uint8_t truncated[] = {0x61, 0x62, 0xE2, 0x82};
  utf8mcu_validation_result result = utf8mcu_validate(kMixed, 10); /* a é € U+1F600 */
  C_CHECK_EQ(result.valid_up_to, 10);
  C_CHECK_EQ(result.errors, 0);
  C_CHECK_EQ(result.error.status, UTF8MCU_OK);
  C_CHECK(utf8mcu_is_valid(kMixed, 10));

  result = utf8mcu_validate(surrogate, COUNT_OF(surrogate));
  C_CHECK_EQ(result.valid_up_to, 2);
  C_CHECK_EQ(result.errors, 1);
  C_CHECK_EQ(result.error.status, UTF8MCU_SURROGATE);
  C_CHECK_EQ(result.error.length, 1);
  C_CHECK(!utf8mcu_is_valid(surrogate, COUNT_OF(surrogate)));

  result = utf8mcu_validate(truncated, COUNT_OF(truncated));
  C_CHECK_EQ(result.valid_up_to, 2);
  C_CHECK_EQ(result.error.status, UTF8MCU_TRUNCATED);
  C_CHECK_EQ(result.error.length, 2);

  result = utf8mcu_validate(kMixed, COUNT_OF(kMixed));
  C_CHECK_EQ(result.valid_up_to, 10);
  C_CHECK_EQ(result.error.status, UTF8MCU_OVERLONG);

  result = utf8mcu_validate(NULL, 3);
  C_CHECK_EQ(result.valid_up_to, 0);
  C_CHECK_EQ(result.error.status, UTF8MCU_OK);
  C_CHECK(utf8mcu_is_valid(NULL, 3));
}

void c_api_test_decode_whole_buffer(void) {
  /* x, F4 90 (above U+10FFFF: F4 then a stray 90), y */
  static const uint8_t input[] = {0x78, 0xF4, 0x90, 0x79};
  static const uint32_t replaced[] = {0x78, 0xFFFD, 0xFFFD, 0x79};
  static const uint32_t reported[] = {0x78};
  static const uint32_t skipped[] = {0x78, 0x79};
  /* o k, then E2 82 at the very end. */
  static const uint8_t cut_at_end[] = {0x6F, 0x6B, 0xE2, 0x82};
  static const uint32_t cut_at_end_replaced[] = {0x6F, 0x6B, 0xFFFD};
  collected out = {{0}, 0};
  utf8mcu_validation_result result = utf8mcu_decode(input, 4, UTF8MCU_POLICY_REPLACE, collect, &out);
  C_CHECK_EQ(result.valid_up_to, 1);
  C_CHECK_EQ(result.errors, 2);
  C_CHECK_EQ(result.error.status, UTF8MCU_TOO_LARGE);
  C_CHECK_EQ(result.error.length, 1);
  C_CHECK_CODE_POINTS(&out, replaced);

  out.count = 0;
  result = utf8mcu_decode(input, 4, UTF8MCU_POLICY_REPORT, collect, &out);
  C_CHECK_EQ(result.valid_up_to, 1);
  C_CHECK_EQ(result.errors, 1);
  C_CHECK_CODE_POINTS(&out, reported);

  out.count = 0;
  result = utf8mcu_decode(input, 4, UTF8MCU_POLICY_SKIP, collect, &out);
  C_CHECK_EQ(result.errors, 2);
  C_CHECK_CODE_POINTS(&out, skipped);

  out.count = 0;
  result = utf8mcu_decode(cut_at_end, 4, UTF8MCU_POLICY_REPLACE, collect, &out);
  C_CHECK_EQ(result.valid_up_to, 2);
  C_CHECK_EQ(result.errors, 1);
  C_CHECK_EQ(result.error.status, UTF8MCU_TRUNCATED);
  C_CHECK_EQ(result.error.length, 2);
  C_CHECK_CODE_POINTS(&out, cut_at_end_replaced);
}

void c_api_test_count_code_points(void) {
  /* a, € (3 bytes), C0 (one ill-formed part) */
  static const uint8_t input[] = {0x61, 0xE2, 0x82, 0xAC, 0xC0};
  C_CHECK_EQ(utf8mcu_count_code_points(input, COUNT_OF(input)), 3);
  C_CHECK_EQ(utf8mcu_count_code_points(kMixed, COUNT_OF(kMixed)), COUNT_OF(kMixedReplaced));
  C_CHECK_EQ(utf8mcu_count_code_points(NULL, 4), 0);
}

typedef struct encoding {
  uint32_t code_point;
  size_t length;
  uint8_t bytes[4];
} encoding;

/* The first and last code point of each length, and around the surrogates. */
static const encoding kEncodings[] = {
    {0x0000, 1, {0x00}},                       /* 1 byte */
    {0x007F, 1, {0x7F}},                       /* 1 byte */
    {0x0080, 2, {0xC2, 0x80}},                 /* 2 bytes */
    {0x07FF, 2, {0xDF, 0xBF}},                 /* 2 bytes */
    {0x0800, 3, {0xE0, 0xA0, 0x80}},           /* 3 bytes */
    {0xD7FF, 3, {0xED, 0x9F, 0xBF}},           /* 3 bytes: last before the surrogates */
    {0xE000, 3, {0xEE, 0x80, 0x80}},           /* 3 bytes: first after them */
    {0xFFFD, 3, {0xEF, 0xBF, 0xBD}},           /* 3 bytes */
    {0xFFFF, 3, {0xEF, 0xBF, 0xBF}},           /* 3 bytes */
    {0x10000, 4, {0xF0, 0x90, 0x80, 0x80}},    /* 4 bytes */
    {0x10FFFF, 4, {0xF4, 0x8F, 0xBF, 0xBF}},   /* 4 bytes: the last code point */
};

void c_api_test_encode_boundaries(void) {
  size_t i;
  for (i = 0; i < COUNT_OF(kEncodings); ++i) {
    const encoding* row = &kEncodings[i];
    uint8_t out[6] = {0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA}; /* 4 bytes of room, then guards */
    collected decoded = {{0}, 0};
    const utf8mcu_encode_result result = utf8mcu_encode(row->code_point, out, 4, UTF8MCU_POLICY_REPORT);
    C_CHECK_EQ(utf8mcu_encoded_length(row->code_point), row->length);
    C_CHECK_EQ(result.status, UTF8MCU_OK);
    C_CHECK_EQ(result.length, row->length);
    C_CHECK(bytes_equal(out, row->bytes, row->length));
    C_CHECK_EQ(out[4], 0xAA);
    /* And back. */
    C_CHECK_EQ(utf8mcu_decode(out, result.length, UTF8MCU_POLICY_REPORT, collect, &decoded).errors, 0);
    C_CHECK_EQ(decoded.count, 1);
    C_CHECK_EQ(decoded.code_points[0], row->code_point);
  }
}

void c_api_test_encode_invalid_code_points(void) {
  static const uint32_t invalid[] = {0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, 0xFFFFFFFF};
  static const uint8_t replacement[] = {0xEF, 0xBF, 0xBD};
  size_t i;
  for (i = 0; i < COUNT_OF(invalid); ++i) {
    uint8_t out[4] = {0xAA, 0xAA, 0xAA, 0xAA};
    utf8mcu_encode_result result;
    C_CHECK_EQ(utf8mcu_encoded_length(invalid[i]), 0);
    result = utf8mcu_encode(invalid[i], out, 4, UTF8MCU_POLICY_REPORT);
    C_CHECK_EQ(result.status, UTF8MCU_INVALID_CODE_POINT);
    C_CHECK_EQ(result.length, 0);
    result = utf8mcu_encode(invalid[i], out, 4, UTF8MCU_POLICY_SKIP);
    C_CHECK_EQ(result.status, UTF8MCU_INVALID_CODE_POINT);
    C_CHECK_EQ(result.length, 0);
    C_CHECK_EQ(out[0], 0xAA);
    result = utf8mcu_encode(invalid[i], out, 4, UTF8MCU_POLICY_REPLACE);
    C_CHECK_EQ(result.status, UTF8MCU_INVALID_CODE_POINT);
    C_CHECK_EQ(result.length, 3);
    C_CHECK(bytes_equal(out, replacement, 3));
    C_CHECK_EQ(out[3], 0xAA);
  }
}

void c_api_test_encode_output_full(void) {
  uint8_t out[3] = {0xAA, 0xAA, 0xAA};
  /* € needs 3 bytes: 2 are not enough, and nothing is written. */
  utf8mcu_encode_result result = utf8mcu_encode(0x20AC, out, 2, UTF8MCU_POLICY_REPLACE);
  C_CHECK_EQ(result.status, UTF8MCU_OUTPUT_FULL);
  C_CHECK_EQ(result.length, 0);
  C_CHECK_EQ(out[0], 0xAA);
  C_CHECK_EQ(out[1], 0xAA);
  /* Nor for the U+FFFD that replaces a surrogate. */
  result = utf8mcu_encode(0xD800, out, 2, UTF8MCU_POLICY_REPLACE);
  C_CHECK_EQ(result.status, UTF8MCU_OUTPUT_FULL);
  C_CHECK_EQ(out[0], 0xAA);
  /* A NULL buffer has no room. */
  result = utf8mcu_encode(0x41, NULL, 4, UTF8MCU_POLICY_REPLACE);
  C_CHECK_EQ(result.status, UTF8MCU_OUTPUT_FULL);
  result = utf8mcu_encode(0x20AC, out, 3, UTF8MCU_POLICY_REPLACE);
  C_CHECK_EQ(result.status, UTF8MCU_OK);
  C_CHECK_EQ(result.length, 3);
}

void c_api_test_truncate(void) {
  /* a, then € (3 bytes) */
  static const uint8_t input[] = {0x61, 0xE2, 0x82, 0xAC};
  C_CHECK_EQ(utf8mcu_truncate(input, 4, 0), 0);
  C_CHECK_EQ(utf8mcu_truncate(input, 4, 1), 1);
  C_CHECK_EQ(utf8mcu_truncate(input, 4, 2), 1); /* not half of € */
  C_CHECK_EQ(utf8mcu_truncate(input, 4, 3), 1);
  C_CHECK_EQ(utf8mcu_truncate(input, 4, 4), 4);
  C_CHECK_EQ(utf8mcu_truncate(input, 4, 100), 4);
  C_CHECK_EQ(utf8mcu_truncate(NULL, 4, 2), 0);
}

/* A sink that rewrites the input ahead of the decoder on every call, as a
 * DMA transfer that laps the reader would (docs/bad-input.md): the bytes that
 * break off a run of ASCII become ASCII, then lead bytes. Checks that every
 * code point is a scalar value and counts the calls. */
typedef struct rewriting_sink {
  uint8_t* text;
  size_t size;
  size_t calls;
  uint32_t random;
  int all_scalar;
} rewriting_sink;

static void rewrite_ahead(void* context, uint32_t code_point) {
  rewriting_sink* sink = (rewriting_sink*)context;
  size_t at;
  ++sink->calls;
  if (code_point > 0x10FFFF || (code_point >= 0xD800 && code_point <= 0xDFFF)) sink->all_scalar = 0;
  sink->random ^= sink->random << 13;
  sink->random ^= sink->random >> 17;
  sink->random ^= sink->random << 5;
  at = sink->random % sink->size;
  sink->text[at] = (uint8_t)((sink->random >> 8) % 3 == 0 ? 0xE2 : 'x');
}

void c_api_test_input_rewritten_by_the_sink(void) {
  /* ASCII runs ended by 2-byte sequences: the case that ran past the end. */
  static const uint8_t kPattern[8] = {'a', 'a', 'a', 'a', 0xC3, 0xA9, 'b', ' '};
  uint8_t text[40];
  unsigned round;
  for (round = 0; round < 48; ++round) {
    rewriting_sink sink;
    utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT;
    utf8mcu_decode_result pushed;
    utf8mcu_validation_result decoded;
    const utf8mcu_error_policy policy = (utf8mcu_error_policy)(round % 3);
    size_t i;
    for (i = 0; i < sizeof text; ++i) text[i] = kPattern[(i + round) % sizeof kPattern];
    sink.text = text;
    sink.size = sizeof text;
    sink.calls = 0;
    sink.random = 0x9E3779B9u + round;
    sink.all_scalar = 1;
    pushed = utf8mcu_decoder_push(&decoder, text, sizeof text, policy, rewrite_ahead, &sink);
    utf8mcu_decoder_finish(&decoder, policy, rewrite_ahead, &sink);
    C_CHECK(pushed.consumed <= sizeof text);
    C_CHECK(sink.calls <= sizeof text);
    C_CHECK(sink.all_scalar);

    for (i = 0; i < sizeof text; ++i) text[i] = kPattern[(i + round) % sizeof kPattern];
    sink.calls = 0;
    decoded = utf8mcu_decode(text, sizeof text, policy, rewrite_ahead, &sink);
    C_CHECK(decoded.valid_up_to <= sizeof text);
    C_CHECK(sink.calls <= sizeof text);
    C_CHECK(sink.all_scalar);
  }
}

void c_api_test_status_names(void) {
  static const utf8mcu_status statuses[] = {
      UTF8MCU_OK,         UTF8MCU_UNEXPECTED_CONTINUATION, UTF8MCU_INVALID_LEAD,       UTF8MCU_OVERLONG,
      UTF8MCU_SURROGATE,  UTF8MCU_TOO_LARGE,               UTF8MCU_TRUNCATED,          UTF8MCU_INVALID_CODE_POINT,
      UTF8MCU_UNPAIRED_SURROGATE, UTF8MCU_OUTPUT_FULL};
  size_t i;
  for (i = 0; i < COUNT_OF(statuses); ++i) {
    C_CHECK_EQ(statuses[i], i);
    C_CHECK(!strings_equal(utf8mcu_status_name(statuses[i]), "unknown"));
  }
  C_CHECK(strings_equal(utf8mcu_status_name(UTF8MCU_OK), "ok"));
  C_CHECK(strings_equal(utf8mcu_status_name(UTF8MCU_OVERLONG), "over-long encoding"));
  C_CHECK(strings_equal(utf8mcu_status_name((utf8mcu_status)10), "unknown"));
  C_CHECK(strings_equal(utf8mcu_status_name((utf8mcu_status)1000), "unknown"));
}
