// The styles of <note-list>: every colour and size a --note-list-* custom property, every piece a part.
/** A row's height in px: rows are placed absolutely, so the list never lays out thousands of nodes. */
export const ROW_HEIGHT = 56;

export default `
:host { display: block; font: inherit; color: var(--note-list-color, inherit); }
/* The list's place is held while it is empty, locked or opening: nothing below moves when the notes open. */
:host { min-block-size: calc(1lh + 0.4rem + var(--note-list-height, 24rem) + 2px); }
:host([hidden]) { display: none; }
.status { margin: 0 0 0.4rem; min-block-size: 1lh; }
.status.problem { color: var(--note-list-error-color, #b3261e); font-weight: 600; }
.list {
  position: relative; overflow-y: auto; block-size: var(--note-list-height, 24rem);
  border: 1px solid var(--note-list-border-color, #6b6f7b); border-radius: var(--note-list-radius, 6px);
}
.list:focus-visible { outline: 2px solid var(--note-list-focus-ring, #3b4fc4); outline-offset: 2px; }
.spacer { position: relative; inline-size: 100%; }
.row {
  position: absolute; inset-inline: 0; block-size: ${ROW_HEIGHT}px; box-sizing: border-box;
  padding: 0.35rem 0.7rem; overflow: hidden; cursor: pointer; border-block-end: 1px solid rgb(128 128 128 / 0.2);
}
.row[aria-selected="true"] { background: var(--note-list-active-background, #3b4fc4); color: var(--note-list-active-color, #fff); }
.title { display: block; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.snippet { display: block; font-size: 0.875em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; opacity: 0.85; }
mark { background: var(--note-list-mark-background, #ffe58a); color: var(--note-list-mark-color, #1c1c1c); border-radius: 2px; }
.row.damaged .title { color: var(--note-list-error-color, #b3261e); }
.row.damaged[aria-selected="true"] .title { color: inherit; }
[hidden] { display: none !important; }
`;
