# Board support for firmware images (cross builds only; a no-op on the host).
#   include(<repo>/toolchains/bsp/utf8mcu_bsp.cmake)
#   add_executable(app main.cpp)
#   utf8mcu_add_firmware(app)   # links utf8mcu_bsp, writes app.elf.map
# utf8mcu_bsp: vector table, reset and fault handlers, semihosting
# (utf8mcu_bsp/semihosting.h), board info (utf8mcu_bsp/board.h), SysTick as an
# instruction counter under -icount (utf8mcu_bsp/systick.h), mem* functions,
# the board linker script. The firmware provides int main().
include_guard(GLOBAL)

if(UTF8MCU_BOARD_ERROR)
  message(FATAL_ERROR "${UTF8MCU_BOARD_ERROR}")
endif()

if(NOT CMAKE_CROSSCOMPILING OR NOT UTF8MCU_BOARD)
  return()
endif()
if(NOT UTF8MCU_CPU_OPTIONS)
  message(FATAL_ERROR "utf8mcu_bsp needs toolchains/arm-none-eabi.cmake as the toolchain file")
endif()

# Cached: the functions below run from other directories (include_guard).
set(UTF8MCU_BSP_DIR "${CMAKE_CURRENT_LIST_DIR}" CACHE INTERNAL "utf8mcu board support")

# The BSP library <name> for <board>'s memory map (its linker script); the
# configured board's is utf8mcu_bsp. Another board of the same core (e.g.
# lm3s811evb beside lm3s6965evb) gets its own with utf8mcu_add_firmware(... BOARD).
function(_utf8mcu_bsp_library name board)
  add_library(${name} STATIC
    "${UTF8MCU_BSP_DIR}/src/startup.cpp"
    "${UTF8MCU_BSP_DIR}/src/semihosting.cpp"
    "${UTF8MCU_BSP_DIR}/src/mem.cpp")
  target_include_directories(${name} PUBLIC "${UTF8MCU_BSP_DIR}/include")
  target_compile_features(${name} PUBLIC cxx_std_17)
  # Repeats the toolchain's CPU and firmware flags so that they survive a
  # command-line CMAKE_CXX_FLAGS, which replaces the toolchain's defaults.
  target_compile_options(${name} PUBLIC ${UTF8MCU_CPU_OPTIONS}
    $<$<COMPILE_LANGUAGE:CXX>:${UTF8MCU_FIRMWARE_CXX_OPTIONS}>)
  target_link_options(${name} INTERFACE ${UTF8MCU_CPU_OPTIONS} -nostdlib)
  target_compile_definitions(${name} PUBLIC UTF8MCU_BOARD_NAME="${board}")
  # The mem* loops must not be turned into calls to mem* (infinite recursion),
  # and they access bytes of any object through word pointers.
  target_compile_options(${name} PRIVATE
    -fno-tree-loop-distribute-patterns -fno-builtin -fno-strict-aliasing)
  if(TARGET utf8mcu_warnings)
    target_link_libraries(${name} PRIVATE utf8mcu_warnings)
  endif()
  target_link_options(${name} INTERFACE
    "-L${UTF8MCU_BSP_DIR}/ld" "-T${board}.ld")
  # The archive comes before libraries linked after utf8mcu_add_firmware() (an
  # installed utf8mcu::c, say), whose compiler-made memset/memcpy calls would
  # then find no definition: naming one symbol up front pulls in mem.cpp's
  # object, which defines them all; --gc-sections drops what stays unused.
  target_link_options(${name} INTERFACE "-Wl,--undefined=memset")
  set_property(TARGET ${name} APPEND PROPERTY INTERFACE_LINK_DEPENDS
    "${UTF8MCU_BSP_DIR}/ld/${board}.ld" "${UTF8MCU_BSP_DIR}/ld/cortex-m.ld")
endfunction()

_utf8mcu_bsp_library(utf8mcu_bsp ${UTF8MCU_BOARD})

# Makes <target> a firmware image for the configured board, or for BOARD (a
# board of the same core with a linker script in ld/).
function(utf8mcu_add_firmware target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "BOARD" "")
  set(_bsp utf8mcu_bsp)
  if(arg_BOARD AND NOT arg_BOARD STREQUAL UTF8MCU_BOARD)
    set(_bsp utf8mcu_bsp_${arg_BOARD})
    if(NOT TARGET ${_bsp})
      _utf8mcu_bsp_library(${_bsp} ${arg_BOARD})
    endif()
  endif()
  target_link_libraries(${target} PRIVATE ${_bsp})
  target_link_options(${target} PRIVATE "-Wl,-Map=$<TARGET_FILE:${target}>.map")
endfunction()
