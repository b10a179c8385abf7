# The generated-file cache (tools/generated_cache.py): fonts, Unicode tables,
# test vectors and screens are the same for every preset, so the build trees of
# one clone share them instead of regenerating them in each tree.
#   UTF8MCU_GENERATED_CACHE  the cache directory; empty turns the cache off.
#     Default: build/.generated-cache of the source tree when utf8mcu is the
#     top-level project and the build tree is under build/ (the presets), else
#     off. Deleting the directory is always safe.
#
# utf8mcu_generated_cache_prefix(<var> OUTPUTS <files...> [DEPENDS <files...>])
# Sets <var> to the words to put before a generator's command in
# add_custom_command(... COMMAND ${<var>} <python> <script> ...), or to nothing
# when the cache is off. The command must write exactly OUTPUTS and read only
# its arguments, DEPENDS and the modules beside its script.
if(NOT DEFINED UTF8MCU_GENERATED_CACHE)
  set(_utf8mcu_generated_cache_default "")
  if(UTF8MCU_IS_TOP_LEVEL)
    file(RELATIVE_PATH _utf8mcu_binary_in_build "${PROJECT_SOURCE_DIR}/build" "${CMAKE_BINARY_DIR}")
    if(NOT _utf8mcu_binary_in_build MATCHES "^\\.\\.")
      set(_utf8mcu_generated_cache_default "${PROJECT_SOURCE_DIR}/build/.generated-cache")
    endif()
  endif()
  set(UTF8MCU_GENERATED_CACHE "${_utf8mcu_generated_cache_default}" CACHE PATH
    "Cache of target-independent generated files shared by build trees (empty: off)")
endif()

set(_UTF8MCU_GENERATED_CACHE_TOOL "${CMAKE_CURRENT_LIST_DIR}/../tools/generated_cache.py")

function(utf8mcu_generated_cache_prefix var)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "OUTPUTS;DEPENDS")
  if(NOT UTF8MCU_GENERATED_CACHE)
    set(${var} "" PARENT_SCOPE)
    return()
  endif()
  if(NOT UTF8MCU_GENERATED_CACHE_PYTHON)
    # The interpreter itself, not a launcher such as a pyenv shim (which can
    # take longer to start than a cache hit takes).
    find_package(Python3 REQUIRED COMPONENTS Interpreter)
    execute_process(COMMAND "${Python3_EXECUTABLE}" -c "import sys; print(sys.executable)"
      OUTPUT_VARIABLE _python OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _status)
    if(NOT _status EQUAL 0 OR NOT EXISTS "${_python}")
      set(_python "${Python3_EXECUTABLE}")
    endif()
    set(UTF8MCU_GENERATED_CACHE_PYTHON "${_python}" CACHE INTERNAL "")
  endif()
  # -S: the cache needs only the standard library, and site start-up can take
  # longer than a hit.
  set(_prefix "${UTF8MCU_GENERATED_CACHE_PYTHON}" -S "${_UTF8MCU_GENERATED_CACHE_TOOL}"
    --cache "${UTF8MCU_GENERATED_CACHE}" --binary-dir "${CMAKE_BINARY_DIR}")
  foreach(_input IN LISTS arg_DEPENDS)
    list(APPEND _prefix --input "${_input}")
  endforeach()
  foreach(_output IN LISTS arg_OUTPUTS)
    list(APPEND _prefix --output "${_output}")
  endforeach()
  list(APPEND _prefix --)
  set(${var} "${_prefix}" PARENT_SCOPE)
endfunction()
