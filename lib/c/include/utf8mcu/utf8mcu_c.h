#ifndef UTF8MCU_UTF8MCU_C_H
#define UTF8MCU_UTF8MCU_C_H
/// @file
/// The C API of utf8mcu (C99 or later; CMake target `utf8mcu::c`): the
/// incremental decoder, whole-buffer validation and decoding, and encoding.
///
/// Same behaviour as the C++ core it is built on: strict UTF-8 (RFC 3629),
/// ill-formed input handled per maximal subpart under the policy chosen per
/// call, statuses with the same values as `utf8mcu::Status`. Input that
/// changes during a call (a DMA transfer, a sink writing into it) is read
/// only within the span given, and sinks get scalar values only.
///
/// The implementation is one C++17 source that needs no C++ run-time support:
/// no heap, exceptions, RTTI, static constructors or global state. It links
/// into `-nostdlib` firmware and into programs linked by the C compiler. Every
/// function is reentrant; a decoder is memory the caller owns, so separate
/// decoders may be used from separate interrupts or threads.
///
/// Code points are `uint32_t` (`char32_t` is C11); decoded ones are always
/// Unicode scalar values (U+0000..U+10FFFF without the surrogates).

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// NOLINTBEGIN(cppcoreguidelines-macro-usage): C has no constexpr.
/// Version of this header (major, minor, patch); the CMake package and the
/// manifests carry the same (tools/check-manifests.py).
#define UTF8MCU_VERSION_MAJOR 0
#define UTF8MCU_VERSION_MINOR 1  ///< See UTF8MCU_VERSION_MAJOR.
#define UTF8MCU_VERSION_PATCH 0  ///< See UTF8MCU_VERSION_MAJOR.

/// Marks a function whose result is its output, so that ignoring it is a
/// warning: [[nodiscard]] in C++17 and C23. Empty in C99 and C11: GCC's
/// warn_unused_result there cannot be silenced by a (void) cast. The
/// decoder's push and finish functions do without it, as in C++: the sink
/// gets the output.
#if (defined(__cplusplus) && __cplusplus >= 201703L) || \
    (!defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 202311L)
#define UTF8MCU_NODISCARD [[nodiscard]]
#else
#define UTF8MCU_NODISCARD
#endif
// NOLINTEND(cppcoreguidelines-macro-usage)

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of an operation; the values are those of `utf8mcu::Status`.
typedef enum utf8mcu_status {
  UTF8MCU_OK = 0,
  /// A continuation byte (80-BF) where a lead byte was expected.
  UTF8MCU_UNEXPECTED_CONTINUATION = 1,
  /// F5-FF: bytes that never occur in UTF-8.
  UTF8MCU_INVALID_LEAD = 2,
  /// C0 or C1 (always over-long), E0 80-9F, F0 80-8F.
  UTF8MCU_OVERLONG = 3,
  /// ED A0-BF: an encoded UTF-16 surrogate, as in CESU-8.
  UTF8MCU_SURROGATE = 4,
  /// F4 90-BF: above U+10FFFF.
  UTF8MCU_TOO_LARGE = 5,
  /// A valid prefix cut off by a byte that cannot continue it, or by the end.
  UTF8MCU_TRUNCATED = 6,
  /// The encoder was given a surrogate or a value above U+10FFFF.
  UTF8MCU_INVALID_CODE_POINT = 7,
  /// UTF-16 input held a surrogate without its partner (not produced by this API).
  UTF8MCU_UNPAIRED_SURROGATE = 8,
  /// The destination is too small for the next whole sequence; nothing
  /// partial was written.
  UTF8MCU_OUTPUT_FULL = 9,
  /// Not a status: keeps the type int-sized under -fshort-enums, and makes
  /// any value up to INT_MAX a valid one to pass in.
  UTF8MCU_STATUS_MAX_ENUM = 0x7FFFFFFF
} utf8mcu_status;

