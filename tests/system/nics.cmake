# Included from check_newuser.cmake too (it needs the oracle targets); only the first include counts.
include_guard(GLOBAL)

# System tests for `distdoctor nics`: real libnccl (via dd_nccl_oracle) against distdoctor's
# prediction, in throw-away network namespaces (tests/system/netns/). Need root.
set(DD_NCCL_LIB /usr/local/cuda/lib64/libnccl.so.2 CACHE FILEPATH "libnccl the oracle links to")
set(DD_NCCL_INCLUDE /usr/local/cuda/include CACHE PATH "directory holding nccl.h")

if(EXISTS ${DD_NCCL_LIB} AND EXISTS ${DD_NCCL_INCLUDE}/nccl.h)
  add_executable(dd_nccl_oracle
    ${CMAKE_CURRENT_LIST_DIR}/nccl_oracle/nccl_oracle.cpp
    ${CMAKE_CURRENT_LIST_DIR}/nccl_oracle/elf_symtab.cpp)
  target_include_directories(dd_nccl_oracle SYSTEM PRIVATE ${DD_NCCL_INCLUDE})
  get_filename_component(DD_NCCL_LIB_DIR ${DD_NCCL_LIB} DIRECTORY)
  target_link_libraries(dd_nccl_oracle PRIVATE ${DD_NCCL_LIB} nlohmann_json::nlohmann_json ${CMAKE_DL_LIBS} dd_warnings)
  set_target_properties(dd_nccl_oracle PROPERTIES BUILD_RPATH ${DD_NCCL_LIB_DIR})
else()
  message(WARNING "libnccl not found at ${DD_NCCL_LIB}: system.nics tests will fail (no oracle)")
  # Fail loudly rather than skip: the comparison needs the real library.
  add_test(NAME system.nics.requires_nccl
    COMMAND sh -c "echo 'no ${DD_NCCL_INCLUDE}/nccl.h or ${DD_NCCL_LIB}: set DD_NCCL_LIB/DD_NCCL_INCLUDE' >&2; exit 1")
  set_tests_properties(system.nics.requires_nccl PROPERTIES LABELS system TIMEOUT 10)
endif()

# The namespace harness itself: cleanup on failure and SIGTERM, link states, refusal without root.
add_test(NAME system.nics.netns_selftest
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/netns/selftest.sh)
set_tests_properties(system.nics.netns_selftest PROPERTIES LABELS system TIMEOUT 60)

if(TARGET dd_nccl_oracle)
  set(DD_NICS_RUNNER ${CMAKE_CURRENT_LIST_DIR}/netns/run_nics.sh)
  # distdoctor nics (prediction with --no-probe, and nccl.library.observed) against the oracle;
  # every case also checks the oracle against its nccl-facts.md §2 row (FACTS-MISMATCH), which
  # `run_nics.sh --oracle-only GROUP...` does alone.
  foreach(group basic ifname links ipv6 commid config)
    add_test(NAME system.nics.${group}
      COMMAND bash ${DD_NICS_RUNNER} --oracle $<TARGET_FILE:dd_nccl_oracle>
              --distdoctor $<TARGET_FILE:distdoctor> --mismatch-dir ${CMAKE_BINARY_DIR} ${group})
    set_tests_properties(system.nics.${group} PROPERTIES LABELS system TIMEOUT 600)  # links: 120 s quiet, 300 s+ at load 30
  endforeach()
endif()

# Gloo: what real torch.distributed Gloo binds (gloo_oracle.py + the listen_spy LD_PRELOAD shim)
# against distdoctor's gloo.prediction.
add_library(dd_listen_spy SHARED ${CMAKE_CURRENT_LIST_DIR}/netns/listen_spy.cpp)
target_link_libraries(dd_listen_spy PRIVATE ${CMAKE_DL_LIBS} dd_warnings)
add_test(NAME system.nics.gloo
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/netns/run_gloo.sh --spy $<TARGET_FILE:dd_listen_spy>
          --distdoctor $<TARGET_FILE:distdoctor> --mismatch-dir ${CMAKE_BINARY_DIR})
set_tests_properties(system.nics.gloo PROPERTIES LABELS system TIMEOUT 150)
