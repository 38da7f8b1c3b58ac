# Argon2id kernel: Catch2 tests against RFC vectors and libsodium (both
# variants: test_argon2_scalar, test_argon2_simd), and the hash-string fuzzer.
memento_native_test(argon2
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_argon2_blake2b.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_argon2_rfc.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_argon2_params.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_argon2_libsodium.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_argon2_pwhash_str.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_argon2_edges.cpp
  KERNEL argon2
  LIBS ${SODIUM_LIBRARY})

memento_fuzzer(pwhash_str SOURCES ${CMAKE_CURRENT_LIST_DIR}/fuzz_pwhash_str.cpp KERNEL argon2)

# The SIMD build's other ways of computing P (switches kept for A/B runs in
# other engines, cpp/argon2/NOTES.md) must stay right too: the same tests
# against each, built from the SIMD kernel's sources with the switch set.
if(NOT MEMENTO_FUZZ)
  get_target_property(argon2_simd_sources argon2_simd SOURCES)
  get_target_property(argon2_simd_dir argon2_simd SOURCE_DIR)
  list(TRANSFORM argon2_simd_sources PREPEND ${argon2_simd_dir}/)
  foreach(style 0 4)
    set(lib argon2_simd_pass_style${style})
    add_library(${lib} STATIC ${argon2_simd_sources})
    target_compile_definitions(${lib} PUBLIC MEMENTO_SIMD=1 MEMENTO_ARGON2_PASS_STYLE=${style})
    target_include_directories(${lib} PUBLIC ${MEMENTO_ROOT}/cpp)
    target_compile_options(${lib} PRIVATE -O2 -Wall -Wextra)
    set(target test_argon2_simd_pass_style${style})
    add_executable(${target}
      ${CMAKE_CURRENT_LIST_DIR}/test_argon2_rfc.cpp
      ${CMAKE_CURRENT_LIST_DIR}/test_argon2_libsodium.cpp)
    target_link_libraries(${target} PRIVATE catch_main ${lib} ${SODIUM_LIBRARY})
    target_include_directories(${target} PRIVATE ${MEMENTO_ROOT}/cpp ${MEMENTO_ROOT}/tests/cpp)
    target_compile_options(${target} PRIVATE -O2)
    add_test(NAME ${target} COMMAND ${target})
  endforeach()
endif()
