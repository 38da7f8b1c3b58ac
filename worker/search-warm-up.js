// After an index is built, the worker types a few words into it in idle time,
// so that the user's first words run on optimized code. A new index's first
// searches run on cold code: V8 starts new wasm and JS in its baseline tiers
// and optimizes a function only once it has run for a while. Chromium 156,
// 5,000 texts, through the API: the slowest key of each word typed right after
// the build took 3-11 ms for about the first dozen words and about 1 ms after;
// with thirty words typed first, the first word's slowest key took 1.4 ms.
// (cpp/search/NOTES.md has the A/B.)
//
// Each key is a task of its own and the warm-up stops at the page's first
// request, so it delays one by one search at most. A search changes nothing
// in an index, so the answers the page gets are the same.

// Absent words (the whole vocabulary scanned at every key, the slowest case)
// and words of many notes (long answers, highlights): the paths a user's typing takes.
const WORDS = ['kubernetes', 'the', 'internationally', 'and', 'zqxjvwkyhb', 'was', 'übersetzung', 'with'];
export const WARM_UP_WORDS = 24;

/** The words the warm-up types, in order (the keystroke benchmark types them too, before it times anything). */
export const warmUpWords = () => Array.from({ length: WARM_UP_WORDS }, (_, i) => WORDS[i % WORDS.length]);

const inTaskOfItsOwn = (run) => setTimeout(run, 0);

/**
 * Types WARM_UP_WORDS words key by key through `search(query)`, one key per task, while `stillIdle()` holds.
 * @param {(query: string) => void} search
 * @param {() => boolean} stillIdle false once the page has asked for anything
 * @param {(run: () => void) => void} [schedule] runs `run` in a later task
 */
export function warmUp(search, stillIdle, schedule = inTaskOfItsOwn) {
  const words = warmUpWords();
  let word = 0;
  let end = 1;
  const next = () => {
    if (!stillIdle() || word >= words.length) return;
    const text = words[word];
    try {
      search(text.slice(0, end));
    } catch {
      return;   // a warm-up that fails only ends: the page's own search will say what is wrong
    }
    if (++end > text.length) {
      word++;
      end = 1;
    }
    schedule(next);
  };
  schedule(next);
}
