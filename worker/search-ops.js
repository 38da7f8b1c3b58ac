// The idiomatic search API over the low-level embind names of
// cpp/search/bindings.cpp, and the worker's ops. Text -> words -> character
// ids happens here in JS (Unicode normalisation is JS's job); the wasm side
// sees only Uint32 character ids (see worker/search-text.js). Every call
// copies its input into the heap once, calls once, copies the result out and
// frees.
import { FreshEntries, Vocabulary } from '../common/search-text.js';
import { JsSearchIndex } from './search-index-js.js';
import { namedError } from '../common/errors.js';
import { withTransfer } from '../common/protocol.js';
import { receiveNoteTexts } from '../common/text-feed.js';
import { applySpanDiff } from '../common/search-diff.js';

const U32 = 4;

/** Runs `body(addresses)` with each Uint32Array copied into the heap; frees them after. */
function withHeapU32(wasm, arrays, body) {
  const addresses = arrays.map((array) => {
    const ptr = wasm._malloc(Math.max(array.length, 1) * U32);
    if (!ptr) throw new RangeError(`out of wasm memory allocating ${array.length * U32} bytes`);
    wasm.HEAPU32.set(array, ptr / U32);
    return ptr;
  });
  try {
    return body(addresses);
  } finally {
    for (const ptr of addresses) wasm._free(ptr);
  }
}

export class WasmSearchIndex {
  /** @param {object} wasm an instantiated search module  @param {string[]} texts  @param {{perNote?: boolean}} [options] */
  constructor(wasm, texts = [], { perNote = false } = {}) {
    this.wasm = wasm;
    this.perNote = perNote;
    this.vocabulary = new Vocabulary();
    this.handle = wasm.index_create();
    this.insert(0, texts);
  }

  get length() {
    return this.wasm.index_note_count(this.handle);
  }

  insert(position, texts) {
    this._check(this.wasm.index_insert_notes(this.handle, position, texts.length), 'position');
    this.set(position, texts);
  }

  set(position, texts) {
    const fresh = new FreshEntries();
    const lists = texts.map((text) => this.vocabulary.entriesOf(text, fresh, this.perNote));
    const { wasm, handle } = this;
    if (fresh.lengths.length > 0) {
      withHeapU32(wasm, [fresh.chars.subarray(0, fresh.charCount), Uint32Array.from(fresh.lengths)], ([chars, lengths]) => {
        this._check(wasm.index_add_entries(handle, chars, lengths, fresh.lengths.length) >= 0, 'index');
      });
    }
    const counts = Uint32Array.from(lists, (list) => list.length);
    const entries = new Uint32Array(counts.reduce((a, b) => a + b, 0));
    let at = 0;
    for (const list of lists) { entries.set(list, at); at += list.length; }
    withHeapU32(wasm, [entries, counts], ([e, c]) => {
      this._check(wasm.index_set_notes(handle, position, texts.length, e, c), 'position');
    });
  }

  remove(position, count = 1) {
    this._check(this.wasm.index_remove_notes(this.handle, position, count), 'position');
  }

  /** @returns {{indices: Uint32Array, scores: Uint32Array}} */
  search(query) {
    const { wasm, handle } = this;
    const { chars, lengths } = this.vocabulary.queryOf(query);
    const notes = this.length;
    return withHeapU32(wasm, [Uint32Array.from(chars), Uint32Array.from(lengths), new Uint32Array(notes), new Uint32Array(notes)],
      ([c, l, positions, scores]) => {
        const found = wasm.index_search(handle, c, l, lengths.length, positions, scores);
        if (found < 0) throw new RangeError('index: this search index was destroyed');
        // Views are read after the call: the heap may have grown.
        return {
          indices: wasm.HEAPU32.slice(positions / U32, positions / U32 + found),
          scores: wasm.HEAPU32.slice(scores / U32, scores / U32 + found),
        };
      });
  }

  destroy() {
    this.wasm.index_destroy(this.handle);
    this.handle = 0;
  }

  _check(ok, name) {
    if (!ok) throw new RangeError(`${name} is out of range for this search index`);
  }
}

/** The backend over an instantiated search module. */
export const wasmSearchBackend = (wasm) => ({ createIndex: (texts) => new WasmSearchIndex(wasm, texts) });
/** The fallback backend: the plain-JS word index, same answers. */
export const jsSearchBackend = { createIndex: (texts) => new JsSearchIndex(texts) };

/**
 * The worker's ops over a backend that makes indexes ({createIndex(texts)}:
 * wasm or the plain-JS fallback). Indexes are named by the page's integer ids.
 */
export function searchOps({ createIndex: create }) {
  const indexes = new Map();
  const fedTexts = new Map();   // id -> the texts last fed, for indexes built from a feed
  const get = (id) => {
    const index = indexes.get(id);
    // A restarted worker (idle or evicted) has lost its indexes: the page rebuilds on this name.
    if (!index) throw namedError('NotFoundError', `search index ${id} does not exist in this worker`);
    return index;
  };
  const editable = (id) => {
    if (fedTexts.has(id)) throw namedError('InvalidStateError', `search index ${id} follows a note list: only a new feed changes its texts`);
    return get(id);
  };
  return {
    create({ id, texts }) {
      indexes.get(id)?.destroy?.();
      fedTexts.delete(id);
      indexes.set(id, create(texts));
      return indexes.get(id).length;
    },
    insert({ id, position, texts }) { editable(id).insert(position, texts); return get(id).length; },
    set({ id, position, texts }) { editable(id).set(position, texts); return get(id).length; },
    remove({ id, position, count }) { editable(id).remove(position, count); return get(id).length; },
    search({ id, query }) {
      const start = performance.now();
      const { indices, scores } = get(id).search(query);
      const ms = performance.now() - start;
      return withTransfer({ indices, scores, ms }, [indices.buffer, scores.buffer]);
    },
    // The texts come through `port` straight from a notes worker
    // (worker/text-feed.js): the index is built from them, or brought to them
    // by one span update. They are kept here (never on the page) for the next diff.
    async feed({ id, port }) {
      const texts = await receiveNoteTexts(port);
      const index = indexes.get(id);
      if (!index || !fedTexts.has(id)) {
        index?.destroy?.();
        indexes.set(id, create(texts));
      } else {
        await applySpanDiff(index, fedTexts.get(id), texts);
      }
      fedTexts.set(id, texts);
      return texts.length;
    },
    destroy({ id }) {
      indexes.get(id)?.destroy?.();
      indexes.delete(id);
      fedTexts.delete(id);
      return true;
    },
  };
}
