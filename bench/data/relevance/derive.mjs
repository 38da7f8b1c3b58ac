// Derives this directory's data from its two public sources (README.md says
// where each comes from and under what licence):
//   node bench/data/relevance/derive.mjs <big.txt> <wikipedia.json> <spell-testset1.txt> <spell-testset2.txt>
// Deterministic: the same inputs give byte-identical outputs.
import { readFileSync, writeFileSync } from 'node:fs';
import { seededRandom } from '../../../fixtures/seeded-random.mjs';
import { osaDistance, prefixOsaDistance, referenceWords } from '../../../fixtures/search-reference.js';

const [bigPath, wikipediaPath, ...testsetPaths] = process.argv.slice(2);
if (!bigPath || !wikipediaPath || testsetPaths.length !== 2) {
  throw new Error('usage: derive.mjs <big.txt> <wikipedia.json> <spell-testset1.txt> <spell-testset2.txt>');
}
const here = new URL('.', import.meta.url);
const NOTES = 5000;
const NONSENSE = 200;

// The three Project Gutenberg books of big.txt, each between its START and END lines (no licence text).
const lines = readFileSync(bigPath, 'utf8').split('\n');
const books = [];
let inside = false;
for (const line of lines) {
  if (/^\*\*\* ?START OF TH/.test(line)) { inside = true; books.push([]); continue; }
  if (/^\*\*\* ?END OF TH/.test(line)) { inside = false; continue; }
  if (inside) books.at(-1).push(line);
}
if (books.length !== 3) throw new Error(`expected 3 books in big.txt, found ${books.length}`);
// Paragraphs: runs of non-blank lines joined by spaces; kept when they have 12 or more
// words and are mostly lower case (not headings, tables of contents or figure lists).
const paragraphs = [];
for (const book of books) {
  let current = [];
  for (const line of [...book, '']) {
    const trimmed = line.trim();
    if (trimmed) { current.push(trimmed); continue; }
    if (current.length) paragraphs.push(current.join(' '));
    current = [];
  }
}
const prose = paragraphs.filter((p) => (p.match(/[A-Za-z]+/g) ?? []).length >= 12 && !/gutenberg/i.test(p)
  && (p.match(/[a-z]/g) ?? []).length > 0.6 * (p.match(/[A-Za-z]/g) ?? []).length);
// NOTES of them, evenly spread over the three books in their order.
const notes = Array.from({ length: NOTES }, (_, i) => prose[Math.floor((i * prose.length) / NOTES)]);
writeFileSync(new URL('paragraphs.json', here), `${JSON.stringify(notes, null, 0).replace(/","/g, '",\n"')}\n`);

const vocabulary = new Set(notes.flatMap((text) => referenceWords(text).map((w) => w.join(''))));

// The misspellings, [typed, intended, source]: Wikipedia's list ({typed: [intended, ...]},
// kept when it names one intended word) and Norvig's two test sets (Python dicts,
// 'intended': 'typed typed ...', from the Birkbeck corpus).
const candidates = [];
for (const [typed, intended] of Object.entries(JSON.parse(readFileSync(wikipediaPath, 'utf8')))) {
  if (intended.length === 1) candidates.push([typed, intended[0], 'wikipedia']);
}
for (const path of testsetPaths) {
  for (const [, intended, typed] of readFileSync(path, 'utf8').matchAll(/'([^']*)'\s*:\s*'([^']*)'/g)) {
    for (const one of typed.split(/\s+/).filter(Boolean)) candidates.push([one, intended, 'norvig-birkbeck']);
  }
}
// Kept: intended words of letters only that the paragraphs hold; misspellings of letters
// only that are not themselves a word of the paragraphs (a real-word error, "forth" for
// "fourth", finds the word typed, rightly).
const pairs = [];
for (const [rawTyped, rawIntended, source] of candidates) {
  const typed = rawTyped.toLowerCase(), intended = rawIntended.toLowerCase();
  if (/^[a-z]+$/.test(intended) && vocabulary.has(intended) && /^[a-z]+$/.test(typed) && typed !== intended
    && !vocabulary.has(typed)) pairs.push([typed, intended, source]);
}
const unique = [...new Map(pairs.map((p) => [`${p[0]}\t${p[1]}`, p])).values()]
  .sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
const withDistance = unique.map(([typed, intended, source]) => [typed, intended, osaDistance([...typed], [...intended]), source]);
writeFileSync(new URL('misspellings.tsv', here),
  `typed\tintended\tosa\tsource\n${withDistance.map((row) => row.join('\t')).join('\n')}\n`);

// Nonsense: random lower-case strings of 5 to 9 letters, kept when 3 or more edits from
// every word of the paragraphs and from every prefix of one (prefix distance >= 3).
const random = seededRandom(32);
const words = [...vocabulary].map((w) => [...w]);
const nonsense = [];
while (nonsense.length < NONSENSE) {
  const length = 5 + Math.floor(random() * 5);
  const chars = Array.from({ length }, () => String.fromCharCode(97 + Math.floor(random() * 26)));
  if (words.every((w) => prefixOsaDistance(chars, w) >= 3)) nonsense.push(chars.join(''));
}
writeFileSync(new URL('nonsense.txt', here), `${nonsense.join('\n')}\n`);
console.log(`${notes.length} paragraphs (of ${prose.length}), ${vocabulary.size} distinct words, `
  + `${withDistance.length} misspellings of ${new Set(withDistance.map((p) => p[1])).size} words, ${nonsense.length} nonsense words`);
