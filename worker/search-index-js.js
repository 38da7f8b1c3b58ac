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
    this.wordNotes = [];   // word id -> how many notes hold it (the order's commonness)
    this.wordTurns = new Uint32Array(0);
    this.wordStamp = new Uint32Array(0);
    this.stamp = 0;
    this.slotEntries = [];
    this.order = [];
    this.freeSlots = [];
    this.peq = new Int32Array(1);
    this.generation = 1;
    this.cache = [];
    this.cacheClock = 0;   // counts cache reads and writes, for each entry's `used`
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
      const entryWord = this.vocabulary.entryWord;
      for (const entry of this.slotEntries[slot]) {
        const list = this.postings[entry];
        const at = list.indexOf(slot);
        list[at] = list[list.length - 1];
        list.pop();
        this.wordNotes[entryWord[entry]]--;
      }
      this.slotEntries[slot] = entries;
      for (const entry of entries) {
        this.postings[entry].push(slot);
        this.wordNotes[entryWord[entry]] = (this.wordNotes[entryWord[entry]] ?? 0) + 1;
      }
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
    if (lengths.length === 0) {
      return { indices: Uint32Array.from(this.order.keys()), scores: new Uint32Array(this.order.length) };
    }
    const found = this._answer(chars, lengths);
    if (found.indices.length > 0 || lengths.length < 2) return found;
    // Terms that match no word of any note are dropped when another term
    // matches some word: the answer is that of the query without them (every
    // term's scan is in the cache by now).
    const kept = { chars: [], lengths: [] };
    let offset = 0;
    for (let t = 0; t < lengths.length; t++) {
      const term = chars.slice(offset, offset + lengths[t]);
      offset += lengths[t];
      if (this._termBest(term, t === lengths.length - 1).best.some((key) => key !== NO_MATCH)) {
        kept.chars.push(...term);
        kept.lengths.push(term.length);
      }
    }
    if (kept.lengths.length === 0 || kept.lengths.length === lengths.length) return found;
    // The shorter query's last term neither reads nor replaces the typed last
    // term's near entries: the next keystroke rescans those.
    const previous = this.previous;
    this.previous = undefined;
    const answer = this._answer(kept.chars, kept.lengths);
    this.previous = previous;
    return answer;
  }

  // The answer when every term counts.
  _answer(chars, lengths) {
    // Per slot the score, then (after the last term) its order key: 2 * score,
    // plus 1 when the last term reaches its best distance only through a prefix.
    const total = new Uint32Array(this.slotEntries.length);
    const agreements = new Uint32Array(this.slotEntries.length);
    let representative;
    let offset = 0;
    lengths.forEach((m, t) => {
      const last = t === lengths.length - 1;
      const answer = this._termBest(chars.slice(offset, offset + m), last);
      const { best, agreement } = answer;
      if (last) representative = answer.representative;
      for (let s = 0; s < total.length; s++) {
        const key = best[s];
        if (key === NO_MATCH || total[s] === DEAD) total[s] = DEAD;
        else total[s] = last ? 2 * (total[s] + (key >> 1)) + (key & 1) : total[s] + (key >> 1);
        agreements[s] += agreement[s];
      }
      offset += m;
    });
    return this._order(lengths.length, total, agreements, representative);
  }

  // The order of docs/specs/search.md by counting sorts only (a comparison
  // sort within each key cost 9 ms on a one-letter prefix matching most of
  // 5,000 notes): the matched notes by key (positions ascending), which gives
  // each its turn; then, least significant first, by commonness, by the
  // inner key (tier 0: the turn; beyond: the key and agreement) and by the
  // outer key (tier 0: the key, 0 or 1; beyond: 2 + the turn).
  _order(T, total, agreements, representative) {
    const notes = this.order.length;
    const entryWord = this.vocabulary.entryWord;
    let matched = 0;
    const keyStarts = new Uint32Array(4 * T + 3);
    for (let p = 0; p < notes; p++) {
      const key = total[this.order[p]];
      if (key !== DEAD) { matched++; keyStarts[key + 1]++; }
    }
    for (let i = 1; i < keyStarts.length; i++) keyStarts[i] += keyStarts[i - 1];
    const byKey = new Uint32Array(matched);
    for (let p = 0; p < notes; p++) {
      const key = total[this.order[p]];
      if (key !== DEAD) byKey[keyStarts[key]++] = p;
    }
    // Turns: per tier, per representative word, in (key, position) order.
    const slots = this.slotEntries.length;
    const turn = new Uint32Array(slots);
    const common = new Uint32Array(slots);
    // Per word: its turns so far, valid while its stamp is this tier's.
    if (this.wordTurns.length < this.wordNotes.length) {
      this.wordTurns = new Uint32Array(this.wordNotes.length * 2);
      this.wordStamp = new Uint32Array(this.wordNotes.length * 2);
    }
    const { wordTurns, wordStamp } = this;
    let stamp = ++this.stamp;
    let tier = 0, mostTurns = 0, commonest = 0;
    for (const p of byKey) {
      const slot = this.order[p];
      if (tier === 0 && total[slot] > 1) { tier = 1; stamp = ++this.stamp; }
      const word = entryWord[representative[slot]];
      if (wordStamp[word] !== stamp) { wordStamp[word] = stamp; wordTurns[word] = 0; }
      const t = wordTurns[word]++;
      turn[slot] = t;
      if (t > mostTurns) mostTurns = t;
      common[slot] = this.wordNotes[word];
      if (common[slot] > commonest) commonest = common[slot];
    }
    const inner = (slot) => (total[slot] <= 1 ? turn[slot] : total[slot] * (T + 1) + (T - agreements[slot]));
    const outer = (slot) => (total[slot] <= 1 ? total[slot] : 2 + turn[slot]);
    let list = new Uint32Array(matched);
    let n = 0;
    for (let p = 0; p < notes; p++) if (total[this.order[p]] !== DEAD) list[n++] = p;
    list = this._countingSort(list, (slot) => commonest - common[slot], commonest + 1);
    list = this._countingSort(list, inner, Math.max(mostTurns + 1, (4 * T + 2) * (T + 1)));
    list = this._countingSort(list, outer, mostTurns + 3);
    const scores = new Uint32Array(matched);
    for (let i = 0; i < matched; i++) scores[i] = total[this.order[list[i]]] >> 1;
    return { indices: list, scores };
  }

  // Positions `list` stably sorted by keyOf(slot) in 0 .. range - 1.
  _countingSort(list, keyOf, range) {
    const starts = new Uint32Array(range + 1);
    const keys = new Uint32Array(list.length);
    for (let i = 0; i < list.length; i++) starts[(keys[i] = keyOf(this.order[list[i]])) + 1]++;
    for (let i = 1; i <= range; i++) starts[i] += starts[i - 1];
    const sorted = new Uint32Array(list.length);
    for (let i = 0; i < list.length; i++) sorted[starts[keys[i]]++] = list[i];
    return sorted;
  }

  _termBest(term, prefix) {
    const m = term.length;
    for (const cached of this.cache) {
      if (cached.generation === this.generation && cached.prefix === prefix && sameChars(cached.term, term)) {
        cached.used = ++this.cacheClock;
        return cached;
      }
    }
    const best = new Uint8Array(this.slotEntries.length).fill(NO_MATCH);
    const agreement = new Uint8Array(this.slotEntries.length);
    const representative = prefix ? new Uint32Array(this.slotEntries.length) : undefined;
    const k = prefix ? prefixBudget(m) : termBudget(m);
    // The last term also matches a finished word within the complete-term budget.
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
    // distance; `agreement` is 1 when some word of the note at that key begins
    // with the term's first character. For the last term, `representative`
    // is the note's word at that key that agrees, then is in most notes, then
    // comes first in code point order. Within RECORD_BUDGET (a prefix term):
    // remembered for the next keystroke.
    const consider = (entry, d, whole) => {
      if (remember && d <= RECORD_BUDGET) near.push(entry);
      let key;
      if (d <= k) key = 2 * d + (prefix && whole !== d ? 1 : 0);
      else if (prefix && whole <= wholeK) key = 2 * whole;
      else return;
      const length = this.entryLength[entry];
      const agrees = this.groups[length].chars[this.entryOffset[entry] * length] === term[0] ? 1 : 0;
      for (const slot of this.postings[entry]) {
        if (key < best[slot]) {
          best[slot] = key;
          agreement[slot] = agrees;
          if (prefix) representative[slot] = entry;
        } else if (key === best[slot]) {
          if (prefix && (agrees > agreement[slot] || (agrees === agreement[slot] && this._before(entry, representative[slot])))) {
            representative[slot] = entry;
          }
          agreement[slot] |= agrees;
        }
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
    const answer = { term, prefix, generation: this.generation, best, agreement, representative, used: ++this.cacheClock };
    // The least recently used entry makes room: a complete term read on every
    // keystroke stays while the last term's prefixes come and go.
    let room = this.cache.length;
    if (room === CACHED_TERMS) room = this.cache.reduce((oldest, c, i) => (c.used < this.cache[oldest].used ? i : oldest), 0);
    this.cache[room] = answer;
    return answer;
  }

  // Whether entry a's word comes before entry b's as a representative (both agreeing alike): in more notes, then code point order.
  _before(a, b) {
    const entryWord = this.vocabulary.entryWord;
    const na = this.wordNotes[entryWord[a]], nb = this.wordNotes[entryWord[b]];
    if (na !== nb) return na > nb;
    const la = this.entryLength[a], lb = this.entryLength[b];
    const ca = this.groups[la].chars, cb = this.groups[lb].chars;
    const oa = this.entryOffset[a] * la, ob = this.entryOffset[b] * lb;
    const codePoints = this.vocabulary.codePoints;
    for (let i = 0; i < Math.min(la, lb); i++) {
      const x = codePoints[ca[oa + i]], y = codePoints[cb[ob + i]];
      if (x !== y) return x < y;
    }
    return la < lb;
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
