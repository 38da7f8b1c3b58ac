// Published vectors: RFC 8439 (ChaCha20, Poly1305, the AEAD), the XChaCha20
// draft (draft-irtf-cfrg-xchacha-03), NaCl's XSalsa20 / secretbox; plus each
// Poly1305 vector repeated twice as one message, checked against libsodium.
#include <catch2/catch.hpp>

#include "notes/aead.h"
#include "notes/batch.h"
#include "notes/self_test.h"
#include "notes/chacha20.h"
#include "notes/poly1305.h"
#include "notes/salsa20.h"
#include "notes/secretbox.h"
#include "test_notes_support.h"

using namespace memento::notes;
using notes_test::Bytes;
using notes_test::hex;
using notes_test::text;

namespace {

const std::string kSunscreen =
    "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be "
    "it.";

Bytes sequence(std::uint8_t first, std::size_t n) {
  Bytes b(n);
  for (std::size_t i = 0; i < n; i++) b[i] = static_cast<std::uint8_t>(first + i);
  return b;
}

struct PolyVector {
  const char* name;
  const char* key;
  Bytes message;
  const char* tag;
};

std::vector<PolyVector> poly_vectors() {
  const Bytes ietf = hex(
      "416e79207375626d697373696f6e20746f20746865204945544620696e74656e6465642062792074686520436f6e7472696275746f7220"
      "666f72207075626c69636174696f6e20617320616c6c206f722070617274206f6620616e204945544620496e7465726e65742d447261"
      "6674206f722052464320616e6420616e792073746174656d656e74206d6164652077697468696e2074686520636f6e74657874206f66"
      "20616e204945544620616374697669747920697320636f6e7369646572656420616e20224945544620436f6e747269627574696f6e22"
      "2e20537563682073746174656d656e747320696e636c756465206f72616c2073746174656d656e747320696e20494554462073657373"
      "696f6e732c2061732077656c6c206173207772697474656e20616e6420656c656374726f6e696320636f6d6d756e69636174696f6e73"
      "206d61646520617420616e792074696d65206f7220706c6163652c207768696368206172652061646472657373656420746f");
  return {
      {"2.5.2", "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
       text("Cryptographic Forum Research Group"), "a8061dc1305136c6c22b8baf0c0127a9"},
      {"A.3 #1", "0000000000000000000000000000000000000000000000000000000000000000", Bytes(64, 0),
       "00000000000000000000000000000000"},
      {"A.3 #2", "0000000000000000000000000000000036e5f6b5c5e06070f0efca96227a863e", ietf,
       "36e5f6b5c5e06070f0efca96227a863e"},
      {"A.3 #3", "36e5f6b5c5e06070f0efca96227a863e00000000000000000000000000000000", ietf,
       "f3477e7cd95417af89a6b8794c310cf0"},
      {"A.3 #4", "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
       hex("2754776173206272696c6c69672c20616e642074686520736c6974687920746f7665730a446964206779726520616e642067696d62"
           "6c6520696e2074686520776162653a0a416c6c206d696d737920776572652074686520626f726f676f7665732c0a416e6420746865"
           "206d6f6d65207261746873206f757467726162652e"),
       "4541669a7eaaee61e708dc7cbcc5eb62"},
      {"A.3 #5", "0200000000000000000000000000000000000000000000000000000000000000",
       hex("ffffffffffffffffffffffffffffffff"), "03000000000000000000000000000000"},
      {"A.3 #6", "02000000000000000000000000000000ffffffffffffffffffffffffffffffff",
       hex("02000000000000000000000000000000"), "03000000000000000000000000000000"},
      {"A.3 #7", "0100000000000000000000000000000000000000000000000000000000000000",
       hex("fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff11000000000000000000000000000000"),
       "05000000000000000000000000000000"},
      {"A.3 #8", "0100000000000000000000000000000000000000000000000000000000000000",
       hex("fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe01010101010101010101010101010101"),
       "00000000000000000000000000000000"},
      {"A.3 #9", "0200000000000000000000000000000000000000000000000000000000000000",
       hex("fdffffffffffffffffffffffffffffff"), "faffffffffffffffffffffffffffffff"},
      {"A.3 #10", "0100000000000000040000000000000000000000000000000000000000000000",
       hex("e33594d7505e43b900000000000000003394d7505e4379cd01000000000000000000000000000000000000000000000001000000000"
           "000"
           "000000000000000000"),
       "14000000000000005500000000000000"},
      {"A.3 #11", "0100000000000000040000000000000000000000000000000000000000000000",
       hex("e33594d7505e43b900000000000000003394d7505e4379cd010000000000000000000000000000000000000000000000"),
       "13000000000000000000000000000000"},
  };
}

}  // namespace

