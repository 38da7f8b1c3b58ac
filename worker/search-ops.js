// The idiomatic search API over the low-level embind names of
// cpp/search/bindings.cpp, and the worker's ops. Texts become words in wasm,
// from their UTF-8 bytes (worker/search-build.js; JS folds each new non-ASCII
// code point once); a query becomes character ids here in JS, with the
// alphabet the index gave out (see common/search-text.js). Every call
// copies its input into the heap once (worker/wasm-heap.js), calls once,
// copies the result out and frees; a kernel status becomes an error through
// worker/wasm-status.js (RangeError for a position or count out of range).
import { Vocabulary } from '../common/search-text.js';
import { JsSearchIndex } from './search-index-js.js';
import { namedError } from '../common/errors.js';
import { withTransfer } from '../common/protocol.js';
import { receiveNoteParts, receiveParts } from '../common/text-feed.js';
import { OPEN_FIELDS_OUT } from '../common/notes-layout.js';
import { alphabetSince, setTextsFromBatch, setTextsFromStrings } from './search-build.js';
import { applySpanDiff } from '../common/search-diff.js';
import { noteHighlights, wordMatcher } from '../common/search-highlight.js';
import { writeAnswer } from '../common/search-answer-box.js';
import { heapCopyOutU32, heapReadU32, withHeap } from './wasm-heap.js';
import { checkStatus } from './wasm-status.js';
import { warmUp } from './search-warm-up.js';

// Index texts are not secrets the way keys are (the index itself holds their
// words): the heap copies are freed without erasing, as before.
const PUBLIC = { secret: false };

export class WasmSearchIndex {
  /** @param {object} wasm an instantiated search module  @param {string[]} texts  @param {{perNote?: boolean}} [options] */
  constructor(wasm, texts = [], { perNote = false } = {}) {
    this.wasm = wasm;
    this.perNote = perNote;
    this.vocabulary = new Vocabulary();
    this.handle = this._withResult((slot) => wasm.index_create(slot));
    this.insert(0, texts);
  }

  get length() {
    return this._withResult((slot) => this.wasm.index_note_count(this.handle, slot));
  }

  insert(position, texts) {
    this._check(this.wasm.index_insert_notes(this.handle, position, texts.length));
    this.set(position, texts);
  }

  set(position, texts) {
    setTextsFromStrings(this.wasm, this.handle, position, texts, this.perNote);
    this._learnAlphabet();
  }

  /** Appends the notes of a feed (common/text-feed.js FedTexts), built from their bytes. */
  insertFed(fed) {
    const position = this.length;
    this._check(this.wasm.index_insert_notes(this.handle, position, fed.length));
    // In note order, whatever order the parts came in: the same character ids as the JS vocabulary gives.
    for (const part of fed.parts.slice().sort((a, b) => a.first - b.first)) {
      setTextsFromBatch(this.wasm, this.handle, position + part.first, part, (i) => fed.text(part.first + i), this.perNote);
    }
    this._learnAlphabet();
  }

  /**
   * An index of `total` notes whose texts come as parts (api/search-text-parts.js: a note's text is its title
   * span), each set from its bytes as it arrives, in note order: the character ids are given out in the order
   * a build from the strings gives them.
   */
  static fromParts(wasm, total) {
    const index = new WasmSearchIndex(wasm);
    try {
      index._check(wasm.index_insert_notes(index.handle, 0, total));
    } catch (error) {
      index.destroy();
      throw error;
    }
    return inOrder(total, {
      add: (part) => setTextsFromBatch(wasm, index.handle, part.first, part, (n) => titleOf(part, n), index.perNote),
      finish: () => {
        index._learnAlphabet();
        return index;
      },
      abandon: () => index.destroy(),
    });
  }

  // The character ids the index gave out since the last call, so that queries map code points to them.
  _learnAlphabet() {
    const vocabulary = this.vocabulary;
    for (const cp of alphabetSince(this.wasm, this.handle, vocabulary.alphabetSize)) {
      const expected = vocabulary.alphabetSize + 1;
      if (vocabulary.charId(cp, true) !== expected) throw namedError('InternalError', `search index: code point ${cp} got two character ids`);
    }
  }

  remove(position, count = 1) {
    this._check(this.wasm.index_remove_notes(this.handle, position, count));
  }

