// The styles of <procedural-texture>: every colour and size a --procedural-texture-* custom property, every piece a part.
export default `
:host { display: inline-block; inline-size: var(--procedural-texture-size, 256px); vertical-align: top; }
:host([hidden]) { display: none; }
canvas {
  display: block; inline-size: 100%; aspect-ratio: 1; block-size: auto;
  background: var(--procedural-texture-background, #2b2b30);
  border-radius: var(--procedural-texture-radius, 0);
}
.bar { display: flex; align-items: center; gap: 0.5em; min-block-size: 1lh; margin-block-start: 0.25em; font-size: 0.875em; }
progress { inline-size: 5em; accent-color: var(--procedural-texture-progress-color, auto); }
.status { margin: 0; color: var(--procedural-texture-status-color, inherit); }
.status.problem { color: var(--procedural-texture-error-color, #b3261e); }
[hidden] { display: none !important; }
`;
