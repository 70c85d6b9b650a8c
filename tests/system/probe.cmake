# System tests for the NCCL probe (src/nccl/probe*, `distdoctor __probe-nccl`) and the library
# lookup, against the real libnccl in throw-away network namespaces. Need root; fail without it.
set(DD_PROBE_NCCL_LIB /usr/local/cuda/lib64/libnccl.so.2 CACHE FILEPATH "real libnccl the probe tests load")

# The parent side (probe_library + LinuxProcessRunner) as a tiny program, and fake libraries
# whose ncclGetUniqueId hangs or crashes.
add_executable(dd_probe_driver ${CMAKE_CURRENT_LIST_DIR}/probe_driver.cpp)
target_link_libraries(dd_probe_driver PRIVATE dd_nccl dd_os dd_core nlohmann_json::nlohmann_json dd_warnings dd_sanitizers)
foreach(kind HANG CRASH)
  string(TOLOWER ${kind} lower)
  add_library(dd_fake_nccl_${lower} SHARED ${CMAKE_CURRENT_LIST_DIR}/probe_fake_nccl.cpp)
  target_compile_definitions(dd_fake_nccl_${lower} PRIVATE DD_FAKE_NCCL_${kind})
  target_link_libraries(dd_fake_nccl_${lower} PRIVATE dd_warnings)
endforeach()

set(DD_PROBE_SH ${CMAKE_CURRENT_LIST_DIR}/probe_netns.sh)
set(DD_PROBE_ARGS --distdoctor $<TARGET_FILE:distdoctor> --driver $<TARGET_FILE:dd_probe_driver>
    --lib ${DD_PROBE_NCCL_LIB} --hang-lib $<TARGET_FILE:dd_fake_nccl_hang>
    --crash-lib $<TARGET_FILE:dd_fake_nccl_crash>)
foreach(case child driver ifname_nothing comm_id hang crash not_a_library locate)
  add_test(NAME system.probe.${case} COMMAND bash ${DD_PROBE_SH} ${DD_PROBE_ARGS} ${case})
  set_tests_properties(system.probe.${case} PROPERTIES LABELS system TIMEOUT 90)
endforeach()
