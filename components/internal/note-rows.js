// One row of <note-list>: an option with the note's title and the start of its
// body, the words a search matched marked (segments from the search worker),
// or the damage of a note that did not open.

const SNIPPET = 140;   // characters of the body shown

// Segments {text, match} into `parent`: marks for the matches, one text node for each run between them.
function drawSegments(parent, segments) {
  let plain = '';
  for (const { text, match } of segments) {
    if (!match) { plain += text; continue; }
    const mark = document.createElement('mark');
    mark.part = 'mark';
    mark.textContent = text;
    if (plain) parent.append(plain);
    parent.append(mark);
    plain = '';
  }
  if (plain) parent.append(plain);
}

/**
 * The row at `position` of a view of `size` rows.
 * @param {{note: object | undefined, id: string, position: number, size: number, active: boolean, top: number,
 *   highlights?: {title: object[], snippet: object[]}, describe?: Function, words: {opening: string, damaged: string,
 *   untitled: string}}} row
 */
export function noteRow({ note, id, position, size, active, top, highlights, describe, words }) {
  const shown = note ?? { title: words.opening, body: '' };
  const row = document.createElement('div');
  row.className = shown.error ? 'row damaged' : 'row';
  row.part = 'row';
  row.id = id;
  row.role = 'option';
  row.dataset.position = position;
  row.style.top = `${top}px`;
  row.setAttribute('aria-selected', String(active));
  row.setAttribute('aria-setsize', String(size));
  row.setAttribute('aria-posinset', String(position + 1));
  const title = document.createElement('span');
  title.className = 'title';
  title.part = 'title';
  const snippet = document.createElement('span');
  snippet.className = 'snippet';
  snippet.part = 'snippet';
  if (shown.error) {
    row.setAttribute('aria-disabled', 'true');
    title.textContent = words.damaged;
    snippet.textContent = shown.error.message;
  } else if (highlights && !describe) {
    // Drawn from the search worker's segments: the matched words and the snippet around the first match.
    // A page's describeNote decides what its rows show (it may mask a note): then no highlights.
    if (shown.title) drawSegments(title, highlights.title);
    else title.textContent = words.untitled;
    drawSegments(snippet, highlights.snippet);
  } else {
    let described = shown;
    try {
      if (describe && shown.id !== undefined) described = { ...describe(shown) };
    } catch {
      described = shown;
    }
    title.textContent = String(described.title ?? '') || words.untitled;
    snippet.textContent = String(described.snippet ?? described.body ?? '').slice(0, SNIPPET).replace(/\s+/g, ' ');
  }
  row.append(title, snippet);
  return row;
}
