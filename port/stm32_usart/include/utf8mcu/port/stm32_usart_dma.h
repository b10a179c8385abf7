#pragma once
/// @file
/// STM32 USART receive by circular DMA with half-transfer, transfer-complete
/// and idle-line interrupts: the wiring of DmaRxCursor (utf8mcu/port/dma_rx.h)
/// to the registers. Header-only; two DMA controller layouts:
///
/// - Stm32StreamDma: DMA streams with channel select (F2/F4/F7, RM0090)
/// - Stm32ChannelDma: DMA channels with CSELR (L4, RM0351)
///
///     alignas(4) std::uint8_t dma_buffer[256];
///     // F405 USART1 RX: DMA2 stream 2, channel 4, NVIC 58
///     constexpr Stm32DmaChannel kRxDma{0x40026400u, 2, 4, 58};
///     Stm32UsartDmaRx<Stm32F4Usart, Stm32StreamDma> rx{kStm32F405Usart1, kRxDma,
///                                                      dma_buffer, sizeof dma_buffer};
///     ByteRing<1024> ring;
///     // DMA2_Stream2_IRQHandler and USART1_IRQHandler (same priority):
///     push_spans(ring, rx.on_interrupt());
///
/// The board enables the USART's and the DMA's clocks and routes the pins
/// before start(). RAM: the buffer plus 40 bytes.
///
/// Cortex-M7 (F7/H7) with the D-cache on: the DMA writes memory behind the
/// cache. Put the buffer in a non-cacheable MPU region (or DTCM), or
/// invalidate the cache lines of each span (SCB_InvalidateDCache_by_Addr)
/// before reading it; the buffer must then be 32-byte aligned and a multiple
/// of 32 bytes long, so that no other data shares its cache lines.

#include <cstdint>

#include "utf8mcu/port/cortex_m.h"
#include "utf8mcu/port/dma_rx.h"
#include "utf8mcu/port/stm32_usart.h"

namespace utf8mcu {
namespace port {

/// One DMA stream or channel serving a USART's receiver.
struct Stm32DmaChannel {
  /// DMA controller base (F4: DMA1 0x40026000, DMA2 0x40026400; L4: DMA1
  /// 0x40020000, DMA2 0x40020400).
  std::uintptr_t base;
  /// Stream 0-7 (stream DMA) or channel 1-7 (channel DMA).
  std::uint8_t number;
  /// Request routing: CHSEL 0-7 (stream DMA) or the CSELR value (channel DMA).
  std::uint8_t request;
  /// NVIC number of the stream's or channel's interrupt.
  std::uint16_t irq;
};

// USART bits used for DMA reception (same in both USART layouts):
// CR1 IDLEIE 4; CR3 DMAR 6; SR/ISR IDLE 4; L4 ICR IDLECF 4.
namespace stm32_usart {
inline constexpr std::uint32_t kIdle = 1u << 4;
inline constexpr std::uint32_t kCr1IdleInterrupt = 1u << 4;
inline constexpr std::uint32_t kCr3DmaRx = 1u << 6;
}  // namespace stm32_usart

/// F2/F4/F7 DMA: streams. Flags of streams 0-3 in LISR/LIFCR, 4-7 in
/// HISR/HIFCR, at bit 0, 6, 16, 22: [TCIF 5][HTIF 4][TEIF 3][DMEIF 2][-][FEIF 0].
struct Stm32StreamDma {
  static constexpr std::uint32_t kHalfFlag = 1u << 4;
  static constexpr std::uint32_t kCompleteFlag = 1u << 5;
  static constexpr std::uint32_t kErrorFlag = 1u << 3;
  static constexpr std::uint32_t kAllFlags = 0x3Du;
  static std::uintptr_t flag_register(const Stm32DmaChannel& dma) { return dma.number < 4 ? 0x00 : 0x04; }
  static std::uintptr_t clear_register(const Stm32DmaChannel& dma) { return dma.number < 4 ? 0x08 : 0x0C; }
  static unsigned flag_shift(const Stm32DmaChannel& dma) {
    constexpr unsigned kShift[4] = {0, 6, 16, 22};
    return kShift[dma.number % 4];
  }
  static std::uintptr_t count_register(const Stm32DmaChannel& dma) { return 0x14u + 0x18u * dma.number; }

