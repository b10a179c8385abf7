// The checks of the snippet programs (cpp_snippets.cpp, display_snippets.cpp):
// plain programs, as a user would write them, whose exit status is 0 or the
// number of the first check that failed.
#pragma once

#include <cstddef>
#include <cstdint>

namespace snippets {

struct Checks {
  int count = 0;
  int first_failed = 0;  // the exit status
};

inline Checks& checks() {
  static Checks all;
  return all;
}

inline void check(bool ok) {
  Checks& all = checks();
  ++all.count;
  if (!ok && all.first_failed == 0) all.first_failed = all.count;
}

inline bool same_bytes(const std::uint8_t* a, const std::uint8_t* b, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

}  // namespace snippets