TEST_CASE("ChaCha20 block function gives the RFC 8439 2.3.2 keystream block", "[notes][vectors]") {
  std::uint32_t state[16];
  chacha20_init(state, sequence(0, 32).data(), hex("000000090000004a00000000").data(), 1);
  std::uint8_t block[64];
  chacha20_block(block, state);
  CHECK(Bytes(block, block + 64) ==
        hex("10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4ed2826446079faa0914c2d705d98b02a2b5129cd1de"
            "164eb9cbd083e8a2503c4e"));
}

TEST_CASE("ChaCha20 encrypts the RFC 8439 2.4.2 sunscreen text", "[notes][vectors]") {
  std::uint32_t state[16];
  chacha20_init(state, sequence(0, 32).data(), hex("000000000000004a00000000").data(), 1);
  const Bytes m = text(kSunscreen);
  Bytes c(m.size());
  chacha20_xor(c.data(), m.data(), m.size(), state);
  CHECK(c ==
        hex("6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b3571639d6"
            "24e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab77937365af90bbf74a3"
            "5be6b40b8eedf2785e42874d"));
}

TEST_CASE("Poly1305 gives the RFC 8439 tags, and libsodium's for each vector repeated twice", "[notes][vectors]") {
  notes_test::init_sodium();
  for (const auto& v : poly_vectors()) {
    INFO(v.name);
    const Bytes key = hex(v.key);
    std::uint8_t tag[16];
    poly1305(tag, v.message.data(), v.message.size(), key.data());
    CHECK(Bytes(tag, tag + 16) == hex(v.tag));

    Bytes twice = v.message;
    twice.insert(twice.end(), v.message.begin(), v.message.end());
    std::uint8_t expected[16];
    crypto_onetimeauth(expected, twice.data(), twice.size(), key.data());
    poly1305(tag, twice.data(), twice.size(), key.data());
    CHECK(Bytes(tag, tag + 16) == Bytes(expected, expected + 16));
  }
}

TEST_CASE("ChaCha20-Poly1305 gives the RFC 8439 2.8.2 ciphertext and tag", "[notes][vectors]") {
  const Bytes key = hex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
  const Bytes nonce = hex("070000004041424344454647");
  const Bytes ad = hex("50515253c0c1c2c3c4c5c6c7");
  const Bytes m = text(kSunscreen);
  Bytes c(m.size() + 16);
  chacha20poly1305_ietf_encrypt(c.data(), m.data(), m.size(), {ad.data(), 4, ad.data() + 4, 8}, nonce.data(),
                                key.data());
  CHECK(c ==
        hex("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de"
            "0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b"
            "7a9de576d26586cec64b6116"
            "1ae10b594f09e26a7e902ecbd0600691"));
  Bytes back(m.size());
  CHECK(chacha20poly1305_ietf_decrypt(back.data(), c.data(), c.size(), {ad.data(), 12, nullptr, 0}, nonce.data(),
                                      key.data()));
  CHECK(back == m);
}

TEST_CASE("HChaCha20 derives the XChaCha20 draft 2.2.1 subkey", "[notes][vectors]") {
  std::uint8_t out[32];
  hchacha20(out, sequence(0, 32).data(), hex("000000090000004a0000000031415927").data());
  CHECK(Bytes(out, out + 32) == hex("82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc"));
}

TEST_CASE("XChaCha20-Poly1305 gives the XChaCha20 draft A.3.1 ciphertext and tag", "[notes][vectors]") {
  const Bytes key = sequence(0x80, 32);
  const Bytes nonce = sequence(0x40, 24);
  const Bytes ad = hex("50515253c0c1c2c3c4c5c6c7");
  const Bytes m = text(kSunscreen);
  Bytes c(m.size() + 16);
  xchacha20poly1305_encrypt(c.data(), m.data(), m.size(), {ad.data(), ad.size(), nullptr, 0}, nonce.data(), key.data());
  CHECK(c ==
        hex("bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6"
            "708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff921f9664c9763"
            "7da9768812f615c68b13b52e"
            "c0875924c1c7987947deafd8780acf49"));
}

