// The relevance benchmark's data (bench/data/relevance/README.md), read once.
import { readFileSync } from 'node:fs';

const here = (file) => new URL(`../data/relevance/${file}`, import.meta.url);
let cached;

/** {notes: string[], misspellings: {typed, intended, osa, source}[], nonsense: string[]} */
export function relevanceData() {
  cached ??= {
    notes: JSON.parse(readFileSync(here('paragraphs.json'), 'utf8')),
    misspellings: readFileSync(here('misspellings.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => {
      const [typed, intended, osa, source] = line.split('\t');
      return { typed, intended, osa: Number(osa), source };
    }),
    nonsense: readFileSync(here('nonsense.txt'), 'utf8').trim().split('\n'),
  };
  return cached;
}