  // SxCR: [CHSEL 27:25] .. [MINC 10][PINC 9][CIRC 8][DIR 7:6 = 00 periph->mem]
  //       .. [TCIE 4][HTIE 3][TEIE 2][DMEIE 1][EN 0]; sizes 00 = byte.
  static void configure(const Stm32DmaChannel& dma, std::uintptr_t peripheral, const std::uint8_t* buffer,
                        std::uint32_t size) {
    const std::uintptr_t stream = 0x10u + 0x18u * dma.number;
    volatile std::uint32_t& control = cortex_m::word_at(dma.base + stream);
    control = 0;
    while ((control & 1u) != 0) {  // EN reads 1 until the stream has stopped
    }
    cortex_m::word_at(dma.base + clear_register(dma)) = kAllFlags << flag_shift(dma);
    cortex_m::word_at(dma.base + stream + 0x04) = size;                                   // NDTR
    cortex_m::word_at(dma.base + stream + 0x08) = static_cast<std::uint32_t>(peripheral);  // PAR
    cortex_m::word_at(dma.base + stream + 0x0C) =
        static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(buffer));  // M0AR
    cortex_m::word_at(dma.base + stream + 0x14) = 0;  // FCR: direct mode
    control = (std::uint32_t{dma.request} << 25) | (1u << 10) | (1u << 8) | (1u << 4) | (1u << 3) | 1u;
  }
};

/// L4 (and F1/F0/G4) DMA: channels 1-7. Flags in ISR/IFCR at 4 * (n - 1):
/// [TEIF 3][HTIF 2][TCIF 1][GIF 0]. CSELR at 0xA8, 4 bits per channel.
struct Stm32ChannelDma {
  static constexpr std::uint32_t kHalfFlag = 1u << 2;
  static constexpr std::uint32_t kCompleteFlag = 1u << 1;
  static constexpr std::uint32_t kErrorFlag = 1u << 3;
  static constexpr std::uint32_t kAllFlags = 0xFu;
  static std::uintptr_t flag_register(const Stm32DmaChannel&) { return 0x00; }
  static std::uintptr_t clear_register(const Stm32DmaChannel&) { return 0x04; }
  static unsigned flag_shift(const Stm32DmaChannel& dma) { return 4u * (dma.number - 1u); }
  static std::uintptr_t count_register(const Stm32DmaChannel& dma) {
    return 0x0Cu + 20u * (dma.number - 1u);
  }

  // CCR: .. [MINC 7][PINC 6][CIRC 5][DIR 4 = 0 periph->mem][TEIE 3][HTIE 2][TCIE 1][EN 0]
  static void configure(const Stm32DmaChannel& dma, std::uintptr_t peripheral, const std::uint8_t* buffer,
                        std::uint32_t size) {
    const std::uintptr_t channel = 0x08u + 20u * (dma.number - 1u);
    cortex_m::word_at(dma.base + channel) = 0;
    cortex_m::word_at(dma.base + clear_register(dma)) = kAllFlags << flag_shift(dma);
    volatile std::uint32_t& select = cortex_m::word_at(dma.base + 0xA8);
    const unsigned shift = 4u * (dma.number - 1u);
    select = (select & ~(0xFu << shift)) | (std::uint32_t{dma.request} << shift);
    cortex_m::word_at(dma.base + channel + 0x04) = size;                                   // CNDTR
    cortex_m::word_at(dma.base + channel + 0x08) = static_cast<std::uint32_t>(peripheral);  // CPAR
    cortex_m::word_at(dma.base + channel + 0x0C) =
        static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(buffer));  // CMAR
    cortex_m::word_at(dma.base + channel) = (1u << 7) | (1u << 5) | (1u << 2) | (1u << 1) | 1u;
  }
};

/// A USART receiving into a circular DMA buffer. `UsartLayout` is
/// Stm32F4Usart or Stm32L4Usart, `DmaLayout` Stm32StreamDma or
/// Stm32ChannelDma.
template <typename UsartLayout, typename DmaLayout>
class Stm32UsartDmaRx {
 public:
  /// `buffer` (`size` bytes, 2..65535) is written by the DMA from start().
  Stm32UsartDmaRx(const Stm32Usart& usart, const Stm32DmaChannel& dma, std::uint8_t* buffer,
                  std::uint32_t size) noexcept
      : usart_(usart), dma_(dma), buffer_(buffer), size_(size), cursor_(buffer, size) {}

