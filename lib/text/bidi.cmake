# The bidi engine (UAX #9) and Arabic joining: utf8mcu_text_bidi, its tables
# generated from the UCD by tools/make_bidi_tables.py. The joining tables are
# an object of their own, so a firmware that only reorders links none of them.
set(_bidi_generated_header "${UTF8MCU_TEXT_GENERATED}/include/utf8mcu/text/internal/bidi_tables.h")
set(_bidi_generated_sources "${UTF8MCU_TEXT_GENERATED}/bidi_tables.cpp" "${UTF8MCU_TEXT_GENERATED}/joining_tables.cpp")
set(UTF8MCU_BIDI_TABLE_STATS "${UTF8MCU_TEXT_GENERATED}/bidi_table_bytes.txt" CACHE INTERNAL "")
utf8mcu_text_generate(SCRIPT "${UTF8MCU_TEXT_TOOLS_DIR}/make_bidi_tables.py"
  OUTPUTS "${_bidi_generated_header}" ${_bidi_generated_sources} "${UTF8MCU_BIDI_TABLE_STATS}"
  ARGS "${UTF8MCU_UCD_DIR}" "${_bidi_generated_header}" ${_bidi_generated_sources} "${UTF8MCU_BIDI_TABLE_STATS}"
  DEPENDS "${UTF8MCU_UCD_DIR}/extracted/DerivedBidiClass.txt" "${UTF8MCU_UCD_DIR}/BidiBrackets.txt"
    "${UTF8MCU_UCD_DIR}/BidiMirroring.txt" "${UTF8MCU_UCD_DIR}/ArabicShaping.txt"
    "${UTF8MCU_UCD_DIR}/UnicodeData.txt")

add_library(utf8mcu_text_bidi STATIC
  "${CMAKE_CURRENT_SOURCE_DIR}/src/bidi.cpp" "${CMAKE_CURRENT_SOURCE_DIR}/src/joining.cpp"
  ${_bidi_generated_sources} "${_bidi_generated_header}")
target_include_directories(utf8mcu_text_bidi PUBLIC
  $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
  $<BUILD_INTERFACE:${UTF8MCU_TEXT_GENERATED}/include>)
utf8mcu_module_compile_options(utf8mcu_text_bidi)
target_link_libraries(utf8mcu_text INTERFACE utf8mcu_text_bidi)
