// The notes batch over the low-level embind names of cpp/notes/bindings.cpp:
// copy the packed input into the heap, one call, copy the results out, erase
// every plaintext and key byte, free. The worker's ops are the same for this
// backend and the libsodium fallback (worker/notes-sodium.js). Besides the
// batch, one secretbox seal / open wraps a single 32-byte key (the extension's
// device key under its Argon2id key): wrapKey / unwrapKey.
import { heapCopyOut, heapCopyOutU32, heapReadU32, heapReadU8, heapView, withHeap } from './wasm-heap.js';
import { checkStatus } from './wasm-status.js';
import { namedError } from '../common/errors.js';
import { withTransfer } from '../common/protocol.js';
import { OPEN_FIELDS_OUT, OPEN_UTF16_OUT, SEAL_FIELDS_OUT, SEAL_RANDOM_BYTES, sealRandomness } from '../common/notes-format.js';
import { postFeedError, postNoteTexts } from '../common/text-feed.js';
import { loadLocaleData } from './runtime/locale-data.js';

/** The batch open/seal over an instantiated notes wasm module. */
export function createWasmNotes(wasm) {
  const check = (code) => checkStatus(wasm, code);
  return {
    // `reuseInput`: the caller is done with `input` (the worker's op: it was
    // transferred here), so the plaintexts are copied out into its buffer,
    // already mapped, instead of a fresh one (always big enough: base64 is
    // 4/3 of the bytes it decodes to, unless offsets overlap; then a fresh one).
    // With `utf16`, when every plaintext is well-formed UTF-8, the result's
    // `utf16` holds them all as UTF-16 (little-endian bytes) and
    // `utf16Lengths` each title's and body's length in units: the page makes
    // one string of them and cuts it (jointText() in common/notes-format.js);
    // then, unless `utf8WithUtf16`, `out` is empty (its copy-out spared).
    // With `utf16Lengths` (and not `utf16`), only the lengths come with `out`,
    // when every plaintext is well-formed: a browser decodes several notes'
    // UTF-8 in one TextDecoder call and cuts it at them (unpackRange()).
    // `decoded`: key, title and body are the bytes their base64 decodes to
    // (common/notes-decoded.js), not base64.
    openBatch({ input, fields, count, deviceKey, outCapacity, reuseInput = false, utf16 = false, utf8WithUtf16 = true,
      utf16Lengths = false, decoded = false }) {
      const outFieldWords = count * OPEN_FIELDS_OUT;
      // The sealed input is public: copied in and freed, not erased. The
      // plaintext region is erased (the kernel zeroes all it does not return,
      // so erasing what it used is enough); the device key too.
      return withHeap(wasm, (heap) => {
        const key = heap.copyIn(deviceKey);
        const inp = heap.copyIn(input, { secret: false });
        const fld = heap.copyIn(fields, { secret: false });
        const plain = heap.allocUninitialized(outCapacity);
        heap.eraseOnly(plain, 0);
        const of = heap.alloc(outFieldWords * 4, { secret: false });
        const st = heap.alloc(count, { secret: false });
        // At most one UTF-16 unit per plaintext byte.
        const units = utf16 ? heap.allocUninitialized(outCapacity * 2) : 0;
        heap.eraseOnly(units, 0);
        const lengths = utf16 || utf16Lengths ? heap.alloc(count * OPEN_UTF16_OUT * 4, { secret: false }) : 0;
        const usedAt = heap.alloc(8, { secret: false });
        check(wasm.open_batch(key, inp, input.length, fld, count, plain, outCapacity, of, st, units, lengths, usedAt, usedAt + 4,
          decoded ? 1 : 0));
        const used = heapReadU32(wasm, usedAt);
        heap.eraseOnly(plain, used);
        const unitsUsed = heapReadU32(wasm, usedAt + 4);
        const wellFormed = (utf16 || utf16Lengths) && unitsUsed !== ILL_FORMED;
        if (wellFormed) heap.eraseOnly(units, unitsUsed * 2);
        let plaintexts;
        if (wellFormed && utf16 && !utf8WithUtf16) {
          plaintexts = new Uint8Array(0);
        } else if (reuseInput && used <= input.length) {
          plaintexts = new Uint8Array(input.buffer, input.byteOffset, used);
          plaintexts.set(heapView(wasm, plain, used));
        } else {
          plaintexts = heapCopyOut(wasm, plain, used);
        }
        return {
          out: plaintexts,
          outFields: heapCopyOutU32(wasm, of, outFieldWords),
          status: heapCopyOut(wasm, st, count),
          ...(wellFormed && utf16 && { utf16: heapCopyOut(wasm, units, unitsUsed * 2) }),
          ...(wellFormed && { utf16Lengths: heapCopyOutU32(wasm, lengths, count * OPEN_UTF16_OUT) }),
        };
      });
    },

    sealBatch({ input, fields, count, deviceKey, outCapacity, random }) {
      const outFieldWords = count * SEAL_FIELDS_OUT;
      return withHeap(wasm, (heap) => {
        const key = heap.copyIn(deviceKey);
        const inp = heap.copyIn(input);
        const fld = heap.copyIn(fields);
        const rnd = heap.copyIn(random);
        const out = heap.alloc(outCapacity);
        const of = heap.alloc(outFieldWords * 4);
        const usedAt = heap.alloc(4);
        check(wasm.seal_batch(key, inp, input.length, fld, count, rnd, out, outCapacity, of, usedAt));
        return {
          out: heapCopyOut(wasm, out, heapReadU32(wasm, usedAt)),
          outFields: heapCopyOutU32(wasm, of, outFieldWords),
        };
      });
    },

    // Each 72-byte wrapped note key (nonce || secretbox) opened under `fromKey`
    // and sealed again under `toKey` with the next 24 bytes of `nonces`, in
    // one heap: a note key lives only in the scratch below, erased at the end.
    // `status[i]` is 1 when note i's key did not open (its 72 bytes stay zero).
    rewrapKeys({ wrapped, count, fromKey, toKey, nonces }) {
      return withHeap(wasm, (heap) => {
        const from = heap.copyIn(fromKey);
        const to = heap.copyIn(toKey);
        const inp = heap.copyIn(wrapped, { secret: false });
        const non = heap.copyIn(nonces, { secret: false });
        const out = heap.alloc(count * WRAPPED_KEY_BYTES, { secret: false });
        const noteKey = heap.alloc(KEY_BYTES);
        const opened = heap.alloc(1, { secret: false });
        const status = new Uint8Array(count);
        for (let i = 0; i < count; i++) {
          const box = inp + i * WRAPPED_KEY_BYTES;
          check(wasm.secretbox_open_easy(noteKey, box + NONCE_BYTES, SECRETBOX_TAG_BYTES + KEY_BYTES, box, from, opened));
          if (heapReadU8(wasm, opened) !== 1) { status[i] = 1; continue; }
          const at = out + i * WRAPPED_KEY_BYTES;
          wasm.HEAPU8.copyWithin(at, non + i * NONCE_BYTES, non + (i + 1) * NONCE_BYTES);
          check(wasm.secretbox_easy(at + NONCE_BYTES, noteKey, KEY_BYTES, at, to));
        }
        return { out: heapCopyOut(wasm, out, count * WRAPPED_KEY_BYTES), status };
      });
    },

    // crypto_secretbox_easy: tag(16) || ciphertext. Message and key are erased from the heap.
    secretboxEasy({ message, nonce, key }) {
      return withHeap(wasm, (heap) => {
        const k = heap.copyIn(key);
        const m = heap.copyIn(message);
        const n = heap.copyIn(nonce);
        const c = heap.alloc(SECRETBOX_TAG_BYTES + message.length);
        check(wasm.secretbox_easy(c, m, message.length, n, k));
        return heapCopyOut(wasm, c, SECRETBOX_TAG_BYTES + message.length);
      });
    },

    // crypto_secretbox_open_easy: the message, or null when the tag fails (nothing written).
    secretboxOpenEasy({ box, nonce, key }) {
      if (box.length < SECRETBOX_TAG_BYTES) return null;
      return withHeap(wasm, (heap) => {
        const k = heap.copyIn(key);
        const c = heap.copyIn(box);
        const n = heap.copyIn(nonce);
        const m = heap.alloc(box.length - SECRETBOX_TAG_BYTES);
        const opened = heap.alloc(1);
        check(wasm.secretbox_open_easy(m, c, box.length, n, k, opened));
        if (heapReadU8(wasm, opened) !== 1) return null;
        return heapCopyOut(wasm, m, box.length - SECRETBOX_TAG_BYTES);
      });
    },
  };
}

