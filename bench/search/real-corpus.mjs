// The speed benchmark's corpus: the relevance benchmark's real text
// (bench/data/relevance/README.md: 5,000 paragraphs of three Project
// Gutenberg books), so the two benchmarks' ratios are about the same notes.
// A JSON import: it runs in Node and, bundled, in a browser worker.
import paragraphs from '../data/relevance/paragraphs.json' with { type: 'json' };

/** The first `count` paragraphs (all 5,000 at most). */
export function realCorpus(count) {
  if (count > paragraphs.length) throw new RangeError(`the real-text corpus has ${paragraphs.length} notes, not ${count}`);
  return paragraphs.slice(0, count);
}

/** The typing scenarios on it: each query typed one key at a time. */
export const REAL_SCENARIOS = [
  { id: 'absent', label: '"kubernetes" (absent)', query: 'kubernetes' },
  { id: 'two-words-typo', label: 'two words, one typo', query: 'goverment congress' },
  { id: 'frequent', label: 'a word in many notes', query: 'government' },
  { id: 'non-ascii', label: 'a non-ASCII word (absent)', query: 'Übersetzung' },
];
