// Text -> words, exactly as docs/specs/search.md says, and the
// vocabulary both indexes (wasm and plain JS) share.
//
// Character ids: every distinct code point of the corpus gets a dense id (1,
// 2, 3, ... in first-seen order); 0 stands for a query code point that no word
// holds. The kernels index their Peq table by these ids, so the wasm side
// works on Uint32 ids and never sees Unicode.
//
// Building is the slow part of an index, so words are found by one scan over
// the normalised text (a cached letter-or-digit class per code point) and
// interned through an open-addressing hash table of id sequences: no string
// is made per word.
const MARKS = /\p{M}/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const WORD_CHAR = /^[\p{L}\p{N}]$/u;

// The typo budgets, for every JS user (both indexes, the highlighting, the
// naive benchmark peer); cpp/search/thresholds.h is the kernel's copy, and
// fixtures/search-reference.js keeps the specification's own.
/** Typos a complete term of `length` code points may have: 0 up to 2, 1 at 3, then 2. */
export function termBudget(length) {
  return length <= 2 ? 0 : length === 3 ? 1 : 2;
}

/** Typos the last term (matched as a prefix) may have: stricter, 0 up to 3, 1 up to 6, then 2. */
export function prefixBudget(length) {
  return length <= 3 ? 0 : length <= 6 ? 1 : 2;
}

/** The largest budget either gives. */
export const MAX_BUDGET = 2;

