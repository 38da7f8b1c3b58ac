// The first Intl.NumberFormat a renderer makes loads ICU's locale data, and the
// thread that asks waits: 26-44 ms in Chromium 156 (about:blank, en-US). The
// data belongs to the process, so once a worker has asked, the page's own first
// NumberFormat takes 0.2 ms (measured the same way). <fuzzy-search> formats its
// result count on the main thread (common/number-format.js) as the first
// answer arrives, where that load cost a frame on the first key of every page
// (the search typing test's first typing: one 33 ms gap in each of 4 runs,
// 153 of 220 profile samples of the first answer's task inside it).
// <note-list> asks its notes worker (loadLocaleData) before it says a locked
// list's count: in a fresh page that count's format was 24-33 ms of the 26-36
// ms task that gave a locked list its notes (1.3-2.5 ms once the data is in).
// The search worker loads it as it starts (worker/search.js).

/** Loads the locale data on this worker's thread now; true once it is in (or Intl is missing). */
export function loadLocaleData() {
  try {
    new Intl.NumberFormat().format(0);
  } catch {
    // No Intl: the page formats with what it has.
  }
  return true;
}