/// What to do with ill-formed input, chosen per call. Any other value (0 to
/// INT_MAX) is treated as UTF8MCU_POLICY_REPLACE.
typedef enum utf8mcu_error_policy {
  /// Each maximal subpart of ill-formed input becomes one U+FFFD (Unicode's
  /// recommended practice; equals Python's `decode('utf-8', 'replace')`).
  UTF8MCU_POLICY_REPLACE = 0,
  /// Stop at the first ill-formed part and return where and what it is.
  UTF8MCU_POLICY_REPORT = 1,
  /// Drop ill-formed parts silently (results still count them).
  UTF8MCU_POLICY_SKIP = 2,
  /// Not a policy: as UTF8MCU_STATUS_MAX_ENUM.
  UTF8MCU_POLICY_MAX_ENUM = 0x7FFFFFFF
} utf8mcu_error_policy;

/// Receives each decoded code point, with the `context` given next to it.
/// A NULL sink drops the code points (results still count bytes and errors).
typedef void (*utf8mcu_sink_fn)(void* context, uint32_t code_point);

/// One ill-formed part of the input: its kind and its length.
typedef struct utf8mcu_decode_error {
  /// UTF8MCU_OK when there was none.
  utf8mcu_status status;
  /// Its length in bytes: 1-3 (0 with UTF8MCU_OK).
  uint8_t length;
} utf8mcu_decode_error;

/// What one push did.
typedef struct utf8mcu_decode_result {
  /// Bytes taken from the input: all of them, except under
  /// UTF8MCU_POLICY_REPORT, which stops at the first ill-formed part. Then
  /// the count includes that part but not the byte that revealed it, so the
  /// part starts `error.length` bytes before `consumed` (possibly in an
  /// earlier push) and decoding resumes with the byte at `consumed`.
  size_t consumed;
  /// Ill-formed parts met: replaced, skipped, or (at most one) reported.
  size_t errors;
  /// The first of them.
  utf8mcu_decode_error error;
} utf8mcu_decode_result;

/// Outcome of a whole-buffer operation.
typedef struct utf8mcu_validation_result {
  /// Length of the longest well-formed prefix: the offset of the first
  /// ill-formed part, or the buffer size when there is none.
  size_t valid_up_to;
  /// Ill-formed parts met (at most one for utf8mcu_validate()).
  size_t errors;
  /// The first of them.
  utf8mcu_decode_error error;
} utf8mcu_validation_result;

/// What encoding one code point did.
typedef struct utf8mcu_encode_result {
  /// Bytes written (0-4).
  size_t length;
  /// UTF8MCU_OK, UTF8MCU_INVALID_CODE_POINT or UTF8MCU_OUTPUT_FULL.
  utf8mcu_status status;
} utf8mcu_encode_result;

/// Incremental decoder state: 4 bytes, caller-allocated (static, stack or
/// inside a struct), no other memory. Opaque: touch it only through the
/// functions below. An all-zero decoder is a fresh one, so static storage
/// needs no initialisation; otherwise use UTF8MCU_DECODER_INIT or
/// utf8mcu_decoder_reset(). Copying it copies the decoding state.
typedef struct utf8mcu_decoder {
  uint32_t private_state;  ///< The C++ decoder's state word; do not use.
} utf8mcu_decoder;

/// Initialiser for a fresh decoder: `utf8mcu_decoder d = UTF8MCU_DECODER_INIT;`
#define UTF8MCU_DECODER_INIT {0}

/// Forgets any pending partial sequence, silently. A NULL decoder is ignored.
void utf8mcu_decoder_reset(utf8mcu_decoder* decoder);

/// True between the lead byte and the last byte of a sequence (false for NULL).
UTF8MCU_NODISCARD bool utf8mcu_decoder_in_sequence(const utf8mcu_decoder* decoder);

/// Feeds one byte; calls `sink` zero, one or two times (U+FFFD for a broken
/// sequence, then `byte` itself when it is ASCII). Constant time; fit for an
/// interrupt handler.
///
/// Under UTF8MCU_POLICY_REPORT, a byte that shows the pending sequence is
/// broken is not consumed (`consumed` 0, the error returned) and the decoder
/// is reset: push the same byte again to go on after the broken part.
/// A NULL decoder consumes nothing.
utf8mcu_decode_result utf8mcu_decoder_push_byte(utf8mcu_decoder* decoder, uint8_t byte,
                                                utf8mcu_error_policy policy, utf8mcu_sink_fn sink,
                                                void* context);

