// The answers to the likely next keys, asked of the search worker ahead
// (issue 11 section 3). On a page that is not cross-origin isolated the
// worker's answer to a key reaches the page only after the frame that paints
// the typed character (Chromium runs every task after a key press after that
// frame), so the rows came a frame late; on an isolated page the answer box
// (common/search-answer-box.js) polls for up to 8 ms and misses under load
// (for=, load 9: 16 of 32 keys in time; 30 of 32 with the guesses). Between
// keys the page asks the worker for the answers to the query followed by
// each likely next character, a few characters per job (a new search waits
// behind at most one such job); when the next key makes one of those
// queries, its answer is taken in the key's own task. The worker computes
// them with the code that answers search(), on the same index; any change to
// the index drops them, so a guessed answer is the answer search() would give.

// The characters guessed after a query: a space (the term is complete) and the lower-case Latin letters.
// Anything else typed (capitals, digits, other scripts) goes to the worker as before.
export const GUESSED_CHARS = ' abcdefghijklmnopqrstuvwxyz';
// Characters per worker job: each costs a search (0.1-1 ms) and, with highlights, their rows (0.3-2 ms); a
// new search waits behind one job at most. Each job also costs the page a post and a reply (0.2-0.5 ms each
// at load 6 in Chromium): 5 a job made six jobs a key.
const CHARS_PER_JOB = 9;
// An answer with more results than this is not kept: a short prefix can match most of the notes.
export const GUESS_LIMIT = 2000;

export class NextKeyGuesses {
  #ask;
  #generation = 0;
  #base;        // {query, highlight} the answers below follow
  #answers = new Map();   // query -> the worker's answer

  /** @param {(args: {query: string, chars: string, highlight: number, limit: number}) => Promise<Array<object|null>>} ask */
  constructor(ask) {
    this.#ask = ask;
  }

  /** The answer to `query` with `highlight` rows, when it was guessed; else undefined. */
  take(query, highlight) {
    if (this.#base?.highlight !== highlight) return undefined;
    const guess = this.#answers.get(query);
    if (!guess?.highlightsJson) return guess;
    const { highlightsJson, ...answer } = guess;
    return { ...answer, highlights: JSON.parse(highlightsJson) };
  }

  /** Drops every guess and stops guessing (the index changed, or a search is on its way to the worker). */
  forget() {
    this.#generation++;
    this.#base = undefined;
    this.#answers.clear();
  }

  /** Starts guessing the keys after `query` (once its own answer is known and nothing newer was asked). */
  async guessAfter(query, highlight) {
    this.forget();
    const generation = this.#generation;
    this.#base = { query, highlight };
    for (let from = 0; from < GUESSED_CHARS.length; from += CHARS_PER_JOB) {
      const chars = GUESSED_CHARS.slice(from, from + CHARS_PER_JOB);
      let answers;
      try {
        answers = await this.#ask({ query, chars, highlight, limit: GUESS_LIMIT });
      } catch {
        return;   // the worker lost the index or was stopped: the next search rebuilds it and guesses again
      }
      if (generation !== this.#generation) return;
      Array.from(chars).forEach((char, i) => { if (answers[i]) this.#answers.set(query + char, answers[i]); });
    }
  }
}
