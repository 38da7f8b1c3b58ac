// The plan of an open (openNotes(), sendNoteTexts()): which notes each worker
// call takes, and which worker each call goes to.
//
// The first call holds FIRST_CALL_NOTES notes (or `first`, if more), so that
// its answer, and a list's first rows, come back after a sliver of the work;
// each next call holds twice as many notes, up to CALL_BYTES of base64. Calls
// stay small because nothing overlaps the pipeline's two ends: the worker's
// last call and the page's strings of it, and the page's packing of the first
// (800 KiB against 2 MiB: the API's median 0.85x in Chromium,
// cpp/notes/NOTES.md). A first call past CALL_BYTES for `first` notes is cut
// at MAX_CALL_BYTES.
const FIRST_CALL_NOTES = 128;
export const CALL_BYTES = 800 * 1024;
const MAX_CALL_BYTES = 24 * 1024 * 1024;

function sizeOf(note) {
  return (note?.key?.length ?? 0) + (note?.title?.length ?? 0) + (note?.body?.length ?? 0);
}

/** The [from, to) ranges of notes each worker call of an open takes (see FIRST_CALL_NOTES). */
export function callRanges(notes, first = 0) {
  const ranges = [];
  // `first` comes from the caller: anything but a positive number asks for nothing first.
  const firstNotes = first > 0 ? Math.ceil(Math.min(first, notes.length)) : 0;
  let notesPerCall = Math.max(FIRST_CALL_NOTES, firstNotes);
  let from = 0;
  while (from < notes.length) {
    const least = from === 0 ? firstNotes : 1;
    let to = from;
    let bytes = 0;
    while (to < notes.length && to - from < notesPerCall) {
      const size = sizeOf(notes[to]);
      if (to - from >= least ? bytes + size > CALL_BYTES : bytes + size > MAX_CALL_BYTES && to > from) break;
      bytes += size;
      to++;
    }
    ranges.push([from, to]);
    from = to;
    notesPerCall *= 2;
  }
  return ranges;
}

// Up: a job sent now waits for no start.
const isUp = (worker) => worker?.state === 'ready' || worker?.state === 'busy';

/**
 * An open's plan: its call ranges, whether it feeds search ports, and the worker of call k. Calls of an open on
 * the page-wide worker (no `options.worker`, no search feed, whose ports live in the worker of the first call)
 * alternate between it and `helper`, the second page-wide worker, while that one is up: an open never waits for
 * the helper's start.
 * @param {object[]} notes
 * @param {{worker?: object, first?: number, searchPorts?: MessagePort[], textsOnly?: boolean}} options
 * @param {{pageWide: object, helper?: object}} workers
 */
export function planOpen(notes, options, { pageWide, helper }) {
  const feeding = (options.searchPorts ?? []).length > 0 || options.textsOnly === true;
  const onPageWide = !options.worker && !feeding;
  const worker = options.worker ?? pageWide;
  return {
    ranges: callRanges(notes, options.first ?? 0),
    feeding,
    onPageWide,
    workerOf: (k) => (k % 2 === 1 && onPageWide && isUp(helper) ? helper : worker),
  };
}