/** NFKD, combining marks dropped, lower case. */
export function normalizeText(text) {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** The words of a text (or the terms of a query): maximal runs of letters or digits. */
export function wordsOf(text) {
  return normalizeText(text).match(WORD) ?? [];
}

// 1 = letter or digit, 2 = neither, 0 = not looked up yet (the BMP; astral code points are rare).
const bmpClass = new Uint8Array(65536);
function isWordChar(cp) {
  if (cp < 65536) {
    let c = bmpClass[cp];
    if (c === 0) bmpClass[cp] = c = WORD_CHAR.test(String.fromCharCode(cp)) ? 1 : 2;
    return c === 1;
  }
  return WORD_CHAR.test(String.fromCodePoint(cp));
}

const CAPITAL_SIGMA = 0x3a3;

/**
 * What one code point folds to, for an index built from UTF-8 in wasm
 * (cpp/search/folds.h): the code points normalizeText() makes of it alone,
 * each replaced by 0 when it is no letter or digit; or null when it folds by
 * context (its NFKD holds a capital sigma, which toLowerCase() makes final
 * or not by the letters around it). Per code point is exact: NFKD reorders
 * only characters of non-zero combining class, all of them marks (removed),
 * and toLowerCase() maps every other code point alone (both checked over
 * every code point in tests/js/search-text-wasm.test.js).
 * @returns {number[] | null}
 */
export function foldCodePoint(cp) {
  const decomposed = String.fromCodePoint(cp).normalize('NFKD').replace(MARKS, '');
  for (const c of decomposed) if (c.codePointAt(0) === CAPITAL_SIGMA) return null;
  const folded = [];
  for (const c of decomposed.toLowerCase()) {
    const code = c.codePointAt(0);
    folded.push(isWordChar(code) ? code : 0);
  }
  return folded;
}

/** A whole text folded in JS, as foldCodePoint gives it per code point: its words' code points, 0 between words. */
export function foldText(text) {
  const s = normalizeText(text);
  const out = [];
  for (const c of s) {
    const code = c.codePointAt(0);
    out.push(isWordChar(code) ? code : 0);
  }
  return out;
}

function grow(array, needed) {
  if (needed <= array.length) return array;
  const bigger = new array.constructor(Math.max(needed, array.length * 2));
  bigger.set(array);
  return bigger;
}

/** New entries found while indexing: their ids back to back, and each one's length. */
export class FreshEntries {
  constructor() {
    this.chars = new Uint32Array(1024);
    this.charCount = 0;
    this.lengths = [];
  }

  push(source, start, length) {
    this.chars = grow(this.chars, this.charCount + length);
    this.chars.set(source.subarray(start, start + length), this.charCount);
    this.charCount += length;
    this.lengths.push(length);
  }

  /** [chars, offset] of each new entry, in order. */
  *entries() {
    let offset = 0;
    for (const length of this.lengths) {
      yield [this.chars.subarray(offset, offset + length), length];
      offset += length;
    }
  }
}

export class Vocabulary {
  constructor() {
    this.alphabet = new Map();           // astral code point -> character id
    this.bmpIds = new Uint32Array(65536); // BMP code point -> character id (0: none yet)
    this.alphabetSize = 0;
    this.codePoints = [0];                // character id -> code point (the order's code point rule)
    this.entryWord = [];                  // entry id -> word id (the same in word mode; per-note entries share words)
    this.table = new Int32Array(1 << 12).fill(-1);  // hash slot -> word id
    this.wordStart = new Uint32Array(1024);
    this.wordLength = new Uint32Array(1024);
    this.wordHash = new Int32Array(1024);
    this.pool = new Uint32Array(1 << 14);           // every word's ids back to back
    this.poolSize = 0;
    this.wordCount = 0;
    this.entryCount = 0;
    this.stamp = new Int32Array(1024);              // word id -> last note that listed it
    this.noteStamp = 0;
    this.scratch = new Uint32Array(64);
  }

  charId(cp, growAlphabet) {
    let id = cp < 65536 ? this.bmpIds[cp] : this.alphabet.get(cp) ?? 0;
    if (id === 0 && growAlphabet) {
      id = ++this.alphabetSize;
      this.codePoints.push(cp);
      if (cp < 65536) this.bmpIds[cp] = id; else this.alphabet.set(cp, id);
    }
    return id;
  }

  /**
   * Calls `word(ids, length)` for every word of `text` (ids in a scratch
   * buffer valid during the call). With `growAlphabet` false, code points
   * new to the corpus become id 0.
   */
  scan(text, growAlphabet, word) {
    const s = normalizeText(text);
    let length = 0;
    for (let i = 0; i < s.length; i++) {
      let cp = s.charCodeAt(i);
      if (cp >= 0xd800 && cp < 0xdc00 && i + 1 < s.length) {
        const low = s.charCodeAt(i + 1);
        if (low >= 0xdc00 && low < 0xe000) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          i++;
        }
      }
      if (isWordChar(cp)) {
        if (length === this.scratch.length) this.scratch = grow(this.scratch, length + 1);
        this.scratch[length++] = this.charId(cp, growAlphabet);
      } else if (length > 0) {
        word(this.scratch, length);
        length = 0;
      }
    }
    if (length > 0) word(this.scratch, length);
  }

  // The word id of ids[0..length), added to the dictionary if new (returns [id, isNew]).
  intern(ids, length) {
    let hash = length;
    for (let i = 0; i < length; i++) hash = Math.imul(hash ^ ids[i], 0x01000193);
    hash ^= hash >>> 15;
    const mask = this.table.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.table[slot];
      if (id < 0) break;
      if (this.wordHash[id] === hash && this.wordLength[id] === length && this.sameWord(id, ids, length)) return id;
    }
    const id = this.wordCount++;
    if (id === this.wordStart.length) {
      this.wordStart = grow(this.wordStart, id + 1);
      this.wordLength = grow(this.wordLength, id + 1);
      this.wordHash = grow(this.wordHash, id + 1);
      this.stamp = grow(this.stamp, id + 1);
    }
    this.pool = grow(this.pool, this.poolSize + length);
    this.pool.set(ids.subarray(0, length), this.poolSize);
    this.wordStart[id] = this.poolSize;
    this.wordLength[id] = length;
    this.wordHash[id] = hash;
    this.poolSize += length;
    if (this.wordCount * 2 > this.table.length) this.rehash();
    else {
      let slot = hash & mask;
      while (this.table[slot] >= 0) slot = (slot + 1) & mask;
      this.table[slot] = id;
    }
    return id;
  }

  sameWord(id, ids, length) {
    const start = this.wordStart[id];
    for (let i = 0; i < length; i++) if (this.pool[start + i] !== ids[i]) return false;
    return true;
  }

  rehash() {
    this.table = new Int32Array(this.table.length * 2).fill(-1);
    const mask = this.table.length - 1;
    for (let id = 0; id < this.wordCount; id++) {
      let slot = this.wordHash[id] & mask;
      while (this.table[slot] >= 0) slot = (slot + 1) & mask;
      this.table[slot] = id;
    }
  }

  /**
   * The distinct entry ids of a text's words (first-occurrence order). Entries
   * new to the index are appended to `fresh`. `perNote` gives every note its
   * own entries (the per-note scan of the benchmark); else an entry is a word.
   */
  entriesOf(text, fresh, perNote = false) {
    const ids = [];
    const note = ++this.noteStamp;
    this.scan(text, true, (chars, length) => {
      const wordsBefore = this.wordCount;
      const word = this.intern(chars, length);
      if (this.stamp[word] === note) return;
      this.stamp[word] = note;
      if (perNote) {
        ids.push(this.entryCount++);
        fresh.push(this.pool, this.wordStart[word], length);
        this.entryWord.push(word);
      } else {
        if (word === wordsBefore) {
          this.entryCount++;
          fresh.push(this.pool, this.wordStart[word], length);
          this.entryWord.push(word);
        }
        ids.push(word);
      }
    });
    return ids;
  }

  /** A query as character ids: {chars, lengths} of its terms. */
  queryOf(query) {
    const chars = [];
    const lengths = [];
    this.scan(query, false, (ids, length) => {
      lengths.push(length);
      for (let i = 0; i < length; i++) chars.push(ids[i]);
    });
    return { chars, lengths };
  }
}
