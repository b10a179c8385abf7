# utf8mcu_add_uart_decode(<target> [TEST_FIRMWARE] [DEFINITIONS <macro=value>...])
# Builds examples/uart_decode/uart_decode.cpp as firmware for the configured
# board; with TEST_FIRMWARE, test/port/uart_decode_firmware.cpp instead: the
# same program with the knobs that DEFINITIONS set (used by the tests in
# test/port and by the demo's lost-byte image).
# UTF8MCU_UART_DECODE_PORT names the port the board's UART uses (empty: the
# board has none that runs under QEMU). Included by examples/uart_decode and
# test/port, each of which needs that variable in its own scope: so no
# include guard (defining the function twice is harmless).
include("${CMAKE_CURRENT_LIST_DIR}/../../toolchains/bsp/utf8mcu_bsp.cmake")

set(UTF8MCU_UART_DECODE_PORT "")
if(CMAKE_CROSSCOMPILING)
  if(UTF8MCU_BOARD MATCHES "^mps2-")
    set(UTF8MCU_UART_DECODE_PORT cmsdk_uart)
  elseif(UTF8MCU_BOARD STREQUAL "lm3s6965evb")
    set(UTF8MCU_UART_DECODE_PORT pl011_uart)
  elseif(UTF8MCU_BOARD STREQUAL "netduinoplus2")
    set(UTF8MCU_UART_DECODE_PORT stm32_usart)
  elseif(UTF8MCU_BOARD STREQUAL "microbit")
    set(UTF8MCU_UART_DECODE_PORT nrf51_uart)
  endif()
endif()

function(utf8mcu_add_uart_decode target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "TEST_FIRMWARE" "" "DEFINITIONS")
  set(source "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/uart_decode.cpp")
  if(arg_TEST_FIRMWARE)
    set(source "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../test/port/uart_decode_firmware.cpp")
  endif()
  add_executable(${target} "${source}")
  target_include_directories(${target} PRIVATE "${CMAKE_CURRENT_FUNCTION_LIST_DIR}")
  target_link_libraries(${target} PRIVATE utf8mcu::port_${UTF8MCU_UART_DECODE_PORT})
  if(TARGET utf8mcu_warnings)
    target_link_libraries(${target} PRIVATE utf8mcu_warnings)
  endif()
  if(UTF8MCU_BOARD STREQUAL "mps2-an505")
    target_compile_definitions(${target} PRIVATE UTF8MCU_UART_DECODE_AN505=1)
  elseif(UTF8MCU_UART_DECODE_PORT STREQUAL "pl011_uart")
    target_compile_definitions(${target} PRIVATE UTF8MCU_UART_DECODE_PL011=1)
  elseif(UTF8MCU_UART_DECODE_PORT STREQUAL "stm32_usart")
    target_compile_definitions(${target} PRIVATE UTF8MCU_UART_DECODE_STM32F4=1)
  elseif(UTF8MCU_UART_DECODE_PORT STREQUAL "nrf51_uart")
    target_compile_definitions(${target} PRIVATE UTF8MCU_UART_DECODE_NRF51=1)
  endif()
  target_compile_definitions(${target} PRIVATE ${arg_DEFINITIONS})
  utf8mcu_add_firmware(${target})
endfunction()
