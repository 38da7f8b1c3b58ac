# Argon2id kernel: Catch2 tests against RFC vectors and libsodium (both
# variants: test_argon2_scalar, test_argon2_simd), and the hash-string fuzzer.
memento_native_test(argon2
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_argon2_blake2b.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_argon2_rfc.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_argon2_params.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_argon2_libsodium.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_argon2_pwhash_str.cpp
  KERNEL argon2
  LIBS ${SODIUM_LIBRARY})

memento_fuzzer(pwhash_str SOURCES ${CMAKE_CURRENT_LIST_DIR}/fuzz_pwhash_str.cpp KERNEL argon2)
