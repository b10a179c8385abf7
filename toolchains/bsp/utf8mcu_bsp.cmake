# Board support for firmware images (cross builds only; a no-op on the host).
#   include(<repo>/toolchains/bsp/utf8mcu_bsp.cmake)
#   add_executable(app main.cpp)
#   utf8mcu_add_firmware(app)   # links utf8mcu_bsp, writes app.elf.map
# utf8mcu_bsp: vector table, reset and fault handlers, semihosting
# (utf8mcu_bsp/semihosting.h), board info (utf8mcu_bsp/board.h), mem* functions,
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

set(_bsp_dir "${CMAKE_CURRENT_LIST_DIR}")
add_library(utf8mcu_bsp STATIC
  "${_bsp_dir}/src/startup.cpp"
  "${_bsp_dir}/src/semihosting.cpp"
  "${_bsp_dir}/src/mem.cpp")
target_include_directories(utf8mcu_bsp PUBLIC "${_bsp_dir}/include")
target_compile_features(utf8mcu_bsp PUBLIC cxx_std_17)
# Repeats the toolchain's CPU and firmware flags so that they survive a
# command-line CMAKE_CXX_FLAGS, which replaces the toolchain's defaults.
target_compile_options(utf8mcu_bsp PUBLIC ${UTF8MCU_CPU_OPTIONS}
  $<$<COMPILE_LANGUAGE:CXX>:${UTF8MCU_FIRMWARE_CXX_OPTIONS}>)
target_link_options(utf8mcu_bsp INTERFACE ${UTF8MCU_CPU_OPTIONS} -nostdlib)
target_compile_definitions(utf8mcu_bsp PUBLIC UTF8MCU_BOARD_NAME="${UTF8MCU_BOARD}")
# The mem* loops must not be turned into calls to mem* (infinite recursion),
# and they access bytes of any object through word pointers.
target_compile_options(utf8mcu_bsp PRIVATE
  -fno-tree-loop-distribute-patterns -fno-builtin -fno-strict-aliasing)
if(TARGET utf8mcu_warnings)
  target_link_libraries(utf8mcu_bsp PRIVATE utf8mcu_warnings)
endif()
target_link_options(utf8mcu_bsp INTERFACE
  "-L${_bsp_dir}/ld" "-T${UTF8MCU_BOARD}.ld")
# The archive comes before libraries linked after utf8mcu_add_firmware() (an
# installed utf8mcu::c, say), whose compiler-made memset/memcpy calls would
# then find no definition: naming one symbol up front pulls in mem.cpp's
# object, which defines them all; --gc-sections drops what stays unused.
target_link_options(utf8mcu_bsp INTERFACE "-Wl,--undefined=memset")
set_property(TARGET utf8mcu_bsp APPEND PROPERTY INTERFACE_LINK_DEPENDS
  "${_bsp_dir}/ld/${UTF8MCU_BOARD}.ld" "${_bsp_dir}/ld/cortex-m.ld")

# Makes <target> a firmware image for the configured board.
function(utf8mcu_add_firmware target)
  target_link_libraries(${target} PRIVATE utf8mcu_bsp)
  target_link_options(${target} PRIVATE "-Wl,-Map=$<TARGET_FILE:${target}>.map")
endfunction()
