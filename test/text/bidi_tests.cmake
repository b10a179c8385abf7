# Tests of the bidi engine (UAX #9) and Arabic joining.
if(NOT CMAKE_CROSSCOMPILING)
  # Every line of BidiTest.txt and BidiCharacterTest.txt, read at run time.
  utf8mcu_add_unit_test(NAME text_bidi_files SOURCES "${CMAKE_CURRENT_LIST_DIR}/bidi_files_test.cpp" TIMEOUT 600)
  target_link_libraries(text_bidi_files PRIVATE utf8mcu::text)
  target_compile_definitions(text_bidi_files PRIVATE UTF8MCU_UCD_DIR="${UTF8MCU_UCD_DIR}")
endif()
