// Fuzz target: differential test of the replace policy against two
// independent decoders, ICU (its UTF-8 converter with U+FFFD substitution,
// and u_strFromUTF8WithSub) and the in-repo reference model (the in-process
// equivalent of Python's decode('utf-8', 'replace')). Any difference fails.
//
// ICU substitutes per maximal subpart since ICU 60; LLVMFuzzerInitialize
// checks that on the standard example before fuzzing, so an ICU that does not
// cannot make this target meaningless unnoticed.
//
// Input: the text alone.

#include <unicode/ucnv.h>
#include <unicode/ustring.h>

#include "fuzz_support.h"

namespace {

UConverter* icu_converter = nullptr;

// UTF-16 from ICU's converter; its default callback substitutes U+FFFD.
std::vector<char16_t> icu_convert(const std::uint8_t* data, std::size_t size) {
  std::vector<UChar> out(size + 1);
  UErrorCode error = U_ZERO_ERROR;
  ucnv_resetToUnicode(icu_converter);
  const std::int32_t length =
      ucnv_toUChars(icu_converter, out.data(), static_cast<std::int32_t>(out.size()),
                    reinterpret_cast<const char*>(data), static_cast<std::int32_t>(size), &error);
  UTF8MCU_FUZZ_CHECK(U_SUCCESS(error) && length >= 0);
  return {out.begin(), out.begin() + length};
}

std::vector<char16_t> icu_from_utf8(const std::uint8_t* data, std::size_t size) {
  std::vector<UChar> out(size + 1);
  UErrorCode error = U_ZERO_ERROR;
  std::int32_t length = 0;
  u_strFromUTF8WithSub(out.data(), static_cast<std::int32_t>(out.size()), &length,
                       reinterpret_cast<const char*>(data), static_cast<std::int32_t>(size), 0xFFFD, nullptr,
                       &error);
  UTF8MCU_FUZZ_CHECK(U_SUCCESS(error) && length >= 0);
  return {out.begin(), out.begin() + length};
}

void print_units(const char* name, const std::vector<char16_t>& units) {
  std::fprintf(stderr, "%-14s", name);
  for (const char16_t unit : units) std::fprintf(stderr, " %04X", static_cast<unsigned>(unit));
  std::fprintf(stderr, "\n");
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  UErrorCode error = U_ZERO_ERROR;
  icu_converter = ucnv_open("UTF-8", &error);
  UTF8MCU_FUZZ_CHECK(U_SUCCESS(error));
  // Unicode's example of maximal subparts (Core Spec, Table 3-8 practice).
  const std::uint8_t example[] = {0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64};
  const std::vector<char16_t> expected = {0x0061, 0xFFFD, 0xFFFD, 0xFFFD, 0x0062, 0xFFFD,
                                          0x0063, 0xFFFD, 0xFFFD, 0x0064};
  UTF8MCU_FUZZ_CHECK(icu_convert(example, sizeof example) == expected);
  UTF8MCU_FUZZ_CHECK(icu_from_utf8(example, sizeof example) == expected);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<char16_t> icu = icu_convert(data, size);
  const std::vector<char16_t> icu_strings = icu_from_utf8(data, size);
  const std::vector<char16_t> model = fuzz::to_utf16(fuzz::expect(data, size).replaced);

  std::vector<char16_t> transcoded(size);
  const utf8mcu::TranscodeResult r = utf8mcu::utf8_to_utf16(data, size, transcoded.data(), transcoded.size());
  UTF8MCU_FUZZ_CHECK(r.status == utf8mcu::Status::kOk && r.read == size);
  transcoded.resize(r.written);

  std::vector<char32_t> code_points;
  utf8mcu::decode(data, size, [&code_points](char32_t c) { code_points.push_back(c); });
  const std::vector<char16_t> decoded = fuzz::to_utf16(code_points);

  if (icu == icu_strings && icu == model && icu == transcoded && icu == decoded) return 0;
  print_units("ICU ucnv", icu);
  print_units("ICU u_str", icu_strings);
  print_units("model", model);
  print_units("utf8_to_utf16", transcoded);
  print_units("decode", decoded);
  fuzz::fail(__FILE__, __LINE__, "the decoders differ");
}
