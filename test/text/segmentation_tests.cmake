# Tests of the segmentation engine (grapheme clusters, line breaks): Unicode's
# test files as vectors generated at build time, run on the host and as
# firmware; unit tests of bounds and bad input.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(_segmentation_vectors "${CMAKE_CURRENT_BINARY_DIR}/generated/segmentation_vectors.h")
set(_depends "${CMAKE_CURRENT_SOURCE_DIR}/make_segmentation_vectors.py"
  "${UTF8MCU_UCD_DIR}/auxiliary/GraphemeBreakTest.txt" "${UTF8MCU_UCD_DIR}/auxiliary/LineBreakTest.txt")
utf8mcu_generated_cache_prefix(_cached OUTPUTS "${_segmentation_vectors}" DEPENDS ${_depends})
add_custom_command(
  OUTPUT "${_segmentation_vectors}"
  COMMAND ${_cached} "${Python3_EXECUTABLE}" "${CMAKE_CURRENT_SOURCE_DIR}/make_segmentation_vectors.py"
    "${UTF8MCU_UCD_DIR}/auxiliary/GraphemeBreakTest.txt" "${UTF8MCU_UCD_DIR}/auxiliary/LineBreakTest.txt"
    "${_segmentation_vectors}"
  DEPENDS ${_depends}
  COMMENT "segmentation test vectors from GraphemeBreakTest.txt and LineBreakTest.txt"
  VERBATIM)
add_custom_target(segmentation_vectors DEPENDS "${_segmentation_vectors}")

utf8mcu_add_unit_test(NAME segmentation_conformance_test SOURCES segmentation_conformance_test.cpp TIMEOUT 300)
target_include_directories(segmentation_conformance_test PRIVATE "${CMAKE_CURRENT_BINARY_DIR}/generated")
target_link_libraries(segmentation_conformance_test PRIVATE utf8mcu::text)
add_dependencies(segmentation_conformance_test segmentation_vectors)

utf8mcu_add_unit_test(NAME segmentation_test SOURCES segmentation_test.cpp)
target_include_directories(segmentation_test PRIVATE "${CMAKE_CURRENT_BINARY_DIR}/generated")
target_link_libraries(segmentation_test PRIVATE utf8mcu::text)
add_dependencies(segmentation_test segmentation_vectors)

# Host only: the differential against ICU's BreakIterator and utf8proc over
# random strings from every pair of property values. CTest runs
# UTF8MCU_SEGMENTATION_DIFFERENTIAL_STRINGS of them: the full million takes
# seconds under the sanitizers; run the executable with a count and a seed
# for more.
if(NOT CMAKE_CROSSCOMPILING)
  set(UTF8MCU_SEGMENTATION_DIFFERENTIAL_STRINGS 1000000 CACHE STRING
    "Random strings the segmentation differential against ICU and utf8proc checks under CTest")
  find_package(ICU COMPONENTS uc)
  find_library(UTF8MCU_UTF8PROC_LIBRARY utf8proc)
  find_path(UTF8MCU_UTF8PROC_INCLUDE utf8proc.h)
  if(ICU_FOUND AND UTF8MCU_UTF8PROC_LIBRARY AND UTF8MCU_UTF8PROC_INCLUDE)
    add_executable(segmentation_differential segmentation_differential.cpp)
    target_include_directories(segmentation_differential PRIVATE "${UTF8MCU_UTF8PROC_INCLUDE}")
    target_link_libraries(segmentation_differential PRIVATE utf8mcu::text ICU::uc
      "${UTF8MCU_UTF8PROC_LIBRARY}" utf8mcu_test_options)
    add_test(NAME segmentation_differential
      COMMAND segmentation_differential ${UTF8MCU_SEGMENTATION_DIFFERENTIAL_STRINGS})
    set_tests_properties(segmentation_differential PROPERTIES TIMEOUT 300)
  else()
    message(WARNING "segmentation_differential needs ICU (libicu-dev) and utf8proc (libutf8proc-dev): "
      "tools/setup-deps.sh test installs them")
  endif()
endif()

# Host only: u8text --graphemes and --lines on every line of both test files
# and on random strings against ICU (Debian's python3-icu).
if(NOT CMAKE_CROSSCOMPILING AND UTF8MCU_BUILD_EXAMPLES)
  set(UTF8MCU_PYTHON_ICU "/usr/bin/python3" CACHE FILEPATH "A Python with the icu module (python3-icu)")
  execute_process(COMMAND "${UTF8MCU_PYTHON_ICU}" -c "import icu" RESULT_VARIABLE _python_icu_missing
    OUTPUT_QUIET ERROR_QUIET)
  if(_python_icu_missing)
    message(WARNING "u8text_segmentation test needs python3-icu in UTF8MCU_PYTHON_ICU=${UTF8MCU_PYTHON_ICU} "
      "(tools/setup-deps.sh test installs it)")
  else()
    add_test(NAME u8text_segmentation
      COMMAND "${UTF8MCU_PYTHON_ICU}" "${CMAKE_CURRENT_SOURCE_DIR}/u8text_segmentation_test.py"
        $<TARGET_FILE:u8text> "${UTF8MCU_UCD_DIR}")
    set_tests_properties(u8text_segmentation PROPERTIES TIMEOUT 300)
  endif()
endif()

# The tables' flash budgets, from the generator's stats (the tables are the
# same for every target, so the host build checks them).
if(NOT CMAKE_CROSSCOMPILING)
  add_test(NAME segmentation_table_budgets
    COMMAND Python3::Interpreter "${CMAKE_CURRENT_SOURCE_DIR}/check_segmentation_tables.py"
      "${UTF8MCU_TEXT_GENERATED}/segmentation_tables.txt")
  set_tests_properties(segmentation_table_budgets PROPERTIES TIMEOUT 30)
endif()
