// The wasm index's own way from text to words (cpp/search/folds.h,
// vocabulary.h, text_index.h; worker/search-build.js) against the JS path
// (common/search-text.js): per code point folds equal whole-text
// normalisation over every code point; indexes built from strings and from a
// notes batch's UTF-8 bytes (ill-formed bytes included) answer exactly as the
// plain-JS index on randomized corpora of accents (composed and not), capital
// sigmas in every form, ligatures, full-width and astral letters, emoji,
// very long words, empty and damaged notes and lone surrogates; and the
// character ids come in the JS vocabulary's first-seen order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { foldCodePoint, foldText, Vocabulary, FreshEntries } from '../../common/search-text.js';
import { FedTexts } from '../../common/text-feed.js';
import { JsSearchIndex } from '../../worker/search-index-js.js';
import { WasmSearchIndex } from '../../worker/search-ops.js';
import { withHeap } from '../../worker/wasm-heap.js';
import { seededRandom } from '../../fixtures/seeded-random.mjs';
import { BUILDS, loadWasm } from './wasm-node.js';

function rng(seed) {
  const next = seededRandom(seed);
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[next.int(list.length)];
  return next;
}

test('a text folds to its code points\' folds back to back, over every code point in random neighbourhoods', () => {
  const r = rng(11);
  const all = [];
  for (let cp = 0; cp < 0x110000; cp++) if (cp < 0xd800 || cp >= 0xe000) all.push(cp);
  for (let i = all.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [all[i], all[j]] = [all[j], all[i]];
  }
  const folds = all.map(foldCodePoint);
  let contextual = 0;
  for (let start = 0; start < all.length; start += 64) {
    const cps = all.slice(start, start + 64);
    const parts = folds.slice(start, start + 64);
    if (parts.some((fold) => fold === null)) {
      contextual++;
      continue;
    }
    assert.deepEqual(foldText(String.fromCodePoint(...cps)), parts.flat(), `code points ${cps.map((c) => c.toString(16))}`);
  }
  // The capital sigma and what decomposes to it (U+03F9, the mathematical sigmas) fold in JS.
  assert.equal(foldCodePoint(0x3a3), null);
  assert.equal(foldCodePoint(0x3f9), null);
  assert.deepEqual(foldCodePoint(0x3c3), [0x3c3]);
  assert.ok(contextual >= 1 && contextual <= 7, `${contextual} chunks with a sigma`);
});

const WORDS = ['café', 'cafe\u0301', 'CAFÉ', 'naïve', 'Straße', 'STRASSE', 'ﬁle', 'ｆｕｌｌ', 'İstanbul', 'ǅemal', 'Kelvin\u212a',
  'ΟΔΟΣ', 'οδος', 'Σίσυφος', 'ΣΊΣΥΦΟΣ', 'ΑΣ', 'Ϲ', '𝚺𝛂', 'λόγος', 'привет', 'ПРИВЕТ', '東京', '한국어', '\ufdfa', '𝔘𝔫𝔦',
  '42', 'x9', 'report', 'reports', 'aab', 'aba', 'Ångström', 'Ａｎｇ', 'ǈ'];
const GLUE = [' ', '  ', '\n', ', ', '-', '🙂', '👩‍👩‍👧', '\ud800', 'x\udc00', '\u0301', '·', '\u200d', '\ufeff', '_', '’'];

function randomWord(r) {
  switch (r.int(12)) {
    case 0: return Array.from({ length: 30 + r.int(60) }, () => r.pick(['a', 'é', 'ß', 'Σ', '東', '𝔘'])).join('');
    case 1: return Array.from({ length: 1 + r.int(8) }, () => String.fromCodePoint(0x80 + r.int(0x3000))).join('');
    default: return r.pick(WORDS);
  }
}

function randomCorpus(r, count) {
  return Array.from({ length: count }, () => {
    if (r.int(10) === 0) return '';
    let text = '';
    for (let w = r.int(30); w > 0; w--) text += randomWord(r) + r.pick(GLUE);
    return text;
  });
}

function randomQueries(r, texts, count) {
  const queries = [];
  for (let i = 0; i < count; i++) {
    const words = texts[r.int(texts.length)].split(/\s+/).filter(Boolean);
    const terms = Array.from({ length: 1 + r.int(2) }, () => (words.length ? r.pick(words) : randomWord(r)));
    let query = terms.join(' ');
    if (r.int(3) === 0) query = query.slice(0, Math.max(1, r.int(query.length)));
    queries.push(query);
  }
  return queries;
}

// The JS vocabulary's alphabet (code point of id 1, 2, ...) after indexing `texts`.
function jsAlphabet(texts) {
  const vocabulary = new Vocabulary();
  const fresh = new FreshEntries();
  for (const text of texts) vocabulary.entriesOf(text, fresh);
  return alphabetOf(vocabulary);
}

// The wasm index's alphabet, as its query side learned it.
function wasmAlphabet(index) {
  return alphabetOf(index.vocabulary);
}

function alphabetOf(vocabulary) {
  const alphabet = [];
  for (let cp = 0; cp < 65536; cp++) if (vocabulary.bmpIds[cp]) alphabet[vocabulary.bmpIds[cp] - 1] = cp;
  for (const [cp, id] of vocabulary.alphabet) alphabet[id - 1] = cp;
  return alphabet;
}

