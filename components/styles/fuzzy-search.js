// The styles of <fuzzy-search>: every colour and size a --fuzzy-search-* custom property, every piece a part.
import { labelledField } from './labelled-field.js';

export default `
:host { display: block; font: inherit; color: var(--fuzzy-search-color, inherit); }
:host([hidden]) { display: none; }
${labelledField('fuzzy-search')}
input:disabled { opacity: 0.65; cursor: not-allowed; }
input:focus-visible { outline: 2px solid var(--fuzzy-search-focus-ring, #3b4fc4); outline-offset: 2px; }
.count { margin: 0.25rem 0; font-size: 0.875em; min-block-size: 1lh; }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 2px; }
li { padding: 0.4em 0.6em; border-radius: var(--fuzzy-search-radius, 6px); cursor: pointer; overflow-wrap: anywhere; }
li[aria-selected="true"] {
  background: var(--fuzzy-search-active-background, #3b4fc4); color: var(--fuzzy-search-active-color, #fff);
}
mark { background: var(--fuzzy-search-mark-background, #ffe58a); color: var(--fuzzy-search-mark-color, #1c1c1c); border-radius: 2px; }
[hidden] { display: none !important; }
`;
