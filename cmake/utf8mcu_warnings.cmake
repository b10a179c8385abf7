# The warnings and sanitizers of everything utf8mcu compiles itself, defined
# once. The top-level CMakeLists.txt includes it; the projects of their own
# (test/stack, test/fuzz, test/consumers/*) include it by path, and
# test/headers/check_strict_headers.sh reads UTF8MCU_WARNING_FLAGS from here.
# Never exported: no target a consumer links carries these flags.
include_guard(GLOBAL)

set(UTF8MCU_WARNING_FLAGS -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow)
# Host tests: AddressSanitizer and UBSan, and a finding stops the program.
set(UTF8MCU_SANITIZER_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)

# PRIVATE, or INTERFACE when the caller passed INTERFACE (an interface library
# that passes the flags on).
macro(_utf8mcu_flag_scope)
  set(scope PRIVATE)
  if(arg_INTERFACE)
    set(scope INTERFACE)
  endif()
endmacro()

# utf8mcu_target_warnings(<target> [PEDANTIC] [INTERFACE])
# Adds the warning flags to <target> (PRIVATE, or INTERFACE for an interface
# library that passes them on), -pedantic with PEDANTIC (the C
# sources), and -Werror unless UTF8MCU_WERROR is OFF: utf8mcu's own build sets
# that option (off when a firmware pulls utf8mcu in, so that a newer
# compiler's new warning cannot break it); the test projects of their own do
# not define it and always build with -Werror.
function(utf8mcu_target_warnings target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "PEDANTIC;INTERFACE" "" "")
  _utf8mcu_flag_scope()
  set(flags ${UTF8MCU_WARNING_FLAGS})
  if(arg_PEDANTIC)
    list(APPEND flags -pedantic)
  endif()
  if(NOT DEFINED UTF8MCU_WERROR)
    list(APPEND flags -Werror)
  else()
    list(APPEND flags $<$<BOOL:${UTF8MCU_WERROR}>:-Werror>)
  endif()
  target_compile_options(${target} ${scope} ${flags})
endfunction()

# utf8mcu_target_sanitizers(<target> [INTERFACE])
# Compiles and links <target> with UTF8MCU_SANITIZER_FLAGS (PRIVATE, or
# INTERFACE for an interface library that passes them on).
function(utf8mcu_target_sanitizers target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "INTERFACE" "" "")
  _utf8mcu_flag_scope()
  target_compile_options(${target} ${scope} ${UTF8MCU_SANITIZER_FLAGS})
  target_link_options(${target} ${scope} ${UTF8MCU_SANITIZER_FLAGS})
endfunction()

# utf8mcu_module_compile_options(<target>)
# The compile flags of the optional modules' own sources (lib/display,
# lib/text, and the fonts and tables they generate): C++17, no exceptions or
# RTTI anywhere, freestanding on the boards (repeated from the project's
# toolchain so that a command-line CMAKE_CXX_FLAGS cannot drop them), and the
# warnings above.
function(utf8mcu_module_compile_options target)
  target_compile_features(${target} PUBLIC cxx_std_17)
  target_compile_options(${target} PRIVATE -fno-exceptions -fno-rtti)
  if(CMAKE_CROSSCOMPILING AND UTF8MCU_CPU_OPTIONS)
    target_compile_options(${target} PRIVATE ${UTF8MCU_CPU_OPTIONS} ${UTF8MCU_FIRMWARE_CXX_OPTIONS})
  endif()
  if(TARGET utf8mcu_warnings)
    target_link_libraries(${target} PRIVATE $<BUILD_INTERFACE:utf8mcu_warnings>)
  endif()
endfunction()
