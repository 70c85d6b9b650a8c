// watch.connect.outside-job: a rank dials an address that is no rank of the job and gets no answer
// (clusters-2026-12-06f w3: rank 1 connects to a metrics collector behind a router that drops it).
#include <gtest/gtest.h>

#include <algorithm>

#include "watch/diagnose.hpp"
#include "watch/diagnose_fixture.hpp"

namespace dd::watch {
namespace {

using namespace fixture;

// Rank 1 (pid 200) holds its peer connection to rank 0 (198.18.1.1:40000) and a SYN_SENT to
// `dest`:`port`, routed through the default gateway 192.168.1.1 (the fixture's route table).
// `listen`: a listener of the tree on `port`; `peer`: an established connection of the tree to `dest`.
World outside(const std::string& dest, int port, bool listen = false, bool peer = false) {
  World w;
  Proc r1{200, 1, 1, 50, 1000, {21, 31, 41}, {{200, 'S', "42 0x1f 0x7ffd 0x10", "inet_wait_for_connect"}}};
  r1.env = {"WORLD_SIZE=2", "MASTER_ADDR=198.18.1.1", "MASTER_PORT=29500"};
  add(w.before_tree, r1);
  add(w.after_tree, r1);
  auto syn = sock(31, "198.18.1.2", 54016, dest, port, TcpState::syn_sent);
  syn.retransmits = 8;
  for (auto* s : {&w.before_socks, &w.after_socks}) {
    s->table = {sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established), syn};
    if (listen) s->table.push_back(sock(41, "0.0.0.0", port, "0.0.0.0", 0, TcpState::listen));
    if (peer) s->table.push_back(sock(41, "198.18.1.2", 50001, dest, 40001, TcpState::established));
  }
  w.take({200});
  return w;
}

TEST(DiagnoseOutside, ASynToAnAddressNoRankHoldsIsNamedAsSuchNotAnInterfaceMismatch) {
  auto w = outside("10.9.102.50", 8443);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.connect.outside-job");
  EXPECT_EQ(f[0].label, core::Label::other);
  EXPECT_EQ(f[0].title,
            "rank 1 (pid 200) tries to connect to 10.9.102.50:8443 (an address no connection of the job seen here "
            "holds) and gets no answer: "
            "SYN_SENT, 8 retransmits, via gateway 192.168.1.1 on eth0");
  EXPECT_EQ(f[0].fix.text.find("export"), std::string::npos) << f[0].fix.text;
  EXPECT_TRUE(f[0].fix.env.empty());
  EXPECT_NE(f[0].fix.text.find("`nc -vz -w 3 10.9.102.50 8443`"), std::string::npos) << f[0].fix.text;
  for (const auto& g : f) EXPECT_NE(g.label, core::Label::interface_mismatch) << g.id;
}

// One step short: the address is a peer end of the tree's connections, or a process of the tree
// listens on its port: it may be a rank's; the interface rule stands.
TEST(DiagnoseOutsideShort, AnAddressOrPortTheJobHoldsIsNotOutsideTheJob) {
  for (auto [listen, peer] : {std::pair{false, true}, std::pair{true, false}}) {
    auto w = outside("10.9.102.50", 8443, listen, peer);
    auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
    for (const auto& g : f) EXPECT_NE(g.id, "watch.connect.outside-job") << listen;
    EXPECT_TRUE(std::any_of(f.begin(), f.end(), [](auto& g) { return g.id == "watch.connect.off-network"; }));
  }
}

}  // namespace
}  // namespace dd::watch
