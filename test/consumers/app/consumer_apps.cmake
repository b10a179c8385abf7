# Scaffolding shared by the consumer projects, kept out of their
# CMakeLists.txt so that those read as the docs show them: the programs `app`
# (C++), `app_c` (C99) and `app_port` (C++: port layer, a platform port and the
# display), strict warnings, where output goes, and on a QEMU board the board
# support from UTF8MCU_REPO_DIR (startup, linker script). `uart_port` names the
# platform port for where the programs run.

add_executable(app "${CMAKE_CURRENT_LIST_DIR}/main.cpp")
add_executable(app_c "${CMAKE_CURRENT_LIST_DIR}/main.c")
add_executable(app_port "${CMAKE_CURRENT_LIST_DIR}/main_port.cpp")
set_target_properties(app app_port PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
set_target_properties(app_c PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
include("${CMAKE_CURRENT_LIST_DIR}/../../../cmake/utf8mcu_warnings.cmake")
foreach(program app app_port)
  utf8mcu_target_warnings(${program})
  target_include_directories(${program} PRIVATE "${CMAKE_CURRENT_LIST_DIR}")
endforeach()
utf8mcu_target_warnings(app_c PEDANTIC)
target_include_directories(app_c PRIVATE "${CMAKE_CURRENT_LIST_DIR}")

if(CMAKE_CROSSCOMPILING)
  set(uart_port cmsdk_uart)
  target_compile_definitions(app_port PRIVATE CONSUMER_ON_BOARD)
  include("${UTF8MCU_REPO_DIR}/toolchains/bsp/utf8mcu_bsp.cmake")
  foreach(program app app_c app_port)
    target_sources(${program} PRIVATE "${CMAKE_CURRENT_LIST_DIR}/print_board.cpp")
    utf8mcu_add_firmware(${program})
  endforeach()
else()
  set(uart_port posix_serial)
  foreach(program app app_c app_port)
    target_sources(${program} PRIVATE "${CMAKE_CURRENT_LIST_DIR}/print_host.c")
  endforeach()
endif()
