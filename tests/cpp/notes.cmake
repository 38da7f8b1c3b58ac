# Notes kernel: Catch2 against libsodium-dev (scalar and SIMD builds), and a
# libFuzzer target for the batch parser.
memento_native_test(notes
  SOURCES test_notes_vectors.cpp test_notes_libsodium.cpp test_notes_tamper.cpp test_notes_base64.cpp
          test_notes_poly_carries.cpp test_notes_batch.cpp test_notes_utf16.cpp
          test_notes_decoded.cpp
  KERNEL notes
  LIBS ${SODIUM_LIBRARY})
memento_fuzzer(notes_batch SOURCES fuzz_notes_batch.cpp KERNEL notes)

# The A/B switches of the SIMD build, off or at their default in the shipped
# builds (cpp/notes/NOTES.md): each non-default value gets a build of its own
# that keeps it correct. Two-lane Poly1305 (slower in V8): vectors and the
# randomized carry search. Rotations by shifts instead of byte shuffles
# (no difference in V8, kept for other engines): the vectors, whose
# self-test case takes the four-block ChaCha20 path that rotates. base64 by
# range compares instead of nibble tables (3.6-4.8 % more CPU for a batch in
# V8): the base64 tests.
if(NOT MEMENTO_FUZZ)
  get_target_property(notes_sources notes_simd SOURCES)
  get_target_property(notes_dir notes_simd SOURCE_DIR)
  list(TRANSFORM notes_sources PREPEND ${notes_dir}/)
  foreach(variant two_lanes rotate_by_shifts base64_by_compares)
    if(variant STREQUAL two_lanes)
      set(define MEMENTO_NOTES_POLY_TWO_LANES=1)
      set(filter "[vectors],[poly1305]")
    elseif(variant STREQUAL base64_by_compares)
      set(define MEMENTO_NOTES_BASE64_BY_NIBBLES=0)
      set(filter "[base64]")
    else()
      set(define MEMENTO_NOTES_ROTATE_BY_SHUFFLE=0)
      set(filter "[vectors]")
    endif()
    add_library(notes_simd_${variant} STATIC ${notes_sources})
    target_compile_definitions(notes_simd_${variant} PUBLIC MEMENTO_SIMD=1 ${define})
    target_include_directories(notes_simd_${variant} PUBLIC ${MEMENTO_ROOT}/cpp)
    target_compile_options(notes_simd_${variant} PRIVATE -O2 -Wall -Wextra)
    add_executable(test_notes_simd_${variant} test_notes_vectors.cpp test_notes_poly_carries.cpp test_notes_libsodium.cpp
                   test_notes_base64.cpp)
    target_link_libraries(test_notes_simd_${variant} PRIVATE catch_main notes_simd_${variant} ${SODIUM_LIBRARY})
    target_include_directories(test_notes_simd_${variant} PRIVATE ${MEMENTO_ROOT}/cpp ${MEMENTO_ROOT}/tests/cpp)
    target_compile_options(test_notes_simd_${variant} PRIVATE -O2)
    add_test(NAME test_notes_simd_${variant} COMMAND test_notes_simd_${variant} "${filter}")
  endforeach()
endif()
