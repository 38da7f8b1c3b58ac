// The labelled text field <vault-unlock> and <fuzzy-search> both show: one look, written once, themed through
// each element's own custom properties (--<element>-field-color, -field-background, -border-color, -radius).

/** The rules of `.field` (a label over its input) for the element `tag`. */
export const labelledField = (tag) => `.field { display: grid; gap: 0.25rem; }
label { font-weight: 600; }
input {
  font: inherit; padding: 0.55em 0.7em; min-width: 0;
  color: var(--${tag}-field-color, FieldText);
  background: var(--${tag}-field-background, Field);
  border: 1px solid var(--${tag}-border-color, #6b6f7b);
  border-radius: var(--${tag}-radius, 6px);
}`;
