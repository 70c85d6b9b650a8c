# Bounded libFuzzer runs of the parsers and decoders (clang, ASan/UBSan); each target is built by
# run_fuzz.sh from its own sources plus the modules it needs. The logs line parser has its own
# runner (logs.cmake) with 1 MB seed lines. The objects go through ccache in the build tree, so the
# modules every target shares compile once per run: the fuzz tests hold one lock (dd_fuzz_objects),
# since two of them compiling at once both miss the cache for the same files (core, os, report,
# netif) and compile them twice, on a fresh CI machine minutes of the suite.
#
# The folder list is written by hand, so configuring checks it against the modules' declared
# dependencies: every dd_<module> a listed module links (transitively) must be listed too, or the
# clang link fails with undefined references, as it did once in CI when cluster began to use firewall.
function(dd_fuzz_check_modules name)
  set(listed "")
  foreach(dir IN LISTS ARGN)
    string(REGEX REPLACE "/.*" "" top "${dir}")
    list(APPEND listed ${top})
  endforeach()
  set(todo ${listed})
  while(todo)
    list(POP_FRONT todo m)
    get_target_property(deps dd_${m} LINK_LIBRARIES)
    foreach(d IN LISTS deps)
      if(NOT d MATCHES "^dd_([a-z]+)$")
        continue()
      endif()
      set(dep ${CMAKE_MATCH_1})
      if(IS_DIRECTORY ${CMAKE_SOURCE_DIR}/src/${dep})
        if(NOT dep IN_LIST listed)
          message(FATAL_ERROR "tests/system/fuzz.cmake: fuzz target '${name}' lists module ${m}, which links dd_${dep}; add ${dep} to its folders")
        endif()
      endif()
    endforeach()
  endwhile()
endfunction()

function(dd_fuzz_test name file)
  dd_fuzz_check_modules(${name} ${ARGN})
  add_test(NAME system.fuzz.${name}
    COMMAND ${CMAKE_COMMAND} -E env DD_FUZZ_CCACHE=${CMAKE_BINARY_DIR}/fuzz-ccache
            bash ${CMAKE_CURRENT_LIST_DIR}/fuzz/run_fuzz.sh ${CMAKE_SOURCE_DIR} ${file} 15 ${ARGN})
  set_tests_properties(system.fuzz.${name} PROPERTIES LABELS "system;fuzz" TIMEOUT 900 RESOURCE_LOCK dd_fuzz_objects)
endfunction()

dd_fuzz_test(sysfs_link   tests/fuzz/netif/sysfs_link_fuzz.cpp        core os os/fake report netif)
dd_fuzz_test(nccl_predict tests/fuzz/nccl/predict_fuzz.cpp            core os os/fake report netif nccl)
dd_fuzz_test(ld_cache     tests/fuzz/nccl/library_ld_cache_fuzz.cpp   core os report netif nccl)
dd_fuzz_test(env_audit    tests/fuzz/env/env_audit_fuzz.cpp           core os os/fake report netif nccl env env/launchers)
dd_fuzz_test(wire         tests/fuzz/transport/wire_fuzz.cpp            core os transport)

# lint: the vendored tree-sitter-python grammar is compiled as plain C by run_lint_fuzz.sh.
add_test(NAME system.fuzz.lint
  COMMAND ${CMAKE_COMMAND} -E env DD_FUZZ_CCACHE=${CMAKE_BINARY_DIR}/fuzz-ccache
          bash ${CMAKE_CURRENT_LIST_DIR}/lint/run_lint_fuzz.sh ${CMAKE_SOURCE_DIR} 15)
set_tests_properties(system.fuzz.lint PROPERTIES LABELS "system;fuzz" TIMEOUT 900 RESOURCE_LOCK dd_fuzz_objects)
