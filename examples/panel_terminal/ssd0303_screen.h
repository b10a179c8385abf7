// The text both sides of the SSD0303 check draw: two lines of 16 cells of
// 6 x 8 pixels (misc-fixed 5x8) on the 96x16 panel, with a wrapped line, a
// combining mark, Latin-1 letters, U+FFFD and a hex box.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ssd0303_screen {

inline constexpr char kText[] =
    "scrolled away\r\n"
    "SSD0303 e\xCC\x81 \xC3\xBC\xC3\x9F \xC3\x28!\r\n"
    "96x16 \x01\xE4\xB8\xAD";
inline constexpr std::size_t kSize = sizeof(kText) - 1;
inline constexpr int kColumns = 16;
inline constexpr int kRows = 2;
inline constexpr int kCellWidth = 6;

}  // namespace ssd0303_screen