function sameAnswers(a, b, queries, label) {
  for (const query of queries) {
    const x = a.search(query), y = b.search(query);
    assert.deepEqual([Array.from(x.indices), Array.from(x.scores)], [Array.from(y.indices), Array.from(y.scores)],
      `${label}: ${JSON.stringify(query)}`);
  }
}

for (const [variant, simd] of BUILDS) {
  test(`${variant}: an index built from strings in wasm answers as the JS index on random Unicode corpora, ids in first-seen order`, async () => {
    const wasm = await loadWasm('search', simd);
    for (let seed = 1; seed <= 3; seed++) {
      const r = rng(seed);
      const texts = randomCorpus(r, 40 + r.int(80));
      const index = new WasmSearchIndex(wasm, texts);
      const js = new JsSearchIndex(texts);
      assert.deepEqual(wasmAlphabet(index), jsAlphabet(texts), `seed ${seed}: character ids`);
      sameAnswers(index, js, randomQueries(r, texts, 150), `seed ${seed}`);
      // Edits go the same way: a span replaced, notes inserted and removed.
      const edits = randomCorpus(r, 5);
      index.set(1, edits.slice(0, 2));
      js.set(1, edits.slice(0, 2));
      index.insert(0, edits.slice(2));
      js.insert(0, edits.slice(2));
      index.remove(3, 2);
      js.remove(3, 2);
      sameAnswers(index, js, randomQueries(r, texts.concat(edits), 100), `seed ${seed} after edits`);
      index.destroy();
    }
  });

  test(`${variant}: an index built from a notes batch's bytes (ill-formed UTF-8, damaged notes, several parts) answers as the JS index of the decoded texts`, async () => {
    const wasm = await loadWasm('search', simd);
    const encoder = new TextEncoder();
    for (let seed = 1; seed <= 6; seed++) {
      const r = rng(100 + seed);
      const total = 30 + r.int(60);
      const parts = [];
      for (let first = 0; first < total;) {
        const count = Math.min(total - first, 1 + r.int(40));
        const chunks = [];
        let size = 0;
        const fields = new Uint32Array(count * 4);
        const status = new Uint8Array(count);
        const add = (bytes) => {
          chunks.push(bytes);
          size += bytes.length;
        };
        for (let i = 0; i < count; i++) {
          status[i] = r.int(8) === 0 ? 1 : 0;
          for (const f of [0, 2]) {
            const bytes = encoder.encode(randomCorpus(r, 1)[0]);
            // Ill-formed UTF-8: a byte flipped, or a stray lead / continuation byte, now and then.
            for (let k = r.int(4); k > 0 && bytes.length > 0; k--) bytes[r.int(bytes.length)] = r.pick([0x80, 0xbf, 0xc0, 0xe2, 0xed, 0xf4, 0xf5, 0xff, r.int(256)]);
            add(Uint8Array.of(r.int(256)));   // bytes outside every span
            fields[i * 4 + f] = size;
            fields[i * 4 + f + 1] = bytes.length;
            add(bytes);
          }
        }
        const bytes = new Uint8Array(size);
        let at = 0;
        for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.length; }
        parts.push({ first, bytes, fields, status });
        first += count;
      }
      parts.reverse();   // parts may come in any order
      const fed = new FedTexts(total, parts);
      const index = new WasmSearchIndex(wasm);
      index.insertFed(fed);
      const texts = fed.all();
      assert.ok(parts.every((part) => part.bytes.every((b) => b === 0)), 'the bytes are zeroed once decoded');
      const js = new JsSearchIndex(texts);
      assert.deepEqual(wasmAlphabet(index), jsAlphabet(texts), `seed ${seed}: character ids`);
      sameAnswers(index, js, randomQueries(r, texts, 300), `seed ${seed}`);
      index.destroy();
    }
  });

  test(`${variant}: texts longer than the encoding chunk and more notes than fit in one are indexed whole`, async () => {
    const wasm = await loadWasm('search', simd);
    const long = `${'東'.repeat(400_000)} needle ${'é'.repeat(300_000)}x`;
    const texts = ['first', long, ...Array.from({ length: 3000 }, (_, i) => `note ${i} ${'ΟΔΟΣ'.repeat(i % 3)} ü${'z'.repeat(300)}`), 'last'];
    const index = new WasmSearchIndex(wasm, texts);
    const js = new JsSearchIndex(texts);
    sameAnswers(index, js, ['needle', 'first', 'last', 'note 2999', 'οδος', 'ü', 'zzzz', 'éé'], 'long texts');
    assert.deepEqual(Array.from(index.search('needle').indices), [1]);
    index.destroy();
  });

  test(`${variant}: a text span past the bytes given is refused as an internal error, and the index is unchanged`, async () => {
    const wasm = await loadWasm('search', simd);
    const index = new WasmSearchIndex(wasm, ['kept words']);
    withHeap(wasm, (heap) => {
      const bytes = heap.copyIn(new TextEncoder().encode('tampered'));
      const spans = heap.copyIn(Uint32Array.of(4, 0, 5, 0));   // 4 + 5 > 8 bytes
      const out = heap.alloc(4);
      const code = wasm.index_set_texts(index.handle, 0, 1, bytes, 8, spans, false, out);
      assert.equal(code, 131);
      assert.match(wasm.error_message(code), /text reaches past the bytes/);
      assert.equal(wasm.index_find_unknown(index.handle, bytes, 8, spans, 1, out), 131);
    });
    assert.deepEqual(Array.from(index.search('kept').indices), [0]);
    index.destroy();
  });
}
