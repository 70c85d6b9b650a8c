# Fresh machine: every program the tests and benchmarks call exists, and its Debian package is in
# scripts/install-deps.sh (scripts/check-tools.sh names the package of each missing one).
add_test(NAME system.tools COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/check-tools.sh)
set_tests_properties(system.tools PROPERTIES LABELS system TIMEOUT 60)
# The check itself fails when a package is dropped from install-deps.sh (here: jq).
add_test(NAME system.tools.selftest COMMAND bash -c
  "d=$(mktemp) && trap 'rm -f $d' EXIT && grep -v '^  jq ' '${CMAKE_SOURCE_DIR}/scripts/install-deps.sh' >$d && ! bash '${CMAKE_SOURCE_DIR}/scripts/check-tools.sh' --deps $d 2>$d.err && grep -q \"package 'jq'\" $d.err; rc=$?; rm -f $d.err; exit $rc")
set_tests_properties(system.tools.selftest PROPERTIES LABELS system TIMEOUT 60)
# The layers: each module includes only the modules its dd_module line declares, and
# cluster/analysis never includes the orchestrator (scripts/check-layers.sh). The selftest plants
# an undeclared include (transport -> cluster) in a copy of the tree and requires the check to
# name that line.
add_test(NAME system.layers COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/check-layers.sh)
set_tests_properties(system.layers PROPERTIES LABELS system TIMEOUT 60)
add_test(NAME system.layers.selftest COMMAND bash -c
  "d=$(mktemp -d) && trap 'rm -rf $d' EXIT && cp -r '${CMAKE_SOURCE_DIR}/src' '${CMAKE_SOURCE_DIR}/CMakeLists.txt' $d/ && bash '${CMAKE_SOURCE_DIR}/scripts/check-layers.sh' $d && echo '#include \"cluster/analysis/analysis.hpp\"' >> $d/src/transport/socket.cpp && ! bash '${CMAKE_SOURCE_DIR}/scripts/check-layers.sh' $d 2>$d/err && grep -q 'src/transport/socket.cpp:[0-9]*: module transport includes cluster' $d/err")
set_tests_properties(system.layers.selftest PROPERTIES LABELS system TIMEOUT 60)
# The C++ layout: every file follows .clang-format (scripts/check-format.sh). The selftest appends
# a badly laid out line to a copy of one file and requires the check to name that file.
add_test(NAME system.style.format COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/check-format.sh)
set_tests_properties(system.style.format PROPERTIES LABELS system TIMEOUT 120)
add_test(NAME system.style.format.selftest COMMAND bash -c
  "d=$(mktemp -d) && trap 'rm -rf $d' EXIT && cp -r '${CMAKE_SOURCE_DIR}/src' '${CMAKE_SOURCE_DIR}/.clang-format' $d/ && bash '${CMAKE_SOURCE_DIR}/scripts/check-format.sh' $d && echo 'int  f( ){return 1;}' >> $d/src/core/deadline.cpp && ! bash '${CMAKE_SOURCE_DIR}/scripts/check-format.sh' $d 2>$d/err && grep -q '^src/core/deadline.cpp: not formatted' $d/err")
set_tests_properties(system.style.format.selftest PROPERTIES LABELS system TIMEOUT 120)
# The docs: every relative link in README.md and docs/*.md and every repository path they name
# in backticks exists (scripts/check-doc-links.py). The selftest builds a two-page tree, checks it
# passes, then plants a dead link and a missing path and requires the check to name both lines.
add_test(NAME system.docs.links COMMAND /usr/bin/python3 ${CMAKE_SOURCE_DIR}/scripts/check-doc-links.py ${CMAKE_SOURCE_DIR})
set_tests_properties(system.docs.links PROPERTIES LABELS system TIMEOUT 60)
add_test(NAME system.docs.links.selftest COMMAND bash -c
  "d=$(mktemp -d) && trap 'rm -rf $d' EXIT && mkdir $d/docs $d/scripts && echo '[a](docs/a.md) `scripts/`' >$d/README.md && echo '[r](../README.md) [w](https://x/y) `src/<m>/x`' >$d/docs/a.md && /usr/bin/python3 '${CMAKE_SOURCE_DIR}/scripts/check-doc-links.py' $d && printf '```\\n[f](fenced.md)\\n```\\n[b](gone.md#s)\\n`bench/gone.sh`\\n' >>$d/docs/a.md && ! /usr/bin/python3 '${CMAKE_SOURCE_DIR}/scripts/check-doc-links.py' $d 2>$d/err && grep -q \"^docs/a.md:5: link to 'gone.md#s'\" $d/err && grep -q \"^docs/a.md:6: path 'bench/gone.sh'\" $d/err && ! grep -q fenced $d/err")
set_tests_properties(system.docs.links.selftest PROPERTIES LABELS system TIMEOUT 60)
# Function size: no function of src/ (unit tests aside) is over .clang-tidy's readability-function-size
# limits, 80 lines and 120 statements (scripts/check-function-size.sh, clang-tidy-14 over this
# build's compile_commands.json; JOBS: parallel clang-tidy runs). The selftest runs the check on a
# two-file tree: it passes a short function and names a planted 90-line one. The check itself reads
# every src/ file through clang-tidy (about 20 minutes on 2 loaded cores), so it carries the label
# `slow` that scripts/run-tests.sh leaves out: run it with `ctest --test-dir build/asan -L slow`.
add_test(NAME system.style.function-size
  COMMAND bash -c "JOBS=$(nproc) bash '${CMAKE_SOURCE_DIR}/scripts/check-function-size.sh' '${CMAKE_BINARY_DIR}'")
set_tests_properties(system.style.function-size PROPERTIES LABELS "system;slow" TIMEOUT 1800)
add_test(NAME system.style.function-size.selftest
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/function_size_selftest.sh ${CMAKE_SOURCE_DIR})
set_tests_properties(system.style.function-size.selftest PROPERTIES LABELS system TIMEOUT 120)
