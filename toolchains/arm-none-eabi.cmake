# CMake toolchain file for the QEMU Cortex-M boards (arm-none-eabi-gcc, no libc).
#   cmake -B build/mps2-an385 -G Ninja \
#     -DCMAKE_TOOLCHAIN_FILE=toolchains/arm-none-eabi.cmake -DUTF8MCU_BOARD=mps2-an385
# Firmware targets link utf8mcu_bsp (toolchains/bsp/utf8mcu_bsp.cmake), which brings
# the startup code, the linker script and libgcc-only runtime support.

set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(UTF8MCU_BOARDS microbit mps2-an385 mps2-an386 mps2-an500 mps2-an505 lm3s6965evb netduinoplus2)
set(UTF8MCU_BOARD "" CACHE STRING "QEMU board to build for: ${UTF8MCU_BOARDS}")
set_property(CACHE UTF8MCU_BOARD PROPERTY STRINGS ${UTF8MCU_BOARDS})
# try_compile() projects re-read this file; they need the board to pick CPU flags.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES UTF8MCU_BOARD)

if(UTF8MCU_BOARD STREQUAL "microbit")
  # QEMU models the nRF51 as a Cortex-M0; ARMv6-M code built for the M0+ runs on it.
  set(_cpu -mcpu=cortex-m0plus -mthumb -mfloat-abi=soft)
elseif(UTF8MCU_BOARD STREQUAL "mps2-an385")
  set(_cpu -mcpu=cortex-m3 -mthumb -mfloat-abi=soft)
elseif(UTF8MCU_BOARD STREQUAL "mps2-an386")
  set(_cpu -mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard)
elseif(UTF8MCU_BOARD STREQUAL "mps2-an500")
  set(_cpu -mcpu=cortex-m7 -mthumb -mfpu=fpv5-d16 -mfloat-abi=hard)
elseif(UTF8MCU_BOARD STREQUAL "mps2-an505")
  set(_cpu -mcpu=cortex-m33 -mthumb -mfpu=fpv5-sp-d16 -mfloat-abi=hard)
elseif(UTF8MCU_BOARD STREQUAL "lm3s6965evb")
  set(_cpu -mcpu=cortex-m3 -mthumb -mfloat-abi=soft)
elseif(UTF8MCU_BOARD STREQUAL "netduinoplus2")
  # STM32F405: Cortex-M4 with single-precision FPU.
  set(_cpu -mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard)
else()
  message(FATAL_ERROR "UTF8MCU_BOARD must be one of: ${UTF8MCU_BOARDS} (got '${UTF8MCU_BOARD}')")
endif()
list(JOIN _cpu " " UTF8MCU_CPU_FLAGS)
# Also applied by utf8mcu_bsp, so that a -DCMAKE_CXX_FLAGS=... on the command
# line (which replaces the *_INIT flags below) cannot build for the wrong core.
set(UTF8MCU_CPU_OPTIONS ${_cpu})

set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
set(CMAKE_AR arm-none-eabi-ar CACHE FILEPATH "")
set(CMAKE_RANLIB arm-none-eabi-ranlib CACHE FILEPATH "")
set(CMAKE_OBJCOPY arm-none-eabi-objcopy CACHE FILEPATH "")
set(CMAKE_SIZE arm-none-eabi-size CACHE FILEPATH "")
set(CMAKE_NM arm-none-eabi-nm CACHE FILEPATH "")

# Compiler checks only compile: linking needs the BSP, which does not exist yet.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# No heap, exceptions, RTTI, guard variables or atexit: nothing here may pull
# libstdc++/newlib machinery. Sections per function so --gc-sections can trim.
set(UTF8MCU_FIRMWARE_CXX_OPTIONS -ffreestanding -fno-exceptions -fno-rtti -fno-threadsafe-statics
  -fno-use-cxa-atexit -ffunction-sections -fdata-sections)
list(JOIN UTF8MCU_FIRMWARE_CXX_OPTIONS " " _fw)
set(CMAKE_C_FLAGS_INIT "${UTF8MCU_CPU_FLAGS} -ffreestanding -ffunction-sections -fdata-sections -g")
set(CMAKE_CXX_FLAGS_INIT "${UTF8MCU_CPU_FLAGS} ${_fw} -g")
set(CMAKE_ASM_FLAGS_INIT "${UTF8MCU_CPU_FLAGS}")
# -nostdlib drops crt0, libc, libstdc++ and libgcc; libgcc alone is added back last.
set(CMAKE_EXE_LINKER_FLAGS_INIT "${UTF8MCU_CPU_FLAGS} -nostdlib -Wl,--gc-sections")
set(CMAKE_CXX_STANDARD_LIBRARIES_INIT "-lgcc")
set(CMAKE_C_STANDARD_LIBRARIES_INIT "-lgcc")
set(CMAKE_EXECUTABLE_SUFFIX ".elf")
set(CMAKE_EXECUTABLE_SUFFIX_CXX ".elf")
set(CMAKE_EXECUTABLE_SUFFIX_C ".elf")

# Never pick up host libraries or headers (e.g. GTest) in a firmware build.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# add_test(NAME x COMMAND x) then runs the ELF in QEMU under ctest.
get_filename_component(_utf8mcu_root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(CMAKE_CROSSCOMPILING_EMULATOR "${_utf8mcu_root}/tools/qemu-run.sh;${UTF8MCU_BOARD}")
