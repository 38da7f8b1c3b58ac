// SHA-256 of the five maps in order (albedo, normal, roughness, ao, orm) as
// worker/texture-spec.js renders them; tests/js/texture.test.js recomputes
// every line from the spec, so a change to the spec shows up there first.
#pragma once
#include <cstdint>

namespace texture_test {

struct Digest {
  int32_t kind;  // 0 stone-wall, 1 vault-face
  uint32_t size;
  uint32_t seed;  // size * 0x9e3779b9 (+ 1 for the vault), mod 2^32
  const char* sha256;
};

inline constexpr Digest kDigests[] = {
    {0, 1, 2654435769u, "95d1cfb2398d2990aa3459b94880e187d31115c34ccf39d793696bdc19f4b9a9"},
    {0, 2, 1013904242u, "a31e597f5de828e188e278cea61b7a2c4a714f35549d662a3e31b53eb5762c5a"},
    {0, 3, 3668340011u, "90ba4dd6ef3e1fcd4a7dedd2e913605cca060cda4949b2b306e8c6731e69b9c4"},
    {0, 63, 4020696199u, "9100880443c378867e9739afcd9963f5de8f490f31c543e4547bba3f4c648b79"},
    {0, 64, 2380164672u, "e11f3829068ed0040a5a6dff7c6f9af0e857559d7ae4ac1b1776ac657ac4f188"},
    {0, 65, 739633145u, "24ff71e9bf544a3c385ad5afe37649a2e508a9e544d13b46144ebe92b19dd738"},
    {0, 127, 2105893575u, "0165d0e000b3b6bc9a1b41f51adcbd7c26d845c5a98d5c97d8d0fd0e3629e49a"},
    {0, 500, 72990036u, "bc3dd32a186f76d648dadce36d481dbe7b1b155c0c333a6b57df90c9078081f4"},
    {1, 1, 2654435770u, "bf872da81088dac142172f8b7961654a72bf53ed69a01b7c8679f47fb2be1de2"},
    {1, 2, 1013904243u, "838b3cb5bd846755b0f49ecb7976a9de54063a32dd1539c7c7391bb5624148f6"},
    {1, 3, 3668340012u, "9faad55c763dd418c65cd34154bf4df1d92c6927f4818a2b59fe72f88defe76d"},
    {1, 63, 4020696200u, "5e35c512bc04acfc7b7f89efb1dcdb402b89685cd9d8767eef13a49ab738f644"},
    {1, 64, 2380164673u, "26a797dacddc9fc264a237c8f4550564fa34b54f25183e623513a1c5f394907d"},
    {1, 65, 739633146u, "01bda39778fdeac398744866d97b40e9623281b62b3a34c4fe21f301f6d5ba69"},
    {1, 127, 2105893576u, "5feaa2fdd8609eacd7e61695a0e7b7f8da4204404fe1ba5e94cb13c8829bf708"},
    {1, 500, 72990037u, "ef54baf4eb410e52e60913324e62440e63cef642b531a60d6ceaf76c89d93573"},
};

}  // namespace texture_test
