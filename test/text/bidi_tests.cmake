# Tests of the bidi engine (UAX #9) and Arabic joining.
if(NOT CMAKE_CROSSCOMPILING)
  # Every line of BidiTest.txt and BidiCharacterTest.txt, read at run time.
  utf8mcu_add_unit_test(NAME text_bidi_files SOURCES "${CMAKE_CURRENT_LIST_DIR}/bidi_files_test.cpp" TIMEOUT 600)
  target_link_libraries(text_bidi_files PRIVATE utf8mcu::text)
  target_compile_definitions(text_bidi_files PRIVATE UTF8MCU_UCD_DIR="${UTF8MCU_UCD_DIR}")
endif()

# Bounds and bad input, on the host and the boards.
utf8mcu_add_unit_test(NAME text_bidi_engine SOURCES "${CMAKE_CURRENT_LIST_DIR}/bidi_engine_test.cpp")
target_link_libraries(text_bidi_engine PRIVATE utf8mcu_text_bidi)

# BidiCharacterTest.txt as vectors: a slice of every 64th line on microbit and
# every 8th elsewhere (the host reads the whole file in text_bidi_files), or
# all of them with UTF8MCU_BIDI_FULL_VECTORS=ON (about 2.4 MB: mps2-an385 and
# the host).
option(UTF8MCU_BIDI_FULL_VECTORS "Run every line of BidiCharacterTest.txt in text_bidi_vectors" OFF)
if(UTF8MCU_BIDI_FULL_VECTORS)
  set(_bidi_stride 1)
elseif(UTF8MCU_BOARD STREQUAL "microbit")
  set(_bidi_stride 64)
else()
  set(_bidi_stride 8)
endif()
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(_bidi_vectors "${CMAKE_CURRENT_BINARY_DIR}/generated/bidi_character_vectors.h")
set(_depends "${CMAKE_CURRENT_LIST_DIR}/make_bidi_vectors.py" "${UTF8MCU_UCD_DIR}/BidiCharacterTest.txt")
utf8mcu_generated_cache_prefix(_cached OUTPUTS "${_bidi_vectors}" DEPENDS ${_depends})
add_custom_command(OUTPUT "${_bidi_vectors}"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_CURRENT_BINARY_DIR}/generated"
  COMMAND ${_cached} "${Python3_EXECUTABLE}" "${CMAKE_CURRENT_LIST_DIR}/make_bidi_vectors.py"
    "${UTF8MCU_UCD_DIR}/BidiCharacterTest.txt" "${_bidi_vectors}" ${_bidi_stride}
  DEPENDS ${_depends}
  COMMENT "BidiCharacterTest.txt vectors (every ${_bidi_stride}. line)" VERBATIM)
utf8mcu_add_unit_test(NAME text_bidi_vectors SOURCES "${CMAKE_CURRENT_LIST_DIR}/bidi_vectors_test.cpp" "${_bidi_vectors}"
  TIMEOUT 600)
target_include_directories(text_bidi_vectors PRIVATE "${CMAKE_CURRENT_BINARY_DIR}/generated")
target_link_libraries(text_bidi_vectors PRIVATE utf8mcu_text_bidi)

# The differential against ICU's ubidi (host only): UTF8MCU_BIDI_ICU_CASES
# random paragraphs (a million by default; lower it on a slow machine).
if(NOT CMAKE_CROSSCOMPILING)
  find_package(ICU COMPONENTS uc)
  if(ICU_FOUND)
    set(UTF8MCU_BIDI_ICU_CASES 1000000 CACHE STRING "Random paragraphs of the bidi differential against ICU")
    utf8mcu_add_unit_test(NAME text_bidi_icu SOURCES "${CMAKE_CURRENT_LIST_DIR}/bidi_icu_differential.cpp" TIMEOUT 900)
    target_link_libraries(text_bidi_icu PRIVATE utf8mcu_text_bidi ICU::uc)
    target_compile_definitions(text_bidi_icu PRIVATE UTF8MCU_BIDI_ICU_CASES=${UTF8MCU_BIDI_ICU_CASES})
  else()
    message(STATUS "utf8mcu::text: no ICU (libicu-dev), so no bidi differential against it")
  endif()
endif()

