# Tests of the segmentation engine (grapheme clusters, line breaks): Unicode's
# test files as vectors generated at build time, run on the host and as
# firmware; unit tests of bounds and bad input.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(_segmentation_vectors "${CMAKE_CURRENT_BINARY_DIR}/generated/segmentation_vectors.h")
add_custom_command(
  OUTPUT "${_segmentation_vectors}"
  COMMAND Python3::Interpreter "${CMAKE_CURRENT_SOURCE_DIR}/make_segmentation_vectors.py"
    "${UTF8MCU_UCD_DIR}/auxiliary/GraphemeBreakTest.txt" "${UTF8MCU_UCD_DIR}/auxiliary/LineBreakTest.txt"
    "${_segmentation_vectors}"
  DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/make_segmentation_vectors.py"
    "${UTF8MCU_UCD_DIR}/auxiliary/GraphemeBreakTest.txt" "${UTF8MCU_UCD_DIR}/auxiliary/LineBreakTest.txt"
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
