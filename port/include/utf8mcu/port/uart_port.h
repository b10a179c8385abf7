#pragma once
/// @file
/// The port contract: what a platform implements so that received bytes reach
/// a ByteRing. Implement these 2 functions (and 2 optional ones), put them in a
/// const UartPort with a context pointer, and call UartReceiver::on_interrupt()
/// from the UART's receive interrupt. docs/porting.md has a worked example.
///
/// DMA receivers (idle-line or half/full-transfer interrupts) need no port
/// struct: their interrupt handler calls ByteRing::push(data, size) with the
/// finished chunk, and ByteRing::mark_gap() on a hardware overrun.

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace utf8mcu {
namespace port {

/// What UartPort::read_rx found. The order of byte and loss matters: a gap
/// marker must sit exactly where the data went missing, or the decoder could
/// join the bytes on both sides of it into one wrong character.
enum class RxEvent : std::uint8_t {
  /// Nothing (more) received. The port has acknowledged the interrupt, so a
  /// byte arriving from now on raises it again.
  kEmpty = 0,
  /// `*byte` is the next received byte.
  kByte = 1,
  /// Data was lost, then `*byte` arrived (the receiver keeps the newest byte,
  /// e.g. the CMSDK UART on overrun; or it flags the first byte after the
  /// loss, e.g. the PL011's OE).
  kLossThenByte = 2,
  /// `*byte` arrived, then data was lost (the receiver keeps the oldest byte,
  /// e.g. STM32 on overrun).
  kByteThenLoss = 3,
  /// A byte arrived damaged (framing, noise or parity error) and was
  /// discarded; `*byte` is not set.
  kLoss = 4,
};

/// A UART receiver as a const struct of function pointers plus a context
/// (lwrb style): no dynamic dispatch; it can live in flash.
struct UartPort {
  /// Required. Configures 8N1 at `baud`, enables the receiver and its
  /// interrupt (in the peripheral and in the NVIC). Returns false if the rate
  /// cannot be reached. Thread context, before any byte is expected.
  bool (*start)(void* context, std::uint32_t baud) = nullptr;
  /// Required. Interrupt context: takes one received byte from the hardware
  /// (see RxEvent). Called until it returns kEmpty, so it must acknowledge the
  /// interrupt race-free: a byte arriving while it runs must either be
  /// returned or raise the interrupt again.
  RxEvent (*read_rx)(void* context, std::uint8_t* byte) = nullptr;
  /// Optional (needed for RxOverflow::kHold). Masks or unmasks the receive
  /// interrupt without losing a waiting byte: masked, the byte stays in the
  /// UART and its interrupt stays pending. Called from the interrupt (mask)
  /// and from the thread (unmask).
  void (*set_rx_interrupt)(void* context, bool enabled) = nullptr;
  /// Optional (null: receive only). Thread context: writes `size` bytes,
  /// waiting for room; returns once the last one is in the transmitter.
  std::size_t (*write)(void* context, const std::uint8_t* data, std::size_t size) = nullptr;
  /// Passed to every function: the port's registers, pins, state.
  void* context = nullptr;
};

/// A UartPort's `context` as what its make_*_port() function was given:
/// `context_as<const CmsdkUart>(context)` in a port's functions.
template <typename Context>
inline Context& context_as(void* context) noexcept {
  return *static_cast<Context*>(context);
}

/// What the receive interrupt does when the ring is full.
enum class RxOverflow : std::uint8_t {
  /// Take the byte anyway: the ring drops it, counts it and marks the gap.
  /// For links without flow control, where the UART would overrun anyway.
  kDrop,
  /// Leave the byte in the UART and mask the receive interrupt until the
  /// thread has drained half the ring (UartReceiver::resume()). With hardware
  /// flow control (RTS) or an emulator this pauses the sender and nothing is
  /// lost; without it the UART overruns, which the port reports as a loss.
  kHold,
};

/// A UartPort as the receive side of BasicUartReceiver: every read is an
/// indirect call, so the port can be chosen at run time.
class UartPortRx {
 public:
  explicit constexpr UartPortRx(const UartPort& port) noexcept : port_(port) {}
  bool start(std::uint32_t baud) const noexcept { return port_.start(port_.context, baud); }
  RxEvent read_rx(std::uint8_t* byte) const noexcept { return port_.read_rx(port_.context, byte); }
  void set_rx_interrupt(bool enabled) const noexcept { port_.set_rx_interrupt(port_.context, enabled); }
  bool can_hold() const noexcept { return port_.set_rx_interrupt != nullptr; }

 private:
  const UartPort& port_;
};

/// A port's receive side known at compile time, for BasicUartReceiver: the
/// UART's configuration and the port's functions are template arguments, so
/// `kReceive` (the port's inline register reads) inlines into on_interrupt().
/// Each port names its own, e.g. CmsdkUartRx<kMps2Uart0>.
template <typename Config, const Config& kConfig, bool (*kStart)(void*, std::uint32_t),
          RxEvent (*kReceive)(const Config&, std::uint8_t*), void (*kSetRxInterrupt)(void*, bool)>
struct CompileTimeUartRx {
  [[nodiscard]] static bool start(std::uint32_t baud) noexcept { return kStart(context(), baud); }
  [[nodiscard]] static RxEvent read_rx(std::uint8_t* byte) noexcept { return kReceive(kConfig, byte); }
  static void set_rx_interrupt(bool enabled) noexcept { kSetRxInterrupt(context(), enabled); }
  static constexpr bool can_hold() noexcept { return true; }

 private:
  // The port's functions only read the configuration; void* is the contract's type.
  static void* context() noexcept { return const_cast<void*>(static_cast<const void*>(&kConfig)); }
};

/// The interrupt-driven receiver: moves bytes from a UART into a ByteRing
/// (Ring is any ByteRing<N>, or a type with the same Writer). `Rx` is the
/// receive side of the port: UartPortRx (a UartPort chosen at run time; the
/// UartReceiver alias below) or a port's compile-time type such as
/// CmsdkUartRx<kMps2Uart0>, whose register accesses inline into
/// on_interrupt(). An Rx has start(baud), read_rx(byte) (as UartPort's),
/// set_rx_interrupt(enabled) and can_hold() (false: kHold drops instead).
///
///     ByteRing<256> rx_ring;
///     BasicUartReceiver<CmsdkUartRx<kMps2Uart0>, ByteRing<256>, RxOverflow::kHold> receiver{rx_ring};
///     void UART_IRQHandler() { receiver.on_interrupt(); }
template <typename Rx, typename Ring, RxOverflow kOverflow = RxOverflow::kDrop>
class BasicUartReceiver {
 public:
  /// `port` is an Rx, or what Rx is made from (a UartPort for UartPortRx).
  template <typename Port>
  constexpr BasicUartReceiver(const Port& port, Ring& ring) noexcept : rx_(port), ring_(ring) {}
  /// For an Rx that needs no object (a port's compile-time type).
  explicit constexpr BasicUartReceiver(Ring& ring) noexcept : rx_{}, ring_(ring) {}

  /// Starts the port (see UartPort::start). Thread context.
  [[nodiscard]] bool start(std::uint32_t baud) noexcept { return rx_.start(baud); }

  /// Call from the UART's receive interrupt: moves every waiting byte into
  /// the ring and marks the losses the hardware reports as gaps, in the order
  /// the port reports them. Returns the number of bytes taken. Stops after
  /// `max_reads` reads so a babbling line cannot starve the system (the
  /// interrupt then stays pending). Cost: the port's read per byte (an
  /// indirect call with UartPortRx, inline with a compile-time Rx) plus a few
  /// instructions to store it; the ring's consumer index is read and its
  /// head published once per interrupt (Ring::Writer).
  // Always inline: the interrupt handler is normally its only caller, and
  // the call would cost as much as a byte.
  __attribute__((always_inline)) std::size_t on_interrupt(std::size_t max_reads = Ring::capacity()) noexcept {
    typename Ring::Writer writer{ring_};
    std::size_t received = 0;
    for (std::size_t reads_left = max_reads; reads_left != 0; --reads_left) {
      if (kOverflow == RxOverflow::kHold && !writer.has_room() && rx_.can_hold()) {
        writer.publish();
        hold();
        return received;
      }
      std::uint8_t byte = 0;
      const RxEvent event = rx_.read_rx(&byte);
      if (event == RxEvent::kByte) {
        writer.put(byte);
        ++received;
        continue;
      }
      if (event == RxEvent::kEmpty) break;
      if (event == RxEvent::kLossThenByte || event == RxEvent::kLoss) writer.mark_gap();
      if (event == RxEvent::kLoss) continue;
      writer.put(byte);
      ++received;
      if (event == RxEvent::kByteThenLoss) writer.mark_gap();
    }
    writer.publish();
    return received;
  }

  /// Thread side of kHold: once the ring is at most half full, unmasks the
  /// receive interrupt the interrupt masked. Call after draining (e.g. after
  /// RingReader::poll). O(1); touches the hardware only when resuming.
  void resume() noexcept {
    if (kOverflow != RxOverflow::kHold || held_.load(std::memory_order_acquire) == 0) return;
    if (ring_.size() > Ring::capacity() / 2) return;
    held_.store(0, std::memory_order_relaxed);
    rx_.set_rx_interrupt(true);
  }

  /// True while the receive interrupt is masked because the ring was full.
  bool held() const noexcept { return held_.load(std::memory_order_acquire) != 0; }

  /// Times the interrupt held data back (kHold).
  std::uint32_t holds() const noexcept { return holds_.load(std::memory_order_acquire); }

 private:
  // Interrupt context. Masks first, then flags: the thread unmasks only after
  // seeing the flag, so it can never unmask before the mask.
  void hold() noexcept {
    rx_.set_rx_interrupt(false);
    holds_.store(holds_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    held_.store(1, std::memory_order_release);
  }

  // Hidden from doxygen, whose 1.9 parser misreads these braced initializers.
  /// @cond
  Rx rx_;
  Ring& ring_;
  std::atomic<std::uint32_t> holds_{0};  // interrupt
  std::atomic<std::uint8_t> held_{0};    // set by the interrupt, cleared by the thread
  /// @endcond
};

/// The receiver of a UartPort (run-time port). RAM: 16 bytes on a 32-bit core
/// (two references, a counter and a flag).
///
///     constexpr UartPort kUart = make_my_uart_port(...);
///     ByteRing<256> rx_ring;
///     UartReceiver<ByteRing<256>> receiver{kUart, rx_ring};
///     void UART_IRQHandler() { receiver.on_interrupt(); }
template <typename Ring, RxOverflow kOverflow = RxOverflow::kDrop>
using UartReceiver = BasicUartReceiver<UartPortRx, Ring, kOverflow>;

/// Writes all of `data` through the port; false if the port cannot transmit
/// or stopped short.
[[nodiscard]] inline bool write_all(const UartPort& port, const std::uint8_t* data, std::size_t size) noexcept {
  if (port.write == nullptr) return size == 0;
  return port.write(port.context, data, size) == size;
}

}  // namespace port
}  // namespace utf8mcu
