// The packer of an open: each call's notes into one buffer (their base64
// decoded on the page where the engine can, else as base64) in slices of a few
// milliseconds, and the call's arguments and transfer list around it.
//
// Each answered call's buffer, once its strings are made and it is erased,
// packs a later call: fresh memory costs the page a fault per 4 KiB page and
// its release both cores a TLB flush, about a sixth of this thread's time an
// open when every call had its own (cpp/notes/NOTES.md).
import { PACK_GROUP, startPacking } from '../common/notes-format.js';
import { decodesBase64, startPackingDecoded } from '../common/notes-decoded.js';
import { runInSlices } from '../common/slicer.js';
import { measure } from '../common/timeline.js';
import { CALL_BYTES } from './notes-plan.js';

// A packing buffer's least size, so that an earlier call's fits the next
// calls (a call packs at most CALL_BYTES of base64 and its ids).
const CALL_ROOM = CALL_BYTES + 64 * 1024;

export class CallPacker {
  #spare = [];
  #signal;

  /** @param {AbortSignal} [signal] packing stops (pack() resolves null) once it aborts */
  constructor(signal) {
    this.#signal = signal;
  }

  #allocate = (size) => {
    const i = this.#spare.findIndex((buffer) => buffer.byteLength >= size);
    return i >= 0 ? new Uint8Array(this.#spare.splice(i, 1)[0]) : new Uint8Array(Math.max(size, CALL_ROOM));
  };

  /** Hands back an answered call's buffer (already erased) for a later call to pack into. @param {ArrayBuffer} buffer */
  recycle(buffer) {
    if (buffer?.byteLength > 0) this.#spare.push(buffer);
  }

  /**
   * Packs `chunk` in slices; a field that is not strict base64 (or not a string) sends the call as base64, and the
   * kernel says what is wrong. Resolves with the packed call, or null once `stop()` says so.
   * @param {object[]} chunk @param {() => boolean} stop
   */
  async pack(chunk, stop) {
    const packStart = performance.now();
    const inSlices = (packing) => runInSlices(Math.ceil(chunk.length / PACK_GROUP),
      (g) => packing.pack(g * PACK_GROUP, Math.min(chunk.length, (g + 1) * PACK_GROUP)), { signal: this.#signal });
    let packing = decodesBase64 ? startPackingDecoded(chunk, this.#allocate) : startPacking(chunk, this.#allocate);
    await inSlices(packing);
    if (stop()) return null;
    let packed = packing.finish();
    if (packed === null) {
      packing = startPacking(chunk, this.#allocate);
      await inSlices(packing);
      if (stop()) return null;
      packed = packing.finish();
    }
    measure('notes:pack', packStart);
    return packed;
  }
}

/**
 * The openNotes job of a packed call: its own copy of the key (the worker erases it), the strings the page wants
 * back (UTF-16 where `utf16String` makes it cheaper, else UTF-8 with UTF-16 lengths), and, for a feeding open, the
 * feed's part (the ports go with the first call). Returns {args, transfer}.
 */
export function openCall(packed, key, { utf16, textsOnly, feed, ports }) {
  const callKey = key.slice();
  const args = { input: packed.input, fields: packed.fields, count: packed.count, deviceKey: callKey, outCapacity: packed.outCapacity,
    utf16: utf16 && !textsOnly, utf16Lengths: !utf16 && !textsOnly, decoded: packed.decoded === true };
  const transfer = [packed.input.buffer, packed.fields.buffer, callKey.buffer];
  if (feed) {
    args.feed = { ...feed, blank: [...packed.preset.keys()] };
    args.textsOnly = textsOnly === true;
    if (ports) { args.ports = ports; transfer.push(...ports); }
  }
  return { args, transfer };
}
