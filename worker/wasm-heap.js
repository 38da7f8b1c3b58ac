// Moving bytes in and out of an Emscripten module's heap: the one place that
// mallocs, copies, erases and frees, so no op forgets a step. Every ops file
// (worker/<module>-ops.js) goes through these; none touches _malloc, _free or
// the HEAP views itself. A failed allocation throws an Error named
// 'OutOfMemoryError' (worker/wasm-status.js), never a RangeError.
import { outOfMemoryError } from './wasm-status.js';

function malloc(wasm, size) {
  const ptr = wasm._malloc(Math.max(size, 1));
  if (!ptr) throw outOfMemoryError(`out of wasm memory allocating ${size} bytes`);
  return ptr;
}

function bytesOf(array) {
  return array instanceof Uint8Array ? array : new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/**
 * Copies `array` (a Uint8Array, or any typed array: its bytes) into a fresh
 * heap allocation; returns its address (0 for empty or missing input).
 */
export function heapCopyIn(wasm, array) {
  if (!array || array.length === 0) return 0;
  const bytes = bytesOf(array);
  const ptr = malloc(wasm, bytes.length);
  wasm.HEAPU8.set(bytes, ptr);
  return ptr;
}

/** Allocates `size` zeroed bytes on the heap (at least one: the address is never 0). */
export function heapAlloc(wasm, size) {
  const ptr = malloc(wasm, size);
  wasm.HEAPU8.fill(0, ptr, ptr + size);
  return ptr;
}

/** Allocates `size` bytes on the heap without clearing them (the callee writes them all). */
export function heapAllocUninitialized(wasm, size) {
  return malloc(wasm, size);
}

/** Copies `size` bytes out of the heap (the view is read after any growth). */
export function heapCopyOut(wasm, ptr, size) {
  return wasm.HEAPU8.slice(ptr, ptr + size);
}

/** Copies `count` 32-bit words out of the heap (ptr 4-byte aligned, as malloc's). */
export function heapCopyOutU32(wasm, ptr, count) {
  return wasm.HEAPU32.slice(ptr >>> 2, (ptr >>> 2) + count);
}

/** The 32-bit word at `ptr`: a length, count or handle a binding wrote through an out-pointer. */
export function heapReadU32(wasm, ptr) {
  return wasm.HEAPU32[ptr >>> 2];
}

/** The byte at `ptr`: a verdict a binding wrote through an out-pointer. */
export function heapReadU8(wasm, ptr) {
  return wasm.HEAPU8[ptr];
}

/** Views `size` bytes of the heap in place; valid only until the next allocation (the heap may grow). */
export function heapView(wasm, ptr, size) {
  return wasm.HEAPU8.subarray(ptr, ptr + size);
}

/** Frees each address (0 is skipped) without erasing: public bytes only. */
export function heapFree(wasm, ...ptrs) {
  for (const ptr of ptrs) if (ptr) wasm._free(ptr);
}

/** Copies `target.length` bytes at `ptr` into `target` (a map's band, say), without a new buffer. */
export function heapCopyOutInto(wasm, ptr, target) {
  target.set(wasm.HEAPU8.subarray(ptr, ptr + target.length));
  return target;
}

/** Zeroes and frees each [ptr, size] pair; secrets never linger in the heap. */
export function heapEraseFree(wasm, ...allocations) {
  for (const [ptr, size] of allocations) {
    if (!ptr) continue;
    wasm.HEAPU8.fill(0, ptr, ptr + size);
    wasm._free(ptr);
  }
}

/**
 * Runs `body(heap)` and releases every allocation it made through `heap`
 * afterwards, also when it throws (a failed allocation included): secret ones
 * (the default) are zeroed first, `{ secret: false }` ones (public bytes) only
 * freed. `heap.copyIn(array)`, `heap.alloc(size)` (zeroed) and
 * `heap.allocUninitialized(size)` return addresses; `heap.eraseOnly(ptr, n)`
 * narrows the erase of a secret allocation to its first n bytes (a kernel
 * that zeroes whatever it does not return); `heap.release(...ptrs)` erases
 * and frees early (inputs a kernel has absorbed).
 */
export function withHeap(wasm, body) {
  const secret = new Map();  // ptr -> bytes to erase
  const sizes = new Map();   // ptr -> bytes allocated, for the secret ones
  const open = [];
  const track = (ptr, size, { secret: isSecret = true } = {}) => {
    if (ptr && isSecret) {
      secret.set(ptr, size);
      sizes.set(ptr, size);
    } else if (ptr) {
      open.push(ptr);
    }
    return ptr;
  };
  const heap = {
    copyIn: (array, options) => track(heapCopyIn(wasm, array), array?.byteLength ?? 0, options),
    alloc: (size, options) => track(heapAlloc(wasm, size), size, options),
    allocUninitialized: (size, options) => track(heapAllocUninitialized(wasm, size), size, options),
    eraseOnly(ptr, bytes) {
      if (secret.has(ptr)) secret.set(ptr, Math.min(bytes, sizes.get(ptr)));
    },
    release(...ptrs) {
      for (const ptr of ptrs) {
        if (secret.has(ptr)) {
          heapEraseFree(wasm, [ptr, secret.get(ptr)]);
          secret.delete(ptr);
        } else if (open.includes(ptr)) {
          heapFree(wasm, ptr);
          open.splice(open.indexOf(ptr), 1);
        }
      }
    },
  };
  try {
    return body(heap);
  } finally {
    heapEraseFree(wasm, ...secret);
    heapFree(wasm, ...open);
  }
}

/**
 * Heap buffers kept between calls, for public bytes a module needs on every
 * call (the blur's pixels, output and scratch, once per animation frame):
 * `reserve({name: size, ...})` makes each named buffer at least that big
 * (reallocated only when it must grow, never erased) and returns their
 * addresses, all taken before any of them is viewed, so one call's views stay
 * valid until the next reserve(). `release()` frees them all.
 */
export function reusableHeapBuffers(wasm) {
  const buffers = new Map();   // name -> {ptr, size}
  return {
    reserve(sizes) {
      const ptrs = {};
      for (const [name, size] of Object.entries(sizes)) {
        let buffer = buffers.get(name);
        if (!buffer || buffer.size < size) {
          if (buffer) heapFree(wasm, buffer.ptr);
          buffers.delete(name);
          buffer = { ptr: malloc(wasm, size), size: Math.max(size, 1) };
          buffers.set(name, buffer);
        }
        ptrs[name] = buffer.ptr;
      }
      return ptrs;
    },
    release() {
      for (const { ptr } of buffers.values()) heapFree(wasm, ptr);
      buffers.clear();
    },
  };
}