/// Feeds `size` bytes; sequences may continue across pushes. Same output as
/// pushing byte by byte, faster (ASCII runs and well-formed sequences are
/// decoded whole). A NULL `data` is empty; a NULL decoder consumes nothing.
/// Under UTF8MCU_POLICY_REPORT, stops at the first ill-formed part (see
/// utf8mcu_decode_result::consumed).
utf8mcu_decode_result utf8mcu_decoder_push(utf8mcu_decoder* decoder, const uint8_t* data, size_t size,
                                           utf8mcu_error_policy policy, utf8mcu_sink_fn sink,
                                           void* context);

/// Ends the input, or marks a gap in it (lost bytes): a pending incomplete
/// sequence becomes one U+FFFD under UTF8MCU_POLICY_REPLACE (nothing under the
/// other policies) and is returned as {UTF8MCU_TRUNCATED, its length}.
/// Returns {UTF8MCU_OK, 0} when nothing was pending. Resets the decoder.
utf8mcu_decode_error utf8mcu_decoder_finish(utf8mcu_decoder* decoder, utf8mcu_error_policy policy,
                                            utf8mcu_sink_fn sink, void* context);

/// Checks a whole buffer: UTF8MCU_OK, or the offset, kind and length of the
/// first ill-formed part. A truncated final sequence is ill-formed.
UTF8MCU_NODISCARD utf8mcu_validation_result utf8mcu_validate(const uint8_t* data, size_t size);

/// True when the whole buffer is well-formed UTF-8 (a NULL `data` is empty).
UTF8MCU_NODISCARD bool utf8mcu_is_valid(const uint8_t* data, size_t size);

/// Decodes a whole buffer, including its end, calling `sink` for each code
/// point. UTF8MCU_POLICY_REPLACE and UTF8MCU_POLICY_SKIP go on to the end;
/// UTF8MCU_POLICY_REPORT stops at the first ill-formed part. `valid_up_to` is
/// the offset of the first ill-formed part under every policy.
utf8mcu_validation_result utf8mcu_decode(const uint8_t* data, size_t size, utf8mcu_error_policy policy,
                                         utf8mcu_sink_fn sink, void* context);

/// Number of code points utf8mcu_decode() gives under UTF8MCU_POLICY_REPLACE:
/// each well-formed sequence and each ill-formed part counts one.
UTF8MCU_NODISCARD size_t utf8mcu_count_code_points(const uint8_t* data, size_t size);

/// Bytes needed to encode `code_point`: 1-4, or 0 for a surrogate or a value
/// above U+10FFFF (no UTF-8 form).
UTF8MCU_NODISCARD size_t utf8mcu_encoded_length(uint32_t code_point);

/// Encodes one code point into `out[0..capacity)`: the whole sequence or
/// nothing. A surrogate or a value above U+10FFFF gives
/// UTF8MCU_INVALID_CODE_POINT: U+FFFD is written under UTF8MCU_POLICY_REPLACE,
/// nothing under the other policies. UTF8MCU_OUTPUT_FULL when it does not fit
/// (a NULL `out` has no room).
UTF8MCU_NODISCARD utf8mcu_encode_result utf8mcu_encode(uint32_t code_point, uint8_t* out, size_t capacity,
                                                       utf8mcu_error_policy policy);

/// Length of the longest prefix of at most `max_bytes` that ends on a code
/// point boundary, so that no sequence is cut in half (e.g. to fit a text
/// into a fixed field). Looks at no more than 4 bytes.
UTF8MCU_NODISCARD size_t utf8mcu_truncate(const uint8_t* data, size_t size, size_t max_bytes);

/// Short English name of a status ("over-long encoding", ...), for logs;
/// "unknown" for other values (0 to INT_MAX). Never NULL.
UTF8MCU_NODISCARD const char* utf8mcu_status_name(utf8mcu_status status);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // UTF8MCU_UTF8MCU_C_H
