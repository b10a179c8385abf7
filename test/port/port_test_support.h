#pragma once
// Helpers for the port/ unit tests: they run on the host and as firmware
// (microbit has 16 KB of RAM), so fixed small buffers and no heap.

#include <cstddef>
#include <cstdint>

#include "test_support.h"

namespace port_test {

// The shared deterministic generator and code point recorder of the unit
// tests (test/lib/test_support.h).
using Random = test::Random;
template <std::size_t N>
using CodePoints = test::Recorder<N>;

// Text in several scripts, all well-formed: 1- to 4-byte sequences side by side.
inline constexpr std::uint8_t kSampleText[] =
    "Gr\xC3\xBC\xC3\x9F""e \xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 "
    "\xD0\xBC\xD0\xB8\xD1\x80 \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D "
    "\xE4\xBD\xA0\xE5\xA5\xBD \xED\x95\x9C\xEA\xB8\x80 \xE2\x82\xAC "
    "\xF0\x9F\x98\x80\xF0\x9F\x9A\x80 \xF4\x8F\xBF\xBF end";
inline constexpr std::size_t kSampleTextSize = sizeof kSampleText - 1;  // no NUL

}  // namespace port_test
