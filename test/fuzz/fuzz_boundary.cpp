// Fuzz target: the position utilities (boundary.h). For every position, and
// past the end, previous_boundary(), next_boundary(), truncate() and
// decode_one() agree with the reference model's item offsets and never read
// outside the buffer: the input, and a prefix of it, sit in allocations of
// exactly their size, so AddressSanitizer sees a read one byte past the end;
// decode_one() also gets windows of 1-4 bytes, each copied the same way.
//
// Input: the text alone.

#include "fuzz_support.h"

namespace {

// The reference model's first item of the text at `data` (it depends on 4
// bytes at most).
ref::Item first_item(const std::uint8_t* data, std::size_t size) {
  ref::Item first{};
  bool seen = false;
  ref::decode(data, size < 4 ? size : 4, [&](const ref::Item& item) {
    if (!seen) first = item;
    seen = true;
  });
  UTF8MCU_FUZZ_CHECK(seen);
  return first;
}

void check_decode_one(const std::uint8_t* data, std::size_t size) {
  const ref::Item item = first_item(data, size);
  const utf8mcu::DecodedCodePoint decoded = utf8mcu::decode_one(data, size);
  UTF8MCU_FUZZ_CHECK(decoded.code_point == item.code_point && decoded.length == item.length);
  UTF8MCU_FUZZ_CHECK(fuzz::same_kind(decoded.status, item.kind));
}

void check_buffer(const std::uint8_t* data, std::size_t size) {
  const fuzz::Expected expected = fuzz::expect(data, size);
  // The start and the end of the item that holds each byte.
  std::vector<std::size_t> start(size);
  std::vector<std::size_t> end(size);
  for (const ref::Item& item : expected.items) {
    for (std::size_t i = item.offset; i < item.offset + item.length; ++i) {
      start[i] = item.offset;
      end[i] = item.offset + item.length;
    }
  }
  for (std::size_t pos = 0; pos < size + 3; ++pos) {
    const bool inside = pos < size;
    UTF8MCU_FUZZ_CHECK(utf8mcu::previous_boundary(data, size, pos) == (inside ? start[pos] : size));
    UTF8MCU_FUZZ_CHECK(utf8mcu::next_boundary(data, size, pos) == (inside ? end[pos] : size));
    UTF8MCU_FUZZ_CHECK(utf8mcu::truncate(data, size, pos) == (inside ? start[pos] : size));
    if (!inside) continue;
    check_decode_one(data + pos, size - pos);
    // In a window of its own, so a read past the window is caught.
    const std::size_t left = size - pos;
    const std::vector<std::uint8_t> window(data + pos, data + pos + (left < 4 ? left : 1 + pos % 4));
    check_decode_one(window.data(), window.size());
  }
  // From 0, next_boundary() visits exactly the model's items.
  std::size_t pos = 0;
  for (const ref::Item& item : expected.items) {
    UTF8MCU_FUZZ_CHECK(pos == item.offset);
    pos = utf8mcu::next_boundary(data, size, pos);
  }
  UTF8MCU_FUZZ_CHECK(pos == size);
  const bool bom = size >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF;
  UTF8MCU_FUZZ_CHECK(utf8mcu::starts_with_bom(data, size) == bom);
  UTF8MCU_FUZZ_CHECK(utf8mcu::bom_length(data, size) == (bom ? 3u : 0u));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // libFuzzer's own copy of the input is exactly `size` bytes.
  check_buffer(data, size);
  if (size > 1) {
    const std::vector<std::uint8_t> prefix(data, data + size / 2);
    check_buffer(prefix.data(), prefix.size());
  }
  return 0;
}
