// Small wording helpers the popup's views and its session share.

/** "1 note", "3 notes"; `words` for an irregular plural ("passes"). */
export const plural = (n, word, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

/** An idle time for a person: "3 seconds", "5 minutes", "1.5 minutes". */
export function describeIdle(minutes) {
  return minutes < 1 ? plural(Math.round(minutes * 60), 'second') : plural(Math.round(minutes * 100) / 100, 'minute');
}
