// The C API: thin extern "C" wrappers over the header-only core. Nothing here
// needs the C++ run time (no statics with constructors, no heap, nothing that
// throws), so the object links into -nostdlib firmware and into C programs.
#include "utf8mcu/utf8mcu_c.h"

#include "utf8mcu/boundary.h"
#include "utf8mcu/validate.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/encoder.h"

namespace {

using utf8mcu::ErrorPolicy;
using utf8mcu::Status;

// The C decoder is the C++ one's bytes: same size and alignment, and the C++
// one may be copied in and out of it byte for byte. (Builtins rather than
// <type_traits>: like the core, this file needs only <cstddef> and <cstdint>,
// which every freestanding C++ library has.)
static_assert(sizeof(utf8mcu_decoder) == sizeof(utf8mcu::Decoder), "utf8mcu_decoder must hold a Decoder");
static_assert(alignof(utf8mcu_decoder) == alignof(utf8mcu::Decoder), "utf8mcu_decoder must align as a Decoder");
static_assert(__is_trivially_copyable(utf8mcu::Decoder), "the decoder state is copied with memcpy");

// The C enumerations carry the C++ values, so conversions are plain casts.
constexpr bool same_value(utf8mcu_status c, Status cpp) { return static_cast<int>(c) == static_cast<int>(cpp); }
static_assert(same_value(UTF8MCU_OK, Status::kOk), "");
static_assert(same_value(UTF8MCU_UNEXPECTED_CONTINUATION, Status::kUnexpectedContinuation), "");
static_assert(same_value(UTF8MCU_INVALID_LEAD, Status::kInvalidLead), "");
static_assert(same_value(UTF8MCU_OVERLONG, Status::kOverlong), "");
static_assert(same_value(UTF8MCU_SURROGATE, Status::kSurrogate), "");
static_assert(same_value(UTF8MCU_TOO_LARGE, Status::kTooLarge), "");
static_assert(same_value(UTF8MCU_TRUNCATED, Status::kTruncated), "");
static_assert(same_value(UTF8MCU_INVALID_CODE_POINT, Status::kInvalidCodePoint), "");
static_assert(same_value(UTF8MCU_UNPAIRED_SURROGATE, Status::kUnpairedSurrogate), "");
static_assert(same_value(UTF8MCU_OUTPUT_FULL, Status::kOutputFull), "");
static_assert(static_cast<int>(UTF8MCU_POLICY_REPLACE) == static_cast<int>(ErrorPolicy::kReplace), "");
static_assert(static_cast<int>(UTF8MCU_POLICY_REPORT) == static_cast<int>(ErrorPolicy::kReport), "");
static_assert(static_cast<int>(UTF8MCU_POLICY_SKIP) == static_cast<int>(ErrorPolicy::kSkip), "");

// The C callback as a core sink. Always passed as a const lvalue, so that every
// wrapper instantiates the core with the same sink type (one copy of each).
struct CSink {
  utf8mcu_sink_fn function;
  void* context;

  void operator()(char32_t code_point) const {
    if (function != nullptr) function(context, static_cast<std::uint32_t>(code_point));
  }
};

template <ErrorPolicy kPolicy>
struct PolicyConstant {
  static constexpr ErrorPolicy value = kPolicy;
};

// Runs `operation` with the policy as a compile-time constant (the core's
// policies are template arguments); unknown values mean replace.
template <typename Operation>
auto with_policy(utf8mcu_error_policy policy, Operation&& operation) {
  switch (policy) {
    case UTF8MCU_POLICY_REPORT: return operation(PolicyConstant<ErrorPolicy::kReport>{});
    case UTF8MCU_POLICY_SKIP: return operation(PolicyConstant<ErrorPolicy::kSkip>{});
    default: break;
  }
  return operation(PolicyConstant<ErrorPolicy::kReplace>{});
}

// Copies rather than casts: the caller's object is a utf8mcu_decoder, and
// reading it as a Decoder would break aliasing rules. One word each way. (The
// void* casts tell GCC the copy of a class with a constructor is intended.)
utf8mcu::Decoder load(const utf8mcu_decoder* decoder) {
  utf8mcu::Decoder state;
  __builtin_memcpy(static_cast<void*>(&state), decoder, sizeof state);
  return state;
}

void store(utf8mcu_decoder* decoder, const utf8mcu::Decoder& state) {
  __builtin_memcpy(decoder, static_cast<const void*>(&state), sizeof state);
}

// The struct is the caller's memory: a word no push can have written there
// (an uninitialised struct, a stray write) would make the C++ decoder emit
// values that are not Unicode scalar values. Such a word is taken as a
// broken sequence of one byte: the decoder is reset, and the part is one
// U+FFFD (replace policy) and one error, as finish() would give.
template <ErrorPolicy kPolicy>
utf8mcu::DecodeError repair(utf8mcu_decoder* decoder, const CSink& sink) {
  if (utf8mcu::detail::is_reachable_state(decoder->private_state)) return {};
  decoder->private_state = 0;
  if constexpr (kPolicy == ErrorPolicy::kReplace) sink(utf8mcu::kReplacementCharacter);
  return {Status::kTruncated, 1};
}

// Adds a repaired word's error in front of a push's result.
utf8mcu::DecodeResult with_repair(utf8mcu::DecodeError repaired, utf8mcu::DecodeResult result) {
  if (repaired.ok()) return result;
  ++result.errors;
  result.error = repaired;
  return result;
}

utf8mcu_decode_error to_c(utf8mcu::DecodeError error) {
  return {static_cast<utf8mcu_status>(error.status), error.length};
}

utf8mcu_decode_result to_c(const utf8mcu::DecodeResult& result) {
  return {result.consumed, result.errors, to_c(result.error)};
}

utf8mcu_validation_result to_c(const utf8mcu::ValidationResult& result) {
  return {result.valid_up_to, result.errors, to_c(result.error)};
}

}  // namespace

