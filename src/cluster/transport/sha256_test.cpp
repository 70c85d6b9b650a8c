#include "cluster/transport/sha256.hpp"

#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <cstring>
#include <random>
#include <string>

#include "cluster/transport/auth.hpp"

namespace dd::cluster {
namespace {

std::string hex(const Digest256& d) { return to_hex(d); }

TEST(Sha256, MatchesTheFipsVectors) {
  EXPECT_EQ(hex(sha256("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hex(sha256("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  Sha256 million;
  std::string a(1000, 'a');
  for (int i = 0; i < 1000; ++i) million.update(a);
  EXPECT_EQ(hex(million.finish()), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, HmacMatchesRfc4231) {
  EXPECT_EQ(hex(hmac_sha256_digest(std::string(20, '\x0b'), "Hi There")),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  // Case 6: a key longer than the block is hashed first.
  EXPECT_EQ(hex(hmac_sha256_digest(std::string(131, '\xaa'), "Test Using Larger Than Block-Size Key - Hash Key First")),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
}

// Every length around the block and padding boundaries, fed in pieces of random size, against
// libcrypto (kept for this test only).
TEST(Sha256, AgreesWithLibcryptoOnEveryLengthAndSplit) {
  std::mt19937 rng(7);
  for (std::size_t len = 0; len < 300; ++len) {
    std::string msg(len, '\0');
    for (auto& c : msg) c = static_cast<char>(rng() & 0xff);
    std::string key(rng() % 100, '\0');
    for (auto& c : key) c = static_cast<char>(rng() & 0xff);
    unsigned char want[32];
    unsigned int n = 0;
    ASSERT_NE(HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
                   reinterpret_cast<const unsigned char*>(msg.data()), msg.size(), want, &n),
              nullptr);
    auto got = hmac_sha256_digest(key, msg);
    ASSERT_EQ(0, std::memcmp(got.data(), want, 32)) << "length " << len << ", key " << key.size();
    unsigned char plain[32];
    ASSERT_EQ(EVP_Digest(msg.data(), msg.size(), plain, &n, EVP_sha256(), nullptr), 1);
    Sha256 pieces;
    for (std::size_t at = 0; at < len;) {
      std::size_t step = std::min<std::size_t>(len - at, rng() % 70);
      pieces.update(std::string_view(msg).substr(at, step));
      at += step;
    }
    auto d = pieces.finish();
    ASSERT_EQ(0, std::memcmp(d.data(), plain, 32)) << "length " << len;
  }
}

TEST(Sha256, ConstantTimeEqualTellsEveryByte) {
  Digest256 a = sha256("x");
  Digest256 b = a;
  EXPECT_TRUE(constant_time_equal(a, b));
  for (std::size_t i = 0; i < b.size(); ++i) {
    Digest256 c = a;
    c[i] ^= std::byte{1};
    EXPECT_FALSE(constant_time_equal(a, c)) << i;
  }
  EXPECT_FALSE(constant_time_equal(std::span(a).first(31), a));
}

}  // namespace
}  // namespace dd::cluster
