// The notes batch over the low-level embind names of cpp/notes/bindings.cpp:
// copy the packed input into the heap, one call, copy the results out, erase
// every plaintext and key byte, free. The worker's ops are the same for this
// backend and the libsodium fallback (worker/notes-sodium.js).
import { heapAlloc, heapCopyIn, heapCopyOut, heapEraseFree } from './wasm-heap.js';
import { withTransfer } from './runtime/protocol.js';
import { OPEN_FIELDS_OUT, SEAL_FIELDS_OUT, SEAL_RANDOM_BYTES, sealRandomness } from './notes-format.js';

function bytesOfWords(words) {
  return new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
}

/** The batch open/seal over an instantiated notes wasm module. */
export function createWasmNotes(wasm) {
  return {
    openBatch({ input, fields, count, deviceKey, outCapacity }) {
      const outFieldBytes = count * OPEN_FIELDS_OUT * 4;
      // The sealed input is public: copied in and freed, not erased. The
      // plaintext region is erased (the kernel zeroes all it does not return,
      // so erasing what it used is enough); the device key too.
      const publicAllocations = [];
      const key = [heapCopyIn(wasm, deviceKey), 32];
      let out = [0, 0];
      try {
        publicAllocations.push(heapCopyIn(wasm, input), heapCopyIn(wasm, bytesOfWords(fields)));
        const [inp, fld] = publicAllocations;
        const plain = wasm._malloc(Math.max(outCapacity, 1));
        if (!plain) throw new RangeError(`out of wasm memory allocating ${outCapacity} bytes`);
        out = [plain, 0];
        const of = heapAlloc(wasm, outFieldBytes);
        publicAllocations.push(of);
        const st = heapAlloc(wasm, count);
        publicAllocations.push(st);
        const used = wasm.open_batch(key[0], inp, input.length, fld, count, plain, outCapacity, of, st);
        out[1] = used;
        return {
          out: heapCopyOut(wasm, plain, used),
          outFields: new Uint32Array(heapCopyOut(wasm, of, outFieldBytes).buffer),
          status: heapCopyOut(wasm, st, count),
        };
      } finally {
        heapEraseFree(wasm, key, out);
        for (const ptr of publicAllocations) if (ptr) wasm._free(ptr);
      }
    },

    sealBatch({ input, fields, count, deviceKey, outCapacity, random }) {
      const outFieldBytes = count * SEAL_FIELDS_OUT * 4;
      const key = [heapCopyIn(wasm, deviceKey), 32];
      const allocations = [key];
      try {
        const inp = [heapCopyIn(wasm, input), input.length];
        allocations.push(inp);
        const fld = [heapCopyIn(wasm, bytesOfWords(fields)), fields.byteLength];
        allocations.push(fld);
        const rnd = [heapCopyIn(wasm, random), random.length];
        allocations.push(rnd);
        const out = [heapAlloc(wasm, outCapacity), outCapacity];
        allocations.push(out);
        const of = [heapAlloc(wasm, outFieldBytes), outFieldBytes];
        allocations.push(of);
        const used = wasm.seal_batch(key[0], inp[0], input.length, fld[0], count, rnd[0], out[0], outCapacity, of[0]);
        if (used < 0) throw new RangeError('notes: the sealing layout is inconsistent (internal error)');
        return {
          out: heapCopyOut(wasm, out[0], used),
          outFields: new Uint32Array(heapCopyOut(wasm, of[0], outFieldBytes).buffer),
        };
      } finally {
        heapEraseFree(wasm, ...allocations);
      }
    },
  };
}

/** The worker's ops: packed notes in, packed results out, buffers transferred. */
export function notesOps(backend) {
  return {
    openNotes(args) {
      try {
        const result = backend.openBatch(args);
        return withTransfer(result, [result.out.buffer, result.outFields.buffer, result.status.buffer]);
      } finally {
        args.deviceKey.fill(0);
      }
    },
    // `random` is only passed by tests (fixed nonces, to compare with libsodium);
    // otherwise it comes from crypto.getRandomValues here.
    sealNotes(args) {
      const random = args.random ?? sealRandomness(args.count);
      if (random.length !== args.count * SEAL_RANDOM_BYTES) throw new RangeError('random: wrong length');
      try {
        const result = backend.sealBatch({ ...args, random });
        return withTransfer(result, [result.out.buffer, result.outFields.buffer]);
      } finally {
        args.deviceKey.fill(0);
        args.input.fill(0);
        random.fill(0);
      }
    },
  };
}
