# Fresh machine: every program the tests and benchmarks call exists, and its Debian package is in
# scripts/install-deps.sh (scripts/check-tools.sh names the package of each missing one).
add_test(NAME system.tools COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/check-tools.sh)
set_tests_properties(system.tools PROPERTIES LABELS system TIMEOUT 60)
# The check itself fails when a package is dropped from install-deps.sh (here: jq).
add_test(NAME system.tools.selftest COMMAND bash -c
  "d=$(mktemp) && trap 'rm -f $d' EXIT && grep -v '^  jq ' '${CMAKE_SOURCE_DIR}/scripts/install-deps.sh' >$d && ! bash '${CMAKE_SOURCE_DIR}/scripts/check-tools.sh' --deps $d 2>$d.err && grep -q \"package 'jq'\" $d.err; rc=$?; rm -f $d.err; exit $rc")
set_tests_properties(system.tools.selftest PROPERTIES LABELS system TIMEOUT 60)
# cluster/ as two rooms: transport never includes analysis (scripts/check-layers.sh); the selftest
# plants an offending include in a copy of src/ and requires the check to name it.
add_test(NAME system.layers COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/check-layers.sh)
set_tests_properties(system.layers PROPERTIES LABELS system TIMEOUT 60)
add_test(NAME system.layers.selftest COMMAND bash -c
  "d=$(mktemp -d) && trap 'rm -rf $d' EXIT && cp -r '${CMAKE_SOURCE_DIR}/src/cluster' $d/ && echo '#include \"cluster/analysis/analysis.hpp\"' >> $d/cluster/transport/socket.cpp && ! bash '${CMAKE_SOURCE_DIR}/scripts/check-layers.sh' $d 2>$d/err && grep -q 'transport/socket.cpp' $d/err")
set_tests_properties(system.layers.selftest PROPERTIES LABELS system TIMEOUT 60)
