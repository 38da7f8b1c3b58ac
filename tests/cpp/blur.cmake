# Blur: the kernel (scalar and SIMD through SIMDe) against the per-byte
# reference in blur_reference.h, the dividers exhaustively, and a fuzzer.
memento_native_test(blur
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_blur_kernel.cpp ${CMAKE_CURRENT_SOURCE_DIR}/test_blur_divide.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/test_blur_quarter.cpp
  KERNEL blur)

memento_fuzzer(blur SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_blur.cpp KERNEL blur)
