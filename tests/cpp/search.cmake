# Search: the Myers kernel against DP Levenshtein, the word index against a
# brute-force scan, both built scalar and SIMD (through SIMDe).
memento_native_test(search
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_search_kernel.cpp ${CMAKE_CURRENT_SOURCE_DIR}/test_search_index.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/test_search_text.cpp
  KERNEL search)

memento_fuzzer(search SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_search.cpp KERNEL search)
memento_fuzzer(search_words SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_search_words.cpp KERNEL search)
