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
# against each, built from the SIMD kernel's sources with the switches set.
# Every value of every switch is compiled by one of these builds (ROTATE and
# MUL only act on SIMD G, so they ride on the all-SIMD PASS 0):
#   test_argon2_simd_pass_style0, _pass_style4, and
#   _pass_style0_rotate_style0_mul_style1, _pass_style0_rotate_style1_mul_style2.
if(NOT MEMENTO_FUZZ)
  get_target_property(argon2_simd_sources argon2_simd SOURCES)
  get_target_property(argon2_simd_dir argon2_simd SOURCE_DIR)
  list(TRANSFORM argon2_simd_sources PREPEND ${argon2_simd_dir}/)
  foreach(switches PASS_STYLE=0 PASS_STYLE=4 "PASS_STYLE=0,ROTATE_STYLE=0,MUL_STYLE=1"
                   "PASS_STYLE=0,ROTATE_STYLE=1,MUL_STYLE=2")
    string(REPLACE "," ";" defines "${switches}")
    list(TRANSFORM defines PREPEND MEMENTO_ARGON2_)
    string(TOLOWER "${switches}" suffix)
    string(REPLACE "=" "" suffix "${suffix}")
    string(REPLACE "," "_" suffix "${suffix}")
    set(lib argon2_simd_${suffix})
    add_library(${lib} STATIC ${argon2_simd_sources})
    target_compile_definitions(${lib} PUBLIC MEMENTO_SIMD=1 ${defines})
    target_include_directories(${lib} PUBLIC ${MEMENTO_ROOT}/cpp)
    target_compile_options(${lib} PRIVATE -O2 -Wall -Wextra)
    set(target test_argon2_simd_${suffix})
    add_executable(${target}
      ${CMAKE_CURRENT_LIST_DIR}/test_argon2_rfc.cpp
      ${CMAKE_CURRENT_LIST_DIR}/test_argon2_libsodium.cpp)
    target_link_libraries(${target} PRIVATE catch_main ${lib} ${SODIUM_LIBRARY})
    target_include_directories(${target} PRIVATE ${MEMENTO_ROOT}/cpp ${MEMENTO_ROOT}/tests/cpp)
    target_compile_options(${target} PRIVATE -O2)
    target_compile_definitions(${target} PRIVATE MEMENTO_TEST_LIBSODIUM_CASES=2500
                                                 MEMENTO_TEST_LIBSODIUM_CASES_TEXT="2,500")
    add_test(NAME ${target} COMMAND ${target})
  endforeach()
endif()
