#include "transport/wire.hpp"

#include <gtest/gtest.h>

namespace dd::cluster {
namespace {

TEST(PreflightWire, RoundTripsEveryType) {
  for (auto t : {MsgType::join, MsgType::plan, MsgType::results, MsgType::verdict, MsgType::reject}) {
    Message m{t, {{"rank", 3}, {"token", "slurm:42"}, {"x", std::string(1000, 'a')}}};
    auto bytes = encode(m);
    ASSERT_EQ(bytes.size(), k_header_size + m.body.dump().size());
    auto back = decode(bytes);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->type, t);
    EXPECT_EQ(back->body, m.body);
  }
}

TEST(PreflightWire, RejectsGarbageVersionTypeAndOversize) {
  auto bytes = encode(Message{MsgType::join, {{"a", 1}}});
  auto garbage = bytes;
  garbage[0] = std::byte{'G'};
  auto g = decode(garbage);
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.error().message.find("bad magic"), std::string::npos);

  auto version = bytes;
  version[5] = std::byte{9};
  auto v = decode(version);
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.error().message.find("wire version 9"), std::string::npos);

  auto type = bytes;
  type[7] = std::byte{77};
  EXPECT_FALSE(decode(type).ok());

  auto big = decode_header(bytes, 4);  // payload {"a":1} is 7 bytes
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().message.find("exceeds the limit of 4"), std::string::npos);
}

TEST(PreflightWire, RejectsTruncatedAndNonObjectPayloads) {
  auto bytes = encode(Message{MsgType::plan, {{"k", "v"}}});
  bytes.pop_back();
  EXPECT_FALSE(decode(bytes).ok());
  EXPECT_FALSE(decode(std::span<const std::byte>(bytes.data(), 5)).ok());
  Header h{MsgType::plan, 3};
  std::array<std::byte, 3> arr{std::byte{'['}, std::byte{'1'}, std::byte{']'}};
  auto p = decode_payload(h, arr);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message.find("not a JSON object"), std::string::npos);
  std::array<std::byte, 3> junk{std::byte{'{'}, std::byte{'x'}, std::byte{0}};
  EXPECT_FALSE(decode_payload(h, junk).ok());
}

}  // namespace
}  // namespace dd::cluster