// open_batch's word for "not every plaintext was well-formed UTF-8: no UTF-16".
const ILL_FORMED = 0xffffffff;

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
  // Ports to search workers, per open in progress (common/text-feed.js): they
  // come with an open's first call and are let go after its last (the receiver
  // closes the channel). Keyed by the open's `feed.id`: the calls of two opens
  // may follow one another in this worker's queue.
  const feeds = new Map();
  return {
    // With `feed` ({id, first, total, blank}; `ports` on the first call of an
    // open), the texts also go straight to those search workers. With
    // `textsOnly`, they go only there: the reply is the count, the plaintexts
    // are erased here.
    openNotes(args) {
      const { feed, ports = [], textsOnly = false } = args;
      if (feed && ports.length) feeds.set(feed.id, ports);
      const feedPorts = (feed && feeds.get(feed.id)) || [];
      let result;
      try {
        // The UTF-8 is only needed for the search workers' texts when the page takes UTF-16.
        result = backend.openBatch({ ...args, reuseInput: true, utf8WithUtf16: Boolean(feed) });
        if (feed) postNoteTexts(feedPorts, feed, result);
      } catch (error) {
        if (feed) postFeedError(feedPorts, error);
        throw error;
      } finally {
        args.deviceKey.fill(0);
        if (feed && (!result || feed.first + args.count >= feed.total)) feeds.delete(feed.id);
      }
      if (textsOnly) {
        result.out.fill(0);
        return args.count;
      }
      const transfer = [result.out.buffer, result.outFields.buffer, result.status.buffer];
      if (result.utf16) transfer.push(result.utf16.buffer, result.utf16Lengths.buffer);
      return withTransfer(result, transfer);
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
    // A password change's new device key: every note key (72 bytes each,
    // packed) opened under `fromKey` and wrapped again under `toKey` with a
    // fresh nonce; titles and bodies are not touched. Both keys are erased.
    rewrapKeys({ wrapped, count, fromKey, toKey }) {
      const nonces = new Uint8Array(count * NONCE_BYTES);
      try {
        checkBytes(fromKey, KEY_BYTES, 'fromKey');
        checkBytes(toKey, KEY_BYTES, 'toKey');
        checkBytes(wrapped, count * WRAPPED_KEY_BYTES, 'wrapped');
        for (let at = 0; at < nonces.length; at += 65536) crypto.getRandomValues(nonces.subarray(at, Math.min(at + 65536, nonces.length)));
        const result = backend.rewrapKeys({ wrapped, count, fromKey, toKey, nonces });
        return withTransfer(result, [result.out.buffer, result.status.buffer]);
      } finally {
        fromKey?.fill?.(0);
        toKey?.fill?.(0);
      }
    },
    // Asked by a locked <note-list> before it formats its count on the page.
    loadLocaleData,
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
