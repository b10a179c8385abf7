# Scaffolding shared by the consumer projects, kept out of their
# CMakeLists.txt so that those read as the docs show them: the programs `app`
# (C++) and `app_c` (C99), strict warnings, where output goes, and on a QEMU
# board the board support from UTF8MCU_REPO_DIR (startup, linker script).

add_executable(app "${CMAKE_CURRENT_LIST_DIR}/main.cpp")
add_executable(app_c "${CMAKE_CURRENT_LIST_DIR}/main.c")
set_target_properties(app PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
set_target_properties(app_c PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
target_compile_options(app PRIVATE -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow -Werror)
target_compile_options(app_c PRIVATE -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow -pedantic -Werror)
target_include_directories(app PRIVATE "${CMAKE_CURRENT_LIST_DIR}")
target_include_directories(app_c PRIVATE "${CMAKE_CURRENT_LIST_DIR}")

if(CMAKE_CROSSCOMPILING)
  include("${UTF8MCU_REPO_DIR}/toolchains/bsp/utf8mcu_bsp.cmake")
  foreach(program app app_c)
    target_sources(${program} PRIVATE "${CMAKE_CURRENT_LIST_DIR}/print_board.cpp")
    utf8mcu_add_firmware(${program})
  endforeach()
else()
  foreach(program app app_c)
    target_sources(${program} PRIVATE "${CMAKE_CURRENT_LIST_DIR}/print_host.c")
  endforeach()
endif()
