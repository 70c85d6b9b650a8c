# Fix renderings (--export-format, launch-template) and the HTML report (tests/system/report/).
# export-formats and browser use namespace nodes (tests/system/preflight/lib.sh): root, serial.
add_test(NAME system.report.export-formats
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/report/export_formats.sh $<TARGET_FILE:distdoctor>)
add_test(NAME system.report.launch-template
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/report/launch_template.sh $<TARGET_FILE:distdoctor>)
add_test(NAME system.report.html-files
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/report/html_files.sh $<TARGET_FILE:distdoctor>)
add_test(NAME system.report.browser
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/report/browser.sh $<TARGET_FILE:distdoctor>
                 ${CMAKE_BINARY_DIR}/report-artefacts ${CMAKE_SOURCE_DIR}/tests/corpus/logs/nccl-697/log.txt)
set_tests_properties(system.report.export-formats system.report.browser PROPERTIES LABELS system TIMEOUT 300 RESOURCE_LOCK dd_netns_timing)
set_tests_properties(system.report.launch-template system.report.html-files PROPERTIES LABELS system TIMEOUT 120)