# u8text --bidi, --bidi-rtl and --shape end to end (host, with the examples):
# BidiCharacterTest.txt's visual orders, ICU's ubidi on random paragraphs, and
# ICU's u_shapeArabic and FriBidi on Arabic, Persian and Urdu words. Needs
# Debian's /usr/bin/python3 with python3-icu, and the fribidi command.
if(NOT CMAKE_CROSSCOMPILING AND UTF8MCU_BUILD_EXAMPLES AND EXISTS /usr/bin/python3)
  add_test(NAME text_u8text_bidi
    COMMAND /usr/bin/python3 "${CMAKE_CURRENT_LIST_DIR}/u8text_bidi_test.py" $<TARGET_FILE:u8text>
      "${UTF8MCU_UCD_DIR}" 20000)
  set_tests_properties(text_u8text_bidi PROPERTIES TIMEOUT 300)
endif()

# Instructions per code point on typical lines (M3 at -O2 and -Os, M0+ code at
# -Os and -O2) under -icount shift=0; label bench, run with ctest -L bench.
if(CMAKE_CROSSCOMPILING AND UTF8MCU_BOARD MATCHES "^(mps2-an385|microbit)$" AND TARGET utf8mcu_bsp)
  foreach(_level O2 Os)
    set(_bench text_bidi_bench_${_level})
    utf8mcu_add_unit_test(NAME ${_bench} SOURCES "${CMAKE_CURRENT_LIST_DIR}/bidi_bench.cpp"
      "${UTF8MCU_REPO_DIR}/bench/target/instruction_clock.cpp"
      "${UTF8MCU_REPO_DIR}/lib/text/src/bidi.cpp" "${UTF8MCU_REPO_DIR}/lib/text/src/joining.cpp"
      "${UTF8MCU_TEXT_GENERATED}/bidi_tables.cpp" "${UTF8MCU_TEXT_GENERATED}/joining_tables.cpp" TIMEOUT 300)
    target_include_directories(${_bench} PRIVATE "${UTF8MCU_REPO_DIR}/bench/target" "${UTF8MCU_REPO_DIR}/bench/common"
      "${UTF8MCU_REPO_DIR}/lib/text/include" "${UTF8MCU_TEXT_GENERATED}/include")
    target_compile_options(${_bench} PRIVATE -${_level})
    target_compile_definitions(${_bench} PRIVATE UTF8MCU_BIDI_BENCH_LEVEL="-${_level}")
    add_dependencies(${_bench} utf8mcu_text_bidi)
    set_tests_properties(${_bench} PROPERTIES LABELS bench
      ENVIRONMENT "UTF8MCU_QEMU_ARGS=-icount shift=0;UTF8MCU_QEMU_TIMEOUT=300;UTF8MCU_QEMU_EXPECT=^[0-9]+ passed, 0 failed$")
  endforeach()
endif()

# Arabic joining against a model of its own (make_joining_vectors.py), on the
# host and the boards.
set(_joining_vectors "${CMAKE_CURRENT_BINARY_DIR}/generated/joining_vectors.h")
set(_depends "${CMAKE_CURRENT_LIST_DIR}/make_joining_vectors.py" "${UTF8MCU_UCD_DIR}/ArabicShaping.txt"
  "${UTF8MCU_UCD_DIR}/UnicodeData.txt")
utf8mcu_generated_cache_prefix(_cached OUTPUTS "${_joining_vectors}" DEPENDS ${_depends})
add_custom_command(OUTPUT "${_joining_vectors}"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_CURRENT_BINARY_DIR}/generated"
  COMMAND ${_cached} "${Python3_EXECUTABLE}" "${CMAKE_CURRENT_LIST_DIR}/make_joining_vectors.py"
    "${UTF8MCU_UCD_DIR}" "${_joining_vectors}"
  DEPENDS ${_depends}
  COMMENT "Arabic joining vectors" VERBATIM)
utf8mcu_add_unit_test(NAME text_joining SOURCES "${CMAKE_CURRENT_LIST_DIR}/joining_test.cpp" "${_joining_vectors}")
target_include_directories(text_joining PRIVATE "${CMAKE_CURRENT_BINARY_DIR}/generated")
target_link_libraries(text_joining PRIVATE utf8mcu_text_bidi)
