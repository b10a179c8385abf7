# Grapheme clusters (UAX #29) and line breaks (UAX #14): the property tables,
# generated from the UCD by tools/make_segmentation_tables.py, in a static
# library of their own (utf8mcu_text_segmentation); the breakers are
# header-only (include/utf8mcu/text/grapheme.h, line_break.h). The generator
# writes the tables' sizes to segmentation_tables.txt in the build tree.
set(_segmentation_outputs
  "${UTF8MCU_TEXT_GENERATED}/include/utf8mcu/text/grapheme_properties.h"
  "${UTF8MCU_TEXT_GENERATED}/grapheme_properties.cpp"
  "${UTF8MCU_TEXT_GENERATED}/include/utf8mcu/text/line_break_properties.h"
  "${UTF8MCU_TEXT_GENERATED}/line_break_properties.cpp"
  "${UTF8MCU_TEXT_GENERATED}/segmentation_tables.txt")
utf8mcu_text_generate(SCRIPT "${UTF8MCU_TEXT_TOOLS_DIR}/make_segmentation_tables.py"
  OUTPUTS ${_segmentation_outputs}
  ARGS "${UTF8MCU_UCD_DIR}" "${UTF8MCU_TEXT_GENERATED}"
  DEPENDS "${UTF8MCU_UCD_DIR}/auxiliary/GraphemeBreakProperty.txt" "${UTF8MCU_UCD_DIR}/emoji/emoji-data.txt"
    "${UTF8MCU_UCD_DIR}/LineBreak.txt" "${UTF8MCU_UCD_DIR}/EastAsianWidth.txt"
    "${UTF8MCU_UCD_DIR}/UnicodeData.txt")

add_library(utf8mcu_text_segmentation STATIC
  "${UTF8MCU_TEXT_GENERATED}/grapheme_properties.cpp"
  "${UTF8MCU_TEXT_GENERATED}/line_break_properties.cpp")
add_library(utf8mcu::text_segmentation ALIAS utf8mcu_text_segmentation)
target_include_directories(utf8mcu_text_segmentation PUBLIC
  $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
  $<BUILD_INTERFACE:${UTF8MCU_TEXT_GENERATED}/include>
  $<INSTALL_INTERFACE:include>)
target_link_libraries(utf8mcu_text_segmentation PUBLIC utf8mcu::utf8mcu)
add_dependencies(utf8mcu_text_segmentation utf8mcu_text_version)
utf8mcu_module_compile_options(utf8mcu_text_segmentation)
target_link_libraries(utf8mcu_text INTERFACE utf8mcu_text_segmentation)
