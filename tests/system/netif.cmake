# System test for the interface inventory (src/netif): a forked child builds a private network
# namespace with renamed veths (eth0, ib0, bond0), a docker0 bridge and a tap, then reads the
# inventory with the real getifaddrs/sysfs/ethtool seams. The namespace dies with the child.
# Needs root; fails with the reason otherwise. The test is DISABLED_ in the plain unit run.
add_test(NAME system.netif.live_namespace
  COMMAND $<TARGET_FILE:dd_unit_tests> --gtest_also_run_disabled_tests
          --gtest_filter=NetifLive.DISABLED_NamespaceWithRenamedVeths)
set_tests_properties(system.netif.live_namespace PROPERTIES LABELS system TIMEOUT 60)
add_test(NAME system.netif.software_links
  COMMAND $<TARGET_FILE:dd_unit_tests> --gtest_also_run_disabled_tests
          --gtest_filter=NetifLive.DISABLED_SoftwareLinksAreVirtualByTheirDriverWhateverTheirName)
set_tests_properties(system.netif.software_links PROPERTIES LABELS system TIMEOUT 60)