TEST_CASE("XChaCha20 gives the XChaCha20 draft A.3.2 keystream and ciphertext", "[notes][vectors]") {
  const Bytes key = sequence(0x80, 32);
  const Bytes nonce = hex("404142434445464748494a4b4c4d4e4f5051525354555658");
  const Bytes m = hex(
      "5468652064686f6c65202870726f6e6f756e6365642022646f6c65222920697320616c736f206b6e6f776e206173207468652041736961"
      "7469632077696c6420646f672c2072656420646f672c20616e642077686973746c696e6720646f672e204974206973206162"
      "6f7574207468652073697a65206f662061204765726d616e20736865706865726420627574206c6f6f6b73206d6f7265206c"
      "696b652061206c6f6e672d6c656767656420666f782e205468697320686967686c7920656c757369766520616e6420736b69"
      "6c6c6564206a756d70657220697320636c6173736966696564207769746820776f6c7665732c20636f796f7465732c206a61"
      "636b616c732c20616e6420666f78657320696e20746865207461786f6e6f6d69632066616d696c792043616e696461652e");
  const Bytes expected_stream = hex(
      "29624b4b1b140ace53740e405b2168540fd7d630c1f536fecd722fc3cddba7f4cca98cf9e47e5e64d115450f9b125b54449ff76141ca62"
      "0a1f9cfcab2a1a8a255e766a5266b878846120ea64ad99aa479471e63befcbd37cd1c22a221fe462215cf32c74895bf505863ccddd48"
      "f62916dc6521f1ec50a5ae08903aa259d9bf607cd8026fba548604f1b6072d91bc91243a5b845f7fd171b02edc5a0a84cf28dd241146"
      "bc376e3f48df5e7fee1d11048c190a3d3deb0feb64b42d9c6fdeee290fa0e6ae2c26c0249ea8c181f7e2ffd100cbe5fd3c4f8271d62b"
      "15330cb8fdcf00b3df507ca8c924f7017b7e712d15a2eb5c50484451e54e1b4b995bd8fdd94597bb94d7af0b2c04df10ba0890899ed9"
      "293a0f55b8bafa999264035f1d4fbe7fe0aafa109a62372027e50e10cdfecca127");
  const Bytes expected_xor = hex(
      "7d0a2e6b7f7c65a236542630294e063b7ab9b555a5d5149aa21e4ae1e4fbce87ecc8e08a8b5e350abe622b2ffa617b202cfad72032a303"
      "7e76ffdcdc4376ee053a190d7e46ca1de04144850381b9cb29f051915386b8a710b8ac4d027b8b050f7cba5854e028d564e453b8a968"
      "824173fc16488b8970cac828f11ae53cabd20112f87107df24ee6183d2274fe4c8b1485534ef2c5fbc1ec24bfc3663efaa08bc047d29"
      "d25043532db8391a8a3d776bf4372a6955827ccb0cdd4af403a7ce4c63d595c75a43e045f0cce1f29c8b93bd65afc5974922f214a40b"
      "7c402cdb91ae73c0b63615cdad0480680f16515a7ace9d39236464328a37743ffc28f4ddb324f4d0f5bbdc270c65b1749a6efff1fbaa"
      "09536175ccd29fb9e6057b307320d316838a9c71f70b5b5907a66f7ea49aadc409");
  REQUIRE(m.size() == expected_xor.size());
  std::uint8_t subkey[32];
  hchacha20(subkey, key.data(), nonce.data());
  Bytes nonce12(4, 0);
  nonce12.insert(nonce12.end(), nonce.begin() + 16, nonce.end());
  std::uint32_t state[16];
  chacha20_init(state, subkey, nonce12.data(), 1);  // the draft starts at block 1
  Bytes stream(expected_stream.size(), 0), c(m.size());
  chacha20_xor(stream.data(), stream.data(), stream.size(), state);
  chacha20_xor(c.data(), m.data(), m.size(), state);
  CHECK(stream == expected_stream);
  CHECK(c == expected_xor);
}

TEST_CASE("HSalsa20 and XSalsa20-Poly1305 give NaCl's secretbox vector", "[notes][vectors]") {
  const Bytes key = hex("1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389");
  const Bytes nonce = hex("69696ee955b62b73cd62bda875fc73d68219e0036b7a0b37");
  std::uint8_t subkey[32];
  hsalsa20(subkey, key.data(), nonce.data());
  CHECK(Bytes(subkey, subkey + 32) == hex("dc908dda0b9344a953629b733820778880f3ceb421bb61b91cbd4c3e66256ce4"));
  const Bytes m = hex(
      "be075fc53c81f2d5cf141316ebeb0c7b5228c52a4c62cbd44b66849b64244ffce5ecbaaf33bd751a1ac728d45e6c61296cdc3c01233561f4"
      "1db66cce314adb310e3be8250c46f06dceea3a7fa1348057e2f6556ad6b1318a024a838f21af1fde048977eb48f59ffd4924ca1c60902e"
      "52f0a089bc76897040e082f937763848645e0705");
  const Bytes expected = hex(
      "f3ffc7703f9400e52a7dfb4b3d3305d98e993b9f48681273c29650ba32fc76ce48332ea7164d96a4476fb8c531a1186ac0dfc17c98dce8"
      "7b4da7f011ec48c97271d2c20f9b928fe2270d6fb863d51738b48eeee314a7cc8ab932164548e526ae90224368517acfeabd6bb3732b"
      "c0e9da99832b61ca01b6de56244a9e88d5f9b37973f622a43d14a6599b1f654cb45a74e355a5");
  Bytes c(m.size() + 16);
  secretbox_easy(c.data(), m.data(), m.size(), nonce.data(), key.data());
  CHECK(c == expected);
  Bytes back(m.size());
  CHECK(secretbox_open_easy(back.data(), c.data(), c.size(), nonce.data(), key.data()));
  CHECK(back == m);
}

TEST_CASE("the known-answer self-test passes on this build", "[notes][vectors]") { CHECK(self_test()); }
