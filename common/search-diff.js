// The smallest change turning one list of texts into another, as one span:
// the common head and tail stay, the middle is replaced. Adding, editing or
// removing one note is then one update of the index, not a rebuild. Used by
// <fuzzy-search> for its `documents` and by the search worker for texts that
// come straight from a notes worker.

/** @returns {{position: number, removed: number, added: string[]}} */
export function spanDiff(before, after) {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head
    && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { position: head, removed: before.length - head - tail, added: after.slice(head, after.length - tail) };
}

/**
 * Applies spanDiff(before, after) to an index with set / insert / remove
 * (sync or async): replaced texts first, then the extra ones added or removed.
 */
export async function applySpanDiff(index, before, after) {
  const { position, removed, added } = spanDiff(before, after);
  const shared = Math.min(removed, added.length);
  if (shared > 0) await index.set(position, added.slice(0, shared));
  if (added.length > shared) await index.insert(position + shared, added.slice(shared));
  if (removed > shared) await index.remove(position + shared, removed - shared);
}
