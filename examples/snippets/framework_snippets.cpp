// The framework adapters as docs/porting.md shows them, between the
// "snippet:" markers: compiled in CI for every board and the host (not
// linked). No framework's headers are here, so the few names each snippet
// uses are declared first with the types and values the framework documents.
// Edit it here, then run `python3 tools/check-snippets.py --update`.
#include <cstddef>
#include <cstdint>

#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/nrf_uarte_rx.h"
#include "utf8mcu/port/pico_uart_rx.h"
#include "utf8mcu/port/stm32_hal_uart_rx.h"
#include "utf8mcu/port/zephyr_uart_rx.h"

using utf8mcu::port::ByteRing;

// ---- Stand-ins: Zephyr's <zephyr/drivers/uart.h> ----
struct device;
enum uart_event_type { UART_TX_DONE, UART_TX_ABORTED, UART_RX_RDY, UART_RX_BUF_REQUEST,
                       UART_RX_BUF_RELEASED, UART_RX_DISABLED, UART_RX_STOPPED };
struct uart_event {
  uart_event_type type;
  union {
    struct { std::uint8_t* buf; std::size_t offset; std::size_t len; } rx;
    struct { std::uint8_t* buf; } rx_buf;
    struct { std::uint32_t reason; } rx_stop;
  } data;
};
int uart_rx_buf_rsp(const device* dev, std::uint8_t* buf, std::size_t len);

// ---- Stand-ins: the STM32 HAL ----
struct UART_HandleTypeDef;
std::uint32_t HAL_UARTEx_GetRxEventType(UART_HandleTypeDef* huart);
int HAL_UARTEx_ReceiveToIdle_DMA(UART_HandleTypeDef* huart, std::uint8_t* buf, std::uint16_t size);

// ---- Stand-ins: the nRF52 UARTE registers (nrf52_bitfields.h names) ----
struct NrfUarteRegisters {
  volatile std::uint32_t TASKS_FLUSHRX, EVENTS_ENDRX, EVENTS_ERROR, EVENTS_RXTO, EVENTS_RXSTARTED, ERRORSRC;
  struct { volatile std::uint32_t PTR, MAXCNT, AMOUNT; } RXD;
};
extern NrfUarteRegisters* const NRF_UARTE0;

// ---- Stand-ins: the Pico SDK's hardware/uart.h ----
struct uart_inst_t;
struct uart_hw_t { volatile std::uint32_t dr; };
extern uart_inst_t* const uart0;
bool uart_is_readable(uart_inst_t* uart);
uart_hw_t* uart_get_hw(uart_inst_t* uart);

// snippet: zephyr-async
ByteRing<512> zephyr_ring;
utf8mcu::port::ZephyrUartRx<ByteRing<512>, 64> zephyr_rx{zephyr_ring};  // two 64-byte buffers
// uart_callback_set(dev, on_uart_event, nullptr); uart_rx_enable(dev, zephyr_rx.first_buffer(), 64, 1000);
void on_uart_event(const device* dev, uart_event* evt, void* /*user_data*/) {
  switch (evt->type) {
    case UART_RX_RDY: zephyr_rx.on_ready(evt->data.rx.buf, evt->data.rx.offset, evt->data.rx.len); break;
    case UART_RX_BUF_REQUEST:
      if (std::uint8_t* next = zephyr_rx.on_buffer_request()) uart_rx_buf_rsp(dev, next, zephyr_rx.buffer_size());
      break;
    case UART_RX_BUF_RELEASED: zephyr_rx.on_released(evt->data.rx_buf.buf); break;
    case UART_RX_STOPPED: zephyr_rx.on_stopped(evt->data.rx_stop.reason); break;
    case UART_RX_DISABLED: zephyr_rx.on_disabled(); break;
    default: break;  // TX events
  }
}
// end snippet

// snippet: stm32-hal
ByteRing<512> hal_ring;
utf8mcu::port::HalReceiveToIdleRx<ByteRing<512>, 128> hal_rx{hal_ring};  // the DMA channel: circular
// HAL_UARTEx_ReceiveToIdle_DMA(&huart2, hal_rx.buffer(), hal_rx.buffer_size());
extern "C" void HAL_UARTEx_RxEventCallback(UART_HandleTypeDef* huart, std::uint16_t size) {
  hal_rx.on_rx_event(utf8mcu::port::hal_rx_event(HAL_UARTEx_GetRxEventType(huart)), size);
}
extern "C" void HAL_UART_ErrorCallback(UART_HandleTypeDef* huart) {  // the HAL stopped reception
  hal_rx.on_error();
  HAL_UARTEx_ReceiveToIdle_DMA(huart, hal_rx.buffer(), hal_rx.buffer_size());
}
// end snippet

// snippet: nrf-uarte
ByteRing<512> nrf_ring;
utf8mcu::port::NrfUarteRx<ByteRing<512>, 64> nrf_rx{nrf_ring};  // RXD.MAXCNT = 64, SHORTS ENDRX_STARTRX
// RXD.PTR = nrf_rx.first_buffer(), then TASKS_STARTRX; an idle timer triggers TASKS_STOPRX.
extern "C" void UARTE0_UART0_IRQHandler() {
  NrfUarteRegisters& u = *NRF_UARTE0;
  if (u.EVENTS_ERROR) { u.EVENTS_ERROR = 0; nrf_rx.on_error(u.ERRORSRC); u.ERRORSRC = u.ERRORSRC; }
  if (u.EVENTS_ENDRX) { u.EVENTS_ENDRX = 0; nrf_rx.on_end_rx(u.RXD.AMOUNT); }  // before RXSTARTED
  if (u.EVENTS_RXSTARTED) {
    u.EVENTS_RXSTARTED = 0;
    u.RXD.PTR = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(nrf_rx.on_rx_started()));
  }
  if (u.EVENTS_RXTO) { u.EVENTS_RXTO = 0; nrf_rx.on_rx_timeout(); u.TASKS_FLUSHRX = 1; }
}
// end snippet

// snippet: pico-sdk
ByteRing<512> pico_ring;
// irq_set_exclusive_handler(UART0_IRQ, on_uart0_rx); uart_set_irq_enables(uart0, true, false);
void on_uart0_rx() {
  // The data register, not uart_getc(): its bits 8-11 carry overrun, break, parity, framing.
  utf8mcu::port::pico_uart_drain(pico_ring, [] { return uart_is_readable(uart0); },
                                 [] { return uart_get_hw(uart0)->dr; });
}
// end snippet
