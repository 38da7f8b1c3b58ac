# The two helpers every module's CMakeLists.txt uses, so that one module's build
# reads like every other's.
#
# memento_kernel(<module> COMMON <srcs> SCALAR <srcs> SIMD <srcs> BINDINGS <srcs>
#                [WASM_FLAGS <flags>])
#   native: static libraries <module>_scalar and <module>_simd (SIMD through SIMDe)
#   wasm:   <module>.simd.mjs/.wasm (-msimd128) and <module>.mjs/.wasm (scalar);
#           WASM_FLAGS go to the compile and link of both wasm builds (e.g.
#           -mbulk-memory, where a module's A/B showed it helps)
# memento_native_test(<name> SOURCES <srcs> KERNEL <module> [LIBS <libs>])
#   one Catch2 binary per variant (test_<name>_scalar, test_<name>_simd), both run by ctest,
#   so the tests exercise the very SIMD source that ships.

set(MEMENTO_ROOT ${CMAKE_CURRENT_LIST_DIR}/..)

# memento_modules(<var>): the module names of modules.json, in order.
function(memento_modules var)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${MEMENTO_ROOT}/modules.json)
  file(READ ${MEMENTO_ROOT}/modules.json json)
  string(JSON count LENGTH "${json}" modules)
  set(names "")
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON name GET "${json}" modules ${i} name)
    list(APPEND names ${name})
  endforeach()
  set(${var} ${names} PARENT_SCOPE)
endfunction()

option(MEMENTO_FUZZ "clang build with libFuzzer targets (kernels instrumented)" OFF)
if(MEMENTO_FUZZ)
  set(MEMENTO_SANITIZE -fsanitize=fuzzer-no-link,address,undefined -g)
endif()
set(MEMENTO_WASM_OUT ${CMAKE_BINARY_DIR}/out)

set(MEMENTO_WASM_LINK_FLAGS
  -O3 --bind -sMODULARIZE=1 -sEXPORT_ES6=1 -sENVIRONMENT=web,worker -sFILESYSTEM=0
  # embind must not build invokers with new Function: the extension's CSP forbids eval
  -sDYNAMIC_EXECUTION=0
  -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sINITIAL_MEMORY=1MB -sTOTAL_STACK=256KB
  -sEXPORTED_FUNCTIONS=_malloc,_free
  -sINCOMING_MODULE_JS_API=instantiateWasm,wasmBinary,print,printErr
  -sASSERTIONS=0 --no-entry)

function(memento_kernel module)
  cmake_parse_arguments(K "" "" "COMMON;SCALAR;SIMD;BINDINGS;WASM_FLAGS" ${ARGN})
  if(EMSCRIPTEN)
    foreach(variant simd scalar)
      if(variant STREQUAL simd)
        set(target ${module}.simd)
        set(sources ${K_COMMON} ${K_SIMD} ${K_BINDINGS})
        set(simd_flags -msimd128 -DMEMENTO_SIMD=1)
      else()
        set(target ${module})
        set(sources ${K_COMMON} ${K_SCALAR} ${K_BINDINGS})
        set(simd_flags -DMEMENTO_SIMD=0)
      endif()
      add_executable(${target} ${sources})
      target_include_directories(${target} PRIVATE ${MEMENTO_ROOT}/cpp)
      target_compile_options(${target} PRIVATE -O3 ${simd_flags} ${K_WASM_FLAGS} -fno-exceptions)
      string(REPLACE "." "_" export_name "create_${target}")
      target_link_options(${target} PRIVATE ${MEMENTO_WASM_LINK_FLAGS} ${simd_flags} ${K_WASM_FLAGS}
        -sEXPORT_NAME=${export_name})
      set_target_properties(${target} PROPERTIES SUFFIX ".mjs"
        RUNTIME_OUTPUT_DIRECTORY ${MEMENTO_WASM_OUT})
    endforeach()
  else()
    foreach(variant scalar simd)
      set(lib ${module}_${variant})
      if(variant STREQUAL simd)
        add_library(${lib} STATIC ${K_COMMON} ${K_SIMD})
        target_compile_definitions(${lib} PUBLIC MEMENTO_SIMD=1)
      else()
        add_library(${lib} STATIC ${K_COMMON} ${K_SCALAR})
        target_compile_definitions(${lib} PUBLIC MEMENTO_SIMD=0)
      endif()
      target_include_directories(${lib} PUBLIC ${MEMENTO_ROOT}/cpp)
      target_compile_options(${lib} PRIVATE -O2 -Wall -Wextra)
      if(MEMENTO_SANITIZE)
        target_compile_options(${lib} PRIVATE ${MEMENTO_SANITIZE})
        target_link_options(${lib} PUBLIC -fsanitize=address,undefined)
      endif()
    endforeach()
  endif()
endfunction()

function(memento_native_test name)
  cmake_parse_arguments(T "" "KERNEL" "SOURCES;LIBS" ${ARGN})
  if(MEMENTO_FUZZ)
    return()
  endif()
  foreach(variant scalar simd)
    set(target test_${name}_${variant})
    add_executable(${target} ${T_SOURCES})
    target_link_libraries(${target} PRIVATE catch_main ${T_KERNEL}_${variant} ${T_LIBS})
    target_include_directories(${target} PRIVATE ${MEMENTO_ROOT}/cpp ${MEMENTO_ROOT}/tests/cpp)
    target_compile_options(${target} PRIVATE -O2)
    add_test(NAME ${target} COMMAND ${target})
  endforeach()
endfunction()

# memento_fuzzer(<name> SOURCES <srcs> KERNEL <module>)
#   libFuzzer target fuzz_<name>, built only in the clang fuzz build
#   (CC=clang CXX=clang++ cmake -DMEMENTO_FUZZ=ON), linked against the SIMD variant.
function(memento_fuzzer name)
  cmake_parse_arguments(F "" "KERNEL" "SOURCES" ${ARGN})
  if(NOT MEMENTO_FUZZ)
    return()
  endif()
  add_executable(fuzz_${name} ${F_SOURCES})
  target_link_libraries(fuzz_${name} PRIVATE ${F_KERNEL}_simd)
  target_include_directories(fuzz_${name} PRIVATE ${MEMENTO_ROOT}/cpp)
  target_compile_options(fuzz_${name} PRIVATE -O1 -g -fsanitize=fuzzer,address,undefined)
  target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer,address,undefined)
endfunction()
