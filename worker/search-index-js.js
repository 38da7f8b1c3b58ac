// The word index in plain JS: the fallback when no wasm build passes its
// self-test, and the speed reference for the wasm index. Same design as
// cpp/search/index.cpp: distinct words grouped by length, each with the note
// slots that hold it; Myers' bit-vector distance with Hyyrö's transposition
// term (the OSA distance of docs/specs/search.md, derived in
// cpp/search/myers_step.h) in 32-bit integers for terms of up to 32 code
// points, the OSA table beyond.
import { FreshEntries, MAX_BUDGET, Vocabulary, prefixBudget, termBudget } from '../common/search-text.js';

const NO_MATCH = 255;
const DEAD = 0xffffffff;
const CACHED_TERMS = 8;
const RECORD_BUDGET = MAX_BUDGET;   // what a prefix scan remembers for the next keystroke

// OSA(term, chars[offset .. offset + steps)) of the last distance call: the
// whole word's distance when it read the whole word (the whole-word rank).
let lastScore = 0;

// Myers with the transposition term over one word (chars[offset .. offset +
// steps)); `prefix` gives the minimum over its prefixes, else the distance to
// the whole word. TR = ((~D0' & Eq) << 1) & Eq' joins D0 after the carry, and
// the vertical deltas read D0 itself (cpp/search/myers_step.h says why).
// (eq & pv) + pv may pass 2^31: the following XOR truncates it to 32 bits, as wanted.
function myers(peq, m, chars, offset, steps, prefix) {
  const last = m - 1;
  let pv = -1, mv = 0, d0 = 0, previousEq = 0, score = m, best = m;
  for (let j = 0; j < steps; j++) {
    const eq = peq[chars[offset + j]];
    const tr = ((~d0 & eq) << 1) & previousEq;
    d0 = (((eq & pv) + pv) ^ pv) | eq | mv | tr;
    let ph = mv | ~(d0 | pv);
    let mh = pv & d0;
    score += ((ph >>> last) & 1) - ((mh >>> last) & 1);
    if (score < best) best = score;
    ph = (ph << 1) | 1;
    mh <<= 1;
    pv = mh | ~(d0 | ph);
    mv = ph & d0;
    previousEq = eq;
  }
  lastScore = score;
  return prefix ? best : score;
}

// The OSA table column by column for terms over 32 code points: three
// columns in `rows` (the transposition reads two back).
function dp(term, m, chars, offset, steps, prefix, rows) {
  let before = rows[0], previous = rows[1], column = rows[2];
  for (let i = 0; i <= m; i++) previous[i] = i;
  let best = m;
  for (let j = 1; j <= steps; j++) {
    const c = chars[offset + j - 1];
    const b = j > 1 ? chars[offset + j - 2] : -1;
    column[0] = j;
    for (let i = 1; i <= m; i++) {
      let d = Math.min(previous[i] + 1, column[i - 1] + 1, previous[i - 1] + (term[i - 1] === c ? 0 : 1));
      if (i > 1 && term[i - 1] === b && term[i - 2] === c && before[i - 2] + 1 < d) d = before[i - 2] + 1;
      column[i] = d;
    }
    if (column[m] < best) best = column[m];
    [before, previous, column] = [previous, column, before];
  }
  lastScore = previous[m];
  return prefix ? best : previous[m];
}

class Group {
  constructor(length) {
    this.length = length;
    this.count = 0;
    this.chars = new Uint32Array(Math.max(length, 1) * 16);
    this.ids = new Uint32Array(16);
  }

  push(id, chars) {
    if (this.count === this.ids.length) {
      const ids = new Uint32Array(this.ids.length * 2);
      ids.set(this.ids);
      this.ids = ids;
      const grown = new Uint32Array(this.chars.length * 2);
      grown.set(this.chars);
      this.chars = grown;
    }
    this.chars.set(chars, this.count * this.length);
    this.ids[this.count] = id;
    return this.count++;
  }
}

export class JsSearchIndex {
  /** @param {string[]} texts  @param {{perNote?: boolean}} [options] one entry per (note, word): the per-note scan */
  constructor(texts = [], { perNote = false } = {}) {
    this.perNote = perNote;
    this.vocabulary = new Vocabulary();
    this.groups = [];
    this.entryLength = [];
    this.entryOffset = [];
    this.postings = [];
    this.slotEntries = [];
    this.order = [];
    this.freeSlots = [];
    this.peq = new Int32Array(1);
    this.generation = 1;
    this.cache = [];
    this.cacheNext = 0;
    this.previous = undefined;   // {term, generation, near}: the entries within 2 of the last prefix term
    this.dpRows = [[], [], []];
    this.insert(0, texts);
  }

