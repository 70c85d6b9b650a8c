# A new user's first `distdoctor check` (unprivileged, bare environment, namespace hosts): the trap
# is named and the fix, applied, makes the real libnccl / Gloo pick the right interface.
# dd_nccl_oracle and dd_listen_spy come from nics.cmake (included first: the glob sorts this file first).
include(${CMAKE_CURRENT_LIST_DIR}/nics.cmake)
if(TARGET dd_nccl_oracle AND TARGET dd_listen_spy)
  add_test(NAME system.check.newuser
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check_newuser.sh --distdoctor $<TARGET_FILE:distdoctor>
            --oracle $<TARGET_FILE:dd_nccl_oracle> --spy $<TARGET_FILE:dd_listen_spy>
            --mismatch-dir ${CMAKE_BINARY_DIR})
  set_tests_properties(system.check.newuser PROPERTIES LABELS system TIMEOUT 90)
endif()