  /** @returns {{indices: Uint32Array, scores: Uint32Array}} */
  search(query) {
    const { wasm, handle } = this;
    const { chars, lengths } = this.vocabulary.queryOf(query);
    const notes = this.length;
    return withHeap(wasm, (heap) => {
      const positions = heap.alloc(notes * 4, PUBLIC);
      const scores = heap.alloc(notes * 4, PUBLIC);
      const found = heap.alloc(4, PUBLIC);
      this._check(wasm.index_search(handle, heap.copyIn(Uint32Array.from(chars), PUBLIC),
        heap.copyIn(Uint32Array.from(lengths), PUBLIC), lengths.length, positions, scores, found));
      // Read after the call: the heap may have grown.
      const count = heapReadU32(wasm, found);
      return { indices: heapCopyOutU32(wasm, positions, count), scores: heapCopyOutU32(wasm, scores, count) };
    });
  }

  destroy() {
    this.wasm.index_destroy(this.handle);
    this.handle = 0;
  }

  _check(code) {
    checkStatus(this.wasm, code);
  }

  // A binding's u32 result: `call(slot)` writes it through the out-pointer `slot`.
  _withResult(call) {
    return withHeap(this.wasm, (heap) => {
      const slot = heap.alloc(4, PUBLIC);
      this._check(call(slot));
      return heapReadU32(this.wasm, slot);
    });
  }
}

const decoder = new TextDecoder();
// Note n's text in a part of the page's texts: its title span (api/search-text-parts.js).
const titleOf = ({ bytes, fields }, n) => {
  const f = n * OPEN_FIELDS_OUT;
  return decoder.decode(bytes.subarray(fields[f], fields[f] + fields[f + 1]));
};

// A builder that takes parts only in note order, each once: {add(part), finish() -> index, abandon()}.
function inOrder(total, builder) {
  let next = 0;
  return {
    add(part) {
      if (part.first !== next) throw new TypeError(`search texts: a part from note ${part.first} came where note ${next} was next`);
      builder.add(part);
      next += part.status.length;
    },
    finish() {
      if (next !== total) throw new TypeError(`search texts: ${next} of ${total} notes came`);
      return builder.finish();
    },
    abandon: builder.abandon,
  };
}

/** The backend over an instantiated search module. */
export const wasmSearchBackend = (wasm) => ({
  createIndex: (texts) => new WasmSearchIndex(wasm, texts),
  indexFromParts: (total) => WasmSearchIndex.fromParts(wasm, total),
  createIndexFromFeed(fed) {
    const index = new WasmSearchIndex(wasm);
    index.insertFed(fed);
    return index;
  },
});
/** The fallback backend: the plain-JS word index, same answers. */
export const jsSearchBackend = {
  createIndex: (texts) => new JsSearchIndex(texts),
  indexFromParts(total) {
    const texts = new Array(total);
    return inOrder(total, {
      add: (part) => { for (let n = 0; n < part.status.length; n++) texts[part.first + n] = titleOf(part, n); },
      finish: () => new JsSearchIndex(texts),
      abandon: () => {},
    });
  },
  createIndexFromFeed: (fed) => new JsSearchIndex(fed.all()),
};

/**
 * The worker's ops over a backend that makes indexes ({createIndex(texts)}:
 * wasm or the plain-JS fallback). Indexes are named by the page's integer ids.
 */
