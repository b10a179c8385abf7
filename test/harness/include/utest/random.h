#pragma once
// The tests' one pseudo-random generator: xorshift32, the same sequence on
// every platform, so a failure seen on a board reproduces on the host.
// constexpr, no heap: usable in constant-expression tests and on the boards.

#include <cstdint>

namespace utest {

class Random {
 public:
  /// Seed 0 would stick at 0 (xorshift's one fixed point): it starts from a fixed odd word instead.
  explicit constexpr Random(std::uint32_t seed) : state_(seed == 0 ? 0x9E3779B9u : seed) {}

  /// The next 32-bit value.
  constexpr std::uint32_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return state_;
  }
  /// Uniform enough in [0, bound) for tests; bound > 0.
  constexpr std::uint32_t below(std::uint32_t bound) { return next() % bound; }
  /// Uniform enough in [low, high] for tests; low <= high.
  constexpr int between(int low, int high) {
    const auto span = static_cast<std::uint32_t>(static_cast<long long>(high) - low + 1);
    return static_cast<int>(static_cast<long long>(low) + (next() % span));
  }

 private:
  std::uint32_t state_;
};

}  // namespace utest
