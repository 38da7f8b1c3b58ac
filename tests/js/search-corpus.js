// A deterministic notes corpus for the search benchmark and browser tests:
// `count` notes of about `wordsPerNote` words drawn with a Zipf-like skew from
// common English words, generated pronounceable words, and non-ASCII words
// (café, naïve, Straße, Greek, Cyrillic, CJK) with emoji between some words.
// "kubernetes" never occurs. Runs in Node, in pages and in workers.
import { seededRandom } from '../../bench/lib/seeded-random.mjs';

const COMMON = ('the of and to in is it you that he was for on are with as his they be at one have this from or had by ' +
  'word but what some we can out other were all there when up use your how said an each she which do their time if will ' +
  'way about many then them write would like so these her long make thing see him two has look more day could go come did ' +
  'number sound no most people my over know water than call first who may down side been now find project meeting notes ' +
  'garden morning letter quarterly report budget travel recipe kitchen password vault cluster server deploy invoice').split(' ');

const NON_ASCII = ['café', 'naïve', 'Straße', 'Übersetzung', 'crème', 'brûlée', 'façade', 'jalapeño', 'smörgåsbord',
  'λόγος', 'θάλασσα', 'Ελληνικά', 'привет', 'Москва', 'заметка', 'поиск', '東京', '検索', '日本語', '北京', 'İstanbul',
  'Ångström', 'résumé', 'piñata', 'Zürich'];

const EMOJI = ['🙂', '🚀', '📝', '🌙'];
const ONSETS = ['b', 'c', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'z', 'br', 'ch', 'cl', 'dr',
  'gr', 'pl', 'sh', 'st', 'th', 'tr'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'ou'];
const CODAS = ['', '', 'n', 'r', 's', 't', 'l', 'm', 'nd', 'st', 'ck'];

function generatedWords(random, count) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const words = new Set();
  while (words.size < count) {
    let word = '';
    for (let s = 1 + Math.floor(random() * 3); s > 0; s--) word += pick(ONSETS) + pick(VOWELS) + pick(CODAS);
    if (!word.includes('kubern')) words.add(word);
  }
  return [...words];
}

/**
 * @param {{count?: number, wordsPerNote?: number, seed?: number, vocabulary?: number}} [options]
 * @returns {string[]} the notes' texts
 */
export function searchCorpus({ count = 5000, wordsPerNote = 200, seed = 2026, vocabulary = 30000 } = {}) {
  const random = seededRandom(seed);
  const words = [...COMMON, ...NON_ASCII, ...generatedWords(random, vocabulary)];
  // Zipf-like: rank r is drawn with probability ~ 1/(r + 10).
  const cumulative = new Float64Array(words.length);
  let sum = 0;
  for (let r = 0; r < words.length; r++) cumulative[r] = sum += 1 / (r + 10);
  const draw = () => {
    const x = random() * sum;
    let lo = 0, hi = words.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1; else hi = mid;
    }
    return words[lo];
  };
  const notes = [];
  for (let n = 0; n < count; n++) {
    const length = Math.round(wordsPerNote * (0.5 + random()));
    const parts = [];
    for (let w = 0; w < length; w++) {
      let word = draw();
      if (random() < 0.05) word = word[0].toUpperCase() + word.slice(1);
      parts.push(word, random() < 0.01 ? ` ${EMOJI[Math.floor(random() * EMOJI.length)]} ` : random() < 0.1 ? '. ' : ' ');
    }
    notes.push(parts.join('').trim());
  }
  return notes;
}

/** The benchmark's four typing scenarios: each query typed one key at a time. */
export const SEARCH_SCENARIOS = [
  { id: 'absent', label: '"kubernetes" (absent)', query: 'kubernetes' },
  { id: 'two-words-typo', label: 'two words, one typo', query: 'quartely report' },
  { id: 'frequent', label: 'a word in many notes', query: 'project' },
  { id: 'non-ascii', label: 'a non-ASCII word', query: 'Übersetzung' },
];

/** Every prefix of `query`, one more code point each: the keystrokes of typing it. */
export function keystrokes(query) {
  const chars = Array.from(query);
  return chars.map((_, i) => chars.slice(0, i + 1).join(''));
}
