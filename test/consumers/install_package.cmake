# Installs a utf8mcu build tree into a fresh prefix and checks the package's
# files are there: cmake -DBINARY_DIR=<build> -DPREFIX=<prefix> -P install_package.cmake
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BINARY_DIR}" --prefix "${PREFIX}"
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${status})")
endif()

file(GLOB_RECURSE config "${PREFIX}/*/cmake/utf8mcu/utf8mcuConfig.cmake")
file(GLOB_RECURSE version "${PREFIX}/*/cmake/utf8mcu/utf8mcuConfigVersion.cmake")
file(GLOB_RECURSE library "${PREFIX}/*/libutf8mcu_c.a")
foreach(required config version library)
  if(NOT ${required})
    message(FATAL_ERROR "no ${required} file installed under ${PREFIX}")
  endif()
endforeach()
foreach(header utf8mcu/utf8mcu.h utf8mcu/decoder.h utf8mcu/utf8mcu_c.h)
  if(NOT EXISTS "${PREFIX}/include/${header}")
    message(FATAL_ERROR "${header} not installed under ${PREFIX}/include")
  endif()
endforeach()
message(STATUS "utf8mcu installed in ${PREFIX}")
