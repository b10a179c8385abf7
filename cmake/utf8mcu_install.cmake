# The CMake package (UTF8MCU_INSTALL): find_package(utf8mcu) gives the targets
# add_subdirectory() and FetchContent give, with the same names. Included from
# the top-level CMakeLists.txt once every target exists.
#
#   utf8mcu::utf8mcu, utf8mcu::c          always
#   utf8mcu::port                         component "port"
#   utf8mcu::port_<platform>              component "port_<platform>": the
#                                         ports utf8mcu_add_port() made for this
#                                         build's core (cross: the MCU UARTs;
#                                         host: posix_serial)
#   utf8mcu::display                      component "display" (when built):
#                                         the default font is compiled in;
#                                         utf8mcu_display_add_font() needs the
#                                         source tree (add_subdirectory, FetchContent)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
set(_config_dir "${CMAKE_INSTALL_LIBDIR}/cmake/utf8mcu")

install(DIRECTORY lib/include/utf8mcu lib/c/include/utf8mcu port/include/utf8mcu DESTINATION include)
set(_targets utf8mcu utf8mcu_c utf8mcu_port)
set(UTF8MCU_INSTALLED_COMPONENTS port)

get_property(_ports GLOBAL PROPERTY UTF8MCU_PORTS)
foreach(_port ${_ports})
  install(DIRECTORY "${UTF8MCU_PORT_DIR_${_port}}/include/utf8mcu" DESTINATION include)
  list(APPEND _targets utf8mcu_port_${_port})
  list(APPEND UTF8MCU_INSTALLED_COMPONENTS port_${_port})
endforeach()

if(TARGET utf8mcu_display)
  install(DIRECTORY lib/display/include/utf8mcu DESTINATION include)
  list(APPEND _targets utf8mcu_display)
  list(APPEND UTF8MCU_INSTALLED_COMPONENTS display)
endif()

install(TARGETS ${_targets} EXPORT utf8mcuTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}")
install(EXPORT utf8mcuTargets
  FILE utf8mcuTargets.cmake
  NAMESPACE utf8mcu::
  DESTINATION "${_config_dir}")
configure_file("${CMAKE_CURRENT_LIST_DIR}/utf8mcuConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/utf8mcuConfig.cmake" @ONLY)
# The libraries are compiled code: the version file also rejects a package
# built for another pointer size (a host build found by a firmware build).
# Install one prefix per core and ABI.
write_basic_package_version_file("${PROJECT_BINARY_DIR}/utf8mcuConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY SameMajorVersion)
install(FILES "${PROJECT_BINARY_DIR}/utf8mcuConfig.cmake" "${PROJECT_BINARY_DIR}/utf8mcuConfigVersion.cmake"
  DESTINATION "${_config_dir}")
