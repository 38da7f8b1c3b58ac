// The notes batch over the low-level embind names of cpp/notes/bindings.cpp:
// copy the packed input into the heap, one call, copy the results out, erase
// every plaintext and key byte, free. The worker's ops are the same for this
// backend and the libsodium fallback (worker/notes-sodium.js). Besides the
// batch, one secretbox seal / open wraps a single 32-byte key (the extension's
// device key under its Argon2id key): wrapKey / unwrapKey.
import { heapAlloc, heapCopyIn, heapCopyOut, heapEraseFree } from './wasm-heap.js';
import { namedError } from '../common/errors.js';
import { withTransfer } from '../common/protocol.js';
import { OPEN_FIELDS_OUT, SEAL_FIELDS_OUT, SEAL_RANDOM_BYTES, sealRandomness } from '../common/notes-format.js';
import { postFeedError, postNoteTexts } from '../common/text-feed.js';

function bytesOfWords(words) {
  return new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
}

/** The batch open/seal over an instantiated notes wasm module. */
export function createWasmNotes(wasm) {
  return {
    // `reuseInput`: the caller is done with `input` (the worker's op: it was
    // transferred here), so the plaintexts are copied out into its buffer,
    // already mapped, instead of a fresh one (always big enough: base64 is
    // 4/3 of the bytes it decodes to, unless offsets overlap; then a fresh one).
    openBatch({ input, fields, count, deviceKey, outCapacity, reuseInput = false }) {
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
        let plaintexts;
        if (reuseInput && used <= input.length) {
          plaintexts = new Uint8Array(input.buffer, input.byteOffset, used);
          plaintexts.set(wasm.HEAPU8.subarray(plain, plain + used));
        } else {
          plaintexts = heapCopyOut(wasm, plain, used);
        }
        return {
          out: plaintexts,
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

    // crypto_secretbox_easy: tag(16) || ciphertext. Message and key are erased from the heap.
    secretboxEasy({ message, nonce, key }) {
      const allocations = [];
      try {
        const k = [heapCopyIn(wasm, key), key.length];
        allocations.push(k);
        const m = [heapCopyIn(wasm, message), message.length];
        allocations.push(m);
        const n = [heapCopyIn(wasm, nonce), nonce.length];
        allocations.push(n);
        const c = [heapAlloc(wasm, SECRETBOX_TAG_BYTES + message.length), SECRETBOX_TAG_BYTES + message.length];
        allocations.push(c);
        wasm.secretbox_easy(c[0], m[0], message.length, n[0], k[0]);
        return heapCopyOut(wasm, c[0], c[1]);
      } finally {
        heapEraseFree(wasm, ...allocations);
      }
    },

    // crypto_secretbox_open_easy: the message, or null when the tag fails (nothing written).
    secretboxOpenEasy({ box, nonce, key }) {
      if (box.length < SECRETBOX_TAG_BYTES) return null;
      const allocations = [];
      try {
        const k = [heapCopyIn(wasm, key), key.length];
        allocations.push(k);
        const c = [heapCopyIn(wasm, box), box.length];
        allocations.push(c);
        const n = [heapCopyIn(wasm, nonce), nonce.length];
        allocations.push(n);
        const m = [heapAlloc(wasm, box.length - SECRETBOX_TAG_BYTES), box.length - SECRETBOX_TAG_BYTES];
        allocations.push(m);
        if (!wasm.secretbox_open_easy(m[0], c[0], box.length, n[0], k[0])) return null;
        return heapCopyOut(wasm, m[0], m[1]);
      } finally {
        heapEraseFree(wasm, ...allocations);
      }
    },
  };
}

export const KEY_BYTES = 32;
export const NONCE_BYTES = 24;
export const SECRETBOX_TAG_BYTES = 16;
/** A wrapped key: nonce[24] || tag[16] || ciphertext[32]. */
export const WRAPPED_KEY_BYTES = NONCE_BYTES + SECRETBOX_TAG_BYTES + KEY_BYTES;

function checkBytes(bytes, length, name) {
  if (!(bytes instanceof Uint8Array)) throw new TypeError(`${name} must be a Uint8Array`);
  if (bytes.length !== length) throw new RangeError(`${name} must be ${length} bytes, got ${bytes.length}`);
}

/** The refusal of unwrapKey: wrong wrapping key or changed bytes (the two cannot be told apart). */
export function wrongKeyError() {
  return namedError('WrongKeyError', 'the wrapped key failed authentication: wrong wrapping key or damaged data');
}

/** The worker's ops: packed notes in, packed results out, buffers transferred. */
export function notesOps(backend) {
  // Ports to search workers for the open in progress (worker/text-feed.js):
  // they come with its first call and are let go after its last (the receiver
  // closes the channel).
  let feedPorts = [];
  return {
    // With `feed` ({first, total, blank}; `ports` on the first call of an
    // open), the texts also go straight to those search workers. With
    // `textsOnly`, they go only there: the reply is the count, the plaintexts
    // are erased here.
    openNotes(args) {
      const { feed, ports = [], textsOnly = false } = args;
      if (feed && ports.length) feedPorts = ports;
      let result;
      try {
        result = backend.openBatch({ ...args, reuseInput: true });
        if (feed) postNoteTexts(feedPorts, feed, result);
      } catch (error) {
        if (feed) postFeedError(feedPorts, error);
        throw error;
      } finally {
        args.deviceKey.fill(0);
        if (feed && (!result || feed.first + args.count >= feed.total)) feedPorts = [];
      }
      if (textsOnly) {
        result.out.fill(0);
        return args.count;
      }
      return withTransfer(result, [result.out.buffer, result.outFields.buffer, result.status.buffer]);
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
    // Seals a 32-byte key under a 32-byte wrapping key with a fresh random
    // nonce: nonce[24] || crypto_secretbox_easy(key). Both keys are erased.
    wrapKey({ key, wrappingKey }) {
      try {
        checkBytes(key, KEY_BYTES, 'key');
        checkBytes(wrappingKey, KEY_BYTES, 'wrappingKey');
        const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
        const box = backend.secretboxEasy({ message: key, nonce, key: wrappingKey });
        const out = new Uint8Array(WRAPPED_KEY_BYTES);
        out.set(nonce);
        out.set(box, NONCE_BYTES);
        return withTransfer(out, [out.buffer]);
      } finally {
        key?.fill?.(0);
        wrappingKey?.fill?.(0);
      }
    },
    // Opens a wrapKey() result: the 32-byte key (transferred, so no copy stays
    // here), or a WrongKeyError and nothing else. The wrapping key is erased.
    unwrapKey({ wrapped, wrappingKey }) {
      try {
        checkBytes(wrapped, WRAPPED_KEY_BYTES, 'wrapped');
        checkBytes(wrappingKey, KEY_BYTES, 'wrappingKey');
        const key = backend.secretboxOpenEasy({
          box: wrapped.subarray(NONCE_BYTES), nonce: wrapped.subarray(0, NONCE_BYTES), key: wrappingKey,
        });
        if (!key) throw wrongKeyError();
        return withTransfer(key, [key.buffer]);
      } finally {
        wrappingKey?.fill?.(0);
      }
    },
  };
}
