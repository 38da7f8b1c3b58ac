// User-timing marks of where a job's time goes (worker start, compile,
// instantiate + self-test, each worker call, packing, strings), for
// `npm run bench -- open` and for anyone reading a trace in devtools. Off
// unless the page sets `globalThis.mementoTimeline = true`: every entry stays
// in the page's performance timeline, which a page searching on every
// keystroke would fill for nothing.

const on = () => globalThis.mementoTimeline === true && typeof performance?.measure === 'function';

/** Records `memento:<name>` from `start` (a performance.now() time) to now, or to `end`. */
export function measure(name, start, end = performance.now()) {
  if (on()) performance.measure(`memento:${name}`, { start, end });
}