export function searchOps({ createIndex: create, createIndexFromFeed, indexFromParts }) {
  const indexes = new Map();
  const fedTexts = new Map();   // id -> the texts last fed (a FedTexts), for indexes built from a feed
  const forget = (id) => {
    fedTexts.get(id)?.erase();
    fedTexts.delete(id);
  };
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
  // `highlight`: for an index fed from a note list, the first `highlight`
  // results also come with their title and body snippet as segments
  // (common/search-highlight.js), so that the list only draws them.
  const answerOf = (id, query, highlight) => {
    const start = performance.now();
    const { indices, scores } = get(id).search(query);
    const ms = performance.now() - start;
    const texts = fedTexts.get(id);
    let highlights;
    if (highlight > 0 && texts && query.trim() !== '') {
      const matches = wordMatcher(query);
      const n = Math.min(highlight, indices.length);
      highlights = new Array(n);
      for (let i = 0; i < n; i++) highlights[i] = noteHighlights(texts.text(indices[i]), matches);
    }
    return { indices, scores, ms, highlights, highlightMs: performance.now() - start - ms };
  };
  const buildFromParts = async (port, total) => {
    if (!Number.isInteger(total) || total < 0) throw new TypeError(`search texts: total must be a count of notes, not ${total}`);
    const builder = indexFromParts(total);
    try {
      await receiveParts(port, (part) => {
        try {
          builder.add(part);
        } finally {
          part.bytes.fill(0);   // a page's texts: the heap's copy is erased too (worker/wasm-heap.js)
        }
      }, total);
      return builder.finish();
    } catch (error) {
      builder.abandon();
      throw error;
    }
  };
  // Every request the page makes counts here: a warm-up goes on only while none has come since it began.
  let requests = 0;
  const warmUpIndex = (id) => {
    const startedAt = requests;
    warmUp((query) => answerOf(id, query, 10), () => requests === startedAt && indexes.has(id));
  };
  const ops = {
    // `texts`, or `port` and `total`: the page's texts as UTF-8 parts (api/search-text-parts.js), the index
    // built from each part as it comes, so that the build runs while the page encodes the next.
    create({ id, texts, port, total }) {
      indexes.get(id)?.destroy?.();
      indexes.delete(id);
      forget(id);
      const keep = (index) => {
        indexes.set(id, index);
        warmUpIndex(id);
        return index.length;
      };
      return port ? buildFromParts(port, total).then(keep) : keep(create(texts));
    },
    insert({ id, position, texts }) { editable(id).insert(position, texts); return get(id).length; },
    set({ id, position, texts }) { editable(id).set(position, texts); return get(id).length; },
    remove({ id, position, count }) { editable(id).remove(position, count); return get(id).length; },
    // `answerBox` ({buffer, ticket}, cross-origin-isolated pages): the answer is
    // also written there, for the page to take without waiting for this reply
    // (common/search-answer-box.js).
    search({ id, query, highlight = 0, answerBox }) {
      const answer = answerOf(id, query, highlight);
      if (answerBox) writeAnswer(answerBox.buffer, answerBox.ticket, answer);
      return withTransfer(answer, [answer.indices.buffer, answer.scores.buffer]);
    },
    // The answers to `query` followed by each of `chars`, exactly as search()
    // would give them now (null for one with more than `limit` results): the
    // page answers the next key from them in the key's own task
    // (api/search-guesses.js).
    // Their highlights go as JSON text: a string crosses to the page in one
    // copy, where a tree of segment objects cost the page ~3 ms a key to
    // receive (Chromium profile); the page parses only the one it uses.
    guess({ id, query, chars, highlight = 0, limit }) {
      const answers = Array.from(chars, (char) => {
        const { highlights, ...answer } = answerOf(id, query + char, highlight);
        if (answer.indices.length > limit) return null;
        return highlights ? { ...answer, highlightsJson: JSON.stringify(highlights) } : answer;
      });
      return withTransfer(answers, answers.flatMap((a) => (a ? [a.indices.buffer, a.scores.buffer] : [])));
    },
    // The same segments for any results (`positions`, as search returned them):
    // a <note-list> scrolled past the first ones asks for the rows it shows.
    highlight({ id, query, positions }) {
      get(id);
      const texts = fedTexts.get(id);
      if (!texts) throw namedError('InvalidStateError', `search index ${id} was built from texts: only an index fed from a note list has highlights`);
      const matches = wordMatcher(query);
      return positions.map((position) => noteHighlights(texts.text(position), matches));
    },
    // The texts come through `port` straight from a notes worker
    // (common/text-feed.js): a new index is built from their bytes, an index
    // already fed is brought to them by one span update. They are kept here
    // (never on the page) for the highlights and the next diff.
    async feed({ id, port }) {
      const fed = await receiveNoteParts(port);
      const index = indexes.get(id);
      if (!index || !fedTexts.has(id)) {
        index?.destroy?.();
        indexes.set(id, createIndexFromFeed(fed));
      } else {
        await applySpanDiff(index, fedTexts.get(id).all(), fed.all());
      }
      forget(id);
      fedTexts.set(id, fed);
      warmUpIndex(id);
      return fed.length;
    },
    destroy({ id }) {
      indexes.get(id)?.destroy?.();
      indexes.delete(id);
      forget(id);
      return true;
    },
  };
  return Object.fromEntries(Object.entries(ops).map(([name, op]) => [name, (args, job) => {
    requests++;
    return op(args, job);
  }]));
}