  get length() {
    return this.order.length;
  }

  /** Inserts notes before `position`. */
  insert(position, texts) {
    const slots = texts.map(() => this.freeSlots.pop() ?? this.slotEntries.push([]) - 1);
    this.order.splice(position, 0, ...slots);
    this.set(position, texts);
  }

  /** Replaces the texts of notes position .. position + texts.length - 1, touching only their words. */
  set(position, texts) {
    const fresh = new FreshEntries();
    const lists = texts.map((text) => this.vocabulary.entriesOf(text, fresh, this.perNote));
    this._addEntries(fresh);
    lists.forEach((entries, i) => {
      const slot = this.order[position + i];
      for (const entry of this.slotEntries[slot]) {
        const list = this.postings[entry];
        const at = list.indexOf(slot);
        list[at] = list[list.length - 1];
        list.pop();
      }
      this.slotEntries[slot] = entries;
      for (const entry of entries) this.postings[entry].push(slot);
    });
    this.generation++;
  }

  remove(position, count = 1) {
    this.set(position, new Array(count).fill(''));
    this.freeSlots.push(...this.order.splice(position, count));
    this.generation++;
  }

  _addEntries(fresh) {
    let maxChar = this.peq.length - 1;
    for (const [chars, length] of fresh.entries()) {
      const group = (this.groups[length] ??= new Group(length));
      this.entryLength.push(length);
      this.entryOffset.push(group.push(this.postings.length, chars));
      this.postings.push([]);
      for (const c of chars) if (c > maxChar) maxChar = c;
    }
    if (maxChar >= this.peq.length) this.peq = new Int32Array(maxChar + 1);
  }

  /** @returns {{indices: Uint32Array, scores: Uint32Array}} */
  search(query) {
    const { chars, lengths } = this.vocabulary.queryOf(query);
    const notes = this.order.length;
    if (lengths.length === 0) {
      return { indices: Uint32Array.from(this.order.keys()), scores: new Uint32Array(notes) };
    }
    // Per slot the score, then (after the last term) its order key: 2 * score,
    // plus 1 when the last term reaches its best distance only through a prefix.
    const total = new Uint32Array(this.slotEntries.length);
    const agreements = new Uint32Array(this.slotEntries.length);
    let offset = 0;
    lengths.forEach((m, t) => {
      const last = t === lengths.length - 1;
      const { best, agreement } = this._termBest(chars.slice(offset, offset + m), last);
      for (let s = 0; s < total.length; s++) {
        const key = best[s];
        if (key === NO_MATCH || total[s] === DEAD) total[s] = DEAD;
        else total[s] = last ? 2 * (total[s] + (key >> 1)) + (key & 1) : total[s] + (key >> 1);
        agreements[s] += agreement[s];
      }
      offset += m;
    });
    // Counting sort by order key (each term adds at most 2 to the score); positions ascend within a key.
    const starts = new Uint32Array(4 * lengths.length + 3);
    for (let p = 0; p < notes; p++) {
      const key = total[this.order[p]];
      if (key !== DEAD) starts[key + 1]++;
    }
    for (let i = 1; i < starts.length; i++) starts[i] += starts[i - 1];
    const matched = starts[starts.length - 1];
    const indices = new Uint32Array(matched);
    const scores = new Uint32Array(matched);
    const bucketStarts = starts.slice();
    for (let p = 0; p < notes; p++) {
      const key = total[this.order[p]];
      if (key === DEAD) continue;
      const at = starts[key]++;
      indices[at] = p;
      scores[at] = key >> 1;
    }
    // Within a key (docs/specs/search.md, Order): more terms agreeing first, then fewer distinct words, then position.
    const rank = (a, b) => {
      const sa = this.order[a], sb = this.order[b];
      return agreements[sb] - agreements[sa] || this.slotEntries[sa].length - this.slotEntries[sb].length || a - b;
    };
    for (let key = 0; key + 1 < bucketStarts.length; key++) {
      const from = bucketStarts[key], to = starts[key];
      if (to - from > 1) indices.subarray(from, to).sort(rank);
    }
    return { indices, scores };
  }

