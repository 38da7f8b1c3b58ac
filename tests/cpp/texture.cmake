# Textures: the kernel (scalar and SIMD through SIMDe) against the JS spec's
# SHA-256 digests (libsodium's SHA-256), a per-pixel renderer, bands and seams.
memento_native_test(texture
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_texture.cpp
  KERNEL texture
  LIBS ${SODIUM_LIBRARY})

memento_fuzzer(texture SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_texture.cpp KERNEL texture)
