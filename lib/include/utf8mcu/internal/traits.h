#pragma once
/// @file
/// The few compile-time helpers the headers need, so that they need no
/// <type_traits> or <utility> (Zephyr's default C++ library has neither).
/// Namespace detail only.

namespace utf8mcu {
namespace detail {

/// True during constant evaluation. GCC and Clang provide the builtin in every
/// language mode; C++17 has no std::is_constant_evaluated.
constexpr bool is_constant_evaluated() noexcept { return __builtin_is_constant_evaluated(); }

template <typename A, typename B>
inline constexpr bool kIsSame = false;
template <typename A>
inline constexpr bool kIsSame<A, A> = true;

template <typename T>
struct RemoveCv {
  using Type = T;
};
template <typename T>
struct RemoveCv<const T> {
  using Type = T;
};
template <typename T>
struct RemoveCv<volatile T> {
  using Type = T;
};
template <typename T>
struct RemoveCv<const volatile T> {
  using Type = T;
};
template <typename T>
using RemoveCvT = typename RemoveCv<T>::Type;

template <typename T>
struct RemovePointer {
  using Type = T;
};
template <typename T>
struct RemovePointer<T*> {
  using Type = T;
};
template <typename T>
using RemovePointerT = typename RemovePointer<RemoveCvT<T>>::Type;

template <bool kCondition, typename T>
struct EnableIf {};
template <typename T>
struct EnableIf<true, T> {
  using Type = T;
};

/// `IfTrue` if kCondition, else `IfFalse` (std::conditional_t).
template <bool kCondition, typename IfTrue, typename IfFalse>
struct Conditional {
  using Type = IfTrue;
};
template <typename IfTrue, typename IfFalse>
struct Conditional<false, IfTrue, IfFalse> {
  using Type = IfFalse;
};
template <bool kCondition, typename IfTrue, typename IfFalse>
using ConditionalT = typename Conditional<kCondition, IfTrue, IfFalse>::Type;

/// Only in unevaluated operands, as std::declval.
template <typename T>
T&& declval() noexcept;

}  // namespace detail
}  // namespace utf8mcu