  _termBest(term, prefix) {
    const m = term.length;
    for (const cached of this.cache) {
      if (cached.generation === this.generation && cached.prefix === prefix && sameChars(cached.term, term)) return cached;
    }
    const best = new Uint8Array(this.slotEntries.length).fill(NO_MATCH);
    const agreement = new Uint8Array(this.slotEntries.length);
    const k = prefix ? prefixBudget(m) : termBudget(m);
    // The last term also matches a finished word within the complete-term budget (version 3).
    const wholeK = termBudget(m);
    const scanK = Math.max(k, wholeK);
    const near = [];
    // Short prefixes (budget 0) match exactly and remember nothing: within 2 of them is most of the vocabulary.
    const remember = prefix && k > 0;
    // Within k: the entry's notes take its key, 2 * d, plus 1 for a prefix
    // term when the whole word is not at d (`whole`: the whole word's
    // distance, or Infinity when the call did not read it all). A prefix term
    // beyond its prefix budget still matches its finished word within
    // wholeK, at key 2 * whole. The smallest key per note is its best
    // distance, even when some word reaches it whole; `agreement` is 1 when
    // some word of the note at that distance begins with the term's first
    // character. Within RECORD_BUDGET (a prefix term): remembered for the
    // next keystroke.
    const consider = (entry, d, whole) => {
      if (remember && d <= RECORD_BUDGET) near.push(entry);
      let key;
      if (d <= k) key = 2 * d + (prefix && whole !== d ? 1 : 0);
      else if (prefix && whole <= wholeK) key = 2 * whole;
      else return;
      const distance = key >> 1;
      const length = this.entryLength[entry];
      const agrees = this.groups[length].chars[this.entryOffset[entry] * length] === term[0] ? 1 : 0;
      for (const slot of this.postings[entry]) {
        const held = best[slot] >> 1;
        if (distance < held) agreement[slot] = agrees;
        else if (distance === held) agreement[slot] |= agrees;
        if (key < best[slot]) best[slot] = key;
      }
    };
    const previous = this.previous;
    // A prefix distance never falls as the term grows: every later keystroke's
    // matches are among the entries within the largest budget of this one.
    // Rescanning them pays while they are fewer than half of all entries.
    if (remember && previous && previous.generation === this.generation && previous.term.length <= m
        && sameChars(previous.term, term.slice(0, previous.term.length)) && previous.near.length * 2 < this.postings.length) {
      this._withPeq(term, () => {
        for (const entry of previous.near) {
          const length = this.entryLength[entry];
          const group = this.groups[length];
          const steps = Math.min(length, m + RECORD_BUDGET);
          const d = this._distance(term, group.chars, this.entryOffset[entry] * length, steps, true);
          consider(entry, d, steps === length ? lastScore : Infinity);
        }
      });
    } else {
      this._scan(term, prefix, remember ? RECORD_BUDGET : prefix ? scanK : k, consider);
    }
    if (prefix) this.previous = remember ? { term, generation: this.generation, near } : undefined;
    const answer = { term, prefix, generation: this.generation, best, agreement };
    this.cache[this.cacheNext] = answer;
    this.cacheNext = (this.cacheNext + 1) % CACHED_TERMS;
    return answer;
  }

  // Lengths that can be within k: |L - m| <= k, or for a prefix L >= m - k
  // reading only the first m + k code points (D[m][j] >= j - m).
  _scan(term, prefix, k, consider) {
    const m = term.length;
    const lo = Math.max(1, m - k);
    const hi = prefix ? this.groups.length - 1 : Math.min(this.groups.length - 1, m + k);
    this._withPeq(term, () => {
      for (let length = lo; length <= hi; length++) {
        const group = this.groups[length];
        if (!group) continue;
        const steps = prefix ? Math.min(length, m + k) : length;
        const { chars, ids, count } = group;
        for (let i = 0; i < count; i++) {
          const d = this._distance(term, chars, i * length, steps, prefix);
          // A word cut after m + k code points is more than k from the term whole.
          if (d <= k) consider(ids[i], d, !prefix ? d : steps === length ? lastScore : Infinity);
        }
      }
    });
  }

  _distance(term, chars, offset, steps, prefix) {
    return term.length <= 32
      ? myers(this.peq, term.length, chars, offset, steps, prefix)
      : dp(term, term.length, chars, offset, steps, prefix, this.dpRows);
  }

  _withPeq(term, run) {
    const peq = this.peq;
    // Id 0 (a code point no word holds) matches nothing.
    term.forEach((c, i) => { if (c > 0 && c < peq.length && i < 32) peq[c] |= 1 << i; });
    try {
      run();
    } finally {
      for (const c of term) if (c < peq.length) peq[c] = 0;
    }
  }
}

function sameChars(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
