# Notes kernel: Catch2 against libsodium-dev (scalar and SIMD builds), and a
# libFuzzer target for the batch parser.
memento_native_test(notes
  SOURCES test_notes_vectors.cpp test_notes_libsodium.cpp test_notes_tamper.cpp test_notes_base64.cpp
          test_notes_poly_carries.cpp test_notes_batch.cpp
  KERNEL notes
  LIBS ${SODIUM_LIBRARY})
memento_fuzzer(notes_batch SOURCES fuzz_notes_batch.cpp KERNEL notes)

# The two-lane Poly1305 is an A/B switch, off in the shipped builds (slower in
# V8, cpp/notes/NOTES.md): a third build keeps it correct, vectors and the
# randomized carry search included.
if(NOT MEMENTO_FUZZ)
  get_target_property(notes_sources notes_simd SOURCES)
  get_target_property(notes_dir notes_simd SOURCE_DIR)
  list(TRANSFORM notes_sources PREPEND ${notes_dir}/)
  add_library(notes_simd_two_lanes STATIC ${notes_sources})
  target_compile_definitions(notes_simd_two_lanes PUBLIC MEMENTO_SIMD=1 MEMENTO_NOTES_POLY_TWO_LANES=1)
  target_include_directories(notes_simd_two_lanes PUBLIC ${MEMENTO_ROOT}/cpp)
  target_compile_options(notes_simd_two_lanes PRIVATE -O2 -Wall -Wextra)
  add_executable(test_notes_simd_two_lanes test_notes_vectors.cpp test_notes_poly_carries.cpp test_notes_libsodium.cpp)
  target_link_libraries(test_notes_simd_two_lanes PRIVATE catch_main notes_simd_two_lanes ${SODIUM_LIBRARY})
  target_include_directories(test_notes_simd_two_lanes PRIVATE ${MEMENTO_ROOT}/cpp ${MEMENTO_ROOT}/tests/cpp)
  target_compile_options(test_notes_simd_two_lanes PRIVATE -O2)
  add_test(NAME test_notes_simd_two_lanes COMMAND test_notes_simd_two_lanes "[vectors],[poly1305]")
endif()
