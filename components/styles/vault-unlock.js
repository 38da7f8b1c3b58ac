// The styles of <vault-unlock>: every colour and size a --vault-unlock-* custom property, every piece a part.
import { labelledField } from './labelled-field.js';

export default `
:host { display: block; font: inherit; color: var(--vault-unlock-color, inherit); }
:host([hidden]) { display: none; }
form { display: grid; gap: var(--vault-unlock-gap, 0.5rem); margin: 0; }
${labelledField('vault-unlock')}
input[aria-invalid="true"] { border-color: var(--vault-unlock-error-color, #b3261e); }
button {
  font: inherit; font-weight: 600; padding: 0.55em 1.2em; justify-self: start; cursor: pointer;
  color: var(--vault-unlock-accent-text, #fff); background: var(--vault-unlock-accent, #3b4fc4);
  border: 0; border-radius: var(--vault-unlock-radius, 6px);
}
input:focus-visible, button:focus-visible {
  outline: 2px solid var(--vault-unlock-focus-ring, var(--vault-unlock-accent, #3b4fc4)); outline-offset: 2px;
}
input:disabled, button:disabled { cursor: progress; opacity: 0.7; }
.hint { margin: 0; font-size: 0.875em; }
/* The status and the busy indicator share one line, held at rest too, so the element keeps its height from
   rest through an attempt to its end: what follows it on the page never jumps when Enter is pressed (a page
   whose background follows its height repaints all of it on such a jump: cpp/notes/NOTES.md). */
.activity { display: flex; align-items: center; gap: 0.5rem; min-block-size: 1lh; min-inline-size: 0; }
/* The error shares their cell (no gap above it when empty, and it stays rendered: a live region in the tree):
   an error comes only when nothing runs and the status is empty, so a one-line error ("Wrong password.")
   keeps the height too. */
.messages { display: grid; min-inline-size: 0; }
.messages > * { grid-area: 1 / 1; }
.busy { display: flex; align-items: center; gap: 0.5rem; font-size: 0.875em; min-inline-size: 0; }
progress { flex: 0 1 8em; inline-size: 8em; min-inline-size: 2em; }
/* The ring turns in 12 steps a turn (15 a second), not every frame: an engine that paints without a GPU
   (WebKitGTK under Xvfb) spent a core on the smooth one, and a t=3, 256 MiB check beside it took 2.27 s against
   1.53 s (medians of 5, alternating; no ring 1.63 s). Chromium and Firefox animate it off the main thread either way. */
.spinner {
  inline-size: 1em; block-size: 1em; border-radius: 50%;
  border: 2px solid currentColor; border-inline-end-color: transparent; animation: spin 0.8s steps(12) infinite;
}
@keyframes spin { to { transform: rotate(1turn); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 3s; } }
.status { margin: 0; min-inline-size: 0; }
/* Its lines as tall as the status's, whatever the bold face's own metrics (with line-height: normal, Firefox
   made a bold line a pixel taller). */
.error { margin: 0; color: var(--vault-unlock-error-color, #b3261e); font-weight: 600; line-height: 1lh; }
[hidden] { display: none !important; }
`;