extern "C" {

void utf8mcu_decoder_reset(utf8mcu_decoder* decoder) {
  if (decoder != nullptr) store(decoder, utf8mcu::Decoder{});
}

bool utf8mcu_decoder_in_sequence(const utf8mcu_decoder* decoder) {
  return decoder != nullptr && load(decoder).in_sequence();
}

utf8mcu_decode_result utf8mcu_decoder_push_byte(utf8mcu_decoder* decoder, uint8_t byte,
                                                utf8mcu_error_policy policy, utf8mcu_sink_fn sink,
                                                void* context) {
  if (decoder == nullptr) return {0, 0, {UTF8MCU_OK, 0}};
  const CSink c_sink{sink, context};
  const utf8mcu::DecodeResult result = with_policy(policy, [&](auto kPolicy) {
    constexpr ErrorPolicy kChosen = decltype(kPolicy)::value;
    const utf8mcu::DecodeError repaired = repair<kChosen>(decoder, c_sink);
    if (kChosen == ErrorPolicy::kReport && !repaired.ok()) return utf8mcu::DecodeResult{0, 1, repaired};
    utf8mcu::Decoder state = load(decoder);
    const utf8mcu::DecodeResult pushed = state.push<kChosen>(byte, c_sink);
    store(decoder, state);
    return with_repair(repaired, pushed);
  });
  return to_c(result);
}

utf8mcu_decode_result utf8mcu_decoder_push(utf8mcu_decoder* decoder, const uint8_t* data, size_t size,
                                           utf8mcu_error_policy policy, utf8mcu_sink_fn sink,
                                           void* context) {
  if (decoder == nullptr) return {0, 0, {UTF8MCU_OK, 0}};
  const CSink c_sink{sink, context};
  const utf8mcu::DecodeResult result = with_policy(policy, [&](auto kPolicy) {
    constexpr ErrorPolicy kChosen = decltype(kPolicy)::value;
    const utf8mcu::DecodeError repaired = repair<kChosen>(decoder, c_sink);
    if (kChosen == ErrorPolicy::kReport && !repaired.ok()) return utf8mcu::DecodeResult{0, 1, repaired};
    utf8mcu::Decoder state = load(decoder);
    const utf8mcu::DecodeResult pushed = state.push<kChosen>(data, size, c_sink);
    store(decoder, state);
    return with_repair(repaired, pushed);
  });
  return to_c(result);
}

utf8mcu_decode_error utf8mcu_decoder_finish(utf8mcu_decoder* decoder, utf8mcu_error_policy policy,
                                            utf8mcu_sink_fn sink, void* context) {
  if (decoder == nullptr) return {UTF8MCU_OK, 0};
  const CSink c_sink{sink, context};
  const utf8mcu::DecodeError error = with_policy(policy, [&](auto kPolicy) {
    constexpr ErrorPolicy kChosen = decltype(kPolicy)::value;
    const utf8mcu::DecodeError repaired = repair<kChosen>(decoder, c_sink);
    if (!repaired.ok()) return repaired;
    utf8mcu::Decoder state = load(decoder);
    const utf8mcu::DecodeError finished = state.finish<kChosen>(c_sink);
    store(decoder, state);
    return finished;
  });
  return to_c(error);
}

utf8mcu_validation_result utf8mcu_validate(const uint8_t* data, size_t size) {
  return to_c(utf8mcu::validate(data, size));
}

bool utf8mcu_is_valid(const uint8_t* data, size_t size) { return utf8mcu::is_valid(data, size); }

utf8mcu_validation_result utf8mcu_decode(const uint8_t* data, size_t size, utf8mcu_error_policy policy,
                                         utf8mcu_sink_fn sink, void* context) {
  const CSink c_sink{sink, context};
  return to_c(with_policy(policy, [&](auto kPolicy) {
    return utf8mcu::decode<decltype(kPolicy)::value>(data, size, c_sink);
  }));
}

size_t utf8mcu_count_code_points(const uint8_t* data, size_t size) {
  return utf8mcu::count_code_points(data, size);
}

size_t utf8mcu_encoded_length(uint32_t code_point) {
  return utf8mcu::encoded_length(static_cast<char32_t>(code_point));
}

utf8mcu_encode_result utf8mcu_encode(uint32_t code_point, uint8_t* out, size_t capacity,
                                     utf8mcu_error_policy policy) {
  const utf8mcu::EncodeResult result = with_policy(policy, [&](auto kPolicy) {
    return utf8mcu::encode<decltype(kPolicy)::value>(static_cast<char32_t>(code_point), out, capacity);
  });
  return {result.length, static_cast<utf8mcu_status>(result.status)};
}

size_t utf8mcu_truncate(const uint8_t* data, size_t size, size_t max_bytes) {
  return utf8mcu::truncate(data, size, max_bytes);
}

const char* utf8mcu_status_name(utf8mcu_status status) {
  // The C enumeration holds any value up to INT_MAX; the core's Status is 8 bits.
  const auto value = static_cast<unsigned>(status);
  return value <= 0xFF ? utf8mcu::status_name(static_cast<Status>(value)) : "unknown";
}

}  // extern "C"