  /// 8N1 at `baud`, DMA running, HT/TC and IDLE interrupts enabled (in the
  /// peripherals and the NVIC). False if the rate or the size cannot be used.
  [[nodiscard]] bool start(std::uint32_t baud) noexcept {
    using namespace stm32_usart;
    if (baud == 0 || usart_.clock_hz / baud < 16 || usart_.clock_hz / baud > 0xFFFF) return false;
    if (size_ < 2 || size_ > 0xFFFF) return false;
    reg(UsartLayout::kCr1) = 0;
    reg(UsartLayout::kBaud) = (usart_.clock_hz + baud / 2) / baud;
    reg(UsartLayout::kCr2) = 0;
    reg(UsartLayout::kCr3) = kCr3DmaRx;
    DmaLayout::configure(dma_, usart_.base + UsartLayout::kRxData, buffer_, size_);
    reg(UsartLayout::kCr1) = UsartLayout::kCr1Enable | kCr1RxEnable | kCr1TxEnable | kCr1IdleInterrupt;
    cortex_m::nvic_enable_irq(dma_.irq);
    cortex_m::nvic_enable_irq(usart_.irq);
    return true;
  }

  /// Call from the DMA stream's and the USART's interrupt handlers (one
  /// priority). Clears IDLE and overrun in the USART, then reads the DMA's
  /// flags and position in DmaRxCursor::advance(dma)'s race-free order.
  /// Returns the new bytes for push_spans()/deliver(). A USART overrun (the
  /// DMA did not take a byte in time: bus contention) adds 1 to `lost`, so
  /// the gap shows before this call's bytes; the byte was lost somewhere
  /// among them, which the registers do not tell. A DMA transfer error
  /// (TEIF: the hardware disabled the stream) is cleared and returned as
  /// `status` kTransferError: nothing more arrives until start() again.
  [[nodiscard]] DmaRxSpans on_interrupt() noexcept {
    using namespace stm32_usart;
    const std::uint32_t status = reg(UsartLayout::kStatus);
    const bool overrun = (status & kOverrun) != 0;
    if constexpr (UsartLayout::kHasClearRegister) {
      if ((status & (kIdle | kOverrun)) != 0) reg(UsartLayout::kClear) = status & (kIdle | kOverrun);
    } else if ((status & (kIdle | kOverrun)) != 0) {
      // F4: IDLE and ORE clear by reading SR then DR. With DMAR set, DR was
      // already read by the DMA when RXNE is clear, so this takes no byte.
      if ((status & kRxNotEmpty) == 0) {
        const std::uint32_t discarded = reg(UsartLayout::kRxData);
        static_cast<void>(discarded);
      }
    }
    DmaSource source{dma_, size_};
    DmaRxSpans spans = cursor_.advance(source);
    if (overrun) ++spans.lost;
    return spans;
  }

  /// Start again after a transfer error (or a stop): the DMA from the
  /// buffer's start, the cursor with it (its counters kept). False as start().
  [[nodiscard]] bool restart(std::uint32_t baud) noexcept {
    cursor_.restart();
    return start(baud);
  }

  const DmaRxCursor& cursor() const noexcept { return cursor_; }

 private:
  volatile std::uint32_t& reg(std::uintptr_t offset) const noexcept { return cortex_m::register_at(usart_, offset); }

  // The DMA's side of DmaRxCursor::advance(dma).
  struct DmaSource {
    const Stm32DmaChannel& dma;
    std::uint32_t size;
    std::uint8_t take_flags(std::uint8_t ignore) const noexcept {
      const unsigned shift = DmaLayout::flag_shift(dma);
      const std::uint32_t raw = (cortex_m::word_at(dma.base + DmaLayout::flag_register(dma)) >> shift);
      std::uint32_t ignored = 0;
      if ((ignore & kDmaHalfTransferFlag) != 0) ignored |= DmaLayout::kHalfFlag;
      if ((ignore & kDmaTransferCompleteFlag) != 0) ignored |= DmaLayout::kCompleteFlag;
      if ((ignore & kDmaTransferErrorFlag) != 0) ignored |= DmaLayout::kErrorFlag;
      const std::uint32_t taken = raw & DmaLayout::kAllFlags & ~ignored;
      if (taken != 0) cortex_m::word_at(dma.base + DmaLayout::clear_register(dma)) = taken << shift;
      return static_cast<std::uint8_t>(((taken & DmaLayout::kHalfFlag) != 0 ? kDmaHalfTransferFlag : 0) |
                                       ((taken & DmaLayout::kCompleteFlag) != 0 ? kDmaTransferCompleteFlag : 0) |
                                       ((taken & DmaLayout::kErrorFlag) != 0 ? kDmaTransferErrorFlag : 0));
    }
    std::uint32_t position() const noexcept {
      return size - cortex_m::word_at(dma.base + DmaLayout::count_register(dma));
    }
  };

  const Stm32Usart& usart_;
  const Stm32DmaChannel& dma_;
  std::uint8_t* buffer_;
  std::uint32_t size_;
  DmaRxCursor cursor_;
};

}  // namespace port
}  // namespace utf8mcu
