# Runs a program that writes framebuffer dumps, then compares each dump with
# its golden copy byte for byte (the host demo and the firmware must both match
# test/display/golden, so they match each other).
#
#   cmake -DRUN=<command;args> -DWORK_DIR=<dir> -DGOLDEN_DIR=<dir> -DFILES=<a.pbm;b.pbm>
#         [-DENV=<NAME=value;...>] -P compare_framebuffers.cmake
foreach(var RUN WORK_DIR GOLDEN_DIR FILES)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compare_framebuffers.cmake: -D${var}=... missing")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(_command ${RUN})
if(DEFINED ENV)
  set(_command ${CMAKE_COMMAND} -E env ${ENV} ${RUN})
endif()
execute_process(COMMAND ${_command} WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE _status)
if(NOT _status EQUAL 0)
  message(FATAL_ERROR "FAILED: ${RUN} exited with ${_status}")
endif()

set(_failed OFF)
foreach(_file IN LISTS FILES)
  if(NOT EXISTS "${WORK_DIR}/${_file}")
    message(SEND_ERROR "FAILED: ${_file} was not written")
    set(_failed ON)
    continue()
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${WORK_DIR}/${_file}" "${GOLDEN_DIR}/${_file}"
    RESULT_VARIABLE _differs)
  if(_differs)
    message(SEND_ERROR "FAILED: ${WORK_DIR}/${_file} differs from ${GOLDEN_DIR}/${_file}")
    set(_failed ON)
  else()
    message(STATUS "${_file}: identical to the golden framebuffer")
  endif()
endforeach()
if(_failed)
  message(FATAL_ERROR "framebuffers differ; if the change is intended, regenerate the golden files "
    "with the host demo (docs/display.md, 'Pictures')")
endif()
