# utf8mcu_add_uart_decode(<target> [DEFINITIONS <macro=value>...])
# Builds examples/uart_decode/uart_decode.cpp as firmware for the configured
# mps2 board; the definitions set its knobs (used by the tests in test/port).
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/../../toolchains/bsp/utf8mcu_bsp.cmake")

function(utf8mcu_add_uart_decode target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "DEFINITIONS")
  add_executable(${target} "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/uart_decode.cpp")
  target_link_libraries(${target} PRIVATE utf8mcu::port_cmsdk_uart)
  if(TARGET utf8mcu_warnings)
    target_link_libraries(${target} PRIVATE utf8mcu_warnings)
  endif()
  if(UTF8MCU_BOARD STREQUAL "mps2-an505")
    target_compile_definitions(${target} PRIVATE UTF8MCU_UART_DECODE_AN505=1)
  endif()
  target_compile_definitions(${target} PRIVATE ${arg_DEFINITIONS})
  utf8mcu_add_firmware(${target})
endfunction()
